"""The factions' sheets: for each faction its Spellbooks held, the Spellbook requirements still
open, and its units left in the pool: side by side while every sheet fits whole (up to four);
else a tab per faction and the open one's sheet across the screen, nothing cut.  Reached from
the table by the "Sheets" button (:class:`WithSheetButton`); "Back" returns to the table."""

from __future__ import annotations

import re

import pygame

from companion.engine.cthulhu.abilities import open_requirements
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, RULES, high_priests
from companion.engine.cthulhu.factions.independents import MONSTER_CARDS, books_of, cards_of
from companion.engine.cthulhu.factions.powers import acolytes_left, pool_left
from companion.engine.cthulhu.model import Faction, GameState, Player, UnitKind
from companion.engine.values import dataclass
from companion.i18n import _
from companion.narrate import requirement_words
from companion.palette import colour_of
from companion.ui.scene import Go, Intent, Scene, View
from companion.ui.widgets import (
    ACCENT,
    BUTTON,
    DIM,
    PANEL,
    TEXT,
    Button,
    Metrics,
    button_height,
    cell_width,
    fit,
    grid,
    missing,
    text,
    width_of,
    wrap,
)

COLUMNS = 4  # sheets side by side at most (a wide screen)
NAME = "sheets"
TAB_WIDTH = 118  # px at unit 1: a faction's tab no narrower (its name wraps onto two lines)
OVERVIEW_SIZES = (16, 15, 14)  # px at unit 1: a sheet's lines side by side
PAGE_SIZES = (26, 24, 22, 20, 18, 16, 14)  # px at unit 1: one sheet across the screen
NAME_SIZES = (20, 17, 15, 13)  # px at unit 1: a sheet's player name shrinks through these


def pool_lines(state: GameState, player: Player) -> list[str]:
    """``name ×n`` for each of the faction's units still in its pool (Great Old Ones: "ready")."""
    rules = RULES.get(player.faction)
    if rules is None:
        return [_("(the table keeps this faction's pool)")]
    lines = []
    held = tuple(NEUTRAL_UNITS[name] for name in cards_of(state, player.pid) if name in MONSTER_CARDS)
    priest = high_priests.unit_for(state, player.pid) if rules.unit(high_priests.HIGH_PRIEST) is None else None
    for unit in (*rules.units, *((priest,) if priest else ()), *held):
        if not unit.pool:
            continue  # Bubastis has no Acolytes
        left = acolytes_left(state, player.pid) if unit.name == "Acolyte" else pool_left(state, player.pid, unit.name, unit.pool)
        if unit.name == high_priests.HIGH_PRIEST and high_priests.in_use(state):  # one held captured is not in it
            left = high_priests.pool(state, player.pid) - high_priests.out(state, player.pid)
        if unit.kind is UnitKind.GOO:
            lines.append(_("{unit}: in pool").format(unit=unit.name) if left > 0 else _("{unit}: in play").format(unit=unit.name))
        else:
            lines.append(f"{unit.name} ×{max(0, left)}")
    return lines


def sheet_lines(state: GameState, player: Player) -> list[tuple[str, tuple[int, int, int]]]:
    """One faction's sheet as (words, colour) lines: books, open requirements, pool."""
    lines: list[tuple[str, tuple[int, int, int]]] = [(_("Spellbooks {count}/6").format(count=len(player.spellbooks)), ACCENT)]
    lines += [(" " + (name or _("(unnamed)")), TEXT) for name in player.spellbooks]
    still = open_requirements(state, player.pid)
    if still:
        lines.append((_("Requirements open"), ACCENT))
        lines += [(f" {requirement_words(name)}", DIM) for name in still]  # in words, the glyphs as printed
    lines.append((_("Pool"), ACCENT))
    lines += [(f" {line}", TEXT) for line in pool_lines(state, player)]
    if player.faction is Faction.TCHO_TCHO:
        lines.append((_("Growth {count}").format(count=state.growth), ACCENT))
    cards = cards_of(state, player.pid)
    if cards:  # the independents and neutral monsters it holds (factions.md sections 12-13)
        lines.append((_("Loyalty Cards"), ACCENT))
        lines += [(f" {name}", TEXT) for name in cards]
        lines += [(f" {name} " + _("(independent Spellbook)"), TEXT) for name in books_of(state, player.pid)]
    return lines


Line = tuple[str, tuple[int, int, int]]
Placed = tuple[str, tuple[int, int, int], int, int, int]  # words, colour, x, y, size


@dataclass(frozen=True)
class OpenSheet:
    """A tap on a faction's tab: show ``pid``'s sheet whole."""

    pid: str


