"""Black Goat's unique abilities, Spellbooks and Spellbook requirements (factions.md section 3),
each driven through commands."""

from __future__ import annotations

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import CombatComputed, HitTaken
from companion.engine.cthulhu.factions.black_goat import Avatar, BloodSacrifice, FertilityCult, Ghroth, SacrificeCultists
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Gate, Phase, Prompt, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import BG, CC, GC, YS, A, G, M, already, game, met, turn, units
from tests.helpers import events_of, rejected, run

SHUB = "Shub-Niggurath"


def test_fertility_cult_summons_without_ending_the_turn() -> None:
    state = turn(game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 1)]}), BG, power=4)
    state = run(state, FertilityCult(BG, "Africa", "Ghoul"), FertilityCult(BG, "Africa", "Fungi from Yuggoth"))
    assert units(state, "Africa", BG, "Ghoul") == 1 and units(state, "Africa", BG, "Fungi from Yuggoth") == 1
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == BG and state.player(BG).power == 1


def test_fertility_cult_ends_the_turn_when_the_power_is_spent() -> None:
    state = turn(game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 1)]}), BG, power=1)
    state = run(state, FertilityCult(BG, "Africa", "Ghoul"))
    assert state.prompt.actor != BG


def test_the_thousand_young_monsters_cost_one_less_with_shub_niggurath_in_play() -> None:
    state = game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 1), (BG, G, SHUB, 1)]})
    state = run(turn(state, BG, power=2, books=("The Thousand Young",)), FertilityCult(BG, "Africa", "Dark Young"))
    assert state.player(BG).power == 0


def test_frenzy_black_goat_cultists_roll_one_die_each() -> None:
    state = game(Africa={"units": [(BG, A, "Acolyte", 2), (YS, A, "Acolyte", 1)]})
    events = events_of(turn(state, BG, books=("Frenzy",)), c.BattleAction(BG, "Africa", YS))
    mine = next(e for e in events if isinstance(e, CombatComputed) and e.player == BG)
    assert mine.dice == 2


def test_avatar_shub_niggurath_swaps_with_a_unit_the_other_faction_chooses() -> None:
    state = game(Africa={"units": [(BG, G, SHUB, 1)]}, Europe={"units": [(YS, A, "Acolyte", 1), (YS, M, "Undead", 1)]})
    state = run(turn(state, BG, power=2), Avatar(BG, "Europe", YS))
    assert units(state, "Europe", BG, SHUB) == 1 and state.prompt.actor == YS
    state = run(state, UseAbility(YS, "Undead"))
    assert units(state, "Africa", YS, "Undead") == 1 and state.player(BG).power == 1


def test_ghroth_a_low_roll_makes_the_enemies_lose_cultists() -> None:
    state = game(
        Africa={"units": [(BG, M, "Fungi from Yuggoth", 1)]},
        Asia={"units": [(BG, M, "Fungi from Yuggoth", 1), (CC, A, "Acolyte", 2)]},
        Europe={"units": [(YS, A, "Acolyte", 1)]},
    )
    state = run(turn(state, BG, power=3, books=("Ghroth",)), Ghroth(BG), c.Roll((2,)))
    assert state.prompt.kind is PromptKind.ABILITY and set(state.prompt.choices) == {f"{CC}@Asia", f"{YS}@Europe"}
    state = run(state, UseAbility(BG, f"{CC}@Asia"), UseAbility(BG, f"{YS}@Europe"))
    assert units(state, "Asia", CC, "Acolyte") == 1 and units(state, "Europe", YS, "Acolyte") == 0


def test_ghroth_a_high_roll_places_an_acolyte_of_any_faction() -> None:
    state = game(Africa={"units": [(BG, M, "Fungi from Yuggoth", 1)]})
    state = run(turn(state, BG, power=3, books=("Ghroth",)), Ghroth(BG), c.Roll((5,)))
    state = run(state, UseAbility(BG, f"{YS}@Australia"))
    assert units(state, "Australia", YS, "Acolyte") == 1


def test_the_red_sign_gives_a_power_per_dark_young() -> None:
    state = turn(game(Africa={"units": [(BG, M, "Dark Young", 2)]}), BG, books=("The Red Sign",))
    assert ("The Red Sign", 2) in [(p.label, p.amount) for p in flow.power_parts(state, BG)]


def test_blood_sacrifice_a_cultist_for_an_elder_sign_in_the_doom_phase() -> None:
    state = game(Africa={"units": [(BG, G, SHUB, 1), (BG, A, "Acolyte", 2)]})
    state = turn(state, BG, books=("Blood Sacrifice",))
    assert rejected(state, BloodSacrifice(BG, "Africa")).code.value == "not_now"  # an Action Phase
    state = evolve(state, phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, GC, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, BloodSacrifice(BG, "Africa"))
    assert units(state, "Africa", BG, "Acolyte") == 1 and len(state.player(BG).elder_signs) == 1
    assert rejected(state, BloodSacrifice(BG, "Africa")).code.value == "not_now"  # once


def test_requirement_units_in_4_6_and_8_areas() -> None:
    spread = {n: {"units": [(BG, A, "Acolyte", 1)]} for n in ("Africa", "Asia", "Europe", "Australia")}
    state = run(turn(game(**spread), BG, power=1), c.Recruit(BG, "Africa"))  # a board change: checked
    assert "Units in 4 areas" in met(state, BG) and "Units in 6 areas" not in met(state, BG)
    spread = {
        n: {"units": [(BG, M, "Ghoul", 1)]}
        for n in ("Africa", "Asia", "Europe", "Australia", "Antarctica", "New_Zealand", "South_Atlantic", "Indian_Ocean")
    }
    state = run(turn(game(**spread), BG, power=1), c.Recruit(BG, "Africa"))
    assert {"Units in 4 areas", "Units in 6 areas", "Units in 8 areas"} <= set(met(state, BG))


