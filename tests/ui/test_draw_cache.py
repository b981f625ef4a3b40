"""What makes a redraw cheap changes nothing that is shown.

The kept pictures (rendered lines, button faces) and the turn panel's short list of areas are
checked against the drawing they replace: the same pixels, the same areas.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion import demo
from companion.engine.cthulhu.model import PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import turn_panel, widgets
from companion.ui.widgets import BUTTON_EDGE, Button, Metrics
from tests.ui.played import played


def test_a_frame_drawn_from_kept_pictures_is_the_frame_drawn_afresh(app_on) -> None:
    states = played(5, 120)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, (800, 480))
    picked = states[10::25]
    assert len(picked) >= 4
    afresh = []
    for state in picked:  # each drawn with nothing kept
        widgets.forget_pictures()
        app.state, app.dirty = state, True
        app.draw()
        afresh.append(pygame.image.tobytes(app.window, "RGB"))
    for state in states:  # everything drawn, then the picked ones again from what was kept
        app.state, app.dirty = state, True
        app.draw()
    assert widgets.PICTURES.kept
    for state, fresh in zip(picked, afresh, strict=True):
        app.state, app.dirty = state, True
        app.draw()
        assert pygame.image.tobytes(app.window, "RGB") == fresh, state.step


@pytest.mark.parametrize("colour", [(58, 52, 76), (120, 200, 140), (255, 0, 255), (0, 255, 0), BUTTON_EDGE])
def test_a_buttons_kept_face_is_its_drawn_face(colour) -> None:
    """Blitting the kept face (corners keyed out) leaves the same pixels as drawing the rounded
    rectangles, over a background that is not one colour."""
    pygame.font.init()
    widgets.font.cache_clear()  # fonts belong to one pygame session
    m = Metrics(800, 480)
    for size in ((190, 52), (52, 52), (301, 97)):
        background = pygame.Surface((400, 200))
        for x in range(0, 400, 7):
            pygame.draw.line(background, (x % 256, 255 - x % 256, 90), (x, 0), (x, 199), 3)
        drawn, blitted = background.copy(), background.copy()
        rect = pygame.Rect(13, 21, *size)
        pygame.draw.rect(drawn, colour, rect, border_radius=m.px(8))
        pygame.draw.rect(drawn, BUTTON_EDGE, rect, width=max(1, m.px(2)), border_radius=m.px(8))
        Button(rect, "", None, colour).draw(blitted, m)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blitted, "RGB"), size


def test_the_kept_lines_stay_within_their_budget_and_the_oldest_go_first() -> None:
    pygame.font.init()
    widgets.font.cache_clear()
    pictures = widgets.Pictures(budget=60_000)
    pictures.get("first line", 24, False, (1, 2, 3))
    for n in range(200):
        pictures.get(f"line number {n}", 24, False, (1, 2, 3))
        assert pictures.used <= 60_000
        assert pictures.used == sum(i.get_pitch() * i.get_height() for i in pictures.kept.values())
    assert ("first line", 24, False, (1, 2, 3)) not in pictures.kept
    again = pictures.get("line number 199", 24, False, (1, 2, 3))
    assert again is pictures.get("line number 199", 24, False, (1, 2, 3))  # kept, not drawn again


def test_a_recorder_sees_every_line_drawn_from_a_kept_picture() -> None:
    pygame.font.init()
    widgets.font.cache_clear()
    surface = pygame.Surface((300, 60))
    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        for _ in range(3):
            widgets.text(surface, "Slopes of the Pyramid North and more", (0, 0), 20, width=120)
    finally:
        widgets.RECORDER = None
    assert len(drawn) == 3 and all(d.clipped for d in drawn)
    assert len({(d.shown, tuple(d.rect)) for d in drawn}) == 1


def test_the_area_list_is_the_areas_with_a_choice_there() -> None:
    """The short list (settled by the engine's list, or an area's first offer) names exactly the
    areas whose full list of choices has one that is not bringing units in, all through two games."""
    checked = 0
    for seed in (1, 5):
        for state in played(seed):
            if state.prompt.kind is not PromptKind.ACTION:
                continue
            panel = turn_panel.TurnPanel(Metrics(800, 480))
            pid = state.prompt.actor
            mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)] or range(len(state.areas))
            full = {i: [o for o in panel.area_choices(state, i) if not turn_panel._bring(o[1])] for i in mine}
            assert panel.options(state) == [i for i in mine if full[i]], state.step
            checked += 1
    assert checked > 50


def test_the_panel_keeps_its_work_with_the_state_not_its_id() -> None:
    """A state let go can leave its id to the next: the lists are kept with the state itself."""
    states = played(1, 60)
    actions = [s for s in states if s.prompt.kind is PromptKind.ACTION]
    panel = turn_panel.TurnPanel(Metrics(800, 480))
    one, other = actions[0], actions[1]
    first = panel.options(one)
    kept: Any = panel._options[0]
    assert kept is one
    assert panel.options(one) is first  # worked out once
    assert panel.options(other) is not first
