"""Crawling Chaos's unique abilities, Spellbooks and Spellbook requirements (factions.md
section 2), each driven through commands."""

from __future__ import annotations

from typing import Any

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.crawling_chaos import PayForSpellbook, ThousandForms
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import BG, CC, GC, YS, A, G, M, already, game, met, turn, units
from tests.helpers import rejected, run, set_players


def test_the_harbinger_pays_half_the_awaken_cost_in_power_for_a_killed_great_old_one() -> None:
    state = game(South_Pacific={"units": [(CC, G, "Nyarlathotep", 1), (GC, G, "Cthulhu", 1)]})
    state = turn(state, CC, power=5, books=("Madness",))  # Nyarlathotep: 1 + 0 dice
    state = run(state, c.BattleAction(CC, "South Pacific", GC), c.Roll((6,)), c.Roll((1, 1, 1, 1, 1, 1)))
    assert units(state, "South Pacific", GC, "Cthulhu") == 0
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("power", "elder_signs")
    state = run(state, UseAbility(CC, "power"))
    assert state.player(CC).power == 4 + 2  # Cthulhu's 4, halved


def test_the_harbinger_may_take_two_elder_signs_for_a_pained_great_old_one() -> None:
    state = game(South_Pacific={"units": [(CC, G, "Nyarlathotep", 1), (BG, G, "Shub-Niggurath", 1)]})
    state = set_players(state, black_goat={"spellbooks": ("Frenzy",)})
    state = evolve(state, abilities=evolve(state.abilities, met=((BG, "Awaken Shub-Niggurath"),)))
    state = turn(state, CC, power=5, books=("Madness",))
    # Nyarlathotep: 1 + 1 dice; Shub-Niggurath: no gate, no cultist, no dice.
    state = run(state, c.BattleAction(CC, "South Pacific", BG), c.Roll((4, 1)))
    assert state.prompt.kind is PromptKind.ABILITY
    state = run(state, UseAbility(CC, "elder_signs"))
    assert len(state.player(CC).elder_signs) == 2


def test_the_harbinger_needs_nyarlathotep_in_the_battle() -> None:
    state = game(South_Pacific={"units": [(CC, M, "Hunting Horror", 2), (GC, G, "Cthulhu", 1)]})
    state = run(turn(state, CC, power=5), c.BattleAction(CC, "South Pacific", GC))  # one is devoured
    state = run(state, c.Roll((6, 6)), c.Roll((1,) * 6))  # (the Devour's book waits for the battle's end)
    assert units(state, "South Pacific", GC, "Cthulhu") == 0
    assert state.prompt.kind is not PromptKind.ABILITY


def test_abduct_a_nightgaunt_takes_an_enemy_unit_of_its_choice() -> None:
    state = game(
        Europe={"units": [(CC, M, "Nightgaunt", 1), (CC, M, "Flying Polyp", 1), (YS, A, "Acolyte", 1), (YS, M, "Undead", 1)]}
    )
    state = run(turn(state, CC, books=("Abduct",)), c.BattleAction(CC, "Europe", YS))
    assert state.prompt.actor == CC and state.prompt.choices == ("use", "skip")
    state = run(state, UseAbility(CC, "use"))
    assert state.prompt.actor == YS and set(state.prompt.choices) == {"Acolyte", "Undead"}
    state = run(state, UseAbility(YS, "Undead"))
    assert units(state, "Europe", CC, "Nightgaunt") == 0 and units(state, "Europe", YS, "Undead") == 0
    assert state.prompt.kind is PromptKind.SPELLBOOK or state.prompt.kind is PromptKind.ROLL


def test_seek_and_destroy_brings_every_hunting_horror_into_the_battle() -> None:
    state = game(
        Europe={"units": [(CC, M, "Flying Polyp", 1), (YS, A, "Acolyte", 1)]}, Asia={"units": [(CC, M, "Hunting Horror", 2)]}
    )
    state = run(turn(state, CC, books=("Seek and Destroy",)), c.BattleAction(CC, "Europe", YS))
    state = run(state, UseAbility(CC, "use"))
    assert units(state, "Europe", CC, "Hunting Horror") == 2
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 1 + 2 * 2


