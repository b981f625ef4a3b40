"""A battle resolved whole (factions.md section 11): computed dice, Kills then Pains assigned by
the side that must choose (only the legal choices), retreats, the older hand-assigned form, odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from companion.engine import Code, State, canonical, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleEnded, BattleRolled, CombatComputed, GateChanged, HitTaken, Part
from companion.engine.cthulhu.factions import Hooks
from companion.engine.cthulhu.model import ERADICATED, NEUTRAL, Faction, PromptKind
from companion.engine.cthulhu.odds import battle_odds, kill_chance
from tests.engine.cthulhu.factions.common import CC, GC, count, game
from tests.engine.cthulhu.plugins import swap
from tests.helpers import events_of, rejected, run

MIXED = {
    "Asia": {
        "units": [
            (GC, "monster", "Starspawn", 1),
            (GC, "monster", "Deep One", 1),
            (CC, "cultist", "Acolyte", 2),
            (CC, "monster", "Flying Polyp", 1),
            (CC, "monster", "Nightgaunt", 1),
        ]
    }
}


def declared(area: str = "Asia", **areas: dict[str, Any]) -> State:
    return run(game(Faction.GREAT_CTHULHU, **(areas or MIXED)), c.BattleAction(GC, area, CC))


def test_combat_dice_are_computed_from_the_units_present() -> None:
    events = events_of(game(Faction.GREAT_CTHULHU, **MIXED), c.BattleAction(GC, "Asia", CC))
    assert CombatComputed(GC, "Asia", 4, (Part("for 1 Deep One", 1), Part("for 1 Starspawn", 3))) in events
    assert any(isinstance(e, CombatComputed) and e.player == CC and e.dice == 1 for e in events)
    state = declared()
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == GC and state.prompt.dice == 4
    assert state.player(GC).power == 19  # the battle's 1 Power


def test_a_dice_count_given_overrides_the_computed_one() -> None:
    state = run(game(Faction.GREAT_CTHULHU, **MIXED), c.BattleAction(GC, "Asia", CC, attacker_dice=2))
    assert state.prompt.dice == 2
    state = run(state, c.Roll((1, 1), "screen"))
    assert state.prompt.actor == CC and state.prompt.dice == 1  # the defender's still computed


def test_kills_land_on_the_defender_first_then_pains_then_retreats_each_chosen_by_its_side() -> None:
    state = run(declared(), c.Roll((6, 6, 4, 1), "tower"))
    events = events_of(state, c.Roll((6,), "tower"))
    assert BattleRolled("Asia", GC, CC, 2, 1, 1, 0) in events
    state = run(state, c.Roll((6,), "tower"))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == CC
    assert state.prompt.choices == ("Acolyte", "Flying Polyp", "Nightgaunt")
    state = run(state, c.AssignKill(CC, "Nightgaunt"), c.AssignKill(CC, "Acolyte"))
    assert count(state, "Asia", CC, "Nightgaunt") == 0 and count(state, "Asia", CC, "Acolyte") == 1
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == GC  # the attacker's units next
    assert state.prompt.choices == ("Deep One", "Starspawn")
    state = run(state, c.AssignKill(GC, "Deep One"))
    assert state.prompt.kind is PromptKind.ASSIGN_PAIN and state.prompt.actor == CC
    assert state.prompt.choices == ("Acolyte", "Flying Polyp")
    state = run(state, c.AssignPain(CC, "Flying Polyp"))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == CC
    assert set(state.prompt.choices) == {"Arctic Ocean", "North Atlantic", "North Pacific", "Indian Ocean", "Europe", "Africa"}
    events = events_of(state, c.ChooseRetreat(CC, "Europe"))
    assert BattleEnded("Asia", GC, CC) in events
    state = run(state, c.ChooseRetreat(CC, "Europe"))
    assert count(state, "Europe", CC, "Flying Polyp") == 1 and state.battle is None
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC  # the battle was GC's action


def test_as_many_kills_as_units_kill_them_all_without_asking() -> None:
    state = declared(
        Asia={"units": [(GC, "monster", "Starspawn", 1), (CC, "cultist", "Acolyte", 1), (CC, "monster", "Nightgaunt", 1)]}
    )
    events = events_of(state, c.Roll((6, 6, 6), "tower"))
    assert HitTaken(CC, "Asia", "cultist", "Acolyte", "kill") in events
    assert HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill") in events
    state = run(state, c.Roll((6, 6, 6), "tower"))
    assert state.battle is None and state.prompt.actor == CC


def test_one_kind_of_unit_left_takes_the_result_without_asking() -> None:
    state = declared(Asia={"units": [(GC, "monster", "Starspawn", 1), (CC, "cultist", "Acolyte", 3)]})
    state = run(state, c.Roll((6, 5, 1), "tower"))  # the Acolytes roll no dice
    assert count(state, "Asia", CC, "Acolyte") == 2  # one killed; the pained one waits to retreat
    assert state.prompt.kind is PromptKind.RETREAT  # six places to go: that is a choice
    assert count(run(state, c.ChooseRetreat(CC, "Africa")), "Africa", CC, "Acolyte") == 1


SOUTH = {"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]}


def test_killed_units_go_back_to_the_pool() -> None:
    state = declared(Asia={"units": [(GC, "monster", "Starspawn", 2), (CC, "monster", "Hunting Horror", 2)]}, South_Pacific=SOUTH)
    state = run(state, c.Roll((1,) * 6, "tower"), c.Roll((6, 6, 1, 1), "tower"))
    assert count(state, "Asia", GC, "Starspawn") == 0
    state = run(state, c.Pass(CC), c.Pass("black_goat"), c.Summon(GC, "South Pacific", "Starspawn"))
    assert state.player(GC).power == 19 - 3  # the pool has them again


def test_a_killed_great_old_one_returns_to_the_pool_and_costs_the_immortal_price_after() -> None:
    units = [(GC, "goo", "Cthulhu", 1), (CC, "monster", "Hunting Horror", 2)]
    state = game(Faction.GREAT_CTHULHU, South_Pacific=SOUTH, Asia={"units": units})
    state = state.with_player(0, awakened=("Cthulhu",))
    state = run(state, c.BattleAction(GC, "Asia", CC), c.Roll((1,) * 6, "tower"), c.Roll((6, 1, 1, 1), "tower"))
    assert count(state, "Asia", GC, "Cthulhu") == 0 and state.battle is None
    state = run(state, c.Pass(CC), c.Pass("black_goat"), c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert state.player(GC).power == 19 - 4 and count(state, "South Pacific", GC, "Cthulhu") == 1


def test_the_attackers_pained_units_retreat_first() -> None:
    units = [(GC, "monster", "Starspawn", 1), (CC, "monster", "Hunting Horror", 1)]
    state = declared(Asia={"units": units})
    state = run(state, c.Roll((5, 1, 1), "tower"), c.Roll((4, 1), "tower"))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == GC
    state = run(state, c.ChooseRetreat(GC, "Europe"))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == CC
    assert "Europe" not in state.prompt.choices  # the attacker's Starspawn stands there now


def test_a_pained_unit_retreats_only_where_its_enemy_is_not_and_never_into_an_eradicated_area() -> None:
    state = declared(
        "Australia",
        Australia={"units": [(GC, "monster", "Starspawn", 1), (CC, "monster", "Flying Polyp", 1)]},
        South_Pacific={"units": [(GC, "monster", "Deep One", 1)]},
        Indian_Ocean={"markers": [ERADICATED]},
    )
    state = run(state, c.Roll((5, 1, 1), "tower"), c.Roll((1,), "tower"))
    assert count(state, "Australia", CC, "Flying Polyp") == 0  # nowhere to go: eliminated
    assert state.battle is None


def test_a_gate_is_abandoned_when_its_controllers_last_unit_dies_or_retreats_in_the_battle() -> None:
    board = {"Asia": {"gate": CC, "units": [(GC, "monster", "Starspawn", 1), (CC, "cultist", "Acolyte", 1)]}}
    killed = run(game(Faction.GREAT_CTHULHU, **board), c.BattleAction(GC, "Asia", CC))
    events = events_of(killed, c.Roll((6, 1, 1), "tower"))  # the Acolyte rolls no dice: resolved at once
    assert GateChanged("Asia", "abandoned", "its controller left") in events
    assert events.index(GateChanged("Asia", "abandoned", "its controller left")) < len(events) - 2  # before BattleEnded
    after = run(killed, c.Roll((6, 1, 1), "tower"))
    asia = after.areas[after.board.area_index("Asia") or 0]
    assert asia.gate is not None and asia.gate.abandoned and count(after, "Asia", CC, "Acolyte") == 0
    pained = run(game(Faction.GREAT_CTHULHU, **board), c.BattleAction(GC, "Asia", CC))
    state = run(pained, c.Roll((4, 1, 1), "tower"))
    while state.prompt.kind is PromptKind.RETREAT:
        state = run(state, c.ChooseRetreat(CC, state.prompt.choices[0]))
    asia = state.areas[state.board.area_index("Asia") or 0]
    assert state.battle is None and asia.gate is not None and asia.gate.abandoned


def test_the_assign_prompts_refuse_other_units_and_other_players_and_change_nothing() -> None:
    state = run(declared(), c.Roll((6, 1, 1, 1), "tower"), c.Roll((1,), "tower"))
    before = canonical(state)
    assert rejected(state, c.AssignKill(CC, "Starspawn")).code is Code.NOT_A_CHOICE
    assert rejected(state, c.AssignKill(GC, "Acolyte")).code is Code.NOT_YOUR_TURN
    assert rejected(state, c.AssignPain(CC, "Acolyte")).code is Code.NOT_NOW
    assert rejected(state, c.Pass(GC)).code is Code.NOT_NOW
    assert canonical(state) == before


def test_neutral_units_results_are_assigned_by_their_opponent() -> None:
    units = [(GC, "monster", "Starspawn", 1), (NEUTRAL, "monster", "Ghast", 1), (NEUTRAL, "monster", "Gug", 1)]
    state = run(game(Faction.GREAT_CTHULHU, Asia={"units": units}), c.BattleAction(GC, "Asia", NEUTRAL))
    state = run(state, c.Roll((6, 1, 1), "tower"), c.Roll((1, 1, 1), "tower"))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == GC
    assert state.prompt.choices == ("Ghast", "Gug")


def test_an_unknown_units_combat_needs_the_dice_given() -> None:
    state = game(Faction.GREAT_CTHULHU, Asia={"units": [(GC, "monster", "Monster", 1), (CC, "cultist", "Acolyte", 1)]})
    refusal = rejected(state, c.BattleAction(GC, "Asia", CC))
    assert refusal.code is Code.BAD_VALUE and "attacker_dice" in refusal.message


def test_both_dice_given_keep_the_older_battle_the_table_assigns_by_hand() -> None:
    state = run(game(Faction.GREAT_CTHULHU, **MIXED), c.BattleAction(GC, "Asia", CC, 2, 1))
    events = events_of(state, c.Roll((6, 6), "tower"))
    state = run(state, c.Roll((6, 6), "tower"))
    assert state.prompt.kind is PromptKind.ROLL
    events = events_of(state, c.Roll((1,), "tower"))
    assert BattleRolled("Asia", GC, CC, 2, 0, 0, 0) in events and not any(isinstance(e, HitTaken) for e in events)
    state = run(state, c.Roll((1,), "tower"))
    assert state.prompt.actor == CC and count(state, "Asia", CC, "Acolyte") == 2


def test_by_hand_false_resolves_a_battle_with_given_counts_whole() -> None:
    state = run(game(Faction.GREAT_CTHULHU, **MIXED), c.BattleAction(GC, "Asia", CC, 1, 0, by_hand=False))
    state = run(state, c.Roll((6,), "tower"))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == CC


def test_kill_chance_is_exact() -> None:
    assert kill_chance(0) == 0
    assert kill_chance(1) == Fraction(1, 6)
    assert kill_chance(3) == 1 - Fraction(125, 216)


def test_battle_odds_show_each_sides_chance_before_the_dice() -> None:
    state = declared()
    odds = battle_odds(state)
    assert odds is not None
    assert odds.attacker == (GC, 4, 1 - Fraction(5, 6) ** 4) and odds.defender == (CC, 1, Fraction(1, 6))
    assert battle_odds(run(state, c.Roll((1, 1, 1, 1), "tower"), c.Roll((1,), "tower"))) is None


def test_the_benchmarks_battles_resolve_as_measured() -> None:
    from bench.battle_bench import states

    resolving, _last, choosing, _kill, declared, _on = states()  # each asserts what it measures
    assert resolving.battle is not None and choosing.prompt.kind is PromptKind.ASSIGN_KILL
    assert battle_odds(declared) is not None


def test_the_ability_hooks_run_at_their_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle's hooks a faction's plugin fills: the assigner of the enemy's results
    (Vengeance's shape).  (The pre- and post-battle abilities react to the battle's events.)"""
    swap(monkeypatch, Faction.GREAT_CTHULHU, battle=Hooks(assigner=lambda side: side.pid))
    state = declared()
    assert state.prompt.actor == GC
    state = run(state, c.Roll((6, 1, 1, 1), "tower"))
    state = run(state, c.Roll((1,), "tower")) if state.prompt.kind is PromptKind.ROLL else state
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == GC  # GC chooses for CC


def asia(state: State) -> int:
    index = state.board.area_index("Asia")
    assert index is not None
    return index


def test_a_turn_offers_a_battle_where_the_player_has_combat_and_both_sides_dice_are_known() -> None:
    offered = [cmd for cmd in legal_commands(game(Faction.GREAT_CTHULHU, **MIXED)) if isinstance(cmd, c.BattleAction)]
    assert offered == [c.BattleAction(GC, "Asia", CC)]
    cultists_only = game(
        Faction.GREAT_CTHULHU, Asia={"units": [(GC, "cultist", "Acolyte", 1), (CC, "monster", "Flying Polyp", 1)]}
    )
    assert not [cmd for cmd in legal_commands(cultists_only) if isinstance(cmd, c.BattleAction)]  # no combat: no battle
