"""The house: one place that wires a table, for the window, the terminal demo and the service.

An :class:`Appliance` holds a game's session behind the table loop (:class:`companion.table.Table`)
and wires to it what the configuration asks for: the dice tower's link (the table's
:class:`~companion.tower_port.TowerPort` talks to it), the LED panel, the journal's change
notices (Redis), the demo's players, and the outputs.  Every output is a peer listener of the
session: the panel, the narration, the screen (through :class:`LocalClient`) each hear every
journaled entry with its events and state, in the order they were added (the panel first, so a
tower roll's light never waits on words).  Inputs all go on the table's queue: the tower's
frames, the panel's buttons, the screen's taps and the demo's players (:class:`Bots`).

The screen sees none of this: it gets a :class:`LocalClient`, the
:class:`companion.client.TableClient` over this table.
"""

from __future__ import annotations

import contextlib
import logging
import random
import signal
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from companion import demo
from companion.client import Leds, PhoneLink, Screen, Talking, VoiceChoice
from companion.config import Config
from companion.engine import EVENTS, Command, Event, State, is_arkham
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind, spellbook_count
from companion.engine.cthulhu.pools import next_spellbook
from companion.engine.mapdef import MapDef
from companion.i18n import _
from companion.narrate import describe_data, names_of
from companion.sdnotify import Notifier
from companion.session import AnySession, ArkhamSession, GameSession, new_game_name, open_game
from companion.store import Entry, Journal, JournalError
from companion.table import Notice, Table, TableThread
from hardware.config import PanelConfig, panel_config
from hardware.cues import labels as cue_labels

if TYPE_CHECKING:
    from companion.engine.arkham.model import ArkhamState

log = logging.getLogger(__name__)

Listener = Callable[[tuple[Event, ...], Any, Entry], None]
LOG_LINES = 400  # words of a game's recent entries handed to a screen that opens it
RECENT_ENTRIES = 80
TOWER_WAIT = 5.0  # seconds the terminal demo waits for the simulated tower
SPELLBOOK_CHANCE = 0.08  # the demo's players gain a spellbook now and then, as players would
MAX_SPELLBOOKS = 6


def words(events: tuple[Event, ...], state: Any) -> list[str]:
    """The events in words (the ones worth a line), each knowing its event's type (so the
    screen's "Last:" picks an entry's main line, :func:`companion.ui.headline.main_line`)."""
    from companion.ui.headline import said_of

    return list(said_of(events, names_of(state)))


def recent_words(session: AnySession) -> list[str]:
    """The words of a game's recent entries (for a screen that opens it), worded from the
    journal's data as it is kept: decoding each event only to word it again was most of the
    time a screen took to open a game.  An event of a type this version does not know (from a
    newer one) is left out, as :func:`companion.table.journaled_events` leaves it out; a damaged
    entry is passed over (:meth:`Session.readable`: the table says which)."""
    names = names_of(session.state)
    lines: list[str] = []
    for entry in session.readable(max(1, session.seq - RECENT_ENTRIES)):
        for data in session.recorded(entry) or ():
            line = describe_data(data, names) if EVENTS.find(data.get("type", "")) is not None else None
            if line:
                lines.append(line)
    return lines[-LOG_LINES:]


