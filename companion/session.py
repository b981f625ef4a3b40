"""A game in play: the engine's state at the head, the journal behind it, the listeners after it.

The one flow: :meth:`GameSession.submit` takes a command, the engine decides, an accepted
command is appended to the journal (durably) and only then do the listeners hear the events.
A rejection changes nothing and is returned as it is.

Between the decision and the append, the previews (:class:`Preview`) hear what was decided, so
a screen can draw it while the journal makes it durable; they show nothing until the listeners
hear the entry journaled, and hear it withdrawn if the append fails (docs/architecture.md,
"Drawn while it is journaled").

Undo and redo move the head through the tree of accepted commands (see
:mod:`companion.store.base`); they are journal entries too, so the log shows every undo.

A command from the table carries its input's identity (``input_id``), journaled with its entry:
the journal refuses the input a second time (:class:`DuplicateInput`).  When an append's reply
was lost and the retry finds this very entry already in the journal (same input, same number,
same command), the session takes it as written: it advances once, the listeners hear it once.

When the rules change (a new version refuses what an older one accepted), a stored game opens as
far as its journal still applies: :meth:`Session.resume` stops at the first entry on the head's
path that the rules refuse (:class:`NoLongerApplies`), opens at the node before it, and journals
that move of the head as an undo does; the refused entry and those after it stay in the journal,
an abandoned branch.  An undo or redo that would replay such an entry is refused
(``no_longer_applies``) and changes nothing (docs/architecture.md, "When the rules change").
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from companion import engine
from companion.engine import Accepted, Code, Command, Event, Rejected, State
from companion.engine.codec import canonical, decision_key, from_canonical
from companion.engine.core import COMMANDS, Redone, Undone
from companion.engine.cthulhu.commands import Redo, Undo
from companion.engine.says import Says
from companion.engine.values import dataclass
from companion.i18n import _, sentence
from companion.store import (
    DamagedEntry,
    DamagedSnapshot,
    DuplicateInput,
    Entry,
    EntryKind,
    GameNotFound,
    Journal,
    JournalError,
    JournalUnavailable,
    StaleWriter,
    events_of,
)
from companion.store.sqlite import SqliteJournal

if TYPE_CHECKING:
    from companion.engine.arkham.model import ArkhamState

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 32  # a node's state is at most this many replays from a stored snapshot
STATE_CACHE = 128  # recent node states kept in memory, so undo is instant
S = TypeVar("S")
Listener = Callable[[tuple[Event, ...], S, Entry], None]  # hears each journaled entry: events, state, entry


class Preview(Protocol):
    """Hears an entry decided before it is journaled (on the session's thread): it may prepare
    what it will show, and show it only once a listener hears the entry journaled."""

    def decided(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        """The engine accepted a command: ``entry`` (with ``state`` after it) is being appended."""

    def withdrawn(self, entry: Entry) -> None:
        """The append of ``entry`` failed: it never happened (the state is the one before)."""


@dataclass(frozen=True)
class Rules(Generic[S]):
    """What a session needs from one game's engine."""

    game: str  # its name, for messages
    apply: Callable[[Any, Command], Accepted[S] | Rejected]  # (state or None, command)
    decode: Callable[[str], S]  # a snapshot's canonical text back to the state
    title: Callable[[Any], str]  # a stored game's title from its first command
    first: str  # the type of the command a journal of this game starts with

    def starts(self, command: Command) -> bool:
        """Whether ``command`` starts a game of these rules."""
        return COMMANDS.tag_of.get(type(command)) == self.first


CTHULHU_WARS: Rules[State] = Rules("Cthulhu Wars", engine.apply, engine.decode_state, lambda c: str(c.board.title), "new_game")


# Arkham Horror's rules are imported when a game of it is first started, opened or replayed
# (companion.engine imports them on first use too): a Cthulhu Wars table starts without them.
def _arkham_apply(state: ArkhamState | None, command: Command) -> Accepted[ArkhamState] | Rejected:
    from companion.engine.arkham import game

    return game.apply(state, command)


def _arkham_decode(text: str) -> ArkhamState:
    from companion.engine.arkham.model import ArkhamState

    return from_canonical(ArkhamState, text)


ARKHAM_HORROR: Rules[ArkhamState] = Rules(
    "Arkham Horror", _arkham_apply, _arkham_decode, lambda c: f"Arkham Horror: {c.ancient_one}", "new_arkham_game"
)


@dataclass(frozen=True)
class NoLongerApplies:
    """An entry on a stored game's path that the rules of this version refuse (they changed since
    it was journaled): which entry, what it was, and why it is refused now."""

    game: str
    seq: int  # the refused entry's number (a command's entry: its node too)
    parent: int  # the node it was applied to: the last one its path still replays to
    depth: int  # that node's depth
    command: str  # the refused command's type
    what: str  # the entry in words: the narration of what it did when it was accepted, else its type
    rejected: Rejected  # the rules' refusal now
    names: tuple[tuple[str, str], ...] = ()  # the players' ids and their labels, to say the refusal

    @property
    def says(self) -> Says | str:
        """The refusal as the table reads it: the players named by their labels ("Great Cthulhu"),
        not by the ids the engine's sentence holds ("great_cthulhu")."""
        says = self.rejected.says
        return self.rejected.message if says is None else _labelled(says, dict(self.names))

    @property
    def reason(self) -> str:
        """The refusal's sentence, in the table's language."""
        return sentence(self.says)

    def notice(self) -> str:
        """What the table says when it opened the game before this entry (the table's language)."""
        return _(
            "Entry {number} ({what}) no longer applies: {reason} The game is opened at the entry before it: "
            "play that turn again from here."
        ).format(number=self.seq, what=self.what, reason=self.reason)


class EntryNoLongerApplies(JournalError):
    """A replay reached an entry the rules of this version refuse (:attr:`refused`); ``before`` is
    the state after the node before it: the game as far as its journal still applies."""

    def __init__(self, refused: NoLongerApplies, before: Any) -> None:
        super().__init__(f"Game {refused.game!r}: entry {refused.seq} no longer applies ({refused.rejected.message}).")
        self.refused = refused
        self.before = before


@dataclass(frozen=True)
class _Foresight(Generic[S]):
    """Decisions made ahead against ``state`` (compared by identity, which is cheap: states are
    immutable), by :func:`decision_key`, each with its events' journal text."""

    state: S
    decisions: dict[tuple[Any, ...], tuple[Accepted[S], str]]


@dataclass
class _Head(Generic[S]):
    seq: int  # the newest entry's number
    node: int  # the node whose state is current
    depth: int
    redo: tuple[int, ...] = ()
    cache: OrderedDict[int, S] = field(default_factory=OrderedDict)


class Session(Generic[S]):
    """One stored game of the game whose :class:`Rules` the subclass names.

    Build it with :meth:`start` or :meth:`resume`.  :class:`GameSession` plays Cthulhu Wars and
    :class:`ArkhamSession` Arkham Horror; the journal, undo tree and snapshots are the same.
    """

    rules: Rules[S]

    def __init__(
        self,
        journal: Journal,
        name: str,
        state: S,
        head: _Head[S],
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
        self.listeners: list[Listener[S]] = []
        self.previews: list[Preview] = []  # hear each entry decided, before it is appended
        # Snapshots written later, by settle() (the table's thread in a quiet moment), not with
        # the entry's append: encoding a whole state is the costliest CPU work on a tap's way
        # to the screen, and it would contend with the drawing (docs/architecture.md).
        self.defer_snapshots = False
        self._owed: tuple[int, S] | None = None  # the node whose snapshot is owed, and its state
        self._foreseen: _Foresight[S] | None = None
        # Set when resume opened the game before an entry the rules now refuse: the table says it.
        self.reopened: NoLongerApplies | None = None
        # Entries of this game its readers passed over (damaged text), each once, in the order
        # found; on_damaged hears each time one is passed over (the table says it, once).
        self.damaged: list[DamagedEntry] = []
        self.on_damaged: Callable[[DamagedEntry], None] = lambda damaged: None
        self._remember(head.node, state)

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        journal: Journal,
        name: str,
        command: Command,
        *,
        title: str = "",
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Callable[[], float] = time.time,
    ) -> Self | Rejected:
        """Create a stored game from its first command; a rejected set-up stores nothing."""
        result = cls.rules.apply(None, command)
        if isinstance(result, Rejected):
            return result
        now = clock()
        journal.create_game(name, title or cls.rules.title(command), now)
        entry = Entry(1, EntryKind.COMMAND, 0, 1, 1, (), canonical(command), _events_text(result.events), now)
        journal.append(name, entry, canonical(result.state))
        return cls(journal, name, result.state, _Head(1, 1, 1), snapshot_every=snapshot_every, clock=clock)

    @classmethod
    def resume(
        cls,
        journal: Journal,
        name: str | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Callable[[], float] = time.time,
        read_only: bool = False,
    ) -> Self:
        """Open a stored game (the most recently played one when ``name`` is None).

        Costs at most ``snapshot_every`` replays whatever the game's length.  When the head's path
        replays through an entry the rules now refuse, the game opens at the node before it, that
        move of the head is journaled (as an undo is), and :attr:`reopened` says which entry and why.
        ``read_only``: a game only looked at (its story), never written: the move is not journaled.

        :raises JournalError: when there is no such game or it cannot be read.
        :raises JournalUnavailable: the journal cannot take the move of the head now.
        """
        if name is None:
            mine = [g.name for g in journal.games() if g.entries and cls.plays(journal, g.name)]
            if not mine:
                raise JournalError("There is no stored game to resume; start one with `companion demo` or the menu.")
            name = mine[0]
        last = journal.last(name)
        if last is None:
            raise JournalError(f"Game {name!r} has no entries; it was never started.")
        if not cls.plays(journal, name):
            raise JournalError(f"Game {name!r} is not a game of {cls.rules.game}; open it as the game it is.")
        head: _Head[S] = _Head(last.seq, last.head, last.depth, last.redo)
        try:
            state = _state_at(cls.rules, journal, name, last.head, head.cache)
        except EntryNoLongerApplies as refused:
            if read_only:  # looked at where its path still replays to, nothing journaled
                session = cls(
                    journal, name, refused.before, _Head(last.seq, refused.refused.parent, refused.refused.depth), clock=clock
                )
                session.reopened = refused.refused
                return session
            return cls._reopen(journal, name, last, refused, snapshot_every=snapshot_every, clock=clock)
        session = cls(journal, name, state, head, snapshot_every=snapshot_every, clock=clock)
        session.reopened = _standing_before(cls.rules, journal, name, last, state)
        return session

    @classmethod
    def _reopen(
        cls,
        journal: Journal,
        name: str,
        last: Entry,
        refused: EntryNoLongerApplies,
        *,
        snapshot_every: int,
        clock: Callable[[], float],
    ) -> Self:
        """Open stored game ``name`` at the node before ``refused``'s entry, the last one its
        head's path still replays to.  The move of the head is journaled as an undo's is (the
        head left, the head now, no redo: the way on runs through the refused entry), so a restart
        opens at the same place and nothing journaled is rewritten.

        :raises JournalUnavailable: the journal cannot take the move now (nothing changed).
        """
        what = refused.refused
        events: tuple[Event, ...] = (Undone(what.seq, what.command),)
        entry = Entry(
            last.seq + 1, EntryKind.UNDO, last.head, what.parent, what.depth, (), canonical(Undo()), _events_text(events), clock()
        )
        try:
            journal.append(name, entry)
        except StaleWriter:  # another process (the bridge, another screen) moved the game first
            session = cls.resume(journal, name, snapshot_every=snapshot_every, clock=clock)
            session.reopened = session.reopened or what
            return session
        log.warning("%s", what.notice())
        session = cls(
            journal, name, refused.before, _Head(entry.seq, entry.head, entry.depth), snapshot_every=snapshot_every, clock=clock
        )
        session.reopened = what
        return session

    @classmethod
    def plays(cls, journal: Journal, name: str) -> bool:
        """Whether stored game ``name`` is this session's game (by its first command's type)."""
        try:
            first = journal.entry(name, 1)
        except JournalError:
            return False
        return _command_type(first.command) == cls.rules.first

    def readable(self, start: int = 1) -> Iterator[Entry]:
        """This game's readable entries from ``start`` on, in order: a damaged one is passed over,
        logged and kept in :attr:`damaged` (once), and :attr:`on_damaged` hears it."""
        for item in self.journal.read(self.name, start):
            if isinstance(item, DamagedEntry):
                self.passed_over(item)
                continue
            yield item

    def recorded(self, entry: Entry) -> list[Any] | None:
        """The journaled events of ``entry`` (of this game) as data; None when their text is
        damaged: the entry is passed over, as :meth:`readable` passes over one."""
        try:
            return events_of(self.name, entry)
        except DamagedEntry as damaged:
            self.passed_over(damaged)
            return None

    def passed_over(self, damaged: DamagedEntry) -> None:
        """A reader of this game's entries passed over ``damaged``."""
        if all(known.seq != damaged.seq for known in self.damaged):
            self.damaged.append(damaged)
            log.warning("%s", damaged)
        self.on_damaged(damaged)

    # -- playing ------------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The newest journal entry's number (the version of this game)."""
        return self._head.seq

    def submit(self, command: Command, input_id: str = "") -> Accepted[S] | Rejected:
        """Decide ``command``; an accepted one is journaled (with ``input_id``, the identity of the
        table's input that made it, if any), then the listeners hear it.

        :raises DuplicateInput: the input is journaled already, by an entry this session has not
            read (another process, or before a reload): it is done; nothing changed here.
        :raises JournalError: when the journal cannot take the entry (nothing changed).
        """
        if isinstance(command, Undo):
            return self._undo(input_id)
        if isinstance(command, Redo):
            return self._redo(input_id)
        decided = self._decide(command)
        if isinstance(decided, Rejected):
            return decided
        result, events_text = decided
        head = self._head
        depth = head.depth + 1
        seq = head.seq + 1
        entry = Entry(seq, EntryKind.COMMAND, head.node, seq, depth, (), canonical(command), events_text, self._clock(), input_id)
        due = depth % self._snapshot_every == 0
        if due and self.defer_snapshots:
            self.settle()  # one still owed: no quiet moment came in a whole interval (rare; keeps the bound)
        entry = self._durably(entry, result.state, result.events, due and not self.defer_snapshots)
        self._advance(entry, result.state)
        if due and self.defer_snapshots:
            self._owed = (entry.head, result.state)
        self._notify(result.events, entry)
        return result

    @property
    def owes_snapshot(self) -> bool:
        """A snapshot put off (:attr:`defer_snapshots`) is still to be written by :meth:`settle`."""
        return self._owed is not None

    def settle(self) -> bool:
        """Write the snapshot put off, if any (True: one was written).  Called when the table is
        quiet; until then a resume replays from the snapshot before (a snapshot saves replays
        only), and the next one falling due writes it first, so no node is more than
        ``snapshot_every`` replays from a snapshot once its entry is followed by a whole interval.

        :raises JournalUnavailable: the journal cannot take it now (it stays owed).  Any other
            refusal drops it (logged): a snapshot only saves replays, it never stops the game.
        """
        owed = self._owed
        if owed is None:
            return False
        node, state = owed
        try:
            self.journal.keep_snapshot(self.name, node, canonical(state))
        except JournalUnavailable:
            raise
        except JournalError as exc:
            log.warning("the snapshot of node %d of %r is not written (a resume replays more): %s", node, self.name, exc)
            self._owed = None
            return False
        self._owed = None
        return True

    def foresee(self, commands: Iterable[Command]) -> None:
        """Decide ``commands`` against the current state now, while the table waits: the engine is
        pure, so these are the decisions :meth:`submit` would make, and the one that comes goes
        straight to the journal.  The table foresees each face of a pending tower roll.  Kept
        until the state moves; the refused ones are not kept (submit decides them again)."""
        state = self.state
        decisions: dict[tuple[Any, ...], tuple[Accepted[S], str]] = {}
        for command in commands:
            result = self.rules.apply(state, command)
            if isinstance(result, Accepted):
                decisions[decision_key(command)] = (result, _events_text(result.events))
        self._foreseen = _Foresight(state, decisions)

    def foreseen(self) -> bool:
        """Whether decisions were foreseen for the current state."""
        return self._foreseen is not None and self._foreseen.state is self.state

    def _decide(self, command: Command) -> tuple[Accepted[S], str] | Rejected:
        """The rules' decision on ``command`` and its events' text: foreseen, or made now."""
        foreseen = self._foreseen
        if foreseen is not None and foreseen.state is self.state:
            decided = foreseen.decisions.get(decision_key(command))
            if decided is not None:
                return decided
        result = self.rules.apply(self.state, command)
        return result if isinstance(result, Rejected) else (result, _events_text(result.events))

    def _durably(self, entry: Entry, state: S, events: tuple[Event, ...], snapshot: bool = False) -> Entry:
        """Tell the previews ``entry`` is decided, then append it (with ``state``'s snapshot when
        ``snapshot``: encoded after the previews are told, so the screen starts drawing first);
        if the append fails, tell them it is withdrawn (and raise)."""
        previews = list(self.previews)
        for preview in previews:
            try:
                preview.decided(events, state, entry)
            except Exception:  # as with the listeners: a screen's trouble never stops the game
                log.exception("preview %r failed on entry %d", preview, entry.seq)
        try:
            return self._append(entry, canonical(state) if snapshot else None)
        except BaseException:
            for preview in previews:
                try:
                    preview.withdrawn(entry)
                except Exception:
                    log.exception("preview %r failed on withdrawn entry %d", preview, entry.seq)
            raise

    def _append(self, entry: Entry, snapshot: str | None = None) -> Entry:
        """Journal ``entry``; the entry as journaled.  If its input is already in as this very
        entry (the reply to an earlier try was lost after the write), that is the write: the
        journaled entry is returned (its time is the first try's).

        :raises DuplicateInput: the input made another entry (it is done; do not apply it).
        """
        try:
            self.journal.append(self.name, entry, snapshot)
        except DuplicateInput as exc:
            if exc.seq != entry.seq:
                raise
            written = self.journal.entry(self.name, entry.seq)
            if (written.kind, written.parent, written.command, written.input) != (
                entry.kind,
                entry.parent,
                entry.command,
                entry.input,
            ):
                raise
            log.info("entry %d of %r was written before its reply was lost; taken as written", entry.seq, self.name)
            return written
        return entry

    def _undo(self, input_id: str = "") -> Accepted[S] | Rejected:
        head = self._head
        current = self.journal.entry(self.name, head.node)
        if current.parent == 0:
            return Rejected(Code.NOTHING_TO_UNDO, "There is nothing to undo: this is the start of the game.")
        try:
            state = self.state_at(current.parent)
        except EntryNoLongerApplies as exc:
            return _across(exc.refused)
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
            input_id,
        )
        return self._move(entry, state, events)

    def _redo(self, input_id: str = "") -> Accepted[S] | Rejected:
        head = self._head
        if not head.redo:
            return Rejected(Code.NOTHING_TO_REDO, "There is nothing to redo.")
        node = head.redo[-1]
        try:
            state = self.state_at(node)
        except EntryNoLongerApplies as exc:
            return _across(exc.refused)
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
            input_id,
        )
        return self._move(entry, state, events)

    def _move(self, entry: Entry, state: S, events: tuple[Event, ...]) -> Accepted[S] | Rejected:
        entry = self._durably(entry, state, events)
        self._advance(entry, state)
        self._notify(events, entry)
        return Accepted(state, events)

    def _advance(self, entry: Entry, state: S) -> None:
        self._head.seq = entry.seq
        self._head.node = entry.head
        self._head.depth = entry.depth
        self._head.redo = entry.redo
        self.state = state
        self._foreseen = None  # let go: made against the state before
        self._remember(entry.head, state)

    def _notify(self, events: tuple[Event, ...], entry: Entry) -> None:
        for listener in list(self.listeners):
            try:
                listener(events, self.state, entry)
            except Exception:  # a broken LED or screen must never stop the game
                log.exception("listener %r failed on entry %d", listener, entry.seq)

    # -- states of other nodes ----------------------------------------------------------------

    def state_at(self, node: int) -> S:
        """The state after command node ``node`` (cached, or replayed from the nearest snapshot).

        :raises EntryNoLongerApplies: the replay reached an entry the rules now refuse.
        """
        return _state_at(self.rules, self.journal, self.name, node, self._head.cache)

    def _remember(self, node: int, state: S) -> None:
        cache = self._head.cache
        cache[node] = state
        cache.move_to_end(node)
        while len(cache) > STATE_CACHE:
            cache.popitem(last=False)


