"""Names, not ids (issue 33, section 3): no faction id or other snake_case token in the screen's
words for the engine's prompts, the buttons' labels, the log or the voice, in English and
German, over seeded games of every faction (engine-driven: every decision's prompt and legal
commands worded as the table screen words them)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion import demo, i18n
from companion.engine import Accepted, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase, PromptKind
from companion.maps import load_map
from companion.narrate import describe, names_of
from companion.ui.entry import listed
from companion.ui.labels import label, prompt_words
from companion.voice.lines import lines_for

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
F = Faction
GAMES = (
    ((F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN), "earth-4p-35"),
    ((F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS), "earth-4p-53"),
    ((F.TCHO_TCHO, F.BUBASTIS, F.DAEMON_SULTAN), "earth-3p"),
)


def words_of_game(factions: tuple[Faction, ...], map_name: str, seed: int, limit: int = 400) -> list[str]:
    options = Options(abilities=True, tribes=True, published_start_order=True)
    state = apply(None, c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), seed, options)).state  # type: ignore[union-attr]
    rnd, out = random.Random(seed), []
    for _ in range(limit):
        if state.phase is Phase.GAME_OVER:
            break
        out.append(prompt_words(state.prompt.text))
        if state.prompt.kind is not PromptKind.ROLL:
            out += [label(cmd) for cmd in listed(state) if not isinstance(cmd, c.Move)][:60]
        result = apply(state, demo.choose(state, rnd))
        assert isinstance(result, Accepted)
        names = names_of(result.state)
        out += [line for line in (describe(e, names) for e in result.events) if line]
        out += [line.text for line in lines_for(result.events, result.state, names)]
        state = result.state
    return out


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_id_in_the_words_of_any_faction(language: str, monkeypatch: Any) -> None:
    i18n.use(language)
    try:
        found = {m for factions, map_name in GAMES for line in words_of_game(factions, map_name, 4) for m in SNAKE.findall(line)}
    finally:
        i18n.use("en")
    assert found == set()
