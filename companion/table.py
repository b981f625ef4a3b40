"""The table loop: every input goes through one queue to the one thread that owns the session.

The dice tower's reader and gpiozero's button callbacks run on their own threads; they only
put inputs on :attr:`Table.inputs`.  :meth:`Table.step` takes one input, turns it into a command,
lets the session decide and journal it, and answers the tower.  It runs on one thread: a
:class:`TableThread` behind the screen (so the screen's thread never waits on the journal, be it
an SD card's fsync or a Redis that stopped answering), or the caller's own loop (the headless
service, the tests).  The tower's protocol work (request, foresee, apply once, acknowledge)
is its own port, :class:`companion.tower_port.TowerPort`, which the loop hands each roll frame
and asks to bring the tower up to date after each input.

Entries another process appended (the tower bridge on a shared Redis journal) reach the
listeners too: :meth:`Table.reload` catches up and hands each missed entry's events to them,
so the buzzer and the worm light's flash follow a roll the bridge applied as they follow a
local one.

Every input has an identity, journaled with the entry it makes: a roll's is the tower's
reference; a tap's or a button press's is made once, when it is put on the queue, so every retry
of it carries the same one.  The journal refuses an identity it holds (see
:mod:`companion.store.base`): a reply lost after the write, a reload after another writer, a
Redis restart in the middle, and the input is still applied once.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.engine import EVENTS, Accepted, Command, Event, Rejected, is_arkham, legal_commands
from companion.engine.codec import from_data
from companion.engine.cthulhu import commands as c
from companion.engine.values import dataclass
from companion.i18n import _, sentence
from companion.session import GameSession, Session
from companion.store import DamagedEntry, DuplicateInput, Entry, JournalError, JournalUnavailable, StaleWriter
from companion.tower_port import TowerPort, roll_prompt

if TYPE_CHECKING:
    from companion.engine.arkham.model import ArkhamState
    from firmware_bridge.protocol import Frame, Hello, RollFrame

log = logging.getLogger(__name__)

REPLAYED = 64  # at most this many entries another process appended are replayed to the listeners
RETRY_EVERY = 0.5  # seconds between tries while the journal (Redis) is not answering


class Button:
    NEXT = "next"
    UNDO = "undo"
    ROLL = "roll"


@dataclass(frozen=True)
class TowerInput:
    frame: RollFrame | Hello


def new_input_id(kind: str) -> str:
    """A fresh identity for a tap or a button press (``tap:<hex>``), made once per input."""
    import uuid  # on the first input, not at start (it imports platform)

    return f"{kind}:{uuid.uuid4().hex}"


@dataclass(frozen=True)
class ButtonInput:
    name: str
    input_id: str = field(default_factory=lambda: new_input_id("button"))


@dataclass(frozen=True)
class CommandInput:
    command: Command
    input_id: str = field(default_factory=lambda: new_input_id("tap"))


@dataclass(frozen=True)
class Pending:
    """A command waiting for the journal, with the identity of the input that made it."""

    command: Command
    input_id: str = ""


@dataclass(frozen=True)
class Changed:
    """Another process appended entry ``seq`` to ``game``."""

    game: str
    seq: int


@dataclass(frozen=True)
class CallInput:
    """Run ``call()`` on the table's thread (the screen asking the journal something)."""

    call: Callable[[], None]


@dataclass(frozen=True)
class Nudge:
    """Wakes the table's thread (to stop it) and does nothing else."""


Input = TowerInput | ButtonInput | CommandInput | Changed | CallInput | Nudge


@dataclass
class Notice:
    """Something the screen should say that is not a game event (an unexpected roll...)."""

    text: str


SessionT = TypeVar("SessionT", bound=Session[Any])