class GameSession(Session[State]):
    """A stored game of Cthulhu Wars."""

    rules = CTHULHU_WARS


class ArkhamSession(Session["ArkhamState"]):
    """A stored game of Arkham Horror."""

    rules = ARKHAM_HORROR


AnySession = GameSession | ArkhamSession
SESSION_KINDS: tuple[type[GameSession], type[ArkhamSession]] = (GameSession, ArkhamSession)


def open_game(journal: Journal, name: str | None = None, *, read_only: bool = False) -> AnySession:
    """Open stored game ``name`` (the most recently played one of either game when None) as the
    game it is (``read_only``: only looked at, nothing journaled: :meth:`Session.resume`).

    With no name, a game that cannot be read (a damaged entry) is passed over for the next most
    recent one, and an empty game (a power cut right after making it) is never chosen.

    :raises JournalError: when there is no such game, or it starts with no game's first command.
    :raises JournalUnavailable: when the journal does not answer (no game is passed over then).
    """
    if name is None:
        games = [g.name for g in journal.games() if g.entries]
        if not games:
            raise JournalError("There is no stored game to resume; start one with `companion demo` or the menu.")
        for candidate in games[:-1]:
            try:
                return open_game(journal, candidate)
            except JournalUnavailable:
                raise
            except JournalError as exc:
                log.warning("passing over stored game %r: %s", candidate, exc)
        name = games[-1]
    for kind in SESSION_KINDS:
        if kind.plays(journal, name):
            return kind.resume(journal, name, read_only=read_only)
    raise JournalError(f"Game {name!r} is neither Cthulhu Wars nor Arkham Horror, or has no entries.")


