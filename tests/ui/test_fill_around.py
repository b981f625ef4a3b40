"""The frame is cleared only where the scene does not cover it whole (``widgets.fill_around``):
what is shown is the frame drawn over a screen cleared whole."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from companion import demo
from companion.engine.cthulhu.model import PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import app as app_module
from companion.ui import widgets
from tests.ui.played import played

GARBAGE = (255, 0, 255)  # what a previous frame could have left: never the table's background


def test_the_rectangles_filled_are_the_screen_less_the_covered_ones() -> None:
    """Every pixel not covered is filled; every fill is within the surface, its edges on whole
    runs of FILL_ALIGN px (a fill widened to them may cover some of what is covered)."""
    rnd = random.Random(3)
    whole = pygame.Rect(0, 0, 64, 48)
    for _ in range(300):
        covered = [
            pygame.Rect(rnd.randint(-8, 60), rnd.randint(-8, 44), rnd.randint(0, 40), rnd.randint(0, 30))
            for _ in range(rnd.randint(1, 7))
        ]
        plan = widgets._uncovered(whole, covered)
        for rect in plan:
            assert whole.contains(rect) and rect.left % widgets.FILL_ALIGN == 0
            assert rect.right % widgets.FILL_ALIGN == 0 or rect.right == whole.right
        for x in range(whole.width):
            for y in range(whole.height):
                fills = sum(rect.collidepoint(x, y) for rect in plan)
                inside = any(rect.collidepoint(x, y) for rect in covered)
                assert inside or fills >= 1, (x, y, covered, plan)


def test_no_covered_rectangle_fills_the_whole_surface() -> None:
    surface = pygame.Surface((20, 10))
    surface.fill(GARBAGE)
    widgets.fill_around(surface, (1, 2, 3), [])
    assert pygame.image.tobytes(surface, "RGB") == bytes((1, 2, 3)) * 200


def drawn(app: Any, state: Any, monkeypatch: pytest.MonkeyPatch, *, whole: bool) -> bytes:
    """``state``'s frame drawn over a window full of another colour, the app clearing only what
    the scene leaves uncovered (``whole``: clearing the whole window first, as it did)."""
    with monkeypatch.context() as patch:
        if whole:
            patch.setattr(app_module, "fill_around", lambda surface, colour, _rects: surface.fill(colour))
        app.window.fill(GARBAGE)
        app.state, app.dirty = state, True
        app.draw()
    return pygame.image.tobytes(app.window, "RGB")


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_a_frame_over_what_was_left_is_the_frame_over_a_cleared_screen(
    app_on: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through a game's states, each frame drawn over a window full of another colour (its
    parts kept or painted, an area's choices open or not) is, pixel for pixel, the frame drawn
    with the whole window cleared first: nothing the scene says it covers is left uncovered."""
    states = played(5, 90)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, size)
    table = app.scenes["table"]

    def same(state: Any, n: int) -> None:
        if n % 3 == 0:
            widgets.PARTS.clear()  # painted this time, not blitted
        left = drawn(app, state, monkeypatch, whole=False)
        widgets.PARTS.clear()  # the reference: everything painted over the window cleared whole
        assert left == drawn(app, state, monkeypatch, whole=True), state.step

    composed = 0
    for n, state in enumerate(states):
        same(state, n)
        if state.prompt.kind is PromptKind.ACTION and n % 4 == 0 and table.panel.options(state):
            table.panel.focus(state, table.panel.options(state)[0])  # an area's choices take the screen
            assert table.composing(state)
            same(state, n)
            table.panel.draft.area = -1
            composed += 1
    assert app.scene_name == "table" and table.covered(app.window, app.view())
    assert composed >= 3
