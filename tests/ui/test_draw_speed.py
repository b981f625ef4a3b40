"""The decided frame drawn with less work, showing the same: the status region's text size is
found with a guess and two tries, not every size in turn."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from companion import demo
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import table_scene, widgets
from companion.ui.table_scene import TableScene
from tests.ui.played import played


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_the_status_size_found_is_the_first_that_fits_in_turn(
    app_on: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through a game with battles, the size the guess and its tries settle on (and the places
    of the lines) is the one the sizes tried from the largest down find first."""
    searched = TableScene.largest_fit
    below = []

    def checked(self: TableScene, lines: Any, rects: Any, sizes: tuple[int, ...], indent: int, watcher_line: int) -> Any:
        found = searched(self, lines, rects, sizes, indent, watcher_line)
        plan: list[Any] = []
        for each in sizes:
            plan = self.flow(lines, rects, each, indent, watcher_line)
            if len(plan) == len(lines):
                break
        assert found == (each, plan), [words for words, _ in lines]
        below.append(sizes.index(each))
        return found

    monkeypatch.setattr(TableScene, "largest_fit", checked)
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, size)
    for state in played(5, 300):
        app.state, app.dirty = state, True
        app.draw()
    assert len(below) >= 100  # a game's worth of status regions (118 with seed 5 after the six-Spellbook battles)
    if size[0] > size[1]:
        assert max(below) >= 1, below  # the largest size did not fit, and the search stepped down (the lists for
        # the last action are two long, so its guess is not at work here: the random lines below try it on six)


def test_the_search_finds_what_the_sizes_in_turn_find_for_any_lines(app_on: Any) -> None:
    """Lines of the table's own words, a few to many, in the status region's boxes: every
    size from the largest to none fitting at all."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(5, "yuggoth-demo", 4).command())
    app = app_on(session, (800, 480))
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    m = app.metrics
    sizes = tuple(m.px(s) for s in (*table_scene.ODDS_SIZES, *table_scene.ODDS_SMALLER))  # the odds' whole search
    vocabulary = widgets.BREAK.split(
        "Last: Great Cthulhu recruits an Acolyte in Glass Wastes; Worm 2 in Slopes of the Pyramid North: "
        "eradicated at the next Doom Phase: 52% (3 areas eradicated so far) Watcher asleep, token 12; "
        "wakes at the next Doom Phase: 17% Battle in the Abyss: Crawling Chaos 4 dice against Black Goat 2, "
        "kills 1.3 pains 0.8 Astral Acolyte: waiting, controlled by nobody Tower: linked"
    )
    rnd = random.Random(3)
    found = set()
    for _ in range(300):
        lines = [(" ".join(rnd.choices(vocabulary, k=rnd.randint(1, 14))), (0, 0, 0)) for _ in range(rnd.randint(1, 12))]
        if rnd.random() < 0.3:
            lines.insert(rnd.randint(0, len(lines)), ("Eradicated at the next Doom Phase:", (0, 0, 0)))
        top = rnd.randint(150, 300)
        rects = [
            pygame.Rect(8, top, 384, 380 - top),
            pygame.Rect(8, 380, 270, 60),
            pygame.Rect(408, rnd.randint(200, 400), 384, 30),
        ]
        indent = rnd.choice((0, m.px(40)))
        got = scene.largest_fit(lines, rects, sizes, indent, 1)
        plan: list[Any] = []
        for each in sizes:
            plan = scene.flow(lines, rects, each, indent, 1)
            if len(plan) == len(lines):
                break
        assert got == (each, plan), lines
        found.add(sizes.index(each) if len(plan) == len(lines) else -1)
    assert found >= {-1, 0, 1, 3, len(sizes) - 1}, found  # none fits, the largest, and the sizes between


def test_a_guessed_count_of_lines_is_close_to_the_wrap() -> None:
    """The guess (words' widths at one size, scaled) is near the wrap's own count: it only
    chooses where the tries start, but a poor guess would cost tries."""
    pygame.font.init()
    widgets.font.cache_clear()  # (fonts belong to one pygame session)
    widgets.forget_pictures()
    words = "Worm 2 in Glass Wastes: eradicated at the next Doom Phase: 52% (3 areas eradicated so far)"
    for size in (12, 13, 14, 15, 16, 18):
        for width in (120, 200, 300):
            exact = len(widgets.wrap(words, size, width))
            assert abs(widgets.guessed_lines(words, size, width, 20) - exact) <= 1, (size, width)
    assert widgets.guessed_lines("", 14, 100, 20) == 0 == len(widgets.wrap("", 14, 100))
    for sizes in (table_scene.LAST_SIZES, table_scene.LAST_SMALLER, table_scene.ODDS_SIZES):
        assert list(sizes) == sorted(sizes, reverse=True)  # largest first: the search's guess starts there


@pytest.mark.parametrize("rect", [pygame.Rect(408, 150, 384, 270), pygame.Rect(3, 7, 61, 40), pygame.Rect(0, 0, 720, 900)])
def test_a_kept_panel_is_the_panel_drawn_there(rect: pygame.Rect) -> None:
    """The prompt's panel blitted from its kept picture is, pixel for pixel, the rounded rectangle
    drawn over the plain background in its place; another colour is another picture."""
    drawn, kept = pygame.Surface((800, 1000)), pygame.Surface((800, 1000))
    for surface in (drawn, kept):
        surface.fill(widgets.BACKGROUND)
    pygame.draw.rect(drawn, widgets.PANEL, rect, border_radius=8)
    widgets.panel(kept, rect, widgets.PANEL, 8)
    widgets.panel(kept, rect, widgets.PANEL, 8)  # the second from the kept picture
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(drawn, "RGB")
    widgets.panel(kept, rect, widgets.WARN, 8)
    assert kept.get_at(rect.center) == pygame.Color(*widgets.WARN)


def test_the_kept_navigation_bar_follows_the_screen_the_size_and_the_language(german: None) -> None:
    """The navigation bar's buttons are made once for each screen, size and wording: asked again,
    the same buttons in a new list; another screen lit, another size or language, new ones."""
    from companion import i18n
    from companion.ui.scene import nav_buttons
    from companion.ui.widgets import ACCENT, Metrics

    small, large = Metrics(800, 480), Metrics(1280, 720)
    first, again = nav_buttons(small, "table"), nav_buttons(small, "table")
    assert first == again and first is not again
    assert [b.label for b in first][:3] == ["Tisch", "Korrektur", "Karte"]
    lit = [b.intent.scene for b in nav_buttons(small, "map") if b.colour == ACCENT]
    assert lit == ["map"]
    assert nav_buttons(large, "table")[0].rect != first[0].rect
    i18n.use("en")
    assert nav_buttons(small, "table")[0].label == "Table" != first[0].label


def test_the_tap_bench_draws_a_games_decided_frames_again_alone() -> None:
    from bench import tap_bench

    least = tap_bench.redrawn(frames=12, passes=2)
    assert len(least) == 12 and all(0 < value < 1e6 for value in least)
