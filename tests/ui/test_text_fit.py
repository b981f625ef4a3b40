"""Nothing cut, nothing overlapping: every Cthulhu Wars screen, prompt and chooser is drawn at the
four supported sizes with the longest real names, and every line of text drawn (recorded by
``widgets.text``) must lie on the screen, inside its button or panel, whole (no ellipsis), and
clear of every other line.  The big numerals must be 28 px tall at 800x480."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import widgets
from companion.ui.app import SIZES
from tests.ui.text_fit import (
    MAPS,
    check_every_prompt_of_a_whole_game_fits,
    check_no_text_is_cut_or_overlaps,
    game,
    problems,
    table_of,
)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("map_name", MAPS)
def test_no_text_is_cut_or_overlaps(app_on, map_name, size, monkeypatch) -> None:
    check_no_text_is_cut_or_overlaps(app_on, map_name, size, monkeypatch)


def test_the_counters_are_numerals_28_px_tall_at_800x480(app_on, monkeypatch) -> None:
    app = game(app_on, "earth-4p-35", (800, 480))
    drawn: list[widgets.Drawn] = []
    monkeypatch.setattr(widgets, "RECORDER", drawn)
    app.scene_name = "table"
    app.draw()
    numerals = [d for d in drawn if d.wanted.isdigit() and d.size >= 40]
    assert len(numerals) == 4 * len(table_of(app).session.state.players)
    for one in numerals:
        ink = widgets.font(one.size, True).render(one.wanted, True, (255, 255, 255)).get_bounding_rect()
        assert ink.height >= 28, one


def test_a_recorder_sees_a_cut_line() -> None:
    """The check can fail: a line too long for its width is recorded as cut."""
    pygame.font.init()
    widgets.font.cache_clear()  # fonts belong to one pygame session
    surface = pygame.Surface((200, 50))
    drawn: list[widgets.Drawn] = []
    widgets.RECORDER = drawn
    try:
        widgets.text(surface, "Slopes of the Pyramid North and more", (0, 0), 20, width=80)
    finally:
        widgets.RECORDER = None
    assert drawn[0].clipped and problems(drawn, (200, 50))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("map_name", ["yuggoth-demo", "shaggai-demo", "primeval-demo"])
def test_every_prompt_of_a_whole_game_fits(app_on, map_name, size, monkeypatch) -> None:
    """A seeded game to its end: the table and the map at the first of each kind of prompt in
    each round (the Watcher's, the Worms', the glaciers', the ritual, combat dice, Elder Signs...),
    so the crowded late game is drawn too."""
    check_every_prompt_of_a_whole_game_fits(app_on, map_name, size, monkeypatch)


def test_lines_break_at_spaces_never_at_a_no_break_space() -> None:
    """One wrap for every screen: a no-break space (U+00A0, U+2007, U+202F) holds its words
    together ("Sneak 4", "52 %"); any other white space may break; a word too wide for the line
    stays whole on a line of its own (the fit check then fails rather than cutting it)."""
    pygame.font.init()
    widgets.font.cache_clear()
    widgets._wrapped.cache_clear()
    face = widgets.font(20)
    width = face.size("Sneak\u00a04,")[0] + 2
    assert widgets.wrap("Library, Sneak\u00a04, Clues\u00a00", 20, width) == ["Library,", "Sneak\u00a04,", "Clues\u00a00"]
    assert widgets.wrap("Worm 2:\u202f52\u2007%", 20, face.size("Worm 2:")[0] + 2) == ["Worm", "2:\u202f52\u2007%"]
    assert widgets.wrap("one\ttwo\nthree", 20, face.size("three")[0] + 2) == ["one", "two", "three"]
    assert widgets.wrap("\u00a0lead", 20, 500) == ["\u00a0lead"]  # a leading no-break space is kept
    assert widgets.wrap("Featherstonehaugh", 20, 10) == ["Featherstonehaugh"]
