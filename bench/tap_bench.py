"""Tap to redrawn frame: through the threaded table, the durable journal and the screen's loop.

The real path, as on the table: the app's own loop (:meth:`App.run`, SDL's dummy driver, 800x480)
with its table on its own thread and an on-disk SQLite journal (WAL, synchronous=FULL), the
demo's players queuing their losses after a battle.  Each tap is a demo player's choice handed
to the app as a tap's intent (:meth:`App.do`) from inside its loop.  Three times are taken from
the tap: the decided state drawn into the window's buffer (while the table's thread journals
it), the entry durable (the journal's append returned), and the flip that shows it (never
before it is durable).

The taps come as a table's players make them, a human moment apart, never within a frame of
the last: each waits for the table to be quiet and settled (its thread's housekeeping after
:data:`companion.table.TableThread.QUIET_AFTER` without input: the snapshot it put off, the
log restarted), as the tower bench lets the table's quiet second pass between rolls.  That
housekeeping is timed on its own (it is no tap's latency, but a tap that came during it would
wait for it).

Floors, in the same run, in alternating blocks (the machine's load falls on all alike): the
loop's floor (a tap puts a message on a queue; a worker thread writes three WAL frames' bytes,
3 x 4,120 B, about what a tap's commit writes, over space a file on the same disk has and
fdatasyncs it, as SQLite does, then wakes the loop through a queue, as the app's loop awaits a
tap's answer (:meth:`App.await_answer`); the loop blits a prepared full-screen picture and
flips); the same woken through SDL's event queue instead (``pygame.event.wait`` polls each
millisecond: the loop's floor as it was); and its two parts alone: a bare write + fdatasync of
one page on the same disk, and an empty flip.

Where the time goes, per tap: to the decision (the table's thread takes the tap, the engine
decides, the entry is made: the session's previews hear it), the decided frame's drawing
(while the table journals), durable, shown.

The drawing alone, steadier on a busy machine: the demo players' game played first (the same
choices each run), then each entry's decided frame drawn again in order, single-threaded, in
:data:`REDRAW_PASSES` passes from no kept pictures; each frame's least thread CPU time over the
passes (another process's turn on the core is not counted).
"""

from __future__ import annotations

import contextlib
import os
import queue
import random
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench.timing import Figures, figures
from companion import demo
from companion.appliance import Appliance
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.scene import SCENES, Submit, View

TAPS = 600
BLOCK = 50  # taps per block; the path and the floor alternate
WAL_FRAME = 24 + 4096  # a frame of SQLite's write-ahead log: its header and one page
FLOOR_FRAMES = 3  # a tap's commit writes about three (the tower bench counts a roll's: 2.9)
REDRAW_FRAMES = 600  # the decided frames drawn again alone
REDRAW_PASSES = 5


@dataclass
class Run:
    """Times in microseconds."""

    total: list[float] = field(default_factory=list)  # tap -> the flip that shows its entry
    to_decided: list[float] = field(default_factory=list)  # tap -> the session's previews hear its entry decided
    drawing: list[float] = field(default_factory=list)  # the tap's decided frame: its drawing alone
    to_drawn: list[float] = field(default_factory=list)  # tap -> its decided state drawn (not shown)
    # CPU time (thread_time: less swayed than wall time by other work on the machine): the
    # decided frame's drawing on the screen's thread; the tap's command on the table's thread.
    drawing_cpu: list[float] = field(default_factory=list)
    table_cpu: list[float] = field(default_factory=list)
    to_journal: list[float] = field(default_factory=list)  # tap -> durable (the append returned)
    to_screen: list[float] = field(default_factory=list)  # durable -> shown
    draw: list[float] = field(default_factory=list)  # each frame drawn in the run (shown or ahead)
    floor: list[float] = field(default_factory=list)
    sdl_floor: list[float] = field(default_factory=list)  # the loop's floor woken through SDL's event queue
    fsync: list[float] = field(default_factory=list)  # floor: one page written and fdatasynced
    flip: list[float] = field(default_factory=list)  # floor: an empty flip
    housekeeping: list[float] = field(default_factory=list)  # between taps: the table's quiet-moment work
    snapshots: list[float] = field(default_factory=list)  # the same, when it wrote a snapshot put off
    last_flip: float = 0.0  # when the app last flipped (perf_counter seconds)


