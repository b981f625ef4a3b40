"""The languages: every marked sentence has its German, with the same placeholders; the voice
speaks the chosen language; the system's locale picks it; the catalogue works from a clone."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion import i18n
from companion.engine.cthulhu.events import DoomGained, GameEnded
from companion.voice.lines import lines_for

ROOT = Path(__file__).parents[1]
PO = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "companion.po"


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use("de")
    yield
    i18n.use("en")


def marked() -> set[str | tuple[str, ...]]:
    """Every message marked in the code, as Babel extracts it (make i18n does the same)."""
    found = extract_from_dir(str(ROOT), method_map=[("companion/**.py", "python")], keywords=i18n.KEYWORDS)
    return {message for _, _, message, _, _ in found}


def test_make_extracts_with_the_same_keywords() -> None:
    """``make i18n`` passes Babel the keywords this test extracts with (i18n.KEYWORDS)."""
    makefile = (ROOT / "Makefile").read_text()
    line = next(line for line in makefile.splitlines() if line.startswith("BABEL_KEYWORDS :="))
    given = set(line.split(":=", 1)[1].split()) - {"-k"}
    wanted = {name + (":" + ",".join(map(str, spec)) if spec else "") for name, spec in i18n.KEYWORDS.items()}
    assert given == wanted


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_marked_sentence_has_a_german_translation_with_the_same_placeholders() -> None:
    with PO.open("rb") as source:
        catalog = read_po(source)
    problems = []
    for message in marked():
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key)
        translations = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or not all(isinstance(t, str) and t for t in translations):
            problems.append(f"not translated: {key!r}")
            continue
        originals = message if isinstance(message, tuple) else (message,)
        if any(fields(str(t)) != fields(originals[0]) and fields(str(t)) != fields(originals[-1]) for t in translations):
            problems.append(f"placeholders differ: {key!r}")
    assert problems == [], "run `make i18n` and translate: " + "; ".join(problems)


def test_the_voice_speaks_german_when_german_is_chosen(german: None) -> None:
    (doom,) = lines_for([DoomGained("black_goat", 2, "gates", 12)], None, {"black_goat": "Black Goat"})
    (end,) = lines_for([GameEnded("doom", ("black_goat", "great_cthulhu"), ())], None)
    assert doom.text == "Black Goat erreicht 12 Verdammnis."
    assert end.text == "Das Spiel ist aus. Black Goat und Great Cthulhu gewinnen."


def test_english_is_the_source_language() -> None:
    (doom,) = lines_for([DoomGained("black_goat", 2, "gates", 12)], None)
    assert doom.text == "Black Goat reaches 12 Doom."


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL decides, and has no catalogue
        ({"LC_MESSAGES": "de_AT@euro"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_locale_picks_a_shipped_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.system_language(environ) == expected


def test_a_language_not_shipped_is_refused_and_the_current_one_kept() -> None:
    with pytest.raises(i18n.UnknownLanguage, match="choose one of en, de"):
        i18n.use("fr")
    assert i18n.language() == "en"


def test_without_a_compiled_catalogue_the_po_is_compiled_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "de" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(PO.read_bytes())  # a clone that was never built: no .mo beside it
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.translations("de").gettext("{player}'s turn.") == "{player} ist am Zug."


def test_the_catalogue_has_no_obsolete_or_fuzzy_entries() -> None:
    text = PO.read_text(encoding="utf-8")
    assert not re.search(r"^#~", text, re.M) and "#, fuzzy" not in text.split("\n\n", 1)[1]


# -- the engine's own sentences (companion/engine/says.py, i18n.sentence) -----------------------


def test_a_refusal_reads_in_german_with_the_question_inside_it_too(german: None) -> None:
    from companion.engine import Rejected, apply
    from companion.engine.cthulhu import commands as c
    from tests.helpers import new_game, ok

    state = ok(apply(None, new_game()))
    refused = apply(state, c.ChooseStart("black_goat", "Asia"))  # the direction is asked now
    assert isinstance(refused, Rejected) and refused.says is not None
    assert refused.message == "The referee is not waiting for that now. Great Cthulhu: choose the direction of play."
    assert i18n.sentence(refused.says) == "Darauf wartet der Schiedsrichter gerade nicht. Great Cthulhu: wähle die Spielrichtung."
    assert i18n.sentence(state.prompt.text) == "Great Cthulhu: wähle die Spielrichtung."  # a str: by its template


def test_requirements_summaries_and_reasons_read_in_german_and_names_stay(german: None) -> None:
    from companion.engine.cthulhu.abilities import open_requirements
    from tests.helpers import started

    assert [i18n.sentence(r) for r in open_requirements(started(), "great_cthulhu")][:2] == [
        "Erste Verdammnisphase",
        "1 Feindeinheit töten/fressen",
    ]
    assert i18n.sentence("The ritual marker is on space 3 of 10") == "Der Ritualmarker steht auf Feld 3 von 10"  # capitalised
    assert i18n.sentence("great_cthulhu: Absorb: which unit does the Shoggoth eat (+3 dice), or skip?") == (
        "great_cthulhu: Absorb: welche Einheit frisst der Shoggoth (+3 Würfel), oder auslassen?"  # who: the rule's question
    )
    assert i18n.sentence("Great Cthulhu") == "Great Cthulhu"  # a name is data
    assert i18n.sentence("Something the catalogue never heard of.") == "Something the catalogue never heard of."


def test_english_shows_the_engine_sentence_as_it_was_written() -> None:
    from companion.engine.says import Says

    says = Says.of("{area} has no abandoned gate.", area="Asia")
    assert i18n.sentence(says) == "Asia has no abandoned gate." == str(says)
    assert i18n.sentence("Great Cthulhu: choose the direction of play.") == "Great Cthulhu: choose the direction of play."


def test_a_refusal_and_the_reason_inside_it_read_in_german(german: None) -> None:
    """A faction's "why not" phrase (a problem function's say()) is itself a template, so the
    refusal that quotes it reads wholly in German, the number kept."""
    from companion.engine.says import Says, say

    problem = say("it costs {web_cost} Power", web_cost=2)
    refusal = Says("Nightmare Web cannot bring Nyogtha to {area}: {problem}.", (("area", "Yuggoth"), ("problem", problem)))
    assert i18n.sentence(refusal) == "Nightmare Web kann Nyogtha nicht nach Yuggoth bringen: es kostet 2 Macht."


def test_a_card_marker_refusal_is_a_whole_sentence_in_german(german: None) -> None:
    """Placing a marker that is there already, or taking one that is not, is refused with a whole
    sentence (no English fragment put into the German one)."""
    from companion.engine.arkham import model as m
    from companion.engine.arkham.game import apply
    from companion.engine.core import Rejected
    from tests.engine.arkham.helpers import HEAT_WAVE, board, mythos

    state = mythos(board(), HEAT_WAVE, gate="Yuggoth", monsters=("Cultist",)).state
    taken = apply(state, m.PlaceCardMarker(m.MarkerKind.CLOSED, "Unvisited Isle", HEAT_WAVE, placed=False))
    assert isinstance(taken, Rejected) and taken.says is not None
    assert i18n.sentence(taken.says).startswith("Unvisited Isle hat keinen Marker ")
