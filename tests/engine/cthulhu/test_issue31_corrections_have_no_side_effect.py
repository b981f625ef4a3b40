"""Issue #31 item 8: a correction has no side effect beyond its fact.

docs/commands.md, "Corrections": a correction "is accepted at any time ... (a waiting prompt stays
as it was)". While a joined game's board is entered, a correction meets no Spellbook requirement:
it draws no Elder Sign and the join prompt stays. A waiting action prompt names the Power as
corrected.
"""

from __future__ import annotations

from tests.engine.cthulhu.scripted import CORE3, GC, command, correct, place, play

JOINED = {"type": "new_game", "board": "earth-3p", "seats": list(CORE3), "options": {"abilities": True}}


def test_entering_a_joined_board_meets_no_requirement() -> None:
    played = play(
        {**JOINED, "join": {"round": 3, "phase": "action"}},
        place(GC, "South Pacific", "goo", "Cthulhu"),
        correct(GC, "power", 6),
    )
    assert played.refused() == []
    assert played.events("elder_sign_drawn") == [] and played.events("requirement_met") == []
    assert played.prompt["kind"] == "join" and played.player(GC)["elder_signs"] == []


def test_a_waiting_action_prompt_names_the_corrected_power() -> None:
    played = play(
        JOINED,
        {"type": "choose_direction", "player": GC, "direction": "clockwise"},
        correct(GC, "power", 3),
    )
    assert played.refused() == []
    assert played.prompt["kind"] == "action" and played.prompt["text"] == "Great Cthulhu: take an action (3 Power)."


def test_play_begun_after_the_first_doom_phase_meets_no_requirement_again() -> None:
    """Joined at round 3, the board entered (Cthulhu, his two Spellbooks): the First Doom Phase
    and his awakening were met before the join; beginning play draws no Elder Sign for them and
    asks no Spellbook."""
    played = play(
        {**JOINED, "join": {"round": 3, "phase": "action"}},
        place(GC, "South Pacific", "goo", "Cthulhu"),
        command("set_spellbooks", player=GC, names=["Devolve", "Dreams"]),
        correct(GC, "power", 6),
        command("begin_play"),
    )
    assert played.refused() == []
    assert played.events("elder_sign_drawn") == [] and played.events("requirement_met") == []
    assert played.prompt["kind"] == "action" and played.prompt["actor"] == GC


def test_joined_at_the_first_doom_phase_its_elder_sign_still_comes() -> None:
    played = play({**JOINED, "join": {"round": 2, "phase": "doom"}}, correct(GC, "power", 8), command("begin_play"))
    assert played.refused() == []
    assert [e["reason"] for e in played.events("elder_sign_drawn")] == ["First Doom Phase"]
