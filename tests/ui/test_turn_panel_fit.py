"""An area's choices are never cut: a label that needs three lines (an area's long name in the
third column: "Bring units from North America West") wraps whole and its row grows, on the map's
panel and the table's, at the four sizes; checked on a seeded late game (the one the
screenshots' map-turn.png is taken from) and with the longest real area name."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.ui import widgets
from companion.ui.app import SIZES, App
from companion.ui.scene import Submit
from companion.ui.turn_panel import Local, TurnPanel
from companion.ui.widgets import Metrics
from tests.ui.drawn import frame_drawn
from tests.ui.screens_fit import crowded, longest_area_name
from tests.ui.text_fit import problems
from tests.ui.turn_panel_fit import late_game


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_areas_choices_in_a_late_game_fit(app_on: Any, size: tuple[int, int], monkeypatch: Any) -> None:
    session = late_game()
    state = session.state
    app: App = app_on(session, size)
    found: list[str] = []
    brought = 0
    for scene in ("map", "table"):
        chooser: Any = app.scenes[scene]
        app.scene_name = scene
        for area in range(len(state.areas)):
            chooser.panel.draft.step = -2
            chooser.panel.handle(state, Local("area", area))
            app.draw()
            drawn = frame_drawn(app, monkeypatch)
            where = f"{scene}: {state.area_name(area)}"
            found += [f"{where}: {p}" for p in problems(drawn, size)]
            found += [f"{where}: {p}" for p in crowded([b for b in chooser.buttons if b.label], size)]  # (not the circles)
            brought += sum(1 for b in chooser.buttons if b.label.startswith("Bring units from North America"))
    assert brought  # the long name the check is about is offered
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_longest_area_name_wraps_whole_in_the_maps_panel(size: tuple[int, int], monkeypatch: Any) -> None:
    """Three columns of choices beside the map, each naming the longest real area: three small
    lines, the rows taller than a fingertip's, none cut."""
    pygame.font.init()
    widgets.forget_pictures()
    widgets.font.cache_clear()
    m = Metrics(*size)
    panel = TurnPanel(m)
    width = size[0] // 2 - 2 * m.margin if not m.portrait else size[0] - 2 * m.margin
    rect = pygame.Rect(m.margin, m.margin, width, m.px(300))
    name = longest_area_name()
    items: list[tuple[str, Any]] = [(f"Bring units from {name[: len(name) - n]}", Submit(None)) for n in range(5)]  # type: ignore[arg-type]
    buttons = panel.place(items, rect, 3)
    assert len(buttons) == len(items)
    surface = pygame.Surface(size)
    drawn: list[widgets.Drawn] = []
    monkeypatch.setattr(widgets, "RECORDER", drawn)
    for button in buttons:
        button.draw(surface, m)
    monkeypatch.setattr(widgets, "RECORDER", None)
    assert not problems(drawn, size), problems(drawn, size)
    assert not crowded(buttons, size)
    assert all(rect.contains(b.rect) for b in buttons)


def test_a_short_list_keeps_fingertip_rows() -> None:
    """Rows grow only for a label that needs it: short labels keep the fingertip's height."""
    pygame.font.init()
    widgets.font.cache_clear()
    m = Metrics(800, 480)
    buttons = TurnPanel(m).place([("Asia", None), ("Back", None)], pygame.Rect(0, 0, 384, 300), 3)
    assert {b.rect.height for b in buttons} == {m.touch}
