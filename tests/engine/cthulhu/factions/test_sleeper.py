"""Sleeper (factions.md section 5): roster, costs, combat (Formless Spawn, Tsathoggua),
Tsathoggua's awakening."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.factions.common import CC, SL, count, dice, game
from tests.helpers import rejected, run, set_board, set_players

ENEMY = (CC, "cultist", "Acolyte", 1)


def test_summon_costs_wizard_1_serpent_man_2_formless_spawn_3() -> None:
    home = {"North_America": {"gate": SL, "units": [(SL, "cultist", "Acolyte", 1)]}}
    for name, cost in (("Wizard", 1), ("Serpent Man", 2), ("Formless Spawn", 3)):
        assert run(game(Faction.SLEEPER, **home), c.Summon(SL, "North America", name)).player(SL).power == 20 - cost


def test_formless_spawn_each_roll_the_formless_spawn_on_the_map_plus_one_with_tsathoggua() -> None:
    state = game(
        Faction.SLEEPER,
        Asia={"units": [(SL, "monster", "Formless Spawn", 2), ENEMY]},
        Europe={"units": [(SL, "monster", "Formless Spawn", 1)]},
    )
    assert dice(state, "Asia", SL, CC) == 2 * 3
    state = set_board(state, Europe={"units": [(SL, "monster", "Formless Spawn", 1), (SL, "goo", "Tsathoggua", 1)]})
    assert dice(state, "Asia", SL, CC) == 2 * 4


def test_tsathoggua_rolls_the_opponents_power_but_at_least_2() -> None:
    state = game(Faction.SLEEPER, Asia={"units": [(SL, "goo", "Tsathoggua", 1), ENEMY]})
    assert dice(set_players(state, crawling_chaos={"power": 7}), "Asia", SL, CC) == 7
    assert dice(set_players(state, crawling_chaos={"power": 1}), "Asia", SL, CC) == 2


def test_tsathoggua_awakens_for_8_where_a_formless_spawn_stands() -> None:
    state = game(Faction.SLEEPER, Asia={"units": [(SL, "monster", "Formless Spawn", 1)]}, Europe={"units": [ENEMY]})
    assert rejected(state, c.Awaken(SL, "Europe", "Tsathoggua")).code is Code.NOT_NOW
    state = run(state, c.Awaken(SL, "Asia", "Tsathoggua"))
    assert state.player(SL).power == 12 and count(state, "Asia", SL, "Tsathoggua") == 1
