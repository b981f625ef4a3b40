"""The talk control on the touchscreen: hold it to speak a command, then Yes or No to what was
read back (docs/voice.md, "Talking to the table").

The app draws it over every scene and gives it the first look at a touch.  No fingertip-sized
spot is free of buttons on every scene (the new-game screen's grid and navigation bar leave none
at 800x480), so while the table listens the scenes are laid out in :func:`scene_room`, the
window less a strip a fingertip wide (at the right in landscape, at the bottom in portrait:
the side that leaves the scenes' scale as it is), and the control lives in that strip:

- the talk control (a microphone) level with the navigation bar, held while speaking; lit while
  held, red after a hold that said no whole phrase;
- while a read-back waits: "Yes" and "No" in the strip, and the phrase read back (in the strip in
  portrait; over the top of the scene in landscape, where the strip is too narrow for words:
  a touch on it is taken, so nothing under it is tapped unseen).

This module only lays out, draws and says which control a touch is on; the app calls the client.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.i18n import _
from companion.ui.widgets import ACCENT, BUTTON, PANEL, TEXT, WARN, Button, Metrics, panel, paragraph

TALK, YES, NO, READ_BACK = "talk", "yes", "no", "read back"  # what a touch is on


def strip_width(metrics: Metrics) -> int:
    """The strip's width (landscape) or height (portrait) in px: a fingertip and a margin either side."""
    return metrics.touch + 2 * metrics.margin


def scene_room(size: tuple[int, int], on: bool) -> tuple[int, int]:
    """The size the scenes are laid out in for a window of ``size``: all of it, or (``on``: the
    table listens) less the talk control's strip."""
    if not on:
        return size
    width, height = size
    strip = strip_width(Metrics(width, height))
    return (width, height - strip) if height > width else (width - strip, height)


class TalkOverlay:
    """The talk control for a window of ``metrics`` (the window's, not the scenes' room)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.buttons: list[Button] = []
        self.read_back: pygame.Rect | None = None  # where the phrase read back is shown (landscape)
        self.talking: Any = None
        self.held = False  # the talk control is held down (a touch began on it)

    def strip(self) -> pygame.Rect:
        m = self.metrics
        room = strip_width(m)
        if m.portrait:
            return pygame.Rect(0, m.height - room, m.width, room)
        return pygame.Rect(m.width - room, 0, room, m.height)

    def update(self, talking: Any) -> None:
        """Lay the controls out for ``talking`` (a :class:`companion.client.Talking`, or None:
        no control)."""
        self.talking = talking
        self.buttons, self.read_back = [], None
        if talking is None or not talking.on:
            return
        m, strip = self.metrics, self.strip()
        t, g = m.touch, m.margin
        talk = pygame.Rect(strip.right - g - t, strip.bottom - g - t, t, t)
        colour = ACCENT if talking.doing == "listening" else WARN if talking.doing == "not understood" else BUTTON
        self.buttons.append(Button(talk, "", TALK, colour))
        if talking.doing != "waiting":
            return
        if m.portrait:
            yes, no = pygame.Rect(strip.x + g, talk.y, t, t), pygame.Rect(strip.x + 2 * g + t, talk.y, t, t)
            self.read_back = pygame.Rect(no.right + g, talk.y, talk.x - no.right - 2 * g, t)
        else:
            yes, no = pygame.Rect(talk.x, strip.y + g, t, t), pygame.Rect(talk.x, strip.y + 2 * g + t, t, t)
            self.read_back = pygame.Rect(g, g, strip.x - 2 * g, m.px(22) * 2 + 2 * g)
        self.buttons += [Button(yes, _("Yes"), YES, ACCENT), Button(no, _("No"), NO, PANEL)]

    def covers(self) -> list[pygame.Rect]:
        """Where the controls are drawn (the read-back's words included)."""
        return [button.rect for button in self.buttons] + ([self.read_back] if self.read_back is not None else [])

    def touched(self, pos: tuple[int, int]) -> str | None:
        """What a touch at ``pos`` is on: :data:`TALK`, :data:`YES`, :data:`NO`, :data:`READ_BACK`
        (taken, meaning nothing) or None (the scene's)."""
        for button in self.buttons:
            if button.hit(pos):
                return str(button.intent)
        if self.read_back is not None and self.read_back.collidepoint(pos):
            return READ_BACK
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the controls (over the scene already drawn; the strip is the frame's background)."""
        m = self.metrics
        for button in self.buttons:
            button.draw(surface, m)
            if button.intent == TALK:
                microphone(surface, button.rect, m)
        if self.read_back is not None and self.talking is not None:
            box = self.read_back
            if not m.portrait:
                panel(surface, box, PANEL, m.px(8))  # over the scene's top: its words hidden while it waits
            sentence = _("Did you say: {phrase}?").format(phrase=self.talking.phrase)
            size = m.px(18)
            top = box.y + max(m.px(4), (box.height - 2 * round(size * 1.05)) // 2)
            paragraph(surface, sentence, (box.x + m.px(8), top), size, box.width - m.px(16), 2, TEXT, box=box)


def microphone(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """A microphone drawn in the middle of ``rect`` (the talk control's picture: no words, so it
    reads the same in every language and fits a fingertip's button)."""
    ink = TEXT
    unit = rect.height / 52
    head = pygame.Rect(0, 0, round(12 * unit), round(20 * unit))
    head.center = (rect.centerx, rect.centery - round(5 * unit))
    pygame.draw.rect(surface, ink, head, border_radius=head.width // 2)
    cup = pygame.Rect(0, 0, round(22 * unit), round(22 * unit))
    cup.center = (rect.centerx, head.centery)
    line = max(2, round(2 * unit))
    pygame.draw.arc(surface, ink, cup, 3.4, 6.0, line)
    stand = (rect.centerx, cup.bottom - line)
    pygame.draw.line(surface, ink, stand, (rect.centerx, stand[1] + round(6 * unit)), line)
    foot = stand[1] + round(6 * unit)
    pygame.draw.line(surface, ink, (rect.centerx - round(6 * unit), foot), (rect.centerx + round(6 * unit), foot), line)
