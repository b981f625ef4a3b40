"""Horror Steed on the screen: a Shantak moves to any area but the Moon (docs/rules-notes.md,
independents), and the move panel offers those areas, so the Move the engine takes is entered by
taps, from the area the Shantak leaves and from the area it goes to ("Bring units"); units that
walk are offered only the areas next door, and a Shantak moving with them goes where they can."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import destinations as destinations_of
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.turn_panel import Local
from tests.helpers import new_game, table_of, tap, tap_area
from tests.ui.taps import destinations, labels, last_command

GC = "great_cthulhu"
FAR = "Europe"  # four areas from the South Pacific: no walk reaches it


def shantak_turn(app_on: Callable[..., App]) -> App:
    """Earth (3 players), the abilities on: Great Cthulhu acts, with its six Acolytes and a
    Shantak in the South Pacific."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=Options(abilities=True)))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table_of(app).submit(c.ChooseDirection(GC, "clockwise"))
    table_of(app).submit(c.Place(GC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Shantak", 1)))
    state = table_of(app).session.state
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC
    return app


def pick_only(app: App, name: str) -> None:
    """Pick one unit of ``name`` and none of the others: a tap on its stack's name."""
    button = next(b for b in app.scenes[app.scene_name].buttons if b.label.startswith(f"{name} ("))
    assert button.intent == Local("only", ("monster" if name == "Shantak" else "cultist", name)), button.intent
    app.tap(button.rect.center)
    app.draw()
    values = [b.label for b in app.scenes[app.scene_name].buttons if not b.enabled and b.label.isdigit()]
    assert sorted(values) == ["0"] * (len(values) - 1) + ["1"], values


def moving_from_the_pacific(app_on: Callable[..., App], name: str) -> App:
    """The table at Great Cthulhu's action (:func:`shantak_turn`), its move panel open on the South
    Pacific with one unit of ``name`` picked."""
    app = shantak_turn(app_on)
    app.scene_name = "table"
    tap(app, "South Pacific")
    tap(app, "Move units from here...")
    pick_only(app, name)
    return app


def test_a_shantak_flies_to_an_area_far_away_by_taps(app_on: Callable[..., App]) -> None:
    app = moving_from_the_pacific(app_on, "Shantak")
    state = table_of(app).session.state
    pacific = state.board.area_index("South Pacific")
    assert pacific is not None
    anywhere = {f"-> {state.area_name(j)}" for j in destinations_of(state, GC, pacific, "Shantak")}
    assert f"-> {FAR}" in anywhere and destinations(app) == anywhere  # every area the engine takes, over the pages
    while f"-> {FAR}" not in labels(app):
        tap(app, next(words for words in labels(app) if words.startswith("More (")))
    tap(app, f"-> {FAR}")
    data = last_command(app)
    assert data["type"] == "move"
    assert [(g["area"], g["to"], g["name"], g["count"]) for g in data["groups"]] == [("South Pacific", FAR, "Shantak", 1)]
    state = table_of(app).session.state
    europe = state.board.area_index(FAR)
    assert europe is not None and state.areas[europe].count(owner=GC, name="Shantak") == 1


def test_walking_units_are_offered_only_the_areas_next_door_even_beside_a_shantak(app_on: Callable[..., App]) -> None:
    app = moving_from_the_pacific(app_on, "Acolyte")
    state = table_of(app).session.state
    pacific = state.board.area_index("South Pacific")
    assert pacific is not None
    near = {f"-> {state.area_name(j)}" for j in state.board.adjacent[pacific]}
    assert destinations(app) == near


def test_a_shantak_is_brought_from_far_away_from_the_map(app_on: Callable[..., App]) -> None:
    app = shantak_turn(app_on)
    tap_area(app, FAR)
    tap(app, "Bring units from South Pacific")
    tap(app, f"-> {FAR}")
    assert [(g["area"], g["to"], g["name"]) for g in last_command(app)["groups"]] == [("South Pacific", FAR, "Shantak")]
