"""The story's chart data: Doom and Power by round for each faction, and an undo across a round
takes the later rounds off."""

from __future__ import annotations

import random

from companion import demo
from companion.engine import State
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.web.story import Story


def test_doom_and_power_by_round_follow_the_game_and_its_undo() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "s", demo.demo_setup(2, None, 3).command())
    assert isinstance(session, GameSession)
    story, rnd = Story(), random.Random(2)
    story.record(session.state)
    ends: dict[int, State] = {}
    while session.state.round < 4:
        session.submit(demo.choose(session.state, rnd))
        story.record(session.state)
        ends[session.state.round] = session.state
    data = story.as_data()
    assert data["rounds"] == [1, 2, 3, 4]
    for n, player in enumerate(data["players"]):
        assert player["name"] == ends[4].players[n].label
        assert player["doom"] == [ends[r].players[n].doom for r in (1, 2, 3, 4)]
        assert player["power"] == [ends[r].players[n].power for r in (1, 2, 3, 4)]
    story.record(ends[2])  # an undo back into round 2
    assert story.as_data()["rounds"] == [1, 2]
