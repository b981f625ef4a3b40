"""Great Cthulhu's unique abilities, Spellbooks and Spellbook requirements (factions.md section 1),
each driven through commands."""

from __future__ import annotations

from companion.engine import State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions.great_cthulhu import Devolve, Dreams, Emerge, Submerge
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import BG, CC, GC, OW, YS, A, G, M, game, game6, met, names, turn, units
from tests.helpers import events_of, ok, pass_round, rejected, run


def cthulhu_vs(enemy_units: list[tuple[str, str, str, int]], books: tuple[str, ...] = ()) -> State:
    state = game(South_Pacific={"gate": GC, "units": [(GC, G, "Cthulhu", 1), *enemy_units]})
    return turn(state, GC, books=books)


def test_immortal_gives_an_elder_sign_for_each_awakening_and_makes_the_next_cost_4() -> None:
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC, power=14)
    events = events_of(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    state = run(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert "AbilityUsed" in names(events)
    player = state.player(GC)
    assert len(player.elder_signs) == 1 and player.power == 4
    # He dies; the second awakening costs 4 (Immortal) and gives another Elder Sign.
    assert state.prompt.kind is PromptKind.SPELLBOOK  # Awaken Cthulhu is a requirement
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC, power=4, awakened=("Cthulhu",))
    state = run(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert state.player(GC).power == 0 and len(state.player(GC).elder_signs) == 1


def test_devour_the_enemy_chooses_which_of_its_monsters_or_cultists_is_eaten() -> None:
    state = cthulhu_vs([(CC, A, "Acolyte", 1), (CC, M, "Nightgaunt", 1)])
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == CC
    assert set(state.prompt.choices) == {"Acolyte", "Nightgaunt"}
    events = events_of(state, UseAbility(CC, "Nightgaunt"))
    state = run(state, UseAbility(CC, "Nightgaunt"))
    assert units(state, "South Pacific", CC, "Nightgaunt") == 0
    # The devoured unit counts for "Kill/Devour", met when the battle ends: the dice now.
    assert met(state, GC) == ()
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 6  # recounted: Cthulhu's 6
    assert "CombatComputed" in names(events)
    assert dict(state.abilities.tally)[GC] == 1


def test_devour_with_one_kind_of_victim_is_taken_by_the_referee() -> None:
    state = cthulhu_vs([(CC, A, "Acolyte", 2)])
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    assert units(state, "South Pacific", CC, "Acolyte") == 1
    assert state.prompt.kind is PromptKind.ROLL  # the Kill/Devour books wait for the battle's end


def test_absorb_a_shoggoth_eats_a_unit_for_three_more_dice() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, M, "Shoggoth", 1), (GC, M, "Deep One", 1), (CC, A, "Acolyte", 1)]})
    state = run(turn(state, GC, books=("Absorb",)), c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", "Deep One")
    state = run(state, UseAbility(GC, "Deep One"))
    assert units(state, "South Pacific", GC, "Deep One") == 0
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 2 + 3


def test_absorb_applies_only_while_held() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, M, "Shoggoth", 1), (GC, M, "Deep One", 1), (CC, A, "Acolyte", 1)]})
    state = run(turn(state, GC), c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 3


def test_devolve_turns_an_acolyte_into_a_deep_one_even_on_another_players_turn() -> None:
    state = game(Europe={"units": [(GC, A, "Acolyte", 2)]})
    state = turn(state, CC)
    state = turn(state, GC, books=("Devolve",))
    state = turn(state, CC, power=3)
    state = run(state, Devolve(GC, "Europe"))
    assert units(state, "Europe", GC, "Deep One") == 1 and units(state, "Europe", GC, "Acolyte") == 1
    assert state.prompt.actor == CC  # no turn spent


def test_dreams_replaces_an_enemy_acolyte_for_two_power() -> None:
    state = turn(game(Europe={"units": [(YS, A, "Acolyte", 1)]}), GC, power=5, books=("Dreams",))
    state = run(state, Dreams(GC, "Europe", YS))
    assert units(state, "Europe", YS, "Acolyte") == 0 and units(state, "Europe", GC, "Acolyte") == 1
    assert state.player(GC).power == 3 and state.prompt.actor != GC


def test_dreams_applies_only_while_held() -> None:
    state = turn(game(Europe={"units": [(YS, A, "Acolyte", 1)]}), GC, power=5)
    assert rejected(state, Dreams(GC, "Europe", YS)).code.value == "not_now"


def test_submerge_lifts_cthulhu_and_his_monsters_and_emerge_puts_them_anywhere() -> None:
    state = game(South_Pacific={"units": [(GC, G, "Cthulhu", 1), (GC, M, "Deep One", 2), (GC, A, "Acolyte", 1)]})
    state = run(turn(state, GC, power=3, books=("Submerge",)), Submerge(GC))
    assert units(state, "South Pacific", GC, "Cthulhu") == 0 and units(state, "South Pacific", GC, "Acolyte") == 1
    assert {u.name: u.count for u in state.abilities.deep} == {"Cthulhu": 1, "Deep One": 2}
    state = run(turn(state, GC, power=0 + 1, books=("Submerge",)), Emerge(GC, "Europe"))
    assert units(state, "Europe", GC, "Cthulhu") == 1 and units(state, "Europe", GC, "Deep One") == 2
    assert state.abilities.deep == () and state.player(GC).power == 1


def test_submerge_needs_cthulhu_in_an_ocean() -> None:
    state = game(Europe={"units": [(GC, G, "Cthulhu", 1)]})
    assert rejected(turn(state, GC, books=("Submerge",)), Submerge(GC)).code.value == "not_now"


def test_yha_nthlei_gives_power_per_enemy_gate_in_an_ocean() -> None:
    state = game(South_Pacific={"units": [(GC, G, "Cthulhu", 1)]}, North_Pacific={"gate": CC, "units": [(CC, A, "Acolyte", 1)]})
    state = turn(state, GC, books=("Y'ha Nthlei",))
    assert ("Y'ha Nthlei", 1) in [(p.label, p.amount) for p in flow.power_parts(state, GC)]
    state = turn(state, GC, books=())
    assert "Y'ha Nthlei" not in [p.label for p in flow.power_parts(state, GC)]


def test_requirement_first_doom_phase_gives_an_elder_sign_and_a_spellbook() -> None:
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC)
    state, _ = pass_round(state, first=GC)
    while state.prompt.kind is not PromptKind.SPELLBOOK:
        assert state.phase in (Phase.DOOM, Phase.FIRST_PLAYER, Phase.GATHER_POWER)
        state = run(state, c.SkipRitual(state.prompt.actor))
    assert state.prompt.actor == GC and "First Doom Phase" in met(state, GC)
    assert len(state.player(GC).elder_signs) == 1
    resumed = state.abilities.resume[0]
    state = run(state, ChooseSpellbook(GC, "Devolve"))
    assert state.player(GC).spellbooks == ("Devolve",) and state.prompt == resumed


