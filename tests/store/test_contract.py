"""One contract, three journals: SQLite, fakeredis, and a real redis-server started for the tests."""

from __future__ import annotations

import os
import sqlite3
import stat
import struct
from pathlib import Path

import fakeredis
import pytest

from companion.store import DuplicateInput, Entry, EntryKind, GameNotFound, Journal, JournalError, StaleWriter
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal


def entry(seq: int, command: str = '{"type":"pass"}', at: float = 100.0, input_id: str = "") -> Entry:
    return Entry(seq, EntryKind.COMMAND, seq - 1, seq, seq, (), command, '[{"type":"passed"}]', at + seq, input_id)


def test_appended_entries_read_back_in_order(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    for seq in range(1, 6):
        journal.append("g", entry(seq), snapshot=f'{{"n":{seq}}}' if seq % 2 else None)
    assert [e.seq for e in journal.entries("g")] == [1, 2, 3, 4, 5]
    assert list(journal.entries("g", start=4)) == [entry(4), entry(5)]
    assert journal.entry("g", 3) == entry(3)
    assert journal.last("g") == entry(5)
    assert journal.snapshot("g", 3) == '{"n":3}'
    assert journal.snapshot("g", 2) is None


def test_an_entry_keeps_its_redo_stack_and_kind(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1))
    undo = Entry(2, EntryKind.UNDO, 1, 0, 0, (1, 7), '{"type":"undo"}', "[]", 3.5)
    journal.append("g", undo)
    assert journal.last("g") == undo


def test_a_stale_writer_is_refused_and_writes_nothing(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1))
    with pytest.raises(StaleWriter):
        journal.append("g", entry(1, command='{"type":"other"}'))
    with pytest.raises(StaleWriter):
        journal.append("g", entry(3))
    assert [e.seq for e in journal.entries("g")] == [1]
    assert journal.entry("g", 1).command == '{"type":"pass"}'


def test_games_are_listed_most_recent_first(journal: Journal) -> None:
    journal.create_game("old", "Old", 1.0)
    journal.create_game("new", "New", 2.0)
    journal.append("old", entry(1, at=500.0))
    names = [g.name for g in journal.games()]
    assert names == ["old", "new"]
    assert journal.games()[0].entries == 1


def test_a_name_cannot_be_used_twice(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1))
    with pytest.raises(JournalError, match="already exists"):
        journal.create_game("g", "Again", 2.0)
    assert journal.last("g") == entry(1)


def test_an_empty_game_left_by_a_power_cut_is_made_again(journal: Journal) -> None:
    # The cut came between creating the game and its first entry: starting it again works.
    journal.create_game("welcome", "Welcome game", 1.0)
    journal.create_game("welcome", "Welcome game", 2.0)
    journal.append("welcome", entry(1))
    assert [(g.name, g.created, g.entries) for g in journal.games()] == [("welcome", 2.0, 1)]


def test_an_input_is_journaled_once_whatever_the_retry(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1, input_id="tower:AB:1"))
    journal.append("g", entry(2, input_id="tap:7f3a"))
    # Retried against the old state (a lost reply), or against the new one (after a reload):
    for retry in (entry(2, input_id="tower:AB:1"), entry(3, input_id="tower:AB:1"), entry(3, input_id="tap:7f3a")):
        with pytest.raises(DuplicateInput) as refused:
            journal.append("g", retry, snapshot='{"n":3}')
        assert refused.value.seq == (1 if retry.input.startswith("tower") else 2)
    assert [e.input for e in journal.entries("g")] == ["tower:AB:1", "tap:7f3a"]
    assert journal.snapshot("g", 3) is None  # nothing of a refused entry was written
    assert journal.find_input("g", "tap:7f3a") == 2 and journal.find_input("g", "tap:other") is None
    journal.append("g", entry(3))  # entries without an input never collide
    journal.append("g", entry(4))
    journal.create_game("h", "Another game", 2.0)
    journal.append("h", entry(1, input_id="tower:AB:1"))  # an input belongs to one game
    assert journal.last("h") == entry(1, input_id="tower:AB:1")


def test_a_duplicate_input_is_found_before_a_stale_entry(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1, input_id="tap:1"))
    journal.append("g", entry(2))
    with pytest.raises(DuplicateInput):
        journal.append("g", entry(1, input_id="tap:1"))  # stale too: the duplicate is what matters
    with pytest.raises(StaleWriter):
        journal.append("g", entry(2, input_id="tap:2"))


