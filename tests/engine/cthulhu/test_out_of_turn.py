"""The engine's out-of-turn query gives exactly what brute force gives, at every decision of
seeded games (the screen's reachability games, and the replay games with the High Priests and
the independents).

Brute force (the screen's way before the query, kept here only): for each player who is not
prompted, the engine's whole legal list asked as if that player were prompted, each command
kept where ``apply`` accepts it from them on the real state.  The query
(:func:`companion.engine.cthulhu.game.out_of_turn`) asks the factions' ``out_of_turn`` hooks and
the shared layer instead; the two must agree, command for command and in the same order.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from companion.demo import casualties, choose
from companion.engine import Accepted, Command, apply, tag_of
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.game import legal_commands, new_game, out_of_turn
from companion.engine.cthulhu.model import Faction, GameState, Options, Phase, PromptKind
from companion.maps import load_map
from tests.engine.cthulhu.replay_games import GAMES as REPLAY_GAMES
from tests.engine.cthulhu.replay_games import Game, setup

F = Faction
DECISIONS = 400  # per game (a game over before then ends its walk)
SEEDS = range(3, 9)  # the reachability games' seed (3) and the next ones
REACH_GAMES = {  # tests/ui/test_every_command_reachable.py's games, and the out-of-turn commands each meets
    "core four, independents": (
        (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN),
        "earth-4p-35",
        Options(abilities=True, independents=("Byatis", "Abhoth", "Ghast", "Gug", "Shantak", "Star Vampire"), tribes=True),
        {"reveal_elder_sign", "devolve", "blood_sacrifice"},
    ),
    "expansions, neutral Spellbooks": (
        (F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS),
        "earth-4p-53",
        Options(abilities=True, neutral_spellbooks=True, tribes=True, published_start_order=True),
        {"reveal_elder_sign", "anytime_spellbook", "death_from_below", "dematerialize", "dragon_ascending"},
    ),
    "the newest, five": (
        (F.TCHO_TCHO, F.BUBASTIS, F.DAEMON_SULTAN, F.GREAT_CTHULHU, F.YELLOW_SIGN),
        "earth-5p",
        Options(abilities=True, tribes=True, published_start_order=True),
        {"reveal_elder_sign", "devolve"},
    ),
}
MET: Counter[str] = Counter()  # the out-of-turn command types met, over the games


def brute_force(state: GameState) -> dict[str, tuple[Command, ...]]:
    """Each player not prompted and what the engine accepts from them now, found by applying
    its whole list asked as if they were prompted (with the abilities on, in an action or a
    ritual, as the query answers)."""
    prompt = state.prompt
    if not state.options.abilities or prompt.kind not in (PromptKind.ACTION, PromptKind.RITUAL):
        return {}
    found: dict[str, tuple[Command, ...]] = {}
    for player in state.players:
        if player.pid == prompt.actor:
            continue
        asked = dataclasses.replace(state, prompt=dataclasses.replace(prompt, actor=player.pid))
        listed = legal_commands(asked, faces=False)
        kept = tuple(
            cmd for cmd in listed if getattr(cmd, "player", "") == player.pid and isinstance(apply(state, cmd), Accepted)
        )
        if kept:
            found[player.pid] = kept
    return found


def walk(state: GameState, seed: int) -> int:
    """Play the demo's bots from ``state``, comparing the query with brute force at each
    decision; the decisions compared (the types met are added to :data:`MET`)."""
    rnd = random.Random(seed)
    for decision in range(DECISIONS):
        if state.phase is Phase.GAME_OVER:
            return decision
        wanted = brute_force(state)
        assert out_of_turn(state) == wanted, f"decision {decision}, step {state.step}, {state.prompt.kind.value}"
        MET.update(tag_of(cmd) for cmds in wanted.values() for cmd in cmds)
        result = apply(state, choose(state, rnd))
        assert isinstance(result, Accepted), result
        state = result.state
        for order in casualties(state, result.events):
            answered = apply(state, order)
            assert isinstance(answered, Accepted), answered
            state = answered.state
    return DECISIONS


@pytest.mark.parametrize("name", list(REACH_GAMES))
def test_the_query_is_brute_force_in_the_reachability_games(name: str) -> None:
    factions, map_name, options, met = REACH_GAMES[name]
    MET.clear()
    for seed in SEEDS:
        started = new_game(c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), seed, options))
        assert isinstance(started, Accepted)
        assert walk(started.state, seed) >= 60
    assert set(MET) == met, MET  # the comparison met every out-of-turn ability of these factions


@pytest.mark.parametrize("game", REPLAY_GAMES, ids=lambda g: g.name)
def test_the_query_is_brute_force_in_the_replay_games(game: Game) -> None:
    """The replay games add the High Priests' Oath, sworn out of turn."""
    MET.clear()
    started = new_game(setup(game).command())
    assert isinstance(started, Accepted)
    assert walk(started.state, game.seed) >= 60
    if game.priests:
        assert "sacrifice_high_priest" in MET
