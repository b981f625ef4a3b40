"""Hundreds of seeded Arkham games, Mythos Phase after Mythos Phase with the table closing gates
and moving investigators between them, checked against the invariants of the rules."""

from __future__ import annotations

import random

import pytest

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ACTIVITY, ANCIENT_ONES, ARKHAM, LOCATIONS, OUTSKIRTS
from companion.engine.arkham.game import apply, monster_census, new_arkham_game
from companion.engine.arkham.mythos import gate_limit, monster_limit
from companion.engine.codec import canonical, from_canonical
from companion.engine.core import Accepted

GAMES = 300


Table = m.Mythos | m.CloseGate | m.MoveInvestigator | m.EndRumor


def play(seed: int) -> tuple[list[m.ArkhamState], list[Table]]:
    """One game to its end or 40 phases; every command and state, for the checks."""
    pick = random.Random(seed)
    players = pick.randint(1, 8)
    seats = tuple(m.Seated(f"I{i}", pick.choice(ARKHAM), pick.randint(0, 4)) for i in range(players))
    start = new_arkham_game(m.NewArkhamGame(pick.choice(list(ANCIENT_ONES)), seats, seed))
    assert isinstance(start, Accepted)
    states: list[m.ArkhamState] = [start.state]
    commands: list[Table] = []
    for _ in range(40):
        state = states[-1]
        if state.awakened:
            break
        command: Table = m.Mythos()
        if state.gates and pick.random() < 0.3:
            command = m.CloseGate(pick.choice(state.gates).location, seal=pick.random() < 0.5)
        elif state.rumor and pick.random() < 0.2:
            command = m.EndRumor(passed=pick.random() < 0.5)
        elif pick.random() < 0.3:
            command = m.MoveInvestigator(pick.choice(state.investigators).name, pick.choice(ARKHAM))
        result = apply(state, command)
        if isinstance(result, Accepted):
            states.append(result.state)
            commands.append(command)
        else:
            # Only a closed shop refuses a move, and No One Can Help You Now a seal.
            barred = isinstance(command, m.CloseGate) and command.seal and state.environment == "No One Can Help You Now"
            assert isinstance(command, m.MoveInvestigator) or barred, result
    return states, commands


@pytest.mark.parametrize("chunk", range(6))
def test_seeded_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(chunk * GAMES // 6, (chunk + 1) * GAMES // 6):
        states, _ = play(seed)
        total = sum(monster_census(states[0]).values())
        for state in states:
            assert sum(monster_census(state).values()) == total, seed  # cup + Arkham + Sky + Outskirts
            assert state.doom <= state.doom_track and 0 <= state.terror <= 10
            assert len(state.gates) <= gate_limit(state.players)
            assert len({g.location for g in state.gates}) == len(state.gates)
            assert not set(g.location for g in state.gates) & set(state.seals)
            assert len(state.gate_markers) + len(state.gates) <= 16
            on_board = sum(1 for x in state.monsters if x.place != OUTSKIRTS)
            assert state.terror >= 10 or on_board <= monster_limit(state.players)
            assert all(c >= 0 for c in state.clues) and len(state.clues) == len(LOCATIONS)
            in_play = {state.environment, state.rumor} - {""}
            drawn = 1 if state.awakened else 0  # the card the phase stopped on is on the table
            assert len(state.deck) + len(in_play) + drawn == 67 and not in_play & set(state.deck)
            assert sorted(state.activity) == sorted(ACTIVITY[c] for c in in_play if c in ACTIVITY)
            if state.awakened:
                assert state.doom == state.doom_track


def test_a_game_replays_exactly_and_its_state_round_trips_through_canonical_text() -> None:
    for seed in (1, 2, 3):
        states, commands = play(seed)
        again = states[0]
        for command in commands:
            result = apply(again, command)
            assert isinstance(result, Accepted)
            again = result.state
        assert canonical(again) == canonical(states[-1])
        assert from_canonical(m.ArkhamState, canonical(again)) == again


def answer(state: m.ArkhamState, pick: random.Random) -> m.Mythos:
    """A table that draws for itself: a card from what is left of its deck, then every question
    the screen would ask (marker, placement, monsters, Clue) answered at random among the legal."""
    from dataclasses import replace

    from companion.engine.arkham.decisions import ClueChoice, GateMarkerDrawn, MonsterDrawn, SurgeChoice, next_decision

    command = m.Mythos(card=pick.choice(state.deck))
    for _ in range(20):
        asked = next_decision(state, command)
        if asked is None:
            return command
        if isinstance(asked, GateMarkerDrawn):
            command = replace(command, gate=pick.choice(asked.worlds))
        elif isinstance(asked, MonsterDrawn):
            command = replace(command, monsters=(*command.monsters, pick.choice(asked.kinds)))
        elif isinstance(asked, SurgeChoice):
            command = replace(command, placement=asked.default())
        elif isinstance(asked, ClueChoice):
            command = replace(command, clue_to=pick.choice(asked.names))
    raise AssertionError(f"the questions never end for {command}")


def test_a_table_that_draws_for_itself_is_asked_exactly_what_each_phase_needs() -> None:
    # 40 games: each phase's questions, answered, give a command the engine accepts.
    for seed in range(40):
        pick = random.Random(seed)
        seats = tuple(m.Seated(f"I{i}", pick.choice(ARKHAM), pick.randint(0, 4)) for i in range(pick.randint(1, 8)))
        start = new_arkham_game(m.NewArkhamGame(pick.choice(list(ANCIENT_ONES)), seats, seed, table_draws=True))
        assert isinstance(start, Accepted)
        state = start.state
        for _ in range(25):
            if state.awakened:
                break
            result = apply(state, answer(state, pick))
            assert isinstance(result, Accepted), (seed, result)
            state = result.state
