"""Issue #31 item 12: an independent Great Old One's Spellbook taken by the Cosmic Power.

shaggai-worms.txt: "you can place any Spellbook (including those of the Independent Great Old
Ones) simply by spending 6 Power". docs/rules-notes.md: an independent's Spellbook is held beside
its card, "never one of the six". So it is recorded as the independent's book, held by that
player (none of the faction's six), and its ability works.
"""

from __future__ import annotations

from typing import Any

from tests.engine.cthulhu.scripted import BG, CC, GC, command, new_game, passes, place, play

BYATIS_BOOK = "God of Forgetfulness"
SETUP: list[dict[str, Any]] = [
    *new_game(board="shaggai-demo", independents=["Byatis"]),
    command("set_worm", area="Ocean Belt Middle", worm=2),  # Great Cthulhu's start gate: a Worm's area
    command("set_loyalty", card="Byatis", holder=GC, spellbook=False),
    place(GC, "Ocean Belt Middle", "igoo", "Byatis"),
    command("cosmic_spellbook", player=GC, name=BYATIS_BOOK),
]


def test_the_book_is_the_independents_not_one_of_the_six() -> None:
    played = play(*SETUP)
    assert played.refused() == []
    assert played.events("spellbook_gained") == []
    (gained,) = played.events("independent_spellbook_gained")
    assert gained["player"] == GC and gained["book"] == BYATIS_BOOK
    assert played.player(GC)["spellbooks"] == [] and played.player(GC)["power"] == 2


def test_its_ability_works_for_its_holder() -> None:
    played = play(*SETUP, passes(CC), passes(BG), command("god_of_forgetfulness", player=GC, area="Ash Fields"))
    assert played.refused() == []
    assert played.count("Ocean Belt Middle", CC, "Acolyte") == 6 and played.count("Ash Fields", CC, "Acolyte") == 0
