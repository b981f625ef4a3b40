"""Push to talk end to end, with real parts: a real table on a SQLite journal run on its own
thread, pocketsphinx, espeak-ng's speech played through the microphone's path (FileSource).
The press, the spoken phrase, the read-back, the confirmation (a second press, a tap, a spoken
"yes"), the journaled command with its input's identity; "no" and silence drop it; a table that
moved on refuses it."""

from __future__ import annotations

import contextlib
import json
import queue
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from bench.speech import available, said_in_a_room, silence
from companion.appliance import Appliance
from companion.engine import tag_of
from companion.engine.cthulhu import commands as c
from companion.listening.microphone import FileSource
from companion.listening.phrases import Phrase, phrasebook
from companion.session import GameSession
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from companion.table import TableThread
from hardware.config import panel_config
from tests.helpers import new_game

pytestmark = pytest.mark.skipif(bool(available()), reason=available())
TIMEOUT = 20.0  # s: a bound, never a pause (the machine may be busy)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class House:
    appliance: Appliance
    talk: Any
    source: FileSource
    said: queue.Queue[str]
    entries: queue.Queue[Entry]
    clock: Clock

    def hear(self) -> str:
        return self.said.get(timeout=TIMEOUT)

    def journaled(self) -> Entry:
        return self.entries.get(timeout=TIMEOUT)

    def say(self, text: str, voice: str = "en-us") -> None:
        """Hold the button, say ``text``, let go: the read-back comes."""
        self.talk.talk(True)
        assert self.source.listening.wait(TIMEOUT)  # the microphone is open: speak
        self.source.queue(said_in_a_room(text, voice))
        self.talk.talk(False)

    def offered(self) -> Phrase:
        """A legal command of the state in play, said and read back."""
        book = phrasebook(self.appliance.session.state)
        phrase = next(p for p in book.values() if p.command is not None and not isinstance(p.command, (c.Correct, c.Redo)))
        self.say(phrase.text)
        assert self.hear() == f"Did you say: {phrase.text}?"
        assert phrase.command is not None
        return phrase


