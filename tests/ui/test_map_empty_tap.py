"""A tap on an area that offers nothing says why, in the map's heading (issue 33, section 5):
on an action turn, an area where the player has nothing to act with; under an area prompt, an
area that is no answer."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.map_scene import HEADING_ROOM, HEADING_TAG, MapScene
from companion.ui.turn_panel import area_answers
from tests.helpers import frame, new_game, tap_area


def mapped(app: App) -> MapScene:
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    return scene


def heading(app: App) -> str:
    """The map's heading as drawn: its line, or its lines beside an open panel (the strip across
    the map's top)."""
    m = mapped(app).metrics
    lines = frame(app)
    tagged = [d.wanted for d in lines if d.tag == HEADING_TAG]
    return " ".join(tagged or [d.wanted for d in lines if d.rect.bottom <= m.px(HEADING_ROOM) + m.px(4)])


def action_turn(app_on: Callable[..., App]) -> tuple[App, GameSession]:
    """A new earth-3p game at its first action turn, on the map."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game())
    assert isinstance(session, GameSession)
    while session.state.prompt.kind.value != "action":
        prompt = session.state.prompt
        command = (
            c.ChooseStart(prompt.actor, prompt.choices[0])
            if prompt.kind.value == "start_area"
            else c.ChooseDirection(prompt.actor, "clockwise")
        )
        assert session.submit(command, "") is not None
    app = app_on(session)
    app.scene_name = "map"
    app.draw()
    return app, session


def test_an_area_with_nothing_of_the_player_says_so(app_on) -> None:
    app, session = action_turn(app_on)
    state, scene = session.state, mapped(app)
    empty = next(i for i in range(len(state.areas)) if not scene.panel.choices(state, i))
    tap_area(app, state.area_name(empty))
    who = state.player(state.prompt.actor).label
    assert heading(app) == f"Nothing of {who}'s here to act with"
    assert scene.choosing(state)  # beside it, the area's panel (its name, "Correct this area")
    busy = next(i for i in range(len(state.areas)) if scene.panel.choices(state, i))
    app.tap(scene.centres(app.view())[busy])
    app.draw()
    assert "Nothing" not in heading(app)  # an area with choices: the panel's own heading


def test_the_notice_reads_in_german(app_on, german) -> None:
    app, session = action_turn(app_on)
    state, scene = session.state, mapped(app)
    empty = next(i for i in range(len(state.areas)) if not scene.panel.choices(state, i))
    tap_area(app, state.area_name(empty))
    assert heading(app) == f"Nichts von {state.player(state.prompt.actor).label} hier zum Handeln"


def test_an_area_that_is_no_answer_says_so(app_on) -> None:
    board = load_map("yuggoth-demo")
    factions = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.OPENER_OF_THE_WAY, Faction.BLACK_GOAT)
    seats = tuple(c.Seat(f) for f in factions)  # the Opener chooses a start area: an area prompt
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats[: min(board.players)], 3, Options()))
    assert isinstance(session, GameSession)
    state = session.state
    assert state.prompt.kind is PromptKind.START_AREA
    legal = area_answers(state)
    app = app_on(session)
    app.scene_name = "map"
    app.draw()
    wrong = next(i for i in range(len(state.areas)) if i not in legal)
    app.tap(mapped(app).centres(app.view())[wrong])
    assert session.state is state
    assert heading(app) == f"{state.area_name(wrong)} is no answer here: tap a lit area"
