"""Tcho-Tcho's set-up (factions.md section 10: an empty area with a faction's printed start,
chosen after everyone but the Opener and the Windwalker; Growth 0), Hell's Banquet, Sycophancy
and the requirement actions, driven through commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Code, Command, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import Part, PowerGathered
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.tcho_tcho import ONE_LESS, REMOVE_GATE, TT_GAINS, AwakenInDoomPhase, TchoTchoRemoveGate
from companion.engine.cthulhu.flow import start_order
from companion.engine.cthulhu.model import Faction, Phase, PromptKind
from tests.engine.cthulhu.factions.common import GC, TT, count
from tests.engine.cthulhu.factions.kit import met, turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import owing, tt_game
from tests.helpers import new_game, ok, pass_round, rejected, run, set_board, set_players

SEATS = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.OPENER_OF_THE_WAY)


def test_tcho_tcho_start_area_is_an_empty_printed_start_chosen_after_the_others_but_the_opener() -> None:
    state = ok(apply(None, new_game("earth-4p-53", SEATS)))
    seated_order = [state.players[seat].faction for seat in start_order(state)]
    assert seated_order == [Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.TCHO_TCHO, Faction.OPENER_OF_THE_WAY]
    order = []
    while state.prompt.kind is PromptKind.START_AREA:
        order.append(state.prompt.actor)
        if state.prompt.actor == TT:
            printed = {state.area_name(i) for i, a in enumerate(state.board.areas) if a.start}
            taken = {state.area_name(p.start_area) for p in state.players if p.start_area >= 0}
            assert set(state.prompt.choices) == printed - taken and state.prompt.choices
        state = ok(apply(state, c.ChooseStart(state.prompt.actor, state.prompt.choices[0])))
    seated = [p.pid for p in state.players if p.start_area >= 0]
    assert TT in seated and state.growth == 0
    assert order[-1] == "opener_of_the_way"


def test_hells_banquet_rolls_for_growth_from_the_doom_phase_after_the_first_awakening() -> None:
    home: dict[str, Any] = {"Asia": {"gate": TT, "units": [(TT, "cultist", "Acolyte", 1), (TT, "cultist", "High Priest", 1)]}}
    state = turn(tt_game(**home), TT, power=10)
    state = run(state, c.Awaken(TT, "Asia", "Ubbo-Sathla"))
    assert state.banquet_from == state.round + 1 and state.growth == 0
    state = run(state, legal_commands_first(state))  # the Spellbook for awakening him
    state = pass_round(state)[0]  # to round 2: its Doom Phase (no ritual affordable) asks for the roll
    assert state.round == 2 and state.prompt.kind is PromptKind.ROLL and state.prompt.purpose == "hells_banquet"
    interrupted = state.abilities.resume[0]
    state = run(state, c.Roll((4,), "tower"))
    assert state.growth == 4 and state.prompt == interrupted


def legal_commands_first(state: State) -> Command:
    return next(iter(legal_commands(state)))


def test_sycophancy_an_enemy_ritual_asks_the_enemy_which() -> None:
    state = tt_game()
    seat = state.seat(GC)
    assert seat is not None
    state = state.with_player(seat, power=20, doom=3)
    state = replace(
        state, phase=Phase.DOOM, prompt=replace(state.prompt, kind=PromptKind.RITUAL, actor=GC, choices=("ritual", "skip_ritual"))
    )
    state = run(state, c.Ritual(GC))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == GC
    assert set(state.prompt.choices) == {TT_GAINS, ONE_LESS}
    doom = state.player(GC).doom
    after = run(state, UseAbility(GC, ONE_LESS))
    assert after.player(GC).doom == doom - 1 and after.player(TT).doom == 0
    after = run(state, UseAbility(GC, TT_GAINS))
    assert after.player(GC).doom == doom and after.player(TT).doom == 1


def test_remove_your_controlled_gate_in_your_start_area_is_an_action_and_a_requirement() -> None:
    state = tt_game()
    start = state.area_name(state.player(TT).start_area)
    state = turn(set_board(state, **{start: {"gate": TT, "units": [(TT, "cultist", "Acolyte", 1)]}}), TT, power=5)
    assert TchoTchoRemoveGate(TT, start) in list(legal_commands(state))
    state = run(state, TchoTchoRemoveGate(TT, start))
    index = state.board.area_index(start)
    assert index is not None and state.areas[index].gate is None and REMOVE_GATE in met(state, TT)


def test_ubbo_sathla_awakens_for_0_in_the_doom_phase_on_tcho_tchos_ritual_turn() -> None:
    home: dict[str, Any] = {"Asia": {"gate": TT, "units": [(TT, "cultist", "Acolyte", 1), (TT, "cultist", "High Priest", 1)]}}
    state = tt_game(**home)
    assert rejected(state, AwakenInDoomPhase(TT, "Asia")).code is Code.NOT_NOW  # the Action Phase
    seat = state.seat(TT)
    assert seat is not None
    state = replace(
        state.with_player(seat, power=10),
        phase=Phase.DOOM,
        prompt=replace(state.prompt, kind=PromptKind.RITUAL, actor=TT, choices=("ritual", "skip_ritual")),
    )
    offered = [m for m in legal_commands(state) if isinstance(m, AwakenInDoomPhase)]
    assert offered and offered[0].area == "Asia"
    state = run(state, offered[0])
    assert count(state, "Asia", TT, "Ubbo-Sathla") == 1 and count(state, "Asia", TT, "High Priest") == 0
    assert state.player(TT).power == 10 and state.banquet_from == state.round + 1


def test_soulless_tcho_tchos_captured_cultists_give_their_captor_no_power() -> None:
    state = set_players(tt_game(), **{TT: {"spellbooks": ("Soulless",)}, GC: {"captured": (TT,)}})
    state = owing(state, "Earn an Elder Sign")  # the one book held is owed for
    events = pass_round(turn(state, GC))[1]
    gathered = {e.player: e for e in events if isinstance(e, PowerGathered)}
    assert Part("1 captured cultist(s)", 1) in gathered[GC].parts
    assert Part("Soulless: Tcho-Tcho's cultists give nothing", -1) in gathered[GC].parts


def test_hierophants_a_spellbook_earned_places_a_high_priest_at_a_gate_or_adds_growth() -> None:
    state = turn(tt_game(Asia={"gate": TT, "units": [(TT, "cultist", "Acolyte", 1)]}), TT, books=("Hierophants",))
    state = run(owing(state, "Earn an Elder Sign", "Own 3 Elder Signs"), c.Recruit(TT, "Asia"))
    assert state.prompt.kind is PromptKind.SPELLBOOK
    state = run(state, ChooseSpellbook(TT, "Terror"))
    assert count(state, "Asia", TT, "High Priest") == 1  # one gate: no question
    full = set_board(state, Asia={"gate": TT, "units": [(TT, "cultist", "High Priest", 3)]})
    full = turn(full, TT, books=("Hierophants", "Terror"), power=5)
    full = run(owing(full, "Earn an Elder Sign", "Own 3 Elder Signs", "Awaken Ubbo-Sathla"), c.Recruit(TT, "Asia"))
    growth = full.growth
    full = run(full, ChooseSpellbook(TT, "Idolatry"))
    assert full.growth == growth + 1  # no High Priest left in the pool
