"""Windwalker (factions.md section 6): roster, costs (Gnoph-Keh), combat (Ithaqua), Rhan Tegoth's
and Ithaqua's awakenings."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.factions.common import CC, WW, count, dice, game
from tests.helpers import rejected, run, set_players

ENEMY = (CC, "cultist", "Acolyte", 1)
HOME = {"Arctic_Ocean": {"gate": WW, "units": [(WW, "cultist", "Acolyte", 1)]}}


def test_a_gnoph_keh_costs_as_many_as_are_in_the_pool() -> None:
    state = run(game(Faction.WINDWALKER, **HOME), c.Summon(WW, "Arctic Ocean", "Gnoph-Keh"))
    assert state.player(WW).power == 20 - 4
    state = game(Faction.WINDWALKER, **HOME, Europe={"units": [(WW, "monster", "Gnoph-Keh", 3)]})
    assert run(state, c.Summon(WW, "Arctic Ocean", "Gnoph-Keh")).player(WW).power == 20 - 1


def test_combat_wendigo_1_gnoph_keh_3_rhan_tegoth_3() -> None:
    units = [(WW, "monster", "Wendigo", 2), (WW, "monster", "Gnoph-Keh", 1), (WW, "goo", "Rhan Tegoth", 1), ENEMY]
    assert dice(game(Faction.WINDWALKER, Asia={"units": units}), "Asia", WW, CC) == 2 + 3 + 3


def test_ithaqua_rolls_half_the_opponents_doom_rounded_up() -> None:
    state = game(Faction.WINDWALKER, Asia={"units": [(WW, "goo", "Ithaqua", 1), ENEMY]})
    assert dice(set_players(state, crawling_chaos={"doom": 7}), "Asia", WW, CC) == 4
    assert dice(set_players(state, crawling_chaos={"doom": 0}), "Asia", WW, CC) == 0


def test_rhan_tegoth_awakens_for_6_in_a_windwalker_glyph_area_without_a_gate() -> None:
    state = game(Faction.WINDWALKER, Europe={"units": [ENEMY]})
    assert rejected(state, c.Awaken(WW, "Europe", "Rhan Tegoth")).code is Code.NOT_NOW
    state = run(state, c.Awaken(WW, "Antarctica", "Rhan Tegoth"))
    assert state.player(WW).power == 14 and count(state, "Antarctica", WW, "Rhan Tegoth") == 1


def test_ithaqua_needs_rhan_tegoth_awakened_before_and_destroys_the_gate() -> None:
    state = game(Faction.WINDWALKER, **HOME)
    assert "Rhan Tegoth" in rejected(state, c.Awaken(WW, "Arctic Ocean", "Ithaqua")).message
    state = state.with_player(0, awakened=("Rhan Tegoth",))
    assert rejected(state, c.Awaken(WW, "Antarctica", "Ithaqua")).code is Code.NOT_NOW  # no gate there
    state = run(state, c.Awaken(WW, "Arctic Ocean", "Ithaqua"))
    index = state.board.area_index("Arctic Ocean")
    assert index is not None and state.areas[index].gate is None and count(state, "Arctic Ocean", WW, "Ithaqua") == 1
