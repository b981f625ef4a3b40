"""Issue #31 item 9: Desecrate's placement is not optional.

Yellow Sign's card, as HRF plays it (FactionYS.scala `DesecrateRollAction`): success or not,
"place an Acolyte, Undead or Byakhee from your pool" there; HRF asks only which unit, ending the
action without one only when none costing 2 or less is left in the pool.
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import CC, GC, YS, book, command, passes, place, play, roll, use

DESECRATED = [
    {"type": "new_game", "board": "earth-3p", "seats": [YS, GC, CC], "options": {"abilities": True}},
    command("choose_direction", player=GC, direction="clockwise"),
    passes(GC),
    passes(CC),
    place(YS, "Europe", "goo", "King in Yellow"),
    book(YS, "Passion"),
    command("desecrate", player=YS),
    roll(6),  # 6 <= 7 Yellow Sign units: the token
]


def test_the_unit_is_placed_without_a_none() -> None:
    played = play(*DESECRATED)
    assert played.refused() == []
    assert played.prompt["purpose"] == "Desecrate" and played.prompt["choices"] == ["Undead", "Byakhee"]


def test_none_is_refused_while_a_unit_is_left() -> None:
    played = play(*DESECRATED, use(YS, "none"), use(YS, "Undead"))
    assert [r["code"] for r in played.refused()] == ["not_a_choice"]
    assert played.count("Europe", YS, "Undead") == 1
