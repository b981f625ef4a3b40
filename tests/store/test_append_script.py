"""The SQLite journal's common append: one call into SQLite (one release of the interpreter's
lock), its values written into the statement as literals that read back exactly."""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import random
import sqlite3
import struct
from pathlib import Path
from typing import Any

import pytest

from companion.store import DuplicateInput, Entry, EntryKind, StaleWriter
from companion.store.sqlite import SqliteJournal, _literal, _script


class Calls:
    """The journal's connection, counting the calls that go into SQLite."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.calls: list[str] = []

    def execute(self, *args: Any) -> Any:
        self.calls.append("execute")
        return self.db.execute(*args)

    def executescript(self, script: str) -> Any:
        self.calls.append("executescript")
        return self.db.executescript(script)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def entry(seq: int, *, at: float = 1_763_944_000.123456, command: str = '{"type":"pass"}', input_id: str = "") -> Entry:
    return Entry(seq, EntryKind.COMMAND, seq - 1, seq, seq, (seq, 2), command, '[{"type":"passed"}]', at, input_id)


@pytest.fixture
def journal(tmp_path: Path) -> SqliteJournal:
    store = SqliteJournal(tmp_path / "journal.sqlite3")
    store.create_game("g", "A game", 1.0)
    return store


def test_the_common_append_is_one_script(journal: SqliteJournal) -> None:
    # execute() lets go of the interpreter's lock five times (CPython 3.11's sqlite3), and the
    # screen's thread, drawing the decided frame meanwhile, kept it from the first: the write
    # waited for the frame.  One script lets go of it once, around the write and its fsync.
    calls = Calls(journal._db)
    journal._db = calls  # type: ignore[assignment]
    journal.append("g", entry(1, input_id="tap:1"))
    assert calls.calls == ["executescript"]
    assert journal.entry("g", 1) == entry(1, input_id="tap:1")


def test_values_read_back_exactly(journal: SqliteJournal) -> None:
    rnd = random.Random(7)
    times = [1_763_944_000 + rnd.random() for _ in range(200)]
    times += [x for x in struct.unpack("<200d", rnd.randbytes(1600)) if not math.isnan(x)]  # (SQLite stores NaN as NULL)
    times += [0.0, 0.1, 1e-300, 5e-324, 2.0**60, -1.5, math.inf]
    awkward = ["it's", "''", "a\nb", "é € ", "--", "x'); DROP TABLE entries; --", "\x00 after NUL"]
    for seq, at in enumerate(times, start=1):
        note = awkward[seq % len(awkward)]
        command = json.dumps({"type": "pass", "note": note}, ensure_ascii=False)
        made = entry(seq, at=at, command=command, input_id=f"tap:{seq}'{note}")
        journal.append("g", made)
        back = journal.entry("g", seq)
        assert back == made
    assert [e.seq for e in journal.entries("g")] == list(range(1, len(times) + 1))


def test_what_a_script_cannot_carry_is_bound_instead(journal: SqliteJournal) -> None:
    assert _script("g", entry(1, input_id="tap:\x00")) is None
    assert _script("g", entry(1, at=math.nan)) is None
    assert _script("g", entry(1, at=2.0**80)) is None
    assert _script("g", entry(1)) is not None
    calls = Calls(journal._db)
    journal._db = calls  # type: ignore[assignment]
    journal.append("g", entry(1, input_id="tap:\x00"))
    assert calls.calls == ["execute"]
    assert journal.entry("g", 1).input == "tap:\x00"


def test_a_stale_or_duplicate_append_still_says_what_was_wrong(journal: SqliteJournal) -> None:
    journal.append("g", entry(1, input_id="tap:1"))
    with pytest.raises(StaleWriter):
        journal.append("g", entry(1))
    with pytest.raises(DuplicateInput):
        journal.append("g", entry(2, input_id="tap:1"))
    assert [e.seq for e in journal.entries("g")] == [1]


class Seq(int, enum.Enum):
    """An int that str() spells by its name, as an int-valued enum does."""

    FIRST = 1


def test_an_int_is_written_as_its_digits(journal: SqliteJournal) -> None:
    # str() of an int enum is "Seq.FIRST": written so, the script failed where the bound
    # statement took the number.
    assert _literal(Seq.FIRST) == "1"
    assert _literal(True) == "1"
    made = entry(1)
    journal.append("g", dataclasses.replace(made, seq=Seq.FIRST))
    assert journal.entry("g", 1) == made


def test_a_write_by_another_connection_since_the_read_began_goes_to_the_checked_path(journal: SqliteJournal) -> None:
    # SQLITE_BUSY_SNAPSHOT: the journal's connection still reads an older snapshot (a read left
    # open) when another connection commits.  The script's error keeps its name, so the one
    # statement says "not now" (False) and the checked path decides, as the bound one did.
    journal.create_game("g2", "Another", 1.0)
    journal.append("g", entry(1))
    reading = journal._db.execute("SELECT name FROM games")
    reading.fetchone()  # (two games: the read stays open)
    other = sqlite3.connect(journal.path, isolation_level=None)
    try:
        other.execute("INSERT INTO games VALUES ('h', 'H', 1, 1)")
        assert _script("g", entry(2)) is not None
        assert journal._append_alone("g", entry(2)) is False
    finally:
        other.close()
    reading.close()
    journal.append("g", entry(2))
    assert [e.seq for e in journal.entries("g")] == [1, 2]


def test_the_journal_has_no_trigger_the_scripts_count_would_misread(journal: SqliteJournal) -> None:
    # The script's append is judged by total_changes: exactly one row written.  A trigger on the
    # journal's tables would add its own rows to that count and read as a stale writer; whoever
    # adds one must judge the append another way (this test says where).
    triggers = journal._db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall()
    assert triggers == [], "SqliteJournal._append_alone counts total_changes: a trigger's rows would count too"
