"""A whole Cthulhu Wars game played by taps on the screen alone: the new game chosen on the
Game screen, every set-up prompt, every action (entered by area, as bench/taps.py's scripted
players choose them), every roll ("Roll for me"), casualty, retreat, ritual and Doom Phase
question, to the end.  Any step that would need something other than a tap fails the test."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

import pytest

import companion.ui.app as app_module
from bench import taps
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from tests.helpers import new_game, table_of, tap

SEED = 7  # a game whose start area, Watcher and retreats are answered on the map


def start_by_taps(app: App) -> None:
    """Game -> the map -> a fourth faction (the Opener of the Way, who chooses its start area)
    -> Start, and Start again (a game is in play)."""
    tap(app, "Game")
    while "yuggoth-demo" not in [b.label for b in app.scenes["new"].buttons]:
        tap(app, next(b.label for b in app.scenes["new"].buttons if b.label.startswith("More maps")))
    tap(app, "yuggoth-demo")
    tap(app, next(b.label for b in app.scenes["new"].buttons if b.label.startswith("Factions (3)")))
    tap(app, "Opener of the Way")
    tap(app, "Done")
    tap(app, "Start")
    tap(app, "Start: tap again")


def test_a_whole_game_is_played_by_taps_alone(app_on: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "fresh_seed", lambda: SEED)  # the same game each run
    before = GameSession.start(SqliteJournal(":memory:"), "earlier", new_game())
    app = app_on(before)
    clock = time.perf_counter()
    start_by_taps(app)
    session = table_of(app).session
    assert session is not before and len(session.state.players) == 4
    tally = taps.run(app, taps.by_area, random.Random(SEED), actions=100_000, strict=True)
    state = table_of(app).session.state
    assert state.phase is Phase.GAME_OVER and state.outcome is not None
    actions = sum(len(values) for values in tally.taps.values())
    assert actions >= 30 and not any(tally.impossible.values()), tally
    assert time.perf_counter() - clock < 30
    game = table_of(app).session
    entered = {re.findall(r'"type":"(\w+)"', game.journal.entry(game.name, n).command)[0] for n in range(1, game.seq + 1)}
    assert {"choose_start", "watcher_move", "choose_retreat", "roll", "ritual"} <= entered  # areas tapped on the map


def test_a_step_that_needs_more_than_a_tap_fails_the_run(app_on: Callable[..., App]) -> None:
    """The strict run can fail: a driver that enters nothing is caught at the first action."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("yuggoth-demo", seed=SEED))
    app = app_on(session)
    with pytest.raises(taps.NotATap):
        taps.run(app, lambda app, target: None, random.Random(SEED), actions=100_000, strict=True)


def test_shub_niggurath_is_awakened_by_taps_with_black_goats_cultists_apart(app_on: Callable[..., App]) -> None:
    """The seeded game where Black Goat awakens Shub-Niggurath with its cultists in several
    areas: the screen's "Awaken" names the two cultists the engine eliminates (a bare Awaken
    was refused, SACRIFICE_REQUIRED, and the awakening could not be entered by taps)."""
    from companion import demo

    session = GameSession.start(SqliteJournal(":memory:"), "taps", demo.demo_setup(1, "yuggoth-demo", 4).command())
    app = app_on(session)
    tally = taps.run(app, taps.by_area, random.Random(1), actions=240, strict=True)
    assert tally.taps["awaken"] and not any(tally.impossible.values()), tally
    game = table_of(app).session
    awakened = [game.journal.entry(game.name, n).command for n in range(1, game.seq + 1)]
    assert any('"name":"Shub-Niggurath"' in line and '"sacrifice":[{' in line for line in awakened)
