"""German is whole (issue 33, section 6): no catalogue entry left in English but the names the
rules print (units, Spellbooks, cards, games) and the words German shares; one word for Doom; the
table screen in German over a seeded game shows none of the English words it used to."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import companion
from companion import demo
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import table_of
from tests.ui.drawn import frame_drawn

PO = Path(companion.__file__).parent / "locale" / "de" / "LC_MESSAGES" / "companion.po"
# Reviewed: printed names (units, Spellbooks, cards, games, the rules' Kill and Pain) and words
# that are the same in German (Ritual, Start, Terror, Marker, Neutral, "in"), and bare templates.
SAME_IN_GERMAN = {
    "Acolyte", "Acolyte: {state}", "Ancient Sorcery", "Arkham", "Arkham Horror", "Astral Acolyte",
    "Astral Acolyte: {state}", "Blood Sacrifice", "Capture Monster", "Cthulhu Wars", "Cursed Slumber",
    "Death from Below", "Details", "Feast", "Feast (Ancient Sorcery)", "Green Pyramid", "High Priests",
    "High Priests: {state}", "Ice Age", "Journal: {journal}", "Kill: {unit}", "Loyalty Card", "Loyalty Cards",
    "Marker", "Marker: {marker}", "Mythos: {card} ({kind})", "Mythos: {card}.", "Neutral", "Pain: {unit}",
    "Postern: {state}", "Ritual", "Shriek of the Byakhee", "Sneak +", "Sneak -", "Start", "Start: {faction}",
    "Terror", "Terror {level}", "TV", "The Red Sign", "Unholy Ground", "WATCHER {token}", "Watcher", "Worm",
    "Worm {number}", "Worm {number} in {area}: {chance}", "Worship Services", "Y'ha Nthlei", "in Arkham",
    "{actor}: {rule}", "{monster}: {source} -> {to} ({how}).", "{name}: {source} -> {to}.",
    "{path}: OK ({map}, {areas}, {status})", "{player}: {ability}: {detail}.", "{player}: {asks}",
    "{player}: {units} {reason} in {area}.", "{unit} in {area}", "{unit}: {frm} -> {to}", "{what} ({count})",
}  # fmt: skip
ENGLISH = re.compile(r"\b(Power|Signs|Action|Instant Death|Environment|Last:|Books|Doom)\b")


def catalogue() -> list[Any]:
    with PO.open("rb") as source:
        return [m for m in read_po(source) if m.id and isinstance(m.id, str)]


def test_the_german_catalogue_has_no_untranslated_entry() -> None:
    untranslated = {m.id for m in catalogue() if m.string == m.id}
    assert untranslated - SAME_IN_GERMAN == set()
    for word in ("Power", "Signs", "Action", "Instant Death", "Environment"):
        assert word not in untranslated, word


def test_doom_has_one_german_word() -> None:
    strings = " ".join(str(m.string) for m in catalogue())
    assert "Verderben" not in strings and strings.count("Verdammnis") > 40


def test_the_table_in_german_shows_no_english_word(app_on: Callable[..., App], german: None, monkeypatch: Any) -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "de", demo.demo_setup(2, "earth-4p-35", 4).command())
    assert isinstance(session, GameSession)
    app = app_on(session)
    table, rnd = table_of(app), random.Random(2)
    found: set[str] = set()
    for step in range(160):
        if app.state.phase is Phase.GAME_OVER:
            break
        if step % 8 == 0:
            lines = [d.shown for d in frame_drawn(app, monkeypatch)]
            found |= {line for line in lines if ENGLISH.search(line)}
        table.submit(demo.choose(app.state, rnd))
        app.draw()
    assert found == set(), [d.shown for d in frame_drawn(app, monkeypatch) if ENGLISH.search(d.shown)]
