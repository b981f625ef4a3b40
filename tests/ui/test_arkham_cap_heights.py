"""Arkham's main screen read from the seats (issue 33, section 4), measured on rendered frames at
the four sizes: Doom and Terror (their numerals) and the Mythos card just drawn (its name and
its lines) stand at least 3.5 mm of cap height on the 7-inch panel, and nothing on the screen
(the gauges' names, the open gates, the panels' headings, the buttons' labels) under 2.5 mm.

Measured on the Arkham demo after five Mythos Phases and on the crowded table (eight
investigators of 30-character names, four gates, the longest titles).  At 800x480 (0.194 mm a
px) and 1024x600 (154.2 mm over 1024 px) the millimetres are checked; at 1280x720 and 720x1280,
which are no one panel, the 800x480 design's px times the screen's unit (less 1 px of rounding).
The figures print with ``-s`` (docs/ui.md, "Arkham at the table")."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from companion.arkham_demo import demo_setup
from companion.engine.arkham.model import Mythos
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import SIZES, App
from companion.ui.widgets import Drawn
from tests.helpers import frame
from tests.ui.cap_height import MM_PER_PX, in_mm, ink_height

BIG = 3.5  # mm: Doom, Terror, the Mythos card
FLOOR = 2.5  # mm: everything else the table reads


def demo_app(app_on: Callable[..., App], size: tuple[int, int]) -> App:
    """The Arkham demo's table after five Mythos Phases (as tests/ui/test_cap_heights_seats.py)."""
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", demo_setup(11, 4))
    assert isinstance(session, ArkhamSession)
    for _ in range(5):
        session.submit(Mythos())
    app = app_on(session, size)
    app.scene_name = "arkham"
    return app


def wanted(mm: float, size: tuple[int, int]) -> int:
    """The least ink in px that is ``mm`` on the panel of ``size`` (or the 800x480 design scaled)."""
    per_px = MM_PER_PX.get(size)
    if per_px is not None:
        return math.ceil(mm / per_px - 1e-9)
    unit = min(size) / 480
    return round(math.ceil(mm / MM_PER_PX[(800, 480)]) * unit) - 1


def measured(app: App) -> list[tuple[Drawn, int]]:
    """Each line of the frame with its ink height (lines with no capital or digit left out)."""
    lines = frame(app)
    return [(d, ink) for d in lines if (ink := ink_height(app.window, d))]


def check_frame(app: App, size: tuple[int, int], where: str) -> dict[str, int]:
    """Assert the targets on the App's next frame; the least ink in px of each class."""
    found = measured(app)
    big = [(d, ink) for d, ink in found if d.tag in ("doom", "terror", "mythos")]
    tags = {d.tag for d, _ink in big}
    assert {"doom", "terror", "mythos"} <= tags, (where, tags)
    for d, ink in big:
        assert ink >= wanted(BIG, size), f"{where}: {d.shown!r} ({d.tag}) {ink} px < {wanted(BIG, size)} px"
    for d, ink in found:
        assert ink >= wanted(FLOOR, size), f"{where}: {d.shown!r} {ink} px < {wanted(FLOOR, size)} px"
    least = {tag: min(ink for d, ink in big if d.tag == tag) for tag in ("doom", "terror", "mythos")}
    least["anything"] = min(ink for _d, ink in found)
    return least


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_doom_terror_and_the_mythos_card_read_from_the_seats_and_nothing_is_small(
    app_on: Callable[..., App], crowded_app: Callable[..., App], size: tuple[int, int]
) -> None:
    for where, app in (("the demo", demo_app(app_on, size)), ("the crowded table", crowded_app(size, 8, 4))):
        least = check_frame(app, size, f"{size} {where}")
        figures = ", ".join(
            f"{name} {px} px" + (f" = {mm} mm" if (mm := in_mm(px, size)) is not None else "") for name, px in least.items()
        )
        print(f"{size[0]}x{size[1]} {where}: {figures}")


def test_the_measure_fails_on_small_text(app_on: Callable[..., App]) -> None:
    """The check itself: every line of the demo passes, and the old screen's smallest line (a track's
    digit at size 11) would not."""
    app = demo_app(app_on, (800, 480))
    assert wanted(FLOOR, (800, 480)) == 13 and wanted(BIG, (800, 480)) == 19  # 3.5 mm is 18.04 px: 19
    found = measured(app)
    assert all(ink >= 13 for _d, ink in found)
    drawn: list[Drawn] = []
    widgets.RECORDER = drawn
    try:
        widgets.text(app.window, "12", (400, 240), 11)
    finally:
        widgets.RECORDER = None
    assert 0 < ink_height(app.window, drawn[0]) < wanted(FLOOR, (800, 480))