class TimedJournal(SqliteJournal):
    """Notes when each append returned: the entry is durable from then."""

    durable: dict[int, float]

    def append(self, game: str, entry: Any, snapshot: str | None = None) -> None:
        super().append(game, entry, snapshot)
        self.durable[entry.seq] = time.perf_counter()


class Tapper:
    """Drives the app from inside its own loop: a tap, then (once its frame is shown) the next."""

    def __init__(self, app: App, house: Appliance, journal: TimedJournal, run: Run) -> None:
        self.app, self.house, self.journal, self.run = app, house, journal, run
        self.rnd = random.Random(5)
        self.games = 0
        self.left = 0
        self.tapped_at = 0.0
        self.decided_at = 0.0
        self.drawn_at = 0.0
        self.drawing = 0.0  # how long the pending tap's decided frame took to draw (seconds)
        self.shown_at = 0.0  # when a flip first showed the pending tap's entry
        self.target: Any = None  # the state the pending tap's entry leads to, once decided
        self.seq = -1  # the entry the pending tap must make (-1: none pending)
        house.table.session.previews.append(self)  # after the screen's: hears the same decision

    def decided(self, events: Any, state: Any, entry: Any) -> None:
        """A session preview: the pending tap's entry is decided (the state it leads to)."""
        if self.seq >= 0 and entry.seq == self.seq:
            self.target = state
            self.decided_at = time.perf_counter()

    def withdrawn(self, entry: Any) -> None:
        pass

    def drew(self, started: float) -> None:
        """The app drew a frame ahead (from ``started``): the pending tap's decided state?"""
        decision = self.app.decision
        if self.seq >= 0 and not self.drawn_at and decision is not None and decision.state is self.target:
            self.drawn_at = time.perf_counter()
            self.drawing = self.drawn_at - started

    def block(self, taps: int) -> None:
        self.left = taps
        self.app.running = True
        self.app.dirty = True
        self.app.run(on_frame=self.frame)

    def frame(self) -> None:
        """After each turn of the app's loop: is the pending tap's entry on the screen yet?"""
        app, table = self.app, self.house.table
        if self.seq >= 0:
            if not self.shown():
                return
            durable = self.journal.durable[self.seq]
            flipped = self.shown_at
            self.run.total.append((flipped - self.tapped_at) * 1e6)
            self.run.to_decided.append(((self.decided_at or flipped) - self.tapped_at) * 1e6)
            self.run.to_drawn.append(((self.drawn_at or flipped) - self.tapped_at) * 1e6)
            if self.drawn_at:
                self.run.drawing.append(self.drawing * 1e6)
            self.run.to_journal.append((durable - self.tapped_at) * 1e6)
            self.run.to_screen.append((flipped - durable) * 1e6)
            self.seq = -1
            self.left -= 1
        if table.busy or app.dirty or app.state is not table.session.state:
            return  # the bots' losses after a battle, still being journaled and shown
        if self.left <= 0:
            app.running = False
            return
        # A player taps again a human moment later, never within a frame of the last: the table
        # is quiet first and does its housekeeping then (the snapshot it put off, the log
        # restarted; TableThread.QUIET_AFTER), as at a table.  Timed apart (Run.housekeeping).
        if not table.settled.wait(1.0):
            raise TimeoutError("the table never settled between taps")
        if app.state.phase is Phase.GAME_OVER:
            self.games += 1
            setup = demo.demo_setup(self.games, "yuggoth-demo", 4)
            journal = self.journal
            name = f"tap-{self.games}"

            def next_game() -> None:
                table.open(lambda: GameSession.start(journal, name, setup.command()))

            table.post_call(next_game)
            return
        self.seq = table.session.seq + 1
        self.target, self.decided_at, self.drawn_at, self.shown_at = None, 0.0, 0.0, 0.0
        command = demo.choose(app.state, self.rnd)
        self.tapped_at = time.perf_counter()
        app.do(Submit(command))

    def shown(self) -> bool:
        """The screen shows the tap's entry: durable, the app's state, and flipped since."""
        # A battle's losses may follow the tap's entry at once: it counts as shown when a flip
        # showed its very state (noted by the flip), not only while it is the state in play.
        return bool(self.shown_at)


