"""Shaggai: one test per rule sentence of ../shared/rules/shaggai-worms.txt, named after it.

The board is the shipped ``shaggai-demo`` layout (invented, NOT the printed board): worms 1-6,
standard degradation dice.  The Worm that Gnaws in the Night touches Glass Wastes, Temple of
Xada-Hgla, Ash Fields and Conical Towers.  Three players: Great Cthulhu starts in Ocean Belt
Middle, Crawling Chaos in Ash Fields, Black Goat in Sulphur Dunes.
"""

from __future__ import annotations

from companion.engine import Code, State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.model import ERADICATED, Faction, Phase, PromptKind, UnitKind, Worms, spellbook_count
from companion.engine.cthulhu.shaggai import (
    AreaEradicated,
    CosmicSpellbook,
    PlaceWorm,
    Reward,
    WorldsEnd,
    WormPlaced,
    WormPlacementEnded,
    WormsDegraded,
)
from companion.engine.values import evolve
from tests.engine.cthulhu.shaggai_board import (
    BG,
    CC,
    GC,
    GNAWS,
    degrade,
    ending_board,
    eradicate_gnaws,
    eradicated_board,
    index,
    shaggai,
    to_degradation,
    with_worms,
)
from tests.helpers import CORE3, events_of, ok, rejected, run, set_board, set_players, started


def test_set_up_one_worm_in_the_area_of_the_worm_that_gnaws_in_the_night() -> None:
    state = shaggai()
    assert state.worms == Worms(on_map=((index(state, GNAWS), 1),), supply=(2, 3, 4, 5, 6))


# -- DEGRADE WORMS -------------------------------------------------------------------------------


def test_roll_one_worm_degradation_die_for_each_player_after_everything_else_in_the_doom_phase() -> None:
    state = to_degradation(shaggai())
    assert state.phase is Phase.DOOM
    assert (state.prompt.kind, state.prompt.purpose, state.prompt.dice, state.prompt.die.value) == (
        PromptKind.ROLL,
        "worms_degrade",
        3,
        "degradation",
    )


def test_the_seeds_example_four_players_four_dice_a_3_eradicates_the_starting_worm_numbered_3() -> None:
    factions = (*CORE3, Faction.YELLOW_SIGN)
    board = evolve(started("shaggai-demo", factions).board, worm_numbers=(3, 1, 2, 4, 5, 6))
    seats = tuple(c.Seat(f) for f in factions)
    state = ok(apply(None, c.NewGame(board, seats, 1)))
    while state.prompt.kind is PromptKind.START_AREA:
        state = run(state, c.ChooseStart(state.prompt.actor, state.prompt.choices[0]))
    state = to_degradation(run(state, c.ChooseDirection(GC, "clockwise")))
    assert state.prompt.dice == 4
    _, events = degrade(state, 1, 5, 3, 6)
    assert WormsDegraded((1, 5, 3, 6), (3,)) in events
    assert any(isinstance(e, AreaEradicated) and e.area == GNAWS and e.worm == 3 for e in events)


def test_if_no_worm_matches_any_rolled_result_no_eradication_markers_are_placed() -> None:
    state, events = degrade(to_degradation(shaggai()), 2, 3, 4)
    assert WormsDegraded((2, 3, 4), ()) in events
    assert not any(ERADICATED in a.markers for a in state.areas)


def test_each_worm_whose_number_was_rolled_is_removed_and_replaced_with_an_eradication_token() -> None:
    state = with_worms(to_degradation(shaggai()), (GNAWS, 1), ("Glass Wastes", 2), ("Spires of Shaggai", 5))
    state, _ = degrade(state, 2, 5, 5)
    gone = sorted(state.area_name(i) for i, a in enumerate(state.areas) if ERADICATED in a.markers)
    assert gone == ["Glass Wastes", "Spires of Shaggai"]
    assert state.worms is not None and (index(state, GNAWS), 1) in state.worms.on_map


# -- In each newly-Eradicated Area ---------------------------------------------------------------


def test_a_removed_gate_controlled_by_a_player_earns_that_player_1_elder_sign() -> None:
    before = to_degradation(shaggai())
    hidden = len(before.player(CC).elder_signs)
    state, summary, _ = eradicate_gnaws(shaggai(), gate=CC, units=[(CC, "cultist", "Acolyte", 1)])
    assert summary.gate == CC and Reward(CC, 1, 1, 0) in summary.rewards
    assert len(state.player(CC).elder_signs) == hidden + 1
    assert state.areas[index(state, GNAWS)].gate is None


