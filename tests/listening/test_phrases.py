"""What can be said: every legal command of seeded states in words, in the game's names (no
faction id, no snake_case), never an Elder Sign's value; every shipped map's areas and every
faction's names and units sayable by the decoder's dictionary or ours."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from bench.listen_bench import states
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, RULES
from companion.engine.cthulhu.game import legal_commands
from companion.engine.cthulhu.model import Faction, GameState
from companion.listening.grammar import jsgf, unsayable
from companion.listening.phrases import UNSAID, command_text, phrasebook
from companion.listening.words import number_words, spoken
from companion.maps import MapError, list_maps, load_map

IDS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case id ("great_cthulhu", "build_gate")


@cache
def lookup() -> Any:
    from companion.listening.recognizer import Recognizer

    return Recognizer()._lookup


@cache
def seeded() -> list[GameState]:
    played = list(states(limit=300))
    return played[:: max(1, len(played) // 8)]


def test_every_legal_command_of_seeded_states_is_worded_in_the_games_names() -> None:
    for state in seeded():
        book = phrasebook(state)
        names = {p.pid: p.faction.label for p in state.players}
        areas = frozenset(a.name for a in state.board.areas)
        for command in legal_commands(state):
            text = command_text(command, names, areas)
            if type(command).__name__.lower() in {t.replace("_", "") for t in UNSAID}:
                assert text == ""
                continue
            assert text, command
            assert spoken(text) in book
            assert not IDS.search(text), text
            assert not any(pid in text.split() for pid in names), text
        assert {"undo", "redo", "next"} <= set(book)


def test_a_hidden_elder_sign_is_never_said() -> None:
    assert "reveal_elder_sign" in UNSAID
    for state in seeded():
        for phrase in phrasebook(state).values():
            assert not isinstance(phrase.command, c.RevealElderSign)
            assert "elder sign" not in phrase.text.lower() or "reveal" not in phrase.text.lower()


def test_corrections_say_the_faction_the_counter_and_the_value() -> None:
    book = phrasebook(seeded()[0])
    phrase = book["great cthulhu's doom is twelve"]
    assert phrase.text == "Great Cthulhu's Doom is twelve"
    assert isinstance(phrase.command, c.Correct) and phrase.command.value == 12
    assert number_words(42) == "forty two"
    with pytest.raises(ValueError, match="0 to 99"):
        number_words(100)


def test_every_shipped_maps_areas_are_sayable() -> None:
    checked = 0
    for info in list_maps():
        try:
            board = load_map(info.name)
        except MapError:  # a partial map (public facts only) cannot be played, so is never said
            continue
        assert unsayable([spoken(area.name) for area in board.areas], lookup()) == set(), info.name
        checked += 1
    assert checked >= 7


def test_every_factions_name_and_units_are_sayable() -> None:
    words = [spoken(f.label) + "'s doom is one" for f in Faction if f is not Faction.OTHER]
    words += [spoken(unit.name) for rules in RULES.values() for unit in rules.units]
    words += [spoken(name) for name in NEUTRAL_UNITS]
    assert unsayable(words, lookup()) == set()


def test_the_grammar_holds_every_phrase_once() -> None:
    book = phrasebook(seeded()[-1])
    grammar = jsgf([*book, *book])
    assert grammar.count(" | ") == len(book) - 1
    assert grammar.startswith("#JSGF V1.0;")
