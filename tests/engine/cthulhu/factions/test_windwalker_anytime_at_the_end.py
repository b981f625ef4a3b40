"""The Windwalker's "anytime" requirement ("take it whenever you like": 1 Elder Sign per enemy
with six Spellbooks, at most 3; factions.md section 6) is taken for it when the game ends, if it
has not taken it: its Elder Signs, then its Spellbook choice, before the Elder Signs are revealed
and the winner decided ([HRF:Game.scala] ``GameOverPhaseAction``)."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import neutral_spellbooks
from companion.engine.cthulhu.factions.powers import ChooseSpellbook
from companion.engine.cthulhu.factions.windwalker import ANYTIME, AnytimeSpellbook
from companion.engine.cthulhu.model import Options, Phase, PromptKind
from companion.engine.values import evolve
from tests.engine.cthulhu.factions.kit import GC, WW, already, game6, met, turn
from tests.helpers import run, set_players

WW_MET = ("Be the first player", "A gate in the opposite glyph area", "An enemy has six Spellbooks")
WW_BOOKS = ("Cannibalism", "Howl", "Berserkergang", "Arctic Wind", "Ice Age")
SIX = ("a", "b", "c", "d", "e", "f")


def last_turn(options: Options | None = None, books: tuple[str, ...] = WW_BOOKS) -> State:
    """30 Doom reached (the game ends when this turn does); Great Cthulhu holds six Spellbooks at
    30 Doom, the Windwalker five at 31, having met every requirement but the anytime one."""
    state = game6()
    if options is not None:
        state = evolve(state, options=options)
    state = already(state, WW, *WW_MET, "Awaken Rhan Tegoth", "Awaken Ithaqua")
    state = set_players(state, great_cthulhu={"spellbooks": SIX, "doom": 30}, windwalker={"doom": 31})
    state = turn(state, WW, power=1, books=books)
    return evolve(state, end_trigger="doom")


def test_anytime_at_the_end_the_windwalker_that_has_not_taken_it_gets_it_before_the_winner_is_decided() -> None:
    state = run(last_turn(), c.Pass(WW))
    assert state.phase is not Phase.GAME_OVER  # the end waits for the Spellbook choice
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == WW
    assert state.prompt.choices == ("Herald of the Outer Gods",)
    assert ANYTIME in met(state, WW)
    assert len(state.player(WW).elder_signs) == 1  # one enemy (Great Cthulhu) with six Spellbooks
    state = run(state, ChooseSpellbook(WW, "Herald of the Outer Gods"))
    assert state.phase is Phase.GAME_OVER
    assert len(state.player(WW).spellbooks) == 6
    assert state.player(WW).doom > 31  # its Elder Sign revealed with the others
    assert state.outcome is not None and state.outcome.winners == (WW,)


def test_anytime_at_the_end_not_again_when_the_windwalker_took_it_already() -> None:
    state = run(last_turn(), AnytimeSpellbook(WW))
    state = run(state, ChooseSpellbook(WW, "Herald of the Outer Gods"))
    signs = len(state.player(WW).elder_signs)
    state = run(state, c.Pass(WW))
    assert state.phase is Phase.GAME_OVER
    assert state.player(WW).doom > 31 and signs == 1  # the one sign it drew, revealed; no second
    assert state.outcome is not None and state.outcome.winners == (WW,)


def test_anytime_at_the_end_with_physical_elder_signs_its_sign_is_revealed_with_the_others() -> None:
    state = last_turn(options=Options(abilities=True, digital_elder_signs=False))
    state = run(state, c.Pass(WW), ChooseSpellbook(WW, "Herald of the Outer Gods"))
    assert state.prompt.kind is PromptKind.ELDER_SIGN_VALUE and state.prompt.actor == WW
    state = run(state, c.RevealElderSign(WW, 2))
    assert state.phase is Phase.GAME_OVER and state.player(WW).doom == 33
    assert state.outcome is not None and state.outcome.winners == (WW,)


def test_anytime_at_the_end_no_spellbook_is_asked_with_six_held_only_the_elder_signs() -> None:
    state = last_turn(books=(*WW_BOOKS, "Herald of the Outer Gods"))
    state = run(state, c.Pass(WW))
    assert state.phase is Phase.GAME_OVER and ANYTIME in met(state, WW)
    assert state.player(WW).doom > 31


def test_anytime_at_the_end_is_the_tables_with_the_abilities_off() -> None:
    state = run(last_turn(options=Options(abilities=False)), c.Pass(WW))
    assert state.phase is Phase.GAME_OVER
    assert ANYTIME not in met(state, WW) and state.player(WW).doom == 31
    assert state.outcome is not None and state.outcome.winners == (GC,)


def test_anytime_at_the_end_offers_the_neutral_spellbooks_too_with_that_option() -> None:
    state = run(last_turn(options=Options(abilities=True, neutral_spellbooks=True)), c.Pass(WW))
    assert state.prompt.kind is PromptKind.SPELLBOOK and state.prompt.actor == WW
    assert state.prompt.choices[0] == "Herald of the Outer Gods" and set(neutral_spellbooks.BOOKS) <= set(state.prompt.choices)
    state = run(state, ChooseSpellbook(WW, neutral_spellbooks.BOOKS[0]))
    assert state.phase is Phase.GAME_OVER and state.outcome is not None and state.outcome.winners == (WW,)
