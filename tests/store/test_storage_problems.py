"""The disk under the SQLite journal misbehaving: full, read-only, missing.  Each is one line
saying what is wrong and what to do, raised as JournalUnavailable (nothing written, retry), never
taken for a damaged journal, and the entry goes in once the disk is put right."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from companion.store import Entry, EntryKind, JournalError, JournalUnavailable, open_journal
from companion.store.sqlite import SqliteJournal
from tests.mounts import fill


def entry(seq: int, snapshot_size: int = 0) -> Entry:
    return Entry(seq, EntryKind.COMMAND, seq - 1, seq, seq, (), '{"type":"pass"}', "[]", float(seq), f"tap:{seq}")


def test_a_full_disk_waits_and_the_entry_goes_in_once_space_is_freed(small_disk: Path) -> None:
    path = small_disk / "journal.sqlite3"
    journal = SqliteJournal(path)
    journal.create_game("g", "A game", 1.0)
    journal.append("g", entry(1))
    filler = fill(small_disk)
    with pytest.raises(JournalUnavailable) as full:
        for seq in range(2, 200):  # the log takes what little room was left, then the disk is full
            journal.append("g", entry(seq, 4000), snapshot="x" * 4000)
    assert str(full.value).startswith(f"The disk holding the journal {path} is full")
    assert "\n" not in str(full.value) and "Free some space" in str(full.value)
    failed = int(str(journal.last("g").seq)) + 1  # type: ignore[union-attr]
    filler.unlink()
    journal.append("g", entry(failed))  # the retry
    assert journal.last("g") == entry(failed)
    journal.close()
    reopened = open_journal(path)
    assert reopened.notices == [] and reopened.last("g") == entry(failed)  # not taken for damage
    reopened.close()


def test_a_journal_at_its_page_limit_is_unavailable_not_damaged(tmp_path: Path) -> None:
    # SQLite's own limit (PRAGMA max_page_count): the same SQLITE_FULL a full disk gives.
    path = tmp_path / "journal.sqlite3"
    journal = SqliteJournal(path)
    journal.create_game("g", "A game", 1.0)
    (pages,) = journal._db.execute("PRAGMA page_count").fetchone()
    journal._db.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(JournalUnavailable, match="is full"):
        for seq in range(1, 50):
            journal.append("g", entry(seq), snapshot="y" * 5000)
    journal._db.execute("PRAGMA max_page_count=1073741823")
    last = journal.last("g")
    seq = last.seq + 1 if last else 1
    journal.append("g", entry(seq), snapshot="y" * 5000)
    assert journal.snapshot("g", seq) == "y" * 5000
    journal.close()


def test_a_read_only_journal_reads_waits_and_writes_again_once_writable(read_only_view: tuple[Path, Path]) -> None:
    folder, view = read_only_view
    path = view / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        journal.create_game("g", "A game", 1.0)
        journal.append("g", entry(1))
    subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], check=True)
    journal = SqliteJournal(path)
    try:
        (notice,) = journal.notices  # read-only is not damage: said, and nothing moved
        assert "cannot be written" in notice and "its games can be read, but nothing new is recorded" in notice
        assert journal.last("g") == entry(1)
        with pytest.raises(JournalUnavailable) as refused:
            journal.append("g", entry(2))
        line = str(refused.value)
        assert f"The journal {path} (or its folder {view}) cannot be written" in line and "\n" not in line
        assert "nothing was written" in line and "writable" in line
        with pytest.raises(JournalUnavailable):
            journal.create_game("h", "Another", 2.0)
        subprocess.run(["mount", "-o", "remount,rw,bind", str(view)], check=True)
        journal.append("g", entry(2))  # the retry, on the same journal object
        assert journal.last("g") == entry(2)
    finally:
        journal.close()
    with SqliteJournal(folder / "journal.sqlite3") as after:
        assert after.notices == [] and after.last("g") == entry(2)
    assert not list(folder.glob("*.damaged-*"))


def test_a_read_only_folder_without_a_journal_is_one_line(read_only_view: tuple[Path, Path]) -> None:
    _, view = read_only_view
    subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], check=True)
    with pytest.raises(JournalError) as refused:
        open_journal(view / "state" / "journal.sqlite3")
    line = str(refused.value)
    assert "cannot be created (Read-only file system)" in line and "writable" in line and "\n" not in line


def test_a_missing_state_directory_is_created_private(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "deeper" / "journal.sqlite3"
    journal = open_journal(path)
    journal.create_game("g", "A game", 1.0)
    journal.close()
    assert path.parent.is_dir() and (path.parent.stat().st_mode & 0o777) == 0o700
    assert (path.stat().st_mode & 0o777) == 0o600
