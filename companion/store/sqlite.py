"""The embedded journal: one SQLite file (WAL, synchronous=FULL) in the user's state directory.

Each append is one transaction (``BEGIN IMMEDIATE``), so a power cut leaves either the whole
entry, with its snapshot, or none of it; WAL with synchronous=FULL makes a committed entry
survive the cut.  The file is created with mode 0600, whole: it is made under a temporary name
and renamed into place, so a journal file that exists always had a header.

Opening checks the file (its header, then ``PRAGMA quick_check``).  A damaged journal is moved
aside whole (the file and its ``-wal`` and ``-shm``, renamed ``<name>.damaged-<time>``, never
deleted), a fresh one is opened in its place, and :attr:`SqliteJournal.notices` says what
happened and where the old file is.  A full disk or a read-only file is not damage: the append
raises :class:`JournalUnavailable` with what to do, and the table retries.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from companion.paths import fsync_path
from companion.store.base import (
    DamagedEntry,
    DuplicateInput,
    Entry,
    EntryKind,
    GameInfo,
    GameNotFound,
    JournalError,
    JournalUnavailable,
    StaleWriter,
    checked,
    digest,
    strict_json,
)

SCHEMA_VERSION = 3  # 2: entries.input, unique per game; 3: snapshots.digest (NULL: written before, unverified)
MAGIC = b"SQLite format 3\x00"
DAMAGE = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT"})  # the file, not the disk or its rights
# The disk or its rights, not the file: nothing was written, and a retry may succeed once fixed.
PASSING = frozenset(
    {"SQLITE_FULL", "SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_IOERR", "SQLITE_BUSY", "SQLITE_LOCKED"}
)
CHECKPOINT_EVERY = 2_000  # appends without an idle moment before a checkpoint is done inline
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    name TEXT PRIMARY KEY, title TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, parent INTEGER NOT NULL,
    head INTEGER NOT NULL, depth INTEGER NOT NULL, redo TEXT NOT NULL, command TEXT NOT NULL,
    events TEXT NOT NULL, at REAL NOT NULL, input TEXT, PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT NOT NULL, node INTEGER NOT NULL, state TEXT NOT NULL, digest TEXT, PRIMARY KEY (game, node)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS game_marks (
    name TEXT PRIMARY KEY, archived INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
"""
# game_marks (the Games page's archive and delete) is a table of its own, made by every open
# (CREATE ... IF NOT EXISTS), so the schema's version stays: an older companion reads the file
# as before and only does not know which games were archived or deleted.
# Inputs found journaled twice when the unique index was missing (rebuilt at open): the entries
# stay, their identity is moved here (docs/reliability.md, "Each input once").
_SET_ASIDE = "CREATE TABLE IF NOT EXISTS set_aside_inputs (game TEXT NOT NULL, seq INTEGER NOT NULL, input TEXT NOT NULL)"
_INPUT_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS entries_input ON entries (game, input) WHERE input IS NOT NULL"
_COLUMNS = "seq, kind, parent, head, depth, redo, command, events, at, input"
_APPEND_IF_NEXT = (
    f"INSERT INTO entries (game, {_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? "
    "WHERE EXISTS (SELECT 1 FROM games WHERE name = ?) "
    "AND (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?) = ?"
)


