"""The companion's own dice (issue #33, "Dice: companion"): a game whose dice are the companion's
is rolled for by the table itself, through the house (companion/appliance.py) as the window, the
terminal demo and the service wire it; a game with real dice waits for its roll."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.appliance import Appliance, service_house, words
from companion.config import Config
from companion.dice_roller import SOURCE, CompanionDice, faces_for
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import GameState, Options, Phase, PromptKind
from companion.session import GameSession
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

NIGHTGAUNT = c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")  # type: ignore[attr-defined]


def session(*, digital: bool, journal: Any = None) -> GameSession:
    started = GameSession.start(
        journal or SqliteJournal(":memory:"), "g", new_game(seed=2, options=Options(digital_dice=digital))
    )
    assert isinstance(started, GameSession)
    return started


def to_battle(house: Appliance) -> None:
    """Great Cthulhu attacks Crawling Chaos's Nightgaunt in the South Pacific: the game asks for
    the attacker's dice."""
    table = house.table
    table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    table.submit(c.Place("crawling_chaos", NIGHTGAUNT))
    table.submit(c.BattleAction("great_cthulhu", "South Pacific", "crawling_chaos", 2, 1))
    assert cw(house).prompt.kind is PromptKind.ROLL


def cw(house: Appliance) -> GameState:
    """The Cthulhu Wars game in play."""
    state = house.session.state
    assert isinstance(state, GameState)
    return state


def kind(entry: Entry) -> str:
    """The journaled command's type ("roll", "battle", ...)."""
    return str(json.loads(entry.command)["type"])


@pytest.fixture
def stack() -> Iterator[contextlib.ExitStack[Any]]:
    with contextlib.ExitStack() as opened:
        yield opened


def journaled(house: Appliance, lines: list[str] | None = None) -> list[Entry]:
    """The entries journaled from now on (and, into ``lines``, their events in the log's words)."""
    entries: list[Entry] = []

    def hear(events: Any, state: Any, entry: Entry) -> None:
        entries.append(entry)
        if lines is not None:
            lines.extend(words(events, state))

    house.output(hear)
    return entries


def test_a_game_with_the_companions_dice_reaches_its_next_decision_after_a_battle_unrolled_by_hand(
    stack: contextlib.ExitStack[Any],
) -> None:
    house = Appliance(session(digital=True), stack)
    house.add_companion_dice(random.Random(7))
    lines: list[str] = []
    entries = journaled(house, lines)
    to_battle(house)
    house.table.drain()  # the table's loop: the roll it asked of itself, both sides'
    state = cw(house)
    assert state.prompt.kind is not PromptKind.ROLL
    assert state.prompt.kind in (PromptKind.ASSIGN_KILL, PromptKind.ASSIGN_PAIN, PromptKind.ACTION), state.prompt
    rolls = [entry for entry in entries if kind(entry) == "roll"]
    assert len(rolls) == 2  # the attacker's dice, then the defender's
    for entry in rolls:
        command = json.loads(entry.command)
        assert command["source"] == SOURCE and entry.input.startswith("dice:")
        assert all(1 <= face <= 6 for face in command["values"])
    # The faces rolled are in the log's words (what the screen's log shows).
    faces = " ".join(map(str, json.loads(rolls[0].command)["values"]))
    assert f"Dice (battle, companion): {faces}." in lines, lines


def test_the_faces_come_from_the_random_source_given(stack: contextlib.ExitStack[Any]) -> None:
    house = Appliance(session(digital=True), stack)
    to_battle(house)
    asked = cw(house).prompt.dice
    expected = faces_for(cw(house), random.Random(3))
    assert len(expected) == asked
    house.add_companion_dice(random.Random(3))  # wired while a roll waits: it rolls that one
    entries = journaled(house)
    house.table.drain()
    assert tuple(json.loads(entries[0].command)["values"]) == expected


