"""Gather Power, Determine First Player and the Doom Phase, with numbers worked out by hand.

Source: ../shared/data/cthulhu-wars.md section 3.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import (
    DoomGained,
    ElderSignDrawn,
    EndTriggered,
    FirstPlayerChosen,
    GameEnded,
    Part,
    PowerGathered,
    RitualPerformed,
    RitualSkipped,
)
from companion.engine.cthulhu.model import GameState, Phase, PromptKind
from tests.helpers import clear_board, events_of, rejected, run, set_board, set_players, started

ALL_PASS = (c.Pass("great_cthulhu"), c.Pass("crawling_chaos"))


def end_round(state: GameState) -> tuple[GameState, tuple[object, ...]]:
    """Everyone passes (GC, CC, then BG, whose pass ends the Action Phase)."""
    state = run(state, *ALL_PASS)
    events = events_of(state, c.Pass("black_goat"))
    return run(state, c.Pass("black_goat")), events


def worked_board() -> GameState:
    # Great Cthulhu: 4 Acolytes on its South Pacific gate, 1 on a gate in North Pacific.
    # Crawling Chaos: 3 Acolytes on its Asia gate and a Nightgaunt (monsters give no Power).
    # Black Goat: 1 Acolyte in Africa, no gate, one captured Great Cthulhu Acolyte.
    # An abandoned gate in Europe pays 1 to everyone.
    state = clear_board(started())
    state = set_board(
        state,
        South_Pacific={"gate": "great_cthulhu", "units": [("great_cthulhu", "cultist", "Acolyte", 4)]},
        North_Pacific={"gate": "great_cthulhu", "units": [("great_cthulhu", "cultist", "Acolyte", 1)]},
        Asia={
            "gate": "crawling_chaos",
            "units": [("crawling_chaos", "cultist", "Acolyte", 3), ("crawling_chaos", "monster", "Nightgaunt", 1)],
        },
        Africa={"units": [("black_goat", "cultist", "Acolyte", 1)]},
        Europe={"gate": "abandoned"},
    )
    return set_players(state, black_goat={"captured": ("great_cthulhu",)})


def test_gather_power_counts_the_board_and_catches_up_to_half_the_leader() -> None:
    state, events = end_round(worked_board())
    gathered = {e.player: e for e in events if isinstance(e, PowerGathered)}
    # GC: 5 cultists + 2 x 2 gates + 1 abandoned = 10.
    assert gathered["great_cthulhu"].total == 10
    assert gathered["great_cthulhu"].parts == (
        Part("5 cultist(s)", 5),
        Part("2 controlled gate(s)", 4),
        Part("1 abandoned gate(s)", 1),
    )
    # CC: 3 cultists + 2 for one gate + 1 abandoned = 6 (at least half of 10: no catch-up).
    assert gathered["crawling_chaos"].total == 6
    # BG: 1 cultist + 1 abandoned + 1 captured = 3; half of 10 rounded up is 5, so +2.
    assert gathered["black_goat"].total == 5
    assert Part("catch-up to half the leader", 2) in gathered["black_goat"].parts
    assert state.player("black_goat").captured == ()  # captives go home


def test_catch_up_rounds_half_of_an_odd_leader_up() -> None:
    state = set_board(worked_board(), Europe={})  # no abandoned gate: GC 9, CC 5, BG 2
    _, events = end_round(state)
    gathered = {e.player: e.total for e in events if isinstance(e, PowerGathered)}
    assert gathered == {"great_cthulhu": 9, "crawling_chaos": 5, "black_goat": 5}  # ceil(9 / 2) = 5


def test_nobody_with_power_ends_the_game_and_humanity_wins() -> None:
    state, events = end_round(clear_board(started()))
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert ended and ended[0].winners == ()
    assert state.phase is Phase.GAME_OVER


def test_most_power_becomes_first_player_and_chooses_the_direction() -> None:
    state, events = end_round(worked_board())
    assert FirstPlayerChosen("great_cthulhu") in events
    assert state.prompt.kind is PromptKind.DIRECTION and state.prompt.actor == "great_cthulhu"


def test_a_tie_is_decided_by_the_previous_first_player() -> None:
    state, _ = end_round(started())  # the start position: everyone gathers 6 + 2 = 8
    assert state.prompt.kind is PromptKind.FIRST_PLAYER
    assert state.prompt.actor == "great_cthulhu"  # the previous first player
    assert set(state.prompt.choices) == {"great_cthulhu", "crawling_chaos", "black_goat"}
    state = run(state, c.ChooseFirstPlayer("great_cthulhu", "black_goat"))
    assert state.prompt.kind is PromptKind.DIRECTION and state.prompt.actor == "black_goat"


def test_only_a_tied_player_can_be_chosen() -> None:
    state = set_players(started(), great_cthulhu={"power": 1})
    state, _ = end_round(state)
    assert rejected(state, c.ChooseFirstPlayer("great_cthulhu", "nobody")).code is Code.NOT_A_CHOICE
    assert rejected(state, c.ChooseFirstPlayer("black_goat", "black_goat")).code is Code.NOT_YOUR_TURN


def to_doom_phase(state: GameState) -> GameState:
    state, _ = end_round(state)
    if state.prompt.kind is PromptKind.FIRST_PLAYER:
        state = run(state, c.ChooseFirstPlayer(state.prompt.actor, "great_cthulhu"))
    return run(state, c.ChooseDirection(state.prompt.actor, "clockwise"))


def test_doom_phase_gives_doom_per_controlled_gate_not_for_abandoned_ones() -> None:
    state, _ = end_round(worked_board())
    events = events_of(state, c.ChooseDirection("great_cthulhu", "clockwise"))
    doom = {e.player: e.amount for e in events if isinstance(e, DoomGained)}
    assert doom == {"great_cthulhu": 2, "crawling_chaos": 1}


def test_ritual_costs_the_track_gains_doom_per_gate_and_a_sign_per_great_old_one() -> None:
    state = set_board(
        worked_board(),
        Africa={"units": [("black_goat", "cultist", "Acolyte", 1)]},
        Indian_Ocean={"units": [("great_cthulhu", "goo", "Cthulhu", 1)]},
    )
    state = to_doom_phase(state)
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == "great_cthulhu"
    events = events_of(state, c.Ritual("great_cthulhu"))
    # 3 players: the first ritual costs 5; 2 gates give 2 Doom; Cthulhu gives 1 Elder Sign.
    assert RitualPerformed("great_cthulhu", 5, 2, 1, False) in events
    assert ElderSignDrawn("great_cthulhu", "Ritual of Annihilation") in events
    state = run(state, c.Ritual("great_cthulhu"))
    player = state.player("great_cthulhu")
    assert (player.power, player.doom, len(player.elder_signs)) == (10 - 5, 2 + 2, 1)
    assert state.ritual_cost == 6  # the marker moved one step
    assert state.prompt.actor == "crawling_chaos"


def test_one_ritual_per_player_per_doom_phase() -> None:
    state = run(to_doom_phase(worked_board()), c.Ritual("great_cthulhu"))
    assert rejected(state, c.Ritual("great_cthulhu")).code is Code.NOT_YOUR_TURN


def test_a_player_who_cannot_pay_is_skipped() -> None:
    state = to_doom_phase(worked_board())
    state = run(state, c.SkipRitual("great_cthulhu"))
    # CC has 6 Power and the ritual costs 5: asked. BG has 5: asked too.
    assert state.prompt.actor == "crawling_chaos"
    state = set_players(state, black_goat={"power": 4})
    events = events_of(state, c.Ritual("crawling_chaos"))  # now costs 6 for BG, who has 4
    assert RitualSkipped("black_goat") in events


def test_instant_death_lets_the_rest_perform_rituals_then_ends_the_game() -> None:
    state = replace(to_doom_phase(worked_board()), ritual=5)  # the last space before Instant Death (cost 10)
    state = set_players(state, great_cthulhu={"power": 10}, crawling_chaos={"power": 10, "spellbooks": 6})
    events = events_of(state, c.Ritual("great_cthulhu"))
    assert EndTriggered("instant_death", "at the end of the Doom Phase") in events
    state = run(state, c.Ritual("great_cthulhu"))
    assert state.prompt.actor == "crawling_chaos" and state.ritual_cost == 10  # still allowed, capped at 10
    state = run(state, c.Ritual("crawling_chaos"))
    assert state.phase is Phase.GAME_OVER
    assert state.outcome is not None and state.outcome.winners == ("crawling_chaos",)


def test_thirty_doom_in_the_doom_phase_ends_the_game_after_the_rituals() -> None:
    state = set_players(worked_board(), great_cthulhu={"doom": 28, "spellbooks": 6})
    state, _ = end_round(state)
    events = events_of(state, c.ChooseDirection("great_cthulhu", "clockwise"))
    assert EndTriggered("doom", "at the end of the Doom Phase") in events
    state = run(state, c.ChooseDirection("great_cthulhu", "clockwise"))
    assert state.prompt.kind is PromptKind.RITUAL  # the Doom Phase is finished first
    state = run(state, c.SkipRitual("great_cthulhu"), c.SkipRitual("crawling_chaos"))
    state = run(state, c.SkipRitual("black_goat"))
    assert state.phase is Phase.GAME_OVER
    assert state.outcome is not None and state.outcome.winners == ("great_cthulhu",)
