"""Reading the table's buttons and the last command a tap posted, for the tests that tap through a turn."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap


def last_command(app: App) -> dict[str, Any]:
    entry = table_of(app).session.journal.last("g")
    assert entry is not None
    data: dict[str, Any] = json.loads(entry.command)
    return data


def labels(app: App) -> set[str]:
    app.draw()
    return {b.label for b in app.scenes[app.scene_name].buttons}


def destinations(app: App) -> set[str]:
    """Every "-> area" the move panel offers, over all its pages (Flight reaches many areas);
    each button drawn has room (none of zero or negative size)."""
    seen: set[str] = set()
    pages: set[str] = set()
    for _ in range(20):
        found = labels(app)
        for button in app.scenes[app.scene_name].buttons:
            assert button.rect.width > 0 and button.rect.height > 0, (button.label, button.rect)
        seen |= {words for words in found if words.startswith("-> ")}
        more = [words for words in found if words.startswith("More (")]
        if not more or more[0] in pages:  # one page, or back at a page already seen
            return seen
        pages.add(more[0])
        tap(app, more[0])
    raise AssertionError("the pages never came to an end")


GC = "great_cthulhu"


NEUTRAL_BOOKS = Options(abilities=True, neutral_spellbooks=True)


def great_cthulhus_turn(app_on: Callable[..., App], options: Options = NEUTRAL_BOOKS) -> tuple[App, Any]:
    """A 3-player Earth game with ``options`` (the neutral Spellbooks unless told), Great Cthulhu
    (six Acolytes in the South Pacific) to act: the app and its table."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=options))
    assert isinstance(session, GameSession)
    app = app_on(session)
    table = table_of(app)
    table.submit(c.ChooseDirection(GC, "clockwise"))
    return app, table
