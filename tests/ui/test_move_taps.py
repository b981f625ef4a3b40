"""Taps for a Move through the App (issue 33: a one-group move <= 3 taps, a two-group split
<= 6): the area, "Move units from here...", a destination; a split's second area opens its
units at once (a Move is being gathered), and its list of areas keeps the areas on its first
page ("Drop the move" after them)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.tap_driver import enter
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.turn_panel import Local
from tests.helpers import new_game, table_of

GC = "great_cthulhu"


def great_cthulhus_turn(app_on: Callable[..., App]) -> App:
    """Earth (3 players): Great Cthulhu acts, six Acolytes in the South Pacific and a Deep One
    in the North Atlantic; the table screen in view."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=Options(abilities=True)))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table_of(app).submit(c.ChooseDirection(GC, "clockwise"))
    table_of(app).submit(c.Place(GC, c.UnitRef("North Atlantic", UnitKind.MONSTER, "Deep One")))
    assert table_of(app).session.state.prompt.kind is PromptKind.ACTION
    app.scene_name = "table"
    return app


def tap_on(app: App, found: Callable[[Any], bool]) -> None:
    """One tap at the centre of the first enabled button ``found`` picks on the frame drawn now."""
    app.draw()
    buttons = app.scenes[app.scene_name].buttons
    button = next((b for b in buttons if b.enabled and found(b)), None)
    assert button is not None, " | ".join(b.label for b in buttons)
    app.tap(button.rect.center)


def words(label: str) -> Callable[[Any], bool]:
    return lambda b: b.label == label


def groups(app: App) -> list[tuple[str, str, str, int]]:
    entry = table_of(app).session.journal.last("g")
    assert entry is not None and '"move"' in entry.command
    return [(g["area"], g["to"], g["name"], g["count"]) for g in json.loads(entry.command)["groups"]]


def test_a_one_group_move_is_three_taps(app_on: Callable[..., App]) -> None:
    app = great_cthulhus_turn(app_on)
    taps = [words("South Pacific"), words("Move units from here..."), words("-> North Pacific")]
    for found in taps:
        tap_on(app, found)
    assert groups(app) == [("South Pacific", "North Pacific", "Acolyte", 1)]
    move = c.Move(GC, groups=(c.MoveGroup("South Pacific", "North Pacific", UnitKind.CULTIST, "Acolyte"),))
    assert enter(great_cthulhus_turn(app_on), move) == 3  # the tap driver's fewest, on a fresh screen


def test_a_two_group_split_from_two_areas_is_six_taps(app_on: Callable[..., App]) -> None:
    """Area, Move, "+ group" at the first destination, the second area (its units at once), a
    unit not the first picked, the second destination: six taps, one Move."""
    app = great_cthulhus_turn(app_on)
    table_of(app).submit(c.Place(GC, c.UnitRef("North Atlantic", UnitKind.MONSTER, "Shoggoth")))
    state = table_of(app).session.state
    antarctica = state.board.area_index("Antarctica")
    seq = table_of(app).session.seq
    taps = [
        words("South Pacific"),
        words("Move units from here..."),
        lambda b: b.intent == Local("add", antarctica),
        words("North Atlantic"),
        lambda b: b.label.startswith("Shoggoth ("),
        words("-> Africa"),
    ]
    for found in taps:
        tap_on(app, found)
    assert table_of(app).session.seq == seq + 1
    assert groups(app) == [("South Pacific", "Antarctica", "Acolyte", 1), ("North Atlantic", "Africa", "Shoggoth", 1)]
    split = c.Move(
        GC,
        groups=(
            c.MoveGroup("North Atlantic", "Africa", UnitKind.MONSTER, "Shoggoth"),
            c.MoveGroup("South Pacific", "Antarctica", UnitKind.CULTIST, "Acolyte"),
        ),
    )
    other = great_cthulhus_turn(app_on)
    table_of(other).submit(c.Place(GC, c.UnitRef("North Atlantic", UnitKind.MONSTER, "Shoggoth")))
    assert enter(other, split) <= 6


def test_a_stack_split_to_two_destinations_is_five_taps(app_on: Callable[..., App]) -> None:
    """One stack to two places: area, Move, "+ group" at the first, the area again (its units at
    once), the second destination."""
    app = great_cthulhus_turn(app_on)
    state = table_of(app).session.state
    antarctica = state.board.area_index("Antarctica")
    taps = [
        words("South Pacific"),
        words("Move units from here..."),
        lambda b: b.intent == Local("add", antarctica),
        words("South Pacific"),
        words("-> Indian Ocean"),
    ]
    for found in taps:
        tap_on(app, found)
    assert groups(app) == [("South Pacific", "Antarctica", "Acolyte", 1), ("South Pacific", "Indian Ocean", "Acolyte", 1)]
