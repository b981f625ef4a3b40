"""Sleeper's modelled abilities, Spellbooks and requirements (factions.md section 5), each driven
through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.sleeper import DeathFromBelow, Lethargy, SleeperRequirement
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import GC, SL, WW, YS, A, G, M, already, game6, met, turn, units
from tests.helpers import rejected, run, set_players


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
