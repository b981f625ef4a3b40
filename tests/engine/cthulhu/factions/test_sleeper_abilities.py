"""Sleeper's modelled abilities, Spellbooks and requirements (factions.md section 5), each driven
through commands."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.powers import in_play as pw_in_play
from companion.engine.cthulhu.factions.sleeper import (
    AncientSorcery,
    CaptureMonster,
    CursedSlumber,
    DeathFromBelow,
    Lethargy,
    SleeperRequirement,
    SorceryReturn,
)
from companion.engine.cthulhu.factions.windwalker import Hibernate
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import GC, SL, WW, YS, A, G, M, already, game6, met, turn, units
from tests.helpers import pass_round, rejected, run, set_players, skip_rituals


def to_end_of_doom_phase_from_rituals(state: State) -> State:
    return skip_rituals(state)[0]


def test_requirement_pay_3_another_player_gains_3() -> None:
    state = run(turn(set_players(game6(), yellow_sign={"power": 0}), SL, power=4), SleeperRequirement(SL, "one", YS))
    assert state.player(SL).power == 1 and state.player(YS).power == 3
    assert "Pay 3: another player gains 3" in met(state, SL)


def test_requirement_pay_3_every_other_player_gains_1_and_loses_1() -> None:
    state = set_players(game6(), great_cthulhu={"power": 2}, windwalker={"power": 0})
    state = run(turn(state, SL, power=6), SleeperRequirement(SL, "all"))
    assert state.player(GC).power == 3 and state.player(WW).power == 1
    state = run(turn(state, SL, power=3, books=("Burrow",)), SleeperRequirement(SL, "loss"))
    assert state.player(GC).power == 2 and state.player(WW).power == 0
    assert {"Pay 3: every other player gains 1", "Pay 3: every other player loses 1"} <= set(met(state, SL))


def test_requirement_roll_6_dice_in_a_battle() -> None:
    state = already(game6(Europe={"units": [(SL, G, "Tsathoggua", 1), (YS, A, "Acolyte", 1)]}), SL, "Awaken Tsathoggua")
    state = set_players(state, yellow_sign={"power": 7})
    state = run(turn(state, SL, power=2), c.BattleAction(SL, "Europe", YS))
    assert "Roll 6 dice in a battle" in met(state, SL)


def test_requirement_perform_a_ritual() -> None:
    state = game6(North_America_West={"gate": SL, "units": [(SL, A, "Acolyte", 1)]})
    state = evolve(
        turn(state, SL, power=6), phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, SL, "ritual?", ("ritual", "skip_ritual"))
    )
    state = evolve(state, pending=(state.pending or ()))
    state = run(state, c.Ritual(SL))
    assert "Perform a Ritual" in met(state, SL)


def test_requirement_awaken_tsathoggua() -> None:
    state = game6(Europe={"units": [(SL, M, "Formless Spawn", 1)]})
    state = run(turn(state, SL, power=8), c.Awaken(SL, "Europe", "Tsathoggua"))
    assert "Awaken Tsathoggua" in met(state, SL)


def test_lethargy_does_nothing_and_ends_the_action() -> None:
    state = already(game6(Europe={"units": [(SL, G, "Tsathoggua", 1)]}), SL, "Awaken Tsathoggua")
    state = run(turn(state, SL, power=3), Lethargy(SL))
    assert state.player(SL).power == 3 and state.prompt.actor != SL
    assert rejected(turn(game6(), SL), Lethargy(SL)).code.value == "not_now"


def test_death_from_below_places_the_cheapest_monster_in_the_doom_phase() -> None:
    state = game6(Europe={"units": [(SL, A, "Acolyte", 1)]})
    state = evolve(turn(state, SL), phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, GC, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, DeathFromBelow(SL, "Europe"))
    assert units(state, "Europe", SL, "Wizard") == 1
    assert rejected(state, DeathFromBelow(SL, "Europe")).code.value == "not_now"


def test_burrow_gives_one_power_back_after_moving_two_units() -> None:
    state = game6(Europe={"units": [(SL, A, "Acolyte", 2)]})
    move = c.Move(SL, groups=(c.MoveGroup("Europe", "Scandinavia", UnitKind.CULTIST, "Acolyte", 2),))
    state = run(turn(state, SL, power=5, books=("Burrow",)), move)
    assert state.player(SL).power == 5 - 2 + 1


# -- Demand Sacrifice ----------------------------------------------------------------------------


def _demand_battle() -> State:
    state = game6(Europe={"units": [(SL, G, "Tsathoggua", 1), (YS, M, "Byakhee", 1)]})
    state = already(state, SL, "Awaken Tsathoggua")
    state = set_players(state, yellow_sign={"power": 0})
    return run(turn(state, SL, power=3, books=("Demand Sacrifice",)), c.BattleAction(SL, "Europe", YS))


def test_demand_sacrifice_the_enemy_may_give_sleeper_an_elder_sign() -> None:
    state = run(_demand_battle(), UseAbility(SL, "use"))
    assert state.prompt.actor == YS and state.prompt.choices == ("elder_sign", "kills_are_pains")
    state = run(state, UseAbility(YS, "elder_sign"))
    assert len(state.player(SL).elder_signs) == 1


def test_demand_sacrifice_or_the_enemys_kills_count_as_pains() -> None:
    state = run(_demand_battle(), UseAbility(SL, "use"), UseAbility(YS, "kills_are_pains"))
    state = run(state, c.Roll((1, 1)), c.Roll((6, 6)))  # Tsathoggua 2 dice; 1 Byakhee: 2 dice
    # Two Kills become Pains: Tsathoggua is not killed, he retreats.
    assert pw_in_play(state, SL, "Tsathoggua") and state.prompt.kind is PromptKind.RETREAT


# -- Capture Monster, Cursed Slumber, Ancient Sorcery ----------------------------------------------


def test_capture_monster_takes_an_enemy_monster_until_gather_power() -> None:
    state = game6(Europe={"units": [(SL, G, "Tsathoggua", 1), (YS, M, "Undead", 1), (YS, M, "Byakhee", 1)]})
    state = already(state, SL, "Awaken Tsathoggua")
    state = run(turn(state, SL, power=3, books=("Capture Monster",)), CaptureMonster(SL, YS))
    assert state.prompt.actor == YS and state.prompt.choices == ("Undead", "Byakhee")
    state = run(state, UseAbility(YS, "Byakhee"))
    assert units(state, "Europe", YS, "Byakhee") == 0 and state.player(SL).power == 2
    assert ("captured Monsters", 1) in [(p.label, p.amount) for p in flow.power_parts(state, SL)]


def test_cursed_slumber_lifts_a_gate_that_still_gives_power_and_doom() -> None:
    state = game6(Europe={"gate": SL, "units": [(SL, A, "Acolyte", 1)]})
    state = run(turn(state, SL, power=3, books=("Cursed Slumber",)), CursedSlumber(SL, "Europe"))
    assert state.areas[state.board.area_index("Europe") or 0].gate is None
    assert ("Cursed Slumber", 3) in [(p.label, p.amount) for p in flow.power_parts(state, SL)]
    doom = state.player(SL).doom
    state, _ = pass_round(state)
    assert state.player(SL).doom == doom + 1  # the Doom Phase counts the gate on the card
    state = to_end_of_doom_phase_from_rituals(state)
    state = run(turn(state, SL, power=3, books=("Cursed Slumber",)), CursedSlumber(SL, "Arabia"))
    assert state.areas[state.board.area_index("Arabia") or 0].gate is not None
    assert units(state, "Arabia", SL, "Acolyte") == 1


def test_ancient_sorcery_borrows_an_enemys_first_ability_and_the_serpent_man_comes_back() -> None:
    state = game6(Europe={"units": [(SL, M, "Serpent Man", 1)]}, Arctic_Ocean={"units": [(GC, G, "Cthulhu", 1)]})
    state = already(state, GC, "Awaken Cthulhu")
    state = set_players(state, great_cthulhu={"spellbooks": ("",)})
    state = run(turn(state, SL, power=3, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", WW))
    assert units(state, "Europe", SL, "Serpent Man") == 0
    # Hibernate, borrowed from Windwalker: +1 for Cthulhu.
    state = run(turn(state, SL, power=2, books=("Ancient Sorcery",)), Hibernate(SL))
    assert state.player(SL).power == 3
    state = evolve(
        turn(state, SL, power=1, books=("Ancient Sorcery",)),
        phase=Phase.DOOM,
        prompt=Prompt(PromptKind.RITUAL, GC, "ritual?", ("ritual", "skip_ritual")),
    )
    state = run(state, SorceryReturn(SL, "Arabia"))
    assert units(state, "Arabia", SL, "Serpent Man") == 1 and state.player(SL).power == 2


def test_ancient_sorcery_borrowed_immortal_makes_tsathoggua_cost_4_with_an_elder_sign() -> None:
    state = game6(Europe={"units": [(SL, M, "Serpent Man", 1), (SL, M, "Formless Spawn", 1)]})
    state = set_players(state, sleeper={"awakened": ("Tsathoggua",)})
    state = already(state, SL, "Awaken Tsathoggua")
    state = run(turn(state, SL, power=5, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", GC))
    state = run(turn(state, SL, power=4, books=("Ancient Sorcery",)), c.Awaken(SL, "Europe", "Tsathoggua"))
    assert state.player(SL).power == 0 and len(state.player(SL).elder_signs) == 1


def test_energy_nexus_sleeper_acts_before_a_battle_where_its_wizard_stands() -> None:
    state = game6(Europe={"units": [(SL, M, "Wizard", 1), (YS, M, "Undead", 2), (GC, M, "Deep One", 1)]})
    state = set_players(state, sleeper={"power": 3, "spellbooks": ("Energy Nexus",)})
    state = run(turn(state, YS, power=3), c.BattleAction(YS, "Europe", GC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == SL
    state = run(state, UseAbility(SL, "use"))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == SL
    assert rejected(state, c.BattleAction(SL, "Europe", YS)).code.value == "not_now"
    passed = run(state, c.Pass(SL))  # no action after all: back to the battle, Power kept
    assert passed.prompt.kind is PromptKind.ROLL and passed.player(SL).power == 3
    state = run(state, c.Recruit(SL, "Europe"))
    # Back to the battle: Yellow Sign's first roll, and the turn is still Yellow Sign's.
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.actor == YS
    assert units(state, "Europe", SL, "Acolyte") == 1 and state.player(SL).power == 2
    state = run(state, c.Roll((1,)), c.Roll((1,)))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != YS
