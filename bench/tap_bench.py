"""Tap to redrawn frame: through the threaded table, the durable journal and the screen's loop.

The real path, as on the table: the app's own loop (:meth:`App.run`, SDL's dummy driver, 800x480)
with its table on its own thread and an on-disk SQLite journal (WAL, synchronous=FULL), the
demo's players queuing their losses after a battle.  Each tap is a demo player's choice handed
to the app as a tap's intent (:meth:`App.do`) from inside its loop; it is timed from there to
the end of the flip of the first frame that shows the entry the tap made (the journal made it
durable before the screen was handed it).  Where it goes: tap to journaled (the hand-off to the
table's thread, the engine, the append and its fsync) and journaled to shown (the hand-off back,
the redraw, the flip).

Floor, in the same run, in alternating blocks (the machine's load falls on both alike): the same
loop with nothing of the game in it: a tap puts a message on a queue; a worker thread writes three
WAL frames' bytes (3 x 4,120 B, about what a tap's commit writes) over space a file on the same
disk has and fdatasyncs it, as SQLite does, then wakes the loop with an event; the loop blits a
prepared full-screen picture and flips.
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

from bench.timing import figures
from companion import demo
from companion.appliance import Appliance
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.scene import Submit

TAPS = 600
BLOCK = 50  # taps per block; the path and the floor alternate
WAL_FRAME = 24 + 4096  # a frame of SQLite's write-ahead log: its header and one page
FLOOR_FRAMES = 3  # a tap's commit writes about three (the tower bench counts a roll's: 2.9)


@dataclass
class Run:
    """Times in microseconds."""

    total: list[float] = field(default_factory=list)
    to_journal: list[float] = field(default_factory=list)
    to_screen: list[float] = field(default_factory=list)
    draw: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    last_frame: float = 0.0  # when the app's last frame was flipped (perf_counter seconds)


class Tapper:
    """Drives the app from inside its own loop: a tap, then (once its frame is shown) the next."""

    def __init__(self, app: App, house: Appliance, journal: SqliteJournal, run: Run) -> None:
        self.app, self.house, self.journal, self.run = app, house, journal, run
        self.rnd = random.Random(5)
        self.games = 0
        self.left = 0
        self.tapped_at = 0.0
        self.journaled_at = 0.0
        self.seq = -1  # the entry the pending tap must make (-1: none pending)
        house.output(self.journaled)  # a peer of the screen, added after it: hears the same entry

    def journaled(self, events: Any, state: Any, entry: Any) -> None:
        if self.seq >= 0 and entry.seq == self.seq and not self.journaled_at:
            self.journaled_at = time.perf_counter()

    def block(self, taps: int) -> None:
        self.left = taps
        self.app.running = True
        self.app.dirty = True
        self.app.run(on_frame=self.frame)

    def frame(self) -> None:
        """After each turn of the app's loop: is the pending tap's entry on the screen yet?"""
        app, table = self.app, self.house.table
        if self.seq >= 0:
            shown = app.state is not None and getattr(app.state, "step", None) is not None and self.shown()
            if not shown:
                return
            done = time.perf_counter()
            self.run.total.append((done - self.tapped_at) * 1e6)
            self.run.to_journal.append((self.journaled_at - self.tapped_at) * 1e6)
            self.run.to_screen.append((done - self.journaled_at) * 1e6)
            self.seq = -1
            self.left -= 1
        if table.busy or app.dirty or app.state is not table.session.state:
            return  # the bots' losses after a battle, still being journaled and shown
        if self.left <= 0:
            app.running = False
            return
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
        self.journaled_at = 0.0
        command = demo.choose(app.state, self.rnd)
        self.tapped_at = time.perf_counter()
        app.do(Submit(command))

    def shown(self) -> bool:
        """The screen shows a state at or past the tap's entry and has drawn it."""
        return bool(self.journaled_at) and not self.app.dirty and self.app.arrivals.empty() and self.drawn_since()

    def drawn_since(self) -> bool:
        return self.run.last_frame >= self.journaled_at


