"""Yellow Sign (factions.md section 4): roster, costs, combat (Undead, Byakhee, Hastur), the King
in Yellow's and Hastur's awakenings."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.factions.common import CC, YS, count, dice, game
from tests.helpers import rejected, run

ENEMY = (CC, "cultist", "Acolyte", 1)


def test_summon_costs_undead_1_byakhee_2() -> None:
    home = {"Europe": {"gate": YS, "units": [(YS, "cultist", "Acolyte", 1)]}}
    assert run(game(Faction.YELLOW_SIGN, **home), c.Summon(YS, "Europe", "Undead")).player(YS).power == 19
    assert run(game(Faction.YELLOW_SIGN, **home), c.Summon(YS, "Europe", "Byakhee")).player(YS).power == 18


def test_undead_together_roll_one_less_than_their_number() -> None:
    for undead, expected in ((1, 0), (2, 1), (4, 3)):
        state = game(Faction.YELLOW_SIGN, Asia={"units": [(YS, "monster", "Undead", undead), ENEMY]})
        assert dice(state, "Asia", YS, CC) == expected


def test_byakhee_together_roll_one_more_than_their_number() -> None:
    for byakhee, expected in ((1, 2), (3, 4)):
        state = game(Faction.YELLOW_SIGN, Asia={"units": [(YS, "monster", "Byakhee", byakhee), ENEMY]})
        assert dice(state, "Asia", YS, CC) == expected


def test_hastur_rolls_the_current_ritual_cost_and_the_king_none() -> None:
    state = game(Faction.YELLOW_SIGN, Asia={"units": [(YS, "goo", "Hastur", 1), (YS, "goo", "King in Yellow", 1), ENEMY]})
    assert dice(state, "Asia", YS, CC) == 5
    assert dice(replace(state, ritual=3), "Asia", YS, CC) == state.ritual_track[3]


def test_the_king_in_yellow_rises_for_4_where_yellow_sign_has_a_unit_and_no_gate() -> None:
    state = game(
        Faction.YELLOW_SIGN,
        Asia={"units": [(YS, "cultist", "Acolyte", 1)]},
        Europe={"gate": YS, "units": [(YS, "cultist", "Acolyte", 1)]},
    )
    assert rejected(state, c.Awaken(YS, "Europe", "King in Yellow")).code is Code.NOT_NOW  # a gate there
    assert rejected(state, c.Awaken(YS, "Africa", "King in Yellow")).code is Code.NOT_NOW  # no unit there
    state = run(state, c.Awaken(YS, "Asia", "King in Yellow"))
    assert state.player(YS).power == 16 and count(state, "Asia", YS, "King in Yellow") == 1


def test_hastur_rises_for_10_at_a_controlled_gate_in_the_kings_area() -> None:
    king = (YS, "goo", "King in Yellow", 1)
    state = game(Faction.YELLOW_SIGN, Europe={"gate": YS, "units": [(YS, "cultist", "Acolyte", 1)]}, Asia={"units": [king]})
    assert rejected(state, c.Awaken(YS, "Europe", "Hastur")).code is Code.NOT_NOW
    state = game(Faction.YELLOW_SIGN, Europe={"gate": YS, "units": [(YS, "cultist", "Acolyte", 1), king]})
    state = run(state, c.Awaken(YS, "Europe", "Hastur"))
    assert state.player(YS).power == 10 and count(state, "Europe", YS, "Hastur") == 1
