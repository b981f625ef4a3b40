"""The table's "Last:" names an entry's main line, not the side effect worded last."""

from __future__ import annotations

import json
import random

from companion import demo
from companion.client import Said
from companion.engine.cthulhu.model import Phase
from companion.narrate import names_of
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.headline import last_entry, main_line, rank, said, said_of

NAMES = {"great_cthulhu": "Great Cthulhu", "black_goat": "Black Goat"}
BATTLE = {
    "type": "battle_rolled",
    "area": "Arabia",
    "attacker": "great_cthulhu",
    "defender": "black_goat",
    "attacker_kills": 2,
    "attacker_pains": 1,
    "defender_kills": 0,
    "defender_pains": 1,
}
KILLED = {"type": "units_removed", "owner": "black_goat", "count": 2, "name": "Acolyte", "reason": "killed", "area": "Arabia"}
PASSION = {"type": "power_gained", "player": "black_goat", "amount": 2, "reason": "Passion", "total": 7}


def test_a_battle_entry_is_headed_by_its_kills_not_the_passion_power_after_them() -> None:
    older = said([{"type": "passed", "player": "great_cthulhu"}], NAMES)
    log = [*older, *said([BATTLE, KILLED, PASSION], NAMES)]
    assert log[-1].startswith("Black Goat gains 2 Power (Passion)")  # what "Last:" showed before
    line = main_line(log)
    assert line.startswith("Battle in Arabia: Great Cthulhu rolls 2 Kills and 1 Pain")
    assert last_entry(log) == log[1:]  # the passing of the entry before is not this entry's


def test_the_first_line_that_is_not_bookkeeping_heads_an_entry() -> None:
    spent = {"type": "power_gained", "player": "great_cthulhu", "amount": 1, "reason": "an ability", "total": 5}
    placed = {
        "type": "units_placed",
        "owner": "great_cthulhu",
        "count": 1,
        "name": "Acolyte",
        "reason": "recruited",
        "area": "Arabia",
    }
    phase = {"type": "phase_started", "round": 2, "phase": "action"}
    log = said([spent, placed, phase], NAMES)
    assert [line.kind for line in log] == ["power_gained", "units_placed", "phase_started"]
    assert main_line(log) == log[1]
    assert rank("battle_rolled") < rank("units_placed") < rank("power_gained")


def test_plain_words_keep_the_old_rule_the_last_line_that_is_not_a_heading() -> None:
    assert main_line(["A recruits.", "B passes.", "-- Round 2: Doom --"]) == "B passes."
    assert main_line([]) == "" and main_line(["-- Round 1: Action --"]) == ""


def test_said_words_are_plain_strings_to_everything_else() -> None:
    line = Said("Great Cthulhu passes.", "passed", opens=True)
    assert line == "Great Cthulhu passes." and f"Last: {line}" == "Last: Great Cthulhu passes."
    assert (line.kind, line.opens) == ("passed", True)


def test_every_battle_of_a_seeded_game_is_headed_by_its_roll() -> None:
    """A seeded 4-player game to its end (Black Goat seated: Passion's Power follows its losses):
    each entry holding a battle's roll is headed by the roll's Kills and Pains."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(2, "yuggoth-demo", 4).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(2)
    while session.state.phase is not Phase.GAME_OVER:
        session.submit(demo.choose(session.state, rnd))
    names = names_of(session.state)
    battles, hidden = 0, 0
    for entry in session.journal.entries("g"):
        events = json.loads(entry.events)
        if any(e.get("type") == "battle_rolled" for e in events):
            battles += 1
            lines = said(events, names)
            assert main_line(lines).startswith("Battle in "), [str(line) for line in lines]
            hidden += not lines[-1].startswith("Battle in ")  # what "Last:" showed: the entry's last line
    assert battles >= 2 and hidden >= 1


def test_said_of_gives_the_words_the_appliance_gives() -> None:
    """said_of is a drop-in for companion.appliance.words: the same lines, typed."""
    from companion.appliance import words

    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(2, "yuggoth-demo", 4).command())
    assert isinstance(session, GameSession)
    rnd, seen = random.Random(2), 0
    for _ in range(80):
        result = session.submit(demo.choose(session.state, rnd))
        events = getattr(result, "events", ())
        typed = said_of(events, names_of(session.state))
        assert typed == words(events, session.state)
        assert all(isinstance(line, Said) and line.kind for line in typed)
        assert [line.opens for line in typed] == [n == 0 for n in range(len(typed))]
        seen += len(typed)
    assert seen > 80