def test_real_dice_are_never_rolled_by_themselves(stack: contextlib.ExitStack[Any]) -> None:
    house = Appliance(session(digital=False), stack)
    house.add_companion_dice(random.Random(7))
    entries = journaled(house)
    to_battle(house)
    assert house.table.drain() == 0  # nothing asked of the table
    assert cw(house).prompt.kind is PromptKind.ROLL
    assert not [entry for entry in entries if kind(entry) == "roll"]
    house.table.submit(c.Roll((6,) * cw(house).prompt.dice, "screen"))  # the die pad
    assert kind(entries[-1]) == "roll"


def test_a_roll_answered_meanwhile_is_not_rolled_again(stack: contextlib.ExitStack[Any]) -> None:
    """The companion asked the table for the attacker's roll, the die pad answered first: the
    asked roll is dropped (not applied to the defender's roll the game asks next)."""
    house = Appliance(session(digital=True), stack)
    dice = house.add_companion_dice(random.Random(7))
    assert isinstance(dice, CompanionDice)
    entries = journaled(house)
    to_battle(house)
    house.table.submit(c.Roll((6,) * cw(house).prompt.dice, "screen"))  # by hand, before the queue's turn
    house.table.drain()
    rolls = [json.loads(entry.command) for entry in entries if kind(entry) == "roll"]
    assert [roll["source"] for roll in rolls] == ["screen", SOURCE]  # the defender's, rolled once
    assert not [notice for notice in house.table.notices if "roll" in notice.text.lower()]  # none refused


def test_a_linked_tower_rolls_instead(stack: contextlib.ExitStack[Any]) -> None:
    house = Appliance(session(digital=True), stack)
    house.add_companion_dice(random.Random(7))
    house.link = object()  # a tower is linked (add_companion_dice's stand-by reads it)
    to_battle(house)
    assert house.table.drain() == 0
    assert cw(house).prompt.kind is PromptKind.ROLL


def test_the_service_and_the_demo_wire_it(stack: contextlib.ExitStack[Any]) -> None:
    journal = SqliteJournal(":memory:")
    session(digital=True, journal=journal)
    service = service_house(stack, journal, Config(), "g")
    assert service.dice is not None and service.dice.hear in service.session.listeners
    from companion.demo import demo_setup
    from companion.demo_run import run_headless

    out = io.StringIO()
    final = run_headless(SqliteJournal(":memory:"), "d", demo_setup(3, "earth-3p", 3), out)  # the terminal's demo
    assert final.phase is Phase.GAME_OVER
    assert ", companion): " in out.getvalue()  # its rolls were the companion's ("Dice (battle, companion): 6 2.")
    assert ", generator): " not in out.getvalue()  # none by the players' "Roll for me"


def test_the_terminal_demo_rolls_the_same_with_a_person_at_it() -> None:
    """With a person at the terminal (paced, phones served) the demo's house is the same: the
    companion rolls, seeded, so one seed plays one game either way."""
    from companion.config import WebSettings
    from companion.demo import demo_setup
    from companion.demo_run import run_headless

    alone, watched = io.StringIO(), io.StringIO()
    first = run_headless(SqliteJournal(":memory:"), "d", demo_setup(3, "earth-3p", 3), alone)
    second = run_headless(
        SqliteJournal(":memory:"),
        "d",
        demo_setup(3, "earth-3p", 3),
        watched,
        person=True,
        pace=0.0,
        web=WebSettings(enabled=False),
        stdin=io.StringIO("\n"),
    )
    assert ", companion): " in watched.getvalue() and ", generator): " not in watched.getvalue()
    assert [p.doom for p in second.players] == [p.doom for p in first.players]


def test_a_game_opened_at_a_roll_is_rolled(stack: contextlib.ExitStack[Any]) -> None:
    """Another game opened on the table (resumed at a roll): the companion rolls it."""
    journal = SqliteJournal(":memory:")
    house = Appliance(session(digital=False, journal=journal), stack)
    house.add_companion_dice(random.Random(7))
    other = GameSession.start(journal, "other", new_game(seed=4))
    assert isinstance(other, GameSession)
    resumed = Appliance(other, contextlib.ExitStack())
    to_battle(resumed)
    house.table.open(lambda: GameSession.resume(journal, "other"))
    assert house.session.name == "other" and cw(house).prompt.kind is PromptKind.ROLL
    house.table.drain()
    assert cw(house).prompt.kind is not PromptKind.ROLL
