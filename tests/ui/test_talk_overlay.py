"""The talk control on the touchscreen (issue #35): drawn by the app over every scene while the
table listens, a fingertip's size, covering no button of any scene (the navigation bar's and the
table's prompt's included) at every screen size; the read-back's Yes and No likewise; a touch on
it is the control's, never the scene's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from companion.client import Talking
from companion.ui.app import SIZES, App, names_of
from companion.ui.scene import Build
from companion.ui.talk_overlay import NO, READ_BACK, TALK, YES, scene_room
from companion.ui.widgets import Button
from tests.ui.drawn import frame_drawn
from tests.ui.played import played

PHRASE = "Great Cthulhu battles Crawling Chaos in South Pacific"
CTHULHU_SCENES = ("table", "fix", "map", "area", "log", "settings", "new", "builder", "sheets", "phones")
ARKHAM_SCENES = ("arkham", "arkham_fix", "log", "settings", "new")
STATES = played(3, 300)[::25]  # the table's prompts of a seeded game: setup, actions, battles, rolls, Doom


def told(app: App, talking: Talking) -> None:
    """Hand ``talking`` to the app as the client would (from the talk thread), and take it."""
    app.talked(talking)
    app.take_arrivals()


def frames(app: App, names: tuple[str, ...], states: list[Any]) -> Iterator[tuple[str, list[Button]]]:
    """Each scene drawn over each state: its name and its buttons."""
    for state in states or [app.state]:
        app.state, app.names = state, names_of(state)
        for name in names:
            app.scene_name, app.area = name, 2
            app.draw()
            yield f"{name} at step {getattr(state, 'step', 0)}", app.scenes[name].buttons


def controls(app: App) -> dict[str, pygame.Rect]:
    return {str(button.intent): button.rect for button in app.overlay.buttons}


def check_clear(app: App, where: str, buttons: list[Button]) -> None:
    """The talk control (and Yes and No) a fingertip's size, on the screen, over no button."""
    screen = app.window.get_rect()
    touch = app.overlay.metrics.touch
    for what, rect in controls(app).items():
        assert rect.width >= touch and rect.height >= touch, (where, what, rect)
        assert screen.contains(rect), (where, what, rect)
        hidden = [button.label for button in buttons if button.rect.colliderect(rect)]
        assert not hidden, (where, what, hidden)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_talk_control_covers_no_button_of_any_cthulhu_scene(app_for: Callable[..., App], size: tuple[int, int]) -> None:
    app = app_for("yuggoth-demo", size)
    app.build(Build("add", x=0.5, y=0.5))  # the builder with all its buttons (an area selected)
    told(app, Talking("idle"))
    assert (app.metrics.width, app.metrics.height) == scene_room(size, True)
    seen = 0
    for where, buttons in frames(app, CTHULHU_SCENES, STATES):
        assert set(controls(app)) == {TALK}
        check_clear(app, where, buttons)
        seen += len(buttons)
    told(app, Talking("waiting", PHRASE))  # Yes and No join it
    for where, buttons in frames(app, CTHULHU_SCENES, STATES[:3]):
        assert set(controls(app)) == {TALK, YES, NO}
        check_clear(app, where, buttons)
    assert seen > 400  # the scenes' buttons were there to be missed


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_talk_control_covers_no_button_of_any_arkham_scene(arkham_for: Callable[..., App], size: tuple[int, int]) -> None:
    app = arkham_for(size)
    for talking in (Talking("idle"), Talking("waiting", "Draw the Mythos card")):
        told(app, talking)
        for where, buttons in frames(app, ARKHAM_SCENES, []):
            check_clear(app, where, buttons)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_no_control_and_the_whole_window_while_the_table_does_not_listen(
    app_for: Callable[..., App], size: tuple[int, int]
) -> None:
    app = app_for("yuggoth-demo", size)
    app.draw()
    assert not app.overlay.buttons and (app.metrics.width, app.metrics.height) == size
    told(app, Talking("idle"))
    app.draw()
    assert app.overlay.buttons and (app.metrics.width, app.metrics.height) == scene_room(size, True) != size
    assert app.metrics.unit == app.overlay.metrics.unit  # the scenes keep their scale: only narrower (or shorter)
    told(app, Talking("off"))  # the microphone gone: the scenes have the window again
    app.draw()
    assert not app.overlay.buttons and (app.metrics.width, app.metrics.height) == size


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_read_back_and_its_answers_are_drawn_whole(
    app_for: Callable[..., App], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for("yuggoth-demo", size)
    told(app, Talking("waiting", PHRASE))
    drawn = frame_drawn(app, monkeypatch)
    mine = [line for line in drawn if line.box is not None and line.box.collidelist(list(controls(app).values())) >= 0]
    assert {line.shown for line in mine} >= {"Yes", "No"}
    read_back = app.overlay.read_back
    assert read_back is not None
    said = [line for line in drawn if line.box == read_back]
    assert " ".join(line.shown for line in said) == f"Did you say: {PHRASE}?"  # two lines, nothing cut
    for line in [*mine, *said]:
        assert line.box is not None and line.box.contains(line.rect), (line.shown, line.rect, line.box)


class Client:
    """What the app asked of the client's talk (the other calls go to the real client)."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.asked: list[tuple[str, bool]] = []

    def talk(self, pressed: bool, holder: str = "") -> None:
        self.asked.append(("talk", pressed))

    def answer(self, yes: bool) -> None:
        self.asked.append(("answer", yes))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def touch(app: App, pos: tuple[int, int], kind: int = pygame.FINGERDOWN) -> None:
    width, height = app.window.get_size()
    app.handle(pygame.event.Event(kind, x=pos[0] / width, y=pos[1] / height, touch_id=0, finger_id=0))


@pytest.mark.parametrize("size", [SIZES["800x480"], SIZES["720x1280"]], ids=["800x480", "720x1280"])
def test_a_touch_on_the_control_is_the_controls_never_the_scenes(app_for: Callable[..., App], size: tuple[int, int]) -> None:
    app = app_for("yuggoth-demo", size)
    client = Client(app.client)
    app.client = client
    told(app, Talking("idle"))
    app.draw()
    seq = client.real.table.session.seq
    touch(app, controls(app)[TALK].center)
    touch(app, (5, 5), pygame.FINGERUP)  # let go anywhere: the hold ends
    touch(app, (5, 5), pygame.FINGERUP)  # (SDL's mouse event for the same lift: nothing more)
    assert client.asked == [("talk", True), ("talk", False)]
    told(app, Talking("waiting", PHRASE))
    app.draw()
    touch(app, controls(app)[NO].center)
    touch(app, controls(app)[YES].center)
    assert client.asked[2:] == [("answer", False), ("answer", True)]
    read_back = app.overlay.read_back
    assert read_back is not None and app.overlay.touched(read_back.center) == READ_BACK
    touch(app, read_back.center)  # the words: taken, nothing under them tapped
    app.tick()
    assert client.asked[4:] == [] and client.real.table.session.seq == seq
