"""Tcho-Tcho (factions.md section 10): roster, costs, Ubbo-Sathla's awakening and his combat."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.factions.common import CC, TT, count, dice, game
from tests.helpers import rejected, run


def test_summon_costs_proto_shoggoth_2_and_its_combat_is_1() -> None:
    home = {"Asia": {"gate": TT, "units": [(TT, "cultist", "Acolyte", 1), (CC, "cultist", "Acolyte", 1)]}}
    state = run(game(Faction.TCHO_TCHO, **home), c.Summon(TT, "Asia", "Proto-Shoggoth"))
    assert state.player(TT).power == 18 and dice(state, "Asia", TT, CC) == 1


def test_ubbo_sathla_awakens_for_6_at_a_controlled_gate_and_a_high_priest_is_eliminated() -> None:
    state = game(Faction.TCHO_TCHO, Asia={"gate": TT, "units": [(TT, "cultist", "Acolyte", 1)]})
    assert "High Priest" in rejected(state, c.Awaken(TT, "Asia", "Ubbo-Sathla")).message
    state = game(
        Faction.TCHO_TCHO, Asia={"gate": TT, "units": [(TT, "cultist", "Acolyte", 1), (TT, "cultist", "High Priest", 1)]}
    )
    state = run(state, c.Awaken(TT, "Asia", "Ubbo-Sathla"))
    assert state.player(TT).power == 14 and count(state, "Asia", TT, "High Priest") == 0


def test_ubbo_sathlas_combat_is_the_growth_counter() -> None:
    state = game(Faction.TCHO_TCHO, Asia={"units": [(TT, "goo", "Ubbo-Sathla", 1), (CC, "cultist", "Acolyte", 1)]})
    assert dice(state, "Asia", TT, CC) == 0
    assert dice(replace(state, growth=5), "Asia", TT, CC) == 5
