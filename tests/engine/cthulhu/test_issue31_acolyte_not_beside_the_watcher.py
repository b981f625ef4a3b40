"""Issue #31 item 13: the Astral Acolyte is placed "into any Area that has no other Units"
(astral-acolyte.txt); the Watcher's area has one.

yuggoth-watcher.txt: "The Watcher is a Great Old One", and astral-acolyte.txt ranks the Units by
kind, Great Old Ones first: the Watcher is a Unit (of no faction: it controls nothing), so its
area is not offered and a placement there is refused (docs/rules-notes.md).
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import BG, CC, GC, book, command, new_game, passes, play, roll

WATCHER_AREA = "Laboratory"
TO_THE_PLACEMENT = [
    *new_game(board="yuggoth-demo", astral_acolyte=True),
    command("set_watcher", awake=True, token=7, area=WATCHER_AREA),
    passes(GC),
    passes(CC),
    passes(BG),  # round 2: Gather Power, the first player, the first Doom Phase
    command("choose_first_player", player=GC, first=GC),
    command("choose_direction", player=GC, direction="clockwise"),
    book(GC, "Devolve"),  # First Doom Phase
    roll(1),  # the Watcher's decay: 7 -> 6
    command("skip_ritual", player=GC),
    command("skip_ritual", player=CC),
    command("skip_ritual", player=BG),
]


def test_the_watchers_area_is_not_offered() -> None:
    played = play(*TO_THE_PLACEMENT)
    assert played.refused() == []
    assert played.prompt["kind"] == "acolyte"
    assert WATCHER_AREA not in played.prompt["choices"] and "Slime Sea Overlook" in played.prompt["choices"]


def test_a_placement_beside_the_watcher_is_refused() -> None:
    played = play(*TO_THE_PLACEMENT, command("place_acolyte", player=GC, area=WATCHER_AREA))
    (refusal,) = played.refused()
    assert refusal["code"] == "not_a_choice"
    assert played.state["acolyte"]["status"] == "waiting"
