"""Seeded Cthulhu Wars games on a map, played by the demo's bots, for the map's readability
tests: the board at the start and after stretches of play (units, gates and marks on it)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion import demo
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Phase
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal

FACTIONS = tuple(f for f in Faction if f is not Faction.OTHER)
STRETCHES = (0, 40, 80, 120)  # moves played before each look at the board


def started(map_name: str, players: int = 0) -> GameSession:
    """A new game on ``map_name`` with its fewest players (or ``players``)."""
    board = load_map(map_name)
    seats = tuple(c.Seat(f) for f in FACTIONS[: players or min(board.players)])
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats, 3))
    assert isinstance(session, GameSession)
    return session


def play(session: GameSession, moves: int, rnd: random.Random) -> None:
    """``moves`` demo moves (fewer when the game ends), casualties taken as the demo takes them."""
    for _ in range(moves):
        if session.state.phase is Phase.GAME_OVER:
            return
        result = session.submit(demo.choose(session.state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)


def stretches(session: GameSession, seed: int) -> Iterator[int]:
    """Play ``session`` on from one of :data:`STRETCHES` to the next, yielding the moves so far."""
    rnd, done = random.Random(seed), 0
    for moves in STRETCHES:
        play(session, moves - done, rnd)
        done = moves
        yield moves
