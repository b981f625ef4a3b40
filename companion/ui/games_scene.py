"""The Games page: every stored game, newest first, a page of rows at a time.

Each row says the game's title, its kind, round, players and when it was last played; a tap
picks it, and the bar below acts on the one picked: Open (it comes to the table), Rename (the
on-screen keyboard), Archive (hidden from the list until "Show archived" is on; Unarchive brings
it back), Delete (asked twice; the journal keeps the game, marked deleted) and, for a finished
game, its Story.  The game on the table cannot be deleted.  The page's own choices (the row
picked, the page, the switch, the keyboard) are the scene's; only the changes to a stored game
go back to the app, as :class:`companion.ui.scene.Manage` (or :class:`Resume` to open one).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from companion.engine.values import dataclass
from companion.i18n import _
from companion.ui.keyboard import DONE, SHIFT, Key, keys, typed_into
from companion.ui.scene import Go, Intent, Manage, Resume, Scene, View
from companion.ui.widgets import (
    ACCENT,
    BUTTON,
    BUTTON_EDGE,
    DIM,
    FLOOR_SIZE,
    PANEL,
    SEATS_FLOOR,
    TEXT,
    TIGHT_STEP,
    WARN,
    Button,
    fit,
    grid,
    paragraph,
    text,
    wrap,
    wrapped_size,
)

TITLE_LIMIT = 40  # characters a typed title may have
ASKS = 2  # Delete asks this many times before it deletes


@dataclass(frozen=True)
class Own:
    """A tap the page handles itself: ``what`` ("pick", "page", "archived", "rename", "delete",
    "cancel") with a row's game name or a page step."""

    what: str
    name: str = ""
    step: int = 0


def played(updated: float, now: float) -> str:
    """When a game was last played, as the table reads it: the time today, else the date."""
    then, today = time.localtime(updated), time.localtime(now)
    if then[:3] == today[:3]:
        return _("today {time}").format(time=time.strftime("%H:%M", then))
    return time.strftime("%Y-%m-%d", then)


def details(game: Any, now: float) -> str:
    """A row's second line: kind, round, players, last played."""
    kind = _(game.kind)
    rounds = _("Mythos Phase {n}") if game.kind == "Arkham Horror" else _("Round {n}")
    parts = [kind, rounds.format(n=game.round), ", ".join(game.players), played(game.updated, now)]
    if game.over:
        parts.insert(1, _("over"))
    return " · ".join(parts)


MESSAGE_SIZES = (FLOOR_SIZE, SEATS_FLOOR, 22, 20)  # px at unit 1: the page's heading or question, on one or two lines


