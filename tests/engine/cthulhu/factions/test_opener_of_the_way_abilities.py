"""Opener of the Way's modelled abilities, Spellbooks and requirements (factions.md section 7),
each driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.opener_of_the_way import DragonAscending
from tests.engine.cthulhu.factions.kit import GC, OW, YS, A, G, M, already, game6, met, turn
from tests.helpers import rejected, run, set_players

LAND = ("Scandinavia", "Europe", "North_Asia", "South_Asia", "Arabia", "East_Africa", "West_Africa", "Australia")


def test_requirement_8_and_12_gates_on_the_map() -> None:
    state = game6(**{name: {"gate": "abandoned"} for name in LAND})
    state = run(turn(state, OW, power=1), c.Pass(OW))
    assert "8 gates on the map" in met(state, OW) and "12 gates on the map" not in met(state, OW)
    more = (*LAND, "New_Zealand", "Central_America", "North_America_East", "South_America_East")
    state = run(turn(game6(**{name: {"gate": "abandoned"} for name in more}), OW, power=1), c.Pass(OW))
    assert "12 gates on the map" in met(state, OW)


def test_requirement_units_in_2_areas_with_enemy_gates() -> None:
    state = game6(
        Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1), (OW, A, "Acolyte", 1)]},
        Arabia={"gate": GC, "units": [(GC, A, "Acolyte", 1), (OW, A, "Acolyte", 1)]},
    )
    state = run(turn(state, OW, power=1), c.Pass(OW))
    assert "Units in 2 areas with enemy gates" in met(state, OW)


def test_requirement_lose_a_unit_in_battle() -> None:
    state = game6(Europe={"units": [(OW, M, "Mutant", 1), (YS, M, "Undead", 2)]})
    state = run(turn(state, OW, power=2), c.BattleAction(OW, "Europe", YS), c.Roll((1,)), c.Roll((6,)))
    assert "Lose a unit in battle" in met(state, OW)


def test_requirement_your_great_old_one_meets_an_enemys_and_awaken_yog_sothoth() -> None:
    state = game6(Europe={"units": [(OW, M, "Spawn of Yog-Sothoth", 1), (YS, G, "Hastur", 1)]})
    state = already(state, YS, "Awaken Hastur")
    state = run(turn(state, OW, power=6), c.Awaken(OW, "Europe", "Yog-Sothoth"))
    assert {"Your Great Old One meets an enemy's", "Awaken Yog-Sothoth"} <= set(met(state, OW))


def test_dragon_ascending_raises_power_to_the_highest_once_per_game() -> None:
    state = set_players(game6(), great_cthulhu={"power": 9})
    state = run(turn(state, OW, power=2, books=("Dragon Ascending",)), DragonAscending(OW))
    assert state.player(OW).power == 9
    assert rejected(turn(state, OW, power=1, books=("Dragon Ascending",)), DragonAscending(OW)).code.value == "not_now"
