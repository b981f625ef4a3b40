"""Issue #31 item 1: the Harbinger pays once per enemy Great Old One Killed or Pained.

Crawling Chaos' card: "If Nyarlathotep is in a Battle in which one or more enemy Great Old Ones
are Killed or Pained, you receive Power equal to half the cost to Awaken the Great Old One. Or you
may instead take 2 Elder Signs (per enemy Great Old One)." One Shub-Niggurath killed: one payment.
"""

from __future__ import annotations

import pytest

from tests.engine.cthulhu.scripted import BG, CC, GC, battle, book, new_game, passes, place, play, roll, use

NYARLATHOTEP_KILLS_SHUB = [
    *new_game(),
    place(CC, "Asia", "goo", "Nyarlathotep"),
    book(CC, "Abduct"),
    place(BG, "Asia", "goo", "Shub-Niggurath"),
    book(BG, "Frenzy"),
    passes(GC),
    battle(CC, "Asia", BG),  # Nyarlathotep: 2 dice (1 Spellbook each side); Shub-Niggurath: 7
    roll(6, 6),
    roll(1, 1, 1, 1, 1, 1, 1),
]


@pytest.mark.parametrize(("choice", "power", "signs"), [("power", 7 + 4, 0), ("elder_signs", 7, 2)])
def test_one_enemy_great_old_one_killed_pays_the_harbinger_once(choice: str, power: int, signs: int) -> None:
    played = play(*NYARLATHOTEP_KILLS_SHUB, use(CC, choice))
    assert played.refused() == []
    assert [e["detail"] for e in played.events("ability_used") if e["ability"] == "The Harbinger"] == [
        "Shub-Niggurath hit: 4 Power" if choice == "power" else "Shub-Niggurath hit: 2 Elder Signs"
    ]
    assert played.prompt["purpose"] != "The Harbinger"  # no second question for the same Great Old One
    assert played.player(CC)["power"] == power
    assert len(played.player(CC)["elder_signs"]) == signs
