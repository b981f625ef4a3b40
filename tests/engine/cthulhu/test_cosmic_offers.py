"""The Cosmic Power (Shaggai's Worms: "As an Action, you can place any Spellbook ... simply by
spending 6 Power"): the legal list offers it, one per Spellbook the player may place, each
accepted, and only where the rule allows it (6 Power, a gate controlled in a Worm's area)."""

from __future__ import annotations

import dataclasses
import random

from companion import demo
from companion.engine import Accepted, apply, legal_commands
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.engine.cthulhu.shaggai import COSMIC_SPELLBOOK_COST, CosmicSpellbook
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.engine.cthulhu.replay_games import GAMES, setup


def test_every_cosmic_spellbook_listed_is_accepted_and_listed_only_where_it_may_be() -> None:
    offered = 0
    for seed in (1, 2):
        game = dataclasses.replace(next(g for g in GAMES if g.name == "shaggai"), seed=seed)
        session = GameSession.start(SqliteJournal(":memory:"), "cosmic", setup(game).command())
        assert isinstance(session, GameSession)
        rnd = random.Random(seed)
        while session.state.phase is not Phase.GAME_OVER:
            state = session.state
            listed = [cmd for cmd in legal_commands(state) if isinstance(cmd, CosmicSpellbook)]
            actor = state.prompt.actor
            if state.prompt.kind is PromptKind.ACTION and listed:
                player = state.player(actor)
                assert player.power >= COSMIC_SPELLBOOK_COST and bd.cosmic_gate(state, actor)
                assert len({cmd.name for cmd in listed}) == len(listed)
                assert all(cmd.name not in player.spellbooks for cmd in listed)
                assert all(isinstance(apply(state, cmd), Accepted) for cmd in listed)
                offered += len(listed)
            else:
                assert not listed, listed
            session.submit(demo.choose(state, rnd))
    assert offered, "the Cosmic Power was never offered: pick other seeds"
