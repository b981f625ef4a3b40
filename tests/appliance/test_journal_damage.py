"""A damaged SQLite journal, damaged as disks and power cuts damage files: it is found at open,
moved aside whole (never deleted), a fresh journal is opened in its place, and the notice says
what happened and where the old file is.  A healthy journal is never taken for a damaged one."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import demo, demo_run
from companion.session import GameSession, open_game
from companion.store import JournalError, open_journal
from companion.store.sqlite import MAGIC, SqliteJournal
from tests.helpers import new_game

PAGE = 4096
_rnd = random.Random(17)


def _garbage(n: int) -> bytes:
    return bytes(_rnd.randrange(256) for _ in range(n))


def _pages(data: bytes) -> int:
    return len(data) // PAGE


# Each kind of damage: the journal's bytes -> the damaged bytes.
DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "garbage over the header": lambda b: _garbage(100) + b[100:],
    "garbage over the schema page": lambda b: b[:100] + _garbage(PAGE - 100) + b[PAGE:],
    "garbage over page 2": lambda b: b[:PAGE] + _garbage(PAGE) + b[2 * PAGE :],
    "garbage over a middle page": lambda b: b[: PAGE * (_pages(b) // 2)] + _garbage(PAGE) + b[PAGE * (_pages(b) // 2 + 1) :],
    "garbage over the last page": lambda b: b[:-PAGE] + _garbage(PAGE),
    "three pages zeroed": lambda b: b[: 3 * PAGE] + bytes(3 * PAGE) + b[6 * PAGE :],
    "one byte in a hundred flipped": lambda b: bytes(x ^ (0xFF if _rnd.random() < 0.01 else 0) for x in b),
    "the tail of every page": lambda b: b"".join(b[i : i + PAGE - 64] + _garbage(64) for i in range(0, len(b), PAGE)),
    "an impossible page size": lambda b: b[:16] + b"\x03\x00" + b[18:],
    "another kind of file": lambda b: b"PK\x03\x04" + _garbage(5000),
    "cut to 0 bytes": lambda b: b"",
    "cut to 1 byte": lambda b: b[:1],
    "cut to 300 bytes": lambda b: b[:300],
    "cut inside a page": lambda b: b[: len(b) // 2 + 100],
    "cut to half its pages": lambda b: b[: PAGE * (_pages(b) // 2)],
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a real journal: a demo game of 150 commands, closed (all in the one file)."""
    path = tmp_path_factory.mktemp("played") / "journal.sqlite3"
    journal = SqliteJournal(path)
    # The first seeded game that lasts past 100 commands (some end sooner, by Instant Death).
    longest = 0
    for seed in range(2, 12):
        session = GameSession.start(journal, f"played-{seed}", demo.demo_setup(seed, "earth-3p", 3).command())
        assert isinstance(session, GameSession)
        demo_run.play(session, seed, limit=150)
        longest = session.seq
        if longest > 100:
            break
    assert longest > 100
    journal.close()
    data = path.read_bytes()
    assert _pages(data) > 20 and not Path(f"{path}-wal").exists()
    return data


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_journal_is_moved_aside_whole_and_a_fresh_one_opened(kind: str, played: bytes, tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    damaged = DAMAGE[kind](played)
    path.write_bytes(damaged)
    journal = open_journal(path)
    try:
        (notice,) = journal.notices
        (aside,) = tmp_path.glob("journal.sqlite3.damaged-*[0-9]")
        assert f"The journal {path} was damaged" in notice and f"moved aside whole to {aside}" in notice
        assert aside.read_bytes() == damaged  # whole, byte for byte: nothing deleted, nothing "repaired"
        with pytest.raises(JournalError, match="no stored game"):
            open_game(journal)  # the fresh journal is empty, and works
        fresh = GameSession.start(journal, "welcome", new_game())
        assert isinstance(fresh, GameSession) and fresh.seq == 1
    finally:
        journal.close()
    assert path.read_bytes().startswith(MAGIC)
    reopened = open_journal(path)  # the fresh one is a healthy journal: not moved aside again
    assert reopened.notices == [] and GameSession.resume(reopened).name == "welcome"
    reopened.close()


def test_the_moved_aside_log_goes_with_its_file(played: bytes, tmp_path: Path) -> None:
    # The journal's -wal (which may hold the last entries) and -shm are moved with it, under
    # names that let SQLite open them together.
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(_garbage(100) + played[100:])
    Path(f"{path}-wal").write_bytes(b"the log")
    Path(f"{path}-shm").write_bytes(b"the index")
    open_journal(path).close()
    (aside,) = tmp_path.glob("journal.sqlite3.damaged-*[0-9]")
    assert Path(f"{aside}-wal").read_bytes() == b"the log" and Path(f"{aside}-shm").read_bytes() == b"the index"


def test_a_healthy_journal_with_entries_only_in_its_log_is_not_damaged(tmp_path: Path) -> None:
    # A power cut leaves committed entries in the -wal, not yet folded into the file: that is a
    # healthy journal, and every entry is there on the next start.
    live = tmp_path / "live"
    journal = SqliteJournal(live / "journal.sqlite3")
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    demo_run.play(session, 1, limit=40)
    assert Path(f"{live}/journal.sqlite3-wal").stat().st_size > 0
    cut = tmp_path / "cut"
    shutil.copytree(live, cut)  # the files as they are at the cut, the journal still open
    journal.close()
    after = open_journal(cut / "journal.sqlite3")
    assert after.notices == [] and GameSession.resume(after, "g").seq == session.seq
    after.close()


def test_a_journal_in_use_by_another_program_is_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    first = SqliteJournal(path)
    first.create_game("g", "A game", 1.0)
    other = sqlite3.connect(path)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        second = open_journal(path)
        assert second.notices == [] and [g.name for g in second.games()] == ["g"]
        second.close()
    finally:
        other.rollback()
        other.close()
        first.close()
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_damaged_journal_that_cannot_be_moved_says_what_to_do(tmp_path: Path) -> None:
    if not _can_mount():
        pytest.skip("needs a read-only bind mount (root with mount rights)")
    folder, view = tmp_path / "folder", tmp_path / "view"
    folder.mkdir()
    view.mkdir()
    (folder / "journal.sqlite3").write_bytes(b"")
    with _read_only(folder, view), pytest.raises(JournalError, match=r"could not be moved aside .*mv "):
        open_journal(view / "journal.sqlite3")
    assert (folder / "journal.sqlite3").read_bytes() == b""


def _can_mount() -> bool:
    import os

    return os.geteuid() == 0 and shutil.which("mount") is not None


class _read_only:
    """``view`` shows ``folder`` through a read-only bind mount (a real EROFS, as root)."""

    def __init__(self, folder: Path, view: Path) -> None:
        self.folder, self.view = folder, view

    def __enter__(self) -> None:
        import subprocess

        done = subprocess.run(["mount", "--bind", str(self.folder), str(self.view)], capture_output=True)
        if done.returncode:
            pytest.skip(f"cannot bind-mount here: {done.stderr.decode().strip()}")
        subprocess.run(["mount", "-o", "remount,ro,bind", str(self.view)], check=True)

    def __exit__(self, *exc: object) -> None:
        import subprocess

        subprocess.run(["umount", str(self.view)], check=True)
