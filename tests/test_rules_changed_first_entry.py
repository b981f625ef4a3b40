"""A stored game whose very first command after ``new_game`` is refused by the rules now opens at
the game's start (the node ``new_game`` made), says so, journals the move once, and has nothing to
undo or redo (review of the no-longer-applies change)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options
from companion.session import GameSession
from companion.store import EntryKind
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

GC, CC = "great_cthulhu", "crawling_chaos"


def test_a_refused_first_command_opens_the_game_at_its_start() -> None:
    scratch = GameSession.start(SqliteJournal(":memory:"), "g", new_game(options=Options(abilities=True)))
    assert isinstance(scratch, GameSession)
    start = canonical(scratch.state)
    assert scratch.submit(c.ChooseDirection(GC, "clockwise")).ok
    journal = SqliteJournal(":memory:")
    journal.create_game("g", "Earth, three players", 1.0)
    for entry in scratch.journal.entries("g"):  # journaled as Crawling Chaos's choice: not its to make now
        kept = replace(entry, command=canonical(c.ChooseDirection(CC, "clockwise"))) if entry.seq == 2 else entry
        journal.append("g", kept, scratch.journal.snapshot("g", entry.seq))
    session = GameSession.resume(journal, "g")
    assert canonical(session.state) == start
    assert session.reopened is not None and session.reopened.seq == 2 and session.reopened.parent == 1
    assert "It is not Crawling Chaos's decision." in session.reopened.notice()
    moved = journal.entry("g", 3)
    assert (moved.kind, moved.parent, moved.head, moved.depth, moved.redo) == (EntryKind.UNDO, 2, 1, 1, ())
    assert not session.submit(c.Undo()).ok and not session.submit(c.Redo()).ok
    again = GameSession.resume(journal, "g")  # a restart: the same place, said again, nothing more written
    assert again.reopened is not None and again.reopened.seq == 2
    assert canonical(again.state) == start and len(list(journal.entries("g"))) == 3
    assert again.submit(c.ChooseDirection(GC, "counterclockwise")).ok  # the game goes on from its start
