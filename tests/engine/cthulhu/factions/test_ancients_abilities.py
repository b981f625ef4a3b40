"""The Ancients' modelled abilities, Spellbooks and requirements (factions.md section 8), each
driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions.ancients import CHEAPEST, DEAREST, AncientsSummons, BuildCathedral, Dematerialize
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import AN, GC, YS, A, G, M, already, game6, met, turn, units
from tests.helpers import rejected, run, set_board, set_players

T = "terror"


def test_requirement_a_cathedral_in_each_kind_of_area() -> None:
    state = game6(
        East_Africa={"markers": ["cathedral"]},
        Europe={"markers": ["cathedral"]},
        Central_America={"markers": ["cathedral"]},
        Antarctica={"markers": ["cathedral"]},
    )
    # The last command changes the board (a requirement is checked when something that can meet it happens).
    state = run(turn(state, AN, power=1), c.Recruit(AN, "East Africa"))
    assert {
        "A Cathedral in an AA-glyph area",
        "A Cathedral in an OO-glyph area",
        "A Cathedral in a WW-glyph area",
        "A Cathedral in an area without a glyph",
    } <= set(met(state, AN))


def test_requirement_every_enemy_summons_its_cheapest_and_its_dearest_monster() -> None:
    state = game6(
        South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]}, Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)]}
    )
    state = run(turn(state, AN, power=1), AncientsSummons(AN))
    assert units(state, "South Pacific", GC, "Deep One") == 1 and units(state, "Europe", YS, "Undead") == 1
    state = run(turn(state, AN, power=1, books=("Festival",)), AncientsSummons(AN, dearest=True))
    assert units(state, "South Pacific", GC, "Starspawn") == 1 and units(state, "Europe", YS, "Byakhee") == 1
    assert {CHEAPEST, DEAREST} <= set(met(state, AN))


def test_worship_services_a_power_per_cathedral_at_an_enemy_gate() -> None:
    state = game6(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)], "markers": ["cathedral"]})
    state = turn(state, AN, books=("Worship Services",))
    assert ("Worship Services", 1) in [(p.label, p.amount) for p in flow.power_parts(state, AN)]


def test_consecration_an_elder_sign_when_the_ancients_perform_a_ritual() -> None:
    state = game6(Scandinavia={"gate": AN, "units": [(AN, A, "Acolyte", 1)], "markers": ["cathedral"]})
    state = turn(state, AN, power=6, books=("Consecration",))
    state = evolve(state, phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, AN, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, c.Ritual(AN))
    assert len(state.player(AN).elder_signs) == 1


# -- Cathedrals, Dematerialization ---------------------------------------------------------------


def test_cathedrals_are_built_as_an_action_one_per_kind_of_area() -> None:
    state = game6(Europe={"units": [(AN, A, "Acolyte", 1)]}, Scandinavia={"units": [(AN, A, "Acolyte", 1)]})
    state = run(turn(state, AN, power=4), BuildCathedral(AN, "Europe"))
    assert "cathedral" in state.areas[state.board.area_index("Europe") or 0].markers
    assert state.player(AN).power == 3 and "A Cathedral in a WW-glyph area" in met(state, AN)
    # Scandinavia is a WW area too, so no second Cathedral there.
    assert rejected(turn(state, AN, power=4, books=("Festival",)), BuildCathedral(AN, "Scandinavia")).code.value == "not_now"
    # Next to a Cathedral one costs 3.
    state = set_board(state, Arabia={"units": [(AN, A, "Acolyte", 1)]}, Mediterranean_Sea={"units": [(AN, A, "Acolyte", 1)]})
    state = run(turn(state, AN, power=4, books=("Festival",)), BuildCathedral(AN, "Mediterranean Sea"))
    assert state.player(AN).power == 1


def test_dematerialization_moves_units_from_one_area_to_any_other_in_the_doom_phase() -> None:
    state = game6(Europe={"units": [(AN, A, "Acolyte", 2), (AN, T, "Yothan", 1)]})
    state = evolve(turn(state, AN), phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, GC, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, Dematerialize(AN, "Europe", "Australia"))
    assert units(state, "Australia", AN, "Acolyte") == 2 and units(state, "Australia", AN, "Yothan") == 1
    assert rejected(state, Dematerialize(AN, "Australia", "Europe")).code.value == "not_now"


# -- Festival, Brainless, Extinction, Unholy Ground, Worship Services ----------------------------------


def test_festival_an_enemy_of_the_ancients_choice_gains_a_power_per_un_man() -> None:
    state = game6(Europe={"gate": AN, "units": [(AN, A, "Acolyte", 1)]})
    state = set_players(state, yellow_sign={"power": 2})
    state = run(turn(state, AN, power=2, books=("Festival",)), c.Summon(AN, "Europe", "Un-Man"))
    assert state.player(AN).power == 2 and state.prompt.kind is PromptKind.ABILITY
    state = run(state, UseAbility(AN, YS))
    assert state.player(YS).power == 3


def test_brainless_reanimated_alone_cannot_move_battle_or_capture() -> None:
    state = game6(Europe={"units": [(AN, M, "Reanimated", 1), (YS, A, "Acolyte", 1)]})
    state = turn(state, AN, power=4, books=("Brainless",))
    move = c.Move(AN, groups=(c.MoveGroup("Europe", "Arabia", UnitKind.MONSTER, "Reanimated", 1),))
    assert rejected(state, move).code.value == "not_now"
    assert rejected(state, c.Capture(AN, "Europe", YS)).code.value == "not_now"
    assert rejected(state, c.BattleAction(AN, "Europe", YS)).code.value == "not_now"
    state = set_board(state, Europe={"units": [(AN, M, "Reanimated", 1), (AN, A, "Acolyte", 1), (YS, A, "Acolyte", 1)]})
    state = run(turn(state, AN, power=4, books=("Brainless",)), c.Capture(AN, "Europe", YS))
    assert units(state, "Europe", YS, "Acolyte") == 0


def test_extinction_a_killed_yothan_leaves_the_game() -> None:
    state = game6(
        Europe={"gate": AN, "units": [(AN, A, "Acolyte", 1), (AN, T, "Yothan", 2)]},
        Arabia={"units": [(YS, M, "Byakhee", 3), (AN, T, "Yothan", 1)]},
    )
    state = run(turn(state, AN, power=5, books=("Extinction",)), c.BattleAction(AN, "Arabia", YS))
    state = run(state, c.Roll((1,) * 7), c.Roll((6, 1, 1, 1)))
    assert units(state, "Arabia", AN, "Yothan") == 0
    # The box holds 3; two are on the map and one is gone for good: none to summon.
    refused = rejected(turn(state, AN, power=5, books=("Extinction",)), c.Summon(AN, "Europe", "Yothan"))
    assert refused.code.value == "no_such_units"


def test_unholy_ground_removes_a_cathedral_and_the_enemy_loses_a_great_old_one() -> None:
    state = game6(Europe={"units": [(AN, T, "Yothan", 1), (YS, G, "King in Yellow", 1)], "markers": ["cathedral"]})
    state = already(state, YS, "Awaken the King in Yellow")
    state = set_players(state, yellow_sign={"spellbooks": ("",)})
    state = run(turn(state, AN, power=3, books=("Unholy Ground",)), c.BattleAction(AN, "Europe", YS), c.Roll((1,) * 7))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", "Europe")
    state = run(state, UseAbility(AN, "Europe"))
    assert units(state, "Europe", YS, "King in Yellow") == 0
    assert "cathedral" not in state.areas[state.board.area_index("Europe") or 0].markers


def test_worship_services_the_enemy_gains_a_power_per_cathedral_at_its_gate_too() -> None:
    state = game6(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)], "markers": ["cathedral"]})
    state = set_players(state, ancients={"spellbooks": ("Worship Services",)})
    assert ("Worship Services", 1) in [(p.label, p.amount) for p in flow.power_parts(state, YS)]
    state = set_players(state, ancients={"spellbooks": ()})
    assert "Worship Services" not in [p.label for p in flow.power_parts(state, YS)]