def floor_block(app: App, path: Path, taps: int, run: Run, *, sdl: bool = False) -> None:
    """The floor's loop: tap -> queue -> worker writes and fdatasyncs a page -> wake -> blit + flip.
    The worker wakes the loop through a queue, as the app's loop awaits a tap's answer; ``sdl``:
    through SDL's event queue instead (the loop's floor as it was)."""
    picture = app.window.copy()
    done_event = pygame.event.custom_type()
    inbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
    done: queue.SimpleQueue[bool] = queue.SimpleQueue()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    page = os.urandom(FLOOR_FRAMES * WAL_FRAME)
    os.pwrite(fd, page, 0)  # the space is the file's before the first timed write
    os.fsync(fd)

    def worker() -> None:
        while (item := inbox.get()) is not None:
            os.pwrite(fd, item, 0)
            os.fdatasync(fd)
            if sdl:
                pygame.event.post(pygame.event.Event(done_event))
            else:
                done.put(True)

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    kept = run.sdl_floor if sdl else run.floor
    try:
        for _ in range(taps):
            started = time.perf_counter()
            inbox.put(page)
            if sdl:
                while pygame.event.wait(1000).type != done_event:
                    pass
            else:
                done.get(timeout=1.0)
            app.window.blit(picture, (0, 0))
            pygame.display.flip()
            kept.append((time.perf_counter() - started) * 1e6)
    finally:
        inbox.put(None)
        thread.join()
        os.close(fd)