def hold_figures(words: str) -> str:
    """``words`` with each number held to its word by a no-break space, so a wrapped line never
    leaves a figure alone: to the word after it ("Units in 4 areas"), or, ending the line, to the
    word before it ("Pay 3: every other player gains 1")."""
    words = re.sub(r"(?<=\w) (×?\d+)$", "\u00a0\\1", words)
    return re.sub(r"(?<![\w.])(\d+) (?=\w)", "\\1\u00a0", words)


def flow(lines: list[Line], rect: pygame.Rect, columns: int, sizes: tuple[int, ...], metrics: Metrics) -> list[Placed] | None:
    """A sheet's lines placed in up to ``columns`` across ``rect`` at the largest of ``sizes`` that
    holds them all whole: each section (a heading and its lines) in a column of its own where
    there are columns enough, else flowing on through as few columns as hold them; each line
    wrapped to its column (an indented line's rest indented too), a heading never the last line
    of a column.  None: no size holds them (nothing is ever cut)."""
    sections: list[list[Line]] = []
    for line in lines:
        if not line[0].startswith(" ") or not sections:
            sections.append([])
        sections[-1].append(line)
    for size in sizes:
        tries = [(columns, True)] if len(sections) <= columns else []
        for count, apart in [*tries, *((n, False) for n in range(1, columns + 1))]:  # the widest lines first
            placed = _placed(sections, rect, count, size, metrics, apart)
            if placed is not None:
                return placed
    return None


def _placed(
    sections: list[list[Line]], rect: pygame.Rect, columns: int, size: int, metrics: Metrics, apart: bool
) -> list[Placed] | None:
    """:func:`flow` at one size (``apart``: each section starts a column); None if it overflows."""
    m = metrics
    gap, indent = m.margin, m.px(8)
    width = (rect.width - gap * (columns - 1)) // columns
    step = round(size * 1.05) + m.px(2)
    placed: list[Placed] = []
    column, y = 0, rect.y
    for number, section in enumerate(sections):
        if apart and number:
            column, y = column + 1, rect.y
        for n, (words, colour) in enumerate(section):
            inset = indent if words.startswith(" ") else 0
            parts = wrap(hold_figures(words.strip()), size, width - inset)
            if any(width_of(part, size) > width - inset for part in parts):
                return None  # a word wider than the column
            need = len(parts) + (1 if n == 0 and len(section) > 1 else 0)  # a heading keeps its first line with it
            if y + need * step > rect.bottom and y > rect.y:
                column, y = column + 1, rect.y
            if column >= columns or y + len(parts) * step > rect.bottom:
                return None
            x = rect.x + column * (width + gap) + inset
            for part in parts:
                placed.append((part, colour, x, y, size))
                y += step
    return placed


