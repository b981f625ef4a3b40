"""The touchscreen app: the main loop that owns the screen.

Each turn of the loop: wait for an event (up to a second when idle, 1/30 s while something
moves), turn touches, clicks and keys into intents, hand commands to the table through its
client (:class:`companion.client.TableClient`), and redraw only when something changed.  The
table's thread hands back what was journaled (the screen is one of the session's outputs, a
peer of the panel and the log) and wakes the loop by posting an event; nothing else reaches
the screen, and the screen reaches nothing but the client.

A decided entry is drawn while the table journals it: the table hands the screen the decided
state (:meth:`App.decided`) before the append, the loop draws it into the window's buffer
without flipping, and flips that very frame when the entry comes back journaled
(:meth:`App.entered`); if the append fails (:meth:`App.withdrawn`) the frame is dropped and the
last journaled state is drawn.  Nothing is shown that is not yet journaled
(docs/architecture.md, "Drawn while it is journaled").

Touch arrives as FINGERDOWN with coordinates from 0 to 1; SDL also sends a mouse event for each
touch (``event.touch`` is true), which is ignored so one tap is one tap.
"""

from __future__ import annotations

import gc
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from companion import i18n
from companion.client import TableClient, Talking, VoiceChoice
from companion.engine import Command, is_arkham
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.engine.mapdef import MapDef, MapStatus
from companion.i18n import _
from companion.ui.backlight import Backlight, DisplaySettings, load_settings, save_settings
from companion.ui.builder_scene import BuilderScene, Draft, rename, type_key
from companion.ui.builder_scene import apply as apply_build
from companion.ui.faction_sheet import FactionSheetScene
from companion.ui.keyboard import Key
from companion.ui.map_scene import AreaScene, MapScene
from companion.ui.other_scenes import LogScene, NewGameScene, SettingsScene
from companion.ui.scene import (
    ARKHAM_SCENES,
    SCENES,
    Build,
    DieFace,
    Go,
    Intent,
    Manage,
    Page,
    Resume,
    Scene,
    Start,
    StartArkham,
    Submit,
    Toggle,
    View,
)
from companion.ui.table_scene import TableScene
from companion.ui.talk_overlay import NO, TALK, YES, TalkOverlay, scene_room
from companion.ui.widgets import BACKGROUND, DIM, PANEL, PARTS, TEXT, Metrics, fill_around, font, read_up_close, text

if TYPE_CHECKING:
    from companion.ui.arkham_scene import ArkhamScene

SIZES = {"800x480": (800, 480), "1024x600": (1024, 600), "1280x720": (1280, 720), "720x1280": (720, 1280)}
IDLE_WAIT_MS = 1000
ANIMATION_MS = 33
# After a tap's command, the loop waits for the table's answer on its own arrivals queue (woken at
# once) rather than in SDL's event wait, which polls every millisecond: two such waits (the
# decided state, then the entry journaled) were a millisecond of each tap's latency.  It waits
# in slices, looking at SDL's queue between them, so a touch or a quit is never kept waiting
# longer than a slice; after ANSWER_WAIT without an answer it goes back to SDL's events.
ANSWER_WAIT = 0.05  # seconds
ANSWER_SLICE = 0.005  # seconds
# While a tap's answer is awaited, Python's cyclic garbage collector is held off (on both threads:
# it is the process's): a collection there (0.5 to 3 ms on x86) lands on the tap's way to its
# frame.  What was put off is collected at the first allocation after the answer is shown.
AUTOPLAY_EVERY = 0.6  # seconds between the demo players' moves
LOG_LINES = 400
LED_PANEL = 170  # px (at unit 1): the demo's virtual LED panel, drawn over the right of the screen
WAKE = 0  # the event other threads post to wake the loop (made when the display starts)
LED_KEY = pygame.K_l  # shows or hides the demo's virtual LED panel
SCENE_KEYS = {pygame.K_1: "table", pygame.K_2: "map", pygame.K_3: "log", pygame.K_4: "settings", pygame.K_5: "new"}
CTHULHU_ONLY = ("table", "fix", "map", "area", "detail")  # the scenes that draw a Cthulhu Wars board
ARKHAM_ONLY = ("arkham", "arkham_fix")  # and an Arkham Horror board


def _arkham(metrics: Metrics) -> Scene:
    from companion.ui.arkham_scene import ArkhamScene

    return ArkhamScene(metrics)


def _arkham_fix(metrics: Metrics) -> Scene:
    from companion.ui.arkham_corrections import ArkhamCorrectionsScene

    return ArkhamCorrectionsScene(metrics)


def _fix(metrics: Metrics) -> Scene:
    from companion.ui.corrections_scene import CorrectionsScene

    return CorrectionsScene(metrics)


# Scenes made, and their modules imported, when first shown: the corrections screens and Arkham
# Horror's are the largest of the screen's modules and a table's first frame needs none of them
# (docs/performance.md, "Start-up"; tests/appliance/test_startup_imports.py holds it).
def _phones(metrics: Metrics) -> Scene:
    from companion.ui.phones_scene import PhonesScene

    return PhonesScene(metrics)


LATER_SCENES: dict[str, Callable[[Metrics], Scene]] = {
    "arkham": _arkham,
    "arkham_fix": _arkham_fix,
    "fix": _fix,
    "phones": _phones,
}