def parts_block(app: App, path: Path, taps: int, run: Run) -> None:
    """The floor's two parts alone: one page written over space the file has and fdatasynced on
    the same disk; an empty flip."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    page = os.urandom(4096)
    os.pwrite(fd, page, 0)
    os.fsync(fd)
    try:
        for _ in range(taps):
            started = time.perf_counter()
            os.pwrite(fd, page, 0)
            os.fdatasync(fd)
            run.fsync.append((time.perf_counter() - started) * 1e6)
            started = time.perf_counter()
            pygame.display.flip()
            run.flip.append((time.perf_counter() - started) * 1e6)
    finally:
        os.close(fd)


def measure(taps: int | None = None) -> tuple[Run, int]:
    taps = TAPS if taps is None else taps
    run = Run()
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        journal = TimedJournal(Path(tmp) / "journal.sqlite3")
        journal.durable = {}
        setup = demo.demo_setup(0, "yuggoth-demo", 4)
        session = GameSession.start(journal, "tap-0", setup.command())
        assert isinstance(session, GameSession)
        with contextlib.ExitStack() as stack:
            house = Appliance(session, stack)
            house.play_with_bots(seed=5)  # only their losses after a battle: the taps make the moves
            app = App(house.client(threaded=True), size=(800, 480))
            stack.callback(app.close)
            tapper = Tapper(app, house, journal, run)
            idle = house.table.idle

            def timed_idle() -> None:
                started = time.perf_counter()
                owed = house.table.session.owes_snapshot
                idle()
                run.housekeeping.append((time.perf_counter() - started) * 1e6)
                if owed:
                    run.snapshots.append(run.housekeeping[-1])

            house.table.idle = timed_idle  # type: ignore[method-assign]
            render, draw_decided, flip = app.render, app.draw_decided, app.flip

            def timed_render(view: Any) -> None:
                started = time.perf_counter()
                render(view)
                run.draw.append((time.perf_counter() - started) * 1e6)

            def timed_decided() -> None:
                started, cpu = time.perf_counter(), time.thread_time()
                draw_decided()
                if tapper.seq >= 0 and not tapper.drawn_at:
                    run.drawing_cpu.append((time.thread_time() - cpu) * 1e6)
                tapper.drew(started)

            submit = house.table._submit

            def timed_submit(command: Any, input_id: str = "") -> bool:
                """The table's thread: the tap's command decided, journaled and heard (its CPU)."""
                tapped = tapper.seq >= 0 and house.table.session.seq + 1 == tapper.seq
                cpu = time.thread_time()
                accepted = submit(command, input_id)
                if tapped:
                    run.table_cpu.append((time.thread_time() - cpu) * 1e6)
                return accepted

            house.table._submit = timed_submit  # type: ignore[method-assign]

            def timed_flip() -> None:
                flip()
                run.last_flip = time.perf_counter()
                if tapper.target is not None and app.state is tapper.target and not tapper.shown_at:
                    tapper.shown_at = run.last_flip

            app.render = timed_render  # type: ignore[method-assign]
            app.draw_decided = timed_decided  # type: ignore[method-assign]
            app.flip = timed_flip  # type: ignore[method-assign]
            tapper.block(20)  # warm-up: fonts, layouts, SQLite's pages
            kept_lists = (run.total, run.to_decided, run.to_drawn, run.drawing, run.to_journal, run.to_screen, run.draw)
            for kept in (run.drawing_cpu, run.table_cpu):
                kept.clear()
            for kept in (*kept_lists, run.housekeeping, run.snapshots):
                kept.clear()
            floor_block(app, Path(tmp) / "floor", 20, Run())
            floor_block(app, Path(tmp) / "floor", 20, Run(), sdl=True)
            for _ in range(max(1, taps // BLOCK)):
                tapper.block(BLOCK)
                floor_block(app, Path(tmp) / "floor", BLOCK, run)
                floor_block(app, Path(tmp) / "floor", BLOCK, run, sdl=True)
                parts_block(app, Path(tmp) / "page", BLOCK, run)
            games = tapper.games
        journal.close()
    return run, games


def redrawn(frames: int = REDRAW_FRAMES, passes: int = REDRAW_PASSES) -> list[float]:
    """Each decided frame of the demo players' game (Yuggoth, 4 players) drawn again alone at
    800x480: its least thread CPU time over ``passes`` (microseconds), each pass from no kept
    pictures."""
    from companion.appliance import screen_only, words

    rnd, game = random.Random(5), 0
    views: list[View] = []
    last: GameSession | None = None
    while len(views) < frames:
        session = GameSession.start(SqliteJournal(":memory:"), f"g{game}", demo.demo_setup(game, "yuggoth-demo", 4).command())
        assert isinstance(session, GameSession)
        last = session
        log: list[str] = []
        while session.state.phase is not Phase.GAME_OVER and len(views) < frames:
            results = [session.submit(demo.choose(session.state, rnd))]
            for order in demo.casualties(session.state, getattr(results[0], "events", ())):
                results.append(session.submit(order))
            for result in results:
                log = [*log, *words(getattr(result, "events", ()), session.state)][-400:]
            state = session.state
            views.append(View(state=state, names={p.pid: p.label for p in state.players}, log=log, nav=SCENES))
        game += 1
    assert last is not None
    app = App(screen_only(last), size=(800, 480))
    least = [float("inf")] * len(views)
    try:
        for _ in range(passes):
            widgets.forget_pictures()
            for n, view in enumerate(views):
                started = time.thread_time()
                app.render(view)
                least[n] = min(least[n], time.thread_time() - started)
    finally:
        app.close()
    return [value * 1e6 for value in least]


def ms(value: float) -> str:
    return f"{value / 1000:.2f} ms"


def row(what: str, path: Figures, floor_name: str = "", floor: Figures | None = None, target: str = "") -> str:
    if floor is None:
        return f"| {what} | {ms(path.median)} | {ms(path.p99)} |  |  |  |  |  | {target} |"
    return (
        f"| {what} | {ms(path.median)} | {ms(path.p99)} | {floor_name} | {ms(floor.median)} | {ms(floor.p99)} | "
        f"{path.median / floor.median:.1f}x | {path.p99 / floor.p99:.1f}x | {target} |"
    )


def scheduling() -> str:
    """How this process was scheduled, when not as usual: a busy machine's other work cannot
    preempt a real-time process (``chrt -f``), though it still shares the disk and the caches."""
    policy = os.sched_getscheduler(0)
    if policy in (os.SCHED_FIFO, os.SCHED_RR):
        return f"; run as a real-time process, {'SCHED_FIFO' if policy == os.SCHED_FIFO else 'SCHED_RR'}"
    return ""


def run() -> list[str]:
    result, games = measure()
    total, floor, sdl_floor = figures(result.total), figures(result.floor), figures(result.sdl_floor)
    decided, drawn, drawing = figures(result.to_decided), figures(result.to_drawn), figures(result.drawing)
    journal, screen = figures(result.to_journal), figures(result.to_screen)
    draw, fsync, flip = figures(result.draw), figures(result.fsync), figures(result.flip)
    again = figures(redrawn())
    housekeeping, snapshots = figures(result.housekeeping), figures(result.snapshots)
    verdict = "meets" if total.median <= 2000 and total.p99 <= 4000 else "MISSES"
    return [
        "## Tap to redrawn frame",
        "",
        f"{total.samples} taps (a demo player's choice handed to the app's loop as a tap's intent) over {games + 1} "
        "games on the Yuggoth demo layout: the table on its own thread, an on-disk SQLite journal (WAL, "
        "synchronous=FULL), the app's own loop (800x480, SDL's dummy driver); each tap once the table is quiet and "
        "settled after the last, as players tap (its housekeeping timed apart, below).  The decided state is drawn into "
        "the window's buffer while the table's thread journals it, and flipped once the append has returned "
        '(nothing is shown before it is durable: docs/architecture.md, "Drawn while it is journaled"); the loop '
        "awaits a tap's answer on its own queue.  "
        f"The floors alternate with it in blocks of {BLOCK}: the loop's floor (a queue to a worker thread that "
        f"writes {FLOOR_FRAMES} WAL frames' bytes ({FLOOR_FRAMES} x {WAL_FRAME:,} B) over space the file has and "
        "fdatasyncs them, a queue back, a full-screen blit and a flip), the same woken through SDL's event queue "
        "(which polls each millisecond: the loop's floor before the loop awaited a tap's answer on its queue), a bare "
        "write + fdatasync of one 4 KiB page on the same disk, and an empty flip.",
        "",
        "| what | median | p99 | floor | floor median | floor p99 | median ratio | p99 ratio | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        row("tap -> decided (the table's thread: hand-off, engine, entry)", decided),
        row("tap -> decided state drawn (not shown)", drawn),
        row("of which: drawing the decided frame", drawing),
        row("the same, its thread's CPU time", figures(result.drawing_cpu)),
        row("the table's thread per tap, its CPU time (engine, entry, append, listeners)", figures(result.table_cpu)),
        row("tap -> durable (hand-off, engine, append + fsync)", journal, "one page written + fdatasync", fsync),
        row("tap -> flipped (shown)", total, "the loop's floor", floor, "median <= 2 ms, p99 <= 4 ms"),
        row("tap -> flipped (shown)", total, "the loop's floor woken through SDL's events", sdl_floor),
        row("of which: durable -> flipped", screen, "an empty flip", flip),
        row("each frame drawn in the run (ahead or shown)", draw),
        row(f"a game's decided frames drawn again alone (least thread CPU of {REDRAW_PASSES} passes)", again),
        row("between taps: the table's housekeeping in a quiet moment (log restarted)", housekeeping),
        row("the same, with the snapshot it put off", snapshots),
        "",
        f"Verdict: median {ms(total.median)} and p99 {ms(total.p99)} against 2 ms and 4 ms: {verdict} "
        f"(load average {os.getloadavg()[0]:.1f} at the end of this section{scheduling()}).",
        "",
        *proposed_target(result, total),
        "",
    ]


REFRESH_US = 1e6 / 60  # the 7-inch panel shows a new picture every 16.7 ms (60 Hz)


def proposed_target(result: Run, total: Figures) -> list[str]:
    """Why the 2 / 4 ms target is the wrong one, from this run's figures, and the target
    proposed in its place (not yet agreed: both are reported)."""
    within = sum(t <= REFRESH_US for t in result.total) / len(result.total)
    drawing, table = figures(result.drawing_cpu).median, figures(result.table_cpu).median
    meets = total.p99 <= REFRESH_US and total.median <= REFRESH_US / 2
    gap = f"the {ms(total.median - 2000)} by which the median misses 2 ms" if total.median > 2000 else "a median within 2 ms"
    return [
        "Proposed in place of 2 / 4 ms (not yet agreed): the 2 / 4 ms target asks for less than a person can "
        f"see. The panel shows a new picture every {ms(REFRESH_US)} (60 Hz), and {within:.1%} of these taps were "
        "shown within one refresh. What lies above 2 ms is CPU time, taken one thread at a time under the "
        f"interpreter's lock: drawing the decided frame takes {ms(drawing)} of CPU and the table's thread "
        f"{ms(table)} (medians), against {gap}. "
        f"Proposed: p99 <= one refresh ({ms(REFRESH_US)}), median <= half of one, beside the same floor: "
        f"{'meets' if meets else 'MISSES'}.",
    ]
