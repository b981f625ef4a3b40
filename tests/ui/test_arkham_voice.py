"""Arkham Horror in the window with the voice on: every Mythos Phase drawn by a tap is heard
(issue 33: the voice raised TypeError on every Arkham entry, ``ArkhamState.players`` being a
count, and the window's Arkham game was silent)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from companion.appliance import Appliance
from companion.engine.arkham import model as m
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.voice.lines import Cue, Line
from tests.ui.arkham_taps import SEATS, answer, tap


def test_arkham_in_the_window_speaks_its_mythos_lines() -> None:
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Azathoth", SEATS, seed=3))
    assert isinstance(session, ArkhamSession)
    said: list[Line] = []
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        voice = house.add_voice()
        assert voice is not None, house.table.notices  # SDL's dummy audio device plays
        put = voice.queue.put

        def heard(line: Line) -> None:
            said.append(line)
            put(line)

        voice.queue.put = heard
        app = App(house.client(threaded=False), size=(800, 480), backlight=Backlight(Path("/nonexistent")))
        stack.callback(app.close)
        for _ in range(3):
            tap(app, "Draw Mythos")
            answer(app)
            house.table.drain()
        assert session.state.mythos_phases == 3
    pygame.quit()
    mythos = [line for line in said if line.cue is Cue.MYTHOS]
    assert len(mythos) == 3, [line.text for line in said]
    assert all(line.text for line in mythos)