def _state_at(rules: Rules[S], journal: Journal, game: str, node: int, cache: OrderedDict[int, S]) -> S:
    path: list[Entry] = []
    current = node
    state: S | None = None
    while True:
        if current in cache:
            state = cache[current]
            break
        snapshot = _snapshot(rules, journal, game, current)
        if snapshot is not None:
            state = snapshot
            break
        entry = journal.entry(game, current)
        path.append(entry)
        current = entry.parent
        if current == 0:  # no snapshot on the way (or none readable): replayed from the first entry
            break
    for entry in reversed(path):
        result = _replayed(rules, state, entry)  # state None: the game's first entry
        if isinstance(result, Rejected):
            if state is None:
                raise JournalError(f"Game {game!r} cannot be replayed: its first entry is refused ({result.message}).")
            raise EntryNoLongerApplies(_refused(game, entry, state, result), state)
        state = result.state
    assert state is not None  # from the cache, a snapshot, or the first entry's replay
    return state


def _snapshot(rules: Rules[S], journal: Journal, game: str, node: int) -> S | None:
    """The state stored for ``node``, if any; a damaged one (its checksum differs, or its text is
    not a state) is passed over, logged, as if it were not there: the state is replayed instead
    from an earlier snapshot, or from the game's first entry."""
    try:
        text = journal.snapshot(game, node)
        return None if text is None else rules.decode(text)
    except DamagedSnapshot as exc:
        log.warning("%s Replaying from an earlier one.", exc)
    except (ValueError, KeyError, TypeError, RecursionError) as exc:  # text a damaged page left readable
        log.warning("Game %r: the stored state of node %d is damaged (%s). Replaying from an earlier one.", game, node, exc)
    return None


