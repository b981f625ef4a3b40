"""Great Cthulhu (factions.md section 1): roster, costs, combat, Cthulhu's awakening."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, UnitKind
from tests.engine.cthulhu.factions.common import CC, GC, count, dice, game
from tests.helpers import rejected, run, set_board

HOME = {"South_Pacific": {"gate": GC, "units": [(GC, "cultist", "Acolyte", 2)]}}


def test_summon_costs_come_from_the_roster() -> None:
    for name, cost in (("Deep One", 1), ("Shoggoth", 2), ("Starspawn", 3)):
        state = run(game(Faction.GREAT_CTHULHU, **HOME), c.Summon(GC, "South Pacific", name))
        assert state.player(GC).power == 20 - cost and count(state, "South Pacific", GC, name) == 1


def test_summon_refuses_when_the_pool_is_empty() -> None:
    state = game(Faction.GREAT_CTHULHU, **HOME, Australia={"units": [(GC, "monster", "Starspawn", 2)]})
    refusal = rejected(state, c.Summon(GC, "South Pacific", "Starspawn"))
    assert refusal.code is Code.NO_SUCH_UNITS and "All 2" in refusal.message


def test_combat_deep_one_1_shoggoth_2_starspawn_3_cthulhu_6() -> None:
    units = [(GC, "monster", "Deep One", 2), (GC, "monster", "Shoggoth", 1), (GC, "monster", "Starspawn", 1)]
    state = game(Faction.GREAT_CTHULHU, Asia={"units": [*units, (GC, "goo", "Cthulhu", 1), (CC, "cultist", "Acolyte", 1)]})
    assert dice(state, "Asia", GC, CC) == 2 + 2 + 3 + 6


def test_cthulhu_first_awakening_costs_10_at_a_gate_in_the_start_area() -> None:
    state = run(game(Faction.GREAT_CTHULHU, **HOME), c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert state.player(GC).power == 10 and count(state, "South Pacific", GC, "Cthulhu") == 1
    assert state.player(GC).awakened == ("Cthulhu",)


def test_cthulhu_rises_only_at_a_gate_in_the_start_area_of_any_controller() -> None:
    state = game(Faction.GREAT_CTHULHU, Asia={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]})
    assert rejected(state, c.Awaken(GC, "Asia", "Cthulhu")).code is Code.NOT_NOW
    assert rejected(state, c.Awaken(GC, "South Pacific", "Cthulhu")).code is Code.NOT_NOW  # no gate there
    enemy_gate = set_board(state, South_Pacific={"gate": CC, "units": [(CC, "cultist", "Acolyte", 1)]})
    assert count(run(enemy_gate, c.Awaken(GC, "South Pacific", "Cthulhu")), "South Pacific", GC, "Cthulhu") == 1


def test_immortal_cthulhu_costs_4_after_his_first_awakening() -> None:
    state = game(Faction.GREAT_CTHULHU, **HOME)
    state = state.with_player(0, awakened=("Cthulhu",))
    state = run(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert state.player(GC).power == 20 - 4


def test_an_explicit_cost_is_the_tables_override_and_skips_the_requirements() -> None:
    state = game(Faction.GREAT_CTHULHU, Asia={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]})
    state = run(state, c.Awaken(GC, "Asia", "Cthulhu", 7))
    assert state.player(GC).power == 13 and state.player(GC).awakened == ("Cthulhu",)


def test_great_old_ones_are_awakened_not_summoned() -> None:
    state = game(Faction.GREAT_CTHULHU, **HOME)
    assert rejected(state, c.Summon(GC, "South Pacific", "Cthulhu")).code is Code.BAD_VALUE
    assert rejected(state, c.Summon(GC, "South Pacific", "Acolyte")).code is Code.BAD_VALUE
    assert rejected(state, c.Summon(GC, "South Pacific", "Byakhee")).code is Code.BAD_VALUE  # not on its roster


def test_cthulhu_placed_by_a_correction_counts_as_awakened_before() -> None:
    state = run(game(Faction.GREAT_CTHULHU, **HOME), c.Place(GC, c.UnitRef("Asia", UnitKind.GOO, "Cthulhu"), "joined late"))
    assert state.player(GC).awakened == ("Cthulhu",)
    state = run(state, c.Eliminate(GC, c.UnitRef("Asia", UnitKind.GOO, "Cthulhu"), "killed last round"))
    assert run(state, c.Awaken(GC, "South Pacific", "Cthulhu")).player(GC).power == 20 - 4