def test_the_thousand_forms_without_agreement_gives_crawling_chaos_the_roll() -> None:
    state = game(Asia={"units": [(CC, G, "Nyarlathotep", 1)]})
    state = set_players(state, great_cthulhu={"power": 3}, black_goat={"power": 3})
    state = run(turn(state, CC, power=2, books=("The Thousand Forms",)), ThousandForms(CC), c.Roll((4,)))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("agreed", "failed")
    state = run(state, UseAbility(state.prompt.actor, "failed"))
    assert state.player(CC).power == 2 + 4


def test_the_thousand_forms_agreed_split_is_paid_by_the_others() -> None:
    state = game(Asia={"units": [(CC, G, "Nyarlathotep", 1)]})
    state = set_players(state, great_cthulhu={"power": 3}, black_goat={"power": 3}, yellow_sign={"power": 0})
    state = run(turn(state, CC, power=2, books=("The Thousand Forms",)), ThousandForms(CC), c.Roll((2,)))
    speaker = state.prompt.actor
    state = run(state, UseAbility(speaker, "agreed"), UseAbility(speaker, GC), UseAbility(speaker, BG))
    assert state.player(GC).power == 2 and state.player(BG).power == 2 and state.player(CC).power == 2


def test_the_thousand_forms_once_per_action_phase() -> None:
    state = game(Asia={"units": [(CC, G, "Nyarlathotep", 1)]})
    state = run(turn(state, CC, power=2, books=("The Thousand Forms",)), ThousandForms(CC), c.Roll((6,)))
    assert rejected(turn(state, CC, power=2, books=("The Thousand Forms",)), ThousandForms(CC)).code.value == "not_now"


def test_requirement_pay_4_power_and_pay_6_power() -> None:
    state = run(turn(game(), CC, power=12), PayForSpellbook(CC, 4))
    assert met(state, CC) == ("Pay 4 Power",) and state.player(CC).power == 8
    state = run(state, ChooseSpellbook(CC, "Abduct"))
    state = run(turn(state, CC, power=8, books=("Abduct",)), PayForSpellbook(CC, 6))
    assert "Pay 6 Power" in met(state, CC)
    assert rejected(turn(state, CC, power=8), PayForSpellbook(CC, 6)).code.value == "not_now"


def test_requirement_pay_10_power_meets_both_at_once() -> None:
    state = run(turn(game(), CC, power=10), PayForSpellbook(CC, 10))
    assert set(met(state, CC)) == {"Pay 4 Power", "Pay 6 Power"}


def test_requirement_3_gates_or_12_power() -> None:
    state = run(turn(game(Asia={"units": [(CC, A, "Acolyte", 1)]}), CC, power=12), c.Pass(CC))
    assert "3 gates or 12 Power" not in met(state, CC)  # passing drops Power to 0 first
    state = run(turn(game(Asia={"units": [(CC, A, "Acolyte", 1)]}), CC, power=13), c.Recruit(CC, "Asia"))
    assert "3 gates or 12 Power" in met(state, CC)


def test_requirement_4_gates_or_15_power() -> None:
    gates = {n: {"gate": CC, "units": [(CC, A, "Acolyte", 1)]} for n in ("Asia", "Europe", "Africa", "Australia")}
    state = run(turn(game(**gates), CC, power=1), c.Recruit(CC, "Asia"))  # a board change: checked
    assert {"3 gates or 12 Power", "4 gates or 15 Power"} <= set(met(state, CC))


def test_requirement_capture_a_cultist() -> None:
    state = game(Asia={"units": [(CC, M, "Nightgaunt", 1), (YS, A, "Acolyte", 1)]})
    state = run(turn(state, CC, power=2), c.Capture(CC, "Asia", YS))
    assert "Capture a Cultist" in met(state, CC)


def test_requirement_awaken_nyarlathotep() -> None:
    state = game(Asia={"gate": CC, "units": [(CC, A, "Acolyte", 1)]})
    state = run(turn(state, CC, power=10), c.Awaken(CC, "Asia", "Nyarlathotep"))
    assert "Awaken Nyarlathotep" in met(state, CC) and state.prompt.kind is PromptKind.SPELLBOOK
    _ = GC


