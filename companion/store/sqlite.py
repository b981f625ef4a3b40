"""The embedded journal: one SQLite file (WAL, synchronous=FULL) in the user's state directory.

Each append is one transaction (``BEGIN IMMEDIATE``), so a power cut leaves either the whole
entry, with its snapshot, or none of it; WAL with synchronous=FULL makes a committed entry
survive the cut.  The file is created with mode 0600.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from companion.store.base import Entry, EntryKind, GameInfo, GameNotFound, JournalError, StaleWriter

SCHEMA_VERSION = 1
CHECKPOINT_EVERY = 2_000  # appends without an idle moment before a checkpoint is done inline
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    name TEXT PRIMARY KEY, title TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, parent INTEGER NOT NULL,
    head INTEGER NOT NULL, depth INTEGER NOT NULL, redo TEXT NOT NULL, command TEXT NOT NULL,
    events TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT NOT NULL, node INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (game, node)
) WITHOUT ROWID;
"""
_COLUMNS = "seq, kind, parent, head, depth, redo, command, events, at"
_APPEND_IF_NEXT = (
    f"INSERT INTO entries (game, {_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? "
    "WHERE EXISTS (SELECT 1 FROM games WHERE name = ?) "
    "AND (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?) = ?"
)


class SqliteJournal:
    """The journal in one SQLite file; ``":memory:"`` gives a throw-away journal for scripts."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        """Open (or create) the journal at ``path``.

        ``synchronous`` stays FULL in the product; benchmarks pass OFF to bulk-load test games.
        :raises JournalError: when the file is not a readable journal (it is left untouched).
        """
        if synchronous not in ("FULL", "NORMAL", "OFF"):
            raise ValueError(f"synchronous must be FULL, NORMAL or OFF, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:":
            _prepare_file(Path(self.path))
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous}")
            # Checkpoints move WAL pages into the database with an extra fsync; they run when the
            # table is idle (maintain), not in the middle of a roll (see CHECKPOINT_EVERY).
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._db.executescript(_SCHEMA)
            self._check_version()
        except sqlite3.DatabaseError as exc:
            raise JournalError(
                f"The journal {self.path} cannot be read ({exc}). It may be damaged or not a journal: "
                f"move it aside (mv {self.path} {self.path}.broken) and start again, or point the "
                "config's [journal] path elsewhere."
            ) from None
        self._closed = False
        self._since_checkpoint = 0

    def _check_version(self) -> None:
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version == 0:
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version != SCHEMA_VERSION:
            raise JournalError(f"The journal {self.path} has schema {version}; this companion reads {SCHEMA_VERSION}.")

    def create_game(self, name: str, title: str, now: float) -> None:
        try:
            self._db.execute("INSERT INTO games (name, title, created, updated) VALUES (?, ?, ?, ?)", (name, title, now, now))
        except sqlite3.IntegrityError:
            raise JournalError(f"A game called {name!r} already exists; pick another name or resume it.") from None

    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.name, g.title, g.created, COALESCE(MAX(e.at), g.updated) AS updated, COALESCE(MAX(e.seq), 0) "
            "FROM games g LEFT JOIN entries e ON e.game = g.name GROUP BY g.name ORDER BY updated DESC, g.name"
        )
        return [GameInfo(*row) for row in rows]

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        if snapshot is not None or not self._append_alone(game, entry):
            self._append_checked(game, entry, snapshot)
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_EVERY:  # never idle: do not let the WAL grow forever
            self.maintain()

    def _append_alone(self, game: str, entry: Entry) -> bool:
        """The common case in one statement, its own transaction: the entry goes in only if the
        game exists and the entry is its next.  Three round trips fewer than
        :meth:`_append_checked`, on the tower's roll path.  False when anything stood in the way
        (a stale entry, a missing game, another writer busy): the checked path then decides, and
        says what was wrong."""
        try:
            cursor = self._db.execute(_APPEND_IF_NEXT, (game, *_row(entry), game, game, entry.seq - 1))
        except sqlite3.OperationalError:  # SQLITE_BUSY_SNAPSHOT: another process wrote meanwhile
            return False
        return cursor.rowcount == 1

    def _append_checked(self, game: str, entry: Entry, snapshot: str | None) -> None:
        """Append in an explicit write transaction, with the snapshot if any.

        :raises GameNotFound: no such game.  :raises StaleWriter: ``entry`` is not the next.
        """
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            last = self._last_seq(game)
            if entry.seq != last + 1:
                raise StaleWriter(f"Game {game!r} is at entry {last}; entry {entry.seq} was written against an old state.")
            db.execute(f"INSERT INTO entries (game, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (game, *_row(entry)))
            if snapshot is not None:
                db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)", (game, entry.head, snapshot))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def maintain(self) -> None:
        """Fold the WAL into the database (a passive checkpoint) and start the log again; call it
        when the table is idle.  Nothing to do, nothing done: an idle table writes nothing.

        The first commit into a restarted log rewrites the log's header and fsyncs it on its own
        before the entry's fsync: about twice the time of any other commit.  Left alone, that
        commit would be the next roll's; a one-frame write here takes it instead."""
        if self.path == ":memory:" or self._closed or not self._since_checkpoint:
            return
        busy, frames, folded = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if not busy and frames == folded:  # all of it is in the database: the next write restarts the log
            (version,) = self._db.execute("PRAGMA user_version").fetchone()
            self._db.execute(f"PRAGMA user_version={int(version)}")  # a write that changes nothing
        self._since_checkpoint = 0

    def last(self, game: str) -> Entry | None:
        last = self._last_seq(game)
        return self.entry(game, last) if last else None

    def _last_seq(self, game: str) -> int:
        """The newest entry's number (0 for none), from the entries' own key: one write less per
        append than keeping a counter.  Raises GameNotFound."""
        row = self._db.execute(
            "SELECT (SELECT 1 FROM games WHERE name = ?), (SELECT MAX(seq) FROM entries WHERE game = ?)", (game, game)
        ).fetchone()
        if row[0] is None:
            raise GameNotFound(f"No stored game called {game!r}.")
        return int(row[1] or 0)

    def entry(self, game: str, seq: int) -> Entry:
        row = self._db.execute(f"SELECT {_COLUMNS} FROM entries WHERE game = ? AND seq = ?", (game, seq)).fetchone()
        if row is None:
            raise JournalError(f"Game {game!r} has no entry {seq}.")
        return _entry(row)

    def entries(self, game: str, start: int = 1) -> Iterator[Entry]:
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM entries WHERE game = ? AND seq >= ? ORDER BY seq", (game, start))
        return (_entry(row) for row in rows.fetchall())

    def snapshot(self, game: str, node: int) -> str | None:
        row = self._db.execute("SELECT state FROM snapshots WHERE game = ? AND node = ?", (game, node)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._db.close()

    def __enter__(self) -> SqliteJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _prepare_file(path: Path) -> None:
    """Create the directory (0700) and an empty file (0600) so the journal is private."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _row(entry: Entry) -> tuple[object, ...]:
    redo = ",".join(str(x) for x in entry.redo)
    return (entry.seq, entry.kind.value, entry.parent, entry.head, entry.depth, redo, entry.command, entry.events, entry.at)


def _entry(row: tuple[object, ...]) -> Entry:
    seq, kind, parent, head, depth, redo, command, events, at = row
    redo_stack = tuple(int(x) for x in str(redo).split(",") if x)
    return Entry(
        int(str(seq)),
        EntryKind(str(kind)),
        int(str(parent)),
        int(str(head)),
        int(str(depth)),
        redo_stack,
        str(command),
        str(events),
        float(str(at)),
    )