def _replayed(rules: Rules[S], state: S | None, entry: Entry) -> Accepted[S] | Rejected:
    """Journaled ``entry`` applied to ``state`` again: accepted, or refused by the rules now; a
    command this version cannot read at all (a field or a command type the rules dropped) is
    refused too, so the game opens before it as before any other entry that no longer applies."""
    try:
        command = engine.parse_command(json.loads(entry.command))
    except ValueError as exc:  # DecodeError, or text a damaged page left
        return Rejected.of(Code.BAD_COMMAND, "This version cannot read the command ({problem}).", problem=str(exc))
    return rules.apply(state, command)


def _refused(game: str, entry: Entry, state: Any, result: Rejected) -> NoLongerApplies:
    """Journaled ``entry`` of ``game``, refused by the rules now (``result``) when applied to
    ``state``, the state after its parent node."""
    from companion.narrate import names_of  # the rare path: a journal the rules changed under

    names = names_of(state)
    what = _words(entry, names)
    return NoLongerApplies(
        game, entry.seq, entry.parent, entry.depth - 1, _command_type(entry.command), what, result, tuple(names.items())
    )


def _standing_before(rules: Rules[S], journal: Journal, game: str, last: Entry, state: S) -> NoLongerApplies | None:
    """The entry the rules refuse that an opening moved ``game`` back before, while the game still
    stands there (``last``, its newest entry, is that move; ``state`` the state it left): so
    every opening says it until the turn is played again, whichever process made the move (the
    tower's bridge often opens the game first, with no screen to say it).  None otherwise.

    The move is an undo with nothing to redo (an ordinary undo always leaves the undone node to
    redo); the entry it stepped back over is named by its ``undone`` event."""
    if last.kind is not EntryKind.UNDO or last.redo:
        return None
    try:
        recorded = json.loads(last.events)
        step = next(int(e["step"]) for e in recorded if isinstance(e, dict) and e.get("type") == "undone")
        entry = journal.entry(game, step)
    except (ValueError, KeyError, TypeError, StopIteration, JournalError):  # not such a move after all
        return None
    if entry.kind is not EntryKind.COMMAND or entry.parent != last.head:
        return None
    result = _replayed(rules, state, entry)
    return _refused(game, entry, state, result) if isinstance(result, Rejected) else None


