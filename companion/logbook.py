"""The whole log of a game, line by line, for the touchscreen's scrolling log.

Each event worth words becomes a :class:`companion.client.LogLine`: its entry's number, the
round it happened in (from the journaled ``phase_started`` events, along the journal's tree, so
a branch after an undo counts from where it left), the players it is about (the player ids among
the event's values: the log's filter by player) and whether its entry is undone (off the path
from the game's head back to its first node: an undo took it back and nothing redid it).  Undo
and redo entries keep their own lines ("Undone: ..."), never struck through.  Pure: entries and
their events in, lines out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.client import LogLine
from companion.engine import EVENTS
from companion.narrate import describe_data
from companion.store import Entry, EntryKind


def players_in(event: Mapping[str, Any], players: Iterable[str]) -> tuple[str, ...]:
    """The players (ids from ``players``) that ``event``'s values name, in seat order: a
    value that is an id, or a list holding ids (a battle's attacker and defender, a capture's
    victim, the winners)."""
    named: set[str] = set()
    for value in event.values():
        for each in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(each, str):
                named.add(each)
    return tuple(pid for pid in players if pid in named)


def on_path(head: int, parents: Mapping[int, int]) -> set[int]:
    """The nodes from ``head`` back to the first (each node's parent from ``parents``)."""
    path: set[int] = set()
    node = head
    while node in parents and node not in path:
        path.add(node)
        node = parents[node]
    return path


class Logbook:
    """A game's log built entry by entry (a page open while the game goes on reads only the new
    entries); :meth:`lines` marks the undone ones as the head stands now."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = dict(names)
        self.seq = 0  # the last entry heard
        self._parents: dict[int, int] = {}
        self._rounds: dict[int, int] = {0: 0}  # node -> the round when its events were over
        self._made: list[tuple[int, LogLine]] = []  # (node, line): node 0 for an undo's or a redo's lines
        self._head = 0

    def add(self, entry: Entry, events: list[Any]) -> None:
        """Hear ``entry`` with its journaled ``events`` (as data)."""
        command = entry.kind is EntryKind.COMMAND
        now = self._rounds.get(entry.parent, 0) if command else self._rounds.get(entry.head, 0)
        for data in events:
            if not isinstance(data, dict):
                continue
            kind = str(data.get("type", ""))
            if kind == "phase_started" and isinstance(data.get("round"), int):
                now = int(data["round"])
            words = describe_data(data, self.names) if EVENTS.find(kind) is not None else None
            if words:
                line = LogLine(entry.seq, now, words, players_in(data, self.names), kind)
                self._made.append((entry.head if command else 0, line))
        if command:
            self._parents[entry.head] = entry.parent
            self._rounds[entry.head] = now
        self._head, self.seq = entry.head, entry.seq

    def lines(self) -> list[LogLine]:
        """Every line so far, oldest first, an undone entry's marked."""
        path = on_path(self._head, self._parents)
        return [_undone(line) if node and node not in path else line for node, line in self._made]


def logbook(entries: Iterable[tuple[Entry, list[Any]]], names: Mapping[str, str]) -> list[LogLine]:
    """The log of a game's ``entries`` (each with its journaled events as data), oldest first,
    worded with ``names`` (player id -> label; its keys are the players the filter knows).
    Events of a type this version does not know, and events without words, are left out."""
    book = Logbook(names)
    for entry, events in entries:
        book.add(entry, events)
    return book.lines()


def _undone(line: LogLine) -> LogLine:
    return LogLine(line.seq, line.round, line.words, line.players, line.kind, undone=True)
