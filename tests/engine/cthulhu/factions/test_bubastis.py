"""Bubastis (factions.md section 9): roster combat, Bastet's awakening."""

from __future__ import annotations

from fractions import Fraction

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled
from companion.engine.cthulhu.model import Faction
from companion.engine.cthulhu.odds import battle_odds
from tests.engine.cthulhu.factions.common import BB, CC, count, dice, game
from tests.helpers import events_of, rejected, run

CATS = [(BB, "monster", "Earth Cat", 2), (BB, "monster", "Cat from Mars", 1), (BB, "monster", "Cat from Saturn", 1)]


def test_combat_earth_cat_0_mars_1_saturn_2_uranus_3() -> None:
    state = game(Faction.BUBASTIS, Asia={"units": [*CATS, (BB, "monster", "Cat from Uranus", 1), (CC, "cultist", "Acolyte", 1)]})
    assert dice(state, "Asia", BB, CC) == 0 + 1 + 2 + 3


def test_bastet_needs_one_cat_of_each_variety_and_an_area_without_enemies() -> None:
    state = game(Faction.BUBASTIS, Asia={"units": CATS}, Europe={"units": [(CC, "cultist", "Acolyte", 1)]})
    assert "Cat from Uranus" in rejected(state, c.Awaken(BB, "Asia", "Bastet")).message
    state = game(
        Faction.BUBASTIS,
        Asia={"units": [*CATS, (BB, "monster", "Cat from Uranus", 1)]},
        Europe={"units": [(CC, "cultist", "Acolyte", 1)]},
    )
    assert rejected(state, c.Awaken(BB, "Europe", "Bastet")).code is Code.NOT_NOW
    state = run(state, c.Awaken(BB, "Asia", "Bastet"))
    assert state.player(BB).power == 14 and count(state, "Asia", BB, "Bastet") == 1


def test_bastet_rolls_no_dice_but_scores_a_kill_and_cancels_one_of_the_enemys() -> None:
    units = [(BB, "goo", "Bastet", 1), (BB, "monster", "Cat from Mars", 1), (CC, "monster", "Flying Polyp", 2)]
    state = run(game(Faction.BUBASTIS, Asia={"units": units}), c.BattleAction(BB, "Asia", CC))
    assert state.prompt.dice == 1  # the Cat from Mars only
    odds = battle_odds(state)
    assert odds is not None and odds.attacker[2] == 1 and odds.defender[2] == Fraction(1, 36)  # two 6s on 2 dice
    events = events_of(run(state, c.Roll((1,), "tower")), c.Roll((6, 1), "tower"))
    assert BattleRolled("Asia", BB, CC, 1, 0, 0, 0) in events  # her Kill lands; the enemy's one 6 is cancelled