def _labelled(says: Says, names: Mapping[str, str]) -> Says:
    """``says`` with every value that is a player's id (in a nested sentence too) given as the
    table names that player."""

    def named(value: Any) -> Any:
        if isinstance(value, Says):
            return _labelled(value, names)
        return names.get(value, value) if isinstance(value, str) else value

    return Says(says.template, tuple((key, named(value)) for key, value in says.values))


def _across(refused: NoLongerApplies) -> Rejected:
    """An undo or redo refused: its way runs through ``refused``, an entry the rules now refuse."""
    return Rejected.of(
        Code.NO_LONGER_APPLIES,
        "That would replay entry {number} ({what}), which no longer applies: {reason} Nothing changed.",
        number=refused.seq,
        what=refused.what,
        reason=refused.says,
    )


def _words(entry: Entry, names: Mapping[str, str]) -> str:
    """``entry`` in words for people: the first line the narration gives its journaled events
    (what it did when it was accepted, the players by ``names``), else its command's type."""
    from companion.narrate import describe_data, worded  # the rare path: a journal the rules changed under

    try:
        recorded = json.loads(entry.events)
    except ValueError:
        recorded = []
    for data in recorded if isinstance(recorded, list) else []:
        if not isinstance(data, dict) or not worded(str(data.get("type", ""))):
            continue
        try:
            line = describe_data(data, names)
        except (KeyError, IndexError, TypeError, ValueError):  # written by an older version, in another shape
            continue
        if line:
            return line.rstrip(".")
    return _command_type(entry.command).replace("_", " ")


