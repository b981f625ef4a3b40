"""The command that ends the game has its whole after-command work done before the final reveal
and the winner: the battle's Kill tally, the factions' reactions and their questions, the
requirement check and the Spellbooks owed ([HRF:Game.scala]: an action ends in
``CheckSpellbooksAction``, and only then ``GameOverPhaseAction`` reveals the Elder Signs and
decides the winners).  The end waits at its step with nothing asked (flow.run), and
flow.resume_the_end, run by game.apply after every after-command hook, starts the final reveal
once nothing is asked.  With the abilities off, the end is the table's, as before."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import GameEnded
from companion.engine.cthulhu.factions.opener_of_the_way import DRAGON_DESCENDING
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.model import NO_PROMPT, Faction, GameState, Options, Phase, PromptKind, Step
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import CC, GC, OW, A, M, already, met, turn
from tests.helpers import clear_board, events_of, run, set_board, set_players, started

GC_BOOKS = ("Absorb", "Devolve", "Dreams", "Regenerate", "Submerge")
# Five of Great Cthulhu's six requirements: "Kill/Devour 1 enemy unit" is still open.
GC_MET = ("First Doom Phase", "Kill/Devour 2 enemy units", "Awaken Cthulhu", "Ocean gates", "Five Spellbooks")


def last_battle(options: Options) -> State:
    """Great Cthulhu's last turn (30 Doom reached: the game ends when its action does), five
    Spellbooks held for five requirements met, a Deep One beside a lone Crawling Chaos Acolyte
    in the South Pacific."""
    state = started(options=options)
    board: dict[str, Any] = {"South_Pacific": {"gate": GC, "units": [(GC, M, "Deep One", 1), (CC, A, "Acolyte", 1)]}}
    state = already(set_board(clear_board(state), **board), GC, *GC_MET)
    state = set_players(state, great_cthulhu={"doom": 30}, crawling_chaos={"doom": 25}, black_goat={"doom": 20})
    return evolve(turn(state, GC, power=2, books=GC_BOOKS), end_trigger="doom")


def test_a_battles_kill_that_ends_the_game_meets_kill_devour_1_before_the_winner() -> None:
    """The Roll that kills the Acolyte ends the battle, the action and so the game; the Kill is
    credited by the after-command tally, meets "Kill/Devour 1 enemy unit" and the sixth
    Spellbook, chosen before the reveal, wins."""
    state = run(last_battle(Options(abilities=True)), c.BattleAction(GC, "South Pacific", CC))
    assert state.prompt.kind is PromptKind.ROLL
    events = events_of(state, c.Roll((6,)))
    state = run(state, c.Roll((6,)))
    assert not any(isinstance(e, GameEnded) for e in events)  # the end waits for the Spellbook
    assert dict(state.abilities.tally)[GC] == 1 and "Kill/Devour 1 enemy unit" in met(state, GC)
    assert state.phase is not Phase.GAME_OVER and state.pending == (Step.FINAL_REVEAL,)
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == GC
    state = run(state, ChooseSpellbook(GC, "Y'ha Nthlei"))
    assert state.phase is Phase.GAME_OVER and len(state.player(GC).spellbooks) == 6
    assert state.outcome is not None and state.outcome.winners == (GC,)


def test_a_battles_kill_that_ends_the_game_is_the_tables_with_the_abilities_off() -> None:
    """Abilities off: no tally, no requirement; the game is decided by the very Roll, as before."""
    state = run(last_battle(Options(abilities=False)), c.BattleAction(GC, "South Pacific", CC, attacker_dice=1))
    events = events_of(state, c.Roll((6,)))
    state = run(state, c.Roll((6,)))
    assert [type(e) for e in events][-1] is GameEnded and state.phase is Phase.GAME_OVER
    assert len(state.player(GC).spellbooks) == 5
    assert state.outcome is not None and state.outcome.winners == ()  # nobody with six: everyone loses


def last_ritual(doom: int) -> State:
    """The Doom Phase of a three-player game in which the Opener of the Way, at ``doom`` Doom with
    three gates, ten Power and six Spellbooks (Dragon Descending among them), is the only seat
    with a choice: its Ritual is the phase's last decision.  Great Cthulhu holds six Spellbooks
    and 31 Doom; Crawling Chaos and Great Cthulhu have no Power and nothing to play."""
    seats = (Faction.OPENER_OF_THE_WAY, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)
    state = started(factions=seats, options=Options(abilities=True))
    gates: dict[str, Any] = {area: {"gate": OW, "units": [(OW, A, "Acolyte", 1)]} for area in ("Europe", "Asia", "Africa")}
    state = set_board(clear_board(state), **gates)
    books = (DRAGON_DESCENDING, "", "", "", "", "")
    state = set_players(
        state,
        opener_of_the_way={"doom": doom, "power": 10, "spellbooks": books},
        great_cthulhu={"doom": 31, "power": 0, "spellbooks": 6},
        crawling_chaos={"doom": 10, "power": 0},
    )
    pending = (Step.RITUALS, Step.END_DOOM, Step.ACTION_START, Step.ACTIONS)
    state = evolve(state, phase=Phase.DOOM, pending=pending, queue=None, prompt=NO_PROMPT, turn=-1, first=state.seat(OW))
    return flow.run(state, [])


def test_dragon_descending_is_offered_after_the_last_ritual_and_its_doom_counts_before_the_winner() -> None:
    """The Ritual reaching 30 ends the game with the Doom Phase; Dragon Descending (a reaction to
    the Ritual) is asked first, and its doubled Doom makes the Opener the winner ([HRF] takes it
    as the Ritual itself, ``DragonDescendingDoomAction``, before ``GameOverPhaseAction``)."""
    state = last_ritual(27)
    assert state.prompt.kind is PromptKind.RITUAL and state.prompt.actor == OW
    state = run(state, c.Ritual(OW))
    assert state.player(OW).doom == 30 and state.end_trigger == "doom"
    assert state.phase is not Phase.GAME_OVER
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.purpose == DRAGON_DESCENDING
    state = run(state, UseAbility(OW, "use"))
    assert state.phase is Phase.GAME_OVER and state.player(OW).doom == 33
    assert state.outcome is not None and state.outcome.winners == (OW,)


def test_dragon_descending_skipped_at_the_end_leaves_the_winner_to_the_doom_without_it() -> None:
    state = run(last_ritual(27), c.Ritual(OW), UseAbility(OW, "skip"))
    assert state.phase is Phase.GAME_OVER and state.player(OW).doom == 30
    assert state.outcome is not None and state.outcome.winners == (GC,)


def test_the_end_waits_for_every_after_command_hook_even_one_registered_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """flow.resume_the_end is not one of the hooks (whose order is their modules' import order):
    game.apply runs it after all of them, so a hook added last still sees the end undecided."""
    assert flow.resume_the_end not in flow.AFTER_COMMAND_HOOKS
    seen: list[tuple[Phase, tuple[Step, ...]]] = []

    def spy(state: GameState, events: flow.Events) -> GameState:
        seen.append((state.phase, state.pending))
        return state

    monkeypatch.setattr(flow, "AFTER_COMMAND_HOOKS", [*flow.AFTER_COMMAND_HOOKS, spy])
    state = run(last_battle(Options(abilities=False)), c.BattleAction(GC, "South Pacific", CC, attacker_dice=1))
    state = run(state, c.Roll((6,)))
    assert state.phase is Phase.GAME_OVER
    assert seen[-1] == (Phase.ACTION, (Step.FINAL_REVEAL,))  # the ending Roll's hooks ran before the end
