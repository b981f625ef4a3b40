"""From Below's free follow-ups (Nyogtha, factions.md section 12) and the Ice Age's tax (section 0:
"Any action by a faction other than the Ice Age owner that ends in (targets) the Ice Age area
costs +1 Power"): the follow-up is free of its own cost, not of the tax (HRF Game.scala charges
``payTax`` on From Below's battle and capture; docs/rules-notes.md), which the action owes once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.windwalker import IceAge
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from tests.engine.cthulhu.factions.kit import GC, SIX, WW, YS, A, turn, units
from tests.helpers import clear_board, rejected, run, set_board, started

NYOGTHA = (GC, "igoo", "Nyogtha", 1)


def nyogthas(ice: str, power: int, **areas: dict[str, Any]) -> State:
    """Earth (6 players), the abilities and the independents on; the Ice Age in ``ice``; Great
    Cthulhu holds Nyogtha (its figures as ``areas`` place them) and acts with ``power``."""
    state = started("earth-6p", SIX, options=Options(abilities=True, independents=CARDS))
    state = set_board(clear_board(state), **areas)
    state = run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, ice))
    return turn(replace(state, loyalty=(("Nyogtha", GC),)), GC, power=power)


def walk(source: str, to: str) -> c.Move:
    return c.Move(GC, groups=(c.MoveGroup(source, to, UnitKind.IGOO, "Nyogtha"),))


def answer(state: State, choice: str) -> State:
    assert state.prompt.kind is PromptKind.ABILITY and choice in state.prompt.choices, state.prompt
    return run(state, UseAbility(GC, choice))


def test_from_below_the_free_move_into_the_ice_age_pays_its_tax() -> None:
    state = nyogthas("North Asia", 3, Europe={"units": [NYOGTHA]}, Scandinavia={"units": [NYOGTHA]})
    state = run(state, walk("Europe", "Arabia"))
    assert state.player(GC).power == 2
    state = answer(state, "North Asia")  # the other Nyogtha, from Scandinavia: free, but into the Ice Age
    assert units(state, "North Asia", GC, "Nyogtha") == 1 and state.player(GC).power == 1


def test_from_below_the_free_move_ending_where_the_move_paid_the_tax_pays_no_more() -> None:
    state = nyogthas("North Asia", 3, Europe={"units": [NYOGTHA]}, Scandinavia={"units": [NYOGTHA]})
    state = run(state, walk("Europe", "North Asia"))
    assert state.player(GC).power == 1  # the Move: 1, the Ice Age: 1
    state = answer(state, "North Asia")
    assert units(state, "North Asia", GC, "Nyogtha") == 2 and state.player(GC).power == 1  # one action, one tax


def test_from_below_the_free_move_is_not_offered_into_the_ice_age_without_the_power() -> None:
    state = nyogthas("North Asia", 1, Europe={"units": [NYOGTHA]}, Scandinavia={"units": [NYOGTHA]})
    state = run(state, walk("Europe", "Arabia"))
    assert state.player(GC).power == 0
    assert state.prompt.kind is PromptKind.ABILITY and "North Asia" not in state.prompt.choices
    assert "Arctic Ocean" in state.prompt.choices  # the areas without the Ice Age still
    assert rejected(state, UseAbility(GC, "North Asia")).code is Code.NOT_A_CHOICE


def test_from_below_the_free_capture_in_the_ice_age_pays_its_tax() -> None:
    state = nyogthas(
        "North Asia",
        3,
        Europe={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
        North_Asia={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
    )
    state = run(state, c.Capture(GC, "Europe", YS))
    assert state.player(GC).power == 2
    state = answer(state, YS)
    assert state.player(GC).captured == (YS, YS) and state.player(GC).power == 1  # free, but for the Ice Age


def test_from_below_no_free_capture_in_the_ice_age_without_the_power() -> None:
    state = nyogthas(
        "North Asia",
        1,
        Europe={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
        North_Asia={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
    )
    state = run(state, c.Capture(GC, "Europe", YS))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC  # nothing to ask: the turn goes on
    assert state.player(GC).captured == (YS,)


def test_from_below_the_free_battle_in_the_ice_age_pays_its_tax() -> None:
    state = nyogthas(
        "North Asia",
        3,
        Europe={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
        North_Asia={"units": [NYOGTHA, (YS, A, "Acolyte", 1)]},
    )
    state = run(state, c.BattleAction(GC, "Europe", YS), c.Roll((1, 1, 1, 1), "screen"))
    if state.prompt.kind is PromptKind.SPELLBOOK:
        state = run(state, ChooseSpellbook(GC, state.prompt.choices[0]))
    assert state.player(GC).power == 2
    state = answer(state, YS)
    assert state.battle is not None and state.area_name(state.battle.area) == "North Asia"
    assert state.player(GC).power == 1  # the battle free, the Ice Age not


def test_the_ice_ages_owner_pays_no_tax_on_its_own_follow_up() -> None:
    state = nyogthas("North Asia", 3, Europe={"units": [NYOGTHA]}, Scandinavia={"units": [NYOGTHA]})
    state = replace(state, loyalty=(("Nyogtha", WW),))
    state = set_board(state, Europe={"units": [(WW, "igoo", "Nyogtha", 1)]}, Scandinavia={"units": [(WW, "igoo", "Nyogtha", 1)]})
    state = run(
        turn(state, WW, power=3, books=("Ice Age",)),
        c.Move(WW, groups=(c.MoveGroup("Europe", "Arabia", UnitKind.IGOO, "Nyogtha"),)),
    )
    state = run(state, UseAbility(WW, "North Asia"))
    assert units(state, "North Asia", WW, "Nyogtha") == 1 and state.player(WW).power == 2
