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
    assert [first.roll(count=3).values for _ in range(7)] == [second.roll(count=3).values for _ in range(7)]


def test_the_dice_do_not_depend_on_how_often_frames_were_sent() -> None:
    """A frame is sent again until acknowledged (how often: the machine's timing) and each send
    draws for its faults: a seeded demo's dice must not follow (they did: the `--tower` terminal
    demo differed run to run from its first battle)."""
    quiet, busy = SimTower(seed=5), SimTower(seed=5)
    for _ in range(9):
        busy.hello()  # frames sent (nowhere: not started), as resends are
    assert [busy.roll(count=2).values for _ in range(10)] == [quiet.roll(count=2).values for _ in range(10)]


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
