"""Battles set up between two factions, shared by the tests of the battles and captures offered."""

from __future__ import annotations

import random
from typing import Any

from companion.engine import State, apply
from companion.engine.core import Accepted
from companion.engine.cthulhu.factions import RULES, tcho_tcho
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Faction, Options, PromptKind, UnitKind
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, set_board, started

AREA, WHERE = "North_Pacific", "North Pacific"


FACTIONS = tuple(RULES)


NEUTRALS = (("Ghast", UnitKind.MONSTER), ("Gug", UnitKind.MONSTER), ("Shantak", UnitKind.MONSTER))


def army(rnd: random.Random, faction: Faction, pid: str) -> list[tuple[str, str, str, int]]:
    """Some of the faction's units; half the time only its cultists and neutral monsters (the
    sides that have no combat of their own, or only through an ability); never empty."""
    weak = rnd.random() < 0.5
    units = []
    for unit in RULES[faction].units:
        if weak and unit.kind is not UnitKind.CULTIST:
            continue
        most = 1 if unit.kind in (UnitKind.GOO, UnitKind.IGOO) else min(unit.pool, 2)
        n = rnd.randint(0, most)
        if n:
            units.append((pid, unit.kind.value, unit.name, n))
    for name, kind in NEUTRALS:
        if rnd.random() < 0.4:
            units.append((pid, kind.value, name, rnd.randint(1, 2)))
    return units or [(pid, UnitKind.CULTIST.value, "Acolyte", 1)]


def set_up(seed: int, first: Faction, second: Faction) -> State:
    """``first`` to act with 10 Power and random Spellbooks, beside ``second`` in the North Pacific."""
    rnd = random.Random(seed)
    third = next(f for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT) if f not in (first, second))
    state = started("earth-3p", (first, second, third), seed=seed, options=Options(abilities=True, tribes=True))
    while state.prompt.kind is PromptKind.ABILITY:  # set-up questions (Tcho-Tcho's tribe: often Sarkomand's)
        choices = state.prompt.choices
        state = apply_ok(
            state,
            UseAbility(state.prompt.actor, "Sarkomand" if "Sarkomand" in choices and rnd.random() < 0.6 else rnd.choice(choices)),
        )
    a, d = first.value, second.value
    state = set_board(clear_board(state), **{AREA: {"units": army(rnd, first, a) + army(rnd, second, d)}})
    for pid, faction in ((d, second), (a, first)):  # the attacker's turn last
        books = library(state, faction)
        state = turn(state, pid, power=10, books=tuple(rnd.sample(books, rnd.randint(0, len(books)))))
    return state


def apply_ok(state: State, command: Any) -> State:
    result = apply(state, command)
    assert isinstance(result, Accepted), result
    return result.state


def library(state: State, faction: Faction) -> tuple[str, ...]:
    if faction is Faction.TCHO_TCHO:  # its tribe's
        return tcho_tcho.library(state)
    return RULES[faction].spellbooks
