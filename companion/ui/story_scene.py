"""A finished game's story on the touchscreen: the same story the phones and the TV close it with
(companion/web/story.py's ``Story.as_data()``).

Four pages, one at a time so every label stays large (27 and up): Doom by round for each faction
(a line each, in its colour, its name and last figure beside it), Power by round, the Spellbooks
as they came, and the big moments.  A list longer than the screen turns its pages ("More");
every line is wrapped whole, never cut.  Shown when a game ends, and from the Games page for a
finished game.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.engine.cthulhu.model import Faction
from companion.engine.values import dataclass
from companion.i18n import _
from companion.palette import OTHER_COLOUR, colour_of
from companion.ui.scene import Intent, Scene, View
from companion.ui.widgets import ACCENT, BUTTON, DIM, TEXT, Button, grid, text, width_of, wrap

LABEL = 27  # the smallest size of any label on the page (at unit 1)
PAGES = ("doom", "power", "books", "moments")


@dataclass(frozen=True)
class Turn:
    """Show story page ``page`` ("more": the list's next screenful)."""

    page: str


def colour_for(label: str) -> tuple[int, int, int]:
    """A faction's colour by its name (the story names players by their labels)."""
    for faction in Faction:
        if faction.label == label:
            return colour_of(faction)
    return OTHER_COLOUR


def series(story: dict[str, Any], key: str) -> list[tuple[str, list[int]]]:
    """Each player's figures ``key`` ("doom" or "power") by round, in seat order."""
    return [(str(p["name"]), [int(v) for v in p[key]]) for p in story.get("players", ())]


def entries(story: dict[str, Any], page: str) -> list[str]:
    """The lines of a list page: the Spellbooks ("Round 3: Great Cthulhu: Absorb") or the moments."""
    if page == "books":
        return [
            _("Round {round}: {player}: {book}").format(round=b["round"], player=b["player"], book=b["name"])
            for b in story.get("books", ())
        ]
    return [_("Round {round}: {text}").format(round=m["round"], text=m["text"]) for m in story.get("moments", ())]


class StoryScene(Scene):
    name = "story"

    def __init__(self, metrics: Any) -> None:
        super().__init__(metrics)
        self.page = "doom"
        self.first = 0  # the first list line shown (a list page's screenful)
        self.shown: list[str] = []  # the wrapped lines the list page shows now
        self.more = False  # a list page has lines after these

    def label(self) -> int:
        return self.metrics.px(LABEL)

    def area(self) -> pygame.Rect:
        m = self.metrics
        top = m.margin * 3 + m.touch + m.px(34)
        return pygame.Rect(m.margin, top, m.width - 2 * m.margin, self.body().bottom - top - m.margin)

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        story = view.options.get("story")
        if not story:
            return []
        names = {"doom": _("Doom"), "power": _("Power"), "books": _("Spellbooks"), "moments": _("Big moments")}
        row = pygame.Rect(m.margin, m.margin * 2 + m.px(34), m.width - 2 * m.margin, m.touch)
        buttons = [
            Button(rect, names[page], Turn(page), ACCENT if page == self.page else BUTTON)
            for rect, page in zip(grid(row, len(PAGES), len(PAGES), m), PAGES, strict=True)
        ]
        if self.page in ("books", "moments"):
            self.screenful(story)
            if self.more or self.first:
                rect = pygame.Rect(m.width - m.margin - m.px(150), self.body().bottom - m.touch - m.margin, m.px(150), m.touch)
                buttons.append(Button(rect, _("More"), Turn("more")))
        return buttons

    def screenful(self, story: dict[str, Any]) -> None:
        """The wrapped lines of the list page from :attr:`first` that fit whole above "More"."""
        m = self.metrics
        area, size = self.area(), self.label()
        room = area.width - m.px(160) - m.margin  # "More" sits at the bottom right
        lines = [part for line in entries(story, self.page) for part in wrap(line, size, room)]
        fits = max(1, (area.height) // round(size * 1.1))
        if self.first >= len(lines):
            self.first = 0
        self.shown = lines[self.first : self.first + fits]
        self.more = self.first + fits < len(lines)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, Turn):
            if intent.page == "more":
                self.first = self.first + len(self.shown) if self.more else 0
            else:
                self.page, self.first = intent.page, 0
            return None
        return intent

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        story = view.options.get("story")
        title = _("The story of the game") if not story else _("The story: {name}").format(name=story.get("name", ""))
        text(surface, title, (m.margin, m.margin), m.px(30), TEXT, bold=True, width=m.width - 2 * m.margin)
        if story:
            if self.page in ("doom", "power"):
                floor = 30 if self.page == "doom" else 10  # Doom's end is 30; Power seldom passes 10
                self.chart(surface, series(story, self.page), list(story.get("rounds", ())), floor)
            else:
                self.listing(surface, story)
        else:
            text(surface, _("Reading the story…"), self.area().topleft, self.label(), DIM)
        super().draw(surface, view)

    def listing(self, surface: pygame.Surface, story: dict[str, Any]) -> None:
        area, size = self.area(), self.label()
        if not self.shown:
            text(surface, _("None in this game"), area.topleft, size, DIM)
        for n, line in enumerate(self.shown):
            text(surface, line, (area.x, area.y + n * round(size * 1.1)), size, TEXT)

    def chart(self, surface: pygame.Surface, lines: list[tuple[str, list[int]]], rounds: list[int], floor: int) -> None:
        """Each player's line by round, its name and last figure in a legend at the right; the
        chart's top is ``floor`` or the highest figure, whichever is more."""
        m, size = self.metrics, self.label()
        area = self.area()
        legend = max((width_of(f"{name} {values[-1] if values else 0}", size) for name, values in lines), default=0)
        legend += m.px(30)
        top = max([floor, *(v for _name, values in lines for v in values)])
        axis = width_of(str(top), size) + m.px(6)
        plot = pygame.Rect(area.x + axis, area.y + size // 2, area.width - axis - legend - m.margin, area.height - 2 * size)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.topleft, 1)
        text(surface, str(top), (area.x, plot.y - size // 2), size, DIM)
        text(surface, "0", (area.x, plot.bottom - size // 2), size, DIM)
        step = max(1, -(-len(rounds) * width_of("10 ", size) // max(1, plot.width)))  # every round's number that fits
        for n, number in enumerate(rounds):
            if n % step == 0:
                x = self.x_of(plot, n, len(rounds))
                text(surface, str(number), (x - width_of(str(number), size) // 2, plot.bottom + m.px(4)), size, DIM)
        for i, (name, values) in enumerate(lines):
            colour = colour_for(name)
            points = [(self.x_of(plot, n, len(rounds)), plot.bottom - round(v / top * plot.height)) for n, v in enumerate(values)]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, m.px(3)))
            for point in points:
                pygame.draw.circle(surface, colour, point, m.px(4))
            y = area.y + i * round(size * 1.3)
            pygame.draw.rect(surface, colour, pygame.Rect(plot.right + m.margin, y + size // 4, m.px(18), size // 2))
            label = f"{name} {values[-1] if values else 0}"
            text(surface, label, (plot.right + m.margin + m.px(24), y), size, TEXT)

    @staticmethod
    def x_of(plot: pygame.Rect, n: int, count: int) -> int:
        return plot.x + (round(n * plot.width / (count - 1)) if count > 1 else plot.width // 2)
