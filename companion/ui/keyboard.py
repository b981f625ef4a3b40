"""An on-screen keyboard for a touchscreen with no keyboard attached (the Pi at the table).

:func:`keys` lays out letter, digit and editing keys inside an area, each at least a fingertip
wide; a key's intent is :class:`Key` with the text it types (``"\\b"`` for backspace, ``""`` for
Done).  The scene that shows it decides what typing changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.i18n import _
from companion.ui.widgets import ACCENT, MIN_TOUCH, PANEL, Button, Metrics

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.,")
BACKSPACE = "\b"
DONE = ""
SHIFT = "shift"


@dataclass(frozen=True)
class Key:
    """A key was tapped: ``text`` to type, ``"\\b"`` to rub out one character, ``""`` for Done,
    ``"shift"`` to switch between lower and upper case."""

    text: str


def typed_into(text: str, typed: str, limit: int) -> str:
    """``text`` after a key: Backspace rubs out the last character, anything else is appended
    (up to ``limit`` characters)."""
    return text[:-1] if typed == BACKSPACE else (text + typed)[:limit]


def keys(area: pygame.Rect, metrics: Metrics, shifted: bool = False) -> list[Button]:
    """The keyboard's buttons filling ``area`` from its bottom up: four rows of ten, then Shift,
    Space, Backspace and Done."""
    gap = metrics.margin
    height = max(metrics.touch, min(metrics.px(60), (area.height - 4 * gap) // 5))
    width = (area.width - 9 * gap) // 10
    top = area.bottom - 5 * height - 4 * gap
    buttons = []
    for row, letters in enumerate(ROWS):
        y = top + row * (height + gap)
        for col, letter in enumerate(letters):
            typed = letter.upper() if shifted else letter
            rect = pygame.Rect(area.x + col * (width + gap), y, width, height)
            buttons.append(Button(rect, typed, Key(typed)))
    y = top + 4 * (height + gap)
    last = [
        (_("Shift"), Key(SHIFT), 2, PANEL),
        (_("Space"), Key(" "), 4, PANEL),
        (_("Delete"), Key(BACKSPACE), 2, PANEL),
        (_("Done"), Key(DONE), 2, ACCENT),
    ]
    x = area.x
    for label, intent, span, colour in last:
        rect = pygame.Rect(x, y, span * width + (span - 1) * gap, height)
        buttons.append(Button(rect, label, intent, colour))
        x = rect.right + gap
    return buttons


CLEAR = "clear"
SEARCH_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def search_key_height(metrics: Metrics) -> int:
    """A fingertip's key, a little under a button's height: room for more matches above."""
    return max(MIN_TOUCH, metrics.px(48))


def search_keys_height(metrics: Metrics) -> int:
    """How tall :func:`search_keys` is: three rows and the gaps between them."""
    return 3 * search_key_height(metrics) + 2 * metrics.margin


def search_keys(area: pygame.Rect, metrics: Metrics) -> list[Button]:
    """A letters-only keyboard for searching a list by name, filling ``area`` from its bottom up:
    three rows of letters, Delete filling the end of the third (the scene offers Clear)."""
    gap = metrics.margin
    height = search_key_height(metrics)
    width = (area.width - 9 * gap) // 10
    top = area.bottom - search_keys_height(metrics)
    buttons = []
    shift = (width + gap) // 2  # the lower rows sit half a key in, as on a typewriter
    for row, letters in enumerate(SEARCH_ROWS):
        y = top + row * (height + gap)
        for col, letter in enumerate(letters):
            rect = pygame.Rect(area.x + (shift if row else 0) + col * (width + gap), y, width, height)
            buttons.append(Button(rect, letter.upper(), Key(letter)))
    left = buttons[-1].rect.right + gap
    delete = pygame.Rect(left, top + 2 * (height + gap), area.right - left, height)
    return [*buttons, Button(delete, _("Delete"), Key(BACKSPACE), PANEL)]
