"""A tap's way to its frame, made short: the loop takes the table's answer from its own queue,
the parts of a frame that did not change are blitted from their kept pictures, and a new
sentence is wrapped with a few measurements.  None of it changes what is shown."""

from __future__ import annotations

import gc
import itertools
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import demo
from companion.appliance import screen_only
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import app as app_module
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.scene import Submit
from companion.ui.turn_panel import Local
from tests.helpers import new_game, table_of
from tests.ui.greedy_wrap import greedy
from tests.ui.played import played


@pytest.fixture
def threaded_app() -> Iterator[App]:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    app = App(screen_only(session, threaded=True), backlight=Backlight(Path("/nonexistent")))
    yield app
    app.close()
    pygame.quit()


def test_a_taps_answer_is_taken_from_the_loops_own_queue(threaded_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the table on its own thread and no event ever posted to SDL's queue, a tap's entry
    is drawn and shown by the loop without once waiting on SDL's events (which poll): the
    decided state and the journaled entry are taken from the arrivals queue as they come."""
    app = threaded_app
    monkeypatch.setattr(app_module, "ANSWER_WAIT", 30.0)  # a busy machine: the answer is only late, never missed
    monkeypatch.setattr(app, "wake", lambda: None)  # the table's hand-overs post nothing to SDL
    waits: list[int] = []
    wait = pygame.event.wait

    def counted(timeout: int = 0) -> pygame.event.Event:
        waits.append(timeout)
        return wait(timeout)

    monkeypatch.setattr(pygame.event, "wait", counted)
    app.draw()
    button = next(b for b in app.scenes["table"].buttons if b.label == "Counterclockwise")
    assert isinstance(button.intent, Submit)
    table = table_of(app)
    flips: list[Any] = []
    flip = app.flip

    def flipping() -> None:
        flips.append((app.state, gc.isenabled()))
        flip()

    monkeypatch.setattr(app, "flip", flipping)
    before = table.session.state

    def frame() -> None:
        if not waits and app.state is before and table.session.seq == 1 and not flips:
            app.do(button.intent)  # the tap, from inside the loop
        elif (app.state is table.session.state and app.state is not before) or waits:
            app.running = False

    app.run(on_frame=frame)
    assert not waits, "the loop waited on SDL's events for the tap's answer"
    assert app.state is table.session.state and table.session.seq == 2
    assert flips[-1] == (app.state, False)  # shown, with the garbage collector held off on the way
    assert gc.isenabled()  # and free again once it was shown


def test_a_decided_state_is_drawn_as_it_arrives(threaded_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The decided state is drawn into the buffer as the wait takes it from the arrivals queue,
    and the entry journaled is awaited in the same wait and flipped: the loop's turn (SDL's
    events pumped, a tap found there meaning what is shown) comes after."""
    app = threaded_app
    app.draw()
    table = table_of(app)
    held: list[Any] = []
    arrive = app.arrive
    monkeypatch.setattr(app, "arrive", held.append)  # the decided state, held back: handed over below
    monkeypatch.setattr(app, "wake", lambda: None)
    button = next(b for b in app.scenes["table"].buttons if b.label == "Counterclockwise")
    assert isinstance(button.intent, Submit)
    gate = threading.Event()
    append = table.session.journal.append
    monkeypatch.setattr(table.session.journal, "append", lambda *args: (gate.wait(30.0), append(*args)))
    calls: list[str] = []
    draw, flip = app.draw_decided, app.flip

    def pumped(*args: Any, **kwargs: Any) -> list[Any]:
        calls.append("pumped")
        return []

    def drawn() -> None:
        calls.append("drawn")
        draw()

    def flipped() -> None:
        calls.append("flipped")
        flip()

    monkeypatch.setattr(pygame.event, "get", pumped)
    monkeypatch.setattr(app, "draw_decided", drawn)
    monkeypatch.setattr(app, "flip", flipped)
    monkeypatch.setattr(app_module, "ANSWER_WAIT", 30.0)  # a busy machine: the entry is only late
    try:
        app.do(button.intent)
        deadline = time.monotonic() + 30.0
        while not held and time.monotonic() < deadline:  # the table's thread decides, then waits at the gate
            time.sleep(0.001)
        assert held
        monkeypatch.setattr(app, "arrive", arrive)
        app.arrivals.put(held.pop(0))
    finally:
        gate.set()
    assert app.await_answer() is True
    assert calls == ["drawn", "flipped"]  # drawn as it came, shown once journaled, in the one wait
    assert app.state is table.session.state and app.decision is None


def test_the_collector_is_free_again_when_no_answer_comes(threaded_app: App) -> None:
    """A command whose answer never comes (here: none is awaited from a table that got nothing)
    holds the collector off no longer than the wait for it."""
    app = threaded_app
    assert gc.isenabled()
    app.answer_due, app.collector_held = time.monotonic() - 1, True
    gc.disable()
    app.tick()
    assert gc.isenabled() and not app.answer_due


def test_the_answer_is_not_awaited_past_an_input(threaded_app: App) -> None:
    """A touch waiting in SDL's queue ends the wait for the table at once."""
    app = threaded_app
    app.answer_due = 10**9  # an answer due for ever, that never comes
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1, 1), touch=False))
    assert app.await_answer() is False
    assert app.answer_due == 0.0


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_a_frame_from_kept_parts_is_the_frame_drawn_afresh(app_on: Any, size: tuple[int, int]) -> None:
    """Through a game's states in order (each frame drawn over the last, as the loop does), a
    frame drawn with the parts kept is, pixel for pixel, the frame drawn with nothing kept."""
    states = played(5, 90)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, size)
    kept, afresh = [], []
    for state in states:
        app.state, app.dirty = state, True
        app.draw()
        kept.append(pygame.image.tobytes(app.window, "RGB"))
    widgets.forget_pictures()
    for state in states:
        widgets.PARTS.clear()  # every part painted
        app.state, app.dirty = state, True
        app.draw()
        afresh.append(pygame.image.tobytes(app.window, "RGB"))
    assert len(widgets.PARTS.kept) > 0
    for n, (one, other) in enumerate(zip(kept, afresh, strict=True)):
        assert one == other, states[n].step


