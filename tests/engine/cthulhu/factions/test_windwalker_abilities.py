"""Windwalker's modelled abilities, Spellbooks and requirements (factions.md section 6), each
driven through commands."""

from __future__ import annotations

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.powers import UseAbility
from companion.engine.cthulhu.factions.windwalker import AnytimeSpellbook, Hibernate, IceAge
from companion.engine.cthulhu.model import Phase, Prompt, PromptKind, UnitKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import GC, OW, WW, YS, A, G, M, already, game6, met, turn, units
from tests.helpers import pass_round, rejected, run, set_board, set_players


def test_requirement_be_the_first_player() -> None:
    state = turn(game6(Arctic_Ocean={"gate": WW, "units": [(WW, A, "Acolyte", 6)]}), WW, power=1)
    state, _ = pass_round(state, first=GC)
    assert "Be the first player" in met(state, WW)


def test_requirement_a_gate_in_the_opposite_glyph_area() -> None:
    state = game6(Mountains_of_Madness={"gate": "abandoned"})
    state = run(turn(state, WW, power=1), c.Recruit(WW, "Arctic Ocean"))  # a board change: checked
    assert "A gate in the opposite glyph area" in met(state, WW)


def test_requirement_an_enemy_has_six_spellbooks_and_anytime_gives_elder_signs() -> None:
    state = set_players(game6(), yellow_sign={"spellbooks": ("a", "b", "c", "d", "e", "f")})
    state = run(turn(state, WW, power=1), AnytimeSpellbook(WW))
    assert {"An enemy has six Spellbooks", "Anytime"} <= set(met(state, WW))
    assert len(state.player(WW).elder_signs) == 1 and state.prompt.kind is PromptKind.SPELLBOOK
    assert rejected(turn(state, WW, books=("Howl", "Ice Age")), AnytimeSpellbook(WW)).code.value == "not_now"


def test_requirement_awaken_rhan_tegoth_and_ithaqua() -> None:
    state = game6(Arctic_Ocean={"gate": YS, "units": [(WW, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=6), c.Awaken(WW, "Arctic Ocean", "Rhan Tegoth"))
    assert "Awaken Rhan Tegoth" in met(state, WW)
    _ = G


def test_ice_age_places_and_moves_its_token() -> None:
    state = run(turn(game6(), WW, power=2, books=("Ice Age",)), IceAge(WW, "Europe"))
    assert "ice_age" in state.areas[state.board.area_index("Europe") or 0].markers
    state = run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, "Arabia"))
    assert "ice_age" not in state.areas[state.board.area_index("Europe") or 0].markers
    assert "ice_age" in state.areas[state.board.area_index("Arabia") or 0].markers


# -- Hibernate, Herald of the Outer Gods ---------------------------------------------------------


def test_hibernate_gains_a_power_per_enemy_great_old_one_and_rests_until_gather_power() -> None:
    state = game6(
        Europe={"units": [(GC, G, "Cthulhu", 1), (YS, G, "King in Yellow", 1), (YS, G, "Hastur", 1)]},
        Arctic_Ocean={"gate": WW, "units": [(WW, A, "Acolyte", 1)]},
    )
    state = already(state, GC, "Awaken Cthulhu")
    state = already(state, YS, "Awaken the King in Yellow", "Awaken Hastur")
    state = set_players(state, great_cthulhu={"spellbooks": ("",)}, yellow_sign={"spellbooks": ("", "")})
    state = run(turn(state, WW, power=2), Hibernate(WW))
    assert state.player(WW).power == 4  # 3 enemy Great Old Ones, capped at doubling 2
    # Everyone else passes: the round ends though Windwalker holds Power.
    state, _ = pass_round(state, first=WW)
    assert state.round == 2
    assert state.player(WW).power == 4 + 2 + 1  # the 4 kept, its gate and its Acolyte


def test_herald_of_the_outer_gods_makes_windwalkers_ritual_cost_5() -> None:
    state = game6(Arctic_Ocean={"gate": WW, "units": [(WW, A, "Acolyte", 1)]})
    state = evolve(state, ritual=3)  # the track's cost is past 5
    state = turn(state, WW, power=5, books=("Herald of the Outer Gods",))
    state = evolve(state, phase=Phase.DOOM, prompt=Prompt(PromptKind.RITUAL, WW, "ritual?", ("ritual", "skip_ritual")))
    state = run(state, c.Ritual(WW))
    assert state.player(WW).power == 0


