"""The demo starts its games as new games from the screen do: the published start-area order
(Options.published_start_order: Tcho-Tcho, then the Windwalker, then the Opener of the Way choose
after everyone else, factions.md section 0)."""

from __future__ import annotations

import random
from dataclasses import replace

from companion import demo
from companion.engine import Accepted, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, PromptKind

SEATS = (
    Faction.OPENER_OF_THE_WAY,
    Faction.WINDWALKER,
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.SLEEPER,
    Faction.ANCIENTS,
)


def test_the_demo_chooses_start_areas_in_the_published_order() -> None:
    setup = demo.demo_setup(1, "earth-6p", 6)
    assert setup.options.published_start_order
    setup = replace(setup, seats=tuple(c.Seat(f) for f in SEATS))  # the Opener and Windwalker seated first
    result = apply(None, setup.command())
    assert isinstance(result, Accepted)
    state, rnd, chose = result.state, random.Random(1), []
    while state.prompt.kind is PromptKind.START_AREA:
        chose.append(state.prompt.actor)
        result = apply(state, demo.choose(state, rnd))
        assert isinstance(result, Accepted)
        state = result.state
    assert chose[-2:] == ["windwalker", "opener_of_the_way"]
