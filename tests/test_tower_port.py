"""The tower's port against the simulated tower on a real pseudo-terminal: a tower that reboots
mid-roll is asked again, and a tower restarted with the same seed is a new tower.

Every wait is bounded: the table's own loop is stepped until a condition holds or a deadline passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Table
from companion.tower_port import TowerPort
from firmware_bridge.link import LinkState, TowerLink
from firmware_bridge.protocol import Ack, AckStatus, Request
from firmware_bridge.sim import SimTower
from tests.helpers import new_game

GC, CC = "great_cthulhu", "crawling_chaos"
TIMEOUT = 5.0


def at_battle_roll(journal: SqliteJournal) -> Table[GameSession]:
    """A table waiting for the attacker's roll of two dice (then the defender's one)."""
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    table = Table(session, tower=TowerPort())
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, 2, 1),
    ):
        assert table.submit(command)
    return table


def step_until(table: Table[GameSession], condition: Callable[[], bool], deadline: float) -> bool:
    """Let the table handle inputs until ``condition()`` holds (True) or ``deadline`` passes (False)."""
    while not condition():
        if time.monotonic() > deadline:
            return False
        table.step(timeout=0.05)
    return True


def tower_refs(table: Table[GameSession]) -> list[str]:
    return [e.input for e in table.session.journal.entries("g") if e.input.startswith("tower:")]


def test_a_tower_that_reboots_mid_roll_is_asked_again_after_the_link_returns_and_the_roll_lands(tmp_path: Path) -> None:
    table = at_battle_roll(SqliteJournal(":memory:"))
    with SimTower(seed=1, link=tmp_path / "tower", auto_roll=False, reboots=True) as tower:
        link = TowerLink(tower.path, table.tower_frame)
        table.tower.send = link.send
        with link:
            deadline = time.monotonic() + TIMEOUT
            assert step_until(table, lambda: tower.request == Request(2, "d6"), deadline)  # "roll 2 dice" is lit
            first_boot = tower.boot
            tower.unplug()  # a Pico powered over USB: the cable out is a reboot
            assert step_until(table, lambda: link.status.state is not LinkState.LINKED, deadline)
            assert tower.request is None and tower.boot != first_boot  # it forgot what it was asked
            tower.auto_roll = True  # the players throw the dice once the light is on again
            tower.plug()
            assert step_until(table, lambda: table.session.state.prompt.dice == 1, deadline), (
                "the rebooted tower was never asked again for the two dice"
            )
            assert step_until(table, lambda: Ack(1, AckStatus.OK) in tower.acks, deadline)
            second_boot = tower.boot  # (closing the simulator is one more reboot)
    assert tower_refs(table)[0] == f"tower:{second_boot}:1"  # the rebooted tower's first roll


def test_a_tower_that_keeps_its_request_across_a_replug_rolls_once(tmp_path: Path) -> None:
    """The request sent again after a replug of a tower that did not reboot rolls nothing twice."""
    table = at_battle_roll(SqliteJournal(":memory:"))
    with SimTower(seed=2, link=tmp_path / "tower", auto_roll=False) as tower:
        link = TowerLink(tower.path, table.tower_frame)
        table.tower.send = link.send
        with link:
            deadline = time.monotonic() + TIMEOUT
            assert step_until(table, lambda: tower.request == Request(2, "d6"), deadline)
            tower.roll((3, 4))  # thrown, then the cable is pulled before the answer
            tower.unplug()
            assert step_until(table, lambda: link.status.state is not LinkState.LINKED, deadline)
            tower.auto_roll = True
            tower.plug()
            assert step_until(table, lambda: len(tower_refs(table)) == 2, deadline)  # then the defender's die
            assert step_until(table, lambda: tower.unacked is None, deadline)
    assert tower_refs(table) == [f"tower:{tower.boot}:1", f"tower:{tower.boot}:2"]
    # Roll 1's answer (OK, or DUP for a repeat) may be lost with the cable; the request sent again
    # after the replug rolled nothing more: no roll 3, nothing ignored.
    assert {a.sequence for a in tower.acks} in ({2}, {1, 2}) and AckStatus.IGNORED not in {a.status for a in tower.acks}


def test_a_simulator_restarted_with_the_same_seed_is_a_new_tower_whose_rolls_are_applied(tmp_path: Path) -> None:
    journal = SqliteJournal(str(tmp_path / "j.sqlite3"))
    table = at_battle_roll(journal)
    boots = []
    for turn, values in enumerate(((6, 5), (2,))):
        with (
            SimTower(seed=0, link=tmp_path / "tower", auto_roll=False) as tower,
            TowerLink(tower.path, table.tower_frame) as link,
        ):
            boots.append(tower.boot)
            table.tower.send = link.send
            deadline = time.monotonic() + TIMEOUT
            assert step_until(table, lambda: link.status.state is LinkState.LINKED, deadline)
            tower.roll(values)
            assert step_until(table, lambda: bool(tower.acks), deadline)
            assert tower.acks == [Ack(1, AckStatus.OK)], f"restart {turn}: {tower.acks}"
        table.tower.opened(table.session)  # as a restarted table remembers the journal's rolls
    assert boots[0] != boots[1]
    assert tower_refs(table) == [f"tower:{boots[0]}:1", f"tower:{boots[1]}:1"]
