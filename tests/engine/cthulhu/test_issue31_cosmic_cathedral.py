"""Issue #31 item 11: the Cosmic Power places the Ancients' Cathedrals.

shaggai-worms.txt: "By Controlling a Gate in a Worm's Area, the Cosmic Power also allows the
Ancients' Cathedrals to be placed similarly. For example, you can Create a second Cathedral in an
Area with [a glyph] by paying 2 extra Power." So ``build_cathedral`` with ``cosmic`` builds a
second Cathedral in an area of a kind that has one, for 2 Power more; without the gate in a Worm's
area it is refused, as the Cosmic Power's summons are.
"""

from __future__ import annotations

from typing import Any

from tests.engine.cthulhu.scripted import CC, GC, book, command, eliminate, new_game, passes, place, play

AN = "ancients"
WORM_AREA = "The Worm that Gnaws in the Night"  # the starting Worm stands here (shaggai-demo)


def ancients_with_a_cathedral(start: str) -> list[dict[str, Any]]:
    """The Ancients start in ``start``, two Acolytes in two more no-glyph areas; one Cathedral
    built (Glass Wastes) and its Spellbook taken; the Ancients to act, 7 Power."""
    return [
        *new_game((GC, CC, AN), board="shaggai-demo", starts=((AN, start),)),
        eliminate(AN, start, "cultist", "Acolyte", 2),
        place(AN, "Glass Wastes", "cultist", "Acolyte"),
        place(AN, "Temple of Xada-Hgla", "cultist", "Acolyte"),
        passes(GC),
        passes(CC),
        command("build_cathedral", player=AN, area="Glass Wastes"),
        book(AN, "Festival"),
    ]


def test_the_cosmic_power_builds_a_second_cathedral_of_a_kind_for_2_more() -> None:
    played = play(
        *ancients_with_a_cathedral(WORM_AREA), command("build_cathedral", player=AN, area="Temple of Xada-Hgla", cosmic=True)
    )
    assert played.refused() == []
    built = [e["area"] for e in played.events("marker_changed") if e["marker"] == "cathedral" and e["placed"]]
    assert built == ["Glass Wastes", "Temple of Xada-Hgla"]
    assert played.player(AN)["power"] == 7 - (1 + 2)  # a Cathedral (none adjacent) and the Cosmic Power's 2


def test_without_a_gate_in_a_worms_area_the_cosmic_cathedral_is_refused() -> None:
    played = play(
        *ancients_with_a_cathedral("Lost Colony"), command("build_cathedral", player=AN, area="Temple of Xada-Hgla", cosmic=True)
    )
    (refusal,) = played.refused()
    assert refusal["code"] == "not_controller" and "Worm" in refusal["message"]
    assert played.player(AN)["power"] == 7