def _games(metrics: Metrics) -> Scene:
    from companion.ui.games_scene import GamesScene

    return GamesScene(metrics)


def _story(metrics: Metrics) -> Scene:
    from companion.ui.story_scene import StoryScene

    return StoryScene(metrics)


LATER_SCENES["games"] = _games  # the Games page (companion/ui/games_scene.py)
LATER_SCENES["story"] = _story  # a finished game's story (companion/ui/story_scene.py)


class Scenes(dict[str, Scene]):
    """The scenes laid out for one window size, by name; those in :data:`LATER_SCENES` are made
    on first use (``scenes[name]``), for the same size."""

    def __init__(self, metrics: Metrics, scenes: tuple[Scene, ...]) -> None:
        super().__init__((scene.name, scene) for scene in scenes)
        self.metrics = metrics

    def __missing__(self, name: str) -> Scene:
        make = LATER_SCENES.get(name)
        if make is None:
            raise KeyError(name)
        scene = self[name] = make(self.metrics)
        return scene


def fresh_seed() -> int:
    """A new game's seed for its draws and dice (journaled with the game, so it replays)."""
    return int(time.time() * 1000) % 1_000_000


def names_of(state: Any) -> dict[str, str]:
    """Player ids to the labels the log uses (Arkham's investigators are named already)."""
    return {} if is_arkham(state) else {p.pid: p.label for p in state.players}


def seating_problem(board: MapDef, seated: int) -> str:
    """Why ``seated`` factions cannot play on ``board``, saying what to change ("" if they can)."""
    if seated in board.players:
        return ""
    seats = _(" or ").join(str(n) for n in board.players)
    return _("{map} seats {seats} players, and {seated} factions are seated: seat {seats}, or choose a map for {seated}.").format(
        map=board.title, seats=seats, seated=seated
    )


TALK_KEY = pygame.K_t  # held to speak a command; pressed again to confirm what was read back
INPUTS = (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.TEXTINPUT)
AWAKENING = (*INPUTS, pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)  # end a wait for the table


@dataclass
class Decided:
    """An entry decided but not yet journaled: its state and words, and whether the window's
    buffer holds its frame now (drawn, not flipped)."""

    state: Any
    lines: list[str]
    drawn: bool = False
    made: str = ""  # the input (its id) that made the entry ("" none)


@dataclass
class Extras:
    """What the app says beside the game: where the journal is, and whether this is the demo."""

    journal: str = ""
    demo: bool = False


def _next_language(d: DisplaySettings) -> None:
    shown = d.language or i18n.system_language()
    d.language = i18n.LANGUAGES[(i18n.LANGUAGES.index(shown) + 1) % len(i18n.LANGUAGES)]


# The settings screen's switches: each changes the display settings it names.
DISPLAY_OPTIONS: dict[str, Callable[[DisplaySettings], None]] = {
    "sound": lambda d: setattr(d, "sound", not d.sound),
    "brightness": lambda d: setattr(d, "brightness", d.next_brightness()),
    "speech": lambda d: setattr(d, "speech", not d.speech),
    "volume": lambda d: setattr(d, "volume", d.next_volume()),
    "verbosity": lambda d: setattr(d, "big_only", not d.big_only),
    "language": _next_language,
}


