"""The Yuggoth demo map's boards and turns, shared by the Watcher's and the Pyramid's tests."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind, Watcher
from companion.engine.cthulhu.watcher import (
    CombatDice,
    WatcherMove,
    WatcherTarget,
)
from companion.engine.values import evolve
from tests.helpers import events_of, pass_round, run, set_board, skip_rituals, started

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"


NORTH, SOUTH, POSTERN = "Slopes of the Pyramid North", "Slopes of the Pyramid South", "Watcher Postern"


def yuggoth() -> State:
    return started("yuggoth-demo")


def area_of(state: State, name: str) -> int:
    index = state.board.area_index(name)
    assert index is not None
    return index


end_action_phase = pass_round


def roll(state: State, *values: int) -> tuple[State, tuple[object, ...]]:
    command = c.Roll(values, "tower")
    return run(state, command), events_of(state, command)


def awake(state: State, where: str, token: int = 12) -> State:
    return evolve(state, watcher=Watcher(awake=True, token=token, area=area_of(state, where), awoke_round=state.round))


def pyramid_gate(state: State, where: str = NORTH, owner: str = GC) -> State:
    return set_board(state, **{where.replace(" ", "_"): {"gate": owner, "units": [(owner, "cultist", "Acolyte", 1)]}})


def armed(state: State) -> State:
    """Great Cthulhu's gate on the northern slope, guarded by a Starspawn (up to 8 combat dice)."""
    units = [(GC, "cultist", "Acolyte", 1), (GC, "monster", "Starspawn", 1)]
    return set_board(state, Slopes_of_the_Pyramid_North={"gate": GC, "units": units})


def attacking() -> State:
    """Round 2's Action Phase opening with the awakened Watcher on the Postern."""
    state, _ = skip_rituals(end_action_phase(pyramid_gate(yuggoth()))[0])
    return roll(state, 1)[0]


def complete_attacks(state: State) -> State:
    """Play out the attacks: move to the first offered area, each faction rolls no dice."""
    while state.prompt.kind in (PromptKind.WATCHER_MOVE, PromptKind.WATCHER_TARGET, PromptKind.COMBAT_DICE, PromptKind.ROLL):
        prompt = state.prompt
        if prompt.kind is PromptKind.WATCHER_MOVE:
            state = run(state, WatcherMove(prompt.actor, prompt.choices[0]))
        elif prompt.kind is PromptKind.WATCHER_TARGET:
            state = run(state, WatcherTarget(prompt.actor, prompt.choices[0]))
        elif prompt.kind is PromptKind.COMBAT_DICE:
            state = run(state, CombatDice(prompt.actor, 0))
        else:
            state = run(state, c.Roll((1,) * prompt.dice, "tower"))
    return state