def nyarlathotep_vs_undead(books: tuple[str, ...], **around: dict[str, Any]) -> State:
    """Nyarlathotep (1 die with one Spellbook) attacks three Undead (2 dice) in Europe."""
    state = game(Europe={"units": [(CC, G, "Nyarlathotep", 1), (YS, M, "Undead", 3)]}, **around)
    return turn(state, CC, power=5, books=books)


def test_emissary_of_the_outer_gods_turns_a_kill_on_nyarlathotep_into_a_pain() -> None:
    state = nyarlathotep_vs_undead(("Emissary of the Outer Gods",))
    state = run(state, c.BattleAction(CC, "Europe", YS), c.Roll((1,)), c.Roll((6, 1)))
    assert state.prompt.kind is PromptKind.RETREAT and "Nyarlathotep" in state.prompt.text
    state = run(state, c.ChooseRetreat(CC, "Asia"))
    assert units(state, "Asia", CC, "Nyarlathotep") == 1 and units(state, "Europe", CC, "Nyarlathotep") == 0


def test_emissary_of_the_outer_gods_he_stays_when_he_has_nowhere_to_retreat() -> None:
    undead = {"units": [(YS, A, "Acolyte", 1)]}
    state = nyarlathotep_vs_undead(("Emissary of the Outer Gods",), Asia=undead, Arctic_Ocean=undead, North_Atlantic=undead)
    state = run(state, c.BattleAction(CC, "Europe", YS), c.Roll((1,)), c.Roll((6, 1)))
    assert units(state, "Europe", CC, "Nyarlathotep") == 1
    assert state.battle is None and state.prompt.actor != CC


def test_emissary_of_the_outer_gods_not_against_an_enemy_great_old_one() -> None:
    state = game(Europe={"units": [(CC, G, "Nyarlathotep", 1), (YS, M, "Undead", 3), (YS, G, "King in Yellow", 1)]})
    state = set_players(already(state, YS, "Awaken the King in Yellow"), yellow_sign={"spellbooks": ("",)})
    state = turn(state, CC, power=5, books=("Emissary of the Outer Gods",))
    state = run(state, c.BattleAction(CC, "Europe", YS), c.Roll((1, 1)), c.Roll((6, 1)))
    assert units(state, "Europe", CC, "Nyarlathotep") == 0  # killed: the King is a Great Old One


def test_emissary_of_the_outer_gods_applies_only_while_held() -> None:
    state = nyarlathotep_vs_undead(("Abduct",))
    state = run(state, c.BattleAction(CC, "Europe", YS), c.Roll((1,)), c.Roll((6, 1)))
    assert units(state, "Europe", CC, "Nyarlathotep") == 0


def great_cthulhu_beats_yellow_sign(cc_books: tuple[str, ...]) -> State:
    """Great Cthulhu's Starspawn pains Yellow Sign's Undead in Europe (Crawling Chaos not in it)."""
    state = game(Europe={"units": [(GC, M, "Starspawn", 1), (YS, M, "Undead", 1), (YS, A, "Acolyte", 1)]})
    state = turn(state, CC, books=cc_books)
    return turn(state, GC, power=5)


def test_madness_crawling_chaos_chooses_where_pained_units_retreat_in_any_battle() -> None:
    state = great_cthulhu_beats_yellow_sign(("Madness",))
    state = run(state, c.BattleAction(GC, "Europe", YS), c.Roll((4, 4, 1)))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == CC
    assert set(state.prompt.choices) == {"Arctic Ocean", "Asia", "North Atlantic"}
    state = run(state, c.ChooseRetreat(CC, "Asia"))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == CC
    state = run(state, c.ChooseRetreat(CC, "Arctic Ocean"))
    assert units(state, "Asia", YS, "Acolyte") + units(state, "Asia", YS, "Undead") == 1
    assert units(state, "Arctic Ocean", YS, "Acolyte") + units(state, "Arctic Ocean", YS, "Undead") == 1


def test_madness_applies_only_while_held() -> None:
    state = great_cthulhu_beats_yellow_sign(("Abduct",))
    state = run(state, c.BattleAction(GC, "Europe", YS), c.Roll((4, 4, 1)))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == YS


