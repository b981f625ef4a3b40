"""Flight on the screen: Crawling Chaos's Move to an area two steps away is entered by taps, from
the area its units leave (the table's panel) and from the area they go to (the map's "Bring
units"); a faction without Flight is offered only the areas next door."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap, tap_area

CC, GC = "crawling_chaos", "great_cthulhu"


def flight_turn(app_on: Callable[..., App]) -> App:
    """Earth (3 players), the referee playing the abilities; Great Cthulhu has passed, so Crawling
    Chaos (six Acolytes in Asia) acts with 8 Power."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=Options(abilities=True)))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table_of(app).submit(c.ChooseDirection(GC, "clockwise"))
    table_of(app).submit(c.Pass(GC))
    state = table_of(app).session.state
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC
    return app


def last_command(app: App) -> dict[str, Any]:
    entry = table_of(app).session.journal.last("g")
    assert entry is not None
    data: dict[str, Any] = json.loads(entry.command)
    return data


def labels(app: App) -> set[str]:
    app.draw()
    return {b.label for b in app.scenes[app.scene_name].buttons}


def test_a_flight_move_two_areas_away_is_entered_by_taps(app_on: Callable[..., App]) -> None:
    app = flight_turn(app_on)
    app.scene_name = "table"
    tap(app, "Asia")
    tap(app, "Move units from here...")
    assert {"-> Indian Ocean", "-> Australia", "-> South Atlantic"} <= labels(app)  # next door, and two away
    tap(app, "-> Australia")  # over the Indian Ocean
    data = last_command(app)
    assert data["type"] == "move"
    assert [(g["area"], g["to"], g["count"]) for g in data["groups"]] == [("Asia", "Australia", 1)]
    state = table_of(app).session.state
    index = state.board.area_index("Australia")
    assert index is not None and state.areas[index].count(owner=CC) == 1
    assert state.player(CC).power == 7


def test_units_are_brought_from_two_areas_away_from_the_map(app_on: Callable[..., App]) -> None:
    app = flight_turn(app_on)
    tap_area(app, "Australia")
    tap(app, "Bring units from Asia")
    tap(app, "-> Australia")
    assert [(g["area"], g["to"]) for g in last_command(app)["groups"]] == [("Asia", "Australia")]


def test_without_flight_the_screen_offers_only_the_areas_next_door(app_on: Callable[..., App]) -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=Options(abilities=True)))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table_of(app).submit(c.ChooseDirection(GC, "clockwise"))  # Great Cthulhu (South Pacific) acts
    app.scene_name = "table"
    tap(app, "South Pacific")
    tap(app, "Move units from here...")
    state = table_of(app).session.state
    pacific = state.board.area_index("South Pacific")
    assert pacific is not None
    near = {f"-> {state.area_name(j)}" for j in state.board.adjacent[pacific]}
    assert {words for words in labels(app) if words.startswith("-> ")} == near
