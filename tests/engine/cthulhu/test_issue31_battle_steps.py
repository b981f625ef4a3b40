"""Issue #31 item 9: Eternal, Berserkergang and Cannibalism at their step of the battle, and
Capture Monster under the Ice Age.

factions.md section 11 (the battle's steps as HRF plays them): 9 "Kill effects ... Eternal (1
Power, once per battle)", 11 "Berserkergang: Enemy eliminates one Monster/Cultist per killed
Gnoph-Keh" (before 13, the Pains), 14 "Pain effects: ... Eternal", 16 "Post-battle: ...
Cannibalism placement". The referee asks Eternal and Berserkergang once the battle is over (it
resolves Kills, Pains and retreats in one step): those two are NOT DONE, held here as strict
expected failures. Cannibalism's step is the battle's end, as today.
"""

from __future__ import annotations

import pytest

from tests.engine.cthulhu.scripted import CC, GC, battle, book, books, command, new_game, passes, place, play, roll, use

WW, SL = "windwalker", "sleeper"
WINDWALKERS_TURN = [*new_game((GC, CC, WW), starts=((WW, "Arctic Ocean"),)), passes(GC), passes(CC)]


@pytest.mark.xfail(strict=True, reason="issue #31 item 9, NOT DONE: Eternal is asked after the battle, not at step 9")
def test_eternal_saves_rhan_tegoth_from_the_kill_and_the_pain_then_lands_on_him() -> None:
    played = play(
        *WINDWALKERS_TURN,
        place(WW, "Asia", "goo", "Rhan Tegoth"),
        book(WW, "Ice Age"),
        place(CC, "Asia", "monster", "Hunting Horror"),
        battle(WW, "Asia", CC),
        roll(1, 1, 1),
        roll(6, 4),  # a Kill and a Pain, both on Rhan Tegoth
        use(WW, "use"),  # Eternal, at step 9: the Kill is cancelled; the Pain (step 13) stands
    )
    assert played.refused() == []
    assert played.prompt["kind"] == "retreat" and played.prompt["actor"] == WW


@pytest.mark.xfail(strict=True, reason="issue #31 item 9, NOT DONE: Berserkergang is asked after the battle, not at step 11")
def test_berserkergang_comes_before_the_pains() -> None:
    played = play(
        *WINDWALKERS_TURN,
        books(WW, "Berserkergang"),
        place(WW, "Asia", "monster", "Gnoph-Keh"),
        place(CC, "Asia", "monster", "Hunting Horror"),
        battle(WW, "Asia", CC),
        roll(4, 1, 1),  # a Pain on Crawling Chaos
        roll(6, 1),  # the Gnoph-Keh killed
    )
    assert played.refused() == []
    assert played.prompt["purpose"] == "Berserkergang" and played.prompt["kind"] != "assign_pain"


def test_cannibalism_is_asked_at_the_battles_end_its_step() -> None:
    played = play(
        *WINDWALKERS_TURN,
        books(WW, "Cannibalism"),
        place(WW, "Asia", "monster", "Wendigo"),
        battle(WW, "Asia", CC),
        roll(6),
    )
    types = [e["type"] for e in played.events()]
    assert "battle_ended" in types and played.prompt["purpose"] == "Cannibalism"


def test_capture_monster_in_the_ice_ages_area_pays_its_tax() -> None:
    """Ice Age: an enemy pays 1 Power more for an action in its area; Capture Monster's is
    Tsathoggua's area (HRF FactionSL.scala: ``payTax(self.goo(Tsathoggua).region)``)."""
    played = play(
        *new_game((GC, WW, SL), starts=((WW, "Arctic Ocean"),)),
        passes(GC),
        passes(WW),
        books(SL, "Capture Monster"),
        books(WW, "Ice Age"),
        command("place_marker", area="Asia", marker="ice_age"),
        place(SL, "Asia", "goo", "Tsathoggua"),
        place(GC, "Asia", "monster", "Deep One"),
        command("capture_monster", player=SL, victim=GC),
    )
    assert played.refused() == []
    assert played.count("Asia", GC, "Deep One") == 0 and played.player(SL)["power"] == 8 - 1 - 1