def test_unknown_games_and_entries_are_clear_errors(journal: Journal) -> None:
    with pytest.raises(GameNotFound):
        journal.last("nope")
    with pytest.raises(GameNotFound):
        journal.append("nope", entry(1))
    journal.create_game("g", "A game", 1.0)
    assert journal.last("g") is None
    with pytest.raises(JournalError, match="no entry 9"):
        journal.entry("g", 9)


def test_a_snapshot_kept_after_its_entry_reads_back_and_needs_the_entry(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    for seq in range(1, 4):
        journal.append("g", entry(seq))
    journal.keep_snapshot("g", 2, '{"n":2}')  # the table's quiet moment, after the entry is durable
    journal.keep_snapshot("g", 2, '{"n":2}')  # again (a retry): the same text, stored once
    assert journal.snapshot("g", 2) == '{"n":2}'
    assert journal.snapshot("g", 3) is None
    with pytest.raises(JournalError, match="no entry 4"):
        journal.keep_snapshot("g", 4, '{"n":4}')  # not journaled: nothing stored
    assert journal.snapshot("g", 4) is None
    with pytest.raises(GameNotFound):
        journal.keep_snapshot("nope", 1, '{"n":1}')
    journal.append("g", entry(4))
    assert journal.snapshot("g", 4) is None  # the refused one was not kept for later
    assert [e.seq for e in journal.entries("g")] == [1, 2, 3, 4]  # a snapshot is not an entry


def test_many_entries_stream_in_batches(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    for seq in range(1, 1203):
        journal.append("g", entry(seq))
    assert sum(1 for _ in journal.entries("g")) == 1202
    assert next(iter(journal.entries("g", start=1200))).seq == 1200


def test_close_twice_is_safe(journal: Journal) -> None:
    journal.close()
    journal.close()


def test_sqlite_file_is_private_and_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "journal.sqlite3"
    with SqliteJournal(path) as first:
        first.create_game("g", "A game", 1.0)
        first.append("g", entry(1))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with SqliteJournal(path) as second:
        assert second.last("g") == entry(1)


def test_two_sqlite_writers_on_one_file_never_write_the_same_entry(tmp_path: Path) -> None:
    # Two processes on one journal: the one that wrote against an old state is refused.
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as first, SqliteJournal(path) as second:
        first.create_game("g", "A game", 1.0)
        first.append("g", entry(1))
        second.append("g", entry(2))
        with pytest.raises(StaleWriter, match="is at entry 2"):
            first.append("g", entry(2, command='{"type":"other"}'))
        first.append("g", entry(3))
        assert [e.command for e in second.entries("g")] == ['{"type":"pass"}'] * 3


def test_a_journal_without_input_ids_is_brought_up_to_date(tmp_path: Path) -> None:
    # A journal written before input identities (schema 1) opens, keeps its entries, and refuses
    # a duplicate input from then on.
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as old:
        old.create_game("g", "A game", 1.0)
        old.append("g", entry(1))
    db = sqlite3.connect(path)
    db.executescript(
        "DROP INDEX entries_input; CREATE TABLE e2 AS SELECT game, seq, kind, parent, head, depth, redo, command, "
        "events, at FROM entries; DROP TABLE entries; ALTER TABLE e2 RENAME TO entries; PRAGMA user_version=1;"
    )
    db.close()
    with SqliteJournal(path) as journal:
        assert journal.last("g") == entry(1)
        journal.append("g", entry(2, input_id="tap:1"))
        with pytest.raises(DuplicateInput):
            journal.append("g", entry(3, input_id="tap:1"))


def test_redis_that_went_away_is_reported_and_nothing_is_written() -> None:
    server = fakeredis.FakeServer()
    journal = RedisJournal(fakeredis.FakeRedis(server=server))
    journal.create_game("g", "A game", 1.0)
    server.connected = False
    with pytest.raises(JournalError, match=r"went away|not answering"):
        journal.append("g", entry(1))
    server.connected = True
    assert journal.last("g") is None


def wal_frames(database: Path) -> int:
    """The frames in the database's write-ahead log, from its WAL index (mxFrame, a native u32 at
    byte 16 of the -shm file: https://www.sqlite.org/walformat.html)."""
    (frames,) = struct.unpack("=I", Path(f"{database}-shm").read_bytes()[16:20])
    return int(frames)


def test_idle_housekeeping_restarts_the_log_so_the_next_entry_is_an_ordinary_commit(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        for seq in range(1, 6):
            journal.append("g", entry(seq))
        assert wal_frames(path) >= 5
        journal.maintain()
        assert wal_frames(path) == 1  # folded in, and restarted by a one-frame write of its own
        journal.append("g", entry(6))
        assert wal_frames(path) > 1  # the entry went after it: no restart (and its header fsync) now
        assert journal.last("g") == entry(6)


def test_idle_housekeeping_with_nothing_new_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        journal.append("g", entry(1))
        journal.maintain()
        wal = Path(f"{path}-wal").read_bytes()
        journal.maintain()
        assert Path(f"{path}-wal").read_bytes() == wal and wal_frames(path) == 1


def test_a_healthy_journal_opens_without_notices_and_an_input_survives_export(journal: Journal) -> None:
    assert journal.notices == []
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1, input_id="tower:AB:1"))
    journal.append("g", entry(2))
    exported = [e.to_json() for e in journal.entries("g")]
    assert '"input":"tower:AB:1"' in exported[0] and "input" not in exported[1]  # no id: exported as before
    assert [Entry.from_json(line) for line in exported] == [entry(1, input_id="tower:AB:1"), entry(2)]


def test_an_entry_whose_text_is_garbage_is_a_clear_error(tmp_path: Path) -> None:
    # Damage inside a record that leaves the page sound: reading it says so, with what to do.
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        journal.append("g", entry(1))
        journal._db.execute('UPDATE entries SET command = \'{"type":"pa\' WHERE seq = 1')
        with pytest.raises(JournalError, match=r"entry 1 of game 'g' is damaged .*companion export g"):
            journal.entry("g", 1)


def test_a_journal_made_by_another_program_meanwhile_is_kept(tmp_path: Path) -> None:
    # Two programs start on a journal that does not exist yet: the second to finish keeps the
    # first one's journal (and its game), and leaves no temporary file behind.
    from companion.store.sqlite import _create

    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as first:
        first.create_game("g", "A game", 1.0)
        first.append("g", entry(1))
        _create(path)  # the other program, a moment late
        assert first.last("g") == entry(1)
    with SqliteJournal(path) as again:
        assert again.last("g") == entry(1) and again.notices == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal.sqlite3"]


def test_a_game_is_renamed_archived_and_back(journal: Journal) -> None:
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1))
    journal.rename_game("g", "Friday's game ✓")
    journal.archive_game("g")
    (info,) = journal.games()
    assert (info.name, info.title, info.archived, info.entries) == ("g", "Friday's game ✓", True, 1)
    journal.archive_game("g", archived=False)
    assert [g.archived for g in journal.games()] == [False]
    assert journal.last("g") == entry(1)  # its entries are untouched


