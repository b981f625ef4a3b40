"""The independent Great Old Ones and neutral monsters (factions.md sections 12 and 13), chosen
at set-up and driven through commands: awakening, Loyalty Cards, summoning, combat, abilities."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import ElderSignDrawn, HitTaken
from companion.engine.cthulhu.factions.high_priests import held_by
from companion.engine.cthulhu.factions.independents import (
    CARDS,
    AwakenIndependent,
    DoomSpent,
    GodOfForgetfulness,
    IndependentSpellbookGained,
    NightmareWeb,
    PlaceFilth,
    TakeLoyaltyCard,
    VampirismDrained,
    books_of,
    cards_of,
    holder,
)
from companion.engine.cthulhu.factions.powers import AbilityUsed, ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import Options, Phase, PromptKind, UnitKind
from tests.engine.cthulhu.factions.common import BG, CC, GC, count, dice
from tests.engine.cthulhu.factions.kit import turn
from tests.helpers import clear_board, events_of, new_game, pass_round, rejected, run, set_board, set_players, started

ALL = Options(abilities=True, independents=CARDS)
CTHULHU_HOME = {"gate": GC, "units": [(GC, "goo", "Cthulhu", 1), (GC, "cultist", "Acolyte", 1)]}


def game(options: Options = ALL, **areas: dict[str, Any]) -> State:
    """Earth (3 players): Great Cthulhu, Crawling Chaos, Black Goat; the board as ``areas``;
    Great Cthulhu's action with 10 Power."""
    state = started(options=options)
    return turn(set_board(clear_board(state), **areas), GC)


def test_the_set_up_names_which_independents_are_in_the_game() -> None:
    refused = apply(None, replace(new_game(), options=Options(independents=("Cthugha",))))
    assert getattr(refused, "code", None) is Code.BAD_VALUE
    assert started(options=Options(independents=("Byatis", "Ghast"))).options.independents == ("Byatis", "Ghast")


def test_awaken_independent_needs_a_controlled_gate_with_the_factions_own_great_old_one() -> None:
    state = game(South_Pacific=CTHULHU_HOME, Asia={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]})
    assert rejected(state, AwakenIndependent(GC, "Asia", "Byatis")).code is Code.NOT_NOW
    assert AwakenIndependent(GC, "South Pacific", "Byatis") in list(legal_commands(state))
    state = run(state, AwakenIndependent(GC, "South Pacific", "Byatis"))
    assert count(state, "South Pacific", GC, "Byatis") == 1 and holder(state, "Byatis") == GC
    assert state.player(GC).power == 6


def test_awaken_independent_only_when_in_the_game_and_the_card_is_free() -> None:
    state = game(Options(abilities=True, independents=("Abhoth",)), South_Pacific=CTHULHU_HOME)
    assert rejected(state, AwakenIndependent(GC, "South Pacific", "Byatis")).code is Code.NOT_NOW
    state = replace(state, loyalty=(("Abhoth", CC),))
    assert rejected(state, AwakenIndependent(GC, "South Pacific", "Abhoth")).code is Code.NOT_NOW


def test_immortal_gives_an_elder_sign_for_an_independent_awakened_by_great_cthulhu() -> None:
    state = game(South_Pacific=CTHULHU_HOME)
    events = events_of(state, AwakenIndependent(GC, "South Pacific", "Daoloth"))
    assert any(isinstance(e, ElderSignDrawn) and e.reason == "Immortal" for e in events)


def test_independent_combat_byatis_4_nyogtha_4_when_attacking_else_1() -> None:
    state = game(
        South_Pacific={"units": [(GC, "igoo", "Byatis", 1), (CC, "cultist", "Acolyte", 1)]},
        Asia={"units": [(GC, "igoo", "Nyogtha", 1), (CC, "cultist", "Acolyte", 1)]},
    )
    assert dice(state, "South Pacific", GC, CC) == 4
    assert dice(state, "Asia", GC, CC, attacking=True) == 4 and dice(state, "Asia", GC, CC, attacking=False) == 1