def floor_block(app: App, path: Path, taps: int, run: Run) -> None:
    """The floor's loop: tap -> queue -> worker writes and fdatasyncs a page -> event -> blit + flip."""
    picture = app.window.copy()
    done_event = pygame.event.custom_type()
    inbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    page = os.urandom(FLOOR_FRAMES * WAL_FRAME)
    os.pwrite(fd, page, 0)  # the space is the file's before the first timed write
    os.fsync(fd)

    def worker() -> None:
        while (item := inbox.get()) is not None:
            os.pwrite(fd, item, 0)
            os.fdatasync(fd)
            pygame.event.post(pygame.event.Event(done_event))

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    try:
        for _ in range(taps):
            started = time.perf_counter()
            inbox.put(page)
            while pygame.event.wait(1000).type != done_event:
                pass
            app.window.blit(picture, (0, 0))
            pygame.display.flip()
            run.floor.append((time.perf_counter() - started) * 1e6)
    finally:
        inbox.put(None)
        thread.join()
        os.close(fd)


def measure(taps: int | None = None) -> tuple[Run, int]:
    taps = TAPS if taps is None else taps
    run = Run()
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        journal = SqliteJournal(Path(tmp) / "journal.sqlite3")
        setup = demo.demo_setup(0, "yuggoth-demo", 4)
        session = GameSession.start(journal, "tap-0", setup.command())
        assert isinstance(session, GameSession)
        with contextlib.ExitStack() as stack:
            house = Appliance(session, stack)
            house.play_with_bots(seed=5)  # only their losses after a battle: the taps make the moves
            app = App(house.client(threaded=True), size=(800, 480))
            stack.callback(app.close)
            original = app.draw

            def timed_draw() -> None:
                started = time.perf_counter()
                original()
                run.last_frame = time.perf_counter()
                run.draw.append((run.last_frame - started) * 1e6)

            app.draw = timed_draw  # type: ignore[method-assign]
            tapper = Tapper(app, house, journal, run)
            tapper.block(20)  # warm-up: fonts, layouts, SQLite's pages
            for kept in (run.total, run.to_journal, run.to_screen, run.draw):
                kept.clear()
            floor_block(app, Path(tmp) / "floor", 20, Run())
            for _ in range(max(1, taps // BLOCK)):
                tapper.block(BLOCK)
                floor_block(app, Path(tmp) / "floor", BLOCK, run)
            games = tapper.games
        journal.close()
    return run, games


def ms(value: float) -> str:
    return f"{value / 1000:.2f} ms"


def run() -> list[str]:
    result, games = measure()
    total, floor = figures(result.total), figures(result.floor)
    journal, screen, draw = figures(result.to_journal), figures(result.to_screen), figures(result.draw)
    verdict = "meets" if total.median <= 2000 and total.p99 <= 4000 else "MISSES"
    return [
        "## Tap to redrawn frame",
        "",
        f"{total.samples} taps (a demo player's choice handed to the app's loop as a tap's intent) over {games + 1} "
        "games on the Yuggoth demo layout: the table on its own thread, an on-disk SQLite journal (WAL, "
        "synchronous=FULL: durable before the screen hears of it), the app's own loop (800x480, SDL's dummy "
        "driver); timed to the end of the flip of the first frame showing the tap's entry.  The floor alternates "
        f"with it in blocks of {BLOCK}: the same loop, a queue to a worker thread that writes {FLOOR_FRAMES} WAL "
        f"frames' bytes ({FLOOR_FRAMES} x {WAL_FRAME:,} B) over space the file has and fdatasyncs them, an event "
        "back, a full-screen blit and a flip.",
        "",
        "| what | median | p99 | floor median | floor p99 | median ratio | p99 ratio | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| tap -> redrawn frame | {ms(total.median)} | {ms(total.p99)} | {ms(floor.median)} | {ms(floor.p99)} | "
        f"{total.median / floor.median:.1f}x | {total.p99 / floor.p99:.1f}x | median <= 2 ms, p99 <= 4 ms |",
        f"| of which: tap -> journaled (hand-off, engine, append + fsync) | {ms(journal.median)} | {ms(journal.p99)} "
        "|  |  |  |  |  |",
        f"| of which: journaled -> frame shown (hand-off back, redraw, flip) | {ms(screen.median)} | {ms(screen.p99)} "
        "|  |  |  |  |  |",
        f"| the redraws alone (each frame drawn in the run) | {ms(draw.median)} | {ms(draw.p99)} |  |  |  |  |  |",
        "",
        f"Verdict: median {ms(total.median)} and p99 {ms(total.p99)} against 2 ms and 4 ms: {verdict}.",
        "",
    ]
