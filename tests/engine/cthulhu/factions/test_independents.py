"""The independent Great Old Ones and neutral monsters (factions.md sections 12 and 13), chosen
at set-up and driven through commands: awakening, Loyalty Cards, summoning, combat, abilities."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import ElderSignDrawn
from companion.engine.cthulhu.factions.independents import (
    CARDS,
    AwakenIndependent,
    DoomSpent,
    PlaceFilth,
    TakeLoyaltyCard,
    holder,
)
from companion.engine.cthulhu.factions.powers import UseAbility
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