def test_toad_of_berkeley_byatis_never_moves_and_gives_an_elder_sign_alone_in_the_doom_phase() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, "igoo", "Byatis", 1), (GC, "cultist", "Acolyte", 1)]})
    move = c.Move(GC, groups=(c.MoveGroup("South Pacific", "Antarctica", UnitKind.IGOO, "Byatis"),))
    assert rejected(state, move).code is Code.NOT_NOW
    assert not [m for m in legal_commands(state) if isinstance(m, c.Move) and m.groups[0].name == "Byatis"]
    events = pass_round(state)[1]
    assert any(isinstance(e, ElderSignDrawn) and e.player == GC and e.reason == "Toad of Berkeley" for e in events)


def test_filth_abhoths_action_for_1_places_a_filth_anywhere_and_abhoths_combat_counts_them() -> None:
    state = game(
        South_Pacific={
            "gate": GC,
            "units": [(GC, "igoo", "Abhoth", 1), (GC, "cultist", "Acolyte", 1), (CC, "cultist", "Acolyte", 1)],
        }
    )
    assert dice(state, "South Pacific", GC, CC) == 0
    state = run(state, PlaceFilth(GC, "Africa"))
    assert count(state, "Africa", GC, "Filth") == 1 and state.player(GC).power == 9
    assert dice(state, "South Pacific", GC, CC) == 1


def doom_turn(state: State, pid: str, doom: int = 3) -> State:
    """``pid`` on its ritual turn in the Doom Phase with ``doom`` Doom."""
    seat = state.seat(pid)
    assert seat is not None
    state = state.with_player(seat, doom=doom, power=0)
    prompt = replace(state.prompt, kind=PromptKind.RITUAL, actor=pid, choices=("ritual", "skip_ritual"))
    return replace(state, phase=Phase.DOOM, prompt=prompt)


def test_loyalty_card_costs_2_doom_in_the_doom_phase_and_places_all_ghasts_at_a_gate() -> None:
    state = game(Africa={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]})
    assert rejected(state, TakeLoyaltyCard(GC, "Ghast")).code is Code.NOT_NOW  # the Action Phase
    state = doom_turn(state, BG)
    assert TakeLoyaltyCard(BG, "Ghast") in list(legal_commands(state))
    events = events_of(state, TakeLoyaltyCard(BG, "Ghast"))
    state = run(state, TakeLoyaltyCard(BG, "Ghast"))
    assert DoomSpent(BG, 2, "the Ghast Loyalty Card", 1) in events
    assert holder(state, "Ghast") == BG and count(state, "Africa", BG, "Ghast") == 4
    assert state.prompt.kind is PromptKind.RITUAL  # the ritual question is still open
    assert rejected(state, TakeLoyaltyCard(BG, "Gug")).code is Code.NOT_NOW  # one per Doom Phase


def test_loyalty_card_needs_2_doom() -> None:
    state = doom_turn(game(), BG, doom=1)
    assert rejected(state, TakeLoyaltyCard(BG, "Gug")).code is Code.NOT_NOW
    assert not [m for m in legal_commands(state) if isinstance(m, TakeLoyaltyCard)]


def test_a_neutral_monster_held_is_summoned_at_its_card_cost_and_fights_at_its_combat() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1), (CC, "cultist", "Acolyte", 1)]})
    assert rejected(state, c.Summon(GC, "South Pacific", "Gug")).code is Code.BAD_VALUE  # no card
    state = replace(state, loyalty=(("Gug", GC),))
    assert c.Summon(GC, "South Pacific", "Gug", kind=UnitKind.MONSTER) in list(legal_commands(state))
    state = run(state, c.Summon(GC, "South Pacific", "Gug"))
    assert state.player(GC).power == 9 and dice(state, "South Pacific", GC, CC) == 3


def test_hordeling_summoning_one_ghast_brings_every_ghast_in_the_pool() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, "cultist", "Acolyte", 1), (GC, "monster", "Ghast", 1)]})
    state = run(replace(state, loyalty=(("Ghast", GC),)), c.Summon(GC, "South Pacific", "Ghast"))
    assert count(state, "South Pacific", GC, "Ghast") == 4 and state.player(GC).power == 8


