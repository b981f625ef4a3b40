"""The screen: frame time of the busiest scene at 800x480, and CPU used while idle.

Frame: the table scene in the middle of a Yuggoth game (the Watcher awake, a page of choices,
odds lines) is rebuilt and drawn and the display flipped, 300 times; floor: blitting one
prepared full-screen picture and flipping, in the same run.  Idle: the app's own loop left alone
for 5 seconds after its first frame; floor: a bare ``pygame.event.wait`` loop as long.
SDL's dummy video driver: the figures are the Python side, not a GPU.
"""

from __future__ import annotations

import os
import random
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench.timing import Figures, sample
from companion import demo
from companion.appliance import screen_only
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App

FRAMES = 300
IDLE_SECONDS = 5.0


def busy_app() -> App:
    """The app on the first seeded game that reaches an action with the Watcher awake (a game
    may end before it wakes: the next seed is tried)."""
    for seed in range(3, 40):
        session = busy_session(seed)
        if session is not None:
            return App(screen_only(session), size=(800, 480))
    raise RuntimeError("no seeded demo game woke the Watcher")


def busy_session(seed: int) -> GameSession | None:
    setup = demo.demo_setup(seed, "yuggoth-demo", 4)
    session = GameSession.start(SqliteJournal(":memory:"), "bench", setup.command())
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    for _ in range(3000):
        state = session.state
        if state.watcher is not None and state.watcher.awake and state.prompt.kind is PromptKind.ACTION:
            return session
        if state.phase is Phase.GAME_OVER:
            return None
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, result.events):  # type: ignore[union-attr]
            session.submit(order)
    return None


def measure_frames(app: App) -> tuple[Figures, Figures]:
    def frame() -> None:
        app.dirty = True
        app.draw()

    measured = sample(frame, FRAMES, warmup=20)
    picture = app.window.copy()

    def floor_frame() -> None:
        app.window.blit(picture, (0, 0))
        pygame.display.flip()

    return measured, sample(floor_frame, FRAMES, warmup=20)


def idle_cpu(loop: object) -> float:
    """CPU seconds per wall second (1.0 = one core busy) while ``loop`` runs for IDLE_SECONDS."""
    stopper = threading.Timer(IDLE_SECONDS, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    start_cpu, start_wall = time.process_time(), time.monotonic()
    stopper.start()
    loop()  # type: ignore[operator]
    return (time.process_time() - start_cpu) / (time.monotonic() - start_wall)


def bare_wait() -> None:
    while pygame.event.wait(1000).type != pygame.QUIT:
        pass


def run() -> list[str]:
    app = busy_app()
    frames, floor = measure_frames(app)
    app.running = True
    app.draw()
    idle = idle_cpu(app.run)
    idle_floor = idle_cpu(bare_wait)
    app.close()
    return [
        "## The screen (800x480, SDL dummy driver)",
        "",
        "| what | median | p99 | floor | floor median | floor p99 | p99 ratio |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        f"| busiest frame (table, Yuggoth, Watcher awake) | {frames.median / 1000:.2f} ms | {frames.p99 / 1000:.2f} ms | "
        f"full-screen blit + flip | {floor.median / 1000:.2f} ms | {floor.p99 / 1000:.2f} ms | {frames.p99 / floor.p99:.1f}x |",
        "",
        f"Idle CPU over {IDLE_SECONDS:.0f} s: the app {idle:.2%} of one core; a bare event wait {idle_floor:.2%}. "
        "The app redraws only on change and waits on events (at most one wake a second when idle).",
        "",
    ]
