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

import json
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
        """Decode an exported line; raises ValueError (or KeyError) naming what is wrong."""
        data: dict[str, Any] = json.loads(text)
        return cls(
            seq=int(data["seq"]),
            kind=EntryKind(data["kind"]),
            parent=int(data["parent"]),
            head=int(data["head"]),
            depth=int(data["depth"]),
            redo=tuple(int(x) for x in data["redo"]),
            command=json.dumps(data["command"], sort_keys=True, separators=(",", ":"), ensure_ascii=False),
            events=json.dumps(data["events"], sort_keys=True, separators=(",", ":"), ensure_ascii=False),
            at=float(data.get("at", 0.0)),
            input=str(data.get("input", "")),
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    created: float
    updated: float
    entries: int


class Journal(Protocol):
    """What the session needs from a store; tests/store/test_contract.py runs against each."""

    def create_game(self, name: str, title: str, now: float) -> None:
        """Register an empty game.  An empty game of that name (its first entry never came: a
        power cut right after it was made) is replaced; raises JournalError if the name is taken
        by a game with entries."""

    def games(self) -> list[GameInfo]:
        """Stored games, most recently updated first."""

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
        """One entry by number; raises JournalError if missing."""

    def entries(self, game: str, start: int = 1) -> Iterator[Entry]:
        """Entries from ``start`` on, in order."""

    def snapshot(self, game: str, node: int) -> str | None:
        """The canonical state stored for ``node``, if any."""

    def maintain(self) -> None:
        """Housekeeping off the hot path (SQLite's WAL checkpoint); call when idle."""

    def close(self) -> None:
        """Release the store; safe to call twice."""
