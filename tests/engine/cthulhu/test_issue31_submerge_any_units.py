"""Issue #31 item 4: Submerge lifts Cthulhu "along with any or all of your Units in the Area".

Great Cthulhu's card: Cultists go too when named; a unit named that is not there is refused,
never ignored. factions.md: the Deep is "in play but not on the map": units there count for
Power, so Acolytes in the Deep still gather it.
"""

from __future__ import annotations

from typing import Any

from tests.engine.cthulhu.scripted import BG, CC, GC, book, command, new_game, passes, place, play

CTHULHU_HOME = [
    *new_game(),
    place(GC, "South Pacific", "goo", "Cthulhu"),
    book(GC, "Submerge"),
    place(GC, "South Pacific", "monster", "Deep One", 2),
]


def submerge(*units: str) -> dict[str, Any]:
    return command("submerge", player=GC, units=list(units))


def test_submerge_takes_the_cultists_named() -> None:
    played = play(
        *CTHULHU_HOME,
        submerge("Acolyte", "Deep One"),
        passes(CC),
        passes(BG),
        command("emerge", player=GC, area="Europe"),
    )
    assert played.refused() == []
    lifted = {(e["name"], e["count"]) for e in played.events("units_removed") if e["reason"] == "submerged"}
    assert lifted == {("Cthulhu", 1), ("Acolyte", 6), ("Deep One", 2)}
    assert played.count("South Pacific", GC, "Acolyte") == 0
    assert played.count("Europe", GC, "Acolyte") == 6 and played.count("Europe", GC, "Deep One") == 2


def test_a_unit_named_that_is_not_there_is_refused_and_nothing_moves() -> None:
    played = play(*CTHULHU_HOME, submerge("Deep One", "Shoggoth"))
    (refusal,) = played.refused()
    assert refusal["code"] == "no_such_units" and "Shoggoth" in refusal["message"]
    assert played.count("South Pacific", GC, "Cthulhu") == 1 and played.player(GC)["power"] == 8


def test_acolytes_in_the_deep_gather_power() -> None:
    played = play(*CTHULHU_HOME, submerge("Acolyte"), passes(CC), passes(BG), passes(GC))
    assert played.refused() == [] and played.count("South Pacific", GC, "Acolyte") == 0
    (gathered,) = [e for e in played.events("power_gathered") if e["player"] == GC]
    cultists = [p["amount"] for p in gathered["parts"] if "cultist" in p["label"] and "captured" not in p["label"]]
    assert cultists == [6]
