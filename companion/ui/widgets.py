"""Sizes, fonts, buttons and text for every supported screen.

Everything scales from the screen's shorter side (480 px on the official 7-inch display);
touch targets never drop below 48 px.  Drawing functions only draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

MIN_TOUCH = 48  # px: the smallest button a fingertip hits reliably
LABEL_SIZES = (24, 20, 17)  # a button's label shrinks through these (at unit 1) before it is cut
BACKGROUND = (18, 16, 24)
PANEL = (34, 30, 44)
TEXT = (236, 232, 222)
DIM = (150, 146, 140)
ACCENT = (120, 200, 140)
WARN = (235, 120, 90)
BUTTON = (58, 52, 76)
BUTTON_EDGE = (110, 100, 140)


@dataclass(frozen=True)
class Metrics:
    """Sizes for one screen: ``unit`` is 1.0 on an 800x480 display."""

    width: int
    height: int

    @property
    def unit(self) -> float:
        return min(self.width, self.height) / 480

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))

    @property
    def touch(self) -> int:
        return max(MIN_TOUCH, self.px(52))

    @property
    def margin(self) -> int:
        return self.px(8)


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    face = pygame.font.Font(None, size)
    face.set_bold(bold)
    return face


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    colour: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
    centre: bool = False,
    width: int = 0,
) -> pygame.Rect:
    """Draw one line (cut with an ellipsis to ``width`` px when given); its rectangle."""
    face = font(size, bold)
    if width:
        while words and face.size(words)[0] > width:
            words = words[:-2] + "…" if len(words) > 2 else ""
    image = face.render(words, True, colour)
    rect = image.get_rect(center=pos) if centre else image.get_rect(topleft=pos)
    surface.blit(image, rect)
    return rect


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``words`` broken into lines no wider than ``width`` px at font ``size`` (bold is wider)."""
    face, lines, line = font(size, bold), [], ""
    for word in words.split():
        candidate = f"{line} {word}".strip()
        if line and face.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines


def paragraph(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    width: int,
    max_lines: int,
    colour: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
) -> int:
    """Draw wrapped text (the last line cut with an ellipsis); the y below it."""
    x, y = pos
    lines = wrap(words, size, width, bold)
    for n, line in enumerate(lines[:max_lines]):
        if n == max_lines - 1 and len(lines) > max_lines:
            line += " …"
        text(surface, line, (x, y), size, colour, bold=bold, width=width)
        y += round(size * 1.05)
    return y


@dataclass
class Button:
    """A tappable rectangle with a label; ``intent`` is what a tap asks for."""

    rect: pygame.Rect
    label: str
    intent: Any
    colour: tuple[int, int, int] = BUTTON
    enabled: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        colour = self.colour if self.enabled else PANEL
        pygame.draw.rect(surface, colour, self.rect, border_radius=metrics.px(8))
        pygame.draw.rect(surface, BUTTON_EDGE, self.rect, width=max(1, metrics.px(2)), border_radius=metrics.px(8))
        room = self.rect.width - metrics.px(10)
        size = next((metrics.px(s) for s in LABEL_SIZES if font(metrics.px(s)).size(self.label)[0] <= room), metrics.px(17))
        text(
            surface,
            self.label,
            self.rect.center,
            size,
            TEXT if self.enabled else DIM,
            centre=True,
            width=self.rect.width - metrics.px(10),
        )


def grid(area: pygame.Rect, count: int, columns: int, metrics: Metrics) -> list[pygame.Rect]:
    """``count`` button rectangles in rows of ``columns`` inside ``area``, each at least touch-sized."""
    gap = metrics.margin
    width = max(metrics.touch, (area.width - gap * (columns - 1)) // columns)
    height = metrics.touch
    rects = []
    for n in range(count):
        row, col = divmod(n, columns)
        rects.append(pygame.Rect(area.x + col * (width + gap), area.y + row * (height + gap), width, height))
    return rects