GARBAGE = (255, 0, 255)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_a_frame_drawn_ahead_over_the_last_is_the_frame_drawn_afresh(
    app_on: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through a game's states in order: the journaled frame drawn, then the next state's frame
    drawn ahead over it (the parts the buffer holds as drawn left as they are) is, pixel for
    pixel, that frame drawn over a window full of another colour with nothing kept or held;
    also after a frame with an area's choices open (the prompt over the players' rows), a
    dimmed one and one with the LED panel over it."""
    states = played(5, 90)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, size)
    table = app.scenes["table"]
    draw = widgets.Parts.draw
    left: list[bool] = []

    def counted(self: widgets.Parts, *args: Any, **kwargs: Any) -> bool:
        drawn = draw(self, *args, **kwargs)
        left.append(not drawn)
        return drawn

    monkeypatch.setattr(widgets.Parts, "draw", counted)
    opened = dimmed = 0
    for n, (state, after) in enumerate(itertools.pairwise(states)):
        app.state, app.dirty, app.dim = state, True, 0.6 if n % 11 == 5 else 1.0
        if n % 7 == 3 and table.panel.active(state) and table.panel.options(state):
            table.panel.handle(state, Local("area", table.panel.options(state)[0]))  # its choices over the rows
            opened += 1
        dimmed += app.dim < 1.0
        panel = pygame.Rect(0, 0, 50, 50) if n % 13 == 6 else None
        monkeypatch.setattr(app, "led_rect", lambda panel=panel: panel)
        app.draw()
        app.dim = 1.0
        monkeypatch.setattr(app, "led_rect", lambda: None)
        app.decision = app_module.Decided(after, [])
        app.draw_decided()
        ahead = pygame.image.tobytes(app.window, "RGB")
        widgets.PARTS.clear()  # the reference: nothing kept, nothing held
        app.window.fill(GARBAGE)
        app.decision = app_module.Decided(after, [])
        app.draw_decided()
        assert ahead == pygame.image.tobytes(app.window, "RGB"), after.step
    assert opened >= 3 and dimmed >= 3
    assert sum(left) > 3 * len(states)  # parts of the frames drawn ahead were left as they were


def test_a_part_is_painted_again_when_what_it_shows_changes() -> None:
    """A kept picture answers only for its own key: another key paints; the first key's picture
    comes back as it was; a recorder (the text-fit tests) sees every part painted."""
    surface = pygame.Surface((100, 40))
    parts = widgets.Parts(1024 * 1024)
    rect = pygame.Rect(10, 10, 30, 20)
    painted: list[str] = []

    def paint(colour: str) -> None:
        painted.append(colour)
        surface.fill(pygame.Color(colour), rect)

    parts.draw(surface, rect, ("x", 1), paint, "red")
    parts.draw(surface, rect, ("x", 2), paint, "blue")
    assert surface.get_at(rect.center) == pygame.Color("blue")
    parts.draw(surface, rect, ("x", 1), paint, "red")
    assert painted == ["red", "blue"] and surface.get_at(rect.center) == pygame.Color("red")
    widgets.RECORDER = []
    try:
        parts.draw(surface, rect, ("x", 1), paint, "red")
    finally:
        widgets.RECORDER = None
    assert painted == ["red", "blue", "red"]


def test_a_sentence_wraps_as_the_greedy_wrap_measured_it() -> None:
    pygame.font.init()
    widgets.font.cache_clear()
    widgets.forget_pictures()
    rnd = random.Random(7)
    vocab = [
        "Great",
        "Cthulhu",
        "recruits",
        "an",
        "Acolyte",
        "in",
        "Glass",
        "Wastes,",
        "Worm",
        "2:",
        "eradicated",
        "at",
        "the",
        "next",
        "Doom",
        "Phase",
        "52%",
        "AVAWA",
        "Tcho-Tcho",
        "WAV.",
        "Slopes",
        "of",
        "the",
        "Pyramid",
        "North",
        "Sneak\xa04",
        "12\xa0%",
        "…",
        "Ubbo-Sathla's",
    ]
    for _ in range(3000):
        words = " ".join(rnd.choice(vocab) for _ in range(rnd.randint(0, 16)))
        size, width, bold = rnd.choice([11, 15, 20, 24, 36]), rnd.randint(10, 500), rnd.random() < 0.5
        assert widgets.wrap(words, size, width, bold) == list(greedy(words, size, width, bold)), (words, size, width)