def test_requirement_kill_devour_1_and_2_enemy_units_in_one_battle() -> None:
    state = cthulhu_vs([(CC, A, "Acolyte", 3)])
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    assert met(state, GC) == ()  # the devoured Acolyte counts when the battle ends
    state = run(state, c.Roll((6, 6, 1, 1, 1, 1)))  # 3 in all: both books
    assert {"Kill/Devour 1 enemy unit", "Kill/Devour 2 enemy units"} <= set(met(state, GC))
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == GC


def test_requirement_awaken_cthulhu() -> None:
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC, power=10)
    state = run(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert "Awaken Cthulhu" in met(state, GC) and state.prompt.kind is PromptKind.SPELLBOOK


def test_requirement_ocean_gates_three_controlled() -> None:
    oceans = {name: {"gate": GC, "units": [(GC, A, "Acolyte", 1)]} for name in ("South_Pacific", "North_Pacific", "Indian_Ocean")}
    state = run(turn(game(**oceans), GC), c.Recruit(GC, "South Pacific"))  # a board change: checked
    assert "Ocean gates" in met(state, GC)


def test_requirement_ocean_gates_four_of_anyone() -> None:
    oceans = {name: {"gate": "abandoned"} for name in ("South_Pacific", "North_Pacific", "Indian_Ocean", "Arctic_Ocean")}
    state = run(turn(game(**oceans), GC), c.Recruit(GC, "Asia"))  # a board change: checked
    assert "Ocean gates" in met(state, GC)


def test_requirement_five_spellbooks_is_the_last_one_in_a_doom_phase() -> None:
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC)
    five = tuple(
        (GC, n)
        for n in ("First Doom Phase", "Kill/Devour 1 enemy unit", "Kill/Devour 2 enemy units", "Awaken Cthulhu", "Ocean gates")
    )
    state = evolve(state, abilities=evolve(state.abilities, met=five))
    state = turn(state, GC, books=("Devolve", "Absorb", "Regenerate", "Dreams", "Submerge"))
    state = run(state, c.Pass(GC))  # round 1's Action Phase ends: not a Doom Phase yet
    assert "Five Spellbooks" not in met(state, GC)
    state, _ = pass_round(state, first=GC)
    assert "Five Spellbooks" in met(state, GC) and state.prompt.choices == ("Y'ha Nthlei",)
    signs = len(state.player(GC).elder_signs)
    state = run(state, ChooseSpellbook(GC, "Y'ha Nthlei"))
    assert len(state.player(GC).spellbooks) == 6 and signs >= 1


