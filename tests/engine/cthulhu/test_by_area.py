"""The action list asked by area (companion/engine/cthulhu/by_area.py) agrees with the list."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.demo import DemoSetup, casualties, choose, demo_setup
from companion.engine import Command, apply, area_actions, legal_commands, recruit_areas
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.model import Faction, GameState, Phase, PromptKind
from tests.engine.cthulhu.by_area import GUARDED

SEATS = (Faction.BUBASTIS, Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.BLACK_GOAT, Faction.CRAWLING_CHAOS)


def listed(state: GameState) -> frozenset[int]:
    """The areas of the plain Recruits legal_commands names."""
    actor = state.prompt.actor
    found = set()
    for command in legal_commands(state):
        if isinstance(command, c.Recruit) and command == c.Recruit(actor, command.area):
            index = state.board.area_index(command.area)
            assert index is not None
            found.add(index)
    return frozenset(found)


def action_states(setup: DemoSetup, seed: int) -> list[GameState]:
    """The action turns of one seeded demo game (its players' random legal choices)."""
    result = apply(None, setup.command())
    assert result.ok
    state: GameState = result.state  # type: ignore[union-attr]
    rnd, out = random.Random(seed), []
    for _ in range(3_000):
        if state.phase is Phase.GAME_OVER:
            break
        if state.prompt.kind is PromptKind.ACTION:
            out.append(state)
        result = apply(state, choose(state, rnd))
        assert result.ok, result
        state = result.state  # type: ignore[union-attr]
        for order in casualties(state, result.events):  # type: ignore[union-attr]
            result = apply(state, order)
            assert result.ok, result
            state = result.state  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize(
    ("map_name", "players", "extras"),
    [
        ("yuggoth-demo", 4, "none"),
        ("earth-5p", 5, "independents"),
        ("shaggai-demo", 5, "everything"),
        ("earth-4p-53", 4, "high priests"),
    ],
)
def test_asked_by_area_the_list_says_the_same(map_name: str, players: int, extras: str) -> None:
    checked = recruiting = 0
    for seed in range(3):
        everything = extras == "everything"
        setup = demo_setup(
            seed,
            map_name,
            players,
            astral_acolyte=everything,
            independents=CARDS if extras in ("independents", "everything") else (),
            neutral_spellbooks=everything,
        )
        if extras in ("independents", "everything"):
            setup = DemoSetup(setup.board, tuple(c.Seat(f) for f in SEATS[:players]), seed, setup.options)
        if extras == "high priests":
            options = dataclasses.replace(setup.options, high_priests=True)
            setup = DemoSetup(setup.board, tuple(c.Seat(f) for f in GUARDED), seed, options)
        for state in action_states(setup, seed):
            assert recruit_areas(state) == listed(state), f"seed {seed}, step {state.step}"
            assert_area_parts(state)
            checked += 1
            recruiting += bool(recruit_areas(state))
    assert checked > 100 and 0 < recruiting < checked  # both kinds of turn were seen


def where(command: Command) -> str:
    """The area a command of an area's part names (a Move's: where its units come from)."""
    if isinstance(command, c.Move):
        return command.groups[0].area
    return str(getattr(command, "area", ""))


def assert_area_parts(state: GameState) -> None:
    """Each area's part names only that area, and the parts, area after area, are the list's
    own run of them (in its order, none left out, none added)."""
    actor = state.prompt.actor
    whole = list(legal_commands(state))
    parts: list[Command] = []
    for i, area in enumerate(state.areas):
        part = list(area_actions(state, i))
        assert all(where(command) == state.area_name(i) for command in part)
        assert part == [] or area.count(owner=actor)
        parts += part
    if parts:
        starts = [k for k in range(len(whole)) if whole[k : k + len(parts)] == parts]
        assert starts, f"step {state.step}: the areas' parts are not the list's"
        before = whole[: starts[0]]
        assert all(isinstance(command, (c.Pass, c.Recruit, c.Awaken)) for command in before)


def test_nothing_by_area_outside_an_action_turn() -> None:
    setup = demo_setup(0, "yuggoth-demo", 4)
    result = apply(None, setup.command())
    assert result.ok
    state: GameState = result.state  # type: ignore[union-attr]
    assert state.prompt.kind is not PromptKind.ACTION
    assert recruit_areas(state) == frozenset()
    assert all(list(area_actions(state, i)) == [] for i in range(len(state.areas)))