@dataclass
class Table(Generic[SessionT]):
    """The loop over one game in play, Cthulhu Wars or Arkham Horror (``session``)."""

    session: SessionT
    tower: TowerPort = field(default_factory=TowerPort)  # the dice tower's protocol work
    inputs: queue.SimpleQueue[Input] = field(default_factory=queue.SimpleQueue)  # C-fast wake-ups: a roll waits on it
    notices: list[Notice] = field(default_factory=list)
    on_notice: Callable[[Notice], None] = lambda notice: None
    on_input: Callable[[], None] = lambda: None  # called (on the caller's thread) after each input is queued
    on_reload: Callable[[], None] = lambda: None  # the session was replaced by a fresher one
    on_switch: Callable[[Any], None] = lambda session: None  # another game is now played (after switch)
    follow_latest: bool = False  # the tower bridge: play whichever game was changed last
    # The session's snapshots wait for a quiet moment (idle), off the taps' way to the screen:
    # set by a table run on its own thread (TableThread), whose quiet moments come by themselves.
    defer_snapshots: bool = False

    def __post_init__(self) -> None:
        self.waiting: list[Pending] = []  # accepted by nobody yet: the journal was not answering
        self.settled = threading.Event()  # set once a quiet moment's housekeeping left nothing to do
        self.settled.set()
        self.session.defer_snapshots = self.defer_snapshots
        self._said_damaged: set[tuple[str, int]] = set()  # damaged entries the table has said
        self.session.on_damaged = self._damaged
        self.tower.opened(self.session)
        self.posted = self.decided = 0  # commands queued by post(), and how many of them are decided
        self.sync_tower()

    def _journal_moved(self) -> bool:
        last = self.session.journal.last(self.session.name)
        return last is not None and last.seq > self.session.seq

    def reload(self) -> None:
        """Catch up with entries another process appended to this game (a shared Redis journal),
        and let the listeners hear them as they hear local ones (the buzzer, the worm's flash)."""
        before = self.session.seq
        fresher = type(self.session).resume(self.session.journal, self.session.name)
        fresher.listeners = self.session.listeners  # the screen and the panel follow the new one
        fresher.previews = self.session.previews
        self._settle()  # the snapshot the old one owes is still this game's
        fresher.defer_snapshots = self.defer_snapshots
        fresher.on_damaged = self._damaged
        self.session = fresher
        self.sync_tower()
        self._replay(max(before + 1, fresher.seq - REPLAYED + 1))
        self.on_reload()

    def _replay(self, start: int) -> None:
        """Hand the listeners each entry from ``start`` on with its events and the state now (the
        states between are not rebuilt: the lights and the screen show where the game is)."""
        session = self.session
        for entry in session.readable(start):
            recorded = session.recorded(entry)
            if recorded is None:
                continue  # passed over, said
            events = decoded_events(recorded)
            for listener in list(session.listeners):
                try:
                    listener(events, session.state, entry)
                except Exception:  # as in Session: a broken output never stops the table
                    log.exception("listener %r failed on replayed entry %d", listener, entry.seq)

    def switch(self, session: SessionT) -> None:
        """Play another stored game on the same table (tower and buttons stay wired)."""
        self._settle()  # the game left behind keeps the snapshot it owes
        session.defer_snapshots = self.defer_snapshots
        session.on_damaged = self._damaged
        self.session = session
        self.tower.opened(session)
        self.sync_tower()

    # -- called from other threads: only ever put on the queue ---------------------------------

    def tower_frame(self, frame: Frame) -> None:
        from firmware_bridge.protocol import Hello, RollFrame  # imported by then: the link made the frame

        if isinstance(frame, (RollFrame, Hello)):  # a hello: the link is back (ask again); heartbeats
            # only keep the link's status fresh
            self.inputs.put(TowerInput(frame))
            self.on_input()

    def button(self, name: str) -> None:
        self.inputs.put(ButtonInput(name))  # its identity is made here, once
        self.on_input()

    def post(self, command: Command) -> None:
        """Queue a command from the screen (with its identity, made here once); it is decided on
        the table's thread."""
        self.posted += 1
        self.inputs.put(CommandInput(command))
        self.on_input()

    def post_once(self, command: Command, input_id: str) -> None:
        """Queue a command from the screen made by the input ``input_id`` (kept by the screen, a
        correction's draft): the journal applies an input once, however often it is posted."""
        self.posted += 1
        self.inputs.put(CommandInput(command, input_id))
        self.on_input()

    def submit_once(self, command: Command, input_id: str) -> bool:
        """Decide a command made by the input ``input_id`` now (on the main loop's thread): once
        journaled, the same input again is not applied again; False, with a notice, if refused."""
        accepted = self._submit(command, input_id)
        self.sync_tower()
        return accepted

    def post_call(self, call: Callable[[], None]) -> None:
        """Queue ``call`` to run on the table's thread."""
        self.inputs.put(CallInput(call))
        self.on_input()

    def changed(self, game: str, seq: int) -> None:
        """From the journal's follower thread: another process appended to a game."""
        self.inputs.put(Changed(game, seq))
        self.on_input()

    # -- the main loop ----------------------------------------------------------------------------

    def step(self, timeout: float | None = None) -> bool:
        """Handle one input, waiting up to ``timeout`` seconds (None: forever); False if none came.
        The tower's request is brought up to date first (the prompt may have changed elsewhere)."""
        self.sync_tower()
        if self.waiting and not self.retry():
            timeout = min(timeout if timeout is not None else RETRY_EVERY, RETRY_EVERY)
        try:
            item = self.inputs.get(timeout=timeout) if timeout != 0 else self.inputs.get_nowait()
        except queue.Empty:
            return False
        self.settled.clear()
        if isinstance(item, TowerInput):
            self.tower.heard(item.frame, self)  # a roll or a hello (tower_frame)
        elif isinstance(item, ButtonInput):
            self._button(item.name, item.input_id)
        elif isinstance(item, CallInput):
            self._away_is_a_notice(item.call)
        elif isinstance(item, Nudge):
            pass
        elif isinstance(item, Changed):
            self._away_is_a_notice(lambda: self._changed(item))
        else:
            self._submit(item.command, item.input_id)
            self.decided += 1
        self.sync_tower()
        return True

    def _changed(self, item: Changed) -> None:
        if item.game == self.session.name and item.seq > self.session.seq:
            self._unreadable_is_a_notice(self.reload)
        elif item.game != self.session.name and self.follow_latest and GameSession.plays(self.session.journal, item.game):
            journal = self.session.journal
            self.open(lambda: GameSession.resume(journal, item.game))  # the bridge plays Cthulhu Wars

    def _away_is_a_notice(self, call: Callable[[], None]) -> None:
        """Run ``call``; a journal that is away (Redis restarting or hung) is a notice, not the end
        of the table's thread or of the bridge.  A missed catch-up comes with the next append,
        which the journal refuses as stale until the table reloads."""
        try:
            call()
        except JournalUnavailable as exc:
            self._notice(_("{problem} The table catches up when it answers.").format(problem=exc))

    def _unreadable_is_a_notice(self, call: Callable[[], None]) -> None:
        """Run ``call``; a journal it cannot read (a damaged entry on the way to the game's head)
        is a notice, not the end of the table's thread: the table stays where it was."""
        try:
            call()
        except JournalUnavailable:
            raise
        except JournalError as exc:
            self._notice(str(exc))

    def open(self, open_session: Callable[[], Any]) -> bool:
        """Switch to the session ``open_session`` gives (listeners carried over); False, with a
        notice, when it refuses or the journal cannot open it."""
        try:
            opened = open_session()
        except JournalError as exc:
            self._notice(str(exc))
            return False
        if isinstance(opened, Rejected):
            self._notice(sentence(opened.says or opened.message))
            return False
        opened.listeners = self.session.listeners
        opened.previews = self.session.previews
        self.switch(opened)
        self.on_switch(opened)
        return True

    @property
    def busy(self) -> bool:
        """Commands from the screen are still waiting to be decided."""
        return self.decided < self.posted

    def idle(self) -> None:
        """Nothing is happening: write the snapshot the session put off and let the journal do
        its housekeeping now rather than mid-roll (a full or read-only disk puts both off to the
        next quiet moment; the entries are safe).  Then :attr:`settled` is set: nothing is left
        for this quiet moment (what was put off is tried again at the next)."""
        if self._settle():
            try:
                self.session.journal.maintain()
            except JournalUnavailable as exc:
                log.info("housekeeping put off: %s", exc)
        self.settled.set()

    def _settle(self) -> bool:
        """Write the session's owed snapshot, if any; False when the journal cannot take it now
        (it stays owed)."""
        try:
            self.session.settle()
        except JournalUnavailable as exc:
            log.info("snapshot put off: %s", exc)
            return False
        return True

    def drain(self) -> int:
        """Handle every input already waiting; how many."""
        handled = 0
        while self.step(timeout=0):
            handled += 1
        return handled

    def submit(self, command: Command) -> bool:
        """Decide a command now (on the main loop's thread); False, with a notice, if refused."""
        accepted = self._submit(command, new_input_id("tap"))
        self.sync_tower()
        return accepted

    def retry(self) -> bool:
        """Try the commands kept while the journal was away, in order; True once none is left."""
        while self.waiting:
            pending = self.waiting[0]
            try:
                result = self._journal(pending)
            except JournalUnavailable:
                return False
            except JournalError as exc:  # catching up met a damaged entry: this one is not recorded
                self.waiting.pop(0)
                self._notice(str(exc))
                continue
            self.waiting.pop(0)
            if isinstance(result, Rejected):
                self._notice(sentence(result.says or result.message))
            else:
                self.tower.recorded(pending.command)
        self._notice(_("The journal answers again: every waiting command is recorded."))
        return True

    def _submit(self, command: Command, input_id: str = "") -> bool:
        pending = Pending(command, input_id)
        if self.waiting:  # keep the order: nothing overtakes a command still waiting
            self.waiting.append(pending)
            return self.retry()
        try:
            result = self._journal(pending)
        except JournalUnavailable as exc:
            self.waiting.append(pending)
            self._notice(_("{problem} Your command waits and will be recorded when it answers.").format(problem=exc))
            return False
        except JournalError as exc:  # catching up met a damaged entry: not recorded, the table plays on
            self._notice(str(exc))
            return False
        if isinstance(result, Rejected):
            self._notice(sentence(result.says or result.message))
            return False
        return True

    def _journal(self, pending: Pending) -> Accepted[Any] | Rejected | None:
        """Decide and journal ``pending``: the result, or None when its input is journaled
        already (a reply lost after the write, a repeat): it is done, and is not applied again.

        :raises JournalUnavailable: the journal cannot take it now (keep it and retry).
        """
        command, input_id = pending.command, pending.input_id
        try:
            try:
                result = self.session.submit(command, input_id)
            except StaleWriter:
                # Another process (the tower bridge) moved the game on: catch up, then decide again.
                self.reload()
                result = self.session.submit(command, input_id)
            if isinstance(result, Rejected) and self._journal_moved():
                self.reload()  # refused against an old state: decide again on the current one
                result = self.session.submit(command, input_id)
        except DuplicateInput as exc:
            log.info("%s", exc)
            if self._journal_moved():
                self.reload()  # the entry it made is one this session has not read yet
            return None
        except StaleWriter as exc:  # the other writer moved on again meanwhile: wait, and try again
            raise JournalUnavailable(f"{exc} (again, while catching up)") from None
        return result

    # -- what the tower's port needs ---------------------------------------------------------------

    def decide(self, command: Command, input_id: str = "") -> bool:
        """Decide and journal ``command`` now, in order behind any command still waiting."""
        return self._submit(command, input_id)

    def waits(self, input_id: str) -> bool:
        """Whether the input ``input_id`` made a command that waits for the journal."""
        return any(pending.input_id == input_id for pending in self.waiting)

    def say(self, text: str) -> None:
        """A notice for the players (the tower's port reports an unasked roll with it)."""
        self._notice(text)

    def sync_tower(self) -> None:
        """Bring the tower up to date with the game (its request, the foreseen roll)."""
        self.tower.sync(self.session)

    # -- buttons ----------------------------------------------------------------------------------

    def _button(self, name: str, input_id: str = "") -> None:
        state = self.session.state
        rolling = roll_prompt(state) is not None
        if name == Button.UNDO:
            self._submit(c.Undo(), input_id)
        elif name == Button.ROLL or (name == Button.NEXT and rolling):
            if rolling:
                self._submit(c.Roll(None, "generator"), input_id)
            else:
                self._notice(_("No roll is asked for."))
        elif name == Button.NEXT and is_arkham(state):
            self._next_mythos(state, input_id)
        elif name == Button.NEXT:
            self._next(state, input_id)

    def _next_mythos(self, state: ArkhamState, input_id: str = "") -> None:
        """Arkham's "next" draws the Mythos card, unless the players have a choice to make first."""
        from companion.engine.arkham import model as arkham  # loaded: the state is Arkham's
        from companion.engine.arkham.decisions import next_decision

        if state.table_draws:
            self._notice(_("This table draws its own Mythos cards: enter the card drawn on the screen."))
            return
        decision = next_decision(state, arkham.Mythos())
        if decision is not None:
            self._notice(_("This Mythos card leaves the players a choice: draw it on the screen."))
        else:
            self._submit(arkham.Mythos(), input_id)

    def _next(self, state: Any, input_id: str = "") -> None:
        """Confirm the only legal answer; with several, the choice belongs on the screen."""
        options = []
        for option in legal_commands(state):
            options.append(option)
            if len(options) > 1:
                self._notice(_("{question} Choose on the screen.").format(question=sentence(state.prompt.text)))
                return
        if options:
            self._submit(options[0], input_id)

    def _damaged(self, damaged: DamagedEntry) -> None:
        """A reader passed over a damaged entry: the players hear which and what to do, once."""
        if (damaged.game, damaged.seq) not in self._said_damaged:
            self._said_damaged.add((damaged.game, damaged.seq))
            self._notice(_("{problem} The table passes over it and plays on.").format(problem=damaged))

    def _notice(self, text: str) -> None:
        notice = Notice(text)
        self.notices.append(notice)
        del self.notices[:-50]
        log.info("%s", text)
        self.on_notice(notice)


