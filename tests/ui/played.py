"""The states of a seeded demo game, for the tests of what the screen keeps and redraws."""

from __future__ import annotations

import random
from typing import Any

from companion import demo
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal


def played(seed: int, moves: int = 400) -> list[Any]:
    """The states of a seeded demo game on Yuggoth with 4 players, in order."""
    setup = demo.demo_setup(seed, "yuggoth-demo", 4)
    session = GameSession.start(SqliteJournal(":memory:"), "g", setup.command())
    assert isinstance(session, GameSession)
    rnd, states = random.Random(seed), []
    for _ in range(moves):
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        states.append(state)
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    return states