def test_an_eliminated_independent_returns_its_card_to_the_supply() -> None:
    state = game(South_Pacific=CTHULHU_HOME)
    state = run(state, AwakenIndependent(GC, "South Pacific", "Byatis"))
    state = run(state, c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.IGOO, "Byatis"), "test"))
    assert holder(state, "Byatis") == ""


def test_independents_work_without_the_abilities_option_too() -> None:
    state = game(Options(independents=("Byatis",)), South_Pacific=CTHULHU_HOME)
    assert run(state, AwakenIndependent(GC, "South Pacific", "Byatis")).loyalty == (("Byatis", GC),)


def test_clumsy_a_gug_cannot_capture_nor_can_filth() -> None:
    state = game(South_Pacific={"units": [(GC, "monster", "Gug", 1), (GC, "monster", "Filth", 1), (CC, "cultist", "Acolyte", 1)]})
    assert rejected(state, c.Capture(GC, "South Pacific", CC)).code is Code.NO_SUCH_UNITS
    state = set_board(state, South_Pacific={"units": [(GC, "monster", "Deep One", 1), (CC, "cultist", "Acolyte", 1)]})
    assert run(state, c.Capture(GC, "South Pacific", CC)).player(GC).captured == (CC,)


def test_nyogthas_two_figures_rise_together_and_the_card_stays_until_both_are_gone() -> None:
    state = run(game(South_Pacific=CTHULHU_HOME), AwakenIndependent(GC, "South Pacific", "Nyogtha"))
    assert count(state, "South Pacific", GC, "Nyogtha") == 2
    state = run(state, c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.IGOO, "Nyogtha"), "test"))
    assert holder(state, "Nyogtha") == GC
    state = run(state, c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.IGOO, "Nyogtha"), "test"))
    assert holder(state, "Nyogtha") == ""


def test_cosmic_unity_an_enemy_great_old_one_in_daoloths_battle_rolls_no_dice() -> None:
    units = [
        (GC, "igoo", "Daoloth", 1),
        (GC, "monster", "Deep One", 1),
        (CC, "goo", "Nyarlathotep", 1),
        (CC, "monster", "Flying Polyp", 1),
    ]
    state = set_players(game(South_Pacific={"units": units}), crawling_chaos={"spellbooks": 2})  # Nyarlathotep: 2 dice
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", "Nyarlathotep")

    def dice_after(choice: str) -> int:
        after = run(state, UseAbility(GC, choice))
        while after.prompt.kind is not PromptKind.ROLL:
            after = run(after, next(iter(legal_commands(after))))
        assert after.battle is not None
        return after.battle.defender_dice

    assert dice_after("skip") == 2 + 1 and dice_after("Nyarlathotep") == 1  # the Flying Polyp alone


def test_horror_steed_a_shantak_moves_to_any_area() -> None:
    state = game(South_Pacific={"units": [(GC, "monster", "Shantak", 1), (GC, "monster", "Deep One", 1)]})
    far = c.Move(GC, groups=(c.MoveGroup("South Pacific", "Europe", UnitKind.MONSTER, "Shantak"),))
    assert far in list(legal_commands(state))
    assert count(run(state, far), "Europe", GC, "Shantak") == 1
    deep = c.Move(GC, groups=(c.MoveGroup("South Pacific", "Europe", UnitKind.MONSTER, "Deep One"),))
    assert rejected(state, deep).code is Code.NOT_ADJACENT


# -- the independents' Spellbooks, Vampirism, From Below, Horror Steed's passenger (abilities on) --


def roll(state: State, *values: int) -> State:
    assert state.prompt.kind is PromptKind.ROLL, state.prompt
    return run(state, c.Roll(values, "screen"))


def answer(state: State, choice: str) -> State:
    assert state.prompt.kind is PromptKind.ABILITY and choice in state.prompt.choices, state.prompt
    return run(state, UseAbility(state.prompt.actor, choice))


