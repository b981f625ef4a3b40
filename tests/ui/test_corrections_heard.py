"""What the Fix page hears of a Record: "Recorded" only once the entry its draft's input made is
journaled.  Another entry journaled first (a phone's, a queued tap's) is not its answer: when the
correction is then refused, the page shows the refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.engine import Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.session import GameSession
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap
from tests.ui.corrections_scene import choose, choose_area, drawn_words, scene

GHOUL = c.UnitRef("Europe", UnitKind.MONSTER, "Ghoul", 1)


def record_label(app: App) -> str:
    labels = [b.label for b in scene(app).buttons if b.label in ("Record", "Recording...", "Recorded")]
    assert len(labels) == 1, labels
    return labels[0]


def phone_first(monkeypatch: pytest.MonkeyPatch, app: App, command: Command) -> None:
    """The table journals ``command`` (a phone's, with its own input) just before the screen's
    next correction: the order a queue or another process can give."""
    table = table_of(app)
    decide = table.submit_once

    def after_the_phone(correction: Command, input_id: str) -> bool:
        assert decide(command, "phone:elsewhere")
        return bool(decide(correction, input_id))

    monkeypatch.setattr(table, "submit_once", after_the_phone)


def removal_drafted(app: App) -> None:
    """One Black Goat Ghoul in Europe (journaled), and the Fix page's draft that removes it."""
    assert table_of(app).submit_once(c.Place("black_goat", GHOUL, "missed"), "fix:placed")
    app.scene_name = "fix"
    tap(app, "Units")
    choose(app, "Owner: Great Cthulhu", "Black Goat")
    choose(app, "Unit: Acolyte", "Ghoul")
    choose_area(app, "Area: choose", "Europe")
    tap(app, "Placed")  # now: removed


def test_a_recorded_correction_says_recorded(app_for: Callable[..., App]) -> None:
    app = app_for("earth-3p")
    removal_drafted(app)
    tap(app, "Record")
    session = table_of(app).session
    assert session.journal.find_input(session.name, scene(app).draft.input_id) == session.seq
    assert record_label(app) == "Recorded"
    assert "Recorded: " in drawn_words(app)


def test_another_entry_first_then_a_refusal_shows_the_refusal(app_for, monkeypatch) -> None:
    app = app_for("earth-3p")
    removal_drafted(app)
    phone_first(monkeypatch, app, c.Eliminate("black_goat", GHOUL, "a phone took it off"))
    seq = table_of(app).session.seq
    tap(app, "Record")
    session = table_of(app).session
    assert session.seq == seq + 1  # the phone's entry only: the correction was refused
    assert session.journal.find_input(session.name, scene(app).draft.input_id) is None
    words = drawn_words(app)
    assert "Recorded" not in words and record_label(app) == "Record"
    refusal = scene(app).refusal(app.state, scene(app).command())
    assert refusal and refusal in words, (refusal, words)


def test_another_entry_first_then_the_correction_recorded_says_recorded(app_for, monkeypatch) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Power")
    tap(app, "+")
    phone_first(monkeypatch, app, c.Correct("black_goat", "power", 3))
    tap(app, "Record")
    assert record_label(app) == "Recorded"
    assert "Recorded: Great Cthulhu's Power: 9." in drawn_words(app)


class Peeked(SqliteJournal):
    """At each append (the entry decided, not yet durable) ``peek`` runs: the screen draws ahead."""

    peek: Callable[[], None] = staticmethod(lambda: None)

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        self.peek()
        super().append(game, entry, snapshot)


def test_the_frame_drawn_ahead_of_the_journal_says_recorded(app_on: Callable[..., App]) -> None:
    """The window draws a decided entry's frame while it is journaled and shows that very frame
    once it is: for a Record, that frame already says "Recorded"."""
    journal = Peeked(":memory:")
    session = GameSession.start(journal, "g", new_game("earth-3p", seed=2))
    app = app_on(session)
    tap(app, "Fix")
    tap(app, "Power")
    tap(app, "+")
    ahead: list[widgets.Drawn] = []

    def draw_ahead() -> None:
        app.take_arrivals()
        assert app.decision is not None
        widgets.RECORDER = ahead
        try:
            app.draw_decided()
        finally:
            widgets.RECORDER = None

    journal.peek = draw_ahead
    tap(app, "Record")
    assert "Recorded: Great Cthulhu's Power: 9." in " ".join(d.wanted for d in ahead)
    assert record_label(app) == "Recorded"
