"""Issue 31, item 14: a delayed investigator is on the board like any other.

The rules text (../shared/rules/arkham-mythos-phase.txt): drawn-through investigators "are
delayed ... Those investigators will not move during the next Movement Phase".  Being delayed
changes nothing else: a gate opening on them draws them through, a monster with them stays, a
Clue where they stand is theirs to take, a flyer swoops on them, a shop closed by terror puts them
in its street (still delayed).  Each situation is entered through `companion script`.
"""

from __future__ import annotations

from tests.engine.arkham.script import Line, accepted, events, game


def delayed(name: str, place: str) -> Line:
    return {"type": "arkham_investigator", "name": name, "place": place, "delayed": True}


def placed(kind: str, to: str) -> Line:
    return {"type": "arkham_monster", "kind": kind, "action": "place", "to": to}


def test_a_gate_opening_on_a_delayed_investigator_draws_them_through() -> None:
    # All Quiet in Arkham!: gate Woods.  The example: today Amanda stays beside the Cultist.
    answers, state = accepted(
        game("Woods"),
        delayed("Amanda", "Woods"),
        {"type": "mythos", "card": "All Quiet in Arkham!", "gate": "Yuggoth", "monsters": ["Cultist"]},
    )
    assert events(answers[2], "gate_opened")[0]["drawn_through"] == ["Amanda"]
    [amanda] = state.investigators
    assert (amanda.place, amanda.delayed) == ("Yuggoth", True)


def test_a_monster_with_a_delayed_investigator_does_not_move() -> None:
    # Big Storm Sweeps Arkham!: gate Independence Square; white box crescent (a Cultist follows
    # the white arrow out of Uptown) -- "A monster that already shares a location or street area
    # with one or more investigators does not move".
    answers, state = accepted(
        game("Uptown"),
        delayed("Amanda", "Uptown"),
        placed("Cultist", "Uptown"),
        {"type": "mythos", "card": "Big Storm Sweeps Arkham!", "gate": "Yuggoth", "monsters": ["Ghoul"]},
    )
    assert events(answers[3], "monster_moved") == []
    assert ("Cultist", "Uptown") in [(x.kind, x.place) for x in state.monsters]


def test_a_clue_where_a_delayed_investigator_stands_is_offered_to_them() -> None:
    # All Quiet in Arkham!: clue Historical Society ("one of them ... may immediately take that Clue token").
    answers, state = accepted(
        game("Historical Society"),
        delayed("Amanda", "Historical Society"),
        {"type": "mythos", "card": "All Quiet in Arkham!", "gate": "Yuggoth", "monsters": ["Cultist"]},
    )
    assert events(answers[2], "clue_appeared")[0]["taken_by"] == "Amanda"
    assert state.investigators[0].clues == 1


def test_a_flyer_in_the_sky_swoops_on_a_delayed_investigator_in_a_street() -> None:
    # Heat Wave: gate Woods; black box circle: the Byakhee (circle, flying) moves.
    answers, state = accepted(
        game("Northside"),
        delayed("Amanda", "Northside"),
        placed("Byakhee", "Sky"),
        {"type": "mythos", "card": "Heat Wave", "gate": "Yuggoth", "monsters": ["Cultist"]},
    )
    assert [(e["monster"], e["to"]) for e in events(answers[3], "monster_moved")] == [("Byakhee", "Northside")]
    assert ("Byakhee", "Northside") in [(x.kind, x.place) for x in state.monsters]


def test_a_shop_closed_by_terror_puts_a_delayed_investigator_in_its_street_still_delayed() -> None:
    # Terror 3 closes the General Store "for the game (occupants -> Rivertown street)" (Rulebook p.20).
    answers, state = accepted(
        game("General Store"),
        delayed("Amanda", "General Store"),
        {"type": "arkham_terror", "terror": 3},
    )
    [amanda] = state.investigators
    assert (amanda.place, amanda.delayed) == ("Rivertown", True)
    assert events(answers[2], "investigator_moved")[0]["to"] == "Rivertown"
