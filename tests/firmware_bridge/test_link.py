"""The serial link against the simulated tower over a real pseudo-terminal.

Every wait is on an Event or a queue with a timeout; nothing sleeps and hopes.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_bridge.link import LinkState, LinkStatus, TowerLink
from firmware_bridge.protocol import Ack, AckStatus, Frame, Heartbeat, Hello, Request, RollFrame
from firmware_bridge.sim import SimTower

TIMEOUT = 5.0


@pytest.fixture
def tower(tmp_path: Path) -> Iterator[SimTower]:
    with SimTower(seed=3, link=tmp_path / "dicetower", auto_roll=True) as sim:
        yield sim


class Collector:
    def __init__(self) -> None:
        self.frames: queue.Queue[Frame] = queue.Queue()
        self.statuses: list[LinkStatus] = []
        self.linked = threading.Event()
        self.lost = threading.Event()
        self.outdated = threading.Event()
        self.hello = threading.Event()

    def frame(self, frame: Frame) -> None:
        self.frames.put(frame)

    def status(self, status: LinkStatus) -> None:
        self.statuses.append(status)
        if status.state is LinkState.LINKED:
            self.linked.set()
        if status.state is LinkState.DISCONNECTED:
            self.lost.set()
        if status.state is LinkState.OUTDATED:
            self.outdated.set()
        if status.firmware:
            self.hello.set()

    def next_of(self, kind: type, timeout: float = TIMEOUT) -> Frame:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.frames.get(timeout=max(0.01, deadline - time.monotonic()))
            if isinstance(frame, kind):
                return frame


def test_the_link_hears_the_tower_and_the_tower_hears_the_link(tower: SimTower) -> None:
    seen = Collector()
    with TowerLink(tower.path, seen.frame, seen.status):
        assert seen.linked.wait(TIMEOUT)
        tower.roll((3, 5))
        roll = seen.next_of(RollFrame)
        assert isinstance(roll, RollFrame) and roll.values == (3, 5) and roll.boot == tower.boot


def test_an_unacknowledged_roll_is_repeated_until_acknowledged(tower: SimTower) -> None:
    seen = Collector()
    with TowerLink(tower.path, seen.frame, seen.status) as link:
        assert seen.linked.wait(TIMEOUT)
        tower.roll((6,))
        first = seen.next_of(RollFrame)
        again = seen.next_of(RollFrame)  # no acknowledgement yet: the tower repeats
        assert first == again
        assert link.send(Ack(first.sequence, AckStatus.OK))  # type: ignore[union-attr]
        assert tower.acked.wait(TIMEOUT)
        assert tower.unacked is None


def test_a_request_makes_the_tower_roll_that_many_dice(tower: SimTower) -> None:
    seen = Collector()
    with TowerLink(tower.path, seen.frame, seen.status) as link:
        assert seen.linked.wait(TIMEOUT)
        link.send(Request(3, "d6"))
        roll = seen.next_of(RollFrame)
        assert isinstance(roll, RollFrame) and len(roll.values) == 3


def test_unplugged_and_plugged_back_it_reconnects_within_a_second(tower: SimTower) -> None:
    seen = Collector()
    with TowerLink(tower.path, seen.frame, seen.status):
        assert seen.linked.wait(TIMEOUT)
        seen.linked.clear()
        tower.unplug()
        assert seen.lost.wait(TIMEOUT)
        replugged = time.monotonic()
        tower.plug()
        assert seen.linked.wait(TIMEOUT)
        assert time.monotonic() - replugged < 1.0
        # Frames flow again (the hello sent at power-up is flushed when the port opens, as a
        # real tower's would be; the heartbeat comes every second).
        assert isinstance(seen.next_of(Heartbeat), Heartbeat)
        assert any(s.state is LinkState.DISCONNECTED and s.last_error for s in seen.statuses)


def test_a_missing_port_is_retried_and_reported(tmp_path: Path) -> None:
    seen = Collector()
    with TowerLink(str(tmp_path / "nothing-here"), seen.frame, seen.status) as link:
        assert seen.lost.wait(TIMEOUT)
        lost = next(s for s in seen.statuses if s.state is LinkState.DISCONNECTED)
        assert "nothing-here" in lost.last_error
    final = link.status
    assert final.state is LinkState.CLOSED


def test_loop_url_works_for_tests_without_a_device() -> None:
    seen = Collector()
    with TowerLink("loop://", seen.frame, seen.status) as link:
        assert seen.linked.wait(TIMEOUT)
        link.send(RollFrame("AB", 1, "d6", (2,)))  # loop:// echoes what is written
        assert seen.next_of(RollFrame) == RollFrame("AB", 1, "d6", (2,))


def test_on_opening_the_port_the_link_asks_for_the_hello_and_keeps_firmware_and_protocol(tower: SimTower) -> None:
    seen = Collector()
    with TowerLink(tower.path, seen.frame, seen.status) as link:
        # The power-up hello was sent before the port opened (and is flushed by opening it):
        # the link's query brings it again.
        assert seen.hello.wait(TIMEOUT)
        assert seen.next_of(Hello) == Hello(2, "sim-2.0", tower.boot, ("d6", "deg"))
        assert (link.status.firmware, link.status.protocol, link.status.state) == ("sim-2.0", 2, LinkState.LINKED)


def test_an_old_tower_is_told_to_update_and_none_of_its_rolls_gets_through(tmp_path: Path) -> None:
    seen = Collector()
    with SimTower(seed=4, link=tmp_path / "old", protocol=1) as old, TowerLink(old.path, seen.frame, seen.status) as link:
        assert seen.linked.wait(TIMEOUT)
        old.roll((6, 6, 6))  # repeated every half second: it never hears our protocol 2 answer
        assert seen.outdated.wait(TIMEOUT)
        status = link.status
        assert status.state is LinkState.OUTDATED and status.state.value == "firmware too old"
        assert "speaks protocol 1; this companion needs protocol 2" in status.last_error
        assert "Update the tower: copy firmware_bridge/firmware/" in status.last_error
        assert status.bad_frames >= 1 and link.stale is False
        # What the table's owner reads on the settings screen:
        from companion.ui.other_scenes import SettingsScene
        from companion.ui.scene import View

        words = [w for w, _ in SettingsScene.status_lines(View(state=None, names={}, link=status))]
        assert f"Dice tower: firmware too old on {old.path}" in words
        assert any(w.startswith("  last error: The tower's firmware") and "speaks protocol 1" in w for w in words)
        assert link.send(Ack(1, AckStatus.OK))  # written, but an old tower cannot read it
        old.roll((1,))
        deadline = time.monotonic() + 1.5  # three of its repeats
        while time.monotonic() < deadline:
            with pytest.raises(queue.Empty):
                seen.frames.get(timeout=max(0.01, deadline - time.monotonic()))
        assert old.unacked is not None and not old.acks
