"""Prompts that name an area are answered by tapping the area on the map: only the legal areas
are lit and take a tap; the table offers the same list and a way to the map."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion import demo
from companion.engine import apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.map_scene import MapScene
from companion.ui.scene import Go, Submit
from companion.ui.turn_panel import area_answers
from tests.helpers import tap_area

SEATS = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.OPENER_OF_THE_WAY, Faction.BLACK_GOAT))


def start(
    app_on: Callable[..., App], map_name: str, size: tuple[int, int] = (800, 480), options: Options | None = None
) -> tuple[App, GameSession]:
    board = load_map(map_name)
    session = GameSession.start(
        SqliteJournal(":memory:"), "g", c.NewGame(board, SEATS[: min(board.players)], 3, options or Options())
    )
    assert isinstance(session, GameSession)
    return app_on(session, size), session


def mapped(app: App) -> MapScene:
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    return scene


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_a_start_area_is_chosen_by_tapping_it_on_the_map(app_on, size) -> None:
    app, session = start(app_on, "yuggoth-demo", size)
    state = session.state
    assert state.prompt.kind is PromptKind.START_AREA
    legal = area_answers(state)
    assert legal and len(legal) < len(state.areas)  # some areas are not a start area
    app.scene_name = "map"
    app.draw()
    scene = mapped(app)
    centres = scene.centres(app.view())
    wrong = next(i for i in range(len(state.areas)) if i not in legal)
    app.tap(centres[wrong])  # an area that is no answer takes no tap
    assert session.state is state and app.scene_name == "map"
    chosen = sorted(legal)[-1]
    tap_area(app, state.area_name(chosen))
    player = session.state.player(state.prompt.actor)
    assert player.start_area == chosen


def test_only_the_legal_areas_are_lit_and_the_list_stays_beside(app_on) -> None:
    app, session = start(app_on, "yuggoth-demo")
    state = session.state
    app.scene_name = "map"
    app.draw()
    scene = mapped(app)
    centres = scene.centres(app.view())
    circles = {centres.index(b.rect.center): b for b in scene.buttons if not b.label and b.rect.center in centres}
    covered = scene.split(state)[1]  # the list is drawn over the side with fewer answers: those are in it
    shown = {i for i in range(len(state.areas)) if not covered.collidepoint(centres[i])}
    assert set(circles) == shown and len(shown) > len(state.areas) // 2
    assert {i for i, b in circles.items() if b.enabled} == set(area_answers(state)) & shown
    listed = {b.intent.command for b in scene.buttons if isinstance(b.intent, Submit)}
    assert set(area_answers(state).values()) <= listed
    surface = app.window
    lit = min(set(area_answers(state)) & shown)
    centre = centres[lit]
    ring = (centre[0] + scene.radius(lit) + scene.metrics.px(3) - 1, centre[1])
    assert surface.get_at(ring)[:3] == (120, 200, 140)  # the legal area's lit ring


def test_the_table_offers_the_map_for_an_area_prompt(app_on) -> None:
    app, _ = start(app_on, "yuggoth-demo")
    app.scene_name = "table"
    app.draw()
    go = next(b for b in app.scenes["table"].buttons if b.intent == Go("map"))
    assert go.label == "Choose on the map"
    app.tap(go.rect.center)
    assert app.scene_name == "map"


@pytest.mark.parametrize(
    ("map_name", "kind"),
    [
        ("shaggai-demo", PromptKind.PLACE),
        ("primeval-demo", PromptKind.GLACIER),
        ("yuggoth-demo", PromptKind.WATCHER_MOVE),
        ("yuggoth-demo", PromptKind.RETREAT),
        ("earth-3p", PromptKind.ACOLYTE),
    ],
)
def test_worms_glaciers_the_watcher_the_acolyte_and_retreats_are_answered_on_the_map(app_on, map_name, kind) -> None:
    """Played by the demo's players until the prompt comes, then answered by a tap on the map (the
    first seeded game, from seed 4, in which it comes before the game ends)."""
    for seed in range(4, 12):
        app, session = start(app_on, map_name, options=Options(astral_acolyte=kind is PromptKind.ACOLYTE))
        rnd = random.Random(seed)
        for _ in range(5000):
            state = session.state
            if state.prompt.kind is kind or state.phase is Phase.GAME_OVER:
                break
            result = session.submit(demo.choose(state, rnd))
            for order in demo.casualties(session.state, getattr(result, "events", ())):
                if session.state.prompt.kind is kind:
                    break
                session.submit(order)
        if session.state.prompt.kind is kind:
            break
    state = session.state
    assert state.prompt.kind is kind, state.prompt.kind
    answers = area_answers(state)
    assert answers
    before = session.seq
    app.scene_name = "map"
    app.draw()
    cover, centres = mapped(app).split(state)[1], mapped(app).centres(app.view())
    first = next(i for i in sorted(answers) if not cover.collidepoint(centres[i]))  # (not one under the list)
    tap_area(app, state.area_name(first))
    assert session.seq == before + 1
    assert session.state == apply(state, answers[first]).state  # type: ignore[union-attr]
