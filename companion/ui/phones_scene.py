"""The Phones page: a QR code for each seat's link and one for the spectators' (a TV), the
address in words, and a seat's link re-issued when a phone is lost.

Reached from Settings ("Phones").  The links come from the table's client
(:meth:`companion.client.TableClient.phones`), each with its code already made; this screen only
draws them.  One link is shown at a time, as large as the screen allows (a code a phone's camera
reads from across the table); the tabs above choose whose.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.client import PhoneLink
from companion.i18n import _
from companion.ui.scene import Scene, Toggle, View
from companion.ui.widgets import ACCENT, BUTTON, DIM, TEXT, Button, grid, paragraph, text, width_of

NAME = "phones"
LIGHT = (255, 255, 255)  # a QR code is read dark on light, whatever the screen's colours
DARK = (0, 0, 0)
TABS_MAX = 7  # seats and the spectators (six factions at most, or eight investigators: paged)


def chosen(view: View) -> PhoneLink | None:
    """The link shown: the one chosen on the tabs, else the first."""
    links: list[PhoneLink] = view.options.get("phones") or []
    wanted = view.options.get("phone")
    return next((link for link in links if link.seat == wanted), links[0] if links else None)


def code_surface(code: tuple[tuple[bool, ...], ...], side: int) -> pygame.Surface:
    """The code drawn in whole pixels per module, at most ``side`` px square."""
    modules = len(code)
    scale = max(1, side // max(1, modules))
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill(LIGHT)
    for y, row in enumerate(code):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, pygame.Rect(x * scale, y * scale, scale, scale))
    return surface


def broken(url: str, size: int, width: int) -> list[str]:
    """``url`` in lines no wider than ``width`` px at font ``size``, broken anywhere (a link has no
    spaces to break at; cut, its secret could not be typed)."""
    lines, line = [], ""
    for character in url:
        if line and width_of(line + character, size) > width:
            lines.append(line)
            line = ""
        line += character
    return [*lines, line] if line else lines


class PhonesScene(Scene):
    name = NAME

    def __init__(self, metrics: Any) -> None:
        super().__init__(metrics)
        self._codes: dict[tuple[str, int], pygame.Surface] = {}

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The tabs' row, the code's square and the words' column."""
        m, body = self.metrics, self.body()
        tabs = pygame.Rect(m.margin, m.margin, body.width - 2 * m.margin, m.touch)
        below = body.height - tabs.bottom - 2 * m.margin
        side = min(below, body.width // 2)
        square = pygame.Rect(m.margin, tabs.bottom + m.margin, side, side)
        words = pygame.Rect(square.right + 2 * m.margin, square.y, body.width - square.right - 3 * m.margin, side)
        return tabs, square, words

    def layout(self, view: View) -> list[Button]:
        links: list[PhoneLink] = view.options.get("phones") or []
        if not links:
            return []
        tabs, _square, words = self._areas()
        shown = chosen(view)
        buttons = []
        count = min(len(links), TABS_MAX)
        for rect, link in zip(grid(tabs, count, count, self.metrics), links, strict=False):
            label = link.label if link.seat else _("TV")
            colour = ACCENT if shown is not None and link.seat == shown.seat else BUTTON
            buttons.append(Button(rect, label, Toggle(f"phone={link.seat}"), colour))
        m = self.metrics
        half = (words.width - m.margin) // 2
        switch = pygame.Rect(words.right - half, words.bottom - m.touch, half, m.touch)
        on = links[0].on
        buttons.append(Button(switch, _("Phones: on") if on else _("Phones: off"), Toggle("phones_on")))
        if shown is not None and shown.seat:
            rect = pygame.Rect(words.x, words.bottom - m.touch, half, m.touch)
            buttons.append(Button(rect, _("New link (lost phone)"), Toggle(f"reissue={shown.seat}")))
        return buttons

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        shown = chosen(view)
        _tabs, square, words = self._areas()
        if shown is None:
            width = m.width - 2 * m.margin
            paragraph(surface, self.off_words(), (m.margin, m.margin), m.px(22), width, 6, TEXT)
            super().draw(surface, view)
            return
        key = (shown.url, square.width)
        picture = self._codes.get(key)
        if picture is None:
            self._codes.clear()  # one code on the screen at a time
            picture = self._codes[key] = code_surface(shown.code, square.width)
        surface.blit(picture, picture.get_rect(center=square.center))
        y = words.y
        title = shown.label if shown.seat else _("Spectators and TV")
        text(surface, title, (words.x, y), m.px(28), ACCENT, bold=True, width=words.width)
        y += m.px(40)
        for line in broken(shown.url, m.px(20), words.width):  # the address whole, to type if need be
            text(surface, line, (words.x, y), m.px(20), TEXT, width=words.width)
            y += round(m.px(20) * 1.2)
        y += m.px(12)
        hint = (
            _("Scan with the phone's camera: this seat's own page, its secret in the link. Lost phone: a new link.")
            if shown.seat
            else _("Open on a TV or a laptop: the public table, read-only.")
        )
        paragraph(surface, hint, (words.x, y), m.px(18), words.width, 5, DIM)
        super().draw(surface, view)

    @staticmethod
    def off_words() -> str:
        return _("Phones are off: set enabled = true in [web] of companion.toml (docs/web.md), then restart the table.")
