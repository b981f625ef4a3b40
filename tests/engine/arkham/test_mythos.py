"""The Mythos Phase, one test per sentence of ../shared/rules/arkham-mythos-phase.txt, on
prepared boards with named base-game cards (their gate, clue and movement boxes are in
companion/engine/arkham/data.py; the card is quoted in each comment)."""

from __future__ import annotations

import dataclasses

from companion.engine.arkham import model as m
from companion.engine.arkham.data import CARD, LOCATIONS, STORY_CONTINUES
from companion.engine.arkham.game import apply, new_arkham_game
from companion.engine.arkham.mythos import Turn, run
from companion.engine.core import Accepted, Code
from tests.engine.arkham.helpers import HEAT_WAVE, board, monsters, mythos, of, rejected

# Big Storm Sweeps Arkham!: Headline; gate Independence Square; clue The Unnamable; black plus; white crescent.
BIG_STORM = "Big Storm Sweeps Arkham!"
# Sunny and Clear: Environment (Weather); gate Black Cave; clue Hibb's Roadhouse; black crescent; white plus.
SUNNY = "Sunny and Clear"
# Campus Security Increased!: Headline; gate Independence Square; clue The Unnamable; black diamond, square; white circle.
CAMPUS = "Campus Security Increased!"
# Good Work Undone / The Great Ritual: Rumors; gates Unvisited Isle / Graveyard; no clue; black hexagon.
GOOD_WORK, RITUAL = "Good Work Undone", "The Great Ritual"


def where(state: m.ArkhamState, first: int = 99) -> list[tuple[str, str]]:
    """(kind, place) of the monsters, the first ``first`` only (the card's own spawn comes last)."""
    return [(x.kind, x.place) for x in state.monsters][:first]


# -- Open gate and spawn monster -------------------------------------------------------------------


