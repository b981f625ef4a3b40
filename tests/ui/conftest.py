"""The UI tests run headless: SDL's dummy video and audio drivers (set before pygame starts)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from companion.appliance import screen_only
from companion.engine.arkham import model as m
from companion.session import ArkhamSession, GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from tests.helpers import new_game, table_of
from tests.ui.arkham_corrections import SEATS
from tests.ui.arkham_fit import LOG, crowded


@pytest.fixture
def app_on() -> Iterator[Callable[..., App]]:
    """Build an App on a session: ``app_on(session, size)``; every display is closed afterwards."""
    made: list[App] = []

    def build(session: Any, size: tuple[int, int] = (800, 480)) -> App:
        app = App(screen_only(session), size=size, backlight=Backlight(Path("/nonexistent")))  # never the real screen's
        made.append(app)
        return app

    yield build
    for app in made:
        app.close()
    pygame.quit()


@pytest.fixture
def app_for(app_on: Callable[..., App]) -> Callable[..., App]:
    """Build an App on a fresh Cthulhu Wars game: ``app_for(map, size, seed)``."""

    def build(map_name: str = "yuggoth-demo", size: tuple[int, int] = (800, 480), seed: int = 2) -> App:
        session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(map_name, seed=seed))
        assert isinstance(session, GameSession)
        return app_on(session, size)

    return build


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table in German, as a German system's locale chooses it (Settings left on "system")."""
    from companion import i18n

    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "de")
    i18n.use("de")
    yield
    i18n.use("en")


@pytest.fixture
def crowded_app(app_on: Callable[..., App]) -> Callable[..., App]:
    def build(size: tuple[int, int], players: int, gates: int) -> App:
        seats = tuple(m.Seated(f"Seat {n}", "Woods", 1) for n in range(players))
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", seats, seed=5))
        assert isinstance(session, ArkhamSession)
        app: App = app_on(session, size)
        table_of(app).session.state = crowded(session.state, players, gates)
        app.state, app.log = table_of(app).session.state, list(LOG)
        return app

    return build


@pytest.fixture
def arkham_for(app_on: Callable[..., App]) -> Callable[..., App]:
    def build(size: tuple[int, int] = (800, 480)) -> App:
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", SEATS, seed=5))
        assert isinstance(session, ArkhamSession)
        app: App = app_on(session, size)
        return app

    return build
