"""A scripted four-faction game (the core box, the referee playing the abilities) replayed
through ``apply`` and compared, after every command, with a record worked out by hand from the
rules: each faction's Power, Doom, Elder Signs and Spellbooks, every unit on the map, every gate,
and at the phase ends each faction's pool.

The script (tests/engine/cthulhu/data/six_rounds.py) types no cost, no dice count and no Kill or
Pain assignment: only the dice faces, and the answers to the engine's own prompts.  The record
beside each command says why each figure is what it is."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from companion.engine import apply
from companion.engine.core import Accepted, Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.game import legal_commands
from companion.engine.cthulhu.model import GameState, PromptKind
from tests.engine.cthulhu.data import six_rounds as script
from tests.helpers import new_game, ok

Board = Counter[tuple[str, str, str]]  # (area, owner, unit name) -> count


def start() -> GameState:
    state = ok(apply(None, new_game(script.MAP, script.FACTIONS, script.SEED, script.OPTIONS)))
    assert state.prompt.kind is PromptKind.DIRECTION, state.prompt  # core factions: printed starts
    return state


def board_of(state: GameState) -> Board:
    return Counter({(state.area_name(i), u.owner, u.name): u.count for i, area in enumerate(state.areas) for u in area.units})


def gates_of(state: GameState) -> dict[str, str]:
    return {
        state.area_name(i): area.gate.controller or "abandoned" for i, area in enumerate(state.areas) if area.gate is not None
    }


def pools_of(state: GameState) -> dict[tuple[str, str], int]:
    """Each faction's units in its pool: the roster's count less those on the map, captured (a
    cultist on a captor's card) and in the Deep."""
    pools = {}
    board = board_of(state)
    for player in state.players:
        for unit in RULES[player.faction].units:
            out = sum(n for (_, owner, name), n in board.items() if owner == player.pid and name == unit.name)
            if unit.name == "Acolyte":
                out += sum(p.captured.count(player.pid) for p in state.players)
            out += sum(u.count for u in state.abilities.deep if u.owner == player.pid and u.name == unit.name)
            pools[(player.pid, unit.name)] = unit.pool - out
    return pools


def is_legal(state: GameState, command: Command) -> bool:
    """An answer to a prompt of the engine's own: one of the choices it offers."""
    return command in legal_commands(state)


# Answers to the engine's questions (not rolls, not action turns): each must be one it offers.
PROMPTED = (c.AssignKill, c.AssignPain, c.ChooseRetreat, UseAbility, ChooseSpellbook, c.ChooseFirstPlayer)
COSTS_AND_COUNTS = ("cost", "attacker_dice", "defender_dice", "by_hand")


def test_the_scripted_game_matches_the_hand_worked_record() -> None:
    state = start()
    record = script.Record()
    assert record.figures == script.RECORD_START
    checkpoints = 0
    for number, step in enumerate(script.STEPS, 1):
        where = f"step {number} ({step.command})"
        if isinstance(step.command, PROMPTED):
            # Kills, Pains and retreats are only ever the engine's own legal choices.
            assert is_legal(state, step.command), f"{where}: not among the prompt's choices {state.prompt}"
        result = apply(state, step.command)
        assert isinstance(result, Accepted), f"{where}: rejected: {result}"
        state = result.state
        record.update(step)
        got = script.Figures(
            power=tuple(p.power for p in state.players),
            doom=tuple(p.doom for p in state.players),
            signs=tuple(len(p.elder_signs) + len(p.revealed) for p in state.players),
            books=tuple(len(p.spellbooks) for p in state.players),
        )
        assert got == record.figures, f"{where}: {got} != hand-worked {record.figures}"
        assert +board_of(state) == +record.board, f"{where}: board differs: {board_diff(board_of(state), record.board)}"
        assert gates_of(state) == record.gates, f"{where}: gates {gates_of(state)} != {record.gates}"
        if step.prompt is not None:
            assert (state.prompt.kind.value, state.prompt.actor) == step.prompt, f"{where}: prompt {state.prompt}"
        if step.pools is not None:
            pools = pools_of(state)
            for key, expected in step.pools.items():
                assert pools[key] == expected, f"{where}: pool of {key} is {pools[key]}, hand-worked {expected}"
        if step.at is not None:
            assert (state.round, state.phase.value) == step.at, f"{where}: at {(state.round, state.phase.value)}"
        checkpoints += 1
    assert state.round >= script.ROUNDS or state.phase.value == "game_over"
    assert checkpoints == len(script.STEPS)


def board_diff(got: Board, want: Board) -> dict[tuple[str, str, str], tuple[int, int]]:
    keys = set(got) | set(want)
    return {k: (got[k], want[k]) for k in sorted(keys) if got[k] != want[k]}


def test_the_script_types_no_cost_and_no_dice_count() -> None:
    """Every cost and dice count in the script is the command's default (the engine's own)."""
    typed = []
    for step in script.STEPS:
        command: Any = step.command
        for field in dataclasses.fields(command):
            if field.name in COSTS_AND_COUNTS and getattr(command, field.name) != field.default:
                typed.append(command)
    assert typed == []
