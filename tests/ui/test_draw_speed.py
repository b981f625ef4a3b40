"""The decided frame drawn with less work, showing the same: the prompt's panel and the
navigation bar kept as pictures."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import widgets


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
