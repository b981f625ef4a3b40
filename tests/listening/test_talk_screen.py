"""Push to talk on the touchscreen, end to end with real parts: the window's App (SDL's dummy
driver) over a real table, pocketsphinx, espeak-ng's speech played through the microphone's
path (FileSource).  A finger holds the talk control, the phrase is said, the finger lifts; the
read-back is shown with Yes and No; Yes journals the command, No drops it."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from bench.speech import available, said_in_a_room
from companion.appliance import Appliance
from companion.engine import tag_of
from companion.engine.cthulhu import commands as c
from companion.listening.microphone import FileSource
from companion.listening.phrases import Phrase, phrasebook
from companion.session import GameSession
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.talk_overlay import NO, TALK, YES
from tests.helpers import new_game
from tests.ui.drawn import frame_drawn

pytestmark = pytest.mark.skipif(bool(available()), reason=available())
TIMEOUT = 20.0  # s: a bound, never a pause (the machine may be busy)


@dataclass
class Window:
    app: App
    house: Appliance
    source: FileSource
    entries: list[Entry]

    def until(self, ready: Callable[[], bool], what: str) -> None:
        """Turn the app's loop (woken by the table's and the talk cycle's hand-overs) until
        ``ready()``, at most TIMEOUT s."""
        deadline = time.monotonic() + TIMEOUT
        while not ready():
            assert time.monotonic() < deadline, f"{what}: not within {TIMEOUT} s ({self.app.talking})"
            pygame.event.wait(50)  # ends at once when the app is woken
            self.app.tick()

    def touch(self, control: str, kind: int = pygame.FINGERDOWN) -> None:
        """A finger on (or lifted from) one of the talk control's buttons, as SDL sends it."""
        self.app.draw()
        rect = next(button.rect for button in self.app.overlay.buttons if button.intent == control)
        width, height = self.app.window.get_size()
        self.app.handle(pygame.event.Event(kind, x=rect.centerx / width, y=rect.centery / height, touch_id=0, finger_id=0))

    def say(self, phrase: Phrase) -> None:
        """Hold the talk control, say ``phrase``, lift the finger: the read-back is shown."""
        self.until(lambda: self.app.talking.doing == "idle", "the talk control shown")
        self.touch(TALK)
        assert self.source.listening.wait(TIMEOUT)  # the microphone is open: speak
        self.source.queue(said_in_a_room(phrase.text))
        self.touch(TALK, pygame.FINGERUP)
        self.until(lambda: self.app.talking.doing == "waiting", "the read-back")
        assert self.app.talking.phrase == phrase.text


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[Window]:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        sources: list[FileSource] = []

        def open_source(sink: Any) -> FileSource:
            sources.append(FileSource(sink))
            return sources[0]

        assert house.add_listening(open_source) is not None, house.table.notices
        entries: list[Entry] = []
        house.output(lambda events, state, entry: entries.append(entry))
        app = App(house.client(threaded=False), backlight=Backlight(Path("/nonexistent")))
        stack.callback(pygame.quit)
        stack.callback(app.close)
        yield Window(app, house, sources[0], entries)


def command_phrase(house: Appliance) -> Phrase:
    """A legal command of the state in play, in words."""
    book = phrasebook(house.session.state)
    return next(p for p in book.values() if p.command is not None and not isinstance(p.command, (c.Correct, c.Redo)))


def test_hold_say_release_and_yes_journals_the_command(window: Window, monkeypatch: pytest.MonkeyPatch) -> None:
    phrase = command_phrase(window.house)
    window.say(phrase)
    shown = [line.wanted for line in frame_drawn(window.app, monkeypatch)]
    assert f"Did you say: {phrase.text}?" in " ".join(shown) and "Yes" in shown and "No" in shown
    window.touch(YES)
    window.until(lambda: bool(window.entries), "the command journaled")
    (entry,) = window.entries
    assert json.loads(entry.command)["type"] == tag_of(phrase.command)  # type: ignore[arg-type]
    assert entry.input.startswith("tap:")  # posted on the table's queue like a tap
    window.until(lambda: window.app.talking.doing == "idle", "the control back to idle")
    assert window.app.state is window.house.session.state  # and the screen shows it


def test_no_drops_it_and_nothing_is_journaled(window: Window) -> None:
    window.say(command_phrase(window.house))
    seq = window.house.session.seq
    window.touch(NO)
    window.until(lambda: window.app.talking.doing == "idle", "the read-back dropped")
    window.until(lambda: "Dropped." in window.app.client.notices(), "said: dropped")
    window.app.tick()
    assert window.entries == [] and window.house.session.seq == seq
    assert [button.intent for button in window.app.overlay.buttons] == [TALK]  # Yes and No gone


def test_listening_started_after_the_first_frame_brings_the_control() -> None:
    """The service adds listening after the first frame (companion.appliance.after_first_frame):
    the screen, drawn without the control, makes room for it then."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        app = App(house.client(threaded=False), size=(1024, 600), backlight=Backlight(Path("/nonexistent")))
        stack.callback(pygame.quit)
        stack.callback(app.close)
        app.draw()
        assert not app.overlay.buttons and app.metrics.width == 1024
        assert house.add_listening(FileSource) is not None
        app.tick()
        assert [button.intent for button in app.overlay.buttons] == [TALK] and app.metrics.width < 1024
