"""A game in play: the engine's state at the head, the journal behind it, the listeners after it.

The one flow: :meth:`GameSession.submit` takes a command, the engine decides, an accepted
command is appended to the journal (durably) and only then do the listeners hear the events.
A rejection changes nothing and is returned as it is.

Undo and redo move the head through the tree of accepted commands (see
:mod:`companion.store.base`); they are journal entries too, so the log shows every undo.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion import engine
from companion.engine import Accepted, Code, Command, Event, Rejected, Result, State
from companion.engine.codec import canonical
from companion.engine.core import Redone, Undone
from companion.engine.cthulhu.commands import NewGame, Redo, Undo
from companion.store import Entry, EntryKind, Journal, JournalError
from companion.store.sqlite import SqliteJournal

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 32  # a node's state is at most this many replays from a stored snapshot
STATE_CACHE = 128  # recent node states kept in memory, so undo is instant
Listener = Callable[[tuple[Event, ...], State, Entry], None]


@dataclass
class _Head:
    seq: int  # the newest entry's number
    node: int  # the node whose state is current
    depth: int
    redo: tuple[int, ...] = ()
    cache: OrderedDict[int, State] = field(default_factory=OrderedDict)


class GameSession:
    """One stored game.  Build it with :meth:`start` or :meth:`resume`."""

    def __init__(
        self,
        journal: Journal,
        name: str,
        state: State,
        head: _Head,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.journal = journal
        self.name = name
        self.state = state
        self._head = head
        self._snapshot_every = snapshot_every
        self._clock = clock
        self.listeners: list[Listener] = []
        self._remember(head.node, state)

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        journal: Journal,
        name: str,
        command: NewGame,
        *,
        title: str = "",
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Callable[[], float] = time.time,
    ) -> GameSession | Rejected:
        """Create a stored game from its first command; a rejected set-up stores nothing."""
        result = engine.apply(None, command)
        if isinstance(result, Rejected):
            return result
        now = clock()
        journal.create_game(name, title or command.board.title, now)
        entry = Entry(1, EntryKind.COMMAND, 0, 1, 1, (), canonical(command), _events_text(result.events), now)
        journal.append(name, entry, canonical(result.state))
        session = cls(journal, name, result.state, _Head(1, 1, 1), snapshot_every=snapshot_every, clock=clock)
        return session

    @classmethod
    def resume(
        cls,
        journal: Journal,
        name: str | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Callable[[], float] = time.time,
    ) -> GameSession:
        """Open a stored game (the most recently played one when ``name`` is None).

        Costs at most ``snapshot_every`` replays whatever the game's length.
        :raises JournalError: when there is no such game or it cannot be read.
        """
        if name is None:
            games = journal.games()
            if not games:
                raise JournalError("There is no stored game to resume; start one with `companion demo` or the menu.")
            name = games[0].name
        last = journal.last(name)
        if last is None:
            raise JournalError(f"Game {name!r} has no entries; it was never started.")
        head = _Head(last.seq, last.head, last.depth, last.redo)
        state = _state_at(journal, name, last.head, head.cache)
        return cls(journal, name, state, head, snapshot_every=snapshot_every, clock=clock)

    # -- playing ------------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The newest journal entry's number (the version of this game)."""
        return self._head.seq

    def submit(self, command: Command) -> Result:
        """Decide ``command``; an accepted one is journaled, then the listeners hear it.

        :raises JournalError: when the journal cannot take the entry (nothing changed).
        """
        if isinstance(command, Undo):
            return self._undo()
        if isinstance(command, Redo):
            return self._redo()
        result = engine.apply(self.state, command)
        if isinstance(result, Rejected):
            return result
        head = self._head
        depth = head.depth + 1
        seq = head.seq + 1
        entry = Entry(
            seq, EntryKind.COMMAND, head.node, seq, depth, (), canonical(command), _events_text(result.events), self._clock()
        )
        snapshot = canonical(result.state) if depth % self._snapshot_every == 0 else None
        self.journal.append(self.name, entry, snapshot)
        self._advance(entry, result.state)
        self._notify(result.events, entry)
        return result

    def _undo(self) -> Result:
        head = self._head
        current = self.journal.entry(self.name, head.node)
        if current.parent == 0:
            return Rejected(Code.NOTHING_TO_UNDO, "There is nothing to undo: this is the start of the game.")
        state = self.state_at(current.parent)
        undone = _command_type(current.command)
        events: tuple[Event, ...] = (Undone(head.node, undone),)
        entry = Entry(
            head.seq + 1,
            EntryKind.UNDO,
            head.node,
            current.parent,
            head.depth - 1,
            (*head.redo, head.node),
            canonical(Undo()),
            _events_text(events),
            self._clock(),
        )
        return self._move(entry, state, events)

    def _redo(self) -> Result:
        head = self._head
        if not head.redo:
            return Rejected(Code.NOTHING_TO_REDO, "There is nothing to redo.")
        node = head.redo[-1]
        state = self.state_at(node)
        redone = _command_type(self.journal.entry(self.name, node).command)
        events: tuple[Event, ...] = (Redone(node, redone),)
        entry = Entry(
            head.seq + 1,
            EntryKind.REDO,
            head.node,
            node,
            head.depth + 1,
            head.redo[:-1],
            canonical(Redo()),
            _events_text(events),
            self._clock(),
        )
        return self._move(entry, state, events)

    def _move(self, entry: Entry, state: State, events: tuple[Event, ...]) -> Result:
        self.journal.append(self.name, entry)
        self._advance(entry, state)
        self._notify(events, entry)
        return Accepted(state, events)

    def _advance(self, entry: Entry, state: State) -> None:
        self._head.seq = entry.seq
        self._head.node = entry.head
        self._head.depth = entry.depth
        self._head.redo = entry.redo
        self.state = state
        self._remember(entry.head, state)

    def _notify(self, events: tuple[Event, ...], entry: Entry) -> None:
        for listener in list(self.listeners):
            try:
                listener(events, self.state, entry)
            except Exception:  # a broken LED or screen must never stop the game
                log.exception("listener %r failed on entry %d", listener, entry.seq)

    # -- states of other nodes ----------------------------------------------------------------

    def state_at(self, node: int) -> State:
        """The state after command node ``node`` (cached, or replayed from the nearest snapshot)."""
        return _state_at(self.journal, self.name, node, self._head.cache)

    def _remember(self, node: int, state: State) -> None:
        cache = self._head.cache
        cache[node] = state
        cache.move_to_end(node)
        while len(cache) > STATE_CACHE:
            cache.popitem(last=False)


