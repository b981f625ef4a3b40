"""The move panel has room for every destination: with Flight a stack reaches a dozen areas, and
the panel pages them rather than squeezing buttons to nothing (a button of negative width once
stopped the screen: the screenshots' core-four game in its fourth round, Crawling Chaos moving)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion import demo
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.turn_panel import Local

SIZES = [(800, 480), (1024, 600), (1280, 720), (720, 1280)]


def action_states(map_name: str, players: int, seed: int, rounds: int) -> list[Any]:
    """A seeded demo game's action prompts up to ``rounds`` rounds."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(seed, map_name, players).command())
    assert isinstance(session, GameSession)
    rnd, states = random.Random(seed), []
    while session.state.round <= rounds and session.state.phase is not Phase.GAME_OVER:
        state = session.state
        if state.prompt.kind is PromptKind.ACTION:
            states.append(state)
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    return states


@pytest.mark.parametrize("size", SIZES)
def test_every_move_panel_button_has_room(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    states = action_states("earth-4p-53", 4, 7, 4)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(7, "earth-4p-53", 4).command())
    app = app_on(session, size)
    scene = app.scenes["table"]
    app.scene_name = "table"
    opened = 0
    for state in states:
        actor = state.prompt.actor
        for area in [i for i, a in enumerate(state.areas) if a.count(owner=actor)]:
            scene.panel.handle(state, Local("area", area))  # type: ignore[attr-defined]
            scene.panel.handle(state, Local("move"))  # type: ignore[attr-defined]
            app.state, app.dirty = state, True
            app.draw()
            opened += 1
            for button in scene.buttons:
                assert button.rect.width > 0 and button.rect.height > 0, (button.label, button.rect, size)
    assert opened > 50
