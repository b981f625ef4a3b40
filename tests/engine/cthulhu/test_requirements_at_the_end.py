"""A Spellbook requirement met by the very command that ends the game is checked, and its
Spellbook chosen, before the Elder Signs are revealed and the winner decided ([HRF:Game.scala]
``CheckSpellbooksAction`` before ``GameOverPhaseAction``; abilities.py ``at_the_end``): a sixth
Spellbook taken there can win.  With the abilities off the table does it, as before."""

from __future__ import annotations

from typing import Any

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.tcho_tcho import REMOVE_GATE, SYCOPHANCY, TT_GAINS
from companion.engine.cthulhu.model import Options, Phase, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.common import CC, GC, TT
from tests.engine.cthulhu.factions.kit import already, met, turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import tt_game
from tests.helpers import clear_board, run, set_board, set_players, started

GC_MET = ("First Doom Phase", "Kill/Devour 1 enemy unit", "Kill/Devour 2 enemy units", "Awaken Cthulhu", "Five Spellbooks")
GC_BOOKS = ("Absorb", "Devolve", "Dreams", "Regenerate", "Submerge")
A = "cultist"
HOMES = ("Asia", "South Pacific", "Europe")
TT_MET = ("Earn an Elder Sign", "Own 3 Elder Signs", REMOVE_GATE, "A Great Old One is killed in battle", "Awaken Ubbo-Sathla")
OCEANS: dict[str, Any] = {
    "North Atlantic": {"gate": GC, "units": [(GC, A, "Acolyte", 1)]},
    "North Pacific": {"gate": GC, "units": [(GC, A, "Acolyte", 1)]},
    "Indian Ocean": {"units": [(GC, A, "Acolyte", 1)]},
}


def last_turn(options: Options | None = None) -> State:
    """Great Cthulhu's last turn (30 Doom reached: the game ends when it does), five Spellbooks
    held for five requirements met, two ocean gates held and an Acolyte in a third ocean."""
    state = started(options=options or Options(abilities=True))
    state = already(set_board(clear_board(state), **OCEANS), GC, *GC_MET)
    state = set_players(state, great_cthulhu={"doom": 30}, crawling_chaos={"doom": 25}, black_goat={"doom": 20})
    return evolve(turn(state, GC, power=3, books=GC_BOOKS), end_trigger="doom")


def test_requirement_met_by_the_ending_command_its_spellbook_is_chosen_before_the_winner() -> None:
    state = run(last_turn(), c.BuildGate(GC, "Indian Ocean"))
    assert "Ocean gates" in met(state, GC)
    assert state.phase is not Phase.GAME_OVER  # the end waits for the Spellbook choice
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == GC
    assert state.prompt.choices == ("Y'ha Nthlei",)
    state = run(state, ChooseSpellbook(GC, "Y'ha Nthlei"))
    assert state.phase is Phase.GAME_OVER and len(state.player(GC).spellbooks) == 6
    assert state.outcome is not None and state.outcome.winners == (GC,)  # the sixth book wins


def test_requirement_met_by_the_ending_command_is_the_tables_with_the_abilities_off() -> None:
    state = run(last_turn(Options(abilities=False)), c.BuildGate(GC, "Indian Ocean"))
    assert state.phase is Phase.GAME_OVER and "Ocean gates" not in met(state, GC)
    assert len(state.player(GC).spellbooks) == 5
    assert state.outcome is not None and state.outcome.winners == ()  # nobody with six: everyone loses


def test_requirement_met_by_the_last_ritual_of_the_doom_phase_that_ends_the_game() -> None:
    """Tcho-Tcho at 30 Doom (the game ends with this Doom Phase) with five Spellbooks for five
    requirements met; Great Cthulhu's Ritual, the phase's last decision (Crawling Chaos cannot
    pay for one), meets "Another player performs a Ritual" and Tcho-Tcho's sixth Spellbook wins.
    The Ritual's own reaction comes first: Great Cthulhu answers Sycophancy (the ending command's
    after-command work, before the final reveal), and the Doom it gives counts."""
    seats = zip(HOMES, (TT, GC, CC), strict=True)
    homes: dict[str, Any] = {area: {"gate": pid, "units": [(pid, A, "Acolyte", 1)]} for area, pid in seats}
    state = tt_game(**homes)
    state = already(state, TT, *TT_MET)
    state = already(state, GC, "First Doom Phase")
    state = set_players(state, **{pid: {"spellbooks": ("",) * len(met(state, pid))} for pid in (TT, GC, CC)})
    while state.prompt.kind is PromptKind.ACTION:
        state = run(state, c.Pass(state.prompt.actor))
    assert state.prompt.kind is PromptKind.FIRST_PLAYER  # round 2: Power gathered, a tie
    state = set_players(state, tcho_tcho={"doom": 30, "spellbooks": ("",) * 5}, great_cthulhu={"doom": 10, "power": 20})
    state = run(evolve(state, end_trigger="doom"), c.ChooseFirstPlayer(state.prompt.actor, TT))
    state = run(state, c.ChooseDirection(TT, "clockwise"))
    while state.prompt.actor != GC:
        state = run(state, c.SkipRitual(state.prompt.actor))
    state = run(state, c.Ritual(GC))
    assert state.phase is not Phase.GAME_OVER
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == SYCOPHANCY and state.prompt.actor == GC
    doom = state.player(TT).doom
    state = run(state, UseAbility(GC, TT_GAINS))
    assert state.player(TT).doom == doom + 1 and state.phase is not Phase.GAME_OVER
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == TT
    state = run(state, ChooseSpellbook(TT, state.prompt.choices[0]))
    assert state.phase is Phase.GAME_OVER
    assert state.outcome is not None and state.outcome.winners == (TT,)