def test_vampirism_a_star_vampires_pain_drains_power_and_its_kill_drains_doom() -> None:
    units = [(GC, "monster", "Star Vampire", 2), (GC, "monster", "Deep One", 1), (CC, "cultist", "Acolyte", 3)]
    state = set_players(game(South_Pacific={"units": units}), crawling_chaos={"power": 5, "doom": 3}, great_cthulhu={"doom": 1})
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.dice == 3 and "The first 2 are the Star Vampires'" in state.prompt.text
    assert rejected(state, c.Roll((4, 6), "screen")).code is Code.BAD_ROLL  # 3 dice, not 2: nothing changes
    events = events_of(state, c.Roll((4, 6, 4), "screen"))  # the Deep One's Pain (the third die) drains nothing
    assert [(e.point, e.left) for e in events if isinstance(e, VampirismDrained)] == [("power", 4), ("doom", 2)]
    after = roll(state, 4, 6, 4)
    assert after.player(CC).power == 4 and after.player(CC).doom == 2
    assert after.player(GC).power == 10 - 1 + 1 and after.player(GC).doom == 2  # the battle's 1 spent, the Pain's 1 taken
    assert sorted(e.hit for e in events if isinstance(e, HitTaken)) == ["kill", "pain", "pain"]  # the results still count


def test_vampirism_takes_nothing_the_enemy_does_not_have() -> None:
    units = [(GC, "monster", "Star Vampire", 1), (CC, "cultist", "Acolyte", 1)]
    state = set_players(game(South_Pacific={"units": units}), crawling_chaos={"power": 0, "doom": 0})
    events = events_of(run(state, c.BattleAction(GC, "South Pacific", CC)), c.Roll((5,), "screen"))
    assert not [e for e in events if isinstance(e, VampirismDrained)]


def test_god_of_forgetfulness_byatis_survives_a_kill_then_pulls_the_enemy_cultists_next_door() -> None:
    units = [(GC, "igoo", "Byatis", 1), (CC, "cultist", "Acolyte", 1)]
    state = replace(
        game(South_Pacific={"units": units}, Australia={"units": [(CC, "cultist", "Acolyte", 2), (BG, "cultist", "Acolyte", 1)]}),
        loyalty=(("Byatis", GC),),
    )
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    events = events_of(state, c.Roll((6, 1, 1, 1), "screen"))
    assert IndependentSpellbookGained(GC, "Byatis", "God of Forgetfulness") in events
    state = turn(roll(state, 6, 1, 1, 1), GC)
    assert books_of(state, GC) == ("God of Forgetfulness",) and cards_of(state, GC) == ("Byatis",)
    assert rejected(state, GodOfForgetfulness(GC, "Europe")).code is Code.NOT_NOW  # not adjacent: nothing changes
    assert GodOfForgetfulness(GC, "Australia") in list(legal_commands(state))
    state = run(state, GodOfForgetfulness(GC, "Australia"))
    assert count(state, "South Pacific", CC, "Acolyte") == 2 and count(state, "South Pacific", BG, "Acolyte") == 1
    assert state.player(GC).power == 9 and state.prompt.actor != GC


def test_god_of_forgetfulness_is_not_met_when_no_enemy_unit_is_killed() -> None:
    units = [(GC, "igoo", "Byatis", 1), (CC, "cultist", "Acolyte", 1)]
    state = replace(game(South_Pacific={"units": units}), loyalty=(("Byatis", GC),))
    state = roll(run(state, c.BattleAction(GC, "South Pacific", CC)), 1, 1, 1, 1)
    assert books_of(state, GC) == () and not any(isinstance(m, GodOfForgetfulness) for m in legal_commands(turn(state, GC)))


