"""The real screen runs the table on its own thread: the screen's thread never touches the
journal, so a slow fsync or a Redis that stopped answering never freezes a frame."""

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
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.scene import Go, Start, Submit
from tests.helpers import new_game, table_of

TIMEOUT = 5.0


class WatchedJournal(SqliteJournal):
    """Records which threads use it; an append can be held at a gate."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.threads: set[str] = set()
        self.gate = threading.Event()
        self.gate.set()
        self.appending = threading.Event()

    def _seen(self) -> None:
        self.threads.add(threading.current_thread().name)

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        self._seen()
        self.appending.set()
        assert self.gate.wait(TIMEOUT), "the test never opened the gate"
        super().append(game, entry, snapshot)

    def entries(self, game: str, start: int = 1) -> Any:
        self._seen()
        return super().entries(game, start)

    def games(self) -> Any:
        self._seen()
        return super().games()

    def last(self, game: str) -> Any:
        self._seen()
        return super().last(game)


@pytest.fixture
def threaded() -> Iterator[tuple[App, WatchedJournal]]:
    journal = WatchedJournal()
    session = GameSession.start(journal, "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    app = App(screen_only(session, threaded=True), backlight=Backlight(Path("/nonexistent")))
    journal.threads.clear()  # from here on, the screen's thread must keep out
    yield app, journal
    journal.gate.set()
    app.close()
    pygame.quit()


def counterclockwise(app: App) -> Submit:
    """The prompt button the first player taps to play counterclockwise."""
    app.draw()
    button = next(b for b in app.scenes["table"].buttons if b.label == "Counterclockwise")
    assert isinstance(button.intent, Submit)
    return button.intent


def wait_for(app: App, condition: Any) -> None:
    """Run the screen's loop (each turn waits on pygame's event queue, which the table's thread
    wakes) until ``condition()`` holds."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        table = table_of(app)
        assert time.monotonic() < deadline, (table.session.name, [n.text for n in table.notices], app.scene_name)
        pygame.event.wait(100)
        app.tick()


def test_a_tap_is_journaled_on_the_tables_thread_and_then_shown(threaded) -> None:
    app, journal = threaded
    app.do(counterclockwise(app))
    wait_for(app, lambda: app.state.direction.value == -1)
    assert journal.threads == {"table"}
    assert app.client.table.session.state is app.state


def test_the_screen_keeps_drawing_while_the_journal_is_stuck(threaded) -> None:
    app, journal = threaded
    journal.gate.clear()  # the next append blocks, as on a Redis that stopped answering
    app.do(counterclockwise(app))
    assert journal.appending.wait(TIMEOUT)
    for scene in ("map", "log", "table"):  # the screen's thread goes on: nothing here waits
        app.do(Go(scene))
        app.draw()
    assert app.state.direction.value != -1  # nothing is shown before the journal holds it
    journal.gate.set()
    wait_for(app, lambda: app.state.direction.value == -1)


def test_starting_a_game_opens_it_on_the_tables_thread(threaded) -> None:
    app, journal = threaded
    app.do(Go("new"))
    wait_for(app, lambda: [g.name for g in app.games] == ["g"])
    app.do(Start("earth-3p", 3))
    app.do(Start("earth-3p", 3))  # a game was in play: the second tap confirms
    wait_for(app, lambda: app.client.table.session.name != "g" and app.state is app.client.table.session.state)
    assert app.scene_name == "table" and journal.threads == {"table"}


def test_a_whole_demo_game_plays_with_the_table_on_its_thread_and_the_tower_on_a_pty() -> None:
    """The window demo's house (simulated tower, mock panel, the demo's players as an input
    source) with the table on its own thread: the screen's thread never touches the journal."""
    import contextlib
    import itertools

    from companion.appliance import demo_house
    from companion.engine.cthulhu.model import Phase
    from companion.ui.app import Extras

    journal = WatchedJournal()
    session = GameSession.start(journal, "g", new_game("yuggoth-demo", seed=4))
    assert isinstance(session, GameSession)
    ticks = itertools.count()
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session, 4, tower=True, panel=True)
        app = App(house.client(threaded=True), extras=Extras(demo=True), backlight=Backlight(Path("/nonexistent")))
        journal.threads.clear()
        app.clock = lambda: float(next(ticks))  # autoplay moves on every turn of the loop
        app.autoplay = True
        try:
            deadline = time.monotonic() + 60
            while app.state.phase is not Phase.GAME_OVER and time.monotonic() < deadline:
                pygame.event.wait(5)
                app.tick()
        finally:
            app.close()
    assert [n.text for n in house.table.notices] == []  # the demo never plays ahead of what the screen shows
    assert app.state.phase is Phase.GAME_OVER and journal.threads == {"table"}
    rolls = [e.command for e in journal.entries("g") if '"type":"roll"' in e.command]
    assert rolls and all('"source":"tower"' in r for r in rolls)


def test_a_tap_redraws_once_when_its_result_arrives_and_a_refusal_is_drawn(threaded) -> None:
    from companion.engine.cthulhu import commands as c

    app, journal = threaded
    app.draw()
    journal.gate.clear()
    app.do(counterclockwise(app))
    assert journal.appending.wait(TIMEOUT)
    app.tick()
    assert not app.dirty  # nothing changed yet: no redraw of the same screen while the journal works
    journal.gate.set()
    wait_for(app, lambda: app.state.direction.value == -1 and not app.dirty)
    notices, draws, draw = len(app.client.table.notices), [], app.draw

    def counted() -> None:
        draws.append(1)
        draw()

    app.draw = counted
    app.do(Submit(c.ChooseDirection("great_cthulhu", "clockwise")))  # refused: the direction is chosen
    wait_for(app, lambda: len(app.client.table.notices) > notices and not app.dirty)
    assert draws  # the notice's arrival was drawn