def test_no_gate_and_no_seal_adds_doom_opens_a_gate_and_a_monster_appears() -> None:
    state = board()
    result = mythos(state, HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",))
    assert result.state.doom == 1
    assert result.state.gate_at("Woods") == m.Gate("Woods", "Yuggoth")
    assert ("Cultist", "Woods") in where(result.state)
    assert result.state.gate_markers.count("Yuggoth") == 1 and len(result.state.cup) == len(state.cup) - 1


def test_the_last_doom_space_awakens_the_ancient_one_and_the_phase_stops() -> None:
    state = board(doom=12)  # Cthulhu's track has 13 spaces
    result = mythos(state, HEAT_WAVE)
    assert result.state.awakened == "the doom track is full" and result.state.doom == 13
    assert result.state.gates == () and of(result.events, m.ClueAppeared) == []
    assert of(result.events, m.AncientOneAwakens)[0].ancient_one == "Cthulhu"


def test_the_gate_opening_discards_the_clues_there() -> None:
    clues = tuple(3 if loc == "Woods" else 0 for loc in LOCATIONS)
    result = mythos(board(clues=clues), HEAT_WAVE, gate="R'lyeh")
    assert result.state.clues_at("Woods") == 0
    assert of(result.events, m.GateOpened)[0].clues_discarded == 3


def test_a_gate_beyond_the_maximum_for_the_players_awakens_the_ancient_one() -> None:
    gates = tuple(
        m.Gate(loc, "Yuggoth")
        for loc in ("Graveyard", "Black Cave", "The Unnamable", "Unvisited Isle", "The Witch House", "Science Building")
    )
    result = mythos(board(players=3, gates=gates), HEAT_WAVE)  # 3-4 players: 7 open gates awaken
    assert result.state.awakened == "7 gates are open"
    assert of(result.events, m.MonsterAppeared) == []


def test_investigators_at_the_gate_are_drawn_through_and_delayed() -> None:
    state = board(places=("Woods", "Woods", "Uptown"))
    result = mythos(state, HEAT_WAVE, gate="Plateau of Leng", monsters=("Cultist",))
    amanda, bob, carolyn = result.state.investigators
    assert (amanda.place, amanda.delayed, bob.place, bob.delayed) == ("Plateau of Leng", True, "Plateau of Leng", True)
    assert (carolyn.place, carolyn.delayed) == ("Uptown", False)
    assert of(result.events, m.GateOpened)[0].drawn_through == ("Amanda", "Bob")
    assert ("Cultist", "Woods") in where(result.state)  # monsters are never drawn through gates


def test_a_monster_over_the_limit_goes_to_the_outskirts() -> None:
    full = monsters(*[("Ghost", "Downtown")] * 6)  # 3 players: limit 6
    result = mythos(board(monsters=full), HEAT_WAVE, monsters=("Cultist",))
    assert ("Cultist", "Outskirts") in where(result.state)
    assert of(result.events, m.MonsterAppeared)[0] == m.MonsterAppeared("Cultist", "Outskirts", "Woods")


def test_five_or_more_investigators_bring_two_monsters() -> None:
    result = mythos(board(players=5), HEAT_WAVE, monsters=("Cultist", "Zombie"))
    assert [(e.monster, e.place) for e in of(result.events, m.MonsterAppeared)] == [("Cultist", "Woods"), ("Zombie", "Woods")]
    four = mythos(board(players=4), HEAT_WAVE, monsters=("Cultist",))
    assert len(of(four.events, m.MonsterAppeared)) == 1


def test_an_elder_sign_means_nothing_happens_and_no_doom() -> None:
    state = board(seals=("Woods",))
    result = mythos(state, HEAT_WAVE)
    assert of(result.events, m.ElderSignHolds) == [m.ElderSignHolds("Woods")]
    assert (result.state.doom, result.state.gates, result.state.cup) == (0, (), state.cup)


def test_a_gate_burst_breaks_the_seal_opens_the_gate_adds_doom_and_moves_every_flyer() -> None:
    burst = dataclasses.replace(CARD[HEAT_WAVE], burst=True)  # no base card bursts: an expansion card's shape
    state = board(seals=("Woods",), monsters=monsters(("Nightgaunt", "Rivertown")))  # slash: not on Heat Wave
    turn = Turn(state)
    run(turn, burst, "")
    assert turn.state.seals == () and turn.state.gate_at("Woods") is not None and turn.state.doom == 1
    assert ("Nightgaunt", "Sky") in where(turn.state)


def test_an_open_gate_means_a_surge_spread_evenly_from_the_surge_gate_and_no_doom() -> None:
    gates = (m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh"))
    result = mythos(board(players=3, gates=gates), HEAT_WAVE, monsters=("Cultist", "Zombie", "Maniac"))
    assert of(result.events, m.MonsterSurge) == [m.MonsterSurge("Woods", 3, 2)]  # max(2 gates, 3 players)
    assert [(e.monster, e.place) for e in of(result.events, m.MonsterAppeared)] == [
        ("Cultist", "Woods"),  # the surge gate first: it gets no fewer than any other
        ("Zombie", "Graveyard"),
        ("Maniac", "Woods"),
    ]
    assert result.state.doom == 0


def test_a_surge_past_the_limit_sends_the_rest_to_the_outskirts() -> None:
    gates = (m.Gate("Woods", "R'lyeh"),)
    five = monsters(*[("Ghost", "Downtown")] * 5)
    result = mythos(board(players=3, gates=gates, monsters=five), HEAT_WAVE, monsters=("Cultist", "Zombie", "Maniac"))
    assert [e.place for e in of(result.events, m.MonsterAppeared)] == ["Woods", "Outskirts", "Outskirts"]


def test_the_players_may_choose_the_surge_placement_but_only_an_even_one() -> None:
    gates = (m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh"))
    state = board(players=3, gates=gates)
    chosen = apply(
        state, m.Mythos(HEAT_WAVE, monsters=("Cultist", "Zombie", "Maniac"), placement=("Graveyard", "Woods", "Woods"))
    )
    assert isinstance(chosen, Accepted)
    assert [e.place for e in of(chosen.events, m.MonsterAppeared)] == ["Graveyard", "Woods", "Woods"]
    lopsided = m.Mythos(HEAT_WAVE, placement=("Graveyard", "Graveyard", "Woods"))  # more than the surge gate
    assert rejected(state, lopsided).code is Code.NOT_A_CHOICE
    assert rejected(state, m.Mythos(HEAT_WAVE, placement=("Woods", "Woods"))).code is Code.NOT_A_CHOICE
    assert rejected(state, m.Mythos(HEAT_WAVE, placement=("Woods", "Woods", "Black Cave"))).code is Code.NOT_A_CHOICE
    assert rejected(board(), m.Mythos(HEAT_WAVE, placement=("Woods",))).code is Code.NOT_NOW  # no surge


def test_too_many_monsters_in_the_outskirts_return_to_the_cup_and_terror_rises() -> None:
    state = board(monsters=monsters(*[("Ghost", "Downtown")] * 6, *[("Zombie", "Outskirts")] * 5))
    result = mythos(state, HEAT_WAVE, monsters=("Cultist",))  # 3 players: the Outskirts hold 5
    assert of(result.events, m.OutskirtsCleared)[0].monsters == ("Zombie",) * 5 + ("Cultist",)
    assert result.state.terror == 1 and sum(1 for x in result.state.monsters if x.place == "Outskirts") == 0
    assert result.state.cup.count("Zombie") == state.cup.count("Zombie") + 5


def test_no_gate_marker_left_or_an_empty_cup_awakens_the_ancient_one() -> None:
    assert mythos(board(gate_markers=()), HEAT_WAVE).state.awakened == "a gate must open but no gate marker is left"
    assert mythos(board(cup=()), HEAT_WAVE).state.awakened == "a monster must be drawn but the cup is empty"


# -- Terror ----------------------------------------------------------------------------------------


def test_terror_three_closes_the_general_store_and_its_occupants_go_to_the_street() -> None:
    state = board(
        places=("General Store",), terror=2, monsters=monsters(*[("Ghost", "Downtown")] * 6, *[("Zombie", "Outskirts")] * 5)
    )
    state = dataclasses.replace(state, monsters=(*state.monsters, m.Monster("Ghoul", "General Store")))
    result = mythos(state, HEAT_WAVE, monsters=("Cultist",))
    assert result.state.terror == 3 and result.state.closed == ("General Store",)
    assert result.state.investigators[0].place == "Rivertown" and ("Ghoul", "Rivertown") in where(result.state)
    assert rejected(result.state, m.MoveInvestigator("Amanda", "General Store")).code is Code.NOT_NOW


def test_at_terror_ten_the_limit_is_gone_and_more_terror_is_doom() -> None:
    full = monsters(*[("Ghost", "Downtown")] * 6)
    result = mythos(board(terror=10, monsters=full), HEAT_WAVE, monsters=("Cultist",))
    assert ("Cultist", "Woods") in where(result.state)
    turn = Turn(board(terror=10))
    turn.raise_terror()
    assert (turn.state.terror, turn.state.doom) == (10, 1)


def test_terror_ten_and_twice_the_limit_in_arkham_awakens() -> None:
    eleven = monsters(*[("Ghost", "Downtown")] * 11)  # 3 players: twice the limit is 12
    result = mythos(board(terror=10, monsters=eleven), HEAT_WAVE, monsters=("Cultist",))
    assert result.state.awakened == "terror is 10 and 12 monsters are in Arkham"


# -- Place clue ------------------------------------------------------------------------------------


def test_a_clue_appears_unless_a_gate_is_open_there() -> None:
    assert mythos(board(), BIG_STORM).state.clues_at("The Unnamable") == 1
    gated = mythos(board(gates=(m.Gate("The Unnamable", "Yuggoth"),)), BIG_STORM)
    assert gated.state.clues_at("The Unnamable") == 0 and of(gated.events, m.CluePrevented)


def test_an_investigator_there_takes_the_clue_and_the_first_player_decides_ties() -> None:
    state = board(places=("The Unnamable", "The Unnamable", "Woods"), first_player=1)
    result = mythos(state, BIG_STORM)
    assert [i.clues for i in result.state.investigators] == [0, 1, 0]  # Bob is first player
    assert result.state.clues_at("The Unnamable") == 0
    agreed = apply(state, m.Mythos(BIG_STORM, clue_to="Amanda"))  # the players agreed on Amanda
    assert isinstance(agreed, Accepted) and [i.clues for i in agreed.state.investigators] == [1, 0, 0]
    assert rejected(state, m.Mythos(BIG_STORM, clue_to="Carolyn")).code is Code.NOT_A_CHOICE  # she is in the Woods
    assert rejected(state, m.Mythos(GOOD_WORK, clue_to="Amanda")).code is Code.NOT_NOW  # a Rumor has no clue


# -- Move monsters ---------------------------------------------------------------------------------


def test_black_border_monsters_follow_the_arrow_of_their_box() -> None:
    placed = monsters(("Cultist", "Rivertown"), ("Zombie", "Graveyard"), ("Ghoul", "Rivertown"))
    black = mythos(board(monsters=placed), SUNNY)  # crescent in the black box
    assert where(black.state)[:2] == [("Cultist", "Easttown"), ("Zombie", "Rivertown")]
    assert where(black.state)[2] == ("Ghoul", "Rivertown")  # hexagon is not on the card
    white = mythos(board(monsters=placed), BIG_STORM)  # crescent in the white box
    assert where(white.state)[0] == ("Cultist", "French Hill")


def test_yellow_border_monsters_never_move_and_outskirts_monsters_stay() -> None:
    placed = monsters(("Ghost", "Rivertown"), ("Cultist", "Outskirts"))
    assert where(mythos(board(monsters=placed), SUNNY).state, 2) == where(board(monsters=placed))


def test_a_monster_with_an_investigator_does_not_move() -> None:
    state = board(places=("Rivertown",), monsters=monsters(("Cultist", "Rivertown")))
    assert where(mythos(state, SUNNY).state, 1) == [("Cultist", "Rivertown")]


def test_fast_monsters_move_twice_and_stop_on_reaching_an_investigator() -> None:
    state = board(monsters=monsters(("Dimensional Shambler", "Northside")))  # square: black on Campus Security
    assert where(mythos(state, CAMPUS).state, 1) == [("Dimensional Shambler", "Miskatonic U.")]
    blocked = board(places=("Merchant District",), monsters=monsters(("Dimensional Shambler", "Northside")))
    assert where(mythos(blocked, CAMPUS).state, 1) == [("Dimensional Shambler", "Merchant District")]


def test_flying_monsters_swoop_on_the_lowest_sneak_in_a_connected_street_or_take_to_the_sky() -> None:
    # Byakhee is circle: black on Heat Wave.  From Rivertown the connected streets are Easttown,
    # French Hill and Merchant District (a link without an arrow still connects).
    state = board(places=("French Hill", "Merchant District"), sneaks=(4, 1), monsters=monsters(("Byakhee", "Rivertown")))
    assert where(mythos(state, HEAT_WAVE).state, 1) == [("Byakhee", "Merchant District")]
    alone = board(places=("Newspaper",), monsters=monsters(("Byakhee", "Rivertown")))
    assert where(mythos(alone, HEAT_WAVE).state, 1) == [("Byakhee", "Sky")]


def test_flying_monsters_in_the_sky_drop_on_the_lowest_sneak_in_any_street() -> None:
    state = board(places=("Easttown", "Northside", "Woods"), sneaks=(3, 1, 0), monsters=monsters(("Byakhee", "Sky")))
    assert where(mythos(state, HEAT_WAVE).state, 1) == [("Byakhee", "Northside")]  # Woods is a location
    nobody = board(places=("Woods",), monsters=monsters(("Byakhee", "Sky")))
    assert where(mythos(nobody, HEAT_WAVE).state, 1) == [("Byakhee", "Sky")]


def test_the_hound_goes_to_the_nearest_investigator_in_a_location_not_the_hospital() -> None:
    state = board(
        places=("St. Mary's Hospital", "Curiositie Shoppe", "Woods"), monsters=monsters(("Hound of Tindalos", "Uptown"))
    )
    # from Uptown: the Hospital is one step but barred; Woods one step; the Shoppe is farther
    assert where(mythos(state, CAMPUS).state, 1) == [("Hound of Tindalos", "Woods")]


def test_the_chthonian_rolls_instead_of_moving_at_the_table() -> None:
    # Blue Flu!: Headline; gate The Unnamable; clue Woods; black slash, star, triangle; white hexagon.
    result = mythos(board(monsters=monsters(("Chthonian", "Rivertown"))), "Blue Flu!")
    assert where(result.state, 1) == [("Chthonian", "Rivertown")]
    assert any(
        e.source == "Chthonian" and e.what.startswith("in Rivertown: instead of moving")
        for e in of(result.events, m.ResolveAtTable)
    )


# -- Activate the card -----------------------------------------------------------------------------


def test_a_headline_is_resolved_at_the_table_and_goes_to_the_bottom_of_the_deck() -> None:
    result = mythos(board(), BIG_STORM)
    assert result.state.deck[-1] == BIG_STORM
    assert of(result.events, m.ResolveAtTable)[-1].source == BIG_STORM


def test_an_environment_replaces_the_previous_one_which_goes_to_the_bottom() -> None:
    state = board()
    state = dataclasses.replace(state, deck=tuple(c for c in state.deck if c != SUNNY), environment=SUNNY)
    result = mythos(state, HEAT_WAVE)
    assert result.state.environment == HEAT_WAVE and result.state.deck[-1] == SUNNY
    assert of(result.events, m.CardInPlay)[0].replaced == SUNNY


def test_a_second_rumor_is_ignored_but_its_gate_clue_and_movement_still_happen() -> None:
    state = board(monsters=monsters(("Ghoul", "Rivertown")))
    state = dataclasses.replace(state, deck=tuple(c for c in state.deck if c != GOOD_WORK), rumor=GOOD_WORK)
    result = mythos(state, RITUAL)
    assert result.state.rumor == GOOD_WORK and result.state.deck[-1] == RITUAL
    assert result.state.gate_at("Graveyard") is not None
    assert ("Ghoul", "Easttown") in where(result.state)  # hexagon on the black box


def test_a_cards_activity_marker_stays_while_it_is_in_play() -> None:
    # Estate Sale: Environment (Urban); gate The Witch House; its activity marker on Uptown.
    estate = mythos(board(), "Estate Sale")
    assert estate.state.activity == ("Uptown",)
    replaced = mythos(estate.state, HEAT_WAVE)
    assert replaced.state.activity == () and replaced.state.deck[-1] == "Estate Sale"
    assert of(replaced.events, m.ActivityMarker) == [m.ActivityMarker("Uptown", "Estate Sale", False)]


def test_a_rumor_leaves_play_when_passed_or_failed_at_the_table() -> None:
    # Good Work Undone: Rumor; gate Unvisited Isle; its activity marker on Easttown.
    rumor = mythos(board(), GOOD_WORK)
    assert (rumor.state.rumor, rumor.state.activity) == (GOOD_WORK, ("Easttown",))
    ended = apply(rumor.state, m.EndRumor(passed=True))
    assert isinstance(ended, Accepted)
    assert (ended.state.rumor, ended.state.activity, ended.state.deck[-1]) == ("", (), GOOD_WORK)
    assert of(ended.events, m.RumorEnded) == [m.RumorEnded(GOOD_WORK, True)]
    assert rejected(ended.state, m.EndRumor(passed=False)).code is Code.NOT_NOW


def test_the_story_continues_reshuffles_and_draws_again() -> None:
    state = board()
    top = dataclasses.replace(state, deck=(STORY_CONTINUES, *(c for c in state.deck if c != STORY_CONTINUES)))
    result = mythos(top, "")
    drawn = [e.card for e in of(result.events, m.MythosDrawn)]
    assert drawn[0] == STORY_CONTINUES and len(drawn) == 2 and drawn[1] != STORY_CONTINUES
    assert len(result.state.deck) + (1 if CARD[drawn[1]].kind.value in ("environment", "rumor") else 0) == 67


def test_the_story_continues_drawn_at_the_table_waits_for_the_next_card() -> None:
    result = mythos(board(), STORY_CONTINUES)
    assert [type(e) for e in result.events] == [m.MythosDrawn, m.MythosReshuffled]
    assert STORY_CONTINUES in result.state.deck


# -- Set-up and the first player -------------------------------------------------------------------


def test_set_up_places_clues_fills_the_cup_and_redraws_a_rumor() -> None:
    seats = tuple(m.Seated(n, "Train Station", 2) for n in ("Amanda", "Bob"))
    cthulhu = new_arkham_game(m.NewArkhamGame("Cthulhu", seats, seed=3))
    nyarlathotep = new_arkham_game(m.NewArkhamGame("Nyarlathotep", seats, seed=3))
    assert isinstance(cthulhu, Accepted) and isinstance(nyarlathotep, Accepted)
    assert (len(cthulhu.state.cup), len(nyarlathotep.state.cup)) == (55, 60)  # Masks only with Nyarlathotep
    assert sum(cthulhu.state.clues) == 11 and len(cthulhu.state.deck) == 67
    redrawn = mythos(cthulhu.state, GOOD_WORK)
    assert [type(e) for e in redrawn.events] == [m.MythosDrawn, m.MythosReshuffled] and redrawn.state.setup
    first = mythos(redrawn.state, HEAT_WAVE)
    assert not first.state.setup and of(first.events, m.FirstPlayerPassed) == []  # no turn played yet
    second = mythos(first.state, BIG_STORM)
    assert of(second.events, m.FirstPlayerPassed) == [m.FirstPlayerPassed("Bob")]


# -- Bad input and the table's own updates ---------------------------------------------------------


def test_bad_entries_are_refused_with_a_reason_and_change_nothing() -> None:
    state = board()
    assert rejected(state, m.Mythos("No Such Card")).code is Code.BAD_VALUE
    assert rejected(state, m.Mythos(HEAT_WAVE, gate="Carcosa")).code is Code.BAD_VALUE
    assert rejected(state, m.Mythos(HEAT_WAVE, monsters=("Cthulhu",))).code is Code.BAD_VALUE
    assert rejected(state, m.Mythos(HEAT_WAVE, monsters=("Cultist", "Zombie"))).code is Code.BAD_VALUE
    in_play = dataclasses.replace(state, deck=tuple(c for c in state.deck if c != SUNNY), environment=SUNNY)
    assert rejected(in_play, m.Mythos(SUNNY)).code is Code.NOT_A_CHOICE
    assert rejected(board(awakened="x"), m.Mythos()).code is Code.GAME_OVER
    assert rejected(state, m.CloseGate("Woods")).code is Code.NO_GATE
    assert rejected(state, m.MoveInvestigator("Nobody", "Woods")).code is Code.UNKNOWN_PLAYER
    assert rejected(state, m.MoveInvestigator("Amanda", "Atlantis")).code is Code.UNKNOWN_AREA


def test_closing_a_gate_returns_its_dimension_to_the_cup_and_a_seal_then_holds() -> None:
    placed = monsters(("Byakhee", "Sky"), ("Witch", "Outskirts"), ("Cultist", "Uptown"))
    state = board(gates=(m.Gate("Woods", "Yuggoth"),), monsters=placed)  # Yuggoth's markers are circles
    closed = apply(state, m.CloseGate("Woods", seal=True))
    assert isinstance(closed, Accepted)
    assert where(closed.state, 1) == [("Cultist", "Uptown")]
    assert closed.events == (m.GateClosed("Woods", "Yuggoth", True, ("Byakhee", "Witch")),)
    assert of(mythos(closed.state, HEAT_WAVE).events, m.ElderSignHolds)


# -- The table's own updates -----------------------------------------------------------------------


def test_investigators_started_unplaced_must_be_placed_before_the_first_card() -> None:
    # No investigator sheets ship with the companion: a game started on the screen places them.
    seats = (m.Seated("Amanda", m.UNPLACED, 2), m.Seated("Bob", "Woods", 3))
    started = new_arkham_game(m.NewArkhamGame("Cthulhu", seats, seed=1))
    assert isinstance(started, Accepted) and started.state.unplaced() == ("Amanda",)
    refused = rejected(started.state, m.Mythos())
    assert refused.code is Code.NOT_NOW and "Amanda" in refused.message
    placed = apply(started.state, m.MoveInvestigator("Amanda", "Northside"))
    assert isinstance(placed, Accepted) and placed.state.unplaced() == ()
    assert isinstance(apply(placed.state, m.Mythos()), Accepted)
    assert rejected(started.state, m.MoveInvestigator("Bob", m.UNPLACED)).code is Code.UNKNOWN_AREA


def test_sneak_is_set_between_phases_within_its_range() -> None:
    state = board()
    result = apply(state, m.SetSneak("Bob", 0))
    assert isinstance(result, Accepted) and result.state.investigators[1].sneak == 0
    assert of(result.events, m.SneakSet) == [m.SneakSet("Bob", 0)]
    assert rejected(state, m.SetSneak("Bob", -1)).code is Code.BAD_VALUE
    assert rejected(state, m.SetSneak("Bob", m.MAX_SNEAK + 1)).code is Code.BAD_VALUE
    assert rejected(state, m.SetSneak("Nobody", 1)).code is Code.UNKNOWN_PLAYER


def test_the_table_places_a_cards_markers_and_they_leave_play_with_the_card() -> None:
    # The rules text: the card "may call for one or more activity or closed markers ... If the
    # card leaves play, remove the markers from the locations as well."  Heat Wave is an Environment.
    state = mythos(board(), HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",)).state
    closed = apply(state, m.PlaceCardMarker(m.MarkerKind.CLOSED, "Unvisited Isle", HEAT_WAVE))
    assert isinstance(closed, Accepted) and closed.state.is_closed("Unvisited Isle")
    assert of(closed.events, m.CardMarkerMoved) == [m.CardMarkerMoved(m.MarkerKind.CLOSED, "Unvisited Isle", HEAT_WAVE, True)]
    assert rejected(closed.state, m.MoveInvestigator("Amanda", "Unvisited Isle")).code is Code.NOT_NOW  # no one enters
    assert rejected(closed.state, m.PlaceCardMarker(m.MarkerKind.CLOSED, "Unvisited Isle", HEAT_WAVE)).code is Code.NOT_NOW
    replaced = mythos(closed.state, SUNNY, gate="R'lyeh", monsters=("Zombie",))  # another Environment replaces it
    assert not replaced.state.is_closed("Unvisited Isle") and replaced.state.card_markers == ()
    assert m.CardMarkerMoved(m.MarkerKind.CLOSED, "Unvisited Isle", HEAT_WAVE, False) in replaced.events


def test_a_card_marker_needs_its_card_in_play_and_a_place_in_arkham() -> None:
    state = mythos(board(), HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",)).state
    assert rejected(state, m.PlaceCardMarker(m.MarkerKind.ACTIVITY, "Woods", SUNNY)).code is Code.NOT_NOW
    assert rejected(state, m.PlaceCardMarker(m.MarkerKind.ACTIVITY, "Atlantis", HEAT_WAVE)).code is Code.UNKNOWN_AREA
    placed = apply(state, m.PlaceCardMarker(m.MarkerKind.ACTIVITY, "Woods", HEAT_WAVE))
    assert isinstance(placed, Accepted) and not placed.state.is_closed("Woods")
    removed = apply(placed.state, m.PlaceCardMarker(m.MarkerKind.ACTIVITY, "Woods", HEAT_WAVE, placed=False))
    assert isinstance(removed, Accepted) and removed.state.card_markers == ()


def test_a_rumors_progress_track_is_kept_and_starts_empty_with_each_rumor() -> None:
    rumor = mythos(board(), GOOD_WORK)  # a Rumor comes into play
    assert rumor.state.rumor == GOOD_WORK and rumor.state.rumor_track == 0
    tracked = apply(rumor.state, m.RumorTrack(3))
    assert isinstance(tracked, Accepted) and tracked.state.rumor_track == 3
    assert of(tracked.events, m.RumorTrackSet) == [m.RumorTrackSet(GOOD_WORK, 3)]
    assert rejected(rumor.state, m.RumorTrack(-1)).code is Code.BAD_VALUE
    ended = apply(tracked.state, m.EndRumor(passed=False))
    assert isinstance(ended, Accepted) and ended.state.rumor_track == 0
    assert rejected(ended.state, m.RumorTrack(1)).code is Code.NOT_NOW  # no Rumor in play


def test_an_investigator_takes_the_name_on_their_sheet() -> None:
    state = board()
    renamed = apply(state, m.RenameInvestigator("Amanda", " Amanda Sharpe "))
    assert isinstance(renamed, Accepted) and renamed.state.investigators[0].name == "Amanda Sharpe"
    assert of(renamed.events, m.InvestigatorRenamed) == [m.InvestigatorRenamed("Amanda", "Amanda Sharpe")]
    assert rejected(state, m.RenameInvestigator("Amanda", "Bob")).code is Code.BAD_VALUE  # taken
    assert rejected(state, m.RenameInvestigator("Amanda", "   ")).code is Code.BAD_NAME
    assert rejected(state, m.RenameInvestigator("Nobody", "Kate")).code is Code.UNKNOWN_PLAYER
