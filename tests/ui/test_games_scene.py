"""The Games page, by taps through the App on a real journal: every stored game listed newest
first (kind, round, players, last played), opened, renamed on the on-screen keyboard, archived
and brought back, deleted only after asking twice (the journal keeps it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import demo
from companion.engine.arkham import model as am
from companion.session import ArkhamSession, GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.games_scene import GamesScene, Own
from tests.helpers import frame, table_of, tap
from tests.ui.text_fit import problems


@pytest.fixture
def shelf(tmp_path: Path) -> Iterator[SqliteJournal]:
    """A journal file holding an old Cthulhu Wars game (3 players) and a newer one (4 players)."""
    journal = SqliteJournal(tmp_path / "journal.sqlite3")
    GameSession.start(journal, "old", demo.demo_setup(1, "yuggoth-demo", 3).command())
    GameSession.start(journal, "new", demo.demo_setup(2, "yuggoth-demo", 4).command())
    journal.rename_game("old", "Tuesday")
    journal.rename_game("new", "Friday")
    yield journal
    journal.close()


def games_page(app: App) -> GamesScene:
    tap(app, "Game")
    tap(app, "Stored games")
    scene = app.scenes["games"]
    assert isinstance(scene, GamesScene) and app.scene_name == "games"
    return scene


def rows(app: App) -> list[str]:
    """The titles the page lists, in order (each row's first line)."""
    scene = app.scenes["games"]
    picks = [b.rect for b in scene.buttons if isinstance(b.intent, Own) and b.intent.what == "pick"]
    drawn = frame(app)
    return [next(d.wanted for d in drawn if d.box == rect and d.wanted) for rect in picks]  # (the row button's own label is "")


def pick(app: App, name: str) -> None:
    app.draw()
    button = next(b for b in app.scenes["games"].buttons if b.intent == Own("pick", name))
    app.tap(button.rect.center)
    app.draw()


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def test_every_stored_game_is_listed_newest_first_with_kind_round_players_and_when(
    app_on: Callable[..., App], shelf: SqliteJournal
) -> None:
    session = GameSession.resume(shelf, "new")
    app = app_on(session)
    games_page(app)
    words = [d.wanted for d in frame(app)]
    assert rows(app) == ["Friday (on the table)", "Tuesday"]
    whole = " ".join(words)  # (a row's details may take two lines)
    assert "Cthulhu Wars · Round 1 · Great Cthulhu, Crawling Chaos, Black Goat, Yellow Sign · today " in whole
    assert "Cthulhu Wars · Round 1 · Great Cthulhu, Crawling Chaos, Black Goat · today " in whole


def test_starting_arkham_keeps_the_cthulhu_game_on_the_page_and_open_brings_it_back(
    app_on: Callable[..., App], shelf: SqliteJournal
) -> None:
    seats = (am.Seated("Ada", "Woods", 1), am.Seated("Bo", "Woods", 1))
    arkham = ArkhamSession.start(shelf, "arkham", am.NewArkhamGame("Cthulhu", seats, seed=5))
    app = app_on(arkham)
    games_page(app)
    assert rows(app)[1:] == ["Friday", "Tuesday"] and rows(app)[0].endswith(" (on the table)")
    assert any(d.wanted.startswith("Arkham Horror · Mythos Phase 0 · Ada, Bo · today ") for d in frame(app))
    pick(app, "old")
    tap(app, "Open")
    assert table_of(app).session.name == "old" and app.scene_name == "table"
    assert not app.arkham


def test_a_game_is_renamed_on_the_on_screen_keyboard(app_on: Callable[..., App], shelf: SqliteJournal) -> None:
    app = app_on(GameSession.resume(shelf, "new"))
    games_page(app)
    pick(app, "old")
    tap(app, "Rename")
    for key in ("Shift", "C", "l", "u", "b", "Space", "n", "i", "g", "h", "t", "Delete", "t", "Done"):
        tap(app, key)
    assert [g.title for g in shelf.games() if g.name == "old"] == ["Club night"]
    assert rows(app) == ["Friday (on the table)", "Club night"]


def test_an_archived_game_hides_until_show_archived_and_comes_back(app_on: Callable[..., App], shelf: SqliteJournal) -> None:
    app = app_on(GameSession.resume(shelf, "new"))
    games_page(app)
    pick(app, "old")
    tap(app, "Archive")
    assert rows(app) == ["Friday (on the table)"]
    assert [g.archived for g in shelf.games() if g.name == "old"] == [True]
    tap(app, "Show archived: off")
    assert rows(app) == ["Friday (on the table)", "Tuesday (archived)"]
    pick(app, "old")
    tap(app, "Unarchive")
    tap(app, "Show archived: on")
    assert rows(app) == ["Friday (on the table)", "Tuesday"]


def test_delete_asks_twice_then_marks_the_game_deleted_and_the_journal_keeps_it(
    app_on: Callable[..., App], shelf: SqliteJournal, tmp_path: Path
) -> None:
    app = app_on(GameSession.resume(shelf, "new"))
    games_page(app)
    pick(app, "new")
    delete = next(b for b in app.scenes["games"].buttons if b.label == "Delete")
    assert not delete.enabled  # the game on the table is not deleted
    pick(app, "old")
    entries = [e.seq for e in shelf.entries("old")]
    tap(app, "Delete")
    assert "Delete Tuesday? Its journal keeps it." in [d.wanted for d in frame(app)]
    tap(app, "Sure? (1 of 2)")
    assert "old" in [g.name for g in shelf.games()]  # asked twice, not yet deleted
    tap(app, "Sure? (2 of 2)")
    assert [g.name for g in shelf.games()] == ["new"]
    assert rows(app) == ["Friday (on the table)"]
    assert [e.seq for e in shelf.entries("old")] == entries  # nothing erased
    assert (tmp_path / "journal.sqlite3").exists()


def test_picking_another_game_forgets_the_half_asked_delete(app_on: Callable[..., App], shelf: SqliteJournal) -> None:
    app = app_on(GameSession.resume(shelf, "new"))
    games_page(app)
    pick(app, "old")
    tap(app, "Delete")
    pick(app, "new")
    pick(app, "old")
    assert "Delete" in labels(app) and "old" in [g.name for g in shelf.games()]


def test_a_long_list_turns_its_pages(app_on: Callable[..., App], tmp_path: Path) -> None:
    journal = SqliteJournal(tmp_path / "many.sqlite3")
    for n in range(9):
        GameSession.start(journal, f"g{n}", demo.demo_setup(n, "yuggoth-demo", 3).command())
        journal.rename_game(f"g{n}", f"Game {n}")
    app = app_on(GameSession.resume(journal, "g8"))
    scene = games_page(app)
    per_page = scene.rows()
    seen: list[str] = []
    pages = -(-9 // per_page)
    for page in range(pages):
        seen += [title.removesuffix(" (on the table)") for title in rows(app)]
        tap(app, f"Page {page + 1}/{pages}")
    assert seen == [f"Game {n}" for n in range(8, -1, -1)]
    assert rows(app)[0] == "Game 8 (on the table)"  # back at the first page
    journal.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_games_page_fits_at_every_size(
    app_on: Callable[..., App], shelf: SqliteJournal, size: tuple[int, int], language: str
) -> None:
    from companion import i18n

    i18n.use(language)
    try:
        shelf.rename_game("old", "Bartholomew Q. Featherstonehaugh's very long Tuesday evening game")
        app = app_on(GameSession.resume(shelf, "new"), size)
        games_page(app)
        pick(app, "old")
        tap(app, i18n._("Delete"))
        assert problems(frame(app), size) == []
        tap(app, i18n._("Rename"))
        assert problems(frame(app), size) == []
    finally:
        i18n.use("en")
