"""Yuggoth: one test per rule sentence of ../shared/rules/yuggoth-watcher.txt, named after it.

The board is the shipped ``yuggoth-demo`` layout (an invented board, NOT the printed one):
Slopes of the Pyramid North (die number 1), Slopes of the Pyramid South (3) and the Watcher
Postern (5), which touches only the two slopes.  Three players: Great Cthulhu starts in
Methane Deeps, Crawling Chaos in Cold Wastes, Black Goat in Fungus Plains.
"""

from __future__ import annotations

from companion.engine import Code, State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import PowerGathered
from companion.engine.cthulhu.model import Phase, PromptKind, Watcher, WatcherFight
from companion.engine.cthulhu.watcher import (
    BattleWatcher,
    CombatDice,
    WatcherAttacksEnded,
    WatcherAttackStarted,
    WatcherAwakened,
    WatcherBattled,
    WatcherDecayed,
    WatcherKilled,
    WatcherMove,
    WatcherStaysAsleep,
    WatcherTarget,
    WatcherTokenChanged,
    WatcherWakePending,
)
from companion.engine.values import evolve
from tests.engine.cthulhu.yuggoth_board import (
    BG,
    CC,
    GC,
    NORTH,
    POSTERN,
    SOUTH,
    area_of,
    armed,
    attacking,
    awake,
    complete_attacks,
    end_action_phase,
    pyramid_gate,
    roll,
    yuggoth,
)
from tests.helpers import events_of, rejected, run, set_board, set_players, skip_rituals

# -- The Slopes of the Pyramid and Watcher Postern ----------------------------------------------


def test_controlled_gates_on_any_green_pyramid_area_including_the_postern_produce_3_power_instead_of_2() -> None:
    state = pyramid_gate(pyramid_gate(yuggoth(), NORTH, BG), POSTERN, BG)
    _, events = end_action_phase(state)
    black_goat = next(e for e in events if isinstance(e, PowerGathered) and e.player == BG)
    # 6 + 1 + 1 cultists; 3 controlled gates x 2 = 6; +1 for each of the two pyramid gates = 16.
    assert black_goat.total == 8 + 6 + 2
    assert ("Green Pyramid", 2) in [(p.label, p.amount) for p in black_goat.parts]


def test_yog_sothoth_produces_3_power_if_he_is_in_a_green_pyramid_area() -> None:
    state = set_board(yuggoth(), Slopes_of_the_Pyramid_South={"units": [(CC, "goo", "Yog-Sothoth", 1)]})
    _, events = end_action_phase(state)
    chaos = next(e for e in events if isinstance(e, PowerGathered) and e.player == CC)
    # 6 cultists + start gate 2 + Yog-Sothoth as a gate 2 + pyramid 1 = 11.
    assert chaos.total == 11


def test_abandoned_gates_on_the_green_pyramid_still_only_produce_1_power_for_all_factions() -> None:
    state = set_board(yuggoth(), Watcher_Postern={"gate": "abandoned"})
    _, events = end_action_phase(state)
    totals = {e.player: e.total for e in events if isinstance(e, PowerGathered)}
    assert totals == {GC: 9, CC: 9, BG: 9}  # 6 cultists + 2 for the start gate + 1 abandoned


# -- Doom Phase: the Watcher Awakens ------------------------------------------------------------


def test_the_watcher_token_starts_dark_at_12_and_the_figure_off_the_map() -> None:
    assert yuggoth().watcher == Watcher(awake=False, token=12, area=-1)


def test_at_the_end_of_the_doom_phase_after_all_rituals_with_a_controlled_pyramid_gate_roll_a_die() -> None:
    state, _ = end_action_phase(pyramid_gate(yuggoth()))
    assert state.prompt.kind is PromptKind.RITUAL  # rituals first
    state, _ = skip_rituals(state)
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.purpose == "watcher_awaken"
    assert state.prompt.dice == 1 and state.phase is Phase.DOOM


def test_without_a_controlled_gate_on_the_pyramid_no_die_is_rolled() -> None:
    state = set_board(yuggoth(), Watcher_Postern={"gate": "abandoned"})
    state, _ = skip_rituals(end_action_phase(state)[0])
    assert state.phase is Phase.ACTION and state.prompt.kind is PromptKind.ACTION


def test_if_the_result_equals_the_number_of_an_area_with_a_controlled_gate_the_watcher_awakens_on_the_postern() -> None:
    state, _ = skip_rituals(end_action_phase(pyramid_gate(yuggoth(), NORTH))[0])
    state, events = roll(state, 1)  # Slopes North carries 1; the figure goes to the Postern anyway
    assert WatcherAwakened("die", POSTERN, 12) in events
    assert state.watcher is not None and state.watcher.awake and state.watcher.area == area_of(state, POSTERN)


