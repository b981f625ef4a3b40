"""The refused entry is worded from the events it journaled then, by an older version: an event
in a shape the narration no longer reads (a field it lacks) is passed over, never a crash that
keeps the game from opening (review of the no-longer-applies change)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code, canonical
from companion.session import GameSession, open_game
from companion.store.sqlite import SqliteJournal
from tests.refused_journal import THEN, WORDS, write

OLDER = '[{"area":"North Pacific","type":"battle_declared"},{"type":"battle_declared","attacker":"great_cthulhu"}]'


def test_an_older_shape_of_the_refused_entrys_events_still_opens_the_game() -> None:
    scratch = SqliteJournal(":memory:")
    written = write(scratch)
    journal = SqliteJournal(":memory:")
    journal.create_game("old", "Earth, three players", 1.0)
    for entry in scratch.entries("old"):  # its battle's events as an older version might have written them
        kept = replace(entry, events=OLDER) if entry.seq == written.refused else entry
        journal.append("old", kept, scratch.snapshot("old", entry.seq))
    session = GameSession.resume(journal, "old")
    assert canonical(session.state) == written.states[written.refused - 1]
    assert session.reopened is not None and session.reopened.what == "battle"  # the command's type, not a crash
    assert WORDS not in session.reopened.notice()


def test_the_events_as_this_version_writes_them_word_the_entry() -> None:
    journal = SqliteJournal(":memory:")
    write(journal)
    session = GameSession.resume(journal, "old")
    assert session.reopened is not None and session.reopened.what == WORDS


def test_a_refused_entry_this_version_cannot_read_opens_the_game_before_it() -> None:
    """A command with a field (or of a type) the rules dropped is refused like any other entry
    that no longer applies, not a decoding error out of the opening."""
    for text in (canonical(THEN)[:-1] + ',"gone":1}', '{"type":"no_such_command"}'):
        scratch = SqliteJournal(":memory:")
        written = write(scratch)
        journal = SqliteJournal(":memory:")
        journal.create_game("old", "Earth, three players", 1.0)
        for entry in scratch.entries("old"):
            kept = replace(entry, command=text) if entry.seq == written.refused else entry
            journal.append("old", kept, scratch.snapshot("old", entry.seq))
        session = open_game(journal, "old")
        assert canonical(session.state) == written.states[written.refused - 1]
        assert session.reopened is not None and session.reopened.rejected.code is Code.BAD_COMMAND
        assert "This version cannot read the command" in session.reopened.notice()