def test_a_deleted_game_leaves_the_list_and_keeps_its_entries(journal: Journal) -> None:
    journal.create_game("kept", "Kept", 1.0)
    journal.create_game("gone", "Gone", 2.0)
    for seq in (1, 2):
        journal.append("gone", entry(seq), snapshot='{"n":1}' if seq == 1 else None)
    journal.delete_game("gone")
    journal.delete_game("gone")  # twice: nothing more
    assert [g.name for g in journal.games()] == ["kept"]
    assert [e.seq for e in journal.entries("gone")] == [1, 2]  # never erased
    assert journal.snapshot("gone", 1) == '{"n":1}'
    with pytest.raises(GameNotFound, match="deleted"):
        journal.rename_game("gone", "x")
    with pytest.raises(GameNotFound, match="deleted"):
        journal.archive_game("gone")
    with pytest.raises(JournalError, match="already exists"):
        journal.create_game("gone", "Again", 3.0)  # its name stays taken: the entries are still there


def test_an_empty_deleted_game_made_again_is_listed(journal: Journal) -> None:
    journal.create_game("g", "First", 1.0)
    journal.archive_game("g")
    journal.delete_game("g")
    journal.create_game("g", "Second", 2.0)
    assert [(g.title, g.archived) for g in journal.games()] == [("Second", False)]


def test_marking_a_game_that_is_not_there_is_a_clear_error(journal: Journal) -> None:
    with pytest.raises(GameNotFound):
        journal.rename_game("nope", "x")
    with pytest.raises(GameNotFound):
        journal.archive_game("nope")
    with pytest.raises(GameNotFound):
        journal.delete_game("nope")