def test_a_result_matching_only_a_pyramid_area_without_a_controlled_gate_does_not_awaken_it() -> None:
    state = set_board(pyramid_gate(yuggoth(), NORTH), Slopes_of_the_Pyramid_South={"gate": "abandoned"})
    state, _ = skip_rituals(end_action_phase(state)[0])
    state, events = roll(state, 3)  # 3 is printed on the south slope, whose gate is abandoned
    assert not any(isinstance(e, WatcherAwakened) for e in events)
    assert state.watcher is not None and not state.watcher.awake


def test_yog_sothoths_presence_in_a_green_pyramid_area_counts_for_awakening_the_watcher() -> None:
    state = set_board(yuggoth(), Slopes_of_the_Pyramid_South={"units": [(CC, "goo", "Yog-Sothoth", 1)]})
    state, _ = skip_rituals(end_action_phase(state)[0])
    assert state.prompt.purpose == "watcher_awaken"
    _, events = roll(state, 3)
    assert WatcherAwakened("die", POSTERN, 12) in events


def test_a_players_doom_passing_the_dark_token_in_the_doom_phase_awakens_it() -> None:
    state = set_players(yuggoth(), black_goat={"doom": 11})
    state, events = end_action_phase(state)  # the Doom Phase gives Black Goat 1 for its gate: 12
    assert WatcherAwakened("doom", POSTERN, 12, BG) in events


def test_if_a_players_doom_reaches_12_in_an_action_phase_it_awakens_at_the_following_doom_phase() -> None:
    state = set_players(yuggoth(), black_goat={"doom": 10, "elder_signs": (3,)})
    assert WatcherWakePending(BG) in events_of(state, c.RevealElderSign(BG))
    state = run(state, c.RevealElderSign(BG))
    assert state.watcher is not None and not state.watcher.awake and state.watcher.wake_pending
    state, events = end_action_phase(state)
    assert WatcherAwakened("doom", POSTERN, 12, BG) in events
    assert not any(isinstance(e, WatcherDecayed) for e in events)  # never decays as it awakens


# -- The Watcher Decays -------------------------------------------------------------------------


def test_if_already_awake_before_the_doom_phase_begins_roll_a_die_and_lower_the_token() -> None:
    state, _ = end_action_phase(awake(yuggoth(), "Cold Wastes", token=9))
    assert state.prompt.purpose == "watcher_decay" and state.phase is Phase.DOOM
    assert state.players[0].doom == 0  # decay comes before the gates' Doom
    state, events = roll(state, 4)
    assert WatcherDecayed(4, 5) in events and state.watcher is not None and state.watcher.token == 5


def test_if_it_decays_to_0_it_is_killed_and_removed_from_the_map() -> None:
    state, _ = end_action_phase(awake(yuggoth(), "Cold Wastes", token=3))
    state, events = roll(state, 5)
    assert WatcherKilled("decay", "Cold Wastes") in events
    assert state.watcher is not None and (state.watcher.awake, state.watcher.token, state.watcher.area) == (False, 12, -1)


def test_never_re_awaken_the_watcher_in_the_same_doom_phase_in_which_it_reaches_0() -> None:
    state = pyramid_gate(set_players(awake(yuggoth(), "Cold Wastes", token=2), black_goat={"doom": 11}))
    state, _ = end_action_phase(state)
    state, events = roll(state, 6)  # killed by decay; then Black Goat's gates take it to 12
    assert WatcherKilled("decay", "Cold Wastes") in events
    assert WatcherStaysAsleep("it reached 0 in this Doom Phase") in events
    state, events2 = skip_rituals(state)
    assert state.prompt.kind is not PromptKind.ROLL  # and no awakening roll either
    assert WatcherStaysAsleep("it reached 0 in this Doom Phase: no awakening roll") in events2


def test_never_decay_the_watcher_on_the_doom_phase_in_which_it_awakens() -> None:
    state, _ = skip_rituals(end_action_phase(pyramid_gate(yuggoth()))[0])
    state, _ = roll(state, 1)  # awakened at the end of round 2's Doom Phase
    assert state.watcher is not None and state.watcher.awoke_round == 2
    # ...and it decays only when round 3's Doom Phase begins.
    attacks_done = complete_attacks(state)
    state, _ = end_action_phase(attacks_done)
    assert state.prompt.purpose == "watcher_decay" and state.round == 3


# -- Action Phase: the Watcher Attacks ----------------------------------------------------------


def test_if_awake_at_the_start_of_the_action_phase_it_attacks_before_the_first_player_takes_a_turn() -> None:
    state = attacking()
    assert state.phase is Phase.ACTION
    assert state.prompt.kind is PromptKind.WATCHER_MOVE and state.prompt.actor == GC


