"""An area prompt's list on the table is never paged one or two at a time (issue #18: "nothing
is paged two at a time"): area names wrap onto two lines in two columns rather than taking a
whole row each, and "Choose on the map" stays first."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.scene import Go, Submit
from companion.ui.turn_panel import Local
from companion.ui.widgets import Button

SIZES = [(800, 480), (1024, 600), (1280, 720), (720, 1280)]
FACTIONS = (
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.OPENER_OF_THE_WAY,
    Faction.BLACK_GOAT,
    Faction.YELLOW_SIGN,
)


def table_buttons(app_on: Callable[..., App], players: int, size: tuple[int, int]) -> list[Button]:
    board = load_map("yuggoth-demo")
    assert players in board.players
    seats = tuple(c.Seat(f) for f in FACTIONS[:players])
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats, 3, Options()))
    assert isinstance(session, GameSession)
    app = app_on(session, size)
    app.scene_name = "table"
    app.draw()
    return list(app.scenes["table"].buttons)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 5])
def test_a_start_area_prompt_shows_its_areas_several_at_a_time(app_on, size, players) -> None:
    buttons = table_buttons(app_on, players, size)
    choices = [b for b in buttons if isinstance(b.intent, Submit)]
    paged = any(isinstance(b.intent, Local) and b.intent.what == "page" for b in buttons)
    assert any(b.intent == Go("map") for b in buttons)
    assert not paged or len(choices) >= 6, f"{len(choices)} areas a page at {size}"
