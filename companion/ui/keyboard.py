"""An on-screen keyboard for a touchscreen with no keyboard attached (the Pi at the table).

:func:`keys` lays out letter, digit and editing keys inside an area, each at least a fingertip
wide; a key's intent is :class:`Key` with the text it types (``"\\b"`` for backspace, ``""`` for
Done).  The scene that shows it decides what typing changes.

The letters follow the table's language (:func:`companion.i18n.language`): QWERTY in English,
QWERTZ with Ä, Ö, Ü and ß in German, whose names and card titles use them.  :func:`folded` is
how a search compares what was typed with a name: "Größe", "groesse" and "GROSSE" are one.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from functools import lru_cache
from typing import Any, TypeVar

import pygame

from companion import i18n
from companion.engine.values import dataclass
from companion.i18n import _
from companion.ui.widgets import ACCENT, MIN_TOUCH, PANEL, Button, Metrics

D = TypeVar("D", bound=Any)  # an editor's draft: a frozen dataclass

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.,")
# German (DIN 2137 order, QWERTZ): ß beside the digits, Ü after P, Ö and Ä after L.
ROWS_DE = ("1234567890ß", "qwertzuiopü", "asdfghjklöä", "yxcvbnm-.,'")
LAYOUTS = {"en": ROWS, "de": ROWS_DE}
BACKSPACE = "\b"
DONE = ""
SHIFT = "shift"


@dataclass(frozen=True)
class Key:
    """A key was tapped: ``text`` to type, ``"\\b"`` to rub out one character, ``""`` for Done,
    ``"shift"`` to switch between lower and upper case."""

    text: str


def layout(language: str | None = None) -> tuple[str, ...]:
    """The rows of :func:`keys` for ``language`` (the table's own when None; English for a
    language with no layout of its own)."""
    return LAYOUTS.get(language or i18n.language(), ROWS)


def upper(letter: str) -> str:
    """``letter`` as Shift types it: ß has no capital in use on a German keyboard (Python's
    ``"ß".upper()`` is two letters, "SS"), so it stays ß."""
    shifted = letter.upper()
    return shifted if len(shifted) == 1 else letter


SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})  # after casefold(), which makes ß "ss"


@lru_cache(maxsize=1024)
def folded(words: str) -> str:
    """``words`` as a search compares them: without case, umlauts spelled out (ä -> ae, ö -> oe,
    ü -> ue, ß -> ss, as German writes them without the letters), other accents dropped
    (é -> e), letters and digits only.  "Größe" and "GROESSE" both give "groesse"."""
    spelled = words.casefold().translate(SPELLED_OUT)
    plain = unicodedata.normalize("NFKD", spelled)
    return "".join(ch for ch in plain if ch.isalnum())


def typed_into(text: str, typed: str, limit: int) -> str:
    """``text`` after a key: Backspace rubs out the last character, anything else is appended
    (up to ``limit`` characters)."""
    return text[:-1] if typed == BACKSPACE else (text + typed)[:limit]


def keyed(draft: D, typed: str, field: str, limit: int) -> D:
    """``draft`` (a frozen dataclass with ``typing``, ``shifted`` and the text ``field``) after
    the keyboard's key ``typed``: Done closes the keyboard, the text stripped; Shift shifts the
    next key; any other key types into ``field`` (:func:`typed_into`, up to ``limit``)."""
    text: str = getattr(draft, field)
    if typed == DONE:
        return dataclasses.replace(draft, typing=False, shifted=False, **{field: text.strip()})
    if typed == SHIFT:
        return dataclasses.replace(draft, shifted=not draft.shifted)
    return dataclasses.replace(draft, shifted=False, **{field: typed_into(text, typed, limit)})


def keys(area: pygame.Rect, metrics: Metrics, shifted: bool = False, language: str | None = None) -> list[Button]:
    """The keyboard's buttons filling ``area`` from its bottom up: four rows of the language's
    :func:`layout` (ten keys in English, eleven in German), then Shift, Space, Backspace and Done."""
    rows = layout(language)
    columns = max(len(letters) for letters in rows)
    gap = metrics.margin
    height = max(metrics.touch, min(metrics.px(60), (area.height - 4 * gap) // 5))
    width = (area.width - (columns - 1) * gap) // columns
    top = area.bottom - 5 * height - 4 * gap
    buttons = []
    for row, letters in enumerate(rows):
        y = top + row * (height + gap)
        for col, letter in enumerate(letters):
            typed = upper(letter) if shifted else letter
            rect = pygame.Rect(area.x + col * (width + gap), y, width, height)
            buttons.append(Button(rect, typed, Key(typed)))
    y = top + 4 * (height + gap)
    space = columns - 6  # Shift, Delete and Done take two keys' width each
    last = [
        (_("Shift"), Key(SHIFT), 2, PANEL),
        (_("Space"), Key(" "), space, PANEL),
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
SEARCH_ROWS_DE = ("qwertzuiopü", "asdfghjklöä", "yxcvbnmß")
SEARCH_LAYOUTS = {"en": SEARCH_ROWS, "de": SEARCH_ROWS_DE}


def search_key_height(metrics: Metrics) -> int:
    """A fingertip's key, a little under a button's height: room for more matches above."""
    return max(MIN_TOUCH, metrics.px(48))


def search_keys_height(metrics: Metrics) -> int:
    """How tall :func:`search_keys` is: three rows and the gaps between them."""
    return 3 * search_key_height(metrics) + 2 * metrics.margin


def search_keys(area: pygame.Rect, metrics: Metrics, language: str | None = None) -> list[Button]:
    """A letters-only keyboard for searching a list by name, filling ``area`` from its bottom up:
    three rows of the language's letters (QWERTZ with Ü, Ö, Ä and ß in German), Delete filling
    the end of the third (the scene offers Clear)."""
    rows = SEARCH_LAYOUTS.get(language or i18n.language(), SEARCH_ROWS)
    columns = max(len(letters) for letters in rows)
    gap = metrics.margin
    height = search_key_height(metrics)
    width = (area.width - (columns - 1) * gap) // columns
    top = area.bottom - search_keys_height(metrics)
    buttons = []
    for row, letters in enumerate(rows):
        y = top + row * (height + gap)
        spare = area.width - len(letters) * (width + gap) + gap
        shift = min((width + gap) // 2, spare) if row else 0  # the lower rows sit half a key in, as on a typewriter
        for col, letter in enumerate(letters):
            rect = pygame.Rect(area.x + shift + col * (width + gap), y, width, height)
            buttons.append(Button(rect, upper(letter), Key(letter)))
    left = buttons[-1].rect.right + gap
    delete = pygame.Rect(left, top + 2 * (height + gap), area.right - left, height)
    return [*buttons, Button(delete, _("Delete"), Key(BACKSPACE), PANEL)]