def _events_text(events: Iterable[Event]) -> str:
    return canonical(tuple(events))


def _command_type(command_text: str) -> str:
    data = json.loads(command_text)
    return str(data.get("type", "?"))


def new_game_name(clock: Callable[[], float] = time.time, journal: Journal | None = None, prefix: str = "game") -> str:
    """A readable name, e.g. ``game-20261121-233012``; with ``journal``, one it does not hold yet,
    a deleted game's included (two games started in the same second get ``-2``, ``-3``...)."""
    base = time.strftime(f"{prefix}-%Y%m%d-%H%M%S", time.localtime(clock()))
    taken = {g.name for g in journal.games()} if journal is not None else set()
    name, n = base, 1
    while name in taken or (journal is not None and _stored(journal, name)):
        n += 1
        name = f"{base}-{n}"
    return name


def _stored(journal: Journal, name: str) -> bool:
    """Whether ``journal`` holds game ``name``, a deleted one included (its entries are kept)."""
    try:
        journal.last(name)
    except GameNotFound:
        return False
    return True


def replay(entries: Iterable[Entry]) -> tuple[State, list[str]]:
    """Replay an exported Cthulhu Wars journal: see :func:`replay_any`.

    :raises JournalError: when an entry cannot be applied, or the journal is another game's.
    """
    state, differences = replay_any(entries)
    if not engine.is_arkham(state):
        return state, differences
    raise JournalError("This journal is an Arkham Horror game, not Cthulhu Wars.")


