"""Issue #31 item 9: Energy Nexus' action starts in the Wizard's area.

Sleeper's card (Energy Nexus, factions.md section 6; docs/rules-notes.md quoted it): before a
battle in the Wizard's area, Sleeper "may take a single Action which originates in that Area".
A Move of units from elsewhere is refused; the Wizard moving out of the area is taken.
"""

from __future__ import annotations

from typing import Any

from tests.engine.cthulhu.scripted import GC, battle, command, new_game, place, play, use

SL = "sleeper"
NEXUS: list[dict[str, Any]] = [
    *new_game((GC, "crawling_chaos", SL)),
    command("set_spellbooks", player=SL, names=["Energy Nexus"]),
    place(SL, "Asia", "monster", "Wizard"),
    place(GC, "Asia", "monster", "Deep One"),
    battle(GC, "Asia", "crawling_chaos"),
    use(SL, "use"),
]


def move(area: str, to: str, kind: str, name: str) -> dict[str, Any]:
    return command("move", player=SL, groups=[{"area": area, "to": to, "kind": kind, "name": name, "count": 1}])


def test_an_action_from_another_area_is_refused() -> None:
    played = play(*NEXUS, move("North America", "North Atlantic", "cultist", "Acolyte"))
    (refusal,) = played.refused()
    assert refusal["code"] == "not_now" and "Asia" in refusal["message"]
    assert played.prompt["actor"] == SL and played.prompt["kind"] == "action"


def test_an_action_from_the_wizards_area_is_taken() -> None:
    played = play(*NEXUS, move("Asia", "Europe", "monster", "Wizard"))
    assert played.refused() == []
    assert played.count("Europe", SL, "Wizard") == 1 and played.prompt["kind"] == "roll"