def test_an_abandoned_gate_removed_earns_nobody_anything() -> None:
    _, summary, _ = eradicate_gnaws(shaggai(), gate="abandoned")
    assert summary.gate == "abandoned" and summary.rewards == ()


def test_a_removed_cathedral_provides_1_doom_to_the_ancients() -> None:
    factions = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.ANCIENTS)
    start = started("shaggai-demo", factions)
    state, summary, _ = eradicate_gnaws(start, markers=["cathedral"], units=[("ancients", "cultist", "Acolyte", 1)])
    assert summary.markers == ("cathedral",) and Reward("ancients", 1, 0, 1) in summary.rewards
    assert state.player("ancients").doom == to_degradation(start).player("ancients").doom + 1


def test_any_other_game_marker_such_as_the_ice_age_is_removed() -> None:
    state, summary, _ = eradicate_gnaws(shaggai(), markers=["ice_age", "desecration"])
    assert summary.markers == ("ice_age", "desecration")
    assert state.areas[index(state, GNAWS)].markers == (ERADICATED,)


def test_all_units_are_eliminated_and_their_owners_receive_1_power_per_unit() -> None:
    before = to_degradation(shaggai())
    units = [(GC, "cultist", "Acolyte", 2), (BG, "monster", "Ghoul", 3), ("neutral", "monster", "Gug", 1)]
    state, summary, _ = eradicate_gnaws(shaggai(), units=units)
    assert summary.units == (Part(BG, 3), Part(GC, 2), Part("neutral", 1))
    assert state.player(GC).power == before.player(GC).power + 2
    assert state.player(BG).power == before.player(BG).power + 3
    assert state.areas[index(state, GNAWS)].units == ()


def test_each_faction_great_old_one_eliminated_also_provides_1_elder_sign() -> None:
    _, summary, _ = eradicate_gnaws(shaggai(), units=[(BG, "goo", "Shub-Niggurath", 1), (BG, "igoo", "Abhoth", 1)])
    assert summary.rewards == (Reward(BG, 2, 1, 0),)  # the independent Great Old One gives no sign


def test_yog_sothoth_counts_as_a_gate_and_provides_1_power_and_2_elder_signs() -> None:
    _, summary, _ = eradicate_gnaws(shaggai(), units=[(CC, "goo", "Yog-Sothoth", 1)])
    assert summary.rewards == (Reward(CC, 1, 2, 0),)


# -- PLACE NEW WORMS -----------------------------------------------------------------------------


def test_beginning_with_the_starting_player_each_places_a_worm_next_to_the_gnaws_area_or_an_eradicated_area() -> None:
    state, _ = degrade(to_degradation(shaggai()), 2, 3, 4)  # nothing eradicated
    assert state.prompt.kind is PromptKind.PLACE and state.prompt.actor == GC
    assert set(state.prompt.choices) == {"Glass Wastes", "Temple of Xada-Hgla", "Ash Fields", "Conical Towers"}
    events = events_of(state, PlaceWorm(GC, "Ash Fields"))
    assert WormPlaced("Ash Fields", 2, GC) in events
    state = run(state, PlaceWorm(GC, "Ash Fields"))
    assert state.prompt.actor == CC and "Ash Fields" not in state.prompt.choices  # one Worm per area
    state = run(state, PlaceWorm(CC, "Glass Wastes", worm=6))  # the player may name the worm
    assert state.worms is not None and state.worms.supply == (3, 4, 5)


def test_areas_next_to_an_eradicated_area_become_legal() -> None:
    state = with_worms(to_degradation(shaggai()), ("Southern Pits", 4))
    state, _ = degrade(state, 4, 2, 2)
    assert {"Sulphur Dunes", "Ocean Belt West"} <= set(state.prompt.choices)
    assert "Southern Pits" not in state.prompt.choices


def test_with_no_worms_left_that_player_and_any_after_place_none() -> None:
    state = to_degradation(shaggai())
    state = evolve(state, worms=Worms(((index(state, GNAWS), 1), (index(state, "Lost Colony"), 2)), (6,)))
    state, _ = degrade(state, 3, 3, 3)
    events = events_of(state, PlaceWorm(GC, "Ash Fields"))
    assert WormPlacementEnded(CC, "no worms left") in events
    state = run(state, PlaceWorm(GC, "Ash Fields"))
    assert state.phase is Phase.ACTION  # Crawling Chaos and Black Goat placed none