def journaled_events(entry: Entry) -> tuple[Event, ...]:
    """The events of a journaled entry, decoded (an unknown type, from a newer version, is left out)."""
    return decoded_events(json.loads(entry.events))


def decoded_events(recorded: list[Any]) -> tuple[Event, ...]:
    """Journaled events (their data) decoded; an unknown type, from a newer version, is left out."""
    decoded = []
    for data in recorded:
        kind = EVENTS.find(data.get("type", ""))
        if kind is not None:
            decoded.append(from_data(kind, data))
    return tuple(decoded)


class TableThread:
    """Runs :meth:`Table.step` on its own thread until :meth:`stop`.  A quiet moment after the
    last input (:attr:`QUIET_AFTER`: the tap's frame is shown by then, and no player taps again
    so soon) lets the session write the snapshot it put off and the journal do its housekeeping
    (:meth:`Table.idle`); after that, a quiet second does it again (nothing to do: nothing done)."""

    IDLE_AFTER = 1.0  # seconds without input between housekeeping calls once settled
    QUIET_AFTER = 0.05  # seconds without input after one before the housekeeping

    def __init__(self, table: Table[Any]) -> None:
        self.table = table
        table.defer_snapshots = table.session.defer_snapshots = True  # its quiet moments come by themselves
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table", daemon=True)

    def start(self) -> TableThread:
        self._thread.start()
        return self

    def _run(self) -> None:
        table = self.table
        while not self._stopping.is_set():
            try:
                if not table.step(timeout=self.IDLE_AFTER if table.settled.is_set() else self.QUIET_AFTER):
                    table.idle()
            except Exception:  # a bug must not silently stop the table: say so, keep serving
                log.exception("the table's thread failed on an input; it goes on with the next")
        try:
            table.idle()  # the snapshot put off, before the journal is closed
        except Exception:
            log.exception("the table's last housekeeping failed")

    def stop(self, timeout: float = 5.0) -> None:
        """Finish the input in hand, then end (the journal stays open for the caller to close)."""
        self._stopping.set()
        self.table.inputs.put(Nudge())
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()
