"""Flight on the screen: Crawling Chaos's Move to an area two steps away is entered by taps, from
the area its units leave (the table's panel) and from the area they go to (the map's "Bring
units"); a faction without Flight is offered only the areas next door."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import destinations as destinations_of
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap, tap_area
from tests.ui.taps import destinations, labels, last_command

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


def test_a_flight_move_two_areas_away_is_entered_by_taps(app_on: Callable[..., App]) -> None:
    app = flight_turn(app_on)
    app.scene_name = "table"
    tap(app, "Asia")
    tap(app, "Move units from here...")
    assert {"-> Indian Ocean", "-> Australia", "-> South Atlantic"} <= destinations(app)  # next door, and two away
    while "-> Australia" not in labels(app):
        tap(app, next(words for words in labels(app) if words.startswith("More (")))
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
    assert destinations(app) == near  # (over the composer's pages at 800x480)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_every_flight_destination_has_a_button_with_room_at_every_size(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """Flight's many destinations are paged, never squeezed to nothing (a button of negative
    width stopped the screen)."""
    app = flight_turn(lambda session: app_on(session, size))
    for name in ("Nightgaunt", "Flying Polyp", "Hunting Horror"):  # four stacks: four stepper rows
        table_of(app).submit(c.Place(CC, c.UnitRef("Asia", UnitKind.MONSTER, name, 1)))
    app.scene_name = "table"
    tap(app, "Asia")
    tap(app, "Move units from here...")
    state = table_of(app).session.state
    asia = state.board.area_index("Asia")
    assert asia is not None
    reach = {f"-> {state.area_name(j)}" for j in destinations_of(state, CC, asia)}
    assert destinations(app) == reach


def test_the_destinations_start_at_their_first_page_each_time_they_are_shown(app_on: Callable[..., App]) -> None:
    app = flight_turn(app_on)
    for name in ("Nightgaunt", "Flying Polyp", "Hunting Horror"):
        table_of(app).submit(c.Place(CC, c.UnitRef("Asia", UnitKind.MONSTER, name, 1)))
    app.scene_name = "table"
    tap(app, "Asia")
    tap(app, "Move units from here...")
    first = next(words for words in labels(app) if words.startswith("More ("))
    assert first.startswith("More (1/")
    tap(app, first)
    tap(app, "Back")
    tap(app, "Move units from here...")
    assert first in labels(app)


def test_flights_destinations_come_neighbours_first_in_reading_order(app_on: Callable[..., App]) -> None:
    """Asia's neighbours before the areas two away, page after page (they came by name)."""
    app = flight_turn(app_on)
    app.scene_name = "table"
    tap(app, "Asia")
    tap(app, "Move units from here...")
    state = table_of(app).session.state
    asia = state.board.area_index("Asia")
    assert asia is not None
    beside = {state.area_name(j) for j in state.board.adjacent[asia]}
    order: list[str] = []
    for _ in range(8):
        buttons = [b for b in app.scenes["table"].buttons if b.label.startswith("-> ")]
        order += [b.label.removeprefix("-> ") for b in buttons if b.label.removeprefix("-> ") not in order]
        more = next((words for words in labels(app) if words.startswith("More (")), "")
        if not more or (more.startswith("More (1/") and len(order) > len(buttons)):
            break
        tap(app, more)
    near = [name in beside for name in order]
    assert near == sorted(near, reverse=True) and sum(near) == len(beside), order