class FactionSheetScene(Scene):
    """Side by side while every sheet fits whole (up to four, a row; two a row on a tall screen);
    with more factions, or longer sheets, a tab per faction and the open one's sheet across the
    screen, its sections in columns (the faction to act opens first)."""

    name = NAME
    up_close = True  # a faction's whole sheet, read leaning in (its player has the card too)

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.open = ""  # the pid of the sheet shown whole ("": the faction to act)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, OpenSheet):
            self.open = intent.pid
            return None
        return intent

    def back(self) -> pygame.Rect:
        """The overview's Back, at the top right."""
        m = self.metrics
        return pygame.Rect(m.width - m.px(120) - m.margin, m.margin, m.px(120), m.touch)

    def layout(self, view: View) -> list[Button]:
        players = list(getattr(view.state, "players", ()))
        if not players or self.overview(view.state) is not None:
            return [Button(self.back(), _("Back"), Go("table"))]
        shown = self.shown(view.state)
        *tabs, back = self.tab_rects(players)
        return [
            *(
                Button(rect, p.label, OpenSheet(p.pid), colour_of(p.faction) if p.pid == shown else BUTTON)
                for rect, p in zip(tabs, players, strict=True)
            ),
            Button(back, _("Back"), Go("table")),
        ]

    def shown(self, state: GameState) -> str:
        """The pid whose sheet is open: the one tapped, else the faction to act, else the first."""
        pids = [p.pid for p in state.players]
        for pid in (self.open, getattr(state.prompt, "actor", "")):
            if pid in pids:
                return pid
        return pids[0]

    def tab_rects(self, players: list[Player]) -> list[pygame.Rect]:
        """A tab per faction and Back last, across the top in as few rows as hold them at a
        readable width (the rows balanced), each row as tall as its longest name needs."""
        m = self.metrics
        area = pygame.Rect(m.margin, m.margin, m.width - 2 * m.margin, m.height)
        count = len(players) + 1
        per_row = max(1, min(count, (area.width + m.margin) // (m.px(TAB_WIDTH) + m.margin)))
        per_row = -(-count // -(-count // per_row))  # the rows balanced
        width = cell_width(area, per_row, m)
        height = max([m.touch, *(button_height(p.label, width, m) for p in players)])
        return grid(area, count, per_row, m, height)

    def overview(self, state: GameState) -> list[list[Placed]] | None:
        """Every sheet side by side, each whole in its panel; None when they do not all fit (more
        than four factions, or a sheet too long for its panel)."""
        m, players = self.metrics, state.players
        if len(players) > (4 if m.portrait else COLUMNS):
            return None
        sheets = []
        for player, panel in zip(players, self.panels(len(players)), strict=True):
            placed = flow(sheet_lines(state, player), self.inside(panel), 1, tuple(m.px(s) for s in OVERVIEW_SIZES), m)
            if placed is None or width_of(player.label, m.px(NAME_SIZES[-1]), True) > panel.width - 2 * m.margin:
                return None  # a sheet, or a player's name, too long for its panel
            sheets.append(placed)
        return sheets

    def inside(self, panel: pygame.Rect) -> pygame.Rect:
        """Where a sheet's lines go in its panel: below its name, within its margins."""
        m = self.metrics
        return pygame.Rect(panel.x + m.margin, panel.y + m.px(34), panel.width - 2 * m.margin, panel.bottom - panel.y - m.px(38))

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, body, state = self.metrics, self.body(), view.state
        players = list(getattr(state, "players", ()))
        sheets = self.overview(state) if players else []
        if sheets is not None:
            text(surface, _("Faction sheets"), (m.margin, m.margin), m.px(30), bold=True)
            for player, placed, panel in zip(players, sheets, self.panels(len(players)), strict=True):
                self.draw_panel(surface, player, panel, placed)
        else:
            tabs = self.tab_rects(players)
            top = max(r.bottom for r in tabs) + m.margin
            panel = pygame.Rect(m.margin, top, m.width - 2 * m.margin, body.bottom - top - m.margin)
            player = state.player(self.shown(state))
            columns = max(1, min(3, panel.width // m.px(220)))
            inner = self.inside(panel)
            lines = sheet_lines(state, player)
            sizes = tuple(m.px(s) for s in PAGE_SIZES)
            placed = flow(lines, inner, columns, sizes, m) or flow(lines, inner, columns + 1, sizes[-1:], m) or []
            if not placed:
                for words, _colour in lines:
                    missing(words, sizes[-1])  # no room: the fit test counts it as cut
            self.draw_panel(surface, player, panel, placed)
        super().draw(surface, view)

    def panels(self, count: int) -> list[pygame.Rect]:
        """The sheets' panels side by side, in rows below the heading."""
        m, body = self.metrics, self.body()
        columns = min(2 if m.portrait else COLUMNS, count)
        rows = -(-count // columns)
        top = m.touch + 2 * m.margin
        height = (body.bottom - top) // rows
        width = (m.width - m.margin * (columns + 1)) // columns
        return [
            pygame.Rect(m.margin + (i % columns) * (width + m.margin), top + (i // columns) * height, width, height - m.margin)
            for i in range(count)
        ]

    def draw_panel(self, surface: pygame.Surface, player: Player, rect: pygame.Rect, placed: list[Placed]) -> None:
        m = self.metrics
        pygame.draw.rect(surface, PANEL, rect, border_radius=m.px(6))
        pygame.draw.rect(surface, colour_of(player.faction), (rect.x, rect.y, rect.width, m.px(6)))
        room = rect.width - 2 * m.margin
        size = fit(player.label, tuple(m.px(s) for s in NAME_SIZES), room, True)  # a long name shrinks, whole
        text(surface, player.label, (rect.x + m.margin, rect.y + m.px(10)), size, bold=True, width=room, box=rect)
        for words, colour, x, y, line_size in placed:
            text(surface, words, (x, y), line_size, colour, box=rect)


def sheet_button(metrics: Metrics, area: pygame.Rect) -> Button:
    """The table's way to the sheets: a button at the top right of ``area``."""
    m = metrics
    return Button(pygame.Rect(area.right - m.px(110) - m.margin, area.y + m.margin, m.px(110), m.touch), _("Sheets"), Go(NAME))


class WithSheetButton(Scene):
    """A scene with the Sheets button over the third of its ``regions()`` (the table's status
    region): the table's one hook is to derive from this."""

    def update(self, view: View) -> None:
        super().update(view)
        regions = getattr(self, "regions", None)
        if regions is not None and getattr(view.state, "players", None):
            self.buttons.append(sheet_button(self.metrics, regions()[2]))