def test_invisibility_a_flying_polyp_takes_an_enemy_unit_out_of_the_battle() -> None:
    state = game(Europe={"units": [(CC, M, "Flying Polyp", 1), (YS, M, "Byakhee", 2)]})
    state = run(turn(state, CC, books=("Invisibility",)), c.BattleAction(CC, "Europe", YS))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == CC
    assert state.prompt.choices == ("skip", "crawling_chaos: Flying Polyp", "yellow_sign: Byakhee")
    state = run(state, UseAbility(CC, "yellow_sign: Byakhee"))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 1  # the Polyp's die
    state = run(state, c.Roll((6,)))
    assert state.prompt.dice == 1 + 1  # one Byakhee left in the battle: 1 + 1
    state = run(state, c.Roll((1, 1)))
    # The Kill took the visible Byakhee; the invisible one took nothing and is still there.
    assert units(state, "Europe", YS, "Byakhee") == 1 and state.battle is None


def test_invisibility_applies_only_while_held() -> None:
    state = game(Europe={"units": [(CC, M, "Flying Polyp", 1), (YS, M, "Byakhee", 2)]})
    state = run(turn(state, CC, books=("Abduct",)), c.BattleAction(CC, "Europe", YS))
    assert state.prompt.kind is PromptKind.ROLL


def test_flight_crawling_chaos_units_move_two_areas_over_enemy_units() -> None:
    state = game(
        Europe={"units": [(CC, A, "Acolyte", 1), (CC, M, "Nightgaunt", 1)]}, North_Atlantic={"units": [(GC, M, "Deep One", 1)]}
    )
    state = turn(state, CC, power=3)
    group = c.MoveGroup("Europe", "Africa", UnitKind.CULTIST, "Acolyte", 1)  # over the Deep One in the North Atlantic
    state = run(state, c.Move(CC, groups=(group, c.MoveGroup("Europe", "Africa", UnitKind.MONSTER, "Nightgaunt", 1))))
    assert units(state, "Africa", CC, "Acolyte") == 1 and units(state, "Africa", CC, "Nightgaunt") == 1
    assert state.player(CC).power == 1  # 1 Power per unit, as any Move


def test_flight_not_three_areas_and_not_for_other_factions() -> None:
    state = game(Europe={"units": [(CC, A, "Acolyte", 1), (GC, A, "Acolyte", 1)]})
    far = c.MoveGroup("Europe", "South Pacific", UnitKind.CULTIST, "Acolyte", 1)
    assert rejected(turn(state, CC, power=3), c.Move(CC, groups=(far,))).code.value == "not_adjacent"
    two = c.MoveGroup("Europe", "Africa", UnitKind.CULTIST, "Acolyte", 1)
    assert rejected(turn(state, GC, power=3), c.Move(GC, groups=(two,))).code.value == "not_adjacent"


def test_madness_crawling_chaos_chooses_which_side_retreats_first() -> None:
    state = game(Europe={"units": [(GC, M, "Starspawn", 1), (YS, M, "Byakhee", 1)]})
    state = turn(state, CC, books=("Madness",))
    state = run(turn(state, GC, power=5), c.BattleAction(GC, "Europe", YS), c.Roll((4, 1, 1)), c.Roll((4, 1)))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == CC
    assert state.prompt.choices == (GC, YS)
    state = run(state, UseAbility(CC, YS))  # the defender's Byakhee first
    assert state.prompt.kind is PromptKind.RETREAT and "Byakhee" in state.prompt.text


def test_flight_over_a_living_area_needs_no_sacrifice_where_an_eradicated_route_also_exists() -> None:
    state = game(Europe={"units": [(CC, A, "Acolyte", 1)]}, Arctic_Ocean={"markers": ["eradicated"]})
    state = turn(state, CC, power=3)
    # Europe - Arctic Ocean (eradicated) - North Pacific, and Europe - North Atlantic - North Pacific.
    state = run(state, c.Move(CC, groups=(c.MoveGroup("Europe", "North Pacific", UnitKind.CULTIST, "Acolyte", 1),)))
    assert units(state, "North Pacific", CC, "Acolyte") == 1