def test_it_attacks_once_per_player_controlled_by_each_in_turn_order_from_the_first_player() -> None:
    state = attacking()
    controllers = []
    while state.prompt.kind is not PromptKind.ACTION:
        if state.prompt.kind is PromptKind.WATCHER_MOVE:
            controllers.append(state.prompt.actor)
        state = complete_attacks_step(state)
    assert controllers == [GC, CC, BG]
    assert state.prompt.actor == GC  # then the first player's own first turn


def complete_attacks_step(state: State) -> State:
    prompt = state.prompt
    if prompt.kind is PromptKind.WATCHER_MOVE:
        return run(state, WatcherMove(prompt.actor, prompt.choices[0]))
    if prompt.kind is PromptKind.WATCHER_TARGET:
        return run(state, WatcherTarget(prompt.actor, prompt.choices[0]))
    if prompt.kind is PromptKind.COMBAT_DICE:
        return run(state, CombatDice(prompt.actor, 0))
    return run(state, c.Roll((1,) * prompt.dice, "tower"))


def test_the_controller_must_move_it_into_an_adjacent_area_that_contains_units_of_any_faction() -> None:
    state = attacking()  # the Postern touches both slopes; only the north one has units (Great Cthulhu's)
    assert state.prompt.choices == (NORTH,)
    assert rejected(state, WatcherMove(GC, SOUTH)).code is Code.NOT_A_CHOICE
    assert rejected(state, WatcherMove(CC, NORTH)).code is Code.NOT_YOUR_TURN


def test_if_no_players_units_are_adjacent_it_may_be_teleported_to_any_area_containing_units() -> None:
    # The only pyramid gate is on the Postern itself; both slopes next to it are empty.
    state, _ = skip_rituals(end_action_phase(pyramid_gate(yuggoth(), POSTERN))[0])
    state, _ = roll(state, 5)
    assert set(state.prompt.choices) == {"Methane Deeps", "Cold Wastes", "Fungus Plains"}


def test_the_watcher_may_never_remain_in_the_same_area() -> None:
    state = set_board(attacking(), Watcher_Postern={"units": [(CC, "monster", "Nightgaunt", 1)]})
    assert POSTERN not in state.prompt.choices


def test_a_player_may_return_the_watcher_to_an_area_it_moved_from_earlier_in_the_same_action_phase() -> None:
    # The seed's closing warning: a gate on the Postern is not safe.
    state = set_board(attacking(), Watcher_Postern={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]})
    state = run(state, WatcherMove(GC, NORTH), CombatDice(GC, 0), c.Roll((1,) * 12, "tower"))
    assert state.prompt.kind is PromptKind.WATCHER_MOVE and state.prompt.actor == CC
    assert POSTERN in state.prompt.choices
    events = events_of(state, WatcherMove(CC, POSTERN))
    assert WatcherAttackStarted(CC, NORTH, POSTERN) in events


def test_it_battles_each_faction_in_the_area_separately_in_the_order_the_controller_chooses() -> None:
    state = set_board(
        attacking(),
        Slopes_of_the_Pyramid_North={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1), (BG, "monster", "Dark Young", 2)]},
    )
    state = run(state, WatcherMove(GC, NORTH))
    assert state.prompt.kind is PromptKind.WATCHER_TARGET and set(state.prompt.choices) == {GC, BG}
    state = run(state, WatcherTarget(GC, BG))  # Great Cthulhu has himself attacked second
    assert state.prompt.kind is PromptKind.COMBAT_DICE and state.prompt.actor == BG
    state = run(state, CombatDice(BG, 2))
    assert state.prompt.dice == 12 and state.prompt.purpose == "watcher_attack"  # dice = the token
    state = run(state, c.Roll((6, 6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1), "tower"))
    events = events_of(state, c.Roll((6, 6), "tower"))  # Black Goat rolls two Kills
    assert WatcherBattled(NORTH, BG, 12, 2, 1, 2, 10) in events
    assert WatcherTokenChanged(12, 10, "2 Kills by Black Goat") in events  # the faction named, not its id
    state = run(state, c.Roll((6, 6), "tower"))
    state = run(state, CombatDice(GC, 1))
    assert state.prompt.dice == 10  # weaker by the time it reaches Great Cthulhu


def test_if_the_slime_molds_are_neutral_it_does_not_attack_them() -> None:
    state = set_board(
        attacking(),
        Slopes_of_the_Pyramid_North={
            "gate": GC,
            "units": [(GC, "cultist", "Acolyte", 1), ("neutral", "monster", "Slime Mold", 2)],
        },
    )
    state = run(state, WatcherMove(GC, NORTH))
    assert state.prompt.kind is PromptKind.COMBAT_DICE and state.prompt.actor == GC  # no choice offered


