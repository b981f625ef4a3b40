"""Abhoth's Filth: "Black Goat may also summon them with Fertility" (factions.md section 12;
[HRF:IGOOs.scala] ``Filth.canBeSummoned`` is ``f.has(Fertility)``): Black Goat, holding Abhoth,
summons a Filth from Abhoth's twelve with Fertility Cult at a gate it controls, for 1 Power, as
an unlimited action; driven through commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.black_goat import FertilityCult
from companion.engine.cthulhu.factions.independents import AwakenIndependent, PlaceFilth
from companion.engine.cthulhu.factions.sleeper import AncientSorcery
from companion.engine.cthulhu.model import Faction, Options, PromptKind, UnitKind
from tests.engine.cthulhu.factions.common import BG, count
from tests.engine.cthulhu.factions.kit import CORE4, SL, turn
from tests.helpers import clear_board, rejected, run, set_board, started

SHUB_HOME = {"gate": BG, "units": [(BG, "goo", "Shub-Niggurath", 1), (BG, "cultist", "Acolyte", 1)]}


def game(**areas: dict[str, Any]) -> State:
    """Earth (3 players), Abhoth in the game, the abilities on; Black Goat's action with 10 Power."""
    state = started(options=Options(abilities=True, independents=("Abhoth",)))
    return turn(set_board(clear_board(state), **areas), BG)


def test_abhoths_filth_black_goat_may_also_summon_them_with_fertility_cult() -> None:
    state = game(Africa=SHUB_HOME, Asia={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]})
    assert FertilityCult(BG, "Asia", "Filth") not in list(legal_commands(state))  # no Abhoth yet
    assert rejected(state, FertilityCult(BG, "Asia", "Filth")).code is Code.BAD_VALUE
    state = run(state, AwakenIndependent(BG, "Africa", "Abhoth"))  # 4 Power; the turn passes
    state = turn(state, BG, power=3)
    offered = list(legal_commands(state))
    assert FertilityCult(BG, "Asia", "Filth") in offered and FertilityCult(BG, "Africa", "Filth") in offered
    state = run(state, FertilityCult(BG, "Asia", "Filth"), FertilityCult(BG, "Africa", "Filth"))
    assert count(state, "Asia", BG, "Filth") == 1 and count(state, "Africa", BG, "Filth") == 1
    assert state.player(BG).power == 1  # 1 each
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == BG  # unlimited: the turn goes on
    assert rejected(state, FertilityCult(BG, "Europe", "Filth")).code is Code.NOT_CONTROLLER  # at its own gate only


def test_abhoths_filth_by_fertility_cult_come_from_his_twelve() -> None:
    abhoth = [(BG, "igoo", "Abhoth", 1), (BG, "monster", "Filth", 12)]
    state = game(Africa={**SHUB_HOME, "units": [*SHUB_HOME["units"], *abhoth]})
    assert rejected(state, FertilityCult(BG, "Africa", "Filth")).code is Code.NO_SUCH_UNITS
    assert FertilityCult(BG, "Africa", "Filth") not in list(legal_commands(state))


def test_abhoths_filth_not_by_fertility_cult_once_abhoth_is_lost() -> None:
    state = game(Africa={**SHUB_HOME, "units": [*SHUB_HOME["units"], (BG, "igoo", "Abhoth", 1)]})
    state = replace(state, loyalty=(("Abhoth", BG),))  # his card with Black Goat
    state = run(state, FertilityCult(BG, "Africa", "Filth"))
    state = run(state, c.Eliminate(BG, c.UnitRef("Africa", UnitKind.IGOO, "Abhoth"), "test"))
    assert count(state, "Africa", "neutral", "Filth") == 1  # Lost Abhoth: his Filth turn neutral
    state = turn(state, BG, power=3)
    assert rejected(state, FertilityCult(BG, "Africa", "Filth")).code is Code.BAD_VALUE
    assert rejected(state, PlaceFilth(BG, "Africa")).code is Code.NOT_NOW


def test_abhoths_filth_an_ordinary_summon_points_to_fertility_cult() -> None:
    """HRF summons a Filth only for a faction holding Fertility, and every summon of such a
    faction is Fertility's, the turn going on: ``fertility_cult`` is that summon, so ``summon``
    names it rather than asking for a cost (a cost given stays the table's override)."""
    abhoth = [(BG, "igoo", "Abhoth", 1)]
    state = game(Africa={**SHUB_HOME, "units": [*SHUB_HOME["units"], *abhoth]})
    refusal = rejected(state, c.Summon(BG, "Africa", "Filth"))
    assert refusal.code is Code.BAD_VALUE and "fertility_cult" in refusal.message
    assert not any(isinstance(cmd, c.Summon) and cmd.name == "Filth" for cmd in legal_commands(state))
    assert FertilityCult(BG, "Africa", "Filth") in list(legal_commands(state))
    state = run(state, c.Summon(BG, "Africa", "Filth", 1, kind=UnitKind.MONSTER))  # by hand
    assert count(state, "Africa", BG, "Filth") == 1


def test_abhoths_filth_sleeper_borrowing_fertility_cult_summons_them_while_holding_abhoth() -> None:
    """HRF's ``has`` counts an ability Ancient Sorcery borrowed, so ``Filth.canBeSummoned`` holds
    for a Sleeper that borrows Black Goat's Fertility Cult while it has Abhoth in play: a Filth at
    its gate for 1, the turn going on; not before it borrows, nor without Abhoth."""
    state = started("earth-5p", (*CORE4, Faction.SLEEPER), options=Options(abilities=True, independents=("Abhoth",)))
    home = {"gate": SL, "units": [(SL, "monster", "Serpent Man", 1), (SL, "cultist", "Acolyte", 1)]}
    without = set_board(clear_board(state), Europe=home)
    state = replace(set_board(without, Europe=home, North_Asia={"units": [(SL, "igoo", "Abhoth", 1)]}), loyalty=(("Abhoth", SL),))
    filth = FertilityCult(SL, "Europe", "Filth")
    assert rejected(turn(state, SL, power=6, books=("Ancient Sorcery",)), filth).code is Code.NOT_NOW  # not borrowed yet
    borrowing = run(turn(state, SL, power=6, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", BG))
    borrowing = turn(borrowing, SL, power=3, books=("Ancient Sorcery",))
    assert filth in list(legal_commands(borrowing))
    after = run(borrowing, filth)
    assert count(after, "Europe", SL, "Filth") == 1 and after.player(SL).power == 2
    assert after.prompt.kind is PromptKind.ACTION and after.prompt.actor == SL  # unlimited: the turn goes on
    no_abhoth = run(turn(without, SL, power=6, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", BG))
    no_abhoth = turn(no_abhoth, SL, power=3, books=("Ancient Sorcery",))
    assert filth not in list(legal_commands(no_abhoth))
    assert rejected(no_abhoth, filth).code is Code.BAD_VALUE
