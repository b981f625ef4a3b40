"""The table's Detail screen, one tap from the table (its "Details" button): what the table screen
no longer shows so that the rest reads from 1.5 m away (issue 33, section 4).  The Doom track
(the table folds it away from five players on) and the ritual track (from six), the round and
the first player, the Watcher's and the Worms' odds for the next Doom Phase, the Astral Acolyte,
the tower, a battle's dice and odds, the last action whole; the factions' sheets one more tap
away.  Back returns to the table."""

from __future__ import annotations

from typing import Any

import pygame

from companion.engine.cthulhu.model import GameState
from companion.i18n import _
from companion.ui import widgets
from companion.ui.scene import Go, Scene, View
from companion.ui.table_scene import (
    DOOM_BAND,
    GAP,
    PHASES,
    last_action,
    paint_doom_track,
    paint_ritual_track,
    ritual_height,
    status_lines,
)
from companion.ui.widgets import (
    ACCENT,
    DIM,
    FLOOR_SIZE,
    NAME_SIZE,
    SEEN_LABELS,
    TEXT,
    TIGHT_STEP,
    Button,
    paragraph,
    wrap,
)

NAME = "detail"
SIZES = (NAME_SIZE, 34, 30, FLOOR_SIZE, 24, 20, 17)  # the lines' size (at unit 1): the largest at which all fit
BUTTON_WIDTH = 220  # px at unit 1: "Sheets" and "Back to the table"


class DetailScene(Scene):
    name = NAME
    up_close = True  # read leaning in: the table's figures are on the table screen

    def layout(self, view: View) -> list[Button]:
        if not isinstance(view.state, GameState) or not view.state.players:
            return [self.back_button()]  # another game in play (Arkham's players are a count): only the way back
        m, room = self.metrics, self.button_row()
        width = m.px(BUTTON_WIDTH)
        sheets = pygame.Rect(room.x, room.y, width, room.height)
        back = self.back_button()
        return [Button(sheets, _("Sheets"), Go("sheets"), labels=SEEN_LABELS, step=TIGHT_STEP), back]

    def button_row(self) -> pygame.Rect:
        """The row of this screen's buttons, above the navigation bar."""
        m, body = self.metrics, self.body()
        return pygame.Rect(m.margin, body.bottom - m.touch - m.margin, m.width - 2 * m.margin, m.touch)

    def back_button(self) -> Button:
        m, room = self.metrics, self.button_row()
        width = m.px(BUTTON_WIDTH)
        rect = pygame.Rect(room.right - width, room.y, width, room.height)
        return Button(rect, _("Back to the table"), Go("table"), ACCENT, labels=SEEN_LABELS, step=TIGHT_STEP)

    def draw(self, surface: pygame.Surface, view: View) -> None:
        if isinstance(view.state, GameState) and view.state.players:
            m = self.metrics
            track = pygame.Rect(m.margin, m.margin, m.width - 2 * m.margin, m.px(DOOM_BAND))
            paint_doom_track(surface, m, view.state.players, track)
            ritual = pygame.Rect(track.x, track.bottom + m.px(GAP), track.width, ritual_height(m))
            paint_ritual_track(surface, m, view.state, ritual)
            self.draw_lines(surface, detail_lines(view), ritual.bottom + m.margin)
        super().draw(surface, view)

    def draw_lines(self, surface: pygame.Surface, lines: list[tuple[str, Any]], top: int) -> None:
        """``lines`` from ``top`` down, at the largest of :data:`SIZES` at which all fit above the buttons."""
        m = self.metrics
        box = pygame.Rect(m.margin, top, m.width - 2 * m.margin, self.button_row().y - m.margin - top)
        size = m.px(SIZES[-1])
        for each in (m.px(s) for s in SIZES):
            tall = sum(len(wrap(words, each, box.width)) for words, _colour in lines) * round(each * TIGHT_STEP)
            if tall + m.px(4) * len(lines) <= box.height:
                size = each
                break
        y = box.y
        for words, colour in lines:
            room = max(1, (box.bottom - y) // round(size * TIGHT_STEP))
            if y >= box.bottom:
                widgets.missing(words, size)  # no room: said, so the text-fit test sees it
                continue
            y = paragraph(surface, words, (box.x, y), size, box.width, room, colour, step=TIGHT_STEP, tag=NAME) + m.px(4)


def detail_lines(view: View) -> list[tuple[str, Any]]:
    """The Detail screen's lines, in the table's language: the round and phase with the first
    player, the last action whole, then the map's expansions, the odds, the Acolyte and the tower."""
    state = view.state
    phase = _(PHASES.get(state.phase.value, state.phase.value))
    lines: list[tuple[str, Any]] = [
        (_("Round {round}, {phase}").format(round=state.round, phase=phase), DIM),
        (_("First player: {player}").format(player=state.players[state.first].label), TEXT),
    ]
    last = last_action(view)
    if last:
        lines.append((last, ACCENT))
    return lines + status_lines(view)