def test_with_no_legal_area_left_placement_stops() -> None:
    state = to_degradation(shaggai())
    taken = ("Glass Wastes", "Temple of Xada-Hgla", "Ash Fields", "Conical Towers")
    state = with_worms(state, (GNAWS, 1), *((name, n) for name, n in zip(taken, (2, 3, 4, 5), strict=True)))
    state, events = degrade(state, 6, 6, 6)
    assert WormPlacementEnded(GC, "no legal area") in events
    assert state.phase is Phase.ACTION


# -- The Worms of Ghroth -------------------------------------------------------------------------


def test_the_worms_cannot_be_battled_eliminated_or_otherwise_interacted_with() -> None:
    state = shaggai()
    worm = c.UnitRef(GNAWS, UnitKind.MONSTER, "Worm of Ghroth")
    for command in (c.Eliminate("worm", worm), c.Retreat("worm", worm, "Ash Fields"), c.Place("worm", worm)):
        assert rejected(state, command).code is Code.UNTOUCHABLE
    state = set_board(state, **{GNAWS.replace(" ", "_"): {"units": [(GC, "monster", "Starspawn", 1)]}})
    assert rejected(state, c.BattleAction(GC, GNAWS, "worm", 3, 0)).code is Code.UNTOUCHABLE


# -- The Cosmic Power ----------------------------------------------------------------------------


