"""Names, not ids, on the frames themselves (issue 33, section 3): over seeded games of all ten
factions (abilities on), in English and German, every line the screen draws
(:data:`companion.ui.widgets.RECORDER`) on the table, the map, the Fix page with a refusal shown,
the map editor (an area's quick editor; the map builder) and the log holds no faction id and no
other snake_case token."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from companion import demo, i18n
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, Phase
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.scene import Go
from tests.helpers import frame, tap
from tests.ui.corrections_scene import choose, choose_area, scene

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
IDS = re.compile(r"\b(?:" + "|".join(sorted((f.value for f in Faction), key=len, reverse=True)) + r")\b")
F = Faction
GAMES = (
    ((F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN), "earth-4p-35"),
    ((F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS), "earth-4p-53"),
    ((F.TCHO_TCHO, F.BUBASTIS, F.DAEMON_SULTAN), "earth-3p"),
)
CHECKPOINTS = (40, 90, 400)  # commands played before each look at the screens (the last: the game over)


def played_to(session: GameSession, moves: int, rnd: random.Random) -> None:
    """The seeded demo's players play ``session`` on to ``moves`` commands (or its end)."""
    while session.seq < moves and session.state.phase is not Phase.GAME_OVER:
        result = session.submit(demo.choose(session.state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)


def screens(app: App) -> dict[str, list[str]]:
    """Every line drawn on each screen looked at, by screen."""
    seen: dict[str, list[str]] = {}
    for name in ("table", "map", "log"):
        app.do(Go(name))
        seen[name] = [d.wanted for d in frame(app)]
    app.do(Go("area", 0))
    seen["area editor"] = [d.wanted for d in frame(app)]
    seen["fix"] = refusal_shown(app)
    app.do(Go("builder"))
    seen["map builder"] = [d.wanted for d in frame(app)]
    return seen


def refusal_shown(app: App) -> list[str]:
    """The Fix page's Units editor removing a unit the area does not hold: the engine's refusal
    is shown beside the correction."""
    app.do(Go("fix"))
    tap(app, _("Units"))
    fix, state = scene(app), app.state
    owner = next(b.label for b in fix.buttons if b.intent is not None and b.label.startswith(_("Owner: {player}")[:4]))
    other = state.players[-1]
    tap(app, _("Placed"))  # now: Removed
    choose(app, owner, other.label)
    empty = next(i for i, area in enumerate(state.areas) if not area.count(owner=other.pid))
    choose_area(app, _("Area: {area}").format(area=_("choose")), state.area_name(empty))
    assert fix.refusal(state, fix.command()), "a refusal is shown"
    return [d.wanted for d in frame(app)]


def _(words: str) -> str:
    return i18n._(words)


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_faction_id_or_snake_case_on_any_frame(app_on: Callable[..., App], language: str, monkeypatch: Any) -> None:
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: language)  # the App follows the system's
    i18n.use(language)
    found: dict[str, set[str]] = {}
    looked: list[str] = []
    try:
        for factions, map_name in GAMES:
            options = Options(abilities=True, tribes=True, published_start_order=True)
            first = c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), 4, options)
            session = GameSession.start(SqliteJournal(":memory:"), "g", first)
            assert isinstance(session, GameSession)
            rnd = random.Random(4)
            for moves in CHECKPOINTS:
                played_to(session, moves, rnd)
                app = app_on(session)
                for where, lines in screens(app).items():
                    looked += lines
                    for line in lines:
                        for token in IDS.findall(line) + SNAKE.findall(line):
                            found.setdefault(f"{where}: {token}", set()).add(line)
    finally:
        i18n.use("en")
    assert found == {}, found
    assert (language == "de") == any("Verdammnis" in line for line in looked)  # the language asked for