def test_the_brood_abhoths_8_monsters_then_enemy_gates_with_filth_give_no_doom() -> None:
    filth = (GC, "monster", "Filth", 7)
    state = game(
        South_Pacific={"gate": GC, "units": [(GC, "igoo", "Abhoth", 1), (GC, "cultist", "Acolyte", 1), filth]},
        Africa={"gate": CC, "units": [(CC, "cultist", "Acolyte", 1)]},
        Asia={"gate": CC, "units": [(CC, "cultist", "Acolyte", 1)]},
    )
    state = replace(state, loyalty=(("Abhoth", GC),))
    events: list[Any] | tuple[Any, ...] = events_of(state, PlaceFilth(GC, "Africa"))  # the eighth monster
    assert IndependentSpellbookGained(GC, "Abhoth", "The Brood") in events
    state = run(state, PlaceFilth(GC, "Africa"))
    state = set_players(state, crawling_chaos={"doom": 0}, great_cthulhu={"doom": 0})
    ritual = set_players(doom_turn(state, CC, doom=0), crawling_chaos={"power": 10})
    assert rejected(ritual, c.Ritual(BG)).code is Code.NOT_YOUR_TURN  # Crawling Chaos' ritual turn: nothing changes
    assert run(ritual, c.Ritual(CC)).player(CC).doom == 1  # the Ritual counts Asia's gate only
    state, events = pass_round(state)
    assert state.player(CC).doom == 1 and state.player(GC).doom == 1  # Africa's gate gave Crawling Chaos nothing
    assert any(isinstance(e, AbilityUsed) and e.ability == "The Brood" for e in events)


def test_the_brood_is_not_met_with_fewer_monsters() -> None:
    state = game(South_Pacific={"units": [(GC, "igoo", "Abhoth", 1), (GC, "monster", "Filth", 6)]})
    state = run(replace(state, loyalty=(("Abhoth", GC),)), PlaceFilth(GC, "Africa"))
    assert books_of(state, GC) == ()


def test_interdimensional_a_great_old_one_killed_then_daoloth_places_a_gate_where_he_enters() -> None:
    state = game(
        South_Pacific={"units": [(GC, "goo", "Cthulhu", 1), (CC, "goo", "Nyarlathotep", 1)]},
        Europe={"units": [(GC, "igoo", "Daoloth", 1)]},
        Asia={"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]},
    )
    state = replace(state, loyalty=(("Daoloth", GC),))
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    while state.prompt.kind is not PromptKind.ROLL:  # the pre-battle questions, if any
        state = run(state, next(iter(legal_commands(state))))
    state = roll(state, 6, 1, 1, 1, 1, 1)
    assert books_of(state, GC) == ("Interdimensional",)
    state = turn(state, GC)
    far = c.Move(GC, groups=(c.MoveGroup("Europe", "Australia", UnitKind.IGOO, "Daoloth"),))
    assert rejected(state, far).code is Code.NOT_ADJACENT and state.areas[12].gate is None
    state = run(state, c.Move(GC, groups=(c.MoveGroup("Europe", "Arctic Ocean", UnitKind.IGOO, "Daoloth"),)))
    arctic = state.areas[state.board.area_index("Arctic Ocean") or 0]
    assert arctic.gate is not None and arctic.gate.abandoned
    state = run(turn(state, GC), c.Move(GC, groups=(c.MoveGroup("Arctic Ocean", "Asia", UnitKind.IGOO, "Daoloth"),)))
    assert state.areas[2].gate is not None and state.areas[2].gate.controller == BG  # a gate there already


def test_nightmare_web_nyogtha_survives_a_great_old_one_then_comes_back_for_2() -> None:
    state = game(
        South_Pacific={"units": [(GC, "igoo", "Nyogtha", 1), (CC, "goo", "Nyarlathotep", 1)]},
        Europe={"units": [(GC, "cultist", "Acolyte", 1)]},
    )
    state = replace(state, loyalty=(("Nyogtha", GC),))
    state = run(state, c.BattleAction(GC, "South Pacific", CC))
    while state.prompt.kind is not PromptKind.ROLL:
        state = run(state, next(iter(legal_commands(state))))
    state = turn(roll(state, 1, 1, 1, 1), GC)
    assert books_of(state, GC) == ("Nightmare Web",)
    assert rejected(state, NightmareWeb(GC, "Africa")).code is Code.NOT_NOW  # no unit of its there
    assert NightmareWeb(GC, "Europe") in list(legal_commands(state))
    state = run(state, NightmareWeb(GC, "Europe"))
    assert count(state, "Europe", GC, "Nyogtha") == 1 and state.player(GC).power == 8
    assert rejected(turn(state, GC), NightmareWeb(GC, "Europe")).code is Code.NOT_NOW  # both figures are out


def test_an_independents_spellbook_goes_back_with_its_card() -> None:
    state = game(South_Pacific={"units": [(GC, "igoo", "Byatis", 1)]})
    state = replace(state, loyalty=(("Byatis", GC), ("God of Forgetfulness", GC)))
    state = run(state, c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.IGOO, "Byatis"), "test"))
    assert state.loyalty == ()


