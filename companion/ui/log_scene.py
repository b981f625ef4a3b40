"""The log: every event of the game in words, newest at the bottom, scrolled by a finger's drag
or the mouse wheel, with undo and redo.

The lines are the game's whole log (``view.options["logbook"]``: :class:`companion.client.LogLine`,
read from the journal when the page opens and after each entry while it is open); until it
comes, the recent words the screen keeps.  Each round starts under a heading; a phase's start is
a dim line; an undone entry's lines are struck through; a button per player (and All) keeps
only the lines about that player.  The page scrolls by whole lines, so no line is ever cut.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.client import LogLine
from companion.engine.cthulhu import commands as c
from companion.engine.values import dataclass
from companion.i18n import _
from companion.ui.scene import Intent, Scene, Submit, View
from companion.ui.widgets import ACCENT, BUTTON, DIM, FLOOR_SIZE, TEXT, Button, button_height, grid, text, width_of, wrap

WHEEL_LINES = 3  # lines one notch of the mouse wheel scrolls
LINE_TAG = "log line"  # the tag of the log's lines as drawn (tests measure them)


@dataclass(frozen=True)
class Filter:
    """Keep only the lines about player ``pid`` ("": every line)."""

    pid: str


@dataclass(frozen=True)
class Row:
    """One drawn line: its words, its look ("heading", "phase", "line") and whether struck."""

    words: str
    look: str = "line"
    struck: bool = False


def rows_of(lines: list[LogLine], pid: str) -> list[tuple[str, str, bool]]:
    """The log's lines as the page lists them (before wrapping): (words, look, struck), a
    "Round N" heading before each round's first line; with ``pid``, only that player's lines
    (a phase's start belongs to nobody and is left out)."""
    rows: list[tuple[str, str, bool]] = []
    shown_round = 0
    for line in lines:
        phase = line.kind == "phase_started"
        if pid and (phase or pid not in line.players):
            continue
        if line.round and line.round != shown_round:
            shown_round = line.round
            rows.append((_("Round {round}").format(round=line.round), "heading", False))
        rows.append((line.words, "phase" if phase else "line", line.undone))
    return rows


def kept_lines(view: View) -> list[LogLine]:
    """The whole log once read, else the recent words the screen keeps (no rounds or players)."""
    logbook = view.options.get("logbook")
    if logbook is not None:
        return list(logbook)
    return [LogLine(0, 0, words, (), "phase_started" if words.startswith("--") else "") for words in view.log]


class LogScene(Scene):
    name = "log"

    def __init__(self, metrics: Any) -> None:
        super().__init__(metrics)
        self.pid = ""  # the player filtered on ("": all)
        self.back = 0  # lines scrolled back from the newest
        self.grab: int | None = None  # the y a drag holds, while a finger is down on the lines
        self.drawn: list[Row] = []  # the wrapped lines of the last layout
        self.fits = 1  # lines the page shows at once

    # -- geometry --------------------------------------------------------------------------

    def line_height(self) -> int:
        return self.metrics.px(round(FLOOR_SIZE * 1.22))

    def size(self) -> int:
        """The lines' type: read from the seats (FLOOR_SIZE, 15 px of ink = 2.9 mm at 800x480;
        it was 20 px, 9 px of ink); more lines are a scroll away."""
        return self.metrics.px(FLOOR_SIZE)

    def filters(self, view: View) -> list[tuple[str, str]]:
        """The filter's choices: (player id, label), All first; none without players (Arkham)."""
        return [("", _("All")), *view.names.items()] if view.names else []

    def filter_columns(self, view: View) -> int:
        """The filter's buttons a row: all of them, or fewer when a name would not fit whole."""
        m, choices = self.metrics, self.filters(view)
        width = m.width - 2 * m.margin
        for columns in range(len(choices), 1, -1):
            cell = (width - (columns - 1) * m.margin) // columns
            if all(0 < button_height(label, cell, m, largest=True) <= m.touch for _pid, label in choices):  # one line at 27
                return columns
        return 1

    def top(self, view: View) -> int:
        m = self.metrics
        below_title = m.touch + 2 * m.margin
        choices = self.filters(view)
        rows = -(-len(choices) // self.filter_columns(view)) if choices else 0
        return below_title + rows * (m.touch + m.margin)

    def lines_rect(self, view: View) -> pygame.Rect:
        m = self.metrics
        top = self.top(view)
        return pygame.Rect(m.margin, top, m.width - 2 * m.margin, self.body().bottom - top - m.margin)

    # -- buttons ---------------------------------------------------------------------------

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        top = pygame.Rect(m.width - 2 * (m.px(130) + m.margin), m.margin, 2 * m.px(130) + m.margin, m.touch)
        rects = grid(top, 2, 2, m)
        buttons = [Button(rects[0], _("Undo"), Submit(c.Undo())), Button(rects[1], _("Redo"), Submit(c.Redo()))]
        if self.pid not in view.names:
            self.pid = ""
        choices = self.filters(view)
        if choices:
            row = pygame.Rect(m.margin, m.touch + 2 * m.margin, m.width - 2 * m.margin, m.touch)
            for rect, (pid, label) in zip(grid(row, len(choices), self.filter_columns(view), m), choices, strict=True):
                buttons.append(Button(rect, label, Filter(pid), ACCENT if pid == self.pid else BUTTON))
        self.wrap_lines(view)
        return buttons

    def wrap_lines(self, view: View) -> None:
        """The rows the page can scroll through, wrapped to its width, and how many it shows."""
        width, size = self.lines_rect(view).width, self.size()
        self.drawn = [
            Row(part, look, struck)
            for words, look, struck in rows_of(kept_lines(view), self.pid)
            for part in wrap(words, size, width, look == "heading")
        ]
        self.fits = max(1, self.lines_rect(view).height // self.line_height())
        self.back = max(0, min(self.back, len(self.drawn) - self.fits))

    # -- taps, drags and the wheel ---------------------------------------------------------

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, Filter):
            self.pid, self.back = intent.pid, 0
            return None
        if intent is None and pos[1] < self.body().bottom:
            self.grab = pos[1]  # a drag may follow
        return intent

    def drag(self, pos: tuple[int, int]) -> bool:
        """A finger or the mouse moved while down: the lines follow it (down shows older ones),
        a whole line at a time; True when the page moved."""
        if self.grab is None:
            return False
        lines = (pos[1] - self.grab) // self.line_height()
        if not lines:
            return False
        self.grab += lines * self.line_height()
        return self.scroll(lines)

    def release(self) -> bool:
        self.grab = None
        return False

    def scroll(self, lines: int) -> bool:
        """Scroll back ``lines`` (forward when negative); True when the page moved."""
        before = self.back
        self.back = max(0, min(self.back + lines, len(self.drawn) - self.fits))
        return self.back != before

    def wheel(self, notches: int) -> bool:
        """The mouse wheel turned (up is positive: older lines)."""
        return self.scroll(notches * WHEEL_LINES)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        text(surface, _("Log"), (m.margin, m.margin), m.px(30), bold=True)
        area, step, size = self.lines_rect(view), self.line_height(), self.size()
        end = len(self.drawn) - self.back
        shown = self.drawn[max(0, end - self.fits) : end]
        for i, row in enumerate(shown):
            y = area.y + i * step
            colour = ACCENT if row.look == "heading" else DIM if row.look == "phase" or row.struck else TEXT
            rect = text(surface, row.words, (area.x, y), size, colour, bold=row.look == "heading", width=area.width, tag=LINE_TAG)
            if row.struck:  # undone: struck through, still readable
                pygame.draw.line(surface, DIM, (rect.x, rect.centery), (rect.right, rect.centery), max(1, m.px(2)))
        if self.back:  # beside the title: how far back the page is
            more = _("{count} newer lines below").format(count=self.back)
            x = m.margin + width_of(_("Log"), m.px(30), True) + m.px(16)
            room = m.width - 2 * (m.px(130) + m.margin) - m.margin - x
            text(surface, more, (x, m.margin + m.px(8)), m.px(20), DIM, width=room)
        super().draw(surface, view)