class GamesScene(Scene):
    name = "games"

    def __init__(self, metrics: Any) -> None:
        super().__init__(metrics)
        self.picked = ""  # the game name picked ("": none)
        self.page = 0
        self.archived = False  # "Show archived"
        self.asked = 0  # Delete's questions answered so far for the picked game
        self.typing: str | None = None  # the new title being typed (None: no keyboard)
        self.shifted = False
        self.now = time.time  # the clock for "today" (tests set it)

    # -- what is listed --------------------------------------------------------------------

    def listed(self, view: View) -> list[Any]:
        games = list(view.options.get("stored") or [])
        return [g for g in games if self.archived or not g.archived]

    def rows(self) -> int:
        """How many rows a page holds at this size."""
        m = self.metrics
        room = self.actions_top() - self.list_top() - m.margin
        return max(1, room // (self.row_height() + m.margin))

    def row_height(self) -> int:
        """A row: its title, and its details in up to two lines (read from the seats: 27 px and
        up); a tall screen's narrower rows take three."""
        m = self.metrics
        return max(m.touch, m.px(110 if m.portrait else 84))

    def list_top(self) -> int:
        return self.metrics.margin * 2 + self.metrics.touch

    def actions_top(self) -> int:
        return self.body().bottom - self.metrics.touch - self.metrics.margin

    def picked_game(self, view: View) -> Any:
        return next((g for g in self.listed(view) if g.name == self.picked), None)

    # -- buttons ---------------------------------------------------------------------------

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        if self.typing is not None:
            return keys(self.keyboard_area(), m, self.shifted)
        switch = pygame.Rect(m.width - m.margin - m.px(260), m.margin, m.px(260), m.touch)
        label = _("Show archived: {state}").format(state=_("on") if self.archived else _("off"))
        asking = self.asked and self.picked_game(view) is not None  # the question takes the whole top row
        buttons = [] if asking else [Button(switch, label, Own("archived"), ACCENT if self.archived else BUTTON)]
        games = self.listed(view)
        per_page = self.rows()
        pages = max(1, -(-len(games) // per_page))
        self.page %= pages  # the last page's "Page" goes back to the first
        shown = games[self.page * per_page : (self.page + 1) * per_page]
        y, width = self.list_top(), m.width - 2 * m.margin
        for game in shown:
            rect = pygame.Rect(m.margin, y, width, self.row_height())
            buttons.append(Button(rect, "", Own("pick", game.name), BUTTON_EDGE if game.name == self.picked else PANEL))
            y += self.row_height() + m.margin
        return buttons + self.actions(view, pages)

    def actions(self, view: View, pages: int) -> list[Button]:
        """The bar under the list: what can be done with the game picked, and the pages."""
        m = self.metrics
        game = self.picked_game(view)
        items: list[tuple[str, Intent | Own, tuple[int, int, int], bool]] = []
        if game is not None:
            items.append((_("Open"), Resume(game.name), ACCENT, not game.playing))
            items.append((_("Rename"), Own("rename", game.name), BUTTON, True))
            archive = Manage("unarchive" if game.archived else "archive", game.name)
            items.append((_("Unarchive") if game.archived else _("Archive"), archive, BUTTON, True))
            delete = _("Delete") if not self.asked else _("Sure? ({n} of {asks})").format(n=self.asked, asks=ASKS)
            items.append((delete, Own("delete", game.name), WARN if self.asked else BUTTON, not game.playing))
            if game.over:
                items.append((_("Story"), Manage("story", game.name), BUTTON, True))
        if pages > 1:
            items.append((_("Page {page}/{pages}").format(page=self.page + 1, pages=pages), Own("page", step=1), BUTTON, True))
        if not items:
            return []
        bar = pygame.Rect(m.margin, self.actions_top(), m.width - 2 * m.margin, m.touch)
        rects = grid(bar, len(items), len(items), m)
        return [
            Button(rect, label, intent, colour, enabled)
            for rect, (label, intent, colour, enabled) in zip(rects, items, strict=True)
        ]

    def keyboard_area(self) -> pygame.Rect:
        m = self.metrics
        top = m.margin * 3 + m.touch + m.px(40)
        return pygame.Rect(m.margin, top, m.width - 2 * m.margin, self.body().bottom - top - m.margin)

    # -- taps ------------------------------------------------------------------------------

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, Key):
            return self.key(intent.text)
        if isinstance(intent, Own) and intent.what == "delete" and self.asked >= ASKS:
            self.asked = 0
            return Manage("delete", intent.name)  # asked twice, and tapped a third time
        if isinstance(intent, Own):
            self.own(intent)
            return None
        if isinstance(intent, (Manage, Go)):
            self.asked = 0
        return intent

    def own(self, intent: Own) -> None:
        if intent.what == "pick":
            self.picked, self.asked = ("" if intent.name == self.picked else intent.name), 0
        elif intent.what == "page":
            self.page, self.asked = self.page + intent.step, 0
        elif intent.what == "archived":
            self.archived = not self.archived
        elif intent.what == "rename":
            self.typing, self.shifted = "", False
        elif intent.what == "delete":
            self.asked += 1

    def key(self, typed: str) -> Intent | None:
        """A key of the keyboard: Done renames the game picked (an empty title changes nothing)."""
        if typed == DONE:
            title, self.typing = (self.typing or "").strip(), None
            return Manage("rename", self.picked, title) if title and self.picked else None
        if typed == SHIFT:
            self.shifted = not self.shifted
        else:
            self.typing, self.shifted = typed_into(self.typing or "", typed, TITLE_LIMIT), False
        return None

    # -- drawing ---------------------------------------------------------------------------

    def update(self, view: View) -> None:
        super().update(view)
        if self.picked and self.picked_game(view) is None:  # deleted, or archived and hidden
            self.picked, self.asked = "", 0
            super().update(view)

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        super().draw(surface, view)
        if self.typing is not None:
            text(surface, _("New title:"), (m.margin, m.margin), m.px(FLOOR_SIZE), DIM)
            shown = self.typing + "|"
            below = (m.margin, m.margin * 2 + m.px(FLOOR_SIZE))
            text(surface, shown, below, m.px(30), TEXT, bold=True, width=m.width - 2 * m.margin)
            return
        words, colour = self.message(view)
        switch = any(isinstance(b.intent, Own) and b.intent.what == "archived" for b in self.buttons)
        room = m.width - (3 * m.margin + m.px(260) if switch else 2 * m.margin)
        # One line at the seats' sizes, else two; a question naming a long title smaller.
        size = wrapped_size(words, [m.px(s) for s in MESSAGE_SIZES], room, 2, bold=True)
        lines = min(2, len(wrap(words, size, room, True)))
        y = max(0, m.margin + (m.touch - lines * round(size * TIGHT_STEP)) // 2)
        paragraph(surface, words, (m.margin, y), size, room, 2, colour, bold=True, step=TIGHT_STEP)
        now = self.now()
        games = {g.name: g for g in self.listed(view)}
        for button in self.buttons:
            if isinstance(button.intent, Own) and button.intent.what == "pick":
                self.row(surface, button.rect, games[button.intent.name], now)

    def row(self, surface: pygame.Surface, rect: pygame.Rect, game: Any, now: float) -> None:
        """A game's row: its title (smaller when long), then its details in up to two lines."""
        m = self.metrics
        title = game.title + (_(" (on the table)") if game.playing else "")
        title += _(" (archived)") if game.archived else ""
        x, w = rect.x + m.px(10), rect.width - m.px(20)
        size = fit(title, (m.px(FLOOR_SIZE), m.px(SEATS_FLOOR)), w, True)
        lines = min(2, len(wrap(title, size, w, True)))  # a title too long for one line at the smallest: two
        below = paragraph(surface, title, (x, rect.y + m.px(4)), size, w, lines, TEXT, bold=True, box=rect, step=TIGHT_STEP)
        small = m.px(SEATS_FLOOR)
        more = max(1, min(3, (rect.bottom - below - m.px(2)) // round(small * TIGHT_STEP)))  # the details' lines left in the row
        paragraph(surface, details(game, now), (x, below + m.px(2)), small, w, more, TEXT, box=rect, step=TIGHT_STEP)

    def message(self, view: View) -> tuple[str, tuple[int, int, int]]:
        game = self.picked_game(view)
        if game is not None and self.asked:
            return _("Delete {title}? Its journal keeps it.").format(title=game.title), WARN
        if not self.listed(view):
            return _("No stored games"), DIM
        return _("Games"), TEXT