def nyogthas() -> State:
    """Great Cthulhu's two Nyogtha figures, each beside an enemy cultist."""
    state = game(
        South_Pacific={"units": [(GC, "igoo", "Nyogtha", 1), (CC, "cultist", "Acolyte", 1)]},
        Asia={"units": [(GC, "igoo", "Nyogtha", 1), (BG, "cultist", "Acolyte", 1)]},
    )
    return replace(state, loyalty=(("Nyogtha", GC),))


def test_from_below_move_the_other_nyogtha_follows_free() -> None:
    state = run(nyogthas(), c.Move(GC, groups=(c.MoveGroup("South Pacific", "Australia", UnitKind.IGOO, "Nyogtha"),)))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == GC and "Europe" in state.prompt.choices
    assert rejected(state, UseAbility(GC, "Australia")).code is Code.NOT_A_CHOICE  # not next to Asia: nothing changes
    state = answer(state, "Europe")
    assert count(state, "Europe", GC, "Nyogtha") == 1 and count(state, "Australia", GC, "Nyogtha") == 1
    assert state.player(GC).power == 9 and state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC


def test_from_below_two_nyogthas_in_one_move_pay_for_one() -> None:
    groups = (
        c.MoveGroup("South Pacific", "Indian Ocean", UnitKind.IGOO, "Nyogtha"),
        c.MoveGroup("Asia", "Indian Ocean", UnitKind.IGOO, "Nyogtha"),
    )
    state = run(nyogthas(), c.Move(GC, groups=groups))
    assert count(state, "Indian Ocean", GC, "Nyogtha") == 2 and state.player(GC).power == 9


def test_from_below_capture_the_other_nyogtha_captures_free() -> None:
    state = run(nyogthas(), c.Capture(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", BG)
    assert rejected(state, UseAbility(CC, BG)).code is Code.NOT_YOUR_TURN  # Great Cthulhu's to answer: nothing changes
    state = answer(state, BG)
    assert state.player(GC).captured == (CC, BG) and state.player(GC).power == 9
    assert count(state, "Asia", BG, "Acolyte") == 0 and state.prompt.actor == CC


def test_from_below_battle_the_other_nyogtha_battles_free_when_the_first_is_over() -> None:
    state = roll(run(nyogthas(), c.BattleAction(GC, "South Pacific", CC)), 1, 1, 1, 1)
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", BG)
    assert state.prompt.text == f"{GC}: From Below: the other Nyogtha battles in Asia too (free): against whom?"
    assert rejected(state, c.BattleAction(GC, "Asia", BG)).code is Code.NOT_NOW  # the question first: nothing changes
    state = answer(state, BG)
    assert state.battle is not None and state.area_name(state.battle.area) == "Asia" and state.player(GC).power == 9
    state = roll(state, 6, 1, 1, 1)
    assert count(state, "Asia", BG, "Acolyte") == 0
    if state.prompt.kind is PromptKind.SPELLBOOK:  # the Kill met one of Great Cthulhu's own requirements
        state = run(state, ChooseSpellbook(GC, state.prompt.choices[0]))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC  # no third battle: the turn goes on


def test_from_below_skip_hands_the_turn_on() -> None:
    state = answer(run(nyogthas(), c.Capture(GC, "South Pacific", CC)), "skip")
    assert state.player(GC).captured == (CC,) and state.prompt.actor == CC


def test_horror_steed_the_shantak_carries_one_of_its_cultists_free() -> None:
    units = [(GC, "monster", "Shantak", 1), (GC, "cultist", "Acolyte", 2)]
    state = run(
        game(South_Pacific={"units": units}),
        c.Move(GC, groups=(c.MoveGroup("South Pacific", "Europe", UnitKind.MONSTER, "Shantak"),)),
    )
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.choices == ("skip", "Acolyte")
    assert rejected(state, UseAbility(GC, "Deep One")).code is Code.NOT_A_CHOICE  # not a choice: nothing changes
    state = answer(state, "Acolyte")
    assert count(state, "Europe", GC, "Acolyte") == 1 and count(state, "South Pacific", GC, "Acolyte") == 1
    assert state.player(GC).power == 9 and state.prompt.actor == CC


def test_horror_steed_asks_nothing_without_a_cultist_to_carry() -> None:
    state = game(South_Pacific={"units": [(GC, "monster", "Shantak", 1)]})
    state = run(state, c.Move(GC, groups=(c.MoveGroup("South Pacific", "Europe", UnitKind.MONSTER, "Shantak"),)))
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC


def test_lost_abhoth_his_filth_turn_neutral_and_follow_him_when_he_is_awakened_again() -> None:
    units = [(GC, "igoo", "Abhoth", 1), (GC, "monster", "Filth", 2)]
    state = replace(
        game(South_Pacific={"units": units}, Africa={"units": [(GC, "monster", "Filth", 1)]}), loyalty=(("Abhoth", GC),)
    )
    state = run(state, c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.IGOO, "Abhoth"), "test"))
    assert count(state, "South Pacific", "neutral", "Filth") == 2 and count(state, "Africa", "neutral", "Filth") == 1
    assert count(state, "Africa", GC, "Filth") == 0 and holder(state, "Abhoth") == ""
    state = turn(
        set_board(state, Asia={"gate": BG, "units": [(BG, "goo", "Shub-Niggurath", 1), (BG, "cultist", "Acolyte", 1)]}), BG
    )
    assert rejected(state, AwakenIndependent(BG, "Africa", "Abhoth")).code is Code.NOT_NOW  # no gate of its there
    state = run(state, AwakenIndependent(BG, "Asia", "Abhoth"))
    assert count(state, "South Pacific", BG, "Filth") == 2 and count(state, "Africa", BG, "Filth") == 1
    assert count(state, "Africa", "neutral", "Filth") == 0