# -- Ice Age's tax, Ferox, Arctic Wind -------------------------------------------------------------


def test_ice_age_an_enemy_action_ending_there_costs_one_more_power() -> None:
    state = game6(Scandinavia={"units": [(YS, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=2, books=("Ice Age",)), IceAge(WW, "Europe"))
    move = c.Move(YS, groups=(c.MoveGroup("Scandinavia", "Europe", UnitKind.CULTIST, "Acolyte", 1),))
    state = run(turn(state, YS, power=3), move)
    assert state.player(YS).power == 3 - 1 - 1
    assert rejected(turn(state, YS, power=1), c.Recruit(YS, "Europe")).code.value == "cannot_afford"


def test_ferox_enemy_monsters_cannot_capture_windwalker_cultists_while_ithaqua_is_in_play() -> None:
    state = game6(
        Europe={"units": [(WW, A, "Acolyte", 1), (YS, M, "Undead", 1)]},
        Antarctica={"units": [(WW, G, "Ithaqua", 1)]},
    )
    state = already(state, WW, "Awaken Ithaqua", "Awaken Rhan Tegoth")
    assert rejected(turn(state, YS, power=3), c.Capture(YS, "Europe", WW)).code.value == "not_now"
    state = set_board(state, Europe={"units": [(WW, A, "Acolyte", 1), (YS, G, "King in Yellow", 1)]})
    state = already(state, YS, "Awaken the King in Yellow")
    state = run(turn(state, YS, power=3), c.Capture(YS, "Europe", WW))
    assert units(state, "Europe", WW, "Acolyte") == 0


def test_arctic_wind_units_going_with_ithaqua_move_free() -> None:
    state = game6(Europe={"units": [(WW, G, "Ithaqua", 1), (WW, M, "Wendigo", 2)]})
    state = already(state, WW, "Awaken Ithaqua", "Awaken Rhan Tegoth")
    groups = (
        c.MoveGroup("Europe", "Scandinavia", UnitKind.GOO, "Ithaqua", 1),
        c.MoveGroup("Europe", "Scandinavia", UnitKind.MONSTER, "Wendigo", 2),
    )
    state = run(turn(state, WW, power=3, books=("Arctic Wind",)), c.Move(WW, groups=groups))
    assert state.player(WW).power == 2 and units(state, "Scandinavia", WW, "Wendigo") == 2
    back = c.MoveGroup("Scandinavia", "Europe", UnitKind.MONSTER, "Wendigo", 2)
    state = run(turn(state, WW, power=3), c.Move(WW, groups=(back,)))
    assert state.player(WW).power == 1  # without Ithaqua, they pay


# -- battles: Howl, Eternal, Berserkergang, Cannibalism -------------------------------------------


def test_howl_the_enemy_removes_one_of_its_units_to_an_adjacent_area() -> None:
    state = game6(Europe={"units": [(WW, M, "Wendigo", 1), (YS, M, "Undead", 1), (YS, M, "Byakhee", 1)]})
    state = run(turn(state, WW, power=3, books=("Howl",)), c.BattleAction(WW, "Europe", YS))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == WW
    state = run(state, UseAbility(WW, "use"), UseAbility(YS, "Byakhee"), UseAbility(YS, "Arabia"))
    assert units(state, "Arabia", YS, "Byakhee") == 1 and units(state, "Europe", YS, "Byakhee") == 0
    # The dice are counted again: Yellow Sign's lone Undead rolls 0, so Windwalker's 1 die is asked.
    assert state.prompt.kind is PromptKind.ROLL and state.prompt.dice == 1


def test_eternal_pays_one_power_to_cancel_a_kill_on_rhan_tegoth() -> None:
    state = game6(Europe={"units": [(WW, G, "Rhan Tegoth", 1), (YS, M, "Byakhee", 2)]})
    state = already(state, WW, "Awaken Rhan Tegoth")
    state = run(turn(state, WW, power=3), c.BattleAction(WW, "Europe", YS), c.Roll((1, 1, 1)), c.Roll((6, 1, 1)))
    # Asked as the Kill lands (factions.md section 11, step 9): he is still in the battle.
    assert units(state, "Europe", WW, "Rhan Tegoth") == 1 and state.battle is not None
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == WW and state.prompt.purpose == "Eternal"
    state = run(state, UseAbility(WW, "use"))
    assert units(state, "Europe", WW, "Rhan Tegoth") == 1 and state.player(WW).power == 1 and state.battle is None


def test_eternal_cancels_rhan_tegoths_one_pain_the_others_do_not_land_on_him() -> None:
    """Three Pains on a lone Rhan Tegoth: each unit takes one (the Pains are assigned, then their
    effects: factions.md section 11, steps 13-14); Eternal cancels his, and he stays."""
    state = game6(Europe={"units": [(WW, G, "Rhan Tegoth", 1), (YS, M, "Byakhee", 2)]})
    state = already(state, WW, "Awaken Rhan Tegoth")
    state = run(turn(state, WW, power=3), c.BattleAction(WW, "Europe", YS), c.Roll((1, 1, 1)), c.Roll((4, 4, 5)))
    assert state.prompt.purpose == "Eternal" and state.battle is not None and state.battle.stage == "pain effects"
    state = run(state, UseAbility(WW, "use"))
    assert units(state, "Europe", WW, "Rhan Tegoth") == 1 and state.player(WW).power == 1 and state.battle is None


def test_eternal_declined_the_kill_lands() -> None:
    state = game6(Europe={"units": [(WW, G, "Rhan Tegoth", 1), (YS, M, "Byakhee", 2)]})
    state = already(state, WW, "Awaken Rhan Tegoth")
    state = run(turn(state, WW, power=3), c.BattleAction(WW, "Europe", YS), c.Roll((1, 1, 1)), c.Roll((6, 1, 1)))
    state = run(state, UseAbility(WW, "skip"))
    assert units(state, "Europe", WW, "Rhan Tegoth") == 0 and state.player(WW).power == 2 and state.battle is None


def test_berserkergang_the_enemy_loses_a_unit_for_each_gnoph_keh_killed() -> None:
    state = game6(Europe={"units": [(WW, M, "Gnoph-Keh", 1), (YS, A, "Acolyte", 1), (YS, M, "Undead", 3)]})
    state = run(turn(state, WW, power=3, books=("Berserkergang",)), c.BattleAction(WW, "Europe", YS))
    state = run(state, c.Roll((1, 1, 1)), c.Roll((6, 1)))
    assert units(state, "Europe", WW, "Gnoph-Keh") == 0
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == YS
    assert state.battle is not None and state.battle.stage == "eliminate"  # step 11, before the Pains
    state = run(state, UseAbility(YS, "Acolyte"))
    assert units(state, "Europe", YS, "Acolyte") == 0 and units(state, "Europe", YS, "Undead") == 3


def test_cannibalism_places_a_wendigo_where_an_enemy_unit_was_killed() -> None:
    state = game6(Europe={"units": [(WW, M, "Wendigo", 1), (YS, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=3, books=("Cannibalism",)), c.BattleAction(WW, "Europe", YS), c.Roll((6,)))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("Acolyte", "Wendigo", "skip")
    state = run(state, UseAbility(WW, "Wendigo"))
    assert units(state, "Europe", WW, "Wendigo") == 2


def test_ice_age_the_legal_commands_leave_out_an_action_its_tax_makes_unaffordable() -> None:
    from companion.engine import legal_commands

    state = game6(Scandinavia={"units": [(YS, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=2, books=("Ice Age",)), IceAge(WW, "Europe"))
    into = [m for m in legal_commands(turn(state, YS, power=1)) if isinstance(m, c.Move)]
    assert into and all(g.to != "Europe" for m in into for g in m.groups)
    into = [m for m in legal_commands(turn(state, YS, power=2)) if isinstance(m, c.Move)]
    assert any(g.to == "Europe" for m in into for g in m.groups)


def test_ice_age_taxes_the_expansion_factions_ability_actions_ending_there() -> None:
    from companion.engine.cthulhu.factions.opener_of_the_way import DreadCurse

    state = game6(Arabia={"units": [(OW, M, "Abomination", 1)]}, Europe={"units": [(YS, A, "Acolyte", 1)]})
    state = run(turn(state, WW, power=2, books=("Ice Age",)), IceAge(WW, "Europe"))
    state = run(turn(state, OW, power=3, books=("Dread Curse of Azathoth",)), DreadCurse(OW, "Europe"))
    assert state.player(OW).power == 3 - 2 - 1