def test_requirement_share_areas_with_all_enemies_gives_a_power_per_enemy() -> None:
    state = game(
        Africa={"units": [(BG, A, "Acolyte", 1), (GC, A, "Acolyte", 1)]},
        Asia={"units": [(BG, A, "Acolyte", 1), (CC, A, "Acolyte", 1), (YS, A, "Acolyte", 1)]},
    )
    state = run(turn(state, BG, power=2), c.Recruit(BG, "Africa"))
    assert "Share areas with all enemies" in met(state, BG) and state.player(BG).power == 1 + 3


def test_requirement_eliminate_two_cultists_as_an_action() -> None:
    state = game(Africa={"units": [(BG, A, "Acolyte", 3)]})
    state = run(turn(state, BG, power=1), SacrificeCultists(BG, ("Africa", "Africa")))
    assert units(state, "Africa", BG, "Acolyte") == 1 and "Eliminate two Cultists" in met(state, BG)


def test_requirement_awaken_shub_niggurath() -> None:
    state = game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 3)]})
    state = run(turn(state, BG, power=8), c.Awaken(BG, "Africa", SHUB))
    assert "Awaken Shub-Niggurath" in met(state, BG) and state.prompt.kind is PromptKind.SPELLBOOK


def starspawn_kills_an_undead(books: tuple[str, ...]) -> State:
    """Great Cthulhu's Starspawn attacks two Undead in Europe; Black Goat's Ghouls wait in Asia."""
    state = game(Europe={"units": [(GC, M, "Starspawn", 1), (YS, M, "Undead", 2)]}, Asia={"units": [(BG, M, "Ghoul", 2)]})
    state = turn(already(state, GC, "Kill/Devour 1 enemy unit"), BG, books=books)
    state = turn(state, GC, power=5)
    return run(state, c.BattleAction(GC, "Europe", YS), c.Roll((6, 1, 1)), c.Roll((1,)))


def test_necrophagy_ghouls_join_any_battle_after_the_kills_each_a_pain_for_both_sides() -> None:
    state = starspawn_kills_an_undead(("Necrophagy",))
    assert units(state, "Europe", YS, "Undead") == 1  # the Kill has landed first
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == BG
    assert state.prompt.choices == ("done", "Asia")
    state = run(state, UseAbility(BG, "Asia"))
    assert units(state, "Europe", BG, "Ghoul") == 1 and units(state, "Asia", BG, "Ghoul") == 1
    assert state.prompt.choices == ("done", "Asia")  # the second Ghoul may come too
    events = events_of(state, UseAbility(BG, "done"))
    assert [e.unit for e in events if isinstance(e, HitTaken)] == ["Undead", "Starspawn"]  # one Pain each side
    state = run(state, UseAbility(BG, "done"))
    assert state.prompt.kind is PromptKind.RETREAT and state.prompt.actor == GC
    state = run(state, c.ChooseRetreat(GC, "Arctic Ocean"))
    state = run(state, c.ChooseRetreat(YS, "Asia")) if state.prompt.kind is PromptKind.RETREAT else state
    assert units(state, "Europe", BG, "Ghoul") == 1  # not in the battle: took no Pain, stays
    assert units(state, "Europe", YS, "Undead") == 0 and units(state, "Europe", GC, "Starspawn") == 0


def test_necrophagy_applies_only_while_held() -> None:
    state = starspawn_kills_an_undead(("Ghroth",))
    assert state.prompt.kind is not PromptKind.ABILITY and units(state, "Europe", BG, "Ghoul") == 0


def test_the_red_sign_dark_young_build_and_control_gates() -> None:
    state = game(Europe={"units": [(BG, M, "Dark Young", 1)]}, Asia={"gate": "abandoned", "units": [(BG, M, "Dark Young", 1)]})
    state = turn(state, BG, power=5, books=("The Red Sign",))
    assert c.BuildGate(BG, "Europe") in list(legal_commands(state))
    state = run(state, c.ControlGate(BG, "Asia"))  # unlimited: the turn goes on
    state = run(state, c.BuildGate(BG, "Europe"))
    gates = {state.area_name(i): a.gate for i, a in enumerate(state.areas) if a.gate is not None}
    assert gates == {"Europe": Gate(BG), "Asia": Gate(BG)}


def test_the_red_sign_gates_apply_only_while_held() -> None:
    state = game(Europe={"units": [(BG, M, "Dark Young", 1)]})
    state = turn(state, BG, power=5, books=("Frenzy",))
    assert rejected(state, c.BuildGate(BG, "Europe")).code.value == "no_such_units"


def test_fertility_cult_summons_neutral_monsters_alongside_at_their_card_cost() -> None:
    """factions.md section 3 ([NEC-neutral]): Fertility Cult summons the neutral monsters Black
    Goat holds a Loyalty Card for, as unlimited actions; a Ghast brings every Ghast (Hordeling)."""
    state = game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 1)]})
    state = turn(evolve(state, loyalty=(("Gug", BG), ("Ghast", BG), ("Shantak", GC))), BG, power=4)
    offered = {cmd.name for cmd in legal_commands(state) if isinstance(cmd, FertilityCult)}
    assert {"Gug", "Ghast", "Ghoul"} <= offered and "Shantak" not in offered
    state = run(state, FertilityCult(BG, "Africa", "Gug"), FertilityCult(BG, "Africa", "Ghast"))
    assert units(state, "Africa", BG, "Gug") == 1 and units(state, "Africa", BG, "Ghast") == 4
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == BG and state.player(BG).power == 1
    assert rejected(state, FertilityCult(BG, "Africa", "Shantak")).code is Code.BAD_VALUE
