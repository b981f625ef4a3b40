"""The victim chooses which cultist a capture takes (factions.md section 0; HRF's
``CaptureAction`` asks the victim, its cultists listed cheapest first): the demo's bots, capturing,
name the cultist its victim gives up, its cheapest (an Acolyte before a High Priest), in an
ordinary capture and in From Below's free one; driven through the demo's own choices."""

from __future__ import annotations

import random
from dataclasses import replace

from companion import demo
from companion.engine import Accepted, Command, State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Options, PromptKind
from tests.engine.cthulhu.factions.common import BG, CC, GC, count
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, run, set_board, started

HP = "High Priest"
SEEDS = range(300)


def _picks(state: State) -> list[Command]:
    """The demo's choice at ``state`` for each seed."""
    return [demo.choose(state, random.Random(seed)) for seed in SEEDS]


def test_capture_the_victim_chooses_the_demos_bots_take_the_cultist_it_gives_up() -> None:
    """Great Cthulhu's Deep One beside Crawling Chaos' High Priest and Acolyte (the High Priest
    listed first): every capture the bots make takes the Acolyte, and the referee accepts it."""
    state = started("earth-3p", options=Options(abilities=True, high_priests=True))
    state = set_board(
        clear_board(state),
        Asia={"units": [(GC, "monster", "Deep One", 1), (CC, "cultist", HP, 1), (CC, "cultist", "Acolyte", 2)]},
    )
    state = turn(state, GC)
    assert demo.victims_cultist(state, "Asia", CC) == "Acolyte"
    captures = [cmd for cmd in _picks(state) if isinstance(cmd, c.Capture)]
    assert captures and {cmd.unit for cmd in captures} == {"Acolyte"}
    taken = apply(state, captures[0])
    assert isinstance(taken, Accepted)
    assert count(taken.state, "Asia", CC, "Acolyte") == 1 and count(taken.state, "Asia", CC, HP) == 1


def test_capture_the_victim_chooses_from_below_free_capture_by_the_demos_bots() -> None:
    """From Below's free capture asks the captor "victim:cultist" when the victim has two kinds
    there: the bots answer with the victim's Acolyte, never its High Priest."""
    state = started("earth-3p", options=Options(abilities=True, independents=CARDS, high_priests=True))
    state = set_board(
        clear_board(state),
        South_Pacific={"units": [(GC, "igoo", "Nyogtha", 1), (CC, "cultist", "Acolyte", 1)]},
        Asia={"units": [(GC, "igoo", "Nyogtha", 1), (BG, "cultist", HP, 1), (BG, "cultist", "Acolyte", 1)]},
    )
    state = run(replace(turn(state, GC), loyalty=(("Nyogtha", GC),)), c.Capture(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ABILITY and f"{BG}:{HP}" in state.prompt.choices
    answers = {cmd.choice for cmd in _picks(state) if isinstance(cmd, UseAbility)}
    assert f"{BG}:Acolyte" in answers and f"{BG}:{HP}" not in answers