def test_gain_spellbook_still_grants_a_book_by_hand() -> None:
    state = run(turn(game(), GC), c.GainSpellbook(GC, "Dreams"))
    assert state.player(GC).spellbooks == ("Dreams",)


def test_a_spellbook_is_never_taken_twice_nor_a_seventh() -> None:
    state = turn(game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}), GC, power=10)
    state = run(state, c.Awaken(GC, "South Pacific", "Cthulhu"))
    assert "Dreams" in state.prompt.choices
    assert apply(state, ChooseSpellbook(GC, "Frenzy")).ok is False
    _ = (BG, ok)


def test_submerged_cthulhu_is_in_play_and_cannot_be_awakened_again() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, G, "Cthulhu", 1), (GC, A, "Acolyte", 1)]})
    state = run(turn(state, GC, power=3, books=("Submerge",)), Submerge(GC))
    state = turn(state, GC, power=10, books=("Submerge",), awakened=("Cthulhu",))
    assert rejected(state, c.Awaken(GC, "South Pacific", "Cthulhu")).code.value == "no_such_units"


def starspawn_vs_byakhee(books: tuple[str, ...], starspawn: int = 1) -> State:
    """Yellow Sign's Byakhee (2: 3 dice) attack Great Cthulhu's Starspawn in Europe."""
    state = game(Europe={"units": [(GC, M, "Starspawn", starspawn), (YS, M, "Byakhee", 2)]})
    state = turn(state, GC, books=books)
    return turn(state, YS, power=5)


def test_regenerate_a_starspawn_survives_one_kill_pained() -> None:
    state = starspawn_vs_byakhee(("Regenerate",))
    state = run(state, c.BattleAction(YS, "Europe", GC), c.Roll((6, 1, 1)), c.Roll((1, 1, 1)))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == GC  # pained, not killed
    state = run(state, c.ChooseRetreat(GC, "Asia"))
    assert units(state, "Asia", GC, "Starspawn") == 1


def test_regenerate_two_kills_kill_a_starspawn() -> None:
    state = starspawn_vs_byakhee(("Regenerate",))
    state = run(state, c.BattleAction(YS, "Europe", GC), c.Roll((6, 6, 1)), c.Roll((1, 1, 1)))
    assert units(state, "Europe", GC, "Starspawn") == 0 and state.battle is None


def test_regenerate_a_kill_and_a_pain_only_pain_it_and_two_starspawn_share_two_kills_by_choice() -> None:
    state = starspawn_vs_byakhee(("Regenerate",))
    state = run(state, c.BattleAction(YS, "Europe", GC), c.Roll((6, 4, 1)), c.Roll((1, 1, 1)))
    assert state.prompt.kind is PromptKind.RETREAT
    state = starspawn_vs_byakhee(("Regenerate",), starspawn=2)
    state = run(state, c.BattleAction(YS, "Europe", GC), c.Roll((6, 6, 1)), c.Roll((1,) * 6))
    assert state.prompt.kind is PromptKind.ASSIGN_KILL and state.prompt.actor == GC
    assert state.prompt.choices == ("Starspawn", "Starspawn (wounded)")
    state = run(state, c.AssignKill(GC, "Starspawn"))  # one Kill each: both are pained, none dies
    assert state.prompt.kind is PromptKind.RETREAT and units(state, "Europe", GC, "Starspawn") == 2


def test_regenerate_applies_only_while_held() -> None:
    state = starspawn_vs_byakhee(("Dreams",))
    state = run(state, c.BattleAction(YS, "Europe", GC), c.Roll((6, 1, 1)), c.Roll((1, 1, 1)))
    assert units(state, "Europe", GC, "Starspawn") == 0


def test_yha_nthlei_and_ocean_gates_count_an_enemy_yog_sothoth_in_an_ocean_as_a_gate() -> None:
    """The Key and the Gate (factions.md section 7: Yog-Sothoth is a gate "for every purpose",
    HRF's `oceanGates`): an Opener's Yog-Sothoth in an ocean area is an enemy-controlled ocean gate
    for Y'ha Nthlei, and one of the four ocean gates of the requirement."""
    state = game6(
        South_Pacific={"units": [(GC, G, "Cthulhu", 1)]},
        Indian_Ocean={"units": [(OW, G, "Yog-Sothoth", 1)]},
    )
    state = turn(state, GC, books=("Y'ha Nthlei",))
    assert ("Y'ha Nthlei", 1) in [(p.label, p.amount) for p in flow.power_parts(state, GC)]
    three = {name: {"gate": "abandoned"} for name in ("North_Pacific", "Arctic_Ocean", "Bering_Sea")}
    state = run(
        turn(game6(Indian_Ocean={"units": [(OW, G, "Yog-Sothoth", 1)]}, **three), GC), c.Recruit(GC, "South Pacific")
    )  # a board change: checked
    assert "Ocean gates" in met(state, GC)
