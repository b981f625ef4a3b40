"""A waiting prompt's text follows the Power (issue #31 item 8's rule, for every answer, not only
corrections): an action prompt asked before a post-battle ability changed its player's Power
names the Power that player has when it comes back.

Crawling Chaos' Harbinger ("you receive Power equal to half the cost to Awaken the Great Old
One"): Great Cthulhu attacks Nyarlathotep and Cthulhu is killed; Crawling Chaos' turn is asked
next, and the Harbinger's question (then Great Cthulhu's Spellbook for the Kill) interrupts it.
Answered "power", the turn's prompt comes back naming the Power with the Harbinger's 2 (half of
Cthulhu's 4: he was placed, so his next awakening costs 4), not the 8 it named before.
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import CC, GC, battle, book, command, new_game, place, play, roll, use

CTHULHU_KILLED_BY_NYARLATHOTEP = [
    *new_game(),
    place(CC, "Asia", "goo", "Nyarlathotep"),
    book(CC, "Abduct"),
    place(GC, "Asia", "goo", "Cthulhu"),
    book(GC, "Dreams"),
    battle(GC, "Asia", CC),  # Cthulhu: 6 dice; Nyarlathotep: 2 (1 Spellbook each side)
    roll(1, 1, 1, 1, 1, 1),
    roll(6, 1),  # a Kill on Cthulhu
]


def test_the_action_prompt_after_the_harbingers_power_names_the_power_gained() -> None:
    played = play(*CTHULHU_KILLED_BY_NYARLATHOTEP, use(CC, "power"), command("choose_spellbook", player=GC, name="Absorb"))
    assert played.refused() == []
    power = played.player(CC)["power"]
    assert power == 8 + 2
    assert played.prompt["kind"] == "action" and played.prompt["actor"] == CC
    assert played.prompt["text"] == f"Crawling Chaos: take an action ({power} Power)."


def test_a_corrected_power_is_named_by_the_waiting_action_prompt() -> None:
    """Issue #31 item 8: "take an action (8 Power)" after Power was set to 0 (the correction)."""
    played = play(*new_game(), command("correct", player=GC, counter="power", value=3))
    assert played.refused() == []
    assert played.prompt["kind"] == "action" and played.prompt["text"] == "Great Cthulhu: take an action (3 Power)."
