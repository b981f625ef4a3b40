"""The action list asked by area: where the player to act may recruit an Acolyte, and what the
list names in one area.

The screen's turn panel lists the areas where the player to act has a choice.  Reading that
from the whole of :func:`legal_commands` walked its generators from the start (the Pass, the
recruits, then area after area, each command through the guards) on a tap's way to its frame:
an area late in the list waited for every command named in the areas before it.  These ask the
question of one area, or of the recruits, alone.  tests/engine/cthulhu/test_by_area.py holds
them equal to the list over seeded games.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import Command
from companion.engine.cthulhu import abilities
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.game import area_commands, recruit_targets
from companion.engine.cthulhu.model import GameState, PromptKind


def recruit_areas(state: GameState) -> frozenset[int]:
    """The areas (by index) in which :func:`legal_commands` names a plain Recruit (an Acolyte
    at its listed cost, ``c.Recruit(actor, area)``) for the player to act; empty for any
    prompt but an action turn.  Pure; raises nothing for a state the engine made."""
    prompt = state.prompt
    if prompt.kind is not PromptKind.ACTION:
        return frozenset()
    pid = prompt.actor
    mine = [i for i, area in enumerate(state.areas) if area.count(owner=pid)]
    return frozenset(i for i in recruit_targets(state, pid, mine) if abilities.allowed(state, c.Recruit(pid, state.area_name(i))))


def area_actions(state: GameState, index: int) -> Iterator[Command]:
    """What :func:`legal_commands` names in its part for area ``index``, in its order, lazily:
    a gate built, the summons, the battles, the captures, an abandoned gate controlled, then
    each one-unit Move from there.  Nothing for an area where the player to act has no unit,
    or outside an action turn.  (The recruits, the awakenings and the abilities' own commands
    are named elsewhere in the list.)  Pure."""
    prompt = state.prompt
    pid = prompt.actor
    area = state.areas[index]
    if prompt.kind is not PromptKind.ACTION or not area.count(owner=pid):
        return
    yield from (cmd for cmd in area_commands(state, pid, index) if abilities.allowed(state, cmd))
