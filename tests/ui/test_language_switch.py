"""A language switch re-renders every visible text (issue 33, section 6): after German and back,
the table's "Last:" and the log read English again (they stayed German: the log's lines were
worded once, in the language of the moment)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion import demo, i18n
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.table_scene import last_action
from tests.helpers import table_of
from tests.ui.drawn import frame_drawn
from tests.ui.seated import switch


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))  # the settings file is the test's own
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))


def test_switching_back_to_english_words_the_log_in_english(home: None, app_on: Callable[..., App], monkeypatch: Any) -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "lang", demo.demo_setup(2, "earth-3p", 3).command())
    assert isinstance(session, GameSession)
    app = app_on(session)
    table, rnd = table_of(app), random.Random(2)
    for _ in range(30):
        table.submit(demo.choose(app.state, rnd))
        app.draw()
    english = list(app.log)
    try:
        switch(app)
        assert i18n.language() == "de"
        assert last_action(app.view()).startswith("Zuletzt") and app.log != english
        switch(app)
        assert i18n.language() == "en"
    finally:
        i18n.use("en")
    assert app.log == english[-len(app.log) :] and last_action(app.view()).startswith("Last: ")
    shown = [d.shown for d in frame_drawn(app, monkeypatch)]
    assert not any("Zuletzt" in line for line in shown)
