"""Tcho-Tcho's loose ends, driven through commands: Surprise! and Bubastis' Lunacy, Hierophants
on itself, and a journal from before the tribe question replaying exactly (Options.tribes)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from companion.engine import Code, Rejected, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.abilities import books_left
from companion.engine.cthulhu.factions.powers import ChooseSpellbook, UseAbility
from companion.engine.cthulhu.factions.tcho_tcho import RULES, Surprise
from companion.engine.cthulhu.model import MOON, Faction, Options, PromptKind
from companion.session import GameSession, replay
from companion.store import Entry, JournalError
from companion.store.sqlite import SqliteJournal
from tests.engine.cthulhu.factions.common import BB, GC, TT, count
from tests.engine.cthulhu.factions.kit import turn
from tests.engine.cthulhu.factions.tcho_tcho_kit import owing, tt_game
from tests.helpers import clear_board, new_game, rejected, run, set_board, started

A, M = "cultist", "monster"


# -- Surprise! and Lunacy ----------------------------------------------------------------------------


def surprise_game(**areas: dict[str, Any]) -> State:
    """Tcho-Tcho (Leng, Surprise! held, 5 Power) beside Bubastis and Great Cthulhu; the board
    cleared, an Earth Cat left on the Moon (no Bubastis requirement interrupts), then ``areas``."""
    seats = (Faction.TCHO_TCHO, Faction.BUBASTIS, Faction.GREAT_CTHULHU)
    state = run(started("earth-3p", seats, options=Options(abilities=True, tribes=True)), UseAbility(TT, "Leng"))
    moon = {"gate": BB, "units": [(BB, M, "Earth Cat", 1)]}
    return turn(set_board(clear_board(state), **{"Moon": moon, **areas}), TT, power=5, books=("Surprise!",))


def test_surprise_by_lunacy_bubastis_eliminates_an_earth_cat_for_a_proto_shoggoth() -> None:
    state = surprise_game(Asia={"units": [(BB, M, "Earth Cat", 2)]}, Europe={"units": [(BB, M, "Earth Cat", 1)]})
    assert Surprise(TT, BB) in list(legal_commands(state))
    state = run(state, Surprise(TT, BB))
    assert state.prompt.kind is PromptKind.ABILITY and state.prompt.actor == BB
    assert set(state.prompt.choices) == {"Asia", "Europe"}  # its choice; not the Moon, no map area
    assert rejected(state, UseAbility(BB, MOON)).code is Code.NOT_A_CHOICE
    state = run(state, UseAbility(BB, "Europe"))
    assert count(state, "Europe", BB, "Earth Cat") == 0 and count(state, "Europe", TT, "Proto-Shoggoth") == 1
    assert count(state, "Asia", BB, "Earth Cat") == 2 and count(state, MOON, BB, "Earth Cat") == 1
    assert state.player(TT).power == 3


def test_surprise_takes_no_earth_cat_on_the_moon_nor_another_monster() -> None:
    state = surprise_game(Asia={"units": [(BB, M, "Cat from Mars", 1)]})
    assert Surprise(TT, BB) not in list(legal_commands(state))
    assert rejected(state, Surprise(TT, BB)).code is Code.NOT_NOW
    # An enemy with an Acolyte is still taken as before.
    state = run(set_board(state, Asia={"units": [(GC, A, "Acolyte", 1)]}), Surprise(TT, GC))
    assert count(state, "Asia", GC, "Acolyte") == 0 and count(state, "Asia", TT, "Proto-Shoggoth") == 1


# -- Hierophants ------------------------------------------------------------------------------------------


def test_hierophants_taken_places_a_high_priest_for_itself_too() -> None:
    state = turn(tt_game(Asia={"gate": TT, "units": [(TT, A, "Acolyte", 1)]}), TT)
    state = run(owing(state, "Earn an Elder Sign"), c.Recruit(TT, "Asia"))
    assert state.prompt.kind is PromptKind.SPELLBOOK
    assert count(run(state, ChooseSpellbook(TT, "Terror")), "Asia", TT, "High Priest") == 0  # no Hierophants: none
    state = run(state, ChooseSpellbook(TT, "Hierophants"))
    assert count(state, "Asia", TT, "High Priest") == 1  # "including this one"


# -- a journal from before the tribe question ---------------------------------------------------------------

SEATS = (Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS)


def recorded_journal() -> list[Entry]:
    """A Tcho-Tcho game with the abilities on, journaled, with its ``new_game`` line as a journal
    written before the tribe question stores it: options without ``tribes`` (nor
    ``bubastis_variant``), the fields that came later."""
    journal = SqliteJournal(":memory:")
    game = GameSession.start(journal, "old", new_game("earth-3p", SEATS, 1, Options(abilities=True)))
    assert isinstance(game, GameSession)
    for _ in range(12):  # set-up, then a round of first choices (start areas, direction, actions)
        choice = next(iter(legal_commands(game.state)))
        assert not isinstance(game.submit(choice), Rejected)
    entries = list(journal.entries("old"))
    first = json.loads(entries[0].command)
    del first["options"]["tribes"], first["options"]["bubastis_variant"]
    return [replace(entries[0], command=json.dumps(first, sort_keys=True, separators=(",", ":"))), *entries[1:]]


def test_a_journal_from_before_the_tribe_question_replays_exactly() -> None:
    entries = recorded_journal()
    assert "tribes" not in entries[0].command
    state, differences = replay(entries)
    assert differences == [] and state.tribe == "" and not state.options.tribes
    assert all(a.ability != "Tribe" for a in state.abilities.asks) and state.prompt.purpose != "Tribe"
    # Its Spellbook choices are those of the twelve it does not hold, as then.
    held = state.player(TT).spellbooks
    assert books_left(state, TT) == tuple(b for b in RULES.spellbooks if b not in held) and len(held) < 6


def test_the_same_journal_started_as_a_new_game_would_ask_the_tribe_and_not_replay() -> None:
    entries = recorded_journal()
    first = json.loads(entries[0].command)
    first["options"]["tribes"] = True  # what a new game says: its next command must be the answer
    changed = [replace(entries[0], command=json.dumps(first, sort_keys=True, separators=(",", ":"))), *entries[1:]]
    with pytest.raises(JournalError):
        replay(changed)