@dataclass
class App:
    client: TableClient  # the table (the game in play changes kind when another game starts or resumes)
    size: tuple[int, int] = (800, 480)
    fullscreen: bool = False
    extras: Extras = field(default_factory=Extras)
    clock: Callable[[], float] = time.monotonic
    backlight: Backlight = field(default_factory=Backlight)

    def __post_init__(self) -> None:
        global WAKE
        pygame.display.init()  # no audio: the panel's buzzer gives the cues
        pygame.font.init()
        font.cache_clear()  # fonts belong to one pygame session
        if not WAKE:
            WAKE = pygame.event.custom_type()
        flags = pygame.FULLSCREEN if self.fullscreen else 0
        self.window = pygame.display.set_mode(self.size, flags)  # exactly the size asked for
        self.leds_shown = False  # the demo's LED panel: an overlay inside the window (L shows it, a tap hides it)
        pygame.display.set_caption(_("Table companion"))
        self.scene_name = "table"
        self.arkham = False
        self.dice: tuple[int, ...] = ()
        self.page = 0
        self.area = -1
        self.draft = Draft()
        seats = tuple(f.value for f in list(Faction)[:3])
        self.options: dict[str, Any] = {"players": 3, "factions": seats, "draft": self.draft}
        self.log: list[str] = []
        self.autoplay = False
        self.next_move = 0.0
        self.starting = False  # a new game was asked of the table: a refusal is shown on its screen
        self.state: Any = None
        self.names: dict[str, str] = {}
        self.games: list[Any] = []
        self.display = load_settings()
        self.dim = 1.0  # drawn dimming when there is no backlight to turn down
        self.apply_display()
        self.dirty = True
        self.running = True
        self.decision: Decided | None = None  # being journaled: drawn ahead, shown once journaled
        self.made = ""  # the input that made the entry handed next (set on the table's thread: made_by)
        self.journaled: tuple[str, ...] = ()  # the inputs that made the entries journaled lately (View.journaled)
        self.leave_held = False  # drawing ahead: the parts the buffer holds as drawn are left (render)
        self.answer_due = 0.0  # a command was sent: its answer is awaited until then (monotonic seconds)
        self.over_seen = False  # the game on the table was seen over: its story was shown once
        self.collector_held = False  # the garbage collector is held off while the answer is awaited
        self.answer_seen = False  # the table handed something over since the command was sent
        self.arrivals: queue.SimpleQueue[Callable[[], bool | None]] = queue.SimpleQueue()
        self.talking = Talking()  # what the table's push-to-talk cycle does ("off": no talk control)
        self.resize(self.window.get_size())
        self.client.connect(self)
        self.take_arrivals()

    # -- what the table hands the screen (a companion.client.Screen) ------------------------------
    # Called on the table's thread (its own, or this one when stepped here): each hands the
    # screen's thread a closure to run (an "arrival").

    def decided(self, state: Any, lines: list[str]) -> None:
        """An entry was decided and is being journaled: drawn now, shown once journaled."""
        made, self.made = self.made, ""
        self.arrive(lambda: self._decided(state, lines, made))

    def withdrawn(self) -> None:
        """The entry decided last was not journaled."""
        self.arrive(self._withdrawn)

    def entered(self, state: Any, lines: list[str]) -> None:
        """An entry was journaled: its state and its words."""
        made, self.made = self.made, ""
        self.arrive(lambda: self._entered(lines, state, made))
        self.arrive(lambda: self._after_entry(state))

    def made_by(self, input_id: str) -> None:
        """The input that made the entry :meth:`decided` or :meth:`entered` hands over next ("" none):
        kept for that hand-over (both on the table's thread, in this order)."""
        self.made = input_id

    def attached(self, state: Any, lines: list[str], games: list[Any], *, home: bool) -> None:
        """A game is on the table (started or resumed: at its own table)."""
        self.arrive(lambda: self._attached(state, lines, games, home=home))
        self.arrive(lambda: self._after_attach(state))

    def reworded(self, lines: list[str]) -> None:
        """The log's recent lines in the language now chosen (the language switched)."""

        def change() -> None:
            self.log = list(lines)

        self.arrive(change)

    def talked(self, talking: Talking) -> None:
        """The push-to-talk cycle's status changed (a client's hand-over, on another thread): the
        talk control follows it; the scenes make room for it when the table starts or stops
        listening."""

        def change() -> None:
            room = talking.on != self.talking.on
            self.talking = talking
            if room:
                self.resize(self.window.get_size())

        self.arrive(change)

    def listed(self, games: list[Any]) -> None:
        """The newest stored game, for the new-game screen's Resume."""

        def show() -> None:
            self.games = games

        self.arrive(show)

    def noticed(self) -> None:
        self.arrive(self._noticed)

    def _noticed(self) -> None:
        """A notice: a new game the table refused is said on the new-game screen, where the
        players are looking (the latest notices are also on the settings screen)."""
        notices = self.client.notices()
        if self.starting and notices:
            self.starting = False
            self.options["problem"] = notices[-1]

    def arrive(self, change: Callable[[], bool | None]) -> None:
        self.arrivals.put(change)
        self.wake()

    # On the screen's thread.

    def take_arrivals(self) -> None:
        """Apply what the table's thread sent, in order (a change that returns False needs no
        redraw: it drew, or showed, what it brought itself)."""
        while True:
            try:
                change = self.arrivals.get_nowait()
            except queue.Empty:
                return
            self.answer_seen = True
            if change() is not False:
                self.mark()

    def _attached(self, state: Any, lines: list[str], games: list[Any], *, home: bool) -> None:
        self.state = state
        self.arkham = is_arkham(state)
        self.names = names_of(state)
        self.scene_name = self.scene_for("table" if home else self.scene_name)
        if home:  # a new game started: what was wrong with the last try is wrong no more
            self.starting = False
            for key in ("problem", "confirm"):
                self.options.pop(key, None)
        self.log, self.games = lines, games
        self.dice, self.page = (), 0

    def _decided(self, state: Any, lines: list[str], made: str = "") -> bool:
        same_game = type(state) is type(self.state)
        self.decision = Decided(state, lines, made=made) if same_game else None
        return False  # drawn by the loop's next turn, into the buffer only

    def _withdrawn(self) -> bool:
        """The decided frame, if drawn, is dropped: the last journaled state is drawn again."""
        drawn = self.decision is not None and self.decision.drawn
        if drawn:
            self.restore_layout()
        self.decision = None
        return drawn

    def _entered(self, lines: list[str], state: Any, made: str = "") -> bool:
        decision, self.decision = self.decision, None
        self.journaled = journaled_after(self.journaled, made)
        ready = decision is not None and decision.state is state and decision.drawn and not self.dirty
        self.state = state
        self.log += lines
        del self.log[:-LOG_LINES]
        self.dice, self.page = (), 0
        if not ready:
            return True
        self.flip()  # the buffer holds this very state's frame, drawn while it was journaled
        return False

    def wake(self) -> None:
        """Called from other threads: make the loop handle the new input now."""
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE))

    def mark(self) -> None:
        self.dirty = True

    def has_leds(self) -> bool:
        """Whether the demo's virtual LED panel can be shown (the demo, with a panel)."""
        return self.extras.demo and self.client.leds() is not None

    def led_rect(self) -> pygame.Rect | None:
        """Where the virtual LED panel is drawn over the screen, when it is shown."""
        if not (self.leds_shown and self.has_leds()):
            return None
        m = self.metrics
        width = min(m.px(LED_PANEL), m.width // 2)
        return pygame.Rect(m.width - width, 0, width, self.scenes[self.scene_name].body().height)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the scenes out for a window of ``size`` (the LED panel, if shown, lies over them)."""
        PARTS.let_go()  # the window's buffer holds nothing drawn for the new size
        self.overlay = TalkOverlay(Metrics(size[0], size[1]))  # over the whole window, the first to see a touch
        size = scene_room(size, self.talking.on)  # the scenes beside the talk control's strip, when the table listens
        self.metrics = Metrics(size[0], size[1])
        self.scenes: dict[str, Scene] = Scenes(
            self.metrics,
            (
                TableScene(self.metrics),
                MapScene(self.metrics),
                LogScene(self.metrics),
                SettingsScene(self.metrics),
                NewGameScene(self.metrics),
                AreaScene(self.metrics),
                BuilderScene(self.metrics),
                FactionSheetScene(self.metrics),
            ),
        )
        self.dirty = True

    # -- the loop -------------------------------------------------------------------------------

    def run(self, on_frame: Callable[[], None] | None = None) -> None:
        """Until the window closes (or Escape): wait, handle, redraw when needed."""
        self.tick()  # the first frame now, not after the first event (or a quiet second)
        if on_frame is not None:
            on_frame()
        while self.running:
            if self.await_answer():
                events = pygame.event.get()
            else:
                wait = ANIMATION_MS if self.animating() else IDLE_WAIT_MS
                event = pygame.event.wait(wait)
                if event.type == pygame.NOEVENT:
                    self.client.idle()  # a quiet second: the journal's housekeeping (when stepped here)
                events = [event, *pygame.event.get()]
            for each in events:
                self.handle(each)
            self.tick()
            if on_frame is not None:
                on_frame()

    def await_answer(self) -> bool:
        """While a sent command's answer is due: wait for the table's next hand-over on the
        arrivals queue and take it (True: the loop's tick then draws it, and ends the wait once
        the answer has come: the entry journaled and shown, withdrawn, or a refusal's notice), or
        give up (False) when an input waits in SDL's queue or ANSWER_WAIT passed."""
        if not self.answer_due:
            return False
        while True:
            left = self.answer_due - time.monotonic()
            if left <= 0 or pygame.event.peek(AWAKENING):
                self.answered()
                return False
            try:
                change = self.arrivals.get(timeout=min(left, ANSWER_SLICE))
            except queue.Empty:
                continue
            self.answer_seen = True
            if change() is not False:
                self.mark()
            if self.decision is not None and not self.decision.drawn:
                self.answer_due = time.monotonic() + ANSWER_WAIT  # decided: drawn now, then journaled
                if not self.dirty:
                    # At once, before the loop's turn pumps SDL's events (a tap waiting there
                    # then puts the buttons back to the shown state's, as during any frame
                    # drawn ahead): the turn was 40 us of the tap's way to its frame.  Then the
                    # entry journaled is awaited at once: the table's thread, its write done,
                    # waits for the interpreter's lock this wait lets go.
                    self.draw_decided()
                    continue
            return True  # the turn's tick draws what came (and ends the wait once it is answered)

    def answered(self) -> None:
        """No answer is awaited any more: the garbage collector may run again."""
        self.answer_due = 0.0
        if self.collector_held:
            self.collector_held = False
            gc.enable()

    def tick(self) -> None:
        """Handle queued inputs (unless the table's thread does), take what it sent, play the
        demo's autoplay, and redraw if anything changed."""
        if self.answer_due and time.monotonic() > self.answer_due:
            self.answered()  # never came (an input journaled already, a journal away): stop holding
        if self.client.pump():
            self.mark()
        self.take_arrivals()
        if self.autoplay and self.clock() >= self.next_move:
            self.next_move = self.clock() + AUTOPLAY_EVERY
            self.demo_move()
        link = self.client.tower()
        if link is not None and getattr(self, "_link_seen", None) is not link:
            self._link_seen = link
            self.mark()
        if self.dirty or self.animating():
            self.draw()
        if self.decision is not None and not self.decision.drawn and not self.dirty:
            self.draw_decided()
        if self.answer_due and self.answer_seen and self.decision is None:
            self.answered()  # journaled and shown, withdrawn, or refused (a notice)

    def animating(self) -> bool:
        """Something moves: autoplay, or the virtual Watcher light breathing."""
        leds = self.client.leds() if self.led_rect() is not None else None
        return self.autoplay or (leds is not None and leds.breathing)

    def draw(self) -> None:
        """Draw the journaled state and show it."""
        self.take_arrivals()
        self.render(self.view())
        if self.decision is not None:
            self.decision.drawn = False  # the buffer holds the journaled state's frame now
        self.flip()
        self.dirty = False

    def draw_decided(self) -> None:
        """Draw the decided state into the window's buffer, not shown: :meth:`_entered` flips
        it once the entry is journaled (the frame the journaled state would draw: the same
        view, with the entry's words in the log and the die pad and page reset)."""
        decision = self.decision
        assert decision is not None
        self.leave_held = True  # the parts the tap leaves as they were stay as the buffer holds them
        try:
            ahead = self.view(decision.state, [*self.log, *decision.lines][-LOG_LINES:], fresh=True)
            ahead.journaled = journaled_after(ahead.journaled, decision.made)  # as the journaled state's view will
            self.render(ahead)
        finally:
            self.leave_held = False
        decision.drawn = True

    def restore_layout(self) -> None:
        """The scene's buttons back to the shown (journaled) state's, for a tap on what is shown."""
        if self.decision is not None and self.decision.drawn:
            self.decision.drawn = False
            self.scenes[self.scene_name].update(self.view())
            self.mark()

    def render(self, view: View) -> None:
        """Draw ``view`` into the window's buffer.  Drawing ahead (:meth:`draw_decided`), a kept
        part the buffer holds already as the last frame drew it is left as it is
        (:meth:`widgets.Parts.begin`); any other frame draws every part, so nothing drawn into
        the window from elsewhere (a test's) can stay on the screen."""
        scene = self.scenes[self.scene_name]
        scene.update(view)
        surface = self.window
        filled = fill_around(surface, BACKGROUND, scene.covered(surface, view))  # (what the scene covers whole is not cleared)
        PARTS.begin(surface, leave=self.leave_held, filled=filled)
        with read_up_close(scene.up_close):
            scene.draw(surface, view)
        panel = self.led_rect()
        PARTS.end(spoiled=self.dim < 1.0 or panel is not None)  # drawn over below: no part is held as drawn
        self.overlay.update(view.talking)
        if self.overlay.buttons:
            self.overlay.draw(surface)
            if self.overlay.read_back is not None and not self.overlay.metrics.portrait:
                PARTS.let_go()  # the read-back lies over the scene's parts: none is held as drawn
        if self.dim < 1.0:
            shade = pygame.Surface(surface.get_size())
            shade.set_alpha(round(255 * (1.0 - self.dim)))
            surface.blit(shade, (0, 0))
        if panel is not None:
            with read_up_close():  # the demo's stand-in for the LEDs, not on the table's screen
                self.draw_leds(panel)

    def flip(self) -> None:
        """Show the window's buffer."""
        pygame.display.flip()

    def view(self, state: Any = None, log: list[str] | None = None, *, fresh: bool = False) -> View:
        """What the scenes draw: the journaled state, or (drawing ahead) ``state`` with ``log``;
        ``fresh``: as an entry's arrival leaves it (no dice entered, the first page)."""
        return View(
            state=self.state if state is None else state,
            names=self.names,
            log=self.log if log is None else log,
            notices=self.client.notices(),
            link=self.client.tower(),
            panel=self.client.leds(),
            games=self.resumable() if self.scene_name == "new" else [],
            maps=self.client.maps.names() if self.scene_name == "new" else [],
            dice=() if fresh else self.dice,
            page=0 if fresh else self.page,
            options=self.options,
            area=self.area,
            journal=self.extras.journal,
            demo=self.extras.demo,
            nav=ARKHAM_SCENES if self.arkham else SCENES,
            last_roll=self.client.last_roll(),
            talking=self.talking,
            journaled=self.journaled,
        )

    def resumable(self) -> list[Any]:
        """The most recently played stored game (of either game), as of the last change of game."""
        return self.games

    def scene_for(self, name: str) -> str:
        """``name``, or the game in play's own table when ``name`` belongs to the other game."""
        if self.arkham and name in CTHULHU_ONLY:
            return "arkham"
        return "table" if not self.arkham and name in ARKHAM_ONLY else name

    def draw_leds(self, rect: pygame.Rect) -> None:
        """The demo's virtual LED panel: what gpiozero's mock pins hold right now."""
        m, leds = self.metrics, self.client.leds()
        pygame.draw.rect(self.window, PANEL, rect)
        if leds is None:
            return
        x, y = rect.x + m.px(12), rect.y + m.px(12)
        watcher, worm, doom, status = leds.labels  # their meanings in the game being played
        text(self.window, _("LED panel (tap: hide)"), (x, y), m.px(18), DIM, width=rect.width - 16)
        lights = [(watcher, leds.watcher, (250, 240, 120)), (worm, leds.worm, (235, 120, 90))]
        for n, (name, value, colour) in enumerate(lights):
            if not name:
                continue  # no part in this game
            lit = tuple(int(20 + (part - 20) * (value or 0.0)) for part in colour)
            centre = (x + m.px(16), y + m.px(48) + n * m.px(44))
            pygame.draw.circle(self.window, lit, centre, m.px(14))
            text(self.window, _(name), (centre[0] + m.px(24), centre[1] - m.px(9)), m.px(20), TEXT)
        if leds.doom is not None:
            top = y + m.px(150)
            text(self.window, _(doom), (x, top), m.px(18), DIM, width=rect.right - x)
            for n, level in enumerate(leds.doom):
                cell = pygame.Rect(x + n * m.px(13), top + m.px(22), m.px(10), m.px(24))
                pygame.draw.rect(self.window, (240, 90, 60) if level else (50, 40, 40), cell)
        if leds.status is not None:
            centre = (x + m.px(16), y + m.px(250))
            pygame.draw.circle(self.window, tuple(int(v * 255) for v in leds.status), centre, m.px(14))
            text(self.window, _(status), (centre[0] + m.px(24), centre[1] - m.px(9)), m.px(18), TEXT)

    # -- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in INPUTS:
            self.restore_layout()  # a tap means what is shown, not a frame drawn ahead
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.FINGERDOWN:
            width, height = self.window.get_size()
            self.tap((int(event.x * width), int(event.y * height)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            self.tap(event.pos)
        elif event.type in (pygame.FINGERUP, pygame.MOUSEBUTTONUP):
            self.release()
        elif event.type == pygame.TEXTINPUT and self.scene_name == "builder":
            rename(self.draft, event.text)
            self.mark()
        elif event.type == pygame.KEYDOWN and self.scene_name == "builder" and event.key != pygame.K_ESCAPE:
            if event.key == pygame.K_BACKSPACE:
                rename(self.draft, "\b")
                self.mark()
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == TALK_KEY:
            self.client.talk(event.type == pygame.KEYDOWN, "key")  # held while speaking (docs/voice.md)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resize(self.window.get_size())
        elif event.type == pygame.MOUSEWHEEL:
            self.scrolled("wheel", event.y)
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and not getattr(event, "touch", False):
            self.scrolled("drag", event.pos)
        elif event.type == pygame.FINGERMOTION:
            width, height = self.window.get_size()
            self.scrolled("drag", (int(event.x * width), int(event.y * height)))

    def tap(self, pos: tuple[int, int]) -> None:
        if self.talk_touch(pos):
            return
        panel = self.led_rect()
        if panel is not None and panel.collidepoint(pos):
            self.toggle("leds")  # a tap on the virtual LED panel puts it away
            self.mark()
            return
        intent = self.scenes[self.scene_name].tap(pos)
        if intent is not None:
            self.do(intent)
        else:
            self.mark()  # a scene's own menu may have changed

    def talk_touch(self, pos: tuple[int, int]) -> bool:
        """A touch on the talk control (held: the table listens), Yes or No to a read-back, or
        the read-back's words (taken, meaning nothing); False: not the talk control's."""
        touched = self.overlay.touched(pos)
        if touched == TALK:
            self.overlay.held = True
            self.client.talk(True, "screen")  # let go in release()
        elif touched in (YES, NO):
            self.client.answer(touched == YES)
        return touched is not None

    def release(self) -> None:
        """A finger lifted (a hold ends: the Elder Signs' peek)."""
        if self.overlay.held:  # the talk control let go: what was said is heard
            self.overlay.held = False
            self.client.talk(False, "screen")
        release = getattr(self.scenes[self.scene_name], "release", None)
        if release is not None and release():
            self.mark()

    def key(self, key: int) -> None:
        if key == pygame.K_ESCAPE and self.scene_name == "builder":
            self.do(Go("new"))
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False
        elif key in SCENE_KEYS:
            self.do(Go(SCENE_KEYS[key]))
        elif key == pygame.K_SPACE:
            self.demo_move()
        elif key == LED_KEY and self.has_leds():
            self.toggle("leds")
            self.mark()
        elif key == pygame.K_a:
            self.autoplay = not self.autoplay
            self.mark()
        elif key == pygame.K_d and self.arkham:
            from companion.engine.arkham.model import Mythos  # loaded: the game is Arkham's

            intent = self.arkham_scene().decide(Mythos())
            self.do(intent if intent is not None else Go("arkham"))
        elif key == pygame.K_r and not self.arkham:
            self.do(Submit(c.Roll(None, "generator")))
        elif key == pygame.K_u:
            self.do(Submit(c.Undo()))
        elif key == pygame.K_y:
            self.do(Submit(c.Redo()))

    def do(self, intent: Intent) -> None:
        """Carry out what a tap or key asked for; game changes go through the table (the screen
        redraws when the journaled result arrives, not before: nothing changed yet)."""
        if isinstance(intent, Submit) and self.sent_once(intent):  # a correction's Record
            return
        if isinstance(intent, Submit):
            self.send(intent.command)
            return
        self.mark()
        if isinstance(intent, Go):
            self.scene_name, self.area = self.scene_for(intent.scene), intent.area
            if self.scene_name == "new":
                self.client.list_games()
            elif self.scene_name == "phones":  # the links as they are now (a game changed since)
                self.options["phones"] = self.client.phones()
            elif self.scene_name == "games":  # every stored game, as the journal has them now
                self.keep("catalogue")
            elif self.scene_name == "log":  # the whole log, read from the journal
                self.keep("read_log")
            elif self.scene_name == "story":
                self.keep("read_story")
        elif isinstance(intent, DieFace):
            self.enter_die(intent.value)
        elif isinstance(intent, Page):
            self.page += intent.delta
        elif isinstance(intent, Toggle):
            self.toggle(intent.option)
        elif isinstance(intent, Start):
            self.start(intent)
        elif isinstance(intent, StartArkham):
            self.start_arkham(intent)
        elif isinstance(intent, Resume):
            self.client.resume(intent.name)  # gone or damaged since listed: a notice
        elif isinstance(intent, Build):
            self.build(intent)
        elif isinstance(intent, Key):
            type_key(self.draft, intent.text)
        elif isinstance(intent, Manage):
            self.manage(intent)

    def build(self, action: Build) -> None:
        if action.what != "save":
            apply_build(self.draft, action)
            return
        board = self.draft.to_map()
        path = self.client.maps.save(board)
        if path.startswith("Not saved"):
            self.draft.message = path.removeprefix("Not saved: ")
        else:
            self.draft.message = _("Saved to {path}: it is now on the new-game screen.").format(path=path)
            if board.status is MapStatus.PARTIAL:
                self.draft.message = _(
                    "Saved to {path} as partial: add worm_numbers and degradation_faces from your "
                    "worms and dice, set status = transcribed, then run: companion map check."
                ).format(path=path)

    def enter_die(self, value: int | None) -> None:
        state = self.state
        if value is None or is_arkham(state) or state.prompt.kind is not PromptKind.ROLL:
            self.dice = ()
            return
        self.dice = (*self.dice, value)
        if len(self.dice) == state.prompt.dice:
            values, self.dice = self.dice, ()
            self.send(c.Roll(values, "screen"))

    def toggle(self, option: str) -> None:
        self.options.pop("confirm", None)  # any change of mind asks again before replacing a game
        if option == "leds":
            self.leds_shown = not self.leds_shown
            self.options["leds"] = self.leds_shown
            return
        if option in DISPLAY_OPTIONS:
            DISPLAY_OPTIONS[option](self.display)
            self.apply_display()
            save_settings(self.display)
        elif option.startswith("reissue="):  # the Phones page: a lost phone's seat gets a new link
            self.client.reissue(option.split("=", 1)[1])
            self.options["phones"] = self.client.phones()
        elif option == "phones_on":  # the Phones page's switch: every phone's page off, or on again
            links = self.options.get("phones") or []
            self.client.set_phones(not (links and links[0].on))
            self.options["phones"] = self.client.phones()
        elif option.startswith("faction="):
            faction, seated = option.split("=", 1)[1], list(self.options.get("factions", ()))
            self.options["factions"] = tuple(f for f in seated if f != faction) if faction in seated else (*seated, faction)
        elif option.startswith("card="):  # an independent Great Old One or neutral monster in or out
            card, chosen = option.split("=", 1)[1], list(self.options.get("cards", ()))
            self.options["cards"] = tuple(name for name in CARDS if (name in chosen) != (name == card))
        elif "=" in option:
            key, value = option.split("=", 1)
            self.options[key] = value
        else:
            self.options[option] = not self.options.get(option, False)
        if self.options.get("problem") and self.scene_name == "new":
            self.recheck()

    def recheck(self) -> None:
        """The new-game screen's problem, cleared once the set-up it was about is fixed (another
        one found instead if the set-up is still wrong)."""
        problem = self.setup_problem() if self.options.get("game") != "arkham" else ""
        if problem:
            self.options["problem"] = problem
        else:
            self.options.pop("problem", None)

    def setup_problem(self) -> str:
        """What is wrong with the Cthulhu Wars set-up chosen on the new-game screen, saying what
        to change ("" when nothing is)."""
        name = str(self.options.get("map", ""))
        factions = tuple(self.options.get("factions", ()))
        if not name:
            return _("Choose a map.")
        board = self.client.maps.load(name)
        if isinstance(board, str):
            return board
        return seating_problem(board, len(factions))

    def replacing(self, intent: Intent) -> bool:
        """Whether starting ``intent`` would replace a game in play: the first tap asks (the
        game in play stays stored and can be resumed), a second tap of the same Start starts."""
        state = self.state
        over = state is None or (not is_arkham(state) and state.phase is Phase.GAME_OVER)
        if over or self.options.get("confirm") == intent:
            self.options.pop("confirm", None)
            return False
        self.options["confirm"] = intent
        return True

    def apply_display(self) -> None:
        """Brightness to the backlight (or, without one, dim the drawing) and sound to the buzzer."""
        self.dim = 1.0 if self.backlight.set(self.display.brightness) else self.display.brightness
        self.client.set_sound(self.display.sound)
        d = self.display
        self.client.set_voice(VoiceChoice(speech=d.speech, volume=d.volume, big_only=d.big_only))
        before = i18n.language()
        i18n.use(d.language or i18n.system_language())
        if i18n.language() != before and self.state is not None:
            reword = getattr(self.client, "reword", None)  # a client that can word the log again
            if reword is not None:
                reword()  # the log's lines ("Last: ...") in the new language, not the old
        self.options["display"] = self.display

    def start(self, intent: Start) -> None:
        factions = intent.factions or tuple(f.value for f in list(Faction)[: intent.players])
        seats = tuple(c.Seat(Faction(f)) for f in factions)
        board = self.client.maps.load(intent.map)
        if isinstance(board, str):  # a map file gone or broken since the list was drawn
            self.client.say(board)
            self.options["problem"] = board
            self.mark()
            return
        problem = seating_problem(board, len(seats))
        if problem:
            self.options["problem"] = problem
            return
        self.options.pop("problem", None)
        if self.replacing(intent):
            return
        options = Options(
            astral_acolyte=intent.acolyte,
            digital_dice=not intent.physical_dice,
            digital_elder_signs=not intent.physical_signs,
            abilities=True,
            independents=intent.independents,
            bubastis_variant=intent.bubastis_variant,
            neutral_spellbooks=intent.neutral_spellbooks,
            high_priests=intent.high_priests,
            opener_ten_gates=intent.opener_ten_gates,
            tribes=True,  # a new game: Tcho-Tcho is asked its tribe
            published_start_order=True,  # a new game: the Windwalker, then the Opener choose last
        )
        self.starting = True  # a refusal comes back as a notice, shown on this screen
        self.client.start(c.NewGame(board, seats, fresh_seed(), options))

    def start_arkham(self, intent: StartArkham) -> None:
        """A new Arkham game: the investigators are placed (and their Sneak set) on its screen,
        because the companion ships no investigator sheets."""
        if self.replacing(intent):
            return
        from companion.engine.arkham import model as am  # Arkham's rules, on their first use

        seats = tuple(am.Seated(_("Investigator {number}").format(number=n + 1), am.UNPLACED, 0) for n in range(intent.players))
        self.starting = True
        self.client.start(am.NewArkhamGame(intent.ancient_one, seats, fresh_seed(), table_draws=intent.table_draws))

    def send(self, command: Command) -> None:
        """A command for the game: the table decides it (and the result comes back journaled);
        the loop awaits the answer (:meth:`await_answer`)."""
        if gc.isenabled():
            gc.disable()
            self.collector_held = True
        self.answer_due, self.answer_seen = time.monotonic() + ANSWER_WAIT, False
        self.client.post(command)

    def arkham_scene(self) -> ArkhamScene:
        from companion.ui.arkham_scene import ArkhamScene  # made by now: self.scenes imported it

        scene = self.scenes["arkham"]
        assert isinstance(scene, ArkhamScene)
        scene.state = self.state
        return scene

    def demo_move(self) -> None:
        """One move by the demo's players (an input source of the table's, beside the tower),
        once the screen shows the outcome of the last one."""
        if self.client.settled(self.state) and not self.client.play():
            self.autoplay = False

    def close(self) -> None:
        self.answered()
        self.client.close()
        pygame.display.quit()

    # -- the Games page, the scrolling log and the story (companion.client.Keeper) ---------------

    def keep(self, ask: str, *args: Any) -> None:
        """Ask the table's keeper (``catalogue``, ``read_log``...); nothing from a client without one."""
        asked = getattr(self.client, ask, None)
        if asked is not None:
            asked(*args)

    def catalogued(self, games: list[Any]) -> None:
        """Every stored game, newest first (the Games page)."""
        self.arrive(lambda: self.options.__setitem__("stored", list(games)))

    def logged(self, lines: list[Any]) -> None:
        """The game in play's whole log (the log page)."""
        self.arrive(lambda: self.options.__setitem__("logbook", list(lines)))

    def told(self, name: str, story: dict[str, Any]) -> None:
        """Game ``name``'s story (the story page)."""
        self.arrive(lambda: self.options.__setitem__("story", {"name": name, **story}))

    def _after_entry(self, state: Any) -> bool:
        """After an entry is shown: the log page reads its lines again; a game that has just
        ended shows its story."""
        over = not is_arkham(state) and state.phase is Phase.GAME_OVER
        ended, self.over_seen = over and not self.over_seen, over
        if ended:
            self.options.pop("story", None)
            self.scene_name = "story"
            self.keep("read_story")
            return True
        if self.scene_name == "log":
            self.keep("read_log")
        return False

    def _after_attach(self, state: Any) -> bool:
        """Another game on the table: the last one's log and story are not this one's."""
        self.over_seen = not is_arkham(state) and state.phase is Phase.GAME_OVER
        for kept in ("logbook", "story"):
            self.options.pop(kept, None)
        if self.scene_name == "log":
            self.keep("read_log")
        return True

    def manage(self, intent: Manage) -> None:
        """A change to a stored game from the Games page (the list comes back changed)."""
        if intent.what == "rename":
            self.keep("rename_game", intent.name, intent.title)
        elif intent.what in ("archive", "unarchive"):
            self.keep("archive_game", intent.name, intent.what == "archive")
        elif intent.what == "delete":
            self.keep("delete_game", intent.name)
        elif intent.what == "story":
            self.options.pop("story", None)
            self.scene_name = "story"
            self.keep("read_story", intent.name)

    def scrolled(self, how: str, amount: Any) -> None:
        """The wheel turned or a finger dragged: the scene shown scrolls, if it scrolls."""
        scroll = getattr(self.scenes[self.scene_name], how, None)
        if scroll is not None and scroll(amount):
            self.mark()

    def send_once(self, command: Command, input_id: str) -> None:
        """A command made by the input ``input_id`` (a correction's draft): sent again, it is
        applied once (the journal refuses an input it holds)."""
        if gc.isenabled():
            gc.disable()
            self.collector_held = True
        self.answer_due, self.answer_seen = time.monotonic() + ANSWER_WAIT, False
        self.client.post_once(command, input_id)

    def sent_once(self, intent: Submit) -> bool:
        """Send ``intent``'s command with its input's identity when it carries one (the Fix
        page's Record, a ``SubmitOnce``); False when it carries none."""
        input_id = getattr(intent, "input_id", None)
        if not isinstance(input_id, str) or not input_id:
            return False
        self.send_once(intent.command, input_id)
        return True


JOURNALED_KEPT = 16  # inputs of entries journaled lately kept for the View (a few may come in one frame)


def journaled_after(journaled: tuple[str, ...], made: str) -> tuple[str, ...]:
    """``journaled`` with the input ``made`` (an entry's, "" none) added, the newest kept."""
    return (*journaled, made)[-JOURNALED_KEPT:] if made else journaled


def _detail(metrics: Metrics) -> Scene:
    """The table's Detail screen (the first player, the odds, the sheets), made when first shown."""
    from companion.ui.detail_scene import DetailScene

    return DetailScene(metrics)


LATER_SCENES["detail"] = _detail
