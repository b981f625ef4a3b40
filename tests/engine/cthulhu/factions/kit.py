"""A four-faction game (the core box) with the referee playing the abilities, and a board set by
hand, for the ability tests: each test then drives the ability through commands."""

from __future__ import annotations

from typing import Any

from companion.engine import State
from companion.engine.cthulhu.flow import ACTION_CHOICES
from companion.engine.cthulhu.model import Faction, Options, Prompt, PromptKind
from companion.engine.values import evolve
from tests.helpers import clear_board, set_board, set_players, started

GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
CORE4 = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.YELLOW_SIGN)
A, M, G = "cultist", "monster", "goo"


def game(**areas: dict[str, Any]) -> State:
    """Earth (4 players), the core four, the abilities on; the board cleared, then ``areas`` set
    (see tests.helpers.set_board); Great Cthulhu's action."""
    state = started("earth-4p-53", CORE4, options=Options(abilities=True))
    return set_board(clear_board(state), **areas)


def turn(state: State, pid: str, power: int = 10, books: tuple[str, ...] = (), **fields: Any) -> State:
    """``pid`` to act with ``power`` and ``books`` held (padded with unnamed books up to the
    requirements already met, so that no Spellbook is owed)."""
    owed = sum(1 for who, _ in state.abilities.met if who == pid) - len(books)
    books = (*books, *("",) * max(0, owed))
    state = set_players(state, **{pid: {"power": power, "spellbooks": books, **fields}})
    seat = state.seat(pid)
    assert seat is not None
    prompt = Prompt(PromptKind.ACTION, pid, f"{pid}: take an action.", ACTION_CHOICES)
    return evolve(state, turn=seat, prompt=prompt)


def units(state: State, area: str, owner: str, name: str) -> int:
    index = state.board.area_index(area)
    assert index is not None
    return state.areas[index].count(owner=owner, name=name)


def met(state: State, pid: str) -> tuple[str, ...]:
    return tuple(name for who, name in state.abilities.met if who == pid)


def names(events: tuple[Any, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def already(state: State, pid: str, *requirements: str) -> State:
    """``requirements`` of ``pid`` met before the test (a Great Old One placed by hand was
    awakened once), so no Spellbook choice interrupts what the test drives."""
    met_now = state.abilities.met + tuple((pid, r) for r in requirements)
    return evolve(state, abilities=evolve(state.abilities, met=met_now))


SL, WW, OW, AN = "sleeper", "windwalker", "opener_of_the_way", "ancients"
SIX = (
    Faction.GREAT_CTHULHU,
    Faction.SLEEPER,
    Faction.WINDWALKER,
    Faction.OPENER_OF_THE_WAY,
    Faction.ANCIENTS,
    Faction.YELLOW_SIGN,
)


def game6(**areas: dict[str, Any]) -> State:
    """Earth (6 players) with Sleeper, Windwalker (started in the Arctic Ocean), Opener of the
    Way and the Ancients beside Great Cthulhu and Yellow Sign; the abilities on; the board cleared,
    then ``areas`` set."""
    state = started("earth-6p", SIX, options=Options(abilities=True))
    return set_board(clear_board(state), **areas)
