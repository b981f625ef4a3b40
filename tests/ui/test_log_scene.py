"""The scrolling log: the whole game's lines from the journal, round headings, undone entries
struck through, a filter by player, scrolled by the mouse wheel and by a finger's drag; tested
through the App, on synthetic entries and on a seeded game."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pygame

from companion import demo
from companion.client import LogLine
from companion.engine.cthulhu import commands as c
from companion.logbook import logbook, players_in
from companion.session import GameSession
from companion.store import Entry, EntryKind
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.log_scene import LogScene, rows_of
from companion.ui.widgets import DIM
from tests.helpers import frame, table_of, tap

NAMES = {"great_cthulhu": "Great Cthulhu", "black_goat": "Black Goat"}


def command(seq: int, parent: int, events: list[dict[str, object]]) -> tuple[Entry, list[object]]:
    entry = Entry(seq, EntryKind.COMMAND, parent, seq, seq, (), '{"type":"pass"}', json.dumps(events), float(seq))
    return entry, list(events)


def phase(round_: int) -> dict[str, object]:
    return {"type": "phase_started", "round": round_, "phase": "action"}


def passed(pid: str) -> dict[str, object]:
    return {"type": "passed", "player": pid}


def test_the_logbook_has_rounds_players_and_the_undone_entries_of_synthetic_events() -> None:
    undo = Entry(3, EntryKind.UNDO, 2, 1, 1, (2,), '{"type":"undo"}', "[]", 3.0)
    lines = logbook(
        [
            command(1, 0, [phase(1), passed("great_cthulhu")]),
            command(2, 1, [passed("black_goat")]),
            (undo, []),
            command(
                4,
                1,
                [phase(2), {"type": "battle_declared", "attacker": "black_goat", "defender": "great_cthulhu", "area": "Arabia"}],
            ),
        ],
        NAMES,
    )
    assert [(line.seq, line.round, line.undone) for line in lines] == [
        (1, 1, False),
        (1, 1, False),
        (2, 1, True),
        (4, 2, False),
        (4, 2, False),
    ]
    assert lines[2].words == "Black Goat passes." and lines[2].players == ("black_goat",)
    assert lines[4].players == ("great_cthulhu", "black_goat")  # in seat order, both sides of the battle
    rows = rows_of(lines, "")
    assert [look for _words, look, _struck in rows].count("heading") == 2
    assert rows[0] == ("Round 1", "heading", False)
    assert rows_of(lines, "black_goat") == [
        ("Round 1", "heading", False),
        ("Black Goat passes.", "line", True),
        ("Round 2", "heading", False),
        (lines[4].words, "line", False),
    ]


def test_a_redo_puts_an_entry_back_on_the_path() -> None:
    undo = Entry(3, EntryKind.UNDO, 2, 1, 1, (2,), '{"type":"undo"}', "[]", 3.0)
    redo = Entry(4, EntryKind.REDO, 1, 2, 2, (), '{"type":"redo"}', "[]", 4.0)
    lines = logbook(
        [command(1, 0, [passed("great_cthulhu")]), command(2, 1, [passed("black_goat")]), (undo, []), (redo, [])], NAMES
    )
    assert [line.undone for line in lines] == [False, False]
    assert players_in({"winners": ["black_goat"], "area": "great_cthulhu's"}, NAMES) == ("black_goat",)


def played_app(app_on: Callable[..., App], moves: int) -> App:
    """A seeded 3-player Yuggoth game, ``moves`` demo decisions in, through the App's table."""
    setup = demo.demo_setup(3, "yuggoth-demo", 3)
    session = GameSession.start(SqliteJournal(":memory:"), "g", setup.command())
    app = app_on(session)
    table, rnd = table_of(app), random.Random(3)
    for _ in range(moves):
        table.submit(demo.choose(table.session.state, rnd))
    app.draw()
    return app


def shown_words(app: App) -> list[str]:
    scene = app.scenes["log"]
    assert isinstance(scene, LogScene)
    area = scene.lines_rect(app.view())
    return [d.wanted for d in frame(app) if area.collidepoint(d.rect.topleft)]


def test_the_log_page_reads_the_whole_game_and_scrolls_by_wheel_and_drag(app_on: Callable[..., App]) -> None:
    app = played_app(app_on, 150)
    tap(app, "Log")
    scene = app.scenes["log"]
    assert isinstance(scene, LogScene)
    book: list[LogLine] = app.options["logbook"]
    assert book[0].seq == 1 and len(book) > 3 * scene.fits  # the whole game, not the newest screenful
    newest = shown_words(app)
    assert newest[-1] == scene.drawn[-1].words  # the newest line at the bottom
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0, touch=False))
    app.draw()
    assert scene.back == 6 and shown_words(app)[-1] == scene.drawn[-7].words
    assert any(d.wanted == "6 newer lines below" for d in frame(app))
    height = scene.line_height()
    start = (app.metrics.width // 2, scene.lines_rect(app.view()).centery)
    width, tall = app.window.get_size()
    app.handle(pygame.event.Event(pygame.FINGERDOWN, x=start[0] / width, y=start[1] / tall, touch_id=1, finger_id=1))
    app.handle(
        pygame.event.Event(pygame.FINGERMOTION, x=start[0] / width, y=(start[1] + 4 * height + 3) / tall, touch_id=1, finger_id=1)
    )
    app.handle(
        pygame.event.Event(pygame.FINGERUP, x=start[0] / width, y=(start[1] + 4 * height + 3) / tall, touch_id=1, finger_id=1)
    )
    app.draw()
    assert scene.back == 10  # dragged down four lines: older ones
    for _ in range(100):  # to the first line, and no further
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False, precise_x=0.0, precise_y=5.0, touch=False))
    app.draw()
    first = shown_words(app)
    assert first[0].startswith("A game on yuggoth-demo begins")  # the game's first line at the top
    assert "Round 1" in [row.words for row in scene.drawn[: scene.fits + 8]]  # its round's heading soon below
    assert scene.back == len(scene.drawn) - scene.fits


def test_undone_entries_are_struck_through_and_the_filter_keeps_one_players_lines(app_on: Callable[..., App]) -> None:
    app = played_app(app_on, 60)
    table = table_of(app)
    tap(app, "Log")
    before = len(app.options["logbook"])
    table.submit(c.Undo())
    app.draw()
    book: list[LogLine] = app.options["logbook"]
    undone = [line for line in book if line.undone]
    assert undone and {line.seq for line in undone} == {book[-1].seq - 1}  # the entry the undo took back
    assert len(book) == before + 1 and book[-1].kind == "undone" and not book[-1].undone  # the undo's own line
    scene = app.scenes["log"]
    assert isinstance(scene, LogScene)
    assert [row.words for row in scene.drawn if row.struck] == [line.words for line in undone]
    struck = [d for d in frame(app) if d.wanted in {line.words for line in undone}]
    assert struck and all(app.window.get_at((d.rect.right - 1, d.rect.centery))[:3] == DIM for d in struck)  # the line through
    tap(app, "Crawling Chaos")
    kept = shown_words(app)
    assert kept and all(words.startswith("Round ") or "Crawling Chaos" in words for words in kept)
    tap(app, "All")
    assert any("Great Cthulhu" in words for words in shown_words(app))
