"""The journal's contract: what every back end (SQLite, Redis) stores and promises.

A game's journal is a sequence of :class:`Entry` rows numbered from 1.  An entry is either a
command the engine accepted (a *node*: its state is the parent node's state with the command
applied), or an undo or redo that moves the game's *head* between nodes.  Every entry records
the head and the redo stack after it, so resuming reads one entry.  A snapshot of the state is
stored for every node whose depth is a multiple of the snapshot interval, so any node's state
is at most that many replays away: resuming a 20,000-entry game costs what a 20-entry one does.
A snapshot goes in with its entry's append, or later on its own (:meth:`Journal.keep_snapshot`,
when the table is quiet); one that never came (a power cut first) costs only more replays.

The promise: :meth:`Journal.append` returns only once the entry is durable (SQLite: WAL with
synchronous=FULL, committed; Redis: acknowledged by the server, durability per its AOF policy,
see docs/reliability.md), and refuses an entry whose number is not the next one
(:class:`StaleWriter`), so two writers can never interleave a game.

Every input from the table carries an identity (:attr:`Entry.input`): the tower's reference
``tower:<boot>:<sequence>`` for a roll, an id made once when a tap or a button press is queued.
The journal itself refuses a second entry with an input already journaled for that game
(:class:`DuplicateInput`, naming the entry that has it), whoever writes it and however often it
is retried: a reply lost after the write, a reload, a restart.  An append whose reply was lost
finds its own entry there on the next try and the session takes it as written.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol


class JournalError(RuntimeError):
    """The journal cannot be used; the message says what is wrong and what to do."""


class StaleWriter(JournalError):
    """Another writer appended first: reload the game and try again."""


class JournalUnavailable(JournalError, ConnectionError):
    """The journal's server went away; nothing was written.  Retry after reconnecting."""


class GameNotFound(JournalError, KeyError):
    """No stored game has that name."""


class DuplicateInput(JournalError):
    """The entry's input is already journaled for this game (as entry :attr:`seq`): nothing was
    written.  The input is done; never apply it again."""

    def __init__(self, game: str, input_id: str, seq: int) -> None:
        super().__init__(f"Game {game!r} already holds input {input_id} (entry {seq}); it is not applied twice.")
        self.game = game
        self.input_id = input_id
        self.seq = seq


class DamagedEntry(JournalError):
    """Entry :attr:`seq` of game :attr:`game` cannot be read: its page is sound but its text is
    not (a byte cut or changed inside the record).  Readers of the recent entries pass over it
    and say so; a replay that needs it cannot go through it."""

    def __init__(self, game: str, seq: int, problem: str) -> None:
        super().__init__(
            f"Journal entry {seq} of game {game!r} is damaged ({problem}): its page is sound but its text is not. "
            f"Export what can be read (companion export {game}: every readable entry, and the damaged ones listed) "
            "and keep the journal file for recovery."
        )
        self.game = game
        self.seq = seq
        self.problem = problem


class DamagedSnapshot(JournalError):
    """The state stored for node :attr:`node` of game :attr:`game` is not what was written (its
    checksum differs, or it is not a state at all): a resume passes over it to an earlier
    snapshot, or replays from the game's first entry."""

    def __init__(self, game: str, node: int, problem: str) -> None:
        super().__init__(f"Game {game!r}: the stored state of node {node} is damaged ({problem}).")
        self.game = game
        self.node = node
        self.problem = problem


def digest(state: str) -> str:
    """The checksum stored beside a snapshot's text: SHA-256 of its UTF-8, in hex (64 characters)."""
    return hashlib.sha256(state.encode("utf-8", "surrogatepass")).hexdigest()


def checked(game: str, node: int, state: str, stored: str | None) -> str:
    """``state``, the snapshot of ``node``, once its checksum ``stored`` matches (None: written
    before snapshots had one, accepted unverified).

    :raises DamagedSnapshot: the checksum differs."""
    if stored is not None and digest(state) != stored:
        raise DamagedSnapshot(game, node, "its checksum does not match its text")
    return state


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a journal holds")


_STRICT = json.JSONDecoder(parse_constant=_no_constant)  # made once: json.loads with an argument makes one a call


def strict_json(text: str) -> Any:
    """``text`` decoded as JSON without NaN or Infinity (the journal never writes them).

    :raises ValueError: not such JSON, or nested too deep to read (RecursionError as ValueError)."""
    try:
        return _STRICT.decode(text)
    except RecursionError:
        raise ValueError("nested too deeply to read") from None


