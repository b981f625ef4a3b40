"""Capture on the screen: the victim chooses which of its cultists is taken (factions.md section
0), so the area's choices offer one capture per cultist name there, each naming it, and the one
tapped is the one taken (``capture`` with ``unit``)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap
from tests.ui.test_flight_taps import labels, last_command

GC, CC = "great_cthulhu", "crawling_chaos"
HERE = "South Pacific"  # Great Cthulhu's start (its six Acolytes)


def test_capture_the_high_priest_is_chosen_by_a_tap(app_on: Callable[..., App]) -> None:
    options = Options(abilities=True, high_priests=True)
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=options))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table = table_of(app)
    table.submit(c.ChooseDirection(GC, "clockwise"))  # Great Cthulhu acts
    start = table.session.state.area_name(table.session.state.player(CC).start_area)
    assert table.submit(c.Eliminate(CC, c.UnitRef(start, UnitKind.CULTIST, "Acolyte", 1)))  # one to place here
    for owner, kind, name in (
        (GC, UnitKind.MONSTER, "Deep One"),
        (CC, UnitKind.CULTIST, "Acolyte"),
        (CC, UnitKind.CULTIST, "High Priest"),
    ):
        assert table.submit(c.Place(owner, c.UnitRef(HERE, kind, name, 1)))
    assert table.session.state.prompt.kind is PromptKind.ACTION and table.session.state.prompt.actor == GC
    app.scene_name = "table"
    tap(app, HERE)
    assert {"Capture Acolyte of Crawling Chaos (1)", "Capture High Priest of Crawling Chaos (1)"} <= labels(app)
    tap(app, "Capture High Priest of Crawling Chaos (1)")
    assert last_command(app)["unit"] == "High Priest"
    state = table.session.state
    here = state.board.area_index(HERE)
    assert here is not None
    assert state.areas[here].count(owner=CC, name="High Priest") == 0 and state.areas[here].count(owner=CC, name="Acolyte") == 1
