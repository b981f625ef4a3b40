"""Opening a SQLite journal: a newer schema is refused before anything is written, a missing
unique input index is built again (duplicates set aside, said), and a full disk says so."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import Entry, EntryKind, JournalError, open_journal
from companion.store.sqlite import SCHEMA_VERSION, SqliteJournal
from tests.mounts import fill


def entry(seq: int, input_id: str = "") -> Entry:
    return Entry(seq, EntryKind.COMMAND, seq - 1, seq, seq, (), '{"type":"pass"}', "[]", float(seq), input_id)


def test_a_newer_schema_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (name TEXT PRIMARY KEY, kept TEXT)")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match=f"has schema {SCHEMA_VERSION + 1}; this companion reads {SCHEMA_VERSION}"):
        open_journal(path)
    assert path.read_bytes() == before  # still a rollback journal, no table made
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal.sqlite3"]  # no -wal, no -shm


def schema_2_without_its_index(path: Path) -> None:
    """A schema-2 journal whose unique input index is gone, input tap:1 in it twice (the fast
    append path relied on the index), tap:2 once."""
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        journal.append("g", entry(1, "tap:1"))
    db = sqlite3.connect(path)
    with db:
        db.execute("DROP INDEX entries_input")
        if "digest" in [row[1] for row in db.execute("PRAGMA table_info(snapshots)")]:
            db.execute("ALTER TABLE snapshots DROP COLUMN digest")
        db.execute("PRAGMA user_version=2")
        for seq, input_id in ((2, "tap:1"), (3, "tap:2"), (4, "tap:1")):
            db.execute(
                "INSERT INTO entries VALUES ('g', ?, 'command', ?, ?, ?, '', '{\"type\":\"pass\"}', '[]', ?, ?)",
                (seq, seq - 1, seq, seq, float(seq), input_id),
            )
    db.close()


def test_a_missing_input_index_is_built_again_and_duplicates_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    schema_2_without_its_index(path)
    with SqliteJournal(path) as journal:
        (notice,) = journal.notices
        assert "tap:1" in notice and "entries 2, 4" in notice and "entry 1" in notice
        assert journal.find_input("g", "tap:1") == 1 and journal.find_input("g", "tap:2") == 3
        assert [e.input for e in journal.entries("g")] == ["tap:1", "", "tap:2", ""]  # every entry kept
        with pytest.raises(JournalError, match="already holds input tap:2"):
            journal.append("g", entry(5, "tap:2"))
        aside = journal._db.execute("SELECT game, seq, input FROM set_aside_inputs ORDER BY seq").fetchall()
        assert aside == [("g", 2, "tap:1"), ("g", 4, "tap:1")]
    with SqliteJournal(path) as journal:
        assert journal.notices == []  # once: the index is there now


def test_a_full_disk_at_open_says_the_disk_is_full(small_disk: Path) -> None:
    path = small_disk / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        journal.append("g", entry(1))
    filler = fill(small_disk)
    with pytest.raises(JournalError) as raised:
        SqliteJournal(path)
    message = str(raised.value)
    assert f"The disk holding the journal {path} is full" in message and "dmesg" not in message
    assert "free" in message.lower()
    filler.unlink()
    with SqliteJournal(path) as journal:  # space freed: it opens as before
        assert journal.last("g") == entry(1)