def test_horror_steed_forgets_a_passenger_it_could_not_carry() -> None:
    units = [(GC, "monster", "Shantak", 1), (GC, "cultist", "Acolyte", 1)]
    groups = (
        c.MoveGroup("South Pacific", "Europe", UnitKind.MONSTER, "Shantak"),
        c.MoveGroup("South Pacific", "Australia", UnitKind.CULTIST, "Acolyte"),
    )
    state = run(game(South_Pacific={"units": units}), c.Move(GC, groups=groups))  # the Acolyte went its own way
    assert state.prompt.actor == CC and not [u for u in state.abilities.used if u[0] == GC]
    state = turn(set_board(state, South_Pacific={"units": [(GC, "cultist", "Acolyte", 1)]}), GC)
    state = run(state, c.Recruit(GC, "South Pacific"))  # a later action asks nothing of the Shantak
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == CC


def test_from_below_capture_the_free_capture_names_which_cultist() -> None:
    """With High Priests, the victim beside the other Nyogtha has two kinds of cultist: the free
    capture's answers name each (the victim's choice, as ``capture``'s ``unit``)."""
    state = game(
        Options(abilities=True, independents=CARDS, high_priests=True),
        South_Pacific={"units": [(GC, "igoo", "Nyogtha", 1), (CC, "cultist", "Acolyte", 1)]},
        Asia={"units": [(GC, "igoo", "Nyogtha", 1), (BG, "cultist", "Acolyte", 1), (BG, "cultist", "High Priest", 1)]},
    )
    state = run(replace(state, loyalty=(("Nyogtha", GC),)), c.Capture(GC, "South Pacific", CC))
    assert state.prompt.choices == ("skip", f"{BG}:Acolyte", f"{BG}:High Priest")
    state = answer(state, f"{BG}:High Priest")
    assert count(state, "Asia", BG, "High Priest") == 0 and count(state, "Asia", BG, "Acolyte") == 1
    assert state.player(GC).captured == (CC, BG) and held_by(state, GC) == (BG,)  # held as a High Priest
