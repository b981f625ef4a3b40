"""The simulated tower's boot id: new at every start, whatever the seed (the seed is the dice's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from firmware_bridge.sim import SimTower

BOOT = re.compile(r"\(boot ([0-9A-F]{8})\)")


def test_two_simulators_with_the_same_seed_have_different_boot_ids_and_the_same_dice(tmp_path: Path) -> None:
    first, second = SimTower(seed=0), SimTower(seed=0)
    assert first.boot != second.boot
    assert [first._rng.randint(1, 6) for _ in range(20)] == [second._rng.randint(1, 6) for _ in range(20)]


def test_companion_tower_sim_restarted_with_the_same_seed_is_a_new_boot(tmp_path: Path) -> None:
    boots = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "tower-sim", "--seed", "0"],
            stdin=subprocess.DEVNULL,  # stdin at its end: the simulator stops at once
            capture_output=True,
            text=True,
            timeout=60,
        )
        found = BOOT.search(done.stdout)
        assert done.returncode == 0 and found, done.stdout + done.stderr
        boots.append(found.group(1))
    assert boots[0] != boots[1]


def test_a_rebooting_simulator_forgets_its_request_and_roll_and_starts_a_new_boot() -> None:
    with SimTower(seed=1, auto_roll=False, reboots=True) as tower:
        before = tower.boot
        tower.roll((5,))
        tower.unplug()
        assert (tower.unacked, tower.request, tower.sequence) == (None, None, 0) and tower.boot != before
        tower.plug()
        assert tower.roll((2,)).sequence == 1
