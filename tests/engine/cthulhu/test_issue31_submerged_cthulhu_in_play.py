"""Issue #31 item 3: a submerged Cthulhu is in play.

factions.md: Cthulhu's Deep is "in play but not on the map": units there count for "GOO-in-play
checks". So he gives Great Cthulhu's Ritual its Elder Sign ("1 Elder Sign per own faction GOO in
play") and counts for Yog-Sothoth's combat ("2 x number of enemy faction GOOs in play").
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import BG, CC, GC, battle, book, command, new_game, passes, place, play

OW = "opener_of_the_way"
SUBMERGED = [place(GC, "South Pacific", "goo", "Cthulhu"), book(GC, "Submerge"), command("submerge", player=GC)]


def test_a_submerged_cthulhu_gives_the_ritual_its_elder_sign() -> None:
    played = play(
        *new_game(),
        *SUBMERGED,
        passes(CC),
        passes(BG),
        passes(GC),  # round 2: Gather Power, the first player, then the Doom Phase
        command("choose_first_player", player=GC, first=GC),
        command("choose_direction", player=GC, direction="clockwise"),
        book(GC, "Devolve"),  # First Doom Phase
        command("ritual", player=GC),
    )
    assert played.refused() == []
    assert played.count("South Pacific", GC, "Cthulhu") == 0  # still in the Deep
    (ritual,) = played.events("ritual_performed")
    assert ritual["player"] == GC and ritual["elder_signs"] == 1


def test_a_submerged_cthulhu_counts_for_yog_sothoths_combat() -> None:
    played = play(
        *new_game((GC, OW, BG), starts=((OW, "Europe"),)),
        *SUBMERGED[:2],
        place(OW, "Africa", "goo", "Yog-Sothoth"),
        book(OW, "Channel Power"),
        SUBMERGED[2],
        battle(OW, "Africa", BG),
    )
    assert played.refused() == []
    (yog,) = [e for e in played.events("combat_computed") if e["player"] == OW]
    assert yog["dice"] == 2  # 2 x Cthulhu, in the Deep
