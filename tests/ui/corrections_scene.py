"""Driving the corrections page (Fix) and checking what it draws, shared by its tests and run in German too."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

from companion.engine import Command, parse_command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options
from companion.engine.values import evolve
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.corrections_scene import KINDS, CorrectionsScene
from companion.ui.widgets import MIN_TOUCH
from tests.helpers import frame, new_game, table_of, tap
from tests.ui.text_fit import problems

MAPS = (("earth-3p", Options(astral_acolyte=True)), ("yuggoth-demo", None), ("shaggai-demo", None), ("primeval-demo", None))


def app_with(app_on: Callable[..., App], map_name: str, options: Options | None, size: tuple[int, int]) -> App:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(map_name, seed=2, options=options))
    return app_on(session, size)


def fix_page(app_on: Callable[..., App], options: Options, size: tuple[int, int] = (800, 480)) -> App:
    """A new earth-3p game with ``options``, its corrections page opened from the table."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=options))
    assert isinstance(session, GameSession)
    app = app_on(session, size)
    tap(app, "Fix")
    return app


def fix_menu_with(app_on: Callable[..., App], size: tuple[int, int], seats: tuple[c.Seat, ...], options: Options) -> App:
    """A new earth-3p game of ``seats`` with ``options`` at ``size``, its corrections menu shown
    and checked whole (the fit tests then open every editor over it)."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(load_map("earth-3p"), seats, 1, options))
    app = app_on(session, size)
    app.scene_name = "fix"
    check_screen(app, "menu")
    return app


def scene(app: App) -> CorrectionsScene:
    found = app.scenes["fix"]
    assert isinstance(found, CorrectionsScene)
    return found


def check_screen(app: App, where: str) -> None:
    """Every line of text whole (no ellipsis, no line left out for want of room), on the
    screen, inside its button, clear of every other line; fingertip buttons on the screen,
    clear of each other."""
    found = problems(frame(app), app.window.get_size())
    assert found == [], (where, found[:5])
    fix = scene(app)
    width, height = app.window.get_size()
    buttons = fix.buttons
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, (where, one.label)
        assert one.rect.right <= width and one.rect.bottom <= height, (where, one.label)
        assert not any(one.rect.colliderect(other.rect) for other in buttons[i + 1 :]), (where, one.label)


def check_every_editor_and_chooser_renders_without_cut_text(app_on, map_name, options, size) -> None:
    """The check of test_every_editor_and_chooser_renders_without_cut_text (run in German too)."""
    app = app_with(app_on, map_name, options, size)
    app.scene_name = "fix"
    check_screen(app, "menu")
    fix = scene(app)
    state = table_of(app).session.state
    for name, kind in KINDS.items():
        if not kind.available(state):
            continue
        opened = fix.open(name).draft
        for draft in (opened, dataclasses.replace(opened, area=len(state.areas) - 1, choice="abandoned", flag=not opened.flag)):
            fix.draft = draft
            check_screen(app, name)
            for row in kind.rows(state, draft):
                if row.kind == "choose":
                    fix.draft = dataclasses.replace(draft, chooser=row.field)
                    check_screen(app, f"{name}/{row.field}")
                    fix.draft = dataclasses.replace(draft, chooser=row.field, page=1)
                    check_screen(app, f"{name}/{row.field} page 2")


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def choose(app: App, opener: str, name: str) -> None:
    tap(app, opener)
    while name not in labels(app):
        tap(app, "Next")
    tap(app, name)


def choose_area(app: App, opener: str, name: str) -> None:
    """Open the area chooser and pick ``name``: on the map when it fits, else from the list."""
    tap(app, opener)
    view = scene(app).board_view(app.state)
    if view is None:
        choose_listed(app, name)
        return
    index = app.state.board.area_index(name)
    assert index is not None
    app.tap(view.centres[index])
    app.draw()


def choose_listed(app: App, name: str) -> None:
    while name not in labels(app):
        tap(app, "Next")
    tap(app, name)


def last_command(app: App) -> Command:
    entry = table_of(app).session.journal.last(table_of(app).session.name)
    assert entry is not None
    command: Command = parse_command(json.loads(entry.command))
    return command


def drawn_words(app: App) -> str:
    """Every line the next frame draws, joined by spaces (so a wrapped preview reads whole)."""
    return " ".join(d.wanted for d in frame(app))


def step(app: App, start: str, sign: str) -> None:
    """Tap ``sign`` ("+" or "-") on the stepper row whose label starts with ``start``."""
    fix = scene(app)
    app.draw()
    rect = next(rect for row, rect in fix.rows_drawn(app.state) if row.label.startswith(start))
    button = next(b for b in fix.buttons if b.label == sign and b.rect.y == rect.y and rect.contains(b.rect))
    assert button.enabled, (start, sign)
    app.tap(button.rect.center)
    app.draw()


def check_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text(app_on, size) -> None:
    """The check of test_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text (run in German too)."""
    board = evolve(load_map("earth-6p"), players=(8,))  # a transcribed board for 8 players
    seats = tuple(c.Seat(f) for f in list(Faction)[:8])
    app = app_on(GameSession.start(SqliteJournal(":memory:"), "big", c.NewGame(board, seats, 1)), size)
    app.scene_name = "fix"
    fix = scene(app)
    app.draw()
    for name in ("captured", "revealed", "first", "units", "books"):
        fix.draft = fix.open(name).draft
        check_screen(app, name)
