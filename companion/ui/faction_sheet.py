"""The factions' sheets: for each faction its Spellbooks held, the Spellbook requirements still
open, and its units left in the pool, side by side (up to four a row).  Reached from the table by
the "Sheets" button (:class:`WithSheetButton`); "Back" returns to the table."""

from __future__ import annotations

import pygame

from companion.engine.cthulhu.abilities import open_requirements
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, RULES, high_priests
from companion.engine.cthulhu.factions.independents import MONSTER_CARDS, books_of, cards_of
from companion.engine.cthulhu.factions.powers import acolytes_left, pool_left
from companion.engine.cthulhu.model import Faction, GameState, Player, UnitKind
from companion.i18n import _, sentence
from companion.palette import colour_of
from companion.ui.scene import Go, Scene, View
from companion.ui.widgets import ACCENT, DIM, PANEL, TEXT, Button, Metrics, fit, text

COLUMNS = 4
NAME = "sheets"


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
        lines += [(f" {sentence(name)}", DIM) for name in still]  # a requirement's name, in words
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


class FactionSheetScene(Scene):
    name = NAME

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        back = pygame.Rect(m.width - m.px(120) - m.margin, m.margin, m.px(120), m.touch)
        return [Button(back, _("Back"), Go("table"))]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, body = self.metrics, self.body()
        text(surface, _("Faction sheets"), (m.margin, m.margin), m.px(30), bold=True)
        state = view.state
        players = getattr(state, "players", ())
        top = m.touch + 2 * m.margin
        columns = min(2 if m.portrait else COLUMNS, max(1, len(players)))  # a tall screen: wider sheets
        rows = max(1, -(-len(players) // columns))
        height = (body.bottom - top) // rows
        width = (m.width - m.margin * (columns + 1)) // columns
        for i, player in enumerate(players):
            x = m.margin + (i % columns) * (width + m.margin)
            y = top + (i // columns) * height
            self.draw_sheet(surface, state, player, pygame.Rect(x, y, width, height - m.margin))
        super().draw(surface, view)

    def draw_sheet(self, surface: pygame.Surface, state: GameState, player: Player, rect: pygame.Rect) -> None:
        m = self.metrics
        pygame.draw.rect(surface, PANEL, rect, border_radius=m.px(6))
        pygame.draw.rect(surface, colour_of(player.faction), (rect.x, rect.y, rect.width, m.px(6)))
        room = rect.width - 2 * m.margin
        size = fit(player.label, (m.px(20), m.px(17), m.px(15), m.px(13)), room, True)  # a long name shrinks, whole
        text(surface, player.label, (rect.x + m.margin, rect.y + m.px(10)), size, bold=True, width=room)
        lines = sheet_lines(state, player)
        y = rect.y + m.px(34)
        size = m.px(16)
        line = max(size, (rect.bottom - y) // max(1, len(lines)))
        line = min(line, m.px(19))
        for words, colour in lines:
            if y + size > rect.bottom:
                break
            text(surface, words, (rect.x + m.margin, y), size, colour, width=rect.width - 2 * m.margin)
            y += line


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