class EntryKind(StrEnum):
    COMMAND = "command"
    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal row.

    ``parent`` is the node the command was applied to (for a command) or the node the head left
    (for undo/redo); ``head`` and ``redo`` are the game's head node and redo stack after this
    entry; ``depth`` is the head node's distance from the game's first node (which has depth 1).
    ``command`` and ``events`` are canonical JSON text; ``at`` is wall-clock seconds (for people
    reading the log, never for the rules).  ``input`` is the identity of the table's input that
    made the entry ("" for none: scripts, replays, a game's first entry); at most one entry of a
    game has a given input.
    """

    seq: int
    kind: EntryKind
    parent: int
    head: int
    depth: int
    redo: tuple[int, ...]
    command: str
    events: str
    at: float
    input: str = ""

    def to_json(self) -> str:
        extra = {"input": self.input} if self.input else {}  # an entry without one exports as before
        return json.dumps(
            {
                **extra,
                "seq": self.seq,
                "kind": self.kind.value,
                "parent": self.parent,
                "head": self.head,
                "depth": self.depth,
                "redo": list(self.redo),
                "command": json.loads(self.command),
                "events": json.loads(self.events),
                "at": self.at,
            },
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Entry:
        """Decode an exported line; raises ValueError (or KeyError, TypeError) naming what is
        wrong: not JSON, nested too deep, NaN or Infinity anywhere, a time that is not finite."""
        data: dict[str, Any] = strict_json(text)
        at = float(data.get("at", 0.0))
        if not math.isfinite(at):
            raise ValueError(f"its time {at} is not a finite number of seconds")
        try:
            command = json.dumps(data["command"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            events = json.dumps(data["events"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        except RecursionError:
            raise ValueError("nested too deeply to read") from None
        return cls(
            seq=int(data["seq"]),
            kind=EntryKind(data["kind"]),
            parent=int(data["parent"]),
            head=int(data["head"]),
            depth=int(data["depth"]),
            redo=tuple(int(x) for x in data["redo"]),
            command=command,
            events=events,
            at=at,
            input=str(data.get("input", "")),
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    created: float
    updated: float
    entries: int
    archived: bool = False  # hidden from the Games page's list until "Show archived" (Journal.archive_game)


class Journal(Protocol):
    """What the session needs from a store; tests/store/test_contract.py runs against each."""

    def create_game(self, name: str, title: str, now: float) -> None:
        """Register an empty game.  An empty game of that name (its first entry never came: a
        power cut right after it was made) is replaced; raises JournalError if the name is taken
        by a game with entries."""

    def games(self) -> list[GameInfo]:
        """Stored games, most recently updated first (archived ones included, marked; deleted
        ones left out: :meth:`delete_game`)."""

    notices: list[str]
    """What opening the journal had to do that the table should say (a damaged file moved
    aside, with where it is now); empty when nothing happened."""

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        """Durably append ``entry`` (and the head node's snapshot).

        :raises DuplicateInput: ``entry.input`` is already journaled for ``game`` (checked
            first: a retried entry is a duplicate, not a stale one).
        :raises StaleWriter: ``entry`` is not the next.
        :raises JournalUnavailable: the store cannot take it now (server away, disk full,
            read-only); nothing was written, retry later.
        """

    def keep_snapshot(self, game: str, node: int, snapshot: str) -> None:
        """Store ``snapshot``, the canonical state after node ``node`` (an entry already
        journaled), apart from any append: the table writes a snapshot in a quiet moment after
        its entry is durable, not on a tap's way to the screen.  A snapshot only saves replays,
        so it need not be durable at once; the same node's snapshot is always the same text.

        :raises GameNotFound: no such game.
        :raises JournalError: the game has no entry ``node`` (nothing is stored).
        :raises JournalUnavailable: the store cannot take it now; nothing was written.
        """

    def find_input(self, game: str, input_id: str) -> int | None:
        """The number of the entry of ``game`` made by input ``input_id``, if any."""

    def last(self, game: str) -> Entry | None:
        """The newest entry, or None for an empty game; raises GameNotFound."""

    def entry(self, game: str, seq: int) -> Entry:
        """One entry by number; raises JournalError if missing, :class:`DamagedEntry` if its
        command cannot be read (SQLite leaves its events to what uses them: :func:`events_of`;
        a replay goes through an entry whose events alone are damaged)."""

    def entries(self, game: str, start: int = 1) -> Iterator[Entry]:
        """Entries from ``start`` on, in order; raises :class:`DamagedEntry` at a damaged one."""

    def read(self, game: str, start: int = 1) -> Iterator[Entry | DamagedEntry]:
        """Entries from ``start`` on, in order, a damaged one given as its :class:`DamagedEntry`
        in its place (the readers of recent entries pass over it: :func:`readable`).  An entry
        whose events alone are damaged may be given as an entry: its reader finds it
        (:func:`events_of`)."""

    def snapshot(self, game: str, node: int) -> str | None:
        """The canonical state stored for ``node``, if any.

        :raises DamagedSnapshot: its checksum does not match its text."""

    def maintain(self) -> None:
        """Housekeeping off the hot path (SQLite's WAL checkpoint); call when idle."""

    def close(self) -> None:
        """Release the store; safe to call twice."""

    def rename_game(self, name: str, title: str) -> None:
        """Give stored game ``name`` the title ``title`` (its name, the key, stays).

        :raises GameNotFound: no such game (or it was deleted)."""

    def archive_game(self, name: str, archived: bool = True) -> None:
        """Mark stored game ``name`` archived (or not): :meth:`games` lists it with
        ``archived`` set, and the Games page hides it until asked.

        :raises GameNotFound: no such game (or it was deleted)."""

    def delete_game(self, name: str) -> None:
        """Mark stored game ``name`` deleted: :meth:`games` no longer lists it, and nothing of
        it is erased (its entries and snapshots stay readable by name, for an export or a
        change of mind).  Deleting a deleted game does nothing.

        :raises GameNotFound: no such game."""


def events_of(game: str, entry: Entry) -> list[Any]:
    """The journaled events of ``entry`` (of ``game``) as data.

    :raises DamagedEntry: its events' text is not a JSON list."""
    try:
        recorded = strict_json(entry.events)
    except ValueError as exc:
        raise DamagedEntry(game, entry.seq, f"its events: {exc}") from None
    if not isinstance(recorded, list):
        raise DamagedEntry(game, entry.seq, "its events are not a list")
    return recorded


def readable(journal: Journal, game: str, start: int = 1, damaged: list[DamagedEntry] | None = None) -> Iterator[Entry]:
    """The readable entries of ``game`` from ``start`` on, in order; each damaged one is passed
    over and added to ``damaged``."""
    for item in journal.read(game, start):
        if isinstance(item, DamagedEntry):
            if damaged is not None:
                damaged.append(item)
            continue
        yield item
