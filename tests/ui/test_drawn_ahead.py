"""Drawn while it is journaled: the screen draws a decided entry into its buffer while the table's
thread appends it, and shows (flips) that frame only once the entry is durable.  A failed append
never shows it.  The journal's append is held at a gate (a threading.Event) the test opens."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.appliance import screen_only
from companion.session import GameSession
from companion.store import Entry, JournalUnavailable
from companion.store.sqlite import SqliteJournal
from companion.ui.app import WAKE, App
from companion.ui.backlight import Backlight
from companion.ui.scene import Submit
from tests.helpers import new_game, table_of

TIMEOUT = 5.0


class GatedJournal(SqliteJournal):
    """An append waits at ``gate``; with ``failing`` set it then fails as a Redis away would."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.gate = threading.Event()
        self.gate.set()
        self.appending = threading.Event()
        self.failing = False

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        self.appending.set()
        assert self.gate.wait(TIMEOUT), "the test never opened the gate"
        if self.failing:
            raise JournalUnavailable("The journal is away (test).")
        super().append(game, entry, snapshot)


class Watched:
    """The app with its flips and renders counted, and each flipped frame's pixels kept."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.flipped: list[bytes] = []
        self.renders = 0
        flip, render = app.flip, app.render

        def flipping() -> None:
            self.flipped.append(self.buffer())
            flip()

        def rendering(view: Any) -> None:
            self.renders += 1
            render(view)

        app.flip = flipping  # type: ignore[method-assign]
        app.render = rendering  # type: ignore[method-assign]

    def buffer(self) -> bytes:
        return pygame.image.tobytes(self.app.window, "RGB")

    def turn(self) -> None:
        """One turn of the app's loop, woken by an event (the table's, or the test's)."""
        pygame.event.post(pygame.event.Event(WAKE))
        pygame.event.wait(100)
        self.app.tick()

    def until(self, condition: Any) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not condition():
            assert time.monotonic() < deadline, "the condition never held"
            pygame.event.wait(100)  # the table's thread wakes the loop with an event
            self.app.tick()


@pytest.fixture
def gated() -> Iterator[tuple[Watched, GatedJournal]]:
    journal = GatedJournal()
    session = GameSession.start(journal, "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    app = App(screen_only(session, threaded=True), backlight=Backlight(Path("/nonexistent")))
    app.draw()
    yield Watched(app), journal
    journal.gate.set()
    journal.failing = False
    app.close()
    pygame.quit()


def button(app: App, label: str) -> Any:
    return next(b for b in app.scenes["table"].buttons if b.label == label)


def test_the_decided_state_is_drawn_while_journaled_and_flipped_once_durable(gated) -> None:
    watched, journal = gated
    app = watched.app
    before, shown = app.state, watched.buffer()
    journal.gate.clear()
    app.do(button(app, "Counterclockwise").intent)
    assert journal.appending.wait(TIMEOUT)
    watched.until(lambda: app.decision is not None and app.decision.drawn)
    drawn_ahead, flips = watched.buffer(), len(watched.flipped)
    assert drawn_ahead != shown  # the decided state is in the buffer...
    assert app.state is before and flips == 0  # ...and not shown: nothing was flipped
    for _ in range(3):  # the loop turns on (other wake-ups) and still shows nothing new
        watched.turn()
    assert len(watched.flipped) == 0 and app.state is before
    renders = watched.renders
    journal.gate.set()  # the append returns: the entry is durable
    watched.until(lambda: app.state.direction.value == -1)
    assert watched.flipped == [drawn_ahead]  # that very frame shown, once, not drawn again
    assert watched.renders == renders and not app.dirty
    assert table_of(app).session.journal.last("g").seq == table_of(app).session.seq


def test_a_failed_append_never_shows_the_decided_state(gated) -> None:
    watched, journal = gated
    app = watched.app
    before, shown = app.state, watched.buffer()
    journal.gate.clear()
    journal.failing = True
    app.do(button(app, "Counterclockwise").intent)
    assert journal.appending.wait(TIMEOUT)
    watched.until(lambda: app.decision is not None and app.decision.drawn)
    drawn_ahead = watched.buffer()
    assert drawn_ahead != shown
    journal.gate.set()  # the append fails: the table keeps the command waiting, says so
    watched.until(lambda: app.decision is None and watched.flipped and not app.dirty)
    assert app.state is before
    assert drawn_ahead not in watched.flipped  # the decided frame was dropped, never shown
    table = table_of(app)
    assert table.waiting and any("away" in n.text for n in table.notices)
    journal.failing = False  # the journal answers: the waiting command is journaled and shown
    watched.until(lambda: app.state.direction.value == -1 and not app.dirty)


def test_a_tap_while_a_frame_is_drawn_ahead_means_what_is_shown(gated) -> None:
    watched, journal = gated
    app = watched.app
    clockwise = button(app, "Clockwise")
    sent: list[Any] = []
    app.send = sent.append
    journal.gate.clear()
    table_of(app).post(button(app, "Counterclockwise").intent.command)
    assert journal.appending.wait(TIMEOUT)
    watched.until(lambda: app.decision is not None and app.decision.drawn)
    assert all(b.label != "Clockwise" for b in app.scenes["table"].buttons)  # laid out ahead
    x, y = clockwise.rect.center
    width, height = app.window.get_size()
    app.handle(pygame.event.Event(pygame.FINGERDOWN, x=x / width, y=y / height))
    assert sent == [clockwise.intent.command] and isinstance(clockwise.intent, Submit)
    journal.gate.set()
    watched.until(lambda: app.state.direction.value == -1 and not app.dirty)
    assert watched.flipped[-1] == watched.buffer()


def test_the_session_tells_its_previews_before_the_append_and_withdraws_on_failure() -> None:
    journal = GatedJournal()
    session = GameSession.start(journal, "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    heard: list[tuple[str, int, int]] = []

    class Preview:
        def decided(self, events: Any, state: Any, entry: Entry) -> None:
            heard.append(("decided", entry.seq, journal.last("g").seq))  # type: ignore[union-attr]

        def withdrawn(self, entry: Entry) -> None:
            heard.append(("withdrawn", entry.seq, journal.last("g").seq))  # type: ignore[union-attr]

    session.previews.append(Preview())
    session.listeners.append(lambda events, state, entry: heard.append(("journaled", entry.seq, journal.last("g").seq)))  # type: ignore[union-attr]
    from companion.engine.cthulhu import commands as c

    journal.failing = True
    state = session.state
    with pytest.raises(JournalUnavailable):
        session.submit(c.ChooseDirection(state.prompt.actor, "counterclockwise"))
    assert session.state is state
    journal.failing = False
    session.submit(c.ChooseDirection(state.prompt.actor, "counterclockwise"))
    assert heard == [("decided", 2, 1), ("withdrawn", 2, 1), ("decided", 2, 1), ("journaled", 2, 2)]