def cosmic_board() -> State:
    return set_board(shaggai(), **{GNAWS.replace(" ", "_"): {"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]}})


def test_with_a_gate_in_a_worms_area_any_spellbook_costs_6_power_as_an_action() -> None:
    state = run(cosmic_board(), CosmicSpellbook(GC, "Submerge"))
    assert spellbook_count(state.player(GC)) == 1 and state.player(GC).power == 8 - 6
    assert state.prompt.actor == CC  # it was an action
    assert rejected(shaggai(), CosmicSpellbook(GC)).code is Code.NOT_CONTROLLER


def test_pay_2_more_power_to_bypass_area_restrictions_when_summoning_or_awakening() -> None:
    state = cosmic_board()
    assert rejected(state, c.Summon(GC, "Spires of Shaggai", "Deep One", 1)).code is Code.NOT_CONTROLLER
    state = run(state, c.Summon(GC, "Spires of Shaggai", "Deep One", 1, cosmic=True))
    assert state.player(GC).power == 8 - 1 - 2
    assert state.areas[index(state, "Spires of Shaggai")].count(owner=GC, name="Deep One") == 1


def test_cthulhu_can_be_awakened_in_any_area_for_2_more_power() -> None:
    state = set_players(cosmic_board(), great_cthulhu={"power": 12})
    state = run(state, c.Awaken(GC, "Insect Hives", "Cthulhu", 10, cosmic=True))
    assert state.player(GC).power == 0


def test_bubastis_may_use_the_pay_6_rule_but_not_the_pay_2_rule() -> None:
    factions = (Faction.BUBASTIS, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT)
    state = started("shaggai-demo", factions)
    bast = "bubastis"
    state = set_board(state, **{GNAWS.replace(" ", "_"): {"gate": bast, "units": [(bast, "cultist", "Acolyte", 1)]}})
    assert state.prompt.actor == bast
    assert "cats are like that" in rejected(state, c.Summon(bast, "Insect Hives", "Cat", 1, cosmic=True)).message
    assert spellbook_count(run(state, CosmicSpellbook(bast)).player(bast)) == 1


# -- Eradication Marker Effects ------------------------------------------------------------------


def test_no_units_or_pieces_may_be_moved_or_placed_into_an_eradicated_area() -> None:
    state = eradicated_board()
    assert (
        rejected(state, c.Move(GC, "Glass Wastes", (c.UnitRef("Spires of Shaggai", UnitKind.CULTIST),))).code is Code.ERADICATED
    )
    assert rejected(state, c.Place(BG, c.UnitRef("Glass Wastes", UnitKind.CULTIST))).code is Code.ERADICATED
    assert rejected(state, c.PlaceMarker("Glass Wastes", "cathedral")).code is Code.ERADICATED


def test_moving_through_eradication_eliminates_one_unit_for_the_entire_move_action() -> None:
    state = eradicated_board()
    # Both groups cross Glass Wastes into The Worm that Gnaws in the Night: one unit is lost in all.
    units = (
        c.UnitRef("Spires of Shaggai", UnitKind.CULTIST, count=2),
        c.UnitRef("Crimson Steppes", UnitKind.MONSTER, "Deep One"),
    )
    assert "name it in sacrifice" in rejected(state, c.Move(GC, GNAWS, units)).message
    sacrifice = c.UnitRef("Spires of Shaggai", UnitKind.CULTIST)
    state = run(state, c.Move(GC, GNAWS, units, sacrifice=sacrifice))
    there = state.areas[index(state, GNAWS)]
    assert there.count(owner=GC, kind=UnitKind.CULTIST) == 1 and there.count(owner=GC, name="Deep One") == 1
    assert state.player(GC).power == 8 - 3  # three units made the move


def test_a_sacrifice_must_be_one_of_the_moving_units_and_only_when_crossing() -> None:
    state = eradicated_board()
    units = (c.UnitRef("Spires of Shaggai", UnitKind.CULTIST),)
    stranger = c.UnitRef("Crimson Steppes", UnitKind.MONSTER, "Deep One")
    assert "one of the units making the move" in rejected(state, c.Move(GC, GNAWS, units, sacrifice=stranger)).message
    near = (c.UnitRef("Spires of Shaggai", UnitKind.CULTIST),)
    assert "No eradicated area is crossed" in rejected(state, c.Move(GC, "Insect Hives", near, sacrifice=near[0])).message


def test_teleport_abilities_cost_no_unit_walking_abilities_do() -> None:
    state = eradicated_board()
    units = (c.UnitRef("Spires of Shaggai", UnitKind.CULTIST, count=2),)
    teleported = run(state, c.AbilityMove(GC, "Submerge", "Southern Pits", units, teleport=True))
    assert teleported.areas[index(state, "Southern Pits")].count(owner=GC) == 2
    walked = run(state, c.AbilityMove(GC, "Screaming Dead", GNAWS, units, sacrifice=units[0]))
    assert walked.areas[index(state, GNAWS)].count(owner=GC) == 1


def test_units_cannot_be_retreated_into_an_eradicated_area() -> None:
    state = eradicated_board()
    refusal = rejected(state, c.Retreat(GC, c.UnitRef("Spires of Shaggai", UnitKind.CULTIST), "Glass Wastes"))
    assert refusal.code is Code.ERADICATED


# -- The World's End -----------------------------------------------------------------------------


def test_fewer_than_2_non_eradicated_areas_per_player_ends_the_game_immediately() -> None:
    state = ending_board(crawling_chaos={"doom": 20, "spellbooks": 6}, black_goat={"doom": 18, "spellbooks": 6})
    events = events_of(state, c.Roll((2, 5, 5), "tower"))
    assert WorldsEnd(5, 6) in events
    state = run(state, c.Roll((2, 5, 5), "tower"))
    assert state.phase is Phase.GAME_OVER and state.outcome is not None
    assert state.outcome.winners == (CC,) and "World's End" in state.outcome.reason


def test_if_the_game_ends_and_no_player_has_all_6_spellbooks_then_no_one_wins() -> None:
    state = ending_board(great_cthulhu={"doom": 25, "spellbooks": 5}, crawling_chaos={"doom": 20, "spellbooks": 5})
    state = run(state, c.Roll((2, 2, 2), "tower"))
    assert state.outcome is not None and state.outcome.winners == ()


def test_the_cosmic_power_adds_2_to_the_computed_cost_and_bypasses_only_the_area_restriction() -> None:
    state = run(cosmic_board(), c.Summon(GC, "Spires of Shaggai", "Deep One", cosmic=True))
    assert state.player(GC).power == 8 - 1 - 2  # the roster's 1 and the Cosmic Power's 2
    state = set_players(cosmic_board(), great_cthulhu={"power": 12})
    assert rejected(state, c.Awaken(GC, "Insect Hives", "Cthulhu")).code is Code.NOT_NOW  # not his start area
    state = run(state, c.Awaken(GC, "Insect Hives", "Cthulhu", cosmic=True))
    assert state.player(GC).power == 0 and state.areas[index(state, "Insect Hives")].count(owner=GC, name="Cthulhu") == 1
