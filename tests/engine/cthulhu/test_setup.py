"""Set-up: seats, start areas, the first player and the first round (section 3: Setup, First round)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Phase, PromptKind, UnitKind
from companion.maps import load_map
from tests.helpers import CORE3, new_game, ok, rejected, run, started


def test_printed_start_areas_get_six_acolytes_and_a_controlled_gate() -> None:
    state = ok(apply(None, new_game()))
    for pid, area in (("great_cthulhu", "South Pacific"), ("crawling_chaos", "Asia"), ("black_goat", "Africa")):
        index = state.board.area_index(area)
        assert index is not None
        assert state.areas[index].count(owner=pid, kind=UnitKind.CULTIST) == 6
        gate = state.areas[index].gate
        assert gate is not None and gate.controller == pid


def test_great_cthulhu_is_first_player_and_chooses_the_direction() -> None:
    factions = (Faction.BLACK_GOAT, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = ok(apply(None, new_game(factions=factions)))
    assert state.first == 1
    assert state.prompt.kind is PromptKind.DIRECTION and state.prompt.actor == "great_cthulhu"


def test_first_round_starts_in_the_action_phase_with_eight_power() -> None:
    state = started()
    assert state.phase is Phase.ACTION and state.round == 1
    assert [p.power for p in state.players] == [8, 8, 8]
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == "great_cthulhu"


def test_counterclockwise_play_reverses_the_turn_order() -> None:
    state = started(direction="counterclockwise")
    state = run(state, c.Pass("great_cthulhu"))
    assert state.prompt.actor == "black_goat"


def test_opener_chooses_any_area_not_taken() -> None:
    factions = (*CORE3, Faction.OPENER_OF_THE_WAY)
    state = ok(apply(None, new_game("earth-4p-35", factions)))
    assert state.prompt.kind is PromptKind.START_AREA and state.prompt.actor == "opener_of_the_way"
    assert "South Pacific" not in state.prompt.choices  # Great Cthulhu's
    assert len(state.prompt.choices) == 17 - 3
    assert rejected(state, c.ChooseStart("opener_of_the_way", "Asia")).code is Code.NOT_A_CHOICE
    state = run(state, c.ChooseStart("opener_of_the_way", "Arabia"))
    assert state.prompt.kind is PromptKind.DIRECTION


def test_ancients_choose_among_areas_that_are_nobodys_printed_start() -> None:
    factions = (*CORE3, Faction.ANCIENTS)
    state = ok(apply(None, new_game("earth-4p-35", factions)))
    assert state.prompt.actor == "ancients"
    board = load_map("earth-4p-35")
    printed = {a.name for a in board.areas if a.start}
    assert printed.isdisjoint(state.prompt.choices)
    assert "Arabia" in state.prompt.choices


def test_windwalker_chooses_between_its_two_printed_starts() -> None:
    state = ok(apply(None, new_game(factions=(*CORE3[:2], Faction.WINDWALKER))))
    assert state.prompt.actor == "windwalker"
    assert set(state.prompt.choices) == {"Arctic Ocean", "Antarctica"}


def test_a_start_area_not_offered_is_refused() -> None:
    state = ok(apply(None, new_game(factions=(*CORE3[:2], Faction.WINDWALKER))))
    assert rejected(state, c.ChooseStart("windwalker", "Europe")).code is Code.NOT_A_CHOICE
    assert rejected(state, c.ChooseStart("great_cthulhu", "Antarctica")).code is Code.NOT_YOUR_TURN


def test_seat_counts_and_duplicates_are_refused() -> None:
    board = load_map("earth-3p")
    two = c.NewGame(board, (c.Seat(Faction.GREAT_CTHULHU), c.Seat(Faction.BLACK_GOAT)))
    assert "3 to 8 players" in rejected_new(two)
    twice = c.NewGame(board, (c.Seat(Faction.GREAT_CTHULHU),) * 3)
    assert "seated twice" in rejected_new(twice)
    wrong_map = new_game("earth-5p")
    assert "for 5 players" in rejected_new(wrong_map)
    nameless = c.NewGame(board, (c.Seat(Faction.GREAT_CTHULHU), c.Seat(Faction.BLACK_GOAT), c.Seat(Faction.OTHER)))
    assert "needs a name" in rejected_new(nameless)


def test_other_factions_are_named_by_their_players() -> None:
    board = load_map("earth-3p")
    cmd = c.NewGame(board, (c.Seat(Faction.GREAT_CTHULHU), c.Seat(Faction.BLACK_GOAT), c.Seat(Faction.OTHER, "The Green Hand")))
    state = ok(apply(None, cmd))
    assert state.players[2].pid == "the_green_hand"
    assert state.prompt.kind is PromptKind.START_AREA  # no printed start: any free area


def test_a_partial_map_cannot_be_played() -> None:
    board = replace(load_map("earth-3p"), status=load_map("yuggoth-demo").status.__class__("partial"))
    assert "transcribe your board" in rejected_new(c.NewGame(board, tuple(c.Seat(f) for f in CORE3)))


def test_the_second_new_game_is_refused() -> None:
    assert rejected(started(), new_game()).code is Code.NOT_NOW


def rejected_new(command: c.NewGame) -> str:
    result = apply(None, command)
    assert not result.ok
    return str(getattr(result, "message", ""))


def test_a_faction_whose_printed_starts_were_all_taken_chooses_any_area_without_a_gate() -> None:
    """The Opener (first in turn order here) takes Crawling Chaos's only start on the Shaggai
    demo layout; Crawling Chaos is then offered every area still without a gate, never nothing."""
    seats = (c.Seat(Faction.OPENER_OF_THE_WAY), c.Seat(Faction.CRAWLING_CHAOS), c.Seat(Faction.GREAT_CTHULHU))
    state = ok(apply(None, c.NewGame(load_map("shaggai-demo"), seats, 1)))
    (only,) = state.board.start_areas("crawling_chaos")
    state = ok(apply(state, c.ChooseStart("opener_of_the_way", state.area_name(only))))
    assert state.prompt.kind is PromptKind.START_AREA and state.prompt.actor == "crawling_chaos"
    gateless = [a.name for a, s in zip(state.board.areas, state.areas, strict=True) if s.gate is None]
    assert list(state.prompt.choices) == gateless and state.area_name(only) not in state.prompt.choices
