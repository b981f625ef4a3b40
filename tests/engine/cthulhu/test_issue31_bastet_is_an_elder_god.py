"""Issue #31 item 5: Bastet is an Elder God, not a faction Great Old One.

factions.md section 9: Bastet's kind is "Elder God (GOO-like)". The Ritual gives "1 Elder Sign per
own *faction* GOO in play" and Yog-Sothoth's combat is "2 x number of enemy faction GOOs in play":
neither counts her.
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import GC, battle, book, command, new_game, passes, place, play

OW, BB = "opener_of_the_way", "bubastis"
SEATS = new_game((GC, OW, BB), starts=((OW, "Europe"),))


def test_bastet_gives_bubastis_ritual_no_elder_sign() -> None:
    played = play(
        *SEATS,
        place(BB, "Africa", "goo", "Bastet"),
        passes(GC),
        passes(OW),
        passes(BB),  # round 2: Gather Power, the first player, then the Doom Phase
        command("choose_first_player", player=GC, first=BB),
        command("choose_direction", player=BB, direction="clockwise"),
        book(GC, "Devolve"),  # Great Cthulhu's First Doom Phase
        command("ritual", player=BB),
    )
    assert played.refused() == []
    (ritual,) = played.events("ritual_performed")
    assert ritual["player"] == BB and ritual["elder_signs"] == 0


def test_bastet_gives_yog_sothoth_no_combat() -> None:
    played = play(
        *SEATS,
        place(BB, "Africa", "goo", "Bastet"),
        place(GC, "South Pacific", "goo", "Cthulhu"),
        book(GC, "Devolve"),
        place(OW, "Africa", "goo", "Yog-Sothoth"),
        book(OW, "Channel Power"),
        book(OW, "Dragon Ascending"),
        passes(GC),
        battle(OW, "Africa", BB),
    )
    assert played.refused() == []
    (yog,) = [e for e in played.events("combat_computed") if e["player"] == OW]
    assert yog["dice"] == 2  # 2 x Cthulhu; Bastet is none