def _state_at(journal: Journal, game: str, node: int, cache: OrderedDict[int, State]) -> State:
    path: list[Entry] = []
    current = node
    while True:
        if current in cache:
            state = cache[current]
            break
        snapshot = journal.snapshot(game, current)
        if snapshot is not None:
            state = engine.decode_state(snapshot)
            break
        entry = journal.entry(game, current)
        path.append(entry)
        current = entry.parent
        if current == 0:
            raise JournalError(f"Game {game!r} has no snapshot on the way to node {node}; the journal is damaged.")
    for entry in reversed(path):
        result = engine.apply(state, engine.parse_command(json.loads(entry.command)))
        if isinstance(result, Rejected):
            raise JournalError(f"Game {game!r}: entry {entry.seq} no longer applies ({result.message}).")
        state = result.state
    return state


def _events_text(events: Iterable[Event]) -> str:
    return canonical(tuple(events))


def _command_type(command_text: str) -> str:
    data = json.loads(command_text)
    return str(data.get("type", "?"))


def new_game_name(clock: Callable[[], float] = time.time) -> str:
    """A readable unique-enough name, e.g. ``game-20261121-233012``."""
    return time.strftime("game-%Y%m%d-%H%M%S", time.localtime(clock()))


def replay(entries: Iterable[Entry]) -> tuple[State, list[str]]:
    """Replay an exported journal into a throw-away store: the final state and every entry whose
    recorded events differ from what the engine gives now (empty when the replay is exact).

    :raises JournalError: when an entry cannot be applied at all.
    """
    recorded_at = [0.0]  # the replayed entries keep their recorded times
    journal = SqliteJournal(":memory:")
    session: GameSession | None = None
    differences: list[str] = []
    for entry in entries:
        recorded_at[0] = entry.at
        command = engine.parse_command(json.loads(entry.command))
        if session is None:
            session = _replay_start(journal, entry, command, lambda: recorded_at[0])
            events = journal.entry("replay", 1).events
        else:
            result = session.submit(command)
            if isinstance(result, Rejected):
                raise JournalError(f"entry {entry.seq}: rejected on replay ({result.code}: {result.message}).")
            events = _events_text(result.events)
        if events != entry.events:
            differences.append(f"entry {entry.seq}: events differ from the recording")
    if session is None:
        raise JournalError("The journal is empty.")
    return session.state, differences


def _replay_start(journal: Journal, entry: Entry, command: Command, clock: Callable[[], float]) -> GameSession:
    if not isinstance(command, NewGame):
        raise JournalError(f"entry {entry.seq}: a journal must start with new_game.")
    started = GameSession.start(journal, "replay", command, clock=clock)
    if isinstance(started, Rejected):
        raise JournalError(f"entry {entry.seq}: {started.message}")
    return started


__all__ = ["GameSession", "Listener", "new_game_name", "replay"]
