"""Whether drawn text fits (problems), the screens of a game at the longest names, and the checks
of tests/ui/test_text_fit.py that run in German too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from companion.appliance import LocalClient
from companion.engine import legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, PromptKind
from companion.maps import MapError, list_maps, load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Table
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.table_scene import TableScene
from companion.ui.turn_panel import Local
from tests.ui.drawn import frame_drawn

LONG_NAME = "Bartholomew Q. Featherstonehaug"[:30]  # a player's name at the 30-character limit


SEATS = (
    c.Seat(Faction.OPENER_OF_THE_WAY),
    c.Seat(Faction.OTHER, LONG_NAME),
    c.Seat(Faction.CRAWLING_CHAOS),
    c.Seat(Faction.GREAT_CTHULHU),
    c.Seat(Faction.YELLOW_SIGN),
    c.Seat(Faction.BLACK_GOAT),
)


def table_of(app: App) -> Table[Any]:
    """The table behind the screen's client (the tests and the bench enter their set-up there)."""
    client = app.client
    assert isinstance(client, LocalClient)
    return client.table


def playable() -> list[str]:
    names = []
    for info in list_maps():
        try:
            load_map(info.name)
        except MapError:  # public facts only: not playable, nothing to draw
            continue
        names.append(info.name)
    return names


MAPS = playable()


def floor(size: tuple[int, int]) -> int:
    """The least type size (px) read from the seats on a screen of ``size`` (2.5 mm of ink at
    800x480 on a 7-inch panel; as the design scales elsewhere)."""
    return widgets.Metrics(*size).px(widgets.SEATS_FLOOR)


def problems(drawn: list[widgets.Drawn], size: tuple[int, int]) -> list[str]:
    """What is wrong with the lines of a frame: cut, off the screen, out of their box, or over one
    another (their size is tests/ui/test_read_from_the_seats.py's)."""
    screen = pygame.Rect(0, 0, *size)
    found = []
    for n, one in enumerate(drawn):
        if one.clipped:
            found.append(f"cut: {one.wanted!r} shown as {one.shown!r}")
        if not screen.contains(one.rect):
            found.append(f"off the screen: {one.wanted!r} at {one.rect}")
        if one.box is not None and not one.box.contains(one.rect):
            found.append(f"out of its box: {one.wanted!r} at {one.rect} in {one.box}")
        for other in drawn[n + 1 :]:
            if one.rect.colliderect(other.rect):
                found.append(f"overlap: {one.wanted!r} at {one.rect} and {other.wanted!r} at {other.rect}")
    return found


def game(app_on, map_name: str, size: tuple[int, int], seats: tuple[c.Seat, ...] = SEATS) -> App:
    board = load_map(map_name)
    seats = seats[: min(board.players)]
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats, 3))
    assert isinstance(session, GameSession)
    app: App = app_on(session, size)
    return app


def screens(app: App) -> Iterator[str]:
    """Draw each screen and chooser of set-up and the action turn in turn, naming it."""
    session = table_of(app).session
    for _ in range(40):  # every set-up prompt on the table, then the first action turn
        state = session.state
        if state.prompt.kind is PromptKind.ACTION:
            break
        app.scene_name = "table"
        app.draw()
        yield f"set-up: {state.prompt.kind.value}"
        session.submit(next(iter(legal_commands(state))))
    state = session.state
    for name in ("table", "map"):
        app.scene_name = name
        app.draw()
        yield name
    table = app.scenes["table"]
    assert isinstance(table, TableScene)
    app.scene_name = "table"
    for area in list(table.panel.options(state)):
        table.panel.draft.step = -2
        table.panel.handle(state, Local("area", area))
        app.draw()
        yield f"table: {state.area_name(area)}"
        subs = [b.intent for b in table.buttons if isinstance(b.intent, Local) and b.intent.what not in ("back", "area", "page")]
        for sub in subs:
            table.panel.draft.step = -2
            table.panel.handle(state, Local("area", area))
            table.panel.handle(state, sub)
            app.draw()
            yield f"table: {state.area_name(area)}: {sub.what}"
    table.panel.draft.step = -2
    table.panel.handle(state, Local("arm_pass"))
    app.draw()
    yield "table: pass armed"
    mapped = app.scenes["map"]
    app.scene_name = "map"
    for area in list(table.panel.options(state))[:3]:
        mapped.panel.draft.step = -2  # type: ignore[attr-defined]
        mapped.panel.handle(state, Local("area", area))  # type: ignore[attr-defined]
        app.draw()
        yield f"map: {state.area_name(area)}"
    app.scene_name, app.area = "area", 0
    app.draw()
    yield "area editor"
    app.scene_name = "log"
    app.draw()
    yield "log"
    pid = state.prompt.actor
    for index, area in enumerate(state.areas):  # a battle, for the die pad
        enemy = next((o for o in area.owners if o != pid), None)
        if enemy and area.count(owner=pid):
            session.submit(c.BattleAction(pid, state.area_name(index), enemy, 2, 1))
            break
    else:
        session.submit(c.Place(pid, c.UnitRef(state.area_name(0), c.UnitKind.MONSTER)))  # type: ignore[attr-defined]
        other = state.players[1].pid
        session.submit(c.Place(other, c.UnitRef(state.area_name(0), c.UnitKind.MONSTER)))  # type: ignore[attr-defined]
        session.submit(c.BattleAction(pid, state.area_name(0), other, 2, 1))
    assert session.state.prompt.kind is PromptKind.ROLL
    app.scene_name = "table"
    app.draw()
    yield "battle roll"


def check_no_text_is_cut_or_overlaps(app_on, map_name, size, monkeypatch) -> None:
    """The check of test_no_text_is_cut_or_overlaps (run in German too)."""
    app = game(app_on, map_name, size)
    found: list[str] = []
    for name in screens(app):
        drawn = frame_drawn(app, monkeypatch)
        assert drawn, name
        found += [f"{name}: {p}" for p in problems(drawn, size)]
    assert not found, "\n".join(found[:20])


def check_every_prompt_of_a_whole_game_fits(app_on, map_name, size, monkeypatch) -> None:
    """A seeded game to its end: the table and the map at the first of each kind of prompt in
    each round (the Watcher's, the Worms', the glaciers', the ritual, combat dice, Elder Signs...),
    so the crowded late game is drawn too."""
    import random

    from companion import demo
    from companion.engine.cthulhu.model import Phase

    # The demo's seating (every start area has a choice), the long name last.
    seats = (c.Seat(Faction.GREAT_CTHULHU), c.Seat(Faction.CRAWLING_CHAOS), c.Seat(Faction.OPENER_OF_THE_WAY))
    app = game(app_on, map_name, size, (*seats, c.Seat(Faction.OTHER, LONG_NAME)))
    session, rnd = table_of(app).session, random.Random(4)
    seen: set[tuple[str, str, str]] = set()
    found: list[str] = []
    for _ in range(3000):
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        key = (state.prompt.kind.value, state.phase.value, str(state.round))
        if key not in seen:
            seen.add(key)
            for name in ("table", "map"):
                drawn: list[widgets.Drawn] = []
                monkeypatch.setattr(widgets, "RECORDER", drawn)
                app.scene_name = name
                app.draw()
                monkeypatch.setattr(widgets, "RECORDER", None)
                found += [f"{key} {name}: {p}" for p in problems(drawn, size)]
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    assert len(seen) >= 5
    assert not found, "\n".join(found[:20])
