"""Opener of the Way (factions.md section 7): roster, costs, combat (Yog-Sothoth), his awakening."""

from __future__ import annotations

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.factions.common import BG, CC, OW, count, dice, game
from tests.helpers import rejected, run

ENEMY = (CC, "cultist", "Acolyte", 1)


def test_summon_costs_mutant_2_abomination_3_spawn_4() -> None:
    home = {"Asia": {"gate": OW, "units": [(OW, "cultist", "Acolyte", 1)]}}
    for name, cost in (("Mutant", 2), ("Abomination", 3), ("Spawn of Yog-Sothoth", 4)):
        assert run(game(Faction.OPENER_OF_THE_WAY, **home), c.Summon(OW, "Asia", name)).player(OW).power == 20 - cost


def test_yog_sothoth_rolls_twice_the_other_factions_great_old_ones_in_play() -> None:
    state = game(
        Faction.OPENER_OF_THE_WAY,
        Asia={"units": [(OW, "goo", "Yog-Sothoth", 1), (OW, "monster", "Mutant", 1), ENEMY]},
        Europe={"units": [(CC, "goo", "Nyarlathotep", 1), (BG, "goo", "Shub-Niggurath", 1), (BG, "igoo", "Byatis", 1)]},
    )
    assert dice(state, "Asia", OW, CC) == 2 * 2 + 1  # the independent Byatis does not count


def test_yog_sothoth_awakens_for_6_replacing_a_spawn() -> None:
    state = game(
        Faction.OPENER_OF_THE_WAY, Asia={"units": [(OW, "monster", "Spawn of Yog-Sothoth", 1)]}, Europe={"units": [ENEMY]}
    )
    assert rejected(state, c.Awaken(OW, "Europe", "Yog-Sothoth")).code is Code.NOT_NOW
    state = run(state, c.Awaken(OW, "Asia", "Yog-Sothoth"))
    assert state.player(OW).power == 14
    assert count(state, "Asia", OW, "Yog-Sothoth") == 1 and count(state, "Asia", OW, "Spawn of Yog-Sothoth") == 0
