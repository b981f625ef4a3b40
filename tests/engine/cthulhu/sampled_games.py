"""States sampled from seeded games, shared by the offers' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion import demo
from companion.engine import Accepted, State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.maps import load_map

F = Faction


EXPANSION = (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS)


CORE = (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN, F.SLEEPER, F.WINDWALKER)


EVERY = 3  # every third question of the faction's is sampled


ABILITIES = Options(abilities=True)


def sampled(faction: Faction, seed: int, options: Options = ABILITIES) -> Iterator[tuple[State, str]]:
    """The faction's own action and Doom-Phase questions in a seeded demo game (every
    :data:`EVERY`-th), to the game's end."""
    seats = EXPANSION if faction in EXPANSION else CORE
    setup = c.NewGame(load_map("earth-6p"), tuple(c.Seat(f) for f in seats), seed, options)
    result = apply(None, setup)
    assert isinstance(result, Accepted)
    state, rnd, asked = result.state, random.Random(seed), 0
    pid = next(p.pid for p in state.players if p.faction is faction)
    for _ in range(demo.MAX_COMMANDS):
        if state.phase is Phase.GAME_OVER:
            return
        if state.prompt.kind in (PromptKind.ACTION, PromptKind.RITUAL) and state.prompt.actor == pid:
            asked += 1
            if asked % EVERY == 0:
                yield state, pid
        result = apply(state, demo.choose(state, rnd))
        assert isinstance(result, Accepted), result
        state = result.state
