"""An area with more stacks than the Move composer has rows: every stack can be picked ("More
units" pages them), and the destinations and Back keep their rows, on the table and on the map's
narrow panel.  Found by bench.taps (core four, seed 1): Black Goat's Shantak, the seventh of
seven stacks in West Africa, could not be moved by any taps (the table showed five stacks, the
map six and no destination)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bench.tap_driver import enter
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction as F
from companion.engine.cthulhu.model import Options, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.scene import Submit
from companion.ui.turn_panel import Local
from tests.helpers import new_game, set_board, started, table_of

FOUR = (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN)
SEVEN = [
    ("cultist", "Acolyte", 1),
    ("monster", "Nightgaunt", 1),
    ("monster", "Flying Polyp", 1),
    ("monster", "Hunting Horror", 1),
    ("monster", "Ghast", 1),
    ("monster", "Gug", 1),
    ("monster", "Shantak", 2),
]


def seven_stacks(app_on: Callable[..., App]) -> App:
    """Crawling Chaos to act with seven stacks in West Africa (the independents on the board)."""
    options = Options(abilities=True, independents=("Ghast", "Gug", "Shantak"))
    app = app_on(GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-4p-35", FOUR, options=options)))
    state = started("earth-4p-35", FOUR, options=options)
    pid = state.prompt.actor
    units = [(pid, kind, name, count) for kind, name, count in SEVEN]
    table_of(app).session.state = app.state = set_board(state, West_Africa={"units": units})
    return app


def test_every_stack_of_seven_is_picked_and_moved_on_the_table(app_on: Callable[..., App]) -> None:
    app = seven_stacks(app_on)
    state = app.state
    here = state.board.area_index("West Africa")
    panel = app.scenes["table"].panel  # type: ignore[attr-defined]
    panel.handle(state, Local("area", here))
    panel.handle(state, Local("move"))
    app.scene_name = "table"
    names: set[str] = set()
    for _ in range(4):
        app.draw()
        buttons = app.scenes["table"].buttons
        names |= {b.intent.arg[1] for b in buttons if isinstance(b.intent, Local) and b.intent.what == "only"}
        assert any(b.label.startswith("-> ") for b in buttons) and any(b.label == "Back" for b in buttons)
        more = next(b for b in buttons if isinstance(b.intent, Local) and b.intent.what == "units_page")
        app.tap(more.rect.center)
    assert names == {name for _kind, name, _count in SEVEN}


@pytest.mark.parametrize("name", ["Shantak", "Gug"])
def test_the_last_stacks_move_by_taps(app_on: Callable[..., App], name: str) -> None:
    app = seven_stacks(app_on)
    pid = app.state.prompt.actor
    move = c.Move(pid, groups=(c.MoveGroup("West Africa", "North Atlantic", UnitKind.MONSTER, name),))
    assert enter(app, move) <= 5
    assert table_of(app).session.state.areas[app.state.board.area_index("North Atlantic") or 0].count(name=name) == 1


def test_the_maps_narrow_composer_keeps_its_destinations_and_back(app_on: Callable[..., App]) -> None:
    app = seven_stacks(app_on)
    state = app.state
    here = state.board.area_index("West Africa")
    panel = app.scenes["map"].panel  # type: ignore[attr-defined]
    panel.handle(state, Local("area", here))
    panel.handle(state, Local("move"))
    app.scene_name = "map"
    app.draw()
    buttons = app.scenes["map"].buttons
    labels = [b.label for b in buttons]
    assert any(words.startswith("-> ") for words in labels) and "Back" in labels, labels
    assert any(words.startswith("More units (1/") for words in labels), labels
    mine = [  # (not the map's circles: they have no words, and a Move's destination is one)
        b
        for b in buttons
        if b.label and (isinstance(b.intent, Submit) or (isinstance(b.intent, Local) and b.intent.what != "area"))
    ]
    for n, b in enumerate(mine):  # the composer's buttons: none over another
        assert b.rect.width > 0 and b.rect.height > 0, b.label
        assert all(not b.rect.colliderect(o.rect) for o in mine[n + 1 :]), (b.label, b.rect)
