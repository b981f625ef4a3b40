"""The Ancients' Cathedral is offered only where it can be paid for with the Ice Age's tax (the
guard charges 1 Power more in the token's area: factions.md section 6).  The state is the one
where the offer was once refused: replay game "primeval", seed 8, decision 71 (the Ancients
with 1 Power, Hyperborea under the Ice Age)."""

from __future__ import annotations

import dataclasses
import random

from companion import demo
from companion.engine import Accepted, apply, legal_commands
from companion.engine.cthulhu.factions.ancients import BuildCathedral
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.engine.cthulhu.replay_games import GAMES, setup


def _primeval(seed: int, decisions: int) -> GameSession:
    game = dataclasses.replace(next(g for g in GAMES if g.name == "primeval"), seed=seed)
    session = GameSession.start(SqliteJournal(":memory:"), "cathedral", setup(game).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    for _ in range(decisions):
        session.submit(demo.choose(session.state, rnd))
    return session


def test_every_cathedral_offered_is_accepted_ice_age_tax_included() -> None:
    checked = 0
    for seed in (8,):
        session = _primeval(seed, 0)
        rnd = random.Random(seed)
        for _ in range(120):
            state = session.state
            if state.phase is Phase.GAME_OVER:
                break
            for command in legal_commands(state):
                if isinstance(command, BuildCathedral):
                    assert isinstance(apply(state, command), Accepted), command
                    checked += 1
            session.submit(demo.choose(state, rnd))
    assert checked, "no Cathedral was offered: pick another game"


def test_no_cathedral_is_offered_where_the_tax_leaves_it_unpaid() -> None:
    state = _primeval(8, 71).state
    offered = [cmd for cmd in legal_commands(state) if isinstance(cmd, BuildCathedral)]
    assert "Hyperborea" not in {cmd.area for cmd in offered}, offered
