"""The table's last action is read at 3.5 mm where its room holds it so (issue 33, section 4:
37 px type inks 19 px at 800x480): whole, else its first clause; only a room squeezed below two
lines at 37 px takes it to 28 px (2.9 mm), and a room with none at all leaves it to Details."""

from __future__ import annotations

import pygame

from companion.ui import widgets
from companion.ui.app import App
from companion.ui.table_scene import TableScene
from tests.helpers import frame
from tests.ui import seated as seats

LONG = "Last: Gate in Europe: controlled by Yellow Sign (start gate)."  # two lines at 28 px, five at 37


def status_drawn(app: App, rects: list[pygame.Rect]) -> list[widgets.Drawn]:
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        scene.draw_status(app.window, app.view(), rects)
    finally:
        widgets.RECORDER = None
    return [d for d in drawn if d.tag == "last"]


def four_players() -> App:
    app = seats.cthulhu("earth-4p-35", seats.SEATS[:4])
    app.scene_name = "table"
    assert "Last: " + app.log[-1] == LONG
    return app


def test_the_first_clause_at_3_5_mm_before_the_whole_at_28_px() -> None:
    app = four_players()
    last = [d for d in frame(app) if d.tag == "last"]
    assert [d.wanted for d in last] == ["Last: Gate in Europe", "(more on Details)"]
    assert min(d.size for d in last) >= seats.NAMED_LEAST  # it was the whole at 28 px
    app.close()


def test_a_squeezed_room_takes_it_to_28_px_and_no_room_to_details() -> None:
    app = four_players()
    two_lines_at_28 = status_drawn(app, [pygame.Rect(448, 340, 352, 50)])  # a long prompt's squeezed status room
    assert [(d.size, d.wanted) for d in two_lines_at_28] == [
        (28, "Last: Gate in Europe: controlled by"),
        (28, "Yellow Sign (start gate)."),
    ]
    assert status_drawn(app, [pygame.Rect(448, 340, 352, 20)]) == []  # left to Details
    app.close()