class Appliance:
    """One table and what is wired to it; the ``stack`` closes what it opened (the panel turns
    its LEDs off, the tower's link stops).  The journal belongs to the caller."""

    def __init__(self, session: AnySession, stack: contextlib.ExitStack[Any], *, follow_latest: bool = False) -> None:
        self.stack = stack
        self.table: Table[Any] = Table(session, follow_latest=follow_latest)
        self.link: Any = None
        self.panel: Any = None
        self.voice: Any = None  # companion.voice.speaker.Voice, once add_voice found a speaker
        self.talk: Any = None  # companion.listening.talk.Talk, once add_listening found a microphone
        self.bots: Bots | None = None
        self.web: Any = None  # companion.web.server.WebServer, once add_web started it
        self.dice: Any = None  # companion.dice_roller.CompanionDice, once add_companion_dice wired it
        self.talking = Talking()  # what the push-to-talk cycle does ("off" until add_listening found a microphone)
        self.talk_watchers: list[Callable[[Talking], None]] = []  # told each change of it (the screens' clients)
        self._switched: list[Callable[[Any], None]] = []
        self._watched: list[Listener] = []  # the outputs the players wait on (output(watched=True))
        self.table.on_switch = self._on_switch
        self.table.on_reload = lambda: self._reopened(self.table.session)

    @property
    def session(self) -> AnySession:
        return self.table.session  # type: ignore[no-any-return]

    def output(self, listener: Listener, *, watched: bool = False) -> None:
        """Add a peer output: it hears every journaled entry (of any game this table plays).

        ``watched``: the players wait on it (the panel's lights, the screen's frame): it hears
        each entry before every output nobody waits on (the voice, the log, the demo's players),
        after the watched ones added before it.  Why: the listeners run in turn on the table's
        thread, and the screen shows a tap's frame only once it has heard the entry; the voice
        wording its lines first would hold the frame back (docs/architecture.md)."""
        listeners = self.table.session.listeners
        if not watched:
            listeners.append(listener)
            return
        at = max((n + 1 for n, heard in enumerate(listeners) if any(heard == w for w in self._watched)), default=0)
        listeners.insert(at, listener)
        self._watched.append(listener)

    def when_switched(self, hook: Callable[[Any], None]) -> None:
        """Call ``hook(session)`` when another game is opened on this table."""
        self._switched.append(hook)

    def _on_switch(self, session: Any) -> None:
        self._reopened(session)
        for hook in self._switched:
            hook(session)

    def _reopened(self, session: AnySession) -> None:
        """A game just opened before an entry the rules now refuse: the table says which, why,
        and what to do (once: the session was opened for this)."""
        if session.reopened is not None:
            self.table.say(session.reopened.notice())

    # -- inputs -----------------------------------------------------------------------------------

    def tower(self, url: str, baudrate: int = 115_200) -> Any:
        """Link the dice tower on ``url`` (a device or pyserial URL) to the table's tower port."""
        from firmware_bridge.link import TowerLink

        self.link = self.stack.enter_context(TowerLink(url, self.table.tower_frame, baudrate=baudrate))
        self.table.tower.send = self.link.send
        self.table.sync_tower()
        return self.link

    def simulated_tower(self, seed: int) -> Any:
        """A simulated tower on a real pseudo-terminal, linked like a real one."""
        from firmware_bridge.sim import SimTower

        sim = self.stack.enter_context(SimTower(seed=seed))
        self.tower(sim.path)
        return sim

    def follow(self, journal: Journal) -> None:
        """On a Redis journal, hear other processes' entries (the bridge, another screen)."""
        if shared(journal):
            follow: Any = getattr(journal, "follow")  # noqa: B009 (a RedisJournal's; its module is not imported here)
            self.stack.callback(follow(self.table.changed))

    def play_with_bots(self, seed: int) -> Bots:
        """The demo's players: an input source beside the tower (they leave rolls to it)."""
        self.bots = Bots(self.table, seed, tower=self.link is not None)
        self.output(self.bots.hear)
        return self.bots

    # -- outputs ----------------------------------------------------------------------------------

    def add_panel(self, config: PanelConfig, *, pin_factory: Any = None, listen: bool = True) -> Any:
        """The LED panel: its buttons are inputs, its lights an output (``listen``: added as one
        now; else the caller adds an output that drives it).  Without GPIO, a notice (the screen
        still runs the table) and None."""
        from hardware.panel import HardwareUnavailable, Panel

        try:
            self.panel = self.stack.enter_context(Panel(config, self.table.button, pin_factory=pin_factory))
        except HardwareUnavailable as exc:
            self.table.notices.append(Notice(str(exc)))
            print(f"companion: {exc}", file=sys.stderr)
            return None
        self.panel.show(self.session.state)
        if self.talk is not None:
            self.panel.on_talk = self._panel_talk  # the panel's talk button (either may come first)
        if listen:
            self.output(self.panel.on_events, watched=True)
        self.when_switched(lambda session: self.panel.show(session.state))
        return self.panel

    def add_voice(self, settings: Any = None) -> Any:
        """The speaker: spoken lines and cues for the big moments, a peer output.

        ``settings`` is a :class:`companion.voice.speaker.VoiceSettings` (defaults when None).
        Without an audio device the table plays on silently and a notice says why; without
        espeak-ng the cues still play and a notice says what to install.  Returns the voice or None.
        """
        from companion.voice import espeak
        from companion.voice.audio import AudioOutput, AudioUnavailable
        from companion.voice.speaker import Voice, VoiceSettings

        chosen = settings or VoiceSettings()
        try:
            output = AudioOutput(volume=chosen.volume)
        except AudioUnavailable as exc:
            self.table.notices.append(Notice(_("No sound: {problem}. The table plays on without its voice.").format(problem=exc)))
            return None
        if not espeak.available():
            chosen.speech = False
            self.table.notices.append(Notice(_("No speech: espeak-ng is not installed (apt-get install espeak-ng); cues only.")))
        self.voice = Voice(output, chosen)
        self.stack.callback(self.voice.close)
        self.output(self.voice)
        return self.voice

    def add_web(self, settings: Any, keys: Any = None) -> Any:
        """The phones' and the TV's server (companion/web, docs/web.md): a peer output (every
        journaled entry pushed to the pages) and an input source (a seat's command goes on the
        table's queue like a tap).  ``settings``: :class:`companion.config.WebSettings`;
        ``keys``: the seats' secrets (a fresh set when None).  None, with a notice, when it
        cannot listen (an address in use or not this machine's): the table plays on without it."""
        from companion.web.server import WebServer

        venue = None
        if shared(self.session.journal):  # a club's shared journal: every table on /venue
            from companion.web.venue import Venue

            venue = Venue(self.session.journal)
        server = WebServer(self.table, settings, keys, recent=recent_words(self.session), venue=venue)
        try:
            server.start()
        except OSError as exc:
            self.table.notices.append(Notice(_("No phones: {problem}. The table plays on without them.").format(problem=exc)))
            return None
        self.stack.callback(server.stop)
        self.output(server.hear)
        self.when_switched(server.switched)
        self.web = server
        server.client = self.client(threaded=False)  # a seat's talk control: the table's talk key (client.talk)
        server.listens = lambda: self.talk is not None  # the control shows only where the table listens
        return server

    def add_listening(
        self, open_source: Callable[[Any], Any] | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> Any:
        """Spoken commands: push to talk, read back, confirmed, then posted like a tap
        (docs/voice.md).  ``open_source(sink)``: where the audio comes from (the microphone when
        None; the tests' recorded files).  Without pocketsphinx or a microphone, a notice and None:
        everything else runs.  The read-back is spoken by the voice, if one was added (now or later)."""
        from companion.listening.microphone import Microphone, MicrophoneUnavailable
        from companion.listening.recognizer import Recognizer, RecognizerUnavailable
        from companion.listening.talk import Talk

        table = self.table
        try:
            talk = Talk(
                table,
                Recognizer(),
                open_source or Microphone,
                show=lambda text: table.post_call(lambda: table.say(text)),  # a notice, said on the table's thread
                speak=self._speak,
                quiet=self._quiet,
                clock=clock,
                status=self._talked,
            )
        except (RecognizerUnavailable, MicrophoneUnavailable) as exc:
            table.notices.append(Notice(_("No spoken commands: {problem}. Everything else works as before.").format(problem=exc)))
            return None
        self._talked("idle", "")  # the table listens: the screen shows its talk control
        self.talk = talk.start()
        self.stack.callback(talk.close)
        if self.panel is not None:
            self.panel.on_talk = self._panel_talk  # the panel's talk button
        return talk

    def add_companion_dice(self, rnd: random.Random | None = None) -> Any:
        """The companion's own dice (issue #33): a game whose dice are the companion's is rolled
        for by itself, faces from ``rnd`` (the system's random source when None), decided on the
        table's thread like "Roll for me"; not while a dice tower is linked (it rolls).  An input
        that watches the state: it hears every entry and every game opened."""
        from companion.dice_roller import CompanionDice

        dice = CompanionDice(self.table, rnd or random.SystemRandom(), stand_by=lambda: self.link is not None)
        self.output(dice.hear)
        self.when_switched(dice.switched)
        self.dice = dice
        dice.look()  # the game on the table may wait for a roll already (resumed at one)
        return dice

    def _panel_talk(self, pressed: bool) -> None:
        """The panel's talk button, held or let go (its own holder: a phone's hold is not cut)."""
        if self.talk is not None:
            self.talk.talk(pressed, "panel")

    def _talked(self, doing: str, phrase: str) -> None:
        """The push-to-talk cycle's status (on its thread): kept, and told to the watchers."""
        self.talking = Talking(doing, phrase)
        for watcher in list(self.talk_watchers):
            watcher(self.talking)

    def _speak(self, text: str) -> None:
        if self.voice is not None and self.voice.settings.speech:
            from companion.voice.lines import Line, Priority

            self.voice.queue.put(Line(text, Priority.BIG))  # a read-back is never dropped as stale

    def _quiet(self) -> bool:
        return self.voice is None or bool(self.voice.queue.wait_idle(0))

    def narrate(self, out: TextIO, indent: str = "") -> None:
        """Write each journaled entry's words to ``out`` (the terminal demo's log)."""

        def narration(events: tuple[Event, ...], state: Any, entry: Entry) -> None:
            for line in words(events, state):
                out.write(f"{indent}{line}\n")

        self.output(narration)

    def client(self, *, threaded: bool) -> LocalClient:
        """The screen's client of this table; ``threaded``: the table's loop on its own thread
        (the real screen), else stepped by the screen's loop (the tests)."""
        return LocalClient(self, threaded=threaded)


class Bots:
    """The demo's seeded players, an input source: each :meth:`move` puts one command on the
    table's queue, decided against the state in play; they hear the entries (a session
    listener) to assign a battle's losses, as a table would.  The same seed plays the same game."""

    def __init__(self, table: Table[Any], seed: int, *, tower: bool = False) -> None:
        self.table = table
        self.rnd = random.Random(seed)
        self.tower = tower
        self.moved = False  # their last command was decided: a spellbook may follow

    def hear(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        if isinstance(state, State):
            for order in demo.casualties(state, events):
                self.table.post(order)

    def waits_for_tower(self, state: Any) -> bool:
        return self.tower and isinstance(state, State) and state.prompt.kind is PromptKind.ROLL

    def move(self) -> bool:
        """Queue the players' next command; False once the game is over."""
        state = self.table.session.state
        if is_arkham(state):
            return self._arkham(state)
        if state.phase is Phase.GAME_OVER:
            return False
        if self.waits_for_tower(state):
            # The tower answers rolls by itself.  Nothing else meanwhile: any command accepted
            # moves the game's step, and a new step has the tower asked (and rolling) again.
            return True
        if self.moved:
            self.moved = False
            # Not while a Spellbook is being chosen: the book gained by hand would leave the
            # question's choices stale (the one just gained still offered).
            if self.rnd.random() < SPELLBOOK_CHANCE and state.prompt.kind is not PromptKind.SPELLBOOK:
                player = self.rnd.choice(state.players)
                if spellbook_count(player) < MAX_SPELLBOOKS:
                    self.table.post(c.GainSpellbook(player.pid, next_spellbook(player.faction, player.spellbooks)))
                    return True
        self.table.post(demo.choose(state, self.rnd))
        self.moved = True
        return True

    def _arkham(self, state: ArkhamState) -> bool:
        """Place whoever is not yet placed, else draw the next Mythos card (the engine's own
        placement and clue choices)."""
        if state.awakened:
            return False
        from companion.engine.arkham import model as am  # loaded: the state is Arkham's
        from companion.engine.arkham.data import ARKHAM

        unplaced = state.unplaced()
        command: Command = am.MoveInvestigator(unplaced[0], self.rnd.choice(ARKHAM)) if unplaced else am.Mythos()
        self.table.post(command)
        return True


class FileShelf:
    """The map files (``companion.maps``) for the new-game screen and the map builder."""

    def names(self) -> list[Any]:
        from companion.maps import list_maps

        return list(list_maps())

    def load(self, name: str) -> MapDef | str:
        from companion.maps import MapError, load_map

        try:
            return load_map(name)
        except MapError as exc:  # a map file gone or broken since the list was drawn
            return str(exc)

    def save(self, board: MapDef) -> str:
        from companion.maps import MapError, save_user_map

        try:
            return str(save_user_map(board, "Transcribed on the companion's map builder."))
        except MapError as exc:
            return f"Not saved: {exc}"


def shared(journal: Journal) -> bool:
    """Whether ``journal`` is a shared Redis one.  Its module is imported only where a Redis
    journal was opened: redis's client is a tenth of a second of every start-up otherwise."""
    module = sys.modules.get("companion.store.redis")
    return module is not None and isinstance(journal, module.RedisJournal)


class LocalClient:
    """The screen's :class:`companion.client.TableClient` over an appliance in this process."""

    def __init__(self, house: Appliance, *, threaded: bool) -> None:
        self.house = house
        self.table = house.table
        self.threaded = threaded
        self.worker: TableThread | None = None
        self.maps = FileShelf()
        self.screen: Screen | None = None
        self._words: tuple[Any, list[str]] | None = None  # the decided entry's state and words
        self.voice_choice = VoiceChoice()  # the settings screen's latest, kept for a voice added later

    def connect(self, screen: Screen) -> None:
        self.screen = screen
        if not self.threaded:  # stepped by the screen's loop: an input must turn it.  Threaded, the
            self.table.on_input = screen.wake  # table's thread takes it; waking the screen would only
            # make it race that thread for the interpreter's lock at the moment the input is decided
        self.table.on_notice = lambda notice: screen.noticed()
        self.table.session.previews.append(self)  # the screen draws a decided entry while it is journaled
        self.house.output(self._entered, watched=True)  # a peer of the panel and the log: after the panel, before the log
        self.house.when_switched(self._switched)
        self.house.talk_watchers.append(self._talked)  # the talk control follows the cycle
        if self.house.talking.on:
            self._talked(self.house.talking)  # the table listens already: the control at once
        session = self.table.session
        screen.attached(session.state, recent_words(session), session.journal.games()[:1], home=False)
        if self.threaded and self.worker is None:
            self.worker = TableThread(self.table).start()

    # On the table's thread.

    def decided(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        """A session preview: the screen may draw the decided entry (shown once journaled)."""
        if self.screen is not None:
            lines = words(events, state)
            self._words = (state, lines)  # said once: the journaled entry's words are these
            self._made_by(entry)
            self.screen.decided(state, lines)

    def withdrawn(self, entry: Entry) -> None:
        self._words = None
        if self.screen is not None:
            self.screen.withdrawn()

    def _entered(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        if self.screen is not None:
            said, self._words = self._words, None
            self._made_by(entry)
            self.screen.entered(state, said[1] if said is not None and said[0] is state else words(events, state))

    def _made_by(self, entry: Entry) -> None:
        """Tell a screen that asks (one with ``made_by``: the window's) which input made the
        entry it is handed next: the Fix page hears its own Record by it."""
        made_by = getattr(self.screen, "made_by", None)
        if made_by is not None:
            made_by(entry.input)

    def _switched(self, session: AnySession) -> None:
        if self.screen is not None:
            self.screen.attached(session.state, recent_words(session), session.journal.games()[:1], home=True)

    def _on_table(self, call: Callable[[], None]) -> None:
        """Run ``call`` where the journal is used: the table's thread, or here when stepped here."""
        if self.worker is not None:
            self.table.post_call(call)
        else:
            call()

    # The client.

    def post(self, command: Command) -> None:
        if self.worker is not None:
            self.table.post(command)
        else:
            self.table.submit(command)

    def post_once(self, command: Command, input_id: str) -> None:
        if self.worker is not None:
            self.table.post_once(command, input_id)
        else:
            self.table.submit_once(command, input_id)

    def start(self, first: Command) -> None:
        table = self.table
        journal = table.session.journal
        kind: Any = ArkhamSession if ArkhamSession.rules.starts(first) else GameSession

        def open_new() -> None:
            table.open(lambda: kind.start(journal, new_game_name(journal=journal), first))  # refused: a notice

        self._on_table(open_new)

    def resume(self, name: str) -> None:
        table = self.table
        journal = table.session.journal

        def open_stored() -> None:
            table.open(lambda: open_game(journal, name))  # gone or damaged since listed: a notice

        self._on_table(open_stored)

    def reword(self) -> None:
        """The game's recent entries worded again (the language changed): to the screen's log."""

        def again() -> None:
            reworded = getattr(self.screen, "reworded", None)  # a screen that keeps a log (the window's)
            if reworded is not None:
                reworded(recent_words(self.table.session))

        self._on_table(again)

    def list_games(self) -> None:
        def listed() -> None:
            if self.screen is not None:
                self.screen.listed(self.table.session.journal.games()[:1])

        self._on_table(listed)

    def notices(self) -> list[str]:
        return [notice.text for notice in list(self.table.notices)]

    def say(self, text: str) -> None:
        self.table.notices.append(Notice(text))

    def pump(self) -> bool:
        return self.worker is None and self.table.drain() > 0

    def idle(self) -> None:
        if self.worker is None:
            self.table.idle()

    def settled(self, shown: Any) -> bool:
        return not self.table.busy and shown is self.table.session.state

    def play(self) -> bool:
        return self.house.bots.move() if self.house.bots is not None else False

    def tower(self) -> Any:
        return self.house.link.status if self.house.link is not None else None

    def last_roll(self) -> str:
        return self.table.tower.last_roll

    def leds(self) -> Leds | None:
        panel = self.house.panel
        if panel is None:
            return None

        def level(device: Any) -> float | None:
            return float(device.value) if device is not None else None

        meant = cue_labels(self.table.session.state)  # the lights' meanings follow the game in play

        return Leds(
            watcher=level(panel.watcher),
            worm=level(panel.worm),
            doom=tuple(float(led.value) for led in panel.doom) if panel.doom is not None else None,
            status=tuple(panel.status.color) if panel.status is not None else None,
            pins=tuple(panel.config.pins()),
            breathing=bool(panel.watcher_brightness),
            labels=(meant.watcher, meant.worm, meant.doom, meant.status),
        )

    def set_sound(self, on: bool) -> None:
        if self.house.panel is not None:
            self.house.panel.sound = on
        if self.house.voice is not None:
            self.house.voice.settings.cues = on

    def set_voice(self, choice: VoiceChoice) -> None:
        self.voice_choice = choice
        voice = self.house.voice
        if voice is None:
            return
        from companion.voice.lines import Verbosity

        settings = voice.settings  # read by the speech thread line by line: plain attribute writes
        settings.speech, settings.volume, settings.voice = choice.speech, choice.volume, choice.voice
        settings.verbosity = Verbosity.BIG_ONLY if choice.big_only else Verbosity.EVERYTHING

    def phones(self) -> list[PhoneLink]:
        web = self.house.web
        if web is None:
            return []
        from companion.web.qr import matrix

        return [PhoneLink(seat, label, url, matrix(url), web.accepting) for seat, label, url in web.links()]

    def set_phones(self, on: bool) -> None:
        web = self.house.web
        if web is not None and on:
            web.resume()
        elif web is not None:
            web.pause()

    def reissue(self, seat: str) -> None:
        if self.house.web is not None:
            self.house.web.reissue(seat)

    def talk(self, pressed: bool, holder: str = "") -> None:
        if self.house.talk is not None:
            self.house.talk.talk(pressed, holder)

    def talking(self) -> Talking:
        return self.house.talking

    def answer(self, yes: bool) -> None:
        talk = self.house.talk
        if talk is not None and yes:
            talk.tap()
        elif talk is not None:
            talk.drop()

    def _talked(self, talking: Talking) -> None:
        """The cycle's status changed (on its thread): handed to a screen that draws it."""
        talked = getattr(self.screen, "talked", None)  # the window's App (a test's screen may not)
        if talked is not None:
            talked(talking)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.worker = None

    # The Games page, the scrolling log and the story (companion.client.Keeper): read on the
    # table's thread, handed to the screen (companion.client.Ledger) when it can take them.

    def _ledger(self, answer: str, *args: Any) -> None:
        take = getattr(self.screen, answer, None)  # a screen that shows the Games page (the window's)
        if take is not None:
            take(*args)

    def _kept(self) -> Any:
        from companion.keeper import Keeper

        keeper = getattr(self, "_keeper", None)
        if keeper is None:
            keeper = self._keeper = Keeper()
        return keeper

    def _say_now(self, text: str) -> None:
        """A notice, and the screen told of it (it shows a refusal where the players look)."""
        notice = Notice(text)
        self.table.notices.append(notice)
        self.table.on_notice(notice)

    def catalogue(self) -> None:
        def listed() -> None:
            session = self.table.session
            self._ledger("catalogued", self._kept().games(session.journal, session.name))

        self._on_table(listed)

    def _marking(self, change: Callable[[Journal], None]) -> None:
        """``change`` the journal's marks, say a refusal as a notice, then list the games again."""

        def marked() -> None:
            try:
                change(self.table.session.journal)
            except JournalError as exc:
                self._say_now(str(exc))
            session = self.table.session
            self._ledger("catalogued", self._kept().games(session.journal, session.name))

        self._on_table(marked)

    def rename_game(self, name: str, title: str) -> None:
        self._marking(lambda journal: journal.rename_game(name, title))

    def archive_game(self, name: str, archived: bool) -> None:
        self._marking(lambda journal: journal.archive_game(name, archived))

    def delete_game(self, name: str) -> None:
        def delete(journal: Journal) -> None:
            if name == self.table.session.name:
                raise JournalError(_("The game on the table is not deleted: start or open another game first."))
            journal.delete_game(name)

        self._marking(delete)

    def read_log(self) -> None:
        def read() -> None:
            self._ledger("logged", self._kept().log(self.table.session))

        self._on_table(read)

    def read_story(self, name: str = "") -> None:
        def tell() -> None:
            try:
                story = self._kept().story(self.table.session, name)
            except JournalError as exc:  # gone or damaged since listed
                self._say_now(str(exc))
                return
            self._ledger("told", name or self.table.session.name, story)

        self._on_table(tell)


# -- the ways the house is wired ------------------------------------------------------------------


def demo_house(
    stack: contextlib.ExitStack[Any], session: AnySession, seed: int, *, tower: bool, panel: bool, voice: bool = False
) -> Appliance:
    """The demo's house: the simulated tower (Cthulhu Wars only: Arkham asks for no dice), the
    panel on gpiozero's mock pins, the voice (unless muted), the seeded players."""
    house = Appliance(session, stack)
    if tower:
        house.simulated_tower(seed)
    if panel:
        house.add_panel(panel_config(demo.DEMO_WIRING))  # the panel first: a roll's light never waits
    if voice:
        house.add_voice()
    house.play_with_bots(seed)
    return house


def serve_phones(house: Appliance, settings: Any, out: TextIO | None = None, *, keep_links: bool = False) -> Any:
    """Start the phones' server if ``settings`` (``[web]``) has it on; say where in ``out``
    (the demo's terminal).  ``keep_links``: the seats' links survive a restart (kept in the
    state directory, mode 0600).  The server, or None."""
    if settings is None or not settings.enabled:
        return None
    import dataclasses
    import os

    from companion import paths
    from companion.web.seats import SeatKeys

    given = os.environ.get("COMPANION_WEB_LISTEN", "")  # the tests: loopback only (tests/conftest.py)
    if given:
        settings = dataclasses.replace(settings, listen=tuple(given.split(",")))
    keys = SeatKeys(paths.state_dir() / "seat-links.json" if keep_links else None)
    server = house.add_web(settings, keys)
    if server is not None and out is not None:
        out.write(
            _("Phones and TV: {url}/tv (each seat's link and QR code: the Phones page, in Settings)").format(
                url=server.base_url()
            )
            + "\n"
        )
    return server


def run_window_demo(
    journal: Journal,
    name: str,
    setup: demo.DemoSetup,
    size: tuple[int, int],
    location: str,
    *,
    voice: bool = True,
    web: Any = None,
) -> None:
    """The whole product on a laptop: the table in a window, the simulated tower on a real pty,
    the LED panel on gpiozero's mock pins drawn beside it.  Space: one move; A: autoplay."""
    from companion.ui import launch

    launch.check_display()
    session = GameSession.start(journal, name, setup.command(), title=f"Demo on {setup.board.title}")
    if not isinstance(session, GameSession):
        raise RuntimeError(session.message)
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session, setup.seed, tower=True, panel=True, voice=voice)
        serve_phones(house, web, sys.stdout)
        house.add_listening()  # hold T to talk (a notice when there is no microphone)
        greeting = _(
            "Demo window open: Space plays one move, A toggles autoplay, R rolls for me, U undoes, 1-5 switch screens, "
            "L shows the LED panel, Esc quits."
        )
        app = launch.open_window(house.client(threaded=True), size, journal=location, demo=True)
        print(greeting, flush=True)
        if house.talk is not None:
            print(_("Hold T and say a command; press T again (or say yes) to apply what is read back."), flush=True)
        launch.run_window(app)


def run_arkham_window(session: ArkhamSession, seed: int, size: tuple[int, int], location: str, *, voice: bool = True) -> None:
    """Arkham Horror in a window: the table on an Arkham session, the LED panel on gpiozero's
    mock pins beside it (the Doom bar is the doom track).  D draws; A autoplays."""
    from companion.ui import launch

    launch.check_display()
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session, seed, tower=False, panel=True, voice=voice)
        app = launch.open_window(house.client(threaded=True), size, journal=location, demo=True)
        print(
            _("Arkham window open: D draws the Mythos card, A autoplays, U undoes, Y redoes, L shows the LED panel, Esc quits."),
            flush=True,
        )
        launch.run_window(app)


def terminal_house(
    stack: contextlib.ExitStack[Any], session: GameSession, setup: demo.DemoSetup, *, tower: bool, voice: bool
) -> Appliance:
    """The terminal demo's house, with or without a person at it: the window's house without its
    panel; with no tower, "Dice: companion" (the table rolls by itself, seeded by the game's seed:
    the same seed, the same dice, the same game)."""
    house = demo_house(stack, session, setup.seed, tower=tower, panel=False, voice=voice)
    if not tower:  # the simulated tower rolls when there is one
        house.add_companion_dice(random.Random(f"dice:{setup.seed}"))
    return house


def run_headless(
    session: GameSession, setup: demo.DemoSetup, out: TextIO, *, tower: bool, panel: bool, voice: bool = False
) -> State:
    """The terminal demo: the same house as the window's, with the narration and (``panel``)
    the mock LEDs as text for outputs; the players move until the game ends."""
    with contextlib.ExitStack() as stack:
        house = terminal_house(stack, session, setup, tower=tower, voice=voice)
        for notice in house.table.notices:  # e.g. why the demo is silent
            out.write(_("Note: {notice}").format(notice=notice.text) + "\n")
        if tower:
            _wait_for_link(house)
            out.write(_("Simulated dice tower linked on {url}: every roll comes from it.").format(url=house.link.url) + "\n")
        house.narrate(out)
        if panel:
            _print_panel(house, out)
        return play_out(house)


def play_out(house: Appliance, limit: int = demo.MAX_COMMANDS) -> State:
    """Let the house's players move (``limit`` moves at most) until the game ends, each move put
    on the table's queue and decided by the table; with a tower, it rolls.

    :raises RuntimeError: the players chose a command the table refused (a bug in the demo), or
        the simulated tower did not answer.
    """
    bots = house.bots
    assert bots is not None
    for _move in range(limit):
        house.table.drain()  # the losses a tower's battle roll led to, before the next move
        state = house.session.state
        assert isinstance(state, State)
        if state.phase is Phase.GAME_OVER:
            break
        if bots.waits_for_tower(state):
            _wait_for_roll(house)
            continue
        said = len(house.table.notices)
        bots.move()
        house.table.drain()  # the command, and the losses it led to
        if len(house.table.notices) > said:
            raise RuntimeError(f"the demo chose an illegal command: {house.table.notices[-1].text}")
    final = house.session.state
    assert isinstance(final, State)
    return final


def _print_panel(house: Appliance, out: TextIO) -> None:
    """The panel on gpiozero's mock pins, printed as a line of virtual LEDs when it changes (an
    output after the narration, so the line follows the words of its entry)."""
    panel = house.add_panel(panel_config(demo.DEMO_WIRING), listen=False)
    last = [""]

    def draw(events: tuple[Event, ...], state: State, entry: Entry) -> None:
        panel.on_events(events, state)
        line = demo.virtual_leds(panel, state)
        if line != last[0]:
            last[0] = line
            out.write(line + "\n")

    house.output(draw)


def _wait_for_link(house: Appliance) -> None:
    from firmware_bridge.link import LinkState

    deadline = time.monotonic() + TOWER_WAIT
    while house.link.status.state is not LinkState.LINKED and time.monotonic() < deadline:
        house.table.step(timeout=0.05)


def _wait_for_roll(house: Appliance) -> None:
    """The table has lit the tower's request; let the tower's roll arrive and be applied."""
    before = house.session.seq
    deadline = time.monotonic() + TOWER_WAIT
    while house.session.seq == before:
        if time.monotonic() > deadline:
            raise RuntimeError("the simulated tower did not answer within 5 s")
        house.table.step(timeout=0.1)


def service_house(stack: contextlib.ExitStack[Any], journal: Journal, config: Config, game: str | None) -> Appliance:
    """The real table: the last game (or a welcome game while the table picks its own), the
    tower and the panel the config names, other processes' entries on a Redis journal."""
    unopened = ""
    try:
        session: AnySession = open_game(journal, game)
    except JournalError as exc:
        session = _first_game(journal)
        if game is not None or any(g.entries for g in journal.games() if g.name != session.name):
            unopened = _(
                "{problem} Showing the welcome game instead; the stored games are untouched (`companion games`)."
            ).format(problem=exc)
    house = Appliance(session, stack)
    if unopened:  # a stored game that cannot be read is said, never passed over in silence
        log.warning("%s", unopened)
        house.table.notices.append(Notice(unopened))
    if session.reopened is not None:  # opened as far as its journal still applies (the rules changed)
        house.table.notices.append(Notice(session.reopened.notice()))
    house.follow(journal)  # the bridge (or another screen) moves the game too
    url = "" if shared(journal) else config.tower.get("url", "")  # with Redis the
    # tower belongs to `companion bridge` (companion-tower.service)
    if url:
        house.tower(url, int(config.tower.get("baudrate", 115_200)))
    if config.hardware:
        house.add_panel(panel_config(config.hardware))
    if not config.tower.get("url"):  # a tower configured rolls (here, or the bridge's on a shared journal)
        house.add_companion_dice()  # a game whose dice are the companion's rolls by itself
    return house


def run_table(
    journal: Journal,
    config: Config,
    game: str | None,
    size: tuple[int, int],
    fullscreen: bool,
    problems: list[str] | None = None,
    later: Callable[[], list[str]] | None = None,
) -> None:
    """``companion run``: the service's house on the screen, under systemd (READY after the first
    frame, the watchdog from the main loop, SIGTERM ends the loop cleanly).

    What the first frame does not need waits for it (:func:`after_first_frame`): the voice, and
    ``later``, more problems to show (the map files' check)."""
    from companion.ui import launch

    launch.check_display()
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, config, game)
        for problem in problems or []:
            house.table.notices.append(Notice(problem))
        app = launch.open_window(house.client(threaded=True), size, fullscreen=fullscreen, journal=str(config.journal.resolved()))
        if house.session.name == "welcome":
            app.scene_name = "new"
        notifier = Notifier()
        stop_on_sigterm(app)

        def then() -> None:
            after_first_frame(house, later, listen=config.listen)
            # The phones' server after the first frame too (aiohttp's import is some 100 ms on a
            # Pi), started on the table's thread: it reads the journal's recent entries.
            house.table.post_call(lambda: serve_phones(house, config.web, sys.stdout, keep_links=True))

        heartbeat = Heartbeat(notifier, f"game {house.session.name}", then=then)
        try:
            launch.run_window(app, on_frame=heartbeat)
        finally:
            notifier.stopping()
    # Leaving the with-block closed the panel (LEDs off) and the tower link; the caller closes the journal.


def after_first_frame(house: Appliance, later: Callable[[], list[str]] | None, *, listen: bool = False) -> None:
    """The service's start, finished once the table is on the screen: the players wait for the
    first frame, not for the sound device, espeak-ng or every map file to be read (together some
    tens of ms on x86, more on a Pi).  The next frame shows what they add (notices).  An entry
    journaled in between (a tower roll in the first frame's few ms) is not spoken."""
    said = len(house.table.notices)
    house.add_voice()  # the screen's saved choices reach it through the client (set_voice)
    if listen:  # [voice] listen: the model is loaded here, off the first frame's way (about 1 s on a Pi)
        house.add_listening()
    for problem in later() if later is not None else []:
        house.table.notices.append(Notice(problem))
    for notice in house.table.notices[said:]:
        house.table.on_notice(notice)  # the screen redraws with it


class Heartbeat:
    """Called after every turn of the main loop: READY=1 after the first, then ``then()`` (the
    rest of the start), then the watchdog."""

    def __init__(self, notifier: Notifier, status: str, then: Callable[[], None] | None = None) -> None:
        self.notifier = notifier
        self.status = status
        self.then = then
        self.started = False

    def __call__(self) -> None:
        if not self.started:
            self.started = True
            self.notifier.ready(self.status)
            if self.then is not None:
                self.then()
        self.notifier.ping()


def stop_on_sigterm(app: Any) -> None:
    """systemd stops the service with SIGTERM: end the loop cleanly (Python's default would kill
    the process without closing the journal or turning the LEDs off)."""

    def stop(signum: int, frame: object) -> None:
        app.running = False

    signal.signal(signal.SIGTERM, stop)


def _first_game(journal: Journal) -> GameSession:
    """No stored game yet: a small Earth game to show while the table picks its own."""
    setup = demo.demo_setup(1, None, 3)
    try:
        started = GameSession.start(journal, "welcome", setup.command(), title="Welcome game")
    except JournalError:  # a "welcome" the journal holds but cannot read: another name
        name = new_game_name(journal=journal, prefix="welcome")
        started = GameSession.start(journal, name, setup.command(), title="Welcome game")
    assert isinstance(started, GameSession), started
    return started


def screen_only(session: AnySession, *, threaded: bool = False) -> LocalClient:
    """A client over a house with nothing wired but the screen (tests, benches, screenshots)."""
    return Appliance(session, contextlib.ExitStack()).client(threaded=threaded)


def run_headless_served(
    session: GameSession,
    setup: demo.DemoSetup,
    out: TextIO,
    *,
    tower: bool,
    panel: bool,
    voice: bool,
    web: Any,
    pace: float,
    linger: Callable[[State], None],
) -> State:
    """The terminal demo with a person at it (companion/demo_run.py): the house of
    :func:`run_headless`, with the phones' and the TV's server (``web``: ``[web]``; the TV's and
    every seat's address printed), ``pace`` s after each entry's words (a pace a person follows,
    and a phone can join), and once the game is over the server kept (the table answering the
    pages) until ``linger(final)`` returns."""
    with contextlib.ExitStack() as stack:
        house = terminal_house(stack, session, setup, tower=tower, voice=voice)
        server = serve_phones(house, web)
        if server is not None:  # no Phones page here: every address in words
            out.write(_("Phones and TV: {url}/tv for the TV; each seat's own link:").format(url=server.base_url()) + "\n")
            for _seat, label, url in server.links()[:-1]:
                out.write(_("  Seat {seat}: {url}").format(seat=label, url=url) + "\n")
        for notice in house.table.notices:  # e.g. why the demo is silent, or has no phones
            out.write(_("Note: {notice}").format(notice=notice.text) + "\n")
        if tower:
            _wait_for_link(house)
            out.write(_("Simulated dice tower linked on {url}: every roll comes from it.").format(url=house.link.url) + "\n")
        out.flush()
        house.narrate(out)
        if panel:
            _print_panel(house, out)
        if pace > 0:

            def pause(events: tuple[Event, ...], state: Any, entry: Entry) -> None:  # after the entry's words
                out.flush()
                time.sleep(pace)

            house.output(pause)
        final = play_out(house)
        if server is not None:
            worker = TableThread(house.table).start()  # the pages' commands are answered (refused: it is over)
            stack.callback(worker.stop)
            linger(final)
        return final
