"""Cap heights at 800x480 measured on a rendered table frame (issue 33, section 4): a 7-inch panel
shows 0.194 mm a pixel.  The targets met are held; those not yet met are strict xfails (they
fail the run the day they pass, so the figures in docs/ui.md are brought up to date)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion import demo
from companion.engine.cthulhu.model import PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import App
from tests.helpers import table_of
from tests.ui.drawn import frame_drawn

MM_PER_PX = 0.194  # a 7-inch 800x480 panel


def cap_mm(size: int) -> float:
    """The ink height of a capital H at font ``size`` (bold, as the table's figures are), in mm."""
    return widgets.font(size, True).render("H", True, (255, 255, 255)).get_bounding_rect().height * MM_PER_PX


@pytest.fixture
def frame(app_on: Callable[..., App], monkeypatch: Any) -> dict[str, float]:
    """The table in an action turn of a seeded 4-player game: each kind of text's cap height (mm)."""
    session = GameSession.start(SqliteJournal(":memory:"), "caps", demo.demo_setup(2, "earth-4p-35", 4).command())
    assert isinstance(session, GameSession)
    app = app_on(session)
    table, rnd = table_of(app), random.Random(2)
    for _ in range(60):
        table.submit(demo.choose(app.state, rnd))
        app.draw()
    while app.state.prompt.kind is not PromptKind.ACTION:
        table.submit(demo.choose(app.state, rnd))
        app.draw()
    drawn = frame_drawn(app, monkeypatch)
    actor = app.state.player(app.state.prompt.actor).label
    names = {p.label for p in app.state.players}

    def size_of(test: Callable[[str], bool]) -> float:
        return min(cap_mm(d.size) for d in drawn if test(d.shown))

    return {
        "whose turn": size_of(lambda s: s == f"{actor} to play"),
        "counters": min(cap_mm(d.size) for d in drawn if d.shown.isdigit() and d.size >= 40),  # the big numerals
        "prompt headline": size_of(lambda s: s.startswith(f"{actor}: ")),
        "faction names": size_of(lambda s: s in names),
        "last action": size_of(lambda s: s.startswith("Last: ")),
    }


def test_the_counters_read_at_5_mm(frame: dict[str, float]) -> None:
    assert frame["counters"] >= 5.0, frame


@pytest.mark.xfail(strict=True, reason="issue 33 section 4: not yet met (docs/ui.md, measured cap heights)")
def test_whose_turn_and_the_prompt_read_at_5_mm(frame: dict[str, float]) -> None:
    assert frame["whose turn"] >= 5.0 and frame["prompt headline"] >= 5.0, frame


@pytest.mark.xfail(strict=True, reason="issue 33 section 4: not yet met (docs/ui.md, measured cap heights)")
def test_names_and_the_last_action_read_at_3_5_mm(frame: dict[str, float]) -> None:
    assert frame["faction names"] >= 3.5 and frame["last action"] >= 3.5, frame


def test_the_figures_measured(frame: dict[str, float]) -> None:
    """The figures docs/ui.md gives (mm, to 0.1): a change of the layout shows here first."""
    assert {k: round(v, 1) for k, v in frame.items()} == {
        "whose turn": 3.3,
        "counters": 5.2,
        "prompt headline": 1.7,
        "faction names": 1.7,
        "last action": 1.7,
    }
