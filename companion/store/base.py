"""The journal's contract: what every back end (SQLite, Redis) stores and promises.

A game's journal is a sequence of :class:`Entry` rows numbered from 1.  An entry is either a
command the engine accepted (a *node*: its state is the parent node's state with the command
applied), or an undo or redo that moves the game's *head* between nodes.  Every entry records
the head and the redo stack after it, so resuming reads one entry.  A snapshot of the state is
stored with every node whose depth is a multiple of the snapshot interval, so any node's state
is at most that many replays away: resuming a 20,000-entry game costs what a 20-entry one does.

The promise: :meth:`Journal.append` returns only once the entry is durable (SQLite: WAL with
synchronous=FULL, committed; Redis: acknowledged by the server, durability per its AOF policy,
see docs/reliability.md), and refuses an entry whose number is not the next one
(:class:`StaleWriter`), so two writers can never interleave a game.
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
    reading the log, never for the rules).
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

    def to_json(self) -> str:
        return json.dumps(
            {
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
        """Register an empty game; raises JournalError if the name is taken."""

    def games(self) -> list[GameInfo]:
        """Stored games, most recently updated first."""

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        """Durably append ``entry`` (and the head node's snapshot); raises StaleWriter."""

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
