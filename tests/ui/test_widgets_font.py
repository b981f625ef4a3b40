"""The screen's font, opened by its file's path (not pygame's lookup, which costs the start-up),
draws exactly as pygame's default font at every size the screen uses."""

from __future__ import annotations

import pygame

from companion.ui.widgets import font


def test_the_font_by_path_is_pygames_default_font_at_every_size() -> None:
    pygame.font.init()
    font.cache_clear()
    words = "Great Cthulhu: Doom 17, Power 4 — Slopes of the Pyramid"
    for size in range(8, 97):
        for bold in (False, True):
            mine, default = font(size, bold), pygame.font.Font(None, size)
            default.set_bold(bold)
            assert mine.size(words) == default.size(words), size
            assert mine.get_linesize() == default.get_linesize() and mine.get_ascent() == default.get_ascent(), size
    font.cache_clear()
