"""Opener of the Way's modelled abilities, Spellbooks and requirements (factions.md section 7),
each driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.opener_of_the_way import BeyondOne, BreakThrough, DragonAscending, DreadCurse
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import GC, OW, YS, A, G, M, already, game6, met, turn, units
from tests.helpers import rejected, run, set_players

LAND = ("Scandinavia", "Europe", "North_Asia", "South_Asia", "Arabia", "East_Africa", "West_Africa", "Australia")


def test_requirement_8_and_12_gates_on_the_map() -> None:
    state = game6(**{name: {"gate": "abandoned"} for name in LAND})
    state = run(turn(state, OW, power=1), c.Recruit(OW, "Europe"))  # a board change: checked
    assert "8 gates on the map" in met(state, OW) and "12 gates on the map" not in met(state, OW)
    more = (*LAND, "New_Zealand", "Central_America", "North_America_East", "South_America_East")
    state = run(turn(game6(**{name: {"gate": "abandoned"} for name in more}), OW, power=1), c.Recruit(OW, "Europe"))
    assert "12 gates on the map" in met(state, OW)


def test_requirement_units_in_2_areas_with_enemy_gates() -> None:
    state = game6(
        Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1), (OW, A, "Acolyte", 1)]},
        Arabia={"gate": GC, "units": [(GC, A, "Acolyte", 1), (OW, A, "Acolyte", 1)]},
    )
    state = run(turn(state, OW, power=1), c.Recruit(OW, "Europe"))  # a board change: checked
    assert "Units in 2 areas with enemy gates" in met(state, OW)


def test_requirement_lose_a_unit_in_battle() -> None:
    state = game6(Europe={"units": [(OW, M, "Mutant", 1), (YS, M, "Undead", 2)]})
    state = run(turn(state, OW, power=2), c.BattleAction(OW, "Europe", YS), c.Roll((1,)), c.Roll((6,)))
    assert "Lose a unit in battle" in met(state, OW)


def test_requirement_your_great_old_one_meets_an_enemys_and_awaken_yog_sothoth() -> None:
    state = game6(Europe={"units": [(OW, M, "Spawn of Yog-Sothoth", 1), (YS, G, "Hastur", 1)]})
    state = already(state, YS, "Awaken Hastur")
    state = run(turn(state, OW, power=6), c.Awaken(OW, "Europe", "Yog-Sothoth"))
    assert {"Your Great Old One meets an enemy's", "Awaken Yog-Sothoth"} <= set(met(state, OW))


def test_dragon_ascending_raises_power_to_the_highest_once_per_game() -> None:
    state = set_players(game6(), great_cthulhu={"power": 9})
    state = run(turn(state, OW, power=2, books=("Dragon Ascending",)), DragonAscending(OW))
    assert state.player(OW).power == 9
    assert rejected(turn(state, OW, power=1, books=("Dragon Ascending",)), DragonAscending(OW)).code.value == "not_now"


# -- Dragon Descending, Channel Power, Dread Curse --------------------------------------------------


def test_dragon_descending_doubles_one_rituals_doom_once_per_game() -> None:
    state = game6(Europe={"gate": OW, "units": [(OW, A, "Acolyte", 1)]}, Arabia={"gate": OW, "units": [(OW, A, "Acolyte", 1)]})
    state = turn(state, OW, power=10, books=("Dragon Descending",))
    ritual = Prompt(PromptKind.RITUAL, OW, "ritual?", ("ritual", "skip_ritual"))
    state = run(evolve(state, phase=Phase.DOOM, prompt=ritual), c.Ritual(OW))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == OW
    state = run(state, UseAbility(OW, "use"))
    assert state.player(OW).doom == 2 + 2
    state = run(evolve(turn(state, OW, power=10, books=("Dragon Descending",)), phase=Phase.DOOM, prompt=ritual), c.Ritual(OW))
    assert state.player(OW).doom == 4 + 2 and state.prompt.kind is not PromptKind.ABILITY


def test_channel_power_pays_one_to_roll_the_misses_again() -> None:
    state = game6(Europe={"units": [(OW, M, "Abomination", 1), (YS, M, "Undead", 2)]})
    state = run(turn(state, OW, power=3, books=("Channel Power",)), c.BattleAction(OW, "Europe", YS))
    state = run(state, c.Roll((6, 2)))  # a Kill and a miss
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == OW
    state = run(state, UseAbility(OW, "use"))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 1 and state.player(OW).power == 1
    state = run(state, c.Roll((6,)), c.Roll((1,)))  # two Kills now: both Undead die
    assert units(state, "Europe", YS, "Undead") == 0


def test_dread_curse_of_azathoth_rolls_a_die_per_abomination_and_spawn_and_opener_splits_them() -> None:
    state = game6(
        Arabia={"units": [(OW, M, "Abomination", 1), (OW, M, "Spawn of Yog-Sothoth", 1)]},
        Europe={"units": [(YS, A, "Acolyte", 2), (GC, M, "Deep One", 1)]},
    )
    state = run(turn(state, OW, power=3, books=("Dread Curse of Azathoth",)), DreadCurse(OW, "Europe"))
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 2 and state.player(OW).power == 1
    state = run(state, c.Roll((6, 4)))  # a Kill and a Pain
    assert state.prompt.actor == OW and set(state.prompt.choices) == {YS, GC}
    state = run(state, UseAbility(OW, YS))  # the Kill: Yellow Sign has one kind of unit there
    assert units(state, "Europe", YS, "Acolyte") == 1
    state = run(state, UseAbility(OW, GC), UseAbility(OW, "Arabia"))  # the Pain: Opener says where
    assert units(state, "Arabia", GC, "Deep One") == 1


# -- The Million Favored Ones, They Break Through, The Beyond One ----------------------------------


def test_the_million_favored_ones_upgrades_surviving_units_after_a_battle() -> None:
    state = game6(Europe={"units": [(OW, M, "Mutant", 1), (OW, A, "Acolyte", 1), (YS, A, "Acolyte", 1)]})
    state = run(turn(state, OW, power=3, books=("The Million Favored Ones",)), c.BattleAction(OW, "Europe", YS), c.Roll((1,)))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", "Acolyte", "Mutant")
    state = run(state, UseAbility(OW, "Acolyte"), UseAbility(OW, "Mutant"))  # the old Mutant, not the new one
    assert units(state, "Europe", OW, "Mutant") == 1 and units(state, "Europe", OW, "Abomination") == 1
    assert state.prompt.kind is not PromptKind.ABILITY  # the new Mutant is not upgraded again


def test_they_break_through_summons_at_an_enemy_gate_with_no_unit_there() -> None:
    state = game6(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)]})
    state = run(turn(state, OW, power=3, books=("They Break Through",)), BreakThrough(OW, "Europe", "Mutant"))
    assert units(state, "Europe", OW, "Mutant") == 1 and state.player(OW).power == 1
    assert rejected(turn(state, OW, power=3), BreakThrough(OW, "Europe", "Mutant")).code.value == "not_now"


def test_the_beyond_one_moves_a_gate_with_its_controller_and_the_unit() -> None:
    state = game6(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1), (OW, M, "Abomination", 1)]})
    state = run(turn(state, OW, power=3), BeyondOne(OW, "Europe", "Abomination", "Australia"))
    australia = state.areas[state.board.area_index("Australia") or 0]
    assert australia.gate is not None and australia.gate.controller == YS
    assert units(state, "Australia", YS, "Acolyte") == 1 and units(state, "Australia", OW, "Abomination") == 1
    assert state.areas[state.board.area_index("Europe") or 0].gate is None and state.player(OW).power == 2


def test_the_key_and_the_gate_summons_where_yog_sothoth_stands_without_a_gate() -> None:
    """factions.md section 7: Yog-Sothoth is a gate Opener controls for every purpose, summoning
    included; where he stands with no gate of Opener's, the legal commands offer the summon."""
    from companion.engine import legal_commands
    from companion.engine.cthulhu.factions.opener_of_the_way import KeyAndGate

    state = turn(game6(Europe={"units": [(OW, G, "Yog-Sothoth", 1)]}, Arabia={"units": [(OW, A, "Acolyte", 1)]}), OW, power=3)
    assert rejected(state, c.Summon(OW, "Europe", "Mutant")).code.value == "not_controller"  # the core summon needs a gate
    assert KeyAndGate(OW, "Europe", "Mutant") in list(legal_commands(state))
    state = run(state, KeyAndGate(OW, "Europe", "Mutant"))
    assert units(state, "Europe", OW, "Mutant") == 1 and state.player(OW).power == 1
    assert rejected(turn(state, OW, power=3), KeyAndGate(OW, "Arabia", "Mutant")).code.value == "not_now"
