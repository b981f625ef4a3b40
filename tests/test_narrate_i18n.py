"""The log in German: every event's sentence (companion.narrate) comes from the catalogue.

Real events from scripted games read in German; and every registered event type, built with
made-up values both ways (every field set, every field empty), has German words of its own.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from companion import i18n
from companion.engine import EVENTS, Event
from companion.narrate import _FORMATS, describe
from tests.engine.arkham.helpers import board, mythos
from tests.engine.cthulhu.shaggai_board import CC, eradicate_gnaws, shaggai
from tests.engine.cthulhu.yuggoth_board import NORTH, end_action_phase, pyramid_gate, roll, yuggoth
from tests.helpers import skip_rituals

HEAT_WAVE = "Heat Wave"
# Sentences with no words of their own to translate: only data, numbers and arrows.
NO_WORDS = {"monster_moved", "investigator_moved", "doom_added", "units_placed", "units_removed", "ability_used"}
NO_WORDS_WHEN_EMPTY = {"mythos_drawn"}  # "Mythos:  ()." : a card with no name, kind or parts


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use("de")
    yield
    i18n.use("en")


def told(events: tuple[Event, ...] | tuple[object, ...]) -> dict[str, str]:
    """Each event's sentence, by its class name (the first of each)."""
    lines: dict[str, str] = {}
    for event in events:
        assert isinstance(event, Event)
        text = describe(event)
        if text is not None:
            lines.setdefault(type(event).__name__, text)
    return lines


def watcher_awakening() -> tuple[object, ...]:
    state, _ = skip_rituals(end_action_phase(pyramid_gate(yuggoth(), NORTH))[0])
    return roll(state, 1)[1]


def test_the_yuggoth_watcher_awakening_reads_in_german(german: None) -> None:
    lines = told(watcher_awakening())
    assert lines["WatcherAwakened"] == "DER WATCHER ERWACHT (der Pyramidenwürfel) auf Watcher Postern, Marker auf 12."
    assert lines["PhaseStarted"] == "-- Runde 2: Action --"


def test_an_eradication_on_shaggai_reads_in_german(german: None) -> None:
    _, _, events = eradicate_gnaws(shaggai(), gate=CC, units=[(CC, "cultist", "Acolyte", 1)])
    lines = told(events)
    assert lines["WormsDegraded"] == "Worm-Verfallswürfel: 1 6 6; Worm 1 schlägt zu."
    assert lines["AreaEradicated"] == (
        "THE WORM THAT GNAWS IN THE NIGHT IST AUSGELÖSCHT (Worm 1). Tor: von Crawling Chaos, entfernt; "
        "ausgeschaltet: 1 von Crawling Chaos; Belohnungen: Crawling Chaos +1 Macht, +1 Älteres Zeichen."
    )
    assert lines["ElderSignDrawn"] == "Crawling Chaos zieht ein verdecktes Älteres Zeichen (eradication)."


def test_a_mythos_card_drawn_in_arkham_reads_in_german(german: None) -> None:
    lines = told(mythos(board(), HEAT_WAVE).events)
    assert lines["MythosDrawn"] == (
        "Mythos: Heat Wave (Environment); Tor Woods; Hinweis Independence Square; schwarz ziehen Kreis; "
        "weiß ziehen Raute, Quadrat."
    )
    assert lines["GateOpened"] == "Ein Tor nach City of the Great Race (Dreieck, Schließen +0) öffnet sich in Woods."
    assert lines["ClueAppeared"] == "Ein Hinweis erscheint in Independence Square (1 dort)."
    assert lines["CardInPlay"] == "Heat Wave ist jetzt das Environment (Wetter)."
    assert lines["FirstPlayerPassed"] == "Bob ist jetzt Startspieler."


def test_english_stays_the_source_and_is_unchanged() -> None:
    i18n.use("en")
    lines = told(mythos(board(), HEAT_WAVE).events)
    assert lines["MythosDrawn"] == (
        "Mythos: Heat Wave (environment); gate Woods; clue Independence Square; black moves circle; white moves diamond, square."
    )
    assert told(watcher_awakening())["WatcherAwakened"] == (
        "THE WATCHER AWAKENS (the pyramid die) on Watcher Postern, token at 12."
    )


def made_up(hint: Any, full: bool) -> Any:
    """A value of the type ``hint``: something (``full``) or nothing (empty, zero, false)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return made_up(options[0], full) if full or len(options) == len(typing.get_args(hint)) else None
    if origin in (tuple, list):
        args = typing.get_args(hint)
        return (made_up(args[0], full),) if full else ()
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return instance(hint, full)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if hint is bool:
        return full
    if hint is int:
        return 3 if full else 0
    if hint is str:
        return "Kadath" if full else ""
    raise AssertionError(f"no made-up value for {hint!r}")


def instance(cls: type, full: bool) -> Any:
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: made_up(hints[f.name], full) for f in dataclasses.fields(cls) if f.init})


@pytest.mark.parametrize("tag", EVENTS.names())
def test_every_registered_event_has_german_words(tag: str) -> None:
    assert tag in _FORMATS, f"{tag}: no words in companion.narrate"
    cls = EVENTS.by_tag[tag]
    for full in (True, False):
        event = instance(cls, full)
        i18n.use("en")
        english = describe(event)
        try:
            i18n.use("de")
            german = describe(event)
        finally:
            i18n.use("en")
        assert (english is None) == (german is None), tag
        if english is not None and tag not in NO_WORDS and not (tag in NO_WORDS_WHEN_EMPTY and not full):
            assert german != english, f"{tag} ({'full' if full else 'empty'}): still English: {german!r}"


def test_an_arkham_corrections_stored_words_read_in_german(german: None) -> None:
    from companion.engine.arkham.corrections import Corrected
    from companion.narrate import _CORRECTION_WORDS

    sealed = describe(Corrected("gate", "Woods", "open to R'lyeh", "sealed", ""))
    awake = describe(Corrected("awake", "Azathoth", "asleep", "awake", ""))
    moved = describe(Corrected("investigator", "Amanda Sharpe", "Woods, delayed", "not placed", ""))
    for line in (sealed, awake, moved):
        assert line is not None
        for word in ("open to", "sealed", "asleep", "awake", "delayed", "not placed"):
            assert word not in line, line
    assert sealed is not None and "R'lyeh" in sealed and "Woods" in sealed  # names pass through
    untranslated = sorted(w for w in _CORRECTION_WORDS if i18n.translations("de").gettext(w) == w)
    assert not untranslated, f"no German for {untranslated}"


def test_a_loyalty_card_moved_by_a_correction_says_so_in_german(german: None) -> None:
    """The reason a correction gives its Loyalty Card events is the referee's own word: in German
    too (a card's or an ability's name passes through as it is)."""
    from companion.engine.cthulhu.events import BY_HAND, IndependentSpellbookChanged
    from companion.engine.cthulhu.factions.independents import LoyaltyCardChanged

    taken = describe(LoyaltyCardChanged("Byatis", "black_goat", BY_HAND))
    returned = describe(LoyaltyCardChanged("Byatis", "", BY_HAND))
    book = describe(IndependentSpellbookChanged("Byakhee Spell", "Byatis", "black_goat", BY_HAND))
    for line in (taken, returned, book):
        assert line is not None and "(Korrektur)" in line and "correction" not in line, line
    awakened = describe(LoyaltyCardChanged("Byatis", "black_goat", "Byatis"))
    assert awakened is not None and "(Byatis)" in awakened