def replay_any(entries: Iterable[Entry]) -> tuple[State | ArkhamState, list[str]]:
    """Replay an exported journal (either game, known by its first command) into a throw-away
    store: the final state and every entry whose recorded events differ from what the engine
    gives now (empty when the replay is exact).

    :raises EntryNoLongerApplies: an entry the rules of this version refuse (which, what it was
        and why: its ``refused``); its ``before`` is the state replayed up to the entry before.
    :raises JournalError: when the journal cannot be replayed at all (empty, or no game's start).
    """
    recorded_at = [0.0]  # the replayed entries keep their recorded times
    journal = SqliteJournal(":memory:")
    session: GameSession | ArkhamSession | None = None
    differences: list[str] = []
    for entry in entries:
        recorded_at[0] = entry.at
        try:
            command = engine.parse_command(json.loads(entry.command))
        except (ValueError, RecursionError) as exc:  # DecodeError, or nested deeper than it reads
            raise JournalError(f"Entry {entry.seq}: its command cannot be read ({exc or 'nested too deeply'}).") from None
        if session is None:
            session = _replay_start(journal, entry, command, lambda: recorded_at[0])
            events = journal.entry("replay", 1).events
        else:
            result = session.submit(command)
            if isinstance(result, Rejected):
                raise EntryNoLongerApplies(_refused("", entry, session.state, result), session.state)
            events = _events_text(result.events)
        if events != entry.events:
            differences.append(f"entry {entry.seq}: events differ from the recording")
    if session is None:
        raise JournalError("The journal is empty.")
    return session.state, differences


def _replay_start(journal: Journal, entry: Entry, command: Command, clock: Callable[[], float]) -> GameSession | ArkhamSession:
    kind: type[GameSession] | type[ArkhamSession]
    for kind in SESSION_KINDS:
        if kind.rules.starts(command):
            started = kind.start(journal, "replay", command, clock=clock)
            if isinstance(started, Rejected):
                raise JournalError(f"entry {entry.seq}: {started.message}")
            return started
    raise JournalError(f"entry {entry.seq}: a journal must start with new_game or new_arkham_game.")


__all__ = [
    "AnySession",
    "ArkhamSession",
    "EntryNoLongerApplies",
    "GameSession",
    "Listener",
    "NoLongerApplies",
    "Preview",
    "Rules",
    "Session",
    "new_game_name",
    "open_game",
    "replay",
    "replay_any",
]
