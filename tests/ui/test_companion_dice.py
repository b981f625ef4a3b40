"""The companion's own dice on the screen: a battle declared by a tap is rolled by the table
itself, and the screen shows what was rolled (the log's line with the faces, the result on the
table's "Last:" line)."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

import pygame
import pytest

from companion.appliance import Appliance
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.scene import Go, Submit
from tests.helpers import new_game
from tests.ui.drawn import frame_drawn


def test_the_screen_shows_the_faces_the_companion_rolled(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(seed=2, options=Options(digital_dice=True)))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        house.add_companion_dice(random.Random(5))
        app = App(house.client(threaded=False), backlight=Backlight(Path("/nonexistent")))
        try:
            for command in (
                c.ChooseDirection("great_cthulhu", "clockwise"),
                c.Place("crawling_chaos", c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")),  # type: ignore[attr-defined]
                c.BattleAction("great_cthulhu", "South Pacific", "crawling_chaos", 2, 1),
            ):
                app.do(Submit(command))
                app.tick()  # the screen's loop steps the table: the rolls it asks of itself too
            assert session.state.prompt.kind is not PromptKind.ROLL  # nobody entered a die
            rolled = [json.loads(e.command) for e in session.journal.entries("g") if '"roll"' in e.command]
            assert [roll["source"] for roll in rolled] == ["companion", "companion"]
            shown = [line.shown for line in frame_drawn(app, monkeypatch)]
            assert "Last: Battle in South Pacific" in " ".join(shown), shown  # (its first clause where the room is short)
            app.do(Go("log"))
            shown = [line.shown for line in frame_drawn(app, monkeypatch)]
            for roll in rolled:
                faces = " ".join(map(str, roll["values"]))
                assert any(f"Dice (battle, companion): {faces}." in line for line in shown), shown
        finally:
            app.close()
            pygame.quit()
