"""Damage inside a record (its page sound, its text not), on every store: a damaged entry is
named in its place and passed over by the readers of recent entries; a snapshot is checked
against the checksum stored beside it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import Entry, EntryKind, Journal
from companion.store.base import DamagedEntry, DamagedSnapshot, digest, events_of, readable
from companion.store.sqlite import SqliteJournal
from tests import damaged_journal


def entry(seq: int) -> Entry:
    return Entry(seq, EntryKind.COMMAND, seq - 1, seq, seq, (), '{"type":"pass"}', '[{"type":"passed"}]', 100.0 + seq)


def five(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    for seq in range(1, 6):
        journal.append("g", entry(seq), f'{{"state":{seq}}}' if seq in (1, 4) else None)


def test_a_damaged_command_is_named_in_its_place_and_passed_over(journal: Journal) -> None:
    five(journal)
    damaged_journal.spoil_entry(journal, "g", 3, "command")
    read = list(journal.read("g"))
    assert [getattr(item, "seq", None) for item in read] == [1, 2, 3, 4, 5]
    assert isinstance(read[2], DamagedEntry) and read[2].seq == 3 and read[2].game == "g"
    passed: list[DamagedEntry] = []
    assert [e.seq for e in readable(journal, "g", 2, passed)] == [2, 4, 5] and [d.seq for d in passed] == [3]
    with pytest.raises(DamagedEntry, match=r"entry 3 of game 'g' is damaged .*companion export g"):
        list(journal.entries("g"))
    with pytest.raises(DamagedEntry):
        journal.entry("g", 3)
    assert journal.entry("g", 4) == entry(4)


def test_damaged_events_are_found_by_their_reader(journal: Journal) -> None:
    # Redis keeps an entry as one text: it is damaged whole.  SQLite leaves the events to what
    # reads them (events_of), so a replay, which needs only commands, goes through.
    five(journal)
    damaged_journal.spoil_entry(journal, "g", 3, "events")
    found: list[DamagedEntry] = []
    for item in readable(journal, "g", 1, found):
        try:
            events_of("g", item)
        except DamagedEntry as damaged:
            found.append(damaged)
    assert [d.seq for d in found] == [3] and "entry 3 of game 'g' is damaged" in str(found[0])


def test_sqlite_replays_through_an_entry_whose_events_alone_are_damaged(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        five(journal)
        damaged_journal.spoil_entry(journal, "g", 3, "events")
        assert journal.entry("g", 3).command == '{"type":"pass"}'


def test_a_snapshot_is_checked_against_its_checksum(journal: Journal) -> None:
    five(journal)
    journal.keep_snapshot("g", 2, '{"state":2}')
    assert journal.snapshot("g", 2) == '{"state":2}' and journal.snapshot("g", 4) == '{"state":4}'
    damaged_journal.spoil_snapshot(journal, "g", 2, lambda state: state.replace("2", "7"))
    with pytest.raises(DamagedSnapshot, match="node 2 is damaged"):
        journal.snapshot("g", 2)
    assert journal.snapshot("g", 4) == '{"state":4}'


def test_a_snapshot_stored_before_checksums_is_read_unverified(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        five(journal)
    db = sqlite3.connect(path)
    with db:  # as a schema-2 journal holds it: no checksum column
        db.execute("ALTER TABLE snapshots DROP COLUMN digest")
        db.execute("PRAGMA user_version=2")
    db.close()
    with SqliteJournal(path) as journal:  # brought up to date: the column added, NULL for the old ones
        assert journal.snapshot("g", 4) == '{"state":4}' and journal.notices == []
        journal.keep_snapshot("g", 5, '{"state":5}')
        rows = journal._db.execute("SELECT node, digest FROM snapshots ORDER BY node").fetchall()
        assert rows == [(1, None), (4, None), (5, digest('{"state":5}'))]
        assert journal._db.execute("PRAGMA user_version").fetchone() == (3,)