def test_pains_rolled_against_the_watcher_do_nothing() -> None:
    state = run(armed(attacking()), WatcherMove(GC, NORTH), CombatDice(GC, 3), c.Roll((1,) * 12, "tower"))
    events = events_of(state, c.Roll((5, 4, 4), "tower"))
    assert WatcherBattled(NORTH, GC, 12, 0, 0, 0, 12) in events
    assert not any(isinstance(e, WatcherTokenChanged) for e in events)


def test_when_the_token_drops_to_0_in_battle_it_is_removed_dark_back_at_12_and_the_attacks_end() -> None:
    state = awake(armed(attacking()), POSTERN, token=2)
    assert state.watcher is not None
    state = evolve(state, watcher=evolve(state.watcher, controllers=state.turn_order()))
    state = run(state, WatcherMove(GC, NORTH), CombatDice(GC, 3), c.Roll((1, 1), "tower"))
    events = events_of(state, c.Roll((6, 6, 6), "tower"))
    assert WatcherKilled("battle", NORTH) in events
    assert WatcherAttacksEnded("it was destroyed") in events
    state = run(state, c.Roll((6, 6, 6), "tower"))
    assert state.watcher == Watcher() and state.prompt.actor == GC  # the first player's turn


def test_the_watcher_cannot_be_moved_or_removed_by_spellbooks_or_abilities() -> None:
    state = attacking()
    unit = c.UnitRef(POSTERN, c.UnitKind.GOO, "The Watcher")  # type: ignore[attr-defined]
    for command in (c.Eliminate("watcher", unit), c.Retreat("watcher", unit, NORTH), c.Place("watcher", unit)):
        refusal = rejected(state, command)
        assert refusal.code is Code.UNTOUCHABLE and "immune to Pain" in refusal.message


def test_nyarlathotep_scoring_a_kill_on_the_watcher_gains_2_elder_signs_never_more() -> None:
    state = set_board(attacking(), Slopes_of_the_Pyramid_North={"units": [(CC, "goo", "Nyarlathotep", 1)]})
    state = run(state, WatcherMove(GC, NORTH), CombatDice(CC, 4), c.Roll((1,) * 12, "tower"))
    state = run(state, c.Roll((6, 6, 6, 1), "tower"))  # three Kills: still 2 Elder Signs
    assert len(state.player(CC).elder_signs) == 2


def test_pains_on_the_watcher_give_nyarlathotep_nothing() -> None:
    state = set_board(attacking(), Slopes_of_the_Pyramid_North={"units": [(CC, "goo", "Nyarlathotep", 1)]})
    state = run(state, WatcherMove(GC, NORTH), CombatDice(CC, 2), c.Roll((1,) * 12, "tower"), c.Roll((5, 4), "tower"))
    assert state.player(CC).elder_signs == ()


def test_during_the_rest_of_the_action_phase_any_player_may_battle_the_watcher() -> None:
    state = complete_attacks(attacking())
    where = state.watcher.area  # type: ignore[union-attr]
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC
    assert rejected(state, BattleWatcher(GC, 3)).code is Code.NO_SUCH_UNITS  # not in its area
    name = state.area_name(where)
    state = set_board(state, **{name.replace(" ", "_"): {"units": [(GC, "monster", "Starspawn", 1)]}})
    power = state.player(GC).power
    state = run(state, BattleWatcher(GC, 3))
    assert state.prompt.purpose == "watcher_attack" and state.prompt.dice == 12
    state = run(state, c.Roll((1,) * 12, "tower"))
    events = events_of(state, c.Roll((6, 2, 5), "tower"))
    assert WatcherBattled(name, GC, 12, 0, 0, 1, 11) in events
    state = run(state, c.Roll((6, 2, 5), "tower"))
    assert state.prompt.actor == CC and state.player(GC).power == power - 1  # a battle action; the turn passes


def test_if_all_players_have_reached_12_doom_it_only_re_awakens_by_the_die() -> None:
    state = set_players(yuggoth(), great_cthulhu={"doom": 12}, crawling_chaos={"doom": 13}, black_goat={"doom": 15})
    state, events = end_action_phase(state)
    assert not any(isinstance(e, WatcherAwakened) for e in events)
    state = run(state, c.Correct(BG, "doom", 20))
    assert state.watcher is not None and not state.watcher.awake


def test_the_watcher_fight_survives_the_canonical_round_trip() -> None:
    from companion.engine import canonical, decode_state

    state = run(armed(attacking()), WatcherMove(GC, NORTH), CombatDice(GC, 3))
    assert isinstance(state.watcher.fight, WatcherFight)  # type: ignore[union-attr]
    assert canonical(decode_state(canonical(state))) == canonical(state)
