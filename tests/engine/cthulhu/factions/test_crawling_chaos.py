"""Crawling Chaos (factions.md section 2): roster, costs, combat, Nyarlathotep's awakening."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import NEUTRAL, Faction
from tests.engine.cthulhu.factions.common import BG, CC, count, dice, game
from tests.helpers import rejected, run, set_players

HOME = {"Asia": {"gate": CC, "units": [(CC, "cultist", "Acolyte", 2)]}}


def test_summon_costs_nightgaunt_1_flying_polyp_2_hunting_horror_3() -> None:
    for name, cost in (("Nightgaunt", 1), ("Flying Polyp", 2), ("Hunting Horror", 3)):
        state = run(game(Faction.CRAWLING_CHAOS, **HOME), c.Summon(CC, "Asia", name))
        assert state.player(CC).power == 20 - cost and count(state, "Asia", CC, name) == 1


def test_combat_nightgaunt_0_flying_polyp_1_hunting_horror_2() -> None:
    units = [(CC, "monster", "Nightgaunt", 3), (CC, "monster", "Flying Polyp", 2), (CC, "monster", "Hunting Horror", 1)]
    state = game(Faction.CRAWLING_CHAOS, Africa={"units": [*units, (BG, "cultist", "Acolyte", 1)]})
    assert dice(state, "Africa", CC, BG) == 0 + 2 + 2


def test_nyarlathotep_rolls_his_spellbooks_plus_his_opponents() -> None:
    state = game(Faction.CRAWLING_CHAOS, Africa={"units": [(CC, "goo", "Nyarlathotep", 1), (BG, "cultist", "Acolyte", 1)]})
    assert dice(state, "Africa", CC, BG) == 0
    state = set_players(state, crawling_chaos={"spellbooks": ("Abduct", "Madness")}, black_goat={"spellbooks": 3})
    assert dice(state, "Africa", CC, BG) == 5
    assert dice(state, "Africa", CC, NEUTRAL) == 2  # neutral units have no Spellbooks


def test_nyarlathotep_awakens_at_a_gate_crawling_chaos_controls_for_10() -> None:
    state = run(game(Faction.CRAWLING_CHAOS, **HOME), c.Awaken(CC, "Asia", "Nyarlathotep"))
    assert state.player(CC).power == 10 and count(state, "Asia", CC, "Nyarlathotep") == 1


def test_nyarlathotep_is_refused_without_a_controlled_gate() -> None:
    state = game(Faction.CRAWLING_CHAOS, Asia={"gate": "abandoned", "units": [(CC, "cultist", "Acolyte", 1)]})
    assert rejected(state, c.Awaken(CC, "Asia", "Nyarlathotep")).code is Code.NOT_NOW
