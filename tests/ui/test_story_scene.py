"""The story closes a finished game on the touchscreen: a seeded game played to its end through
the App's table shows it by itself; Doom and Power by round, the Spellbooks and the big moments
are each readable (every label of the story 27 and up) and nothing is cut or overlaps, at every
supported size; a finished game's story also opens from the Games page."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion import demo
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.games_scene import Own
from companion.ui.story_scene import LABEL, StoryScene, entries
from companion.ui.widgets import Drawn
from tests.helpers import frame, table_of, tap
from tests.ui.text_fit import problems


def finished(app_on: Callable[..., App], size: tuple[int, int], journal: SqliteJournal | None = None) -> App:
    """A seeded 4-player Yuggoth game played by the demo's players to its end, through the table."""
    setup = demo.demo_setup(2, "yuggoth-demo", 4)
    session = GameSession.start(journal or SqliteJournal(":memory:"), "g", setup.command())
    app = app_on(session, size)
    table, rnd = table_of(app), random.Random(2)
    for _ in range(3000):
        if table.session.state.phase is Phase.GAME_OVER:
            break
        table.submit(demo.choose(table.session.state, rnd))
        app.tick()
    assert table.session.state.phase is Phase.GAME_OVER
    app.draw()
    return app


def story_text(app: App) -> list[Drawn]:
    """The lines the story draws itself (not its buttons' labels or the navigation bar's)."""
    return [d for d in frame(app) if d.box is None]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_finished_game_shows_its_story_whole_and_readable(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    app = finished(app_on, size)
    assert app.scene_name == "story"  # by itself, as the game ended
    scene = app.scenes["story"]
    assert isinstance(scene, StoryScene)
    state = table_of(app).session.state
    smallest = app.metrics.px(LABEL)
    story = app.options["story"]
    for page in ("Doom", "Power", "Spellbooks", "Big moments"):
        tap(app, page)
        seen: list[str] = []
        for _ in range(20):  # a list's screenfuls, until "More" comes back to the first
            drawn = story_text(app)
            assert problems(frame(app), size) == [], page
            assert all(d.size >= smallest for d in drawn), [(d.wanted, d.size) for d in drawn if d.size < smallest]
            seen += [d.wanted for d in drawn]
            if "More" not in [b.label for b in scene.buttons]:
                break
            tap(app, "More")
            if scene.first == 0:
                break
        if page == "Doom":
            assert [f"{p.label} {p.doom}" for p in state.players] == [w for w in seen if w.split(" ")[-1].isdigit() and " " in w]
        if page == "Power":
            assert all(f"{p.label} {p.power}" in seen for p in state.players)
        if page in ("Spellbooks", "Big moments"):
            whole = " ".join(seen)
            for line in entries(story, "books" if page == "Spellbooks" else "moments"):
                assert " ".join(line.split()) in " ".join(whole.split()), line


def test_a_finished_games_story_opens_from_the_games_page(app_on: Callable[..., App], tmp_path) -> None:
    journal = SqliteJournal(tmp_path / "journal.sqlite3")
    app = finished(app_on, (800, 480), journal)
    tap(app, "Game")
    tap(app, "Stored games")
    pick = next(b for b in app.scenes["games"].buttons if b.intent == Own("pick", "g"))
    app.tap(pick.rect.center)
    app.options.pop("story", None)
    tap(app, "Story")
    assert app.scene_name == "story" and app.options["story"]["name"] == "g"
    assert any(d.wanted.startswith("Great Cthulhu ") for d in story_text(app))
    journal.close()
