"""The Ancients (factions.md section 8): roster, costs with Festival, Brainless, Extinction."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, UnitKind
from tests.engine.cthulhu.factions.common import AN, CC, count, dice, game
from tests.helpers import run, set_players

HOME = {"Asia": {"gate": AN, "units": [(AN, "cultist", "Acolyte", 1)]}}


def test_summon_costs_un_man_3_reanimated_4_yothan_6() -> None:
    for name, cost in (("Un-Man", 3), ("Reanimated", 4), ("Yothan", 6)):
        assert run(game(Faction.ANCIENTS, **HOME), c.Summon(AN, "Asia", name)).player(AN).power == 20 - cost


def test_festival_brainless_and_extinction_lower_the_costs() -> None:
    books = ("Festival", "Brainless", "Extinction")
    state = set_players(game(Faction.ANCIENTS, **HOME), ancients={"spellbooks": books})
    for name, cost in (("Un-Man", 0), ("Reanimated", 1), ("Yothan", 3)):
        assert run(state, c.Summon(AN, "Asia", name)).player(AN).power == 20 - cost


def test_a_yothan_is_a_terror_with_combat_7() -> None:
    state = run(game(Faction.ANCIENTS, **HOME), c.Summon(AN, "Asia", "Yothan"))
    index = state.board.area_index("Asia")
    assert index is not None and state.areas[index].count(owner=AN, kind=UnitKind.TERROR) == 1
    state = game(
        Faction.ANCIENTS,
        Asia={"units": [(AN, "terror", "Yothan", 1), (AN, "monster", "Reanimated", 1), (CC, "cultist", "Acolyte", 1)]},
    )
    assert dice(state, "Asia", AN, CC) == 7 + 2 and count(state, "Asia", AN, "Yothan") == 1
