"""The legal list offers every capture the referee takes and no capture it refuses: one per
cultist name of each enemy in an area (the victim chooses which it gives up, factions.md
section 0), named as the capture command names it (``unit``).

Checked on chosen cases and over seeded set-ups of every pair of factions the referee plays
(random units, neutral monsters, Spellbooks, Power from 0 up), as test_battles_offered.py does
for battles: a Great Old One's protection, a monster's, Ferox, Brainless, the captor's Power.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine import State, apply, legal_commands
from companion.engine.core import Accepted
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options
from tests.engine.cthulhu.battle_setups import AREA, FACTIONS, WHERE, set_up
from tests.engine.cthulhu.factions.common import CC, GC
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, set_board, set_players, started


def offered(state: State) -> set[c.Capture]:
    return {cmd for cmd in legal_commands(state) if isinstance(cmd, c.Capture)}


def takes(state: State, cmd: Any) -> bool:
    return isinstance(apply(state, cmd), Accepted)


def game(units: list[Any], power: int = 5) -> State:
    state = started(
        "earth-3p", (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT), options=Options(abilities=True)
    )
    return turn(set_board(clear_board(state), **{AREA: {"units": units}}), GC, power=power)


def test_a_monster_beside_two_kinds_of_enemy_cultist_is_offered_each() -> None:
    state = game([(GC, "monster", "Deep One", 1), (CC, "cultist", "Acolyte", 2), (CC, "cultist", "High Priest", 1)])
    assert offered(state) == {c.Capture(GC, WHERE, CC, unit="Acolyte"), c.Capture(GC, WHERE, CC, unit="High Priest")}
    assert all(takes(state, cmd) for cmd in offered(state))


def test_no_capture_is_offered_without_power_a_captor_or_past_a_protector() -> None:
    victim = (CC, "cultist", "Acolyte", 1)
    assert not offered(game([(GC, "monster", "Deep One", 1), victim], power=0))
    assert not offered(game([(GC, "cultist", "Acolyte", 1), victim]))
    assert not offered(game([(GC, "monster", "Deep One", 1), victim, (CC, "monster", "Nightgaunt", 1)]))
    # a Great Old One captures past a monster, never past a Great Old One
    assert offered(game([(GC, "goo", "Cthulhu", 1), victim, (CC, "monster", "Nightgaunt", 1)]))
    assert not offered(game([(GC, "goo", "Cthulhu", 1), victim, (CC, "goo", "Nyarlathotep", 1)]))


# -- over seeded set-ups ----------------------------------------------------------------------------


def candidates(state: State, pid: str) -> set[c.Capture]:
    """Every capture ``pid`` could name in the area: each other owner there, each of its unit
    names (cultists or not)."""
    index = state.board.area_index(WHERE)
    assert index is not None
    area = state.areas[index]
    return {c.Capture(pid, WHERE, u.owner, unit=u.name) for u in area.units if u.owner != pid}


@pytest.mark.parametrize("first", FACTIONS, ids=lambda f: f.value)
def test_the_captures_offered_are_the_captures_the_referee_takes(first: Faction) -> None:
    seen = {"offered": 0, "refused": 0}
    for seed in range(30):
        rnd = random.Random(seed)
        second = FACTIONS[(FACTIONS.index(first) + 1 + seed % (len(FACTIONS) - 1)) % len(FACTIONS)]
        state = set_up(seed * 37 + FACTIONS.index(first), first, second)
        a = first.value
        state = set_players(state, **{a: {"power": rnd.choice((0, 1, 2, 10))}})
        listed = offered(state)
        taken = {cmd for cmd in candidates(state, a) if takes(state, cmd)}
        assert listed == taken, f"seed {seed}: {a} on {second.value}: listed {listed}, taken {taken}"
        seen["offered"] += len(listed)
        seen["refused"] += len(candidates(state, a) - taken)
    assert seen["offered"] and seen["refused"], seen
