"""The six neutral Spellbooks (``Options.neutral_spellbooks``; factions.md section 13): the
Spellbook choice offers those still in the supply, and each one's effect, driven through commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import State, legal_commands
from companion.engine.core import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import FirstPlayerChosen
from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions import neutral_spellbooks as nb
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, PowerGained, UseAbility
from companion.engine.cthulhu.factions.windwalker import IceAge
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import BG, CC, GC, WW, YS, already, game, game6, turn, units
from tests.helpers import events_of, rejected, run, set_players

GC_BOOKS = RULES[Faction.GREAT_CTHULHU].spellbooks


def with_books(state: State, on: bool = True) -> State:
    return evolve(state, options=replace(state.options, neutral_spellbooks=on))


def neutral_game(**areas: dict[str, Any]) -> State:
    return with_books(game(**areas))


def owing(state: State, pid: str) -> State:
    """``pid`` to act, having met one requirement more than the books it holds."""
    state = turn(already(state, pid, "a requirement met before"), pid, power=5)
    return set_players(state, **{pid: {"spellbooks": ()}})


# -- the Spellbook choice and the supply -------------------------------------------------------------


def test_a_requirement_met_offers_the_neutral_spellbooks_still_in_the_supply() -> None:
    state = owing(neutral_game(Asia={"units": [(GC, "cultist", "Acolyte", 1)]}), GC)
    state = run(state, c.Recruit(GC, "Asia"))
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == GC
    assert state.prompt.choices == (*GC_BOOKS, *nb.BOOKS)
    state = run(state, ChooseSpellbook(GC, nb.UMR_AT_TAWIL))
    assert state.player(GC).spellbooks == (nb.UMR_AT_TAWIL,)
    assert nb.supply(state) == tuple(b for b in nb.BOOKS if b != nb.UMR_AT_TAWIL)  # taken: out of the supply
    # Another faction's choice no longer holds it.
    state = owing(state, CC)
    state = run(state, c.Recruit(CC, "Asia"))
    assert state.prompt.kind is PromptKind.SPELLBOOK and nb.UMR_AT_TAWIL not in state.prompt.choices
    assert set(nb.BOOKS) - {nb.UMR_AT_TAWIL} <= set(state.prompt.choices)


def test_without_the_option_the_choice_holds_only_the_factions_own_books() -> None:
    state = owing(with_books(game(Asia={"units": [(GC, "cultist", "Acolyte", 1)]}), on=False), GC)
    state = run(state, c.Recruit(GC, "Asia"))
    assert state.prompt.choices == GC_BOOKS
    assert rejected(state, ChooseSpellbook(GC, nb.SHRIVELING)).code is Code.NOT_A_CHOICE


def test_a_neutral_spellbook_counts_toward_the_six_for_victory() -> None:
    from companion.engine.cthulhu import flow

    state = set_players(neutral_game(), great_cthulhu={"spellbooks": (*GC_BOOKS[:5], nb.MAO_CEREMONY), "doom": 20})
    assert flow.winners_by_doom(state) == (GC,)


# -- The Mao Ceremony -----------------------------------------------------------------------------------


def to_gather_power(state: State) -> State:
    while state.phase is Phase.ACTION and state.prompt.kind is PromptKind.ACTION:
        state = run(state, c.Pass(state.prompt.actor))
    return state


def test_mao_ceremony_sacrifices_cultists_after_gather_power_for_one_power_each() -> None:
    board = {
        "Asia": {"gate": GC, "units": [(GC, "cultist", "Acolyte", 2)]},
        "Europe": {"gate": BG, "units": [(BG, "cultist", "Acolyte", 2)]},
    }
    state = turn(neutral_game(**board), GC, power=0, books=(nb.MAO_CEREMONY,))
    state = to_gather_power(state)
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == GC
    assert state.prompt.choices == ("done", "Acolyte in Asia")
    gathered = state.player(GC).power  # 2 cultists + 2 for the gate
    assert gathered == 4 and state.player(BG).power == 4  # a tie so far
    events = events_of(state, UseAbility(GC, "Acolyte in Asia"))
    state = run(state, UseAbility(GC, "Acolyte in Asia"))
    assert state.player(GC).power == gathered + 1 and units(state, "Asia", GC, "Acolyte") == 1
    assert any(isinstance(e, PowerGained) and e.reason == nb.MAO_CEREMONY for e in events)
    assert state.prompt.kind is PromptKind.ABILITY  # asked again while it has cultists
    events = events_of(state, UseAbility(GC, "done"))
    state = run(state, UseAbility(GC, "done"))
    assert [e.player for e in events if isinstance(e, FirstPlayerChosen)] == [GC]  # its Power came first


def test_mao_ceremony_asks_nobody_without_the_book() -> None:
    board = {"Asia": {"gate": GC, "units": [(GC, "cultist", "Acolyte", 2)]}}
    state = to_gather_power(turn(neutral_game(**board), GC, power=0))
    assert state.prompt.kind is not PromptKind.ABILITY


# -- Recriminations ---------------------------------------------------------------------------------------


def test_recriminations_discards_a_book_and_the_choice_comes_again_without_it() -> None:
    state = already(neutral_game(Asia={"units": [(GC, "cultist", "Acolyte", 1)]}), GC, "one", "two")
    state = turn(state, GC, power=3, books=(nb.RECRIMINATIONS, nb.UMR_AT_TAWIL))
    offered = list(legal_commands(state))
    assert nb.Recriminations(GC, nb.UMR_AT_TAWIL) in offered and nb.Recriminations(GC, nb.RECRIMINATIONS) in offered
    state = run(state, nb.Recriminations(GC, nb.UMR_AT_TAWIL))
    assert state.player(GC).power == 2 and state.player(GC).spellbooks == (nb.RECRIMINATIONS,)
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == GC
    assert nb.UMR_AT_TAWIL not in state.prompt.choices and nb.SHRIVELING in state.prompt.choices
    state = run(state, ChooseSpellbook(GC, nb.SHRIVELING))
    assert state.player(GC).spellbooks == (nb.RECRIMINATIONS, nb.SHRIVELING)
    assert nb.UMR_AT_TAWIL in nb.supply(state)  # back in the supply for anyone
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC  # the action is over


def test_recriminations_is_refused_without_the_book() -> None:
    state = turn(neutral_game(), GC, power=3, books=(nb.UMR_AT_TAWIL,))
    assert rejected(state, nb.Recriminations(GC, nb.UMR_AT_TAWIL)).code is Code.NOT_NOW


# -- Shriveling ---------------------------------------------------------------------------------------------


def test_shriveling_eliminates_an_enemy_unit_before_the_battle_and_its_owner_gains_its_cost() -> None:
    board = {
        "Asia": {
            "units": [
                (GC, "monster", "Shoggoth", 1),
                (BG, "cultist", "Acolyte", 1),
                (BG, "monster", "Dark Young", 1),
                (BG, "goo", "Shub-Niggurath", 1),
            ]
        }
    }
    state = set_players(turn(neutral_game(**board), GC, power=5, books=(nb.SHRIVELING,)), black_goat={"power": 0})
    state = run(state, c.BattleAction(GC, "Asia", BG))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == GC
    assert state.prompt.choices == ("skip", "Acolyte", "Dark Young")  # never a Great Old One
    state = run(state, UseAbility(GC, "Dark Young"))
    assert units(state, "Asia", BG, "Dark Young") == 0
    assert state.player(BG).power == 3  # the Dark Young's cost
    assert state.battle is not None


# -- Stars Are Right ------------------------------------------------------------------------------------------


def doom_question(state: State, pid: str) -> State:
    state = to_gather_power(state)
    while state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != pid:
        skip = state.prompt.kind is PromptKind.RITUAL
        state = run(state, c.SkipRitual(state.prompt.actor) if skip else next(iter(legal_commands(state))))
    return state


GATES = {
    "Asia": {"gate": GC, "units": [(GC, "cultist", "Acolyte", 1)]},
    "Europe": {"gate": BG, "units": [(BG, "cultist", "Acolyte", 1)]},
}


def test_stars_are_right_an_elder_sign_revealed_in_the_doom_phase_gives_its_value_in_power() -> None:
    state = turn(neutral_game(**GATES), GC, power=0, books=(nb.STARS_ARE_RIGHT,), elder_signs=(2,))
    state = doom_question(state, GC)
    power, doom = state.player(GC).power, state.player(GC).doom
    state = run(state, c.RevealElderSign(GC, 2))
    assert state.player(GC).power == power + 2 and state.player(GC).doom == doom + 2


def test_stars_are_right_gives_nothing_without_the_book() -> None:
    state = doom_question(turn(neutral_game(**GATES), GC, power=0, elder_signs=(2,)), GC)
    power = state.player(GC).power
    assert run(state, c.RevealElderSign(GC, 2)).player(GC).power == power


# -- Umr at-Tawil ------------------------------------------------------------------------------------------------


def test_umr_at_tawil_the_holders_gates_cost_two() -> None:
    board = {"Asia": {"units": [(GC, "cultist", "Acolyte", 1)]}}
    state = turn(neutral_game(**board), GC, power=2, books=(nb.UMR_AT_TAWIL,))
    assert c.BuildGate(GC, "Asia") in list(legal_commands(state))
    after = run(state, c.BuildGate(GC, "Asia"))
    assert after.player(GC).power == 0 and after.areas[after.board.area_index("Asia") or 0].gate is not None
    without = turn(neutral_game(**board), GC, power=2)
    assert c.BuildGate(GC, "Asia") not in list(legal_commands(without))
    assert rejected(without, c.BuildGate(GC, "Asia")).code is Code.CANNOT_AFFORD


# -- Undimensioned -------------------------------------------------------------------------------------------------


def test_undimensioned_redistributes_units_among_the_areas_they_occupy() -> None:
    board = {
        "Asia": {"units": [(GC, "cultist", "Acolyte", 2)]},
        "Europe": {"units": [(GC, "monster", "Deep One", 1)]},
        "Africa": {"units": [(YS, "cultist", "Acolyte", 1)]},
    }
    state = turn(neutral_game(**board), GC, power=2, books=(nb.UNDIMENSIONED,))  # its last 2 Power
    assert nb.Undimensioned(GC) in list(legal_commands(state))
    state = run(state, nb.Undimensioned(GC))
    assert state.player(GC).power == 2  # paid with the first unit moved
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == GC
    assert state.prompt.choices == ("cancel", "Deep One: Europe -> Asia", "Acolyte: Asia -> Europe")  # not to Africa
    state = run(state, UseAbility(GC, "Deep One: Europe -> Asia"))
    assert units(state, "Asia", GC, "Deep One") == 1 and state.player(GC).power == 0
    assert state.prompt.choices == ("done", "Acolyte: Asia -> Europe")  # the Deep One moved once already
    state = run(state, UseAbility(GC, "Acolyte: Asia -> Europe"))
    state = run(state, UseAbility(GC, "Acolyte: Asia -> Europe"))  # the last unit: the action ends
    assert units(state, "Europe", GC, "Acolyte") == 2 and units(state, "Asia", GC, "Deep One") == 1
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC


def test_undimensioned_done_ends_the_action() -> None:
    board = {"Asia": {"units": [(GC, "cultist", "Acolyte", 2)]}, "Europe": {"units": [(GC, "cultist", "Acolyte", 1)]}}
    state = run(turn(neutral_game(**board), GC, power=5, books=(nb.UNDIMENSIONED,)), nb.Undimensioned(GC))
    state = run(state, UseAbility(GC, "Acolyte: Asia -> Europe"))
    assert state.prompt.choices[0] == "done"
    state = run(state, UseAbility(GC, "done"))
    assert state.player(GC).power == 3 and state.prompt.actor != GC


def test_undimensioned_cancel_before_any_move_gives_the_action_back_and_spends_nothing() -> None:
    """HRF pays the 2 Power with the first unit moved and offers Cancel before it
    (NeutralSpellbooks.scala ``UndimensionedAction``, ``UndimensionedContinueAction``)."""
    board = {"Asia": {"units": [(GC, "cultist", "Acolyte", 1)]}, "Europe": {"units": [(GC, "cultist", "Acolyte", 1)]}}
    before = turn(neutral_game(**board), GC, power=5, books=(nb.UNDIMENSIONED,))
    asked = run(before, nb.Undimensioned(GC))
    assert asked.prompt.choices[0] == "cancel" and "done" not in asked.prompt.choices
    assert asked.player(GC).power == 5
    after = run(asked, UseAbility(GC, "cancel"))
    assert after.prompt == before.prompt and after.player(GC).power == 5  # still its action, nothing spent
    assert after.areas == before.areas and after.abilities == before.abilities
    assert nb.Undimensioned(GC) in list(legal_commands(after))
    assert events_of(before, nb.Undimensioned(GC)) == () and events_of(asked, UseAbility(GC, "cancel")) == ()


def test_undimensioned_needs_two_areas_and_two_power() -> None:
    board = {"Asia": {"units": [(GC, "cultist", "Acolyte", 2)]}}
    one_area = turn(neutral_game(**board), GC, power=5, books=(nb.UNDIMENSIONED,))
    assert nb.Undimensioned(GC) not in list(legal_commands(one_area))
    assert rejected(one_area, nb.Undimensioned(GC)).code is Code.NOT_NOW
    board["Europe"] = {"units": [(GC, "cultist", "Acolyte", 1)]}
    poor = turn(neutral_game(**board), GC, power=1, books=(nb.UNDIMENSIONED,))
    assert nb.Undimensioned(GC) not in list(legal_commands(poor))


def test_the_books_need_the_option() -> None:
    board = {"Asia": {"units": [(GC, "cultist", "Acolyte", 1)]}, "Europe": {"units": [(GC, "cultist", "Acolyte", 1)]}}
    state = turn(game(**board), GC, power=5, books=(nb.UNDIMENSIONED, nb.UMR_AT_TAWIL))
    assert not any(isinstance(cmd, nb.Undimensioned) for cmd in legal_commands(state))
    assert run(state, c.BuildGate(GC, "Asia")).player(GC).power == 2  # a gate at 3, as without the option
    assert Options().neutral_spellbooks is False


def test_undimensioned_a_unit_moved_into_the_ice_ages_area_pays_its_tax() -> None:
    board = {"Europe": {"units": [(GC, "cultist", "Acolyte", 1)]}, "Arabia": {"units": [(GC, "cultist", "Acolyte", 2)]}}
    state = with_books(game6(**board))
    state = run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, "Europe"))
    poor = run(turn(state, GC, power=2, books=(nb.UNDIMENSIONED,)), nb.Undimensioned(GC))
    assert poor.prompt.choices == ("cancel", "Acolyte: Europe -> Arabia")  # the 2 Power leave none for the tax
    state = run(turn(state, GC, power=3, books=(nb.UNDIMENSIONED,)), nb.Undimensioned(GC))
    assert "Acolyte: Arabia -> Europe" in state.prompt.choices  # 1 Power left: the tax is affordable
    state = run(state, UseAbility(GC, "Acolyte: Arabia -> Europe"))
    assert state.player(GC).power == 0 and units(state, "Europe", GC, "Acolyte") == 2
    assert state.prompt.choices == ("done", "Acolyte: Europe -> Arabia")  # no Power left for the tax
