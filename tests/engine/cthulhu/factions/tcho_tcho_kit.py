"""Tcho-Tcho's games and owed requirements, shared by its tests and the battles' and High Priests' tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import State
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Faction, Options, PromptKind
from tests.engine.cthulhu.factions.common import TT
from tests.helpers import clear_board, run, set_board, started


def tt_game(tribe: str = "Tsang", options: Options | None = None, **areas: Any) -> State:
    """Earth (3 players), Tcho-Tcho first, the abilities on and the tribe asked (a new game's
    options); ``tribe`` chosen when asked at the start; the board cleared, then ``areas`` set."""
    state = started(
        "earth-3p",
        (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS),
        options=options or Options(abilities=True, tribes=True),
    )
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == "Tribe"
    state = run(state, UseAbility(TT, tribe))
    return set_board(clear_board(state), **areas)


def owing(state: State, *requirements: str) -> State:
    """``requirements`` of Tcho-Tcho met, so that the next command's end asks for a Spellbook."""
    return replace(state, abilities=replace(state.abilities, met=tuple((TT, r) for r in requirements)))
