"""The Action Phase: turns, the common actions, battles and their dice, corrections."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import Code, canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled, DiceRolled, GateChanged, PowerSpent
from companion.engine.cthulhu.model import GameState, Phase, PromptKind, UnitKind, spellbook_count
from tests.helpers import events_of, rejected, run, set_board, set_players, started

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
ACOLYTE = UnitKind.CULTIST


def area(state: GameState, name: str) -> int:
    index = state.board.area_index(name)
    assert index is not None
    return index


def test_move_to_an_adjacent_area_costs_one_power_per_unit() -> None:
    state = run(started(), c.Move(GC, "North Pacific", (c.UnitRef("South Pacific", ACOLYTE, "Acolyte", 2),)))
    assert state.areas[area(state, "North Pacific")].count(owner=GC) == 2
    assert state.player(GC).power == 6
    assert state.prompt.actor == CC  # a Move is the turn's one action


def test_move_refuses_areas_that_are_not_adjacent() -> None:
    refusal = rejected(started(), c.Move(GC, "Europe", (c.UnitRef("South Pacific", ACOLYTE),)))
    assert refusal.code is Code.NOT_ADJACENT
    assert refusal.message == "South Pacific is not adjacent to Europe."


def test_move_refuses_units_that_are_not_there_and_unknown_areas() -> None:
    assert (
        rejected(started(), c.Move(GC, "North Pacific", (c.UnitRef("South Pacific", ACOLYTE, "Acolyte", 7),))).code
        is Code.NO_SUCH_UNITS
    )
    assert rejected(started(), c.Move(GC, "Atlantis", (c.UnitRef("South Pacific", ACOLYTE),))).code is Code.UNKNOWN_AREA


def test_the_last_unit_leaving_abandons_the_gate() -> None:
    state = set_board(started(), Europe={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]})
    events = events_of(state, c.Move(GC, "Asia", (c.UnitRef("Europe", ACOLYTE),)))
    assert GateChanged("Europe", "abandoned", "its controller left") in events


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = started()
    refusal = rejected(state, c.Recruit(CC, "Asia"))
    assert refusal.code is Code.NOT_YOUR_TURN
    assert "Great Cthulhu: take an action" in refusal.message


def test_recruit_needs_a_unit_there_and_a_free_acolyte() -> None:
    state = started()
    assert rejected(state, c.Recruit(GC, "Asia")).code is Code.NO_SUCH_UNITS
    # All six Acolytes are on the map at the start: nothing left in the pool.
    assert "All 6" in rejected(state, c.Recruit(GC, "South Pacific")).message
    state = set_board(state, South_Pacific={"gate": GC, "units": [(GC, "cultist", "Acolyte", 5)]})
    state = run(state, c.Recruit(GC, "South Pacific"))
    assert state.areas[area(state, "South Pacific")].count(owner=GC) == 6 and state.player(GC).power == 7


def test_build_gate_needs_a_cultist_and_no_gate_and_three_power() -> None:
    state = run(started(), c.Move(GC, "North Pacific", (c.UnitRef("South Pacific", ACOLYTE),)), c.Pass(CC), c.Pass(BG))
    assert rejected(state, c.BuildGate(GC, "South Pacific")).code is Code.GATE_PRESENT
    state = run(state, c.BuildGate(GC, "North Pacific"))
    gate = state.areas[area(state, "North Pacific")].gate
    assert gate is not None and gate.controller == GC and state.player(GC).power == 7 - 3


def test_summon_needs_a_controlled_gate_and_the_cost() -> None:
    state = started()
    assert rejected(state, c.Summon(GC, "North Pacific", "Deep One", 1)).code is Code.NOT_CONTROLLER
    assert rejected(state, c.Summon(GC, "South Pacific", "Starspawn", 9)).code is Code.CANNOT_AFFORD
    state = run(state, c.Summon(GC, "South Pacific", "Starspawn", 3))
    assert state.areas[area(state, "South Pacific")].count(owner=GC, kind=UnitKind.MONSTER, name="Starspawn") == 1


def test_players_out_of_power_are_skipped_and_the_phase_ends_when_all_are() -> None:
    state = set_players(started(), crawling_chaos={"power": 0})
    state = run(state, c.Pass(GC))
    assert state.prompt.actor == BG  # CC has no Power
    state = run(state, c.Pass(BG))
    assert state.round == 2 and state.phase is not Phase.ACTION


def test_unlimited_actions_keep_the_turn() -> None:
    state = set_board(started(), Europe={"gate": "abandoned", "units": [(GC, "cultist", "Acolyte", 1)]})
    state = run(state, c.ControlGate(GC, "Europe"))
    assert state.prompt.actor == GC
    state = run(state, c.AbandonGate(GC, "Europe"))
    gate = state.areas[area(state, "Europe")].gate
    assert gate is not None and gate.controller is None and state.prompt.actor == GC


def test_capture_takes_an_unprotected_cultist() -> None:
    state = set_board(started(), Asia={"gate": CC, "units": [(CC, "cultist", "Acolyte", 2), (GC, "monster", "Deep One", 1)]})
    state = run(state, c.Capture(GC, "Asia", CC))
    assert state.player(GC).captured == (CC,) and state.areas[area(state, "Asia")].count(owner=CC) == 1
    guarded = set_board(
        started(),
        Asia={"units": [(CC, "cultist", "Acolyte", 1), (CC, "monster", "Nightgaunt", 1), (GC, "monster", "Deep One", 1)]},
    )
    assert rejected(guarded, c.Capture(GC, "Asia", CC)).code is Code.NOT_NOW


def battle_state() -> GameState:
    state = set_board(started(), Asia={"gate": CC, "units": [(CC, "cultist", "Acolyte", 6), (GC, "monster", "Starspawn", 2)]})
    return run(state, c.BattleAction(GC, "Asia", CC, attacker_dice=6, defender_dice=2))


def test_battle_asks_each_side_for_dice_and_counts_kills_and_pains() -> None:
    state = battle_state()
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == GC and state.prompt.dice == 6
    state = run(state, c.Roll((6, 6, 5, 4, 3, 1), "tower"))
    assert state.prompt.actor == CC and state.prompt.dice == 2
    events = events_of(state, c.Roll((6, 2), "screen"))
    # Attacker: two 6s are Kills, a 5 and a 4 are Pains. Defender: one Kill, no Pain.
    assert BattleRolled("Asia", GC, CC, 2, 2, 1, 0) in events
    assert DiceRolled("battle", CC, (6, 2), "d6", "screen") in events


def test_a_roll_with_the_wrong_dice_is_refused_and_changes_nothing() -> None:
    state = battle_state()
    before = canonical(state)
    assert rejected(state, c.Roll((6, 6), "tower")).code is Code.BAD_ROLL
    assert "7 is not a face" in rejected(state, c.Roll((7, 1, 1, 1, 1, 1), "tower")).message
    assert canonical(state) == before


def test_the_generator_rolls_from_the_seed_in_the_state() -> None:
    state = battle_state()
    first = events_of(state, c.Roll(None, "generator"))
    again = events_of(state, c.Roll(None, "generator"))
    assert first == again  # same state, same dice
    rolled = run(state, c.Roll(None, "generator"))
    assert rolled.rng.position > state.rng.position


def test_no_roll_is_accepted_when_none_is_pending() -> None:
    assert rejected(started(), c.Roll((3,), "tower")).code is Code.NOT_NOW


def test_kills_are_assigned_at_the_table_with_eliminate_and_retreat() -> None:
    state = run(battle_state(), c.Roll((6, 1, 1, 1, 1, 4), "tower"), c.Roll((1, 1), "tower"))
    state = run(state, c.Eliminate(CC, c.UnitRef("Asia", ACOLYTE)), c.Retreat(CC, c.UnitRef("Asia", ACOLYTE), "Europe"))
    assert state.areas[area(state, "Asia")].count(owner=CC) == 4
    assert state.areas[area(state, "Europe")].count(owner=CC) == 1


@pytest.mark.parametrize(("counter", "value"), [("power", 12), ("doom", 7), ("spellbooks", 3)])
def test_counters_can_be_corrected_by_hand(counter: str, value: int) -> None:
    state = run(started(), c.Correct(BG, counter, value))
    player = state.player(BG)
    assert (spellbook_count(player) if counter == "spellbooks" else getattr(player, counter)) == value
    assert state.prompt.actor == GC  # a correction takes no turn


def test_impossible_corrections_are_refused() -> None:
    assert rejected(started(), c.Correct(BG, "spellbooks", 7)).code is Code.BAD_VALUE
    assert rejected(started(), c.Correct(BG, "power", -1)).code is Code.BAD_VALUE
    assert rejected(started(), c.Correct(BG, "luck", 1)).code is Code.BAD_VALUE
    assert rejected(started(), c.Correct("cthulhu", "power", 1)).code is Code.UNKNOWN_PLAYER


def test_set_gate_keeps_a_controller_on_the_board() -> None:
    assert rejected(started(), c.SetGate("Europe", GC)).code is Code.NO_SUCH_UNITS
    state = run(started(), c.SetGate("Europe", "abandoned"))
    assert state.areas[area(state, "Europe")].gate is not None


def test_power_spent_is_reported_with_what_is_left() -> None:
    events = events_of(started(), c.Summon(GC, "South Pacific", "Shoggoth", 2))
    assert PowerSpent(GC, 2, "summoning Shoggoth", 6) in events


def test_negative_costs_are_refused() -> None:
    assert rejected(started(), c.Summon(GC, "South Pacific", "Shoggoth", -2)).code is Code.BAD_VALUE


def test_the_game_over_refuses_everything() -> None:
    state = replace(started(), phase=Phase.GAME_OVER)
    assert rejected(state, c.Pass(GC)).code is Code.GAME_OVER
