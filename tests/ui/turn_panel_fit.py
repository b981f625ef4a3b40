"""A late game's table, shared by the turn panel's and the faction sheets' fit tests."""

from __future__ import annotations

import random

from companion import demo
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal


def late_game(seed: int = 7, map_name: str = "earth-4p-53", players: int = 4, rounds: int = 4) -> GameSession:
    """The demo's seeded game played to an action turn in round ``rounds`` (scripts/screenshots.py's)."""
    setup = demo.demo_setup(seed, map_name, players)
    session = GameSession.start(SqliteJournal(":memory:"), "g", setup.command())
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    for _ in range(3000):
        state = session.state
        if (state.round >= rounds and state.prompt.kind is PromptKind.ACTION) or state.phase is Phase.GAME_OVER:
            break
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    assert session.state.prompt.kind is PromptKind.ACTION
    return session
