"""Real plural forms in the log (issue 33, section 5): no "(s)" left to the reader in any sentence
the log builds (narrate's catalogue entries, English and German), and every count agrees with its
noun ("1 Acolyte", "2 Acolytes", "1 combat die", "1 cultist") over seeded games of all ten
factions, in English and German; an engine sentence inside an event (a reason, an ability's
detail) is the engine's own words."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from companion import demo, i18n, narrate
from companion.engine import Accepted, apply, to_data
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase
from companion.engine.cthulhu.pools import UNITS
from companion.engine.cthulhu.unit_words import unit_words
from companion.maps import load_map
from companion.narrate import describe, names_of

ROOT = Path(__file__).parents[1]
PO = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "companion.po"
LEFT_TO_THE_READER = re.compile(r"\w\((?:s|e|en|n)\)")  # "Kill(s)", "Kultist(en)", "Tor(e)"
F = Faction
GAMES = (
    ((F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN), "earth-4p-35"),
    ((F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS), "earth-4p-53"),
    ((F.TCHO_TCHO, F.BUBASTIS, F.DAEMON_SULTAN), "earth-3p"),
)
# (singular, plural) of the counted words the log writes.
NOUNS = (
    ("Kill", "Kills"),
    ("Pain", "Pains"),
    ("cultist", "cultists"),
    ("controlled gate", "controlled gates"),
    ("abandoned gate", "abandoned gates"),
    ("combat die", "combat dice"),
    ("Elder Sign", "Elder Signs"),
)


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def narrate_messages() -> list[str | tuple[str, ...]]:
    """The messages narrate.py marks (what the log builds its sentences from)."""
    found = extract_from_file("python", str(Path(narrate.__file__)), keywords=i18n.KEYWORDS)
    return [message for _, message, _, _ in found]


def test_no_sentence_of_the_log_leaves_a_plural_to_the_reader() -> None:
    messages = narrate_messages()
    assert len(messages) > 100
    ids = {m if isinstance(m, str) else m[0] for m in messages}
    assert [m for m in messages for one in ((m,) if isinstance(m, str) else m) if LEFT_TO_THE_READER.search(one)] == []
    with PO.open("rb") as source:
        german = [m for m in read_po(source) if m.id and (m.id if isinstance(m.id, str) else m.id[0]) in ids]
    strings = [s for m in german for s in ((m.string,) if isinstance(m.string, str) else (m.string or ()))]
    assert [s for s in strings if LEFT_TO_THE_READER.search(s)] == []


def log_of_games(seed: int, limit: int = 400) -> Iterator[tuple[str, dict[str, object]]]:
    """Each line the log writes over seeded games of every faction, with its event's data."""
    for factions, map_name in GAMES:
        options = Options(abilities=True, tribes=True, published_start_order=True)
        first = c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), seed, options)
        state = apply(None, first).state  # type: ignore[union-attr]
        rnd = random.Random(seed)
        for _ in range(limit):
            if state.phase is Phase.GAME_OVER:
                break
            result = apply(state, demo.choose(state, rnd))
            assert isinstance(result, Accepted)
            names = names_of(result.state)
            for event in result.events:
                line = describe(event, names)
                if line:
                    yield line, to_data(event)
            state = result.state


def test_counts_agree_with_their_nouns_over_seeded_games(language: str) -> None:
    regular = sorted({u.name for units in UNITS.values() for u in units if unit_words(2, u.name).endswith("s")}, key=len)
    lines, wrong = 0, []
    for line, data in (one for seed in (3, 4) for one in log_of_games(seed)):
        lines += 1
        prose = " ".join(str(data.get(field, "")) for field in ("reason", "cause", "detail", "summary", "how", "what"))
        if LEFT_TO_THE_READER.search(prose):
            continue  # the engine's own sentence inside the line (its templates: the engine's to change)
        if LEFT_TO_THE_READER.search(line):
            wrong.append(line)
        if language == "en":
            for singular, plural in (*NOUNS, *((name, unit_words(2, name)[2:]) for name in regular)):
                for count, noun in re.findall(rf"\b(\d+) ({re.escape(plural)}|{re.escape(singular)})\b", line):
                    if (int(count) == 1) != (noun == singular):
                        wrong.append(line)
    assert lines > 1500
    assert wrong == []