@pytest.fixture
def house() -> Iterator[Any]:
    """A real table on its thread, listening through a FileSource; what it says on a queue."""
    journal = SqliteJournal(":memory:")
    session = GameSession.start(journal, "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        appliance = Appliance(session, stack)
        said: queue.Queue[str] = queue.Queue()
        appliance.table.on_notice = lambda notice: said.put(notice.text)
        entries: queue.Queue[Entry] = queue.Queue()
        appliance.output(lambda events, state, entry: entries.put(entry))
        clock = Clock()
        sources: list[FileSource] = []

        def open_source(sink: Any) -> FileSource:
            sources.append(FileSource(sink))
            return sources[0]

        talk = appliance.add_listening(open_source, clock=clock)
        assert talk is not None, appliance.table.notices
        worker = TableThread(appliance.table).start()
        stack.callback(worker.stop)
        yield House(appliance, talk, sources[0], said, entries, clock)


def test_a_spoken_command_confirmed_by_a_second_press_is_journaled_as_an_input(house: House) -> None:
    phrase = house.offered()
    seq = house.appliance.session.seq
    house.talk.talk(True)  # the second press confirms
    house.talk.talk(False)
    entry = house.journaled()
    assert entry.seq == seq + 1
    assert json.loads(entry.command)["type"] == tag_of(phrase.command)  # type: ignore[arg-type]
    assert entry.input.startswith("tap:")  # posted on the table's queue like a tap, with its identity


def test_a_spoken_yes_confirms(house: House) -> None:
    phrase = house.offered()
    house.source.queue(said_in_a_room("yes") + silence(1.0))  # the open microphone hears "yes", then the room
    entry = house.journaled()
    assert entry.input.startswith("tap:")
    assert json.loads(entry.command)["type"] == tag_of(phrase.command)  # type: ignore[arg-type]


def test_a_tap_confirms_and_undo_is_a_button(house: House) -> None:
    house.offered()
    house.talk.tap()
    house.journaled()
    house.say("undo")
    assert house.hear() == "Did you say: Undo?"
    house.talk.tap()
    assert house.journaled().kind == "undo"


def test_no_drops_it(house: House) -> None:
    house.offered()
    house.source.queue(said_in_a_room("no") + silence(1.0))
    assert house.hear() == "Dropped."
    assert house.entries.empty()


def test_silence_drops_it_when_the_window_ends(house: House) -> None:
    house.offered()
    house.clock.now += 5.9
    house.talk.tick()
    house.clock.now += 0.2
    house.talk.tick()
    assert house.hear() == "Not confirmed: dropped."
    house.talk.tap()  # too late: nothing waits
    house.say("undo")
    assert house.hear() == "Did you say: Undo?"
    assert house.entries.empty()


def test_chatter_is_never_applied(house: House) -> None:
    """A grammar hears its nearest phrase in table talk (docs/voice.md counts how often it is
    offered): unconfirmed, it is dropped and nothing is journaled."""
    house.say("could you pass me the chips please", "en-gb")
    said = house.hear()
    if said != "Not understood: hold the button and say it again.":
        assert said.startswith("Did you say: ")
        house.clock.now += 7.0
        house.talk.tick()
        assert house.hear() == "Not confirmed: dropped."
    assert house.entries.empty()


def test_a_table_that_moved_on_refuses_the_confirmation(house: House) -> None:
    phrase = house.offered()
    house.appliance.table.post(phrase.command)  # type: ignore[arg-type]  # the game moved (a tap on the screen) while it waited
    house.journaled()
    house.talk.tap()
    assert house.hear() == "The table moved on: say it again."
    assert house.entries.empty()


def test_the_panels_button_and_the_windows_key_reach_the_cycle(house: House, mock_factory: MockFactory) -> None:
    house.offered()
    house.appliance.client(threaded=False).talk(True)  # the window's key, pressed again: confirms
    house.journaled()
    house.appliance.add_panel(panel_config({"pin_factory": "mock", "talk_button": 14}), pin_factory=mock_factory)
    pin = mock_factory.pin(14)
    pin.drive_low()  # held: the microphone opens
    assert house.source.listening.wait(TIMEOUT)
    house.source.queue(said_in_a_room("undo"))
    pin.drive_high()
    assert house.hear() == "Did you say: Undo?"
    pin.drive_low()
    pin.drive_high()
    assert house.journaled().kind == "undo"


def test_a_repeated_press_while_held_is_one_hold(house: House) -> None:
    house.talk.talk(True)
    house.talk.talk(True)  # the key's auto-repeat, or a bounce
    assert house.source.listening.wait(TIMEOUT)
    house.source.queue(said_in_a_room("next"))
    house.talk.talk(False)
    assert house.hear() == "Did you say: Next?"


def test_the_cycle_tells_the_screen_what_it_is_doing(house: House) -> None:
    """What the talk control draws: listening while held, the phrase waiting, idle once answered
    ("No" on the screen drops it), not understood after a hold that said nothing whole."""
    seen: queue.Queue[Any] = queue.Queue()
    house.appliance.talk_watchers.append(seen.put)
    assert house.appliance.talking.doing == "idle"  # listening: the control is shown
    phrase = house.offered()
    assert [seen.get(timeout=TIMEOUT).doing for _ in range(2)] == ["listening", "waiting"]
    assert house.appliance.talking.phrase == phrase.text
    house.talk.drop()  # the screen's No
    assert house.hear() == "Dropped."
    assert seen.get(timeout=TIMEOUT).doing == "idle" and house.entries.empty()
    house.talk.talk(True)
    assert house.source.listening.wait(TIMEOUT)
    house.source.queue(silence(0.5))  # nothing said
    house.talk.talk(False)
    assert house.hear() == "Not understood: hold the button and say it again."
    assert [seen.get(timeout=TIMEOUT).doing for _ in range(2)] == ["listening", "not understood"]
    house.talk.drop()  # nothing waits: nothing to drop
    house.say("next")
    assert house.hear() == "Did you say: Next?"


def test_a_hold_is_its_holders_another_controls_press_and_release_end_nothing(house: House) -> None:
    """A phone holds; the screen's control is tapped meanwhile: the phone's sentence is heard
    whole (from the old cycle, the screen's let-go ended the recording before "next" was said)."""
    house.talk.talk(True, "seat:great_cthulhu")
    assert house.source.listening.wait(TIMEOUT)
    house.talk.talk(True, "screen")
    house.talk.talk(False, "screen")
    house.source.queue(said_in_a_room("next"))  # heard only while the hold goes on
    house.talk.talk(False, "seat:great_cthulhu")
    assert house.hear() == "Did you say: Next?"