class SqliteJournal:
    """The journal in one SQLite file; ``":memory:"`` gives a throw-away journal for scripts."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL", check: bool = True) -> None:
        """Open (or create) the journal at ``path``; a damaged one is moved aside (see the module).

        ``synchronous`` stays FULL in the product; benchmarks pass OFF to bulk-load test games.
        ``check`` runs ``PRAGMA quick_check``, which reads every page: about 3 ms per MB here
        (63 ms for a 20,000-entry game, 7.5 MB), paid once at start-up.  The header is always
        checked.  Pass False only to measure something else (resume by game length).
        :raises JournalError: when the journal cannot be opened at all (a directory that cannot
            be made or written, a newer schema); the message says what to do.
        """
        if synchronous not in ("FULL", "NORMAL", "OFF"):
            raise ValueError(f"synchronous must be FULL, NORMAL or OFF, not {synchronous!r}")
        self.path = str(path)
        self.notices: list[str] = []
        self._synchronous = synchronous
        self._check = check
        self._closed = False
        self._since_checkpoint = 0
        self._stuck = False  # the last write failed on the disk's rights: reconnect before the next
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        """Connect to a checked journal: created if missing, moved aside and replaced if damaged."""
        if self.path == ":memory:":
            return self._connect()
        file = Path(self.path)
        try:
            file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not file.exists():
                _create(file)
        except OSError as exc:
            raise JournalError(_os_problem(file, exc)) from None
        damage = _header_damage(file)
        if damage is None:
            _refuse_newer(file)  # before anything is written: a newer companion's journal stays as it is
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                self._configure(db)
                damage = _quick_check(db) if self._check else None
            except sqlite3.DatabaseError as exc:
                if _kind(exc) not in DAMAGE:
                    db.close()
                    return self._read_only(exc)
                damage = str(exc)
            except UnicodeDecodeError as exc:  # the schema's own text is garbage
                damage = f"its schema is not text ({exc.reason})"
            except JournalError:
                db.close()
                raise
            if damage is None:
                return db
            db.close()
        moved = _move_aside(file)
        self.notices.append(
            f"The journal {file} was damaged ({damage}); it was moved aside whole to {moved} and a new, empty "
            "journal started. Games in the old file are not lost: keep it, and `sqlite3 .recover` may read them."
        )
        try:
            _create(file)
        except OSError as exc:
            raise JournalError(_os_problem(file, exc)) from None
        return self._connect()

    def _read_only(self, exc: sqlite3.DatabaseError) -> sqlite3.Connection:
        """The journal cannot be opened for writing (a read-only file, folder or disk): open it
        to read, so the table shows its games, and say so; appends raise JournalUnavailable
        until it is writable (each retry tries to reconnect).

        :raises JournalError: when it cannot even be read; the message says what to do."""
        if _kind(exc) not in ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM"):
            raise JournalError(self._problem(exc, "it could not be opened")) from None
        # Without its -shm (a clean shutdown removes it) a WAL journal in a read-only folder opens
        # only as immutable; that is safe only when no -wal holds entries not yet in the file.
        wal = Path(f"{self.path}-wal")
        immutable = "&immutable=1" if not wal.exists() or wal.stat().st_size == 0 else ""
        try:
            db = sqlite3.connect(f"{Path(self.path).absolute().as_uri()}?mode=ro{immutable}", uri=True, check_same_thread=False)
            db.execute("SELECT COUNT(*) FROM games").fetchone()
        except sqlite3.DatabaseError:
            raise JournalError(self._problem(exc, "it could not be opened")) from None
        self._stuck = True
        self.notices.append(self._problem(exc, "its games can be read, but nothing new is recorded"))
        return db

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._configure(db)
        except BaseException:
            db.close()
            raise
        return db

    def _configure(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self._synchronous}")
        # Checkpoints move WAL pages into the database with an extra fsync; they run when the
        # table is idle (maintain), not in the middle of a roll (see CHECKPOINT_EVERY).
        db.execute("PRAGMA wal_autocheckpoint=0")
        _migrate(db, self.path)
        self.notices.extend(_input_index(db))

    def _problem(self, exc: sqlite3.Error, consequence: str) -> str:
        """One line for a storage problem that is not damage: what is wrong, what it did
        (``consequence``: "nothing was written"...), what to do."""
        name = _kind(exc)
        folder = Path(self.path).parent
        if name == "SQLITE_FULL" or (name == "SQLITE_IOERR" and _full(folder)):  # a full disk at open: an I/O error
            return (
                f"The disk holding the journal {self.path} is full: {consequence}. Free some space on it (old exports, "
                "`journalctl --vacuum-size=50M`, `apt-get clean`); the companion retries."
            )
        if name in ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH"):
            return (
                f"The journal {self.path} (or its folder {folder}) cannot be written ({exc}): {consequence}. "
                "Make both writable by the companion's user (or mount the disk read-write); the companion retries."
            )
        if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            return (
                f"The journal {self.path} is busy in another program: {consequence}. "
                "Close the other program; the companion retries."
            )
        return f"The journal {self.path} failed ({exc}): {consequence}. Check the disk (dmesg); the companion retries."

    def create_game(self, name: str, title: str, now: float) -> None:
        # One statement: a new name, or an empty game of that name (a power cut came before its
        # first entry) made again.  A game with entries is never touched.
        with self._storage("nothing was written"):
            cursor = self._db.execute(
                "INSERT INTO games (name, title, created, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET title = excluded.title, created = excluded.created, "
                "updated = excluded.updated WHERE NOT EXISTS (SELECT 1 FROM entries WHERE game = excluded.name)",
                (name, title, now, now),
            )
        if cursor.rowcount != 1:
            raise JournalError(f"A game called {name!r} already exists; pick another name or resume it.")
        with self._storage("nothing was written"), contextlib.suppress(sqlite3.OperationalError):
            self._db.execute("DELETE FROM game_marks WHERE name = ?", (name,))  # an empty game made again is new

    @contextlib.contextmanager
    def _storage(self, consequence: str) -> Iterator[None]:
        """Turn the disk's problems (full, read-only, busy) into :class:`JournalUnavailable`:
        nothing was written, and the table keeps the command and retries."""
        if self._stuck and self.path != ":memory:":
            # A connection opened on a read-only file stays read-only: made writable since, only a
            # new connection can write.
            with contextlib.suppress(sqlite3.Error, JournalError):
                fresh = self._connect()
                self._db.close()
                self._db = fresh
                self._stuck = False
        try:
            yield
        except sqlite3.DatabaseError as exc:
            name = _kind(exc)
            self._stuck = name in ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_IOERR")
            if name in DAMAGE:
                raise JournalError(
                    f"The journal {self.path} is damaged ({exc}). Restart the companion: it moves the file "
                    "aside and starts a new one."
                ) from None
            if name in PASSING:
                raise JournalUnavailable(self._problem(exc, consequence)) from None
            raise

    def games(self) -> list[GameInfo]:
        marked = self._marked()
        rows = self._db.execute(
            # An entry's time that is not a number (text a damaged page left) is not the game's latest.
            "SELECT g.name, g.title, g.created, "
            "COALESCE(MAX(CASE WHEN typeof(e.at) IN ('real', 'integer') THEN e.at END), g.updated) AS updated, "
            "COALESCE(MAX(e.seq), 0) "
            "FROM games g LEFT JOIN entries e ON e.game = g.name GROUP BY g.name ORDER BY updated DESC, g.name"
        )
        infos = []
        for name, title, created, updated, entries in rows:
            archived, deleted = marked.get(name, (False, False))
            if not deleted:
                infos.append(GameInfo(name, title, created, updated, entries, archived))
        return infos

    def _marked(self) -> dict[str, tuple[bool, bool]]:
        """Each marked game's (archived, deleted); none from a file opened read-only before its
        game_marks table was made (an older companion's, on a read-only disk)."""
        try:
            rows = self._db.execute("SELECT name, archived, deleted FROM game_marks").fetchall()
        except sqlite3.OperationalError:
            return {}
        return {str(name): (bool(archived), bool(deleted)) for name, archived, deleted in rows}

    def _live(self, name: str, *, deleted_too: bool = False) -> None:
        """:raises GameNotFound: no game ``name``, or (unless ``deleted_too``) it was deleted."""
        if self._db.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone() is None:
            raise GameNotFound(f"No stored game called {name!r}.")
        if not deleted_too and self._marked().get(name, (False, False))[1]:
            raise GameNotFound(f"The game {name!r} was deleted.")

    def _mark(self, name: str, column: str, value: bool) -> None:
        """Set ``column`` (``archived`` or ``deleted``, never a caller's text) of game ``name``."""
        with self._storage("nothing was changed"):
            self._db.execute(
                f"INSERT INTO game_marks (name, {column}) VALUES (?, ?) "
                f"ON CONFLICT (name) DO UPDATE SET {column} = excluded.{column}",
                (name, int(value)),
            )

    def rename_game(self, name: str, title: str) -> None:
        self._live(name)
        with self._storage("nothing was changed"):
            self._db.execute("UPDATE games SET title = ? WHERE name = ?", (title, name))

    def archive_game(self, name: str, archived: bool = True) -> None:
        self._live(name)
        self._mark(name, "archived", archived)

    def delete_game(self, name: str) -> None:
        self._live(name, deleted_too=True)
        self._mark(name, "deleted", True)

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        with self._storage("nothing was written"):
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
        says what was wrong.

        The statement goes to SQLite as one script, its values written into it as exact literals
        (:func:`_script`): ``executescript`` lets go of the interpreter's lock once, around the
        whole prepare, step (the write and its fsync) and finalize.  ``execute`` lets go of it
        five times (CPython 3.11's sqlite3: around ``sqlite3_bind_parameter_count``, the step,
        ``sqlite3_column_count``, the reset and ``sqlite3_last_insert_rowid``), and each time the
        screen's thread, drawing the decided frame meanwhile, took the lock and kept it: the
        fsync started only once the frame was drawn (docs/architecture.md, "Drawn while it is
        journaled")."""
        db = self._db
        script = _script(game, entry)
        try:
            if script is None:  # a text SQLite's script cannot hold: the statement with its values bound
                return db.execute(_APPEND_IF_NEXT, (game, *_row(entry), game, game, entry.seq - 1)).rowcount == 1
            before = db.total_changes  # no trigger writes rows of its own (tests/store/test_append_script.py)
            db.executescript(script)
            return db.total_changes - before == 1
        except sqlite3.IntegrityError:  # the input is journaled already: the checked path says which entry
            return False
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorname", "") != "SQLITE_BUSY_SNAPSHOT":  # another process wrote meanwhile
                raise
            return False

    def _append_checked(self, game: str, entry: Entry, snapshot: str | None) -> None:
        """Append in an explicit write transaction, with the snapshot if any.

        :raises GameNotFound: no such game.  :raises DuplicateInput: its input is in already.
        :raises StaleWriter: ``entry`` is not the next.
        """
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            last = self._last_seq(game)
            done = self.find_input(game, entry.input) if entry.input else None
            if done is not None:
                raise DuplicateInput(game, entry.input, done)
            if entry.seq != last + 1:
                raise StaleWriter(f"Game {game!r} is at entry {last}; entry {entry.seq} was written against an old state.")
            db.execute(f"INSERT INTO entries (game, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (game, *_row(entry)))
            if snapshot is not None:
                db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)", (game, entry.head, snapshot, digest(snapshot)))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # a full disk may have rolled it back already
                db.execute("ROLLBACK")
            raise

    def keep_snapshot(self, game: str, node: int, snapshot: str) -> None:
        """One statement, its own transaction: stored only if ``node`` is an entry of the game."""
        with self._storage("the snapshot was not stored (the entries are safe; a resume replays more)"):
            cursor = self._db.execute(
                "INSERT OR REPLACE INTO snapshots SELECT ?, ?, ?, ? "
                "WHERE EXISTS (SELECT 1 FROM entries WHERE game = ? AND seq = ?)",
                (game, node, snapshot, digest(snapshot), game, node),
            )
        if cursor.rowcount != 1:
            self._last_seq(game)  # raises GameNotFound for a game that is not there
            raise JournalError(f"Game {game!r} has no entry {node}; its snapshot is not stored.")
        self._since_checkpoint += 1

    def find_input(self, game: str, input_id: str) -> int | None:
        row = self._db.execute("SELECT seq FROM entries WHERE game = ? AND input = ?", (game, input_id)).fetchone()
        return None if row is None else int(row[0])

    def maintain(self) -> None:
        """Fold the WAL into the database (a passive checkpoint) and start the log again; call it
        when the table is idle.  Nothing to do, nothing done: an idle table writes nothing.

        The first commit into a restarted log rewrites the log's header and fsyncs it on its own
        before the entry's fsync: about twice the time of any other commit.  Left alone, that
        commit would be the next roll's; a one-frame write here takes it instead."""
        if self.path == ":memory:" or self._closed or not self._since_checkpoint:
            return
        with self._storage("the log was not folded into the file (every entry is safe in it)"):
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
        return _entry(game, row)

    def entries(self, game: str, start: int = 1) -> Iterator[Entry]:
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM entries WHERE game = ? AND seq >= ? ORDER BY seq", (game, start))
        return (_entry(game, row) for row in rows.fetchall())

    def read(self, game: str, start: int = 1) -> Iterator[Entry | DamagedEntry]:
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM entries WHERE game = ? AND seq >= ? ORDER BY seq", (game, start))
        for row in rows.fetchall():
            try:
                yield _entry(game, row)
            except DamagedEntry as damaged:
                yield damaged

    def snapshot(self, game: str, node: int) -> str | None:
        row = self._db.execute("SELECT state, digest FROM snapshots WHERE game = ? AND node = ?", (game, node)).fetchone()
        return None if row is None else checked(game, node, str(row[0]), None if row[1] is None else str(row[1]))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._db.close()

    def __enter__(self) -> SqliteJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _kind(exc: sqlite3.Error) -> str:
    """The primary result code's name (``SQLITE_IOERR`` for ``SQLITE_IOERR_WRITE``)."""
    return "_".join(getattr(exc, "sqlite_errorname", "").split("_")[:2])


def _migrate(db: sqlite3.Connection, path: str) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION` (a new file gets it whole).  A snapshot stored
    before version 3 keeps a NULL checksum: read unverified, as it always was."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:  # checked at open from the header already; the log may hold a newer one
        raise JournalError(_newer(path, version))
    db.executescript(_SCHEMA)
    if "input" not in _columns(db, "entries"):  # schema 1, before input identities: empty for the old entries
        db.execute("ALTER TABLE entries ADD COLUMN input TEXT")
    if "digest" not in _columns(db, "snapshots"):  # schema 1 or 2, before checksums: NULL for the old snapshots
        db.execute("ALTER TABLE snapshots ADD COLUMN digest TEXT")
    if version != SCHEMA_VERSION:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}


def _newer(path: str | Path, version: int) -> str:
    return (
        f"The journal {path} has schema {version}; this companion reads {SCHEMA_VERSION}. It was written by a newer "
        "companion: update this one (the old file is untouched)."
    )


def _refuse_newer(path: Path) -> None:
    """Refuse a journal of a newer schema from its header (``user_version``, 4 bytes at offset
    60, https://www.sqlite.org/fileformat.html), before SQLite opens it to write anything.

    :raises JournalError: its schema is newer than :data:`SCHEMA_VERSION`."""
    with path.open("rb") as file:
        header = file.read(64)
    version = int.from_bytes(header[60:64], "big", signed=True)
    if version > SCHEMA_VERSION:
        raise JournalError(_newer(path, version))


def _input_index(db: sqlite3.Connection) -> list[str]:
    """Make sure the unique input index is there (the fast append path relies on it to refuse an
    input twice); build it again when it is missing.  An input found journaled twice meanwhile
    keeps its first entry; each later entry stays in the game, its input moved to
    ``set_aside_inputs``.  What was done, for the journal's notices (empty when nothing was)."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'entries_input'").fetchone():
        return []
    notices = []
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(_SET_ASIDE)
        twice = db.execute(
            "SELECT game, input, GROUP_CONCAT(seq) FROM (SELECT game, input, seq FROM entries WHERE input IS NOT NULL "
            "ORDER BY game, input, seq) GROUP BY game, input HAVING COUNT(*) > 1"
        ).fetchall()
        for game, input_id, numbers in twice:
            first, *later = (int(n) for n in str(numbers).split(","))
            for seq in later:
                db.execute("INSERT INTO set_aside_inputs VALUES (?, ?, ?)", (game, seq, input_id))
                db.execute("UPDATE entries SET input = NULL WHERE game = ? AND seq = ?", (game, seq))
            notices.append(
                f"Game {game!r} held input {input_id} more than once (entry {first}, then entries "
                f"{', '.join(map(str, later))}): the journal's index of inputs was missing. Entry {first} keeps it; the "
                "later entries stay in the game, their input set aside (table set_aside_inputs). Check the game: "
                "that input was applied more than once, and undo the repeats if they are wrong."
            )
        db.execute(_INPUT_INDEX)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return notices


def _full(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has (nearly) no space left for the journal: an
    open on a full disk fails as an I/O error (its log and shared memory cannot be made)."""
    try:
        stat = os.statvfs(folder)
    except OSError:
        return False
    return stat.f_bavail * stat.f_frsize < 64 * 1024


def _create(path: Path) -> None:
    """Make a new, empty journal at ``path`` (mode 0600), whole or not at all: built under a
    temporary name of this process's own, made durable, then linked into place only if nothing
    is there yet, so a power cut never leaves a headerless file that a later start could not
    tell from a damaged one, and a journal another program made meanwhile is kept."""
    temporary = path.with_name(f"{path.name}.new-{os.getpid()}")
    for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm")):
        leftover.unlink(missing_ok=True)  # a creation cut short: it never held a game
    os.close(os.open(temporary, os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o600))
    try:
        db = sqlite3.connect(temporary, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            _migrate(db, str(path))
        finally:
            db.close()  # folds the log into the file and removes it
        fsync_path(temporary)
        with contextlib.suppress(FileExistsError):  # another program made it first: theirs stands
            os.link(temporary, path)
        fsync_path(path.parent)
    finally:
        temporary.unlink(missing_ok=True)


def _header_damage(path: Path) -> str | None:
    """What is wrong with the file's header, if anything (https://www.sqlite.org/fileformat.html):
    the magic string, a page size SQLite can have, a length of whole pages."""
    try:
        size = path.stat().st_size
        with path.open("rb") as file:
            header = file.read(100)
    except OSError as exc:
        return f"it cannot be read: {exc.strerror}"
    if size < 100:
        return f"it is cut to {size} byte{'' if size == 1 else 's'}"
    if not header.startswith(MAGIC):
        return f"it is {size} bytes long and does not start like a journal"
    page = int.from_bytes(header[16:18], "big")
    page = 65_536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return f"its header names an impossible page size ({page})"
    if size % page:
        return f"it is {size} bytes long, not a whole number of {page}-byte pages: it was cut short"
    return None


def _quick_check(db: sqlite3.Connection) -> str | None:
    """SQLite's own check of every page's structure; the first problem, or None."""
    rows = db.execute("PRAGMA quick_check(5)").fetchall()
    if [tuple(row) for row in rows] == [("ok",)]:
        return None
    return "; ".join(str(row[0]) for row in rows)


def _move_aside(path: Path) -> Path:
    """Rename the journal and its ``-wal`` and ``-shm`` to ``<name>.damaged-<time>`` (with
    ``-wal`` and ``-shm`` after it, so SQLite opens them together); the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        for suffix in ("-wal", "-shm", ""):  # the log first: the file alone is never left without it
            part = Path(f"{path}{suffix}")
            if part.exists():
                os.replace(part, f"{aside}{suffix}")
        fsync_path(path.parent)
    except OSError as exc:
        raise JournalError(
            f"The journal {path} is damaged and could not be moved aside ({exc.strerror}): move it away by hand "
            f"(mv {path} {aside}) and start the companion again."
        ) from None
    return aside


def _os_problem(path: Path, exc: OSError) -> str:
    return (
        f"The journal {path} cannot be created ({exc.strerror}): make its folder {path.parent} exist and be writable "
        "by the companion's user, or point the config's [journal] location elsewhere."
    )


def _row(entry: Entry) -> tuple[object, ...]:
    redo = ",".join(str(x) for x in entry.redo)
    return (
        entry.seq,
        entry.kind.value,
        entry.parent,
        entry.head,
        entry.depth,
        redo,
        entry.command,
        entry.events,
        entry.at,
        entry.input or None,  # NULL, not "": entries without an input never collide
    )


def _script(game: str, entry: Entry) -> str | None:
    """:data:`_APPEND_IF_NEXT` with ``entry``'s values written in as literals that SQLite reads
    back exactly; None when one cannot be (a text holding NUL, which a script cannot carry, or
    a time that is not a finite float of usual size)."""
    try:
        values = [_literal(value) for value in (game, *_row(entry))]
        name = values[0]
    except ValueError:
        return None
    return (
        f"INSERT INTO entries (game, {_COLUMNS}) SELECT {', '.join(values)} "
        f"WHERE EXISTS (SELECT 1 FROM games WHERE name = {name}) "
        f"AND (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = {name}) = {entry.seq - 1:d}"
    )


_LARGEST = 1 << 53  # the integers a double holds exactly (and SQLite's 64-bit integers too)


def _literal(value: object) -> str:
    """``value`` as an SQL literal that SQLite reads as the very same value.

    A float is written as its exact ratio, ``CAST(m AS REAL) / 2**k`` (both exact doubles, and
    their quotient is exact): SQLite's reading of a decimal is not correctly rounded in every
    case, and an entry's time must come back as it went in.
    :raises ValueError: a text holding NUL, or a float that is not finite or too large or fine
        for the ratio."""
    if value is None:
        return "NULL"
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError("a script's text stops at NUL")
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, float):
        try:
            numerator, denominator = value.as_integer_ratio()
        except (OverflowError, ValueError):
            raise ValueError("not a finite float") from None
        if abs(numerator) >= _LARGEST or denominator >= 1 << 62:
            raise ValueError("a float too large or too fine for an exact ratio")
        return f"(CAST({numerator} AS REAL) / {denominator})"
    if isinstance(value, int) and abs(value) < _LARGEST:
        return int.__repr__(value)  # its digits: str() of an int enum or a bool is its name
    raise ValueError(f"no literal for {value!r}")


def _entry(game: str, row: tuple[object, ...]) -> Entry:
    """A stored row as an entry.  :raises DamagedEntry: its command's text is not what the
    journal writes (a page that held garbage text says so here, not deep in a replay).  Its
    events are read (and found damaged) only by what uses them: a replay needs only the
    command, and parsing every entry's events twice would double the tower's start-up read."""
    seq, kind, parent, head, depth, redo, command, events, at, input_id = row
    try:
        redo_stack = tuple(int(x) for x in str(redo).split(",") if x)
        strict_json(str(command))
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
            str(input_id or ""),
        )
    except ValueError as exc:
        raise DamagedEntry(game, int(seq) if isinstance(seq, int) else 0, str(exc)) from None
