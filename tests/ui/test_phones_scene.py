"""The Phones page: reached from Settings, a QR code per seat and one for the TV (drawn module for
module as the link's code), the address in words, and a lost phone's link re-issued."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.appliance import Appliance
from companion.config import WebSettings
from companion.engine import State
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.phones_scene import PhonesScene, chosen
from tests.helpers import new_game


@pytest.fixture
def phones_app() -> Iterator[tuple[App, Appliance]]:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        assert house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False)) is not None
        app = App(house.client(threaded=False), size=(800, 480), backlight=Backlight(Path("/nonexistent")))
        stack.callback(app.close)
        yield app, house
    pygame.quit()


def _tap(app: App, scene: str, label: str) -> None:
    button = next(b for b in app.scenes[scene].buttons if b.label.startswith(label))
    app.tap(button.rect.center)
    app.draw()


def test_settings_lead_to_a_code_per_seat_and_one_for_the_tv(phones_app: tuple[App, Appliance]) -> None:
    app, house = phones_app
    app.scene_name = "settings"
    app.draw()
    _tap(app, "settings", "Phones and TV")
    assert app.scene_name == "phones"
    links = app.options["phones"]
    state = house.session.state
    assert isinstance(state, State)
    assert [link.seat for link in links] == [p.pid for p in state.players] + [""]
    assert links[-1].url.endswith("/tv") and all("/seat#" in link.url for link in links[:-1])
    scene = app.scenes["phones"]
    assert isinstance(scene, PhonesScene)
    shown = chosen(app.view())
    assert shown is links[0]
    _tabs, square, _words = scene._areas()
    surface = pygame.display.get_surface()
    assert surface is not None
    modules = len(shown.code)
    scale = square.width // modules
    left = square.centerx - modules * scale // 2
    top = square.centery - modules * scale // 2
    for y, row in enumerate(shown.code):  # every module drawn as the code has it
        for x, dark in enumerate(row):
            colour = surface.get_at((left + x * scale + scale // 2, top + y * scale + scale // 2))[:3]
            assert colour == ((0, 0, 0) if dark else (255, 255, 255)), (x, y)
    assert scale >= 4  # a camera reads it from across the table


def test_a_lost_phones_link_is_reissued_from_the_page(phones_app: tuple[App, Appliance]) -> None:
    app, house = phones_app
    app.scene_name = "settings"
    app.draw()
    _tap(app, "settings", "Phones and TV")
    second = app.options["phones"][1]
    _tap(app, "phones", second.label)
    assert chosen(app.view()) == second
    old_secret = second.url.split("#", 1)[1]
    _tap(app, "phones", "New link")
    renewed = chosen(app.view())
    assert renewed is not None and renewed.seat == second.seat and renewed.url != second.url
    assert house.web.keys.seat_of(old_secret) is None
    assert house.web.keys.seat_of(renewed.url.split("#", 1)[1]) == second.seat
    _tap(app, "phones", "TV")
    assert not any(b.label.startswith("New link") for b in app.scenes["phones"].buttons)  # the TV's link has no secret


def test_without_the_server_the_page_says_how_to_turn_it_on(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "settings"
    app.draw()
    _tap(app, "settings", "Phones and TV")
    assert app.scene_name == "phones" and app.options["phones"] == []
    assert app.scenes["phones"].buttons[:-1] == [] or all(
        b.intent.__class__.__name__ == "Go" for b in app.scenes["phones"].buttons
    )


def test_the_switch_turns_every_page_off_and_on_again(phones_app: tuple[App, Appliance]) -> None:
    app, house = phones_app
    app.scene_name = "settings"
    app.draw()
    _tap(app, "settings", "Phones and TV")
    _tap(app, "phones", "Phones: on")
    assert house.web is not None and not house.web.accepting
    assert any(b.label == "Phones: off" for b in app.scenes["phones"].buttons)
    _tap(app, "phones", "Phones: off")
    assert house.web.accepting
