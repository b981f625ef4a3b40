"""Elder Signs (digital and physical bag) and the end of the game (section 3: Game end, Winner)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code, canonical, to_data
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import DoomGained, ElderSignRevealed, EndTriggered, GameEnded
from companion.engine.cthulhu.model import ELDER_SIGN_BAG, GameState, Options, Phase, PromptKind
from tests.helpers import events_of, rejected, run, set_players, started

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"


def draw(state: GameState, pid: str, times: int = 1) -> GameState:
    seat = state.seat(pid)
    assert seat is not None
    for _ in range(times):
        state = flow.draw_elder_sign(state, seat, "test", [])
    return state


def test_the_digital_bag_holds_18_ones_12_twos_and_6_threes() -> None:
    assert ELDER_SIGN_BAG == (18, 12, 6)
    state = draw(started(), GC, 36)
    values = state.player(GC).elder_signs
    assert sorted(values) == [1] * 18 + [2] * 12 + [3] * 6
    assert state.elder_sign_bag == (0, 0, 0)


def test_a_drawn_sign_stays_hidden_from_the_events() -> None:
    events: list[object] = []
    state = started()
    flow.draw_elder_sign(state, 0, "test", events)  # type: ignore[arg-type]
    assert "value" not in to_data(events[0])


def test_an_empty_digital_bag_gives_one_doom_instead() -> None:
    state = replace(started(), elder_sign_bag=(0, 0, 0))
    events: list[object] = []
    state = flow.draw_elder_sign(state, 0, "test", events)  # type: ignore[arg-type]
    assert state.players[0].doom == 1 and isinstance(events[0], DoomGained)


def test_revealing_a_digital_sign_adds_its_value_to_doom() -> None:
    state = draw(started(), GC)
    value = state.player(GC).elder_signs[0]
    state = run(state, c.RevealElderSign(GC))
    assert state.player(GC).doom == value and state.player(GC).revealed == (value,)
    assert state.prompt.actor == GC  # revealing takes no turn


def test_physical_signs_are_entered_when_revealed() -> None:
    state = draw(started(options=Options(digital_elder_signs=False)), GC)
    assert state.player(GC).elder_signs == (0,)  # the referee does not know it yet
    assert rejected(state, c.RevealElderSign(GC)).code is Code.BAD_VALUE
    state = run(state, c.RevealElderSign(GC, 3))
    assert state.player(GC).doom == 3 and state.elder_sign_bag == (18, 12, 5)


def test_a_physical_value_the_bag_no_longer_holds_is_refused() -> None:
    state = draw(started(options=Options(digital_elder_signs=False)), GC)
    state = set_players(state, black_goat={"revealed": (3,) * 6})
    assert "All 6 Elder Signs worth 3" in rejected(state, c.RevealElderSign(GC, 3)).message


def test_no_hidden_sign_nothing_to_reveal() -> None:
    assert rejected(started(), c.RevealElderSign(GC)).code is Code.NO_SUCH_UNITS


def test_thirty_doom_by_a_sign_in_the_action_phase_ends_the_game_when_the_turn_ends() -> None:
    state = set_players(draw(started(), BG), black_goat={"doom": 29, "spellbooks": 6})
    # It is Great Cthulhu's turn; Black Goat reveals and passes 30.
    events = events_of(state, c.RevealElderSign(BG))
    assert EndTriggered("doom", "when the current turn ends") in events
    state = run(state, c.RevealElderSign(BG))
    assert state.phase is Phase.ACTION and state.prompt.actor == GC  # the turn goes on
    state = run(state, c.Pass(GC))
    assert state.phase is Phase.GAME_OVER
    assert state.outcome is not None and state.outcome.winners == (BG,)


def test_most_doom_among_six_spellbook_players_wins() -> None:
    state = set_players(
        started(),
        great_cthulhu={"doom": 31, "spellbooks": 5},
        crawling_chaos={"doom": 25, "spellbooks": 6},
        black_goat={"doom": 20, "spellbooks": 6},
    )
    assert flow.winners_by_doom(state) == (CC,)


def test_tied_qualified_players_share_the_win() -> None:
    state = set_players(started(), crawling_chaos={"doom": 25, "spellbooks": 6}, black_goat={"doom": 25, "spellbooks": 6})
    assert flow.winners_by_doom(state) == (CC, BG)


def test_nobody_with_six_spellbooks_everyone_loses() -> None:
    state = set_players(started(), great_cthulhu={"doom": 40})
    assert flow.winners_by_doom(state) == ()


def test_the_final_reveal_asks_for_physical_signs_then_declares() -> None:
    state = draw(started(options=Options(digital_elder_signs=False)), CC, 2)
    state = set_players(state, crawling_chaos={"doom": 27, "spellbooks": 6}, black_goat={"doom": 29, "spellbooks": 6})
    state = replace(state, end_trigger="doom")
    state = run(state, c.Pass(GC))
    assert state.prompt.kind is PromptKind.ELDER_SIGN_VALUE and state.prompt.actor == CC
    assert rejected(state, c.Pass(GC)).code is Code.NOT_NOW
    state = run(state, c.RevealElderSign(CC, 2))
    assert state.prompt.kind is PromptKind.ELDER_SIGN_VALUE  # one more to go
    events = events_of(state, c.RevealElderSign(CC, 1))
    assert ElderSignRevealed(CC, 1, 30) in events
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert ended.winners == (CC,)  # 27 + 2 + 1 = 30 beats 29


def test_digital_signs_are_revealed_automatically_at_the_end() -> None:
    state = draw(started(), CC, 3)
    hidden = sum(state.player(CC).elder_signs)
    state = set_players(state, crawling_chaos={"spellbooks": 6})
    state = run(replace(state, end_trigger="doom"), c.Pass(GC))
    assert state.phase is Phase.GAME_OVER and state.player(CC).doom == hidden
    assert canonical(state).count('"elder_signs":[]') == 3
