"""Issue #31 item 2: Great Cthulhu's Kill/Devour Spellbooks are checked once, when the battle ends.

factions.md: "Kill/Devour 1 enemy unit" and "Kill/Devour 2 enemy units" (in one battle; 3 or more
in one battle earns both), checked at the battle's Eliminate step (HRF's checkKillSpellbooks): 2
meet "Kill/Devour 2" (or "1" when "2" is already held), 3 or more meet both, 1 meets "1". A Devour
meets nothing before the battle's dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.cthulhu.scripted import BG, CC, GC, battle, book, new_game, passes, place, play, roll

ONE = "Kill/Devour 1 enemy unit"
TWO = "Kill/Devour 2 enemy units"

CTHULHU_IN_ASIA = [*new_game(), place(GC, "Asia", "goo", "Cthulhu"), book(GC, "Absorb")]


def dice(kills: int) -> dict[str, Any]:
    """Cthulhu's six dice: ``kills`` sixes, the rest misses."""
    return roll(*([6] * kills + [1] * (6 - kills)))


def met(played: Any) -> list[str]:
    met = [e["requirement"] for e in played.events("requirement_met") if e["player"] == GC]
    return [name for name in met if name in (ONE, TWO)]


def test_a_devour_meets_nothing_before_the_dice() -> None:
    played = play(*CTHULHU_IN_ASIA, battle(GC, "Asia", CC))
    assert [e["ability"] for e in played.events("ability_used")] == ["Devour"]
    assert met(played) == []
    assert played.prompt["kind"] == "roll" and played.prompt["actor"] == GC


@pytest.mark.parametrize(("kills", "meets"), [(0, [ONE]), (1, [TWO]), (2, [TWO, ONE]), (4, [TWO, ONE])])
def test_the_devour_and_the_kills_of_one_battle_meet_by_their_total(kills: int, meets: list[str]) -> None:
    played = play(*CTHULHU_IN_ASIA, battle(GC, "Asia", CC), dice(kills))
    assert played.refused() == []
    assert sorted(met(played)) == sorted(meets)
    assert played.events("battle_ended") and played.prompt["kind"] == "spellbook"
    ends = next(i for i, e in enumerate(played.events()) if e["type"] == "battle_ended")
    firsts = next(i for i, e in enumerate(played.events()) if e.get("requirement") in (ONE, TWO))
    assert firsts > ends  # met when the battle ended, not mid-battle


def test_two_meet_the_first_when_the_second_is_already_held() -> None:
    played = play(
        *CTHULHU_IN_ASIA,
        battle(GC, "Asia", CC),
        dice(1),  # Devour and a Kill: "Kill/Devour 2"
        book(GC, "Dreams"),
        passes(CC),
        passes(BG),
        battle(GC, "Asia", CC),
        dice(1),  # Devour and a Kill again: "Kill/Devour 1" now
    )
    assert played.refused() == []
    assert met(played) == [TWO, ONE]
