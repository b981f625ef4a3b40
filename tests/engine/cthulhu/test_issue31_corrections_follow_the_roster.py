"""Issue #31 item 7: a correction places only units of the faction's roster, of their kind,
within its pool (factions.md: each faction's units, kinds and pools).

Today "Cthulhu" as a Monster 30 times, a Black Goat "Deep One" and a Starspawn as a Terror are
accepted; each is refused (``no_such_units``) and changes nothing.
"""

from __future__ import annotations

import pytest

from tests.engine.cthulhu.scripted import BG, GC, new_game, place, play


@pytest.mark.parametrize(
    ("owner", "kind", "name", "count", "words"),
    [
        (GC, "monster", "Cthulhu", 30, "Cthulhu"),
        (BG, "monster", "Deep One", 1, "Deep One"),
        (GC, "terror", "Starspawn", 1, "Starspawn"),
        (GC, "goo", "Cthulhu", 2, "1 Cthulhu"),  # the pool: one of him
    ],
)
def test_a_unit_off_the_roster_or_of_another_kind_is_refused(owner: str, kind: str, name: str, count: int, words: str) -> None:
    played = play(*new_game(), place(owner, "Europe", kind, name, count))
    (refusal,) = played.refused()
    assert refusal["code"] == "no_such_units" and words in refusal["message"]
    assert played.count("Europe", owner, name) == 0


def test_the_roster_units_and_the_neutral_monsters_are_placed() -> None:
    played = play(
        *new_game(independents=["Ghast"]),
        place(GC, "Europe", "monster", "Starspawn", 2),
        place(BG, "Europe", "monster", "Ghast", 1),  # a neutral monster, its Loyalty Card held
    )
    assert played.refused() == []
    assert played.count("Europe", GC, "Starspawn") == 2 and played.count("Europe", BG, "Ghast") == 1
