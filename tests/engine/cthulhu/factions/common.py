"""Shared set-ups for the faction tests: a game on earth-3p with the faction acting first and
an empty board, and the referee's combat for one side."""

from __future__ import annotations

from typing import Any

from companion.engine import State
from companion.engine.cthulhu.battle import computed_dice
from companion.engine.cthulhu.model import Faction
from tests.helpers import clear_board, set_board, set_players, started

GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
SL, WW, OW, AN = "sleeper", "windwalker", "opener_of_the_way", "ancients"
BB, TT = "bubastis", "tcho_tcho"


def game(first: Faction, *others: Faction, **areas: dict[str, Any]) -> State:
    """A game whose first player is ``first`` (seat 0, Great Cthulhu not among ``others``, or
    Great Cthulhu itself), every player with 20 Power, the board as ``areas`` say."""
    rest = others or tuple(f for f in (Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.YELLOW_SIGN) if f is not first)[:2]
    state = clear_board(started(factions=(first, *rest)))
    state = set_players(state, **{p.pid: {"power": 20} for p in state.players})
    assert state.prompt.actor == first.value
    return set_board(state, **areas)


def dice(state: State, area: str, pid: str, enemy: str, attacking: bool = True) -> int | None:
    index = state.board.area_index(area)
    assert index is not None
    return computed_dice(state, index, pid, enemy, attacking)


def count(state: State, area: str, owner: str, name: str) -> int:
    index = state.board.area_index(area)
    assert index is not None
    return state.areas[index].count(owner=owner, name=name)
