"""The map: every area a tappable circle with its gate, units, Worm, eradication, the Watcher and
the Acolyte, its name placed where no other label or circle is.  On an action turn, tapping an
area opens what the player to act can legally do there (:mod:`turn_panel`); otherwise it opens a
quick editor for the area's gate and cultists.  A prompt answered by naming an area (a start
area, where the Watcher attacks, a Worm's, glacier's or the Acolyte's place, a retreat) is
answered here by tapping the area: only the legal ones are lit and take a tap, with the same
choices as a list beside the map.

Read from the seats: each area shows its units by kind (a Great Old One as a diamond, a Terror a
triangle, a Monster a square, a Cultist a circle, in the owner's colour) with light counts whose
ink is at least 3.5 mm tall on the 7-inch panel; a circle grows into the room its neighbours
leave to hold them, and never over another.  The pending decision is headed across the top of
the map.  The areas stay where they are when a side panel opens: the panel covers the half of
the map away from the area tapped (or, for an area prompt, the side with fewer answers)."""

from __future__ import annotations

import math

import pygame

from companion.engine import Command, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import ERADICATED, GLACIER, GameState, PromptKind, UnitKind
from companion.i18n import _
from companion.palette import colour_of
from companion.ui.labels import label, prompt_words
from companion.ui.map_layout import layout, place_labels, radii, wraps
from companion.ui.move_on_map import REFUSE, composing, targets, why_not
from companion.ui.move_on_map import intent as move_intent
from companion.ui.scene import Go, Intent, Scene, Submit, View
from companion.ui.turn_panel import Local, TurnPanel, area_answers
from companion.ui.widgets import (
    ACCENT,
    BUTTON_EDGE,
    DIM,
    PANEL,
    TEXT,
    WARN,
    Button,
    Metrics,
    fit,
    font,
    grid,
    paragraph,
    text,
    width_of,
    wrap,
)

LABEL_SIZES = (16, 14, 12, 11)  # px at unit 1: an area's name shrinks through these (and wraps) to fit
DIMMED = (26, 26, 30)  # an area that is not a legal answer
LABEL_TAG = "area label"  # the tag of an area's label lines (the tests find them by it)
COUNT_TAG = "unit count"  # the tag of a count of units on the map
HEADING_TAG = "map heading"  # the tag of the pending decision's words across the map's top
COUNT_SIZES = (40,)  # px at unit 1: a count's font (ink 21 px = 4.1 mm on the 7-inch panel)
HEADING_SIZES = (38, 30, 24, 20)  # px at unit 1: the heading's font, largest that fits on one line
HEADING_ROOM = 34  # px at unit 1: the strip across the map's top kept for the heading (never moves)
RING = 6  # px at unit 1: a circle's edge and gate ring, inside its radius, kept clear of its units
KINDS = ("goo", "terror", "monster", "cultist")  # the order an owner's units are shown in
FILLS = {"land": (40, 44, 32), "ocean": (20, 30, 60), "gone": (8, 8, 8)}  # an area's fill (dark: counts are light)


class MapScene(Scene):
    """The board; on an action turn, tapping an area opens its legal choices beside the map."""

    name = "map"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.panel = TurnPanel(metrics)
        self.state: GameState | None = None
        self._geometry: tuple[GameState, tuple[tuple[int, int], ...], tuple[int, ...]] | None = None
        # Why the last tap on an area did nothing, on the state it was tapped on (the heading
        # says it until the next tap or the game moves on).
        self.said: tuple[GameState, str] | None = None

    def choosing(self, state: GameState) -> bool:
        return self.panel.active(state) and self.panel.draft.area >= 0 and self.panel.draft.step == state.step

    def answering(self, state: GameState) -> bool:
        """A prompt answered by naming an area is up (answered by a tap on the map)."""
        return not self.panel.active(state) and bool(area_answers(state))

    def split(self, state: GameState) -> tuple[pygame.Rect, pygame.Rect]:
        """(the map, the side panel) of the body.  The map is always the whole body below the
        heading (the areas never move); the panel, when one is open, is drawn over the half
        away from the area tapped, or for an area prompt over a narrower side, the one holding
        fewer of the answers (all of which the panel lists)."""
        body, m = self.body(), self.metrics
        mapped = pygame.Rect(body.x, body.y + m.px(HEADING_ROOM), body.width, body.height - m.px(HEADING_ROOM))
        answering = self.answering(state)
        if not answering and not self.choosing(state):
            return mapped, pygame.Rect(body.right, mapped.y, 0, mapped.height)
        share = 36 if answering else 50
        points = [p for i, p in enumerate(layout(state.board)) if i in area_answers(state)] if answering else []
        if not answering:
            points = [layout(state.board)[self.panel.draft.area]]
        if m.portrait:
            cut = mapped.height * share // 100
            low = sum(y > 0.5 for _, y in points) <= sum(y <= 0.5 for _, y in points)
            top = mapped.bottom - cut if low else mapped.y
            return mapped, pygame.Rect(mapped.x, top, mapped.width, cut)
        cut = mapped.width * share // 100
        right = sum(x > 0.5 for x, _ in points) <= sum(x <= 0.5 for x, _ in points)
        left = mapped.right - cut if right else mapped.x
        return mapped, pygame.Rect(left, body.y, cut, body.height)  # beside the heading too: room for its list

    def geometry(self, state: GameState) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """Each area's centre and circle radius in px (worked out once per state)."""
        known = self._geometry
        if known is not None and known[0] is state:
            return known[1], known[2]
        m = self.metrics
        inner = self.split(state)[0].inflate(-2 * m.px(34), -2 * m.px(26))
        centres = tuple((int(inner.x + x * inner.width), int(inner.y + y * inner.height)) for x, y in layout(state.board))
        wanted = tuple(self.wanted_radius(state, i) for i in range(len(centres)))
        mapped = self.split(state)[0]
        got = radii(centres, wanted, self.base_radius(), m.px(6), (mapped.x, mapped.y, mapped.width, mapped.height))
        self._geometry = (state, centres, got)
        return centres, got

    def centres(self, view: View) -> list[tuple[int, int]]:
        return list(self.geometry(view.state)[0])

    def base_radius(self) -> int:
        return max(self.metrics.touch // 2, self.metrics.px(26))

    def radius(self, area: int = -1) -> int:
        """Area ``area``'s circle radius in px (the least an area's circle has when none given)."""
        if area < 0 or self.state is None:
            return self.base_radius()
        return self.geometry(self.state)[1][area]

    def wanted_radius(self, state: GameState, area: int) -> int:
        """The radius area ``area``'s units need at the largest count size (inside its gate ring)."""
        items = units_by_kind(state, area)
        if not items:
            return self.base_radius()
        reach = arrange(items, self.metrics.px(COUNT_SIZES[0]), self.metrics)[0]
        return math.ceil(reach) + self.metrics.px(RING)

    def update(self, view: View) -> None:
        self.state = view.state
        super().update(view)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        self.said = None
        intent = super().tap(pos)
        if isinstance(intent, Local):
            if self.state is not None and intent.what == REFUSE:  # no destination of the Move: why, nothing else
                self.said = (self.state, why_not(self.panel, self.state, intent.arg))
            elif self.state is not None:
                self.panel.handle(self.state, intent)
                if intent.what == "area":
                    self.nothing_to_do(self.state, intent.arg)
            return None
        if intent is None and self.state is not None and self.answering(self.state):
            self.not_an_answer(self.state, pos)
        return intent

    def nothing_to_do(self, state: GameState, i: int) -> None:
        """Area ``i``, tapped on an action turn, offers its player nothing: the heading says why
        (beside the area's panel, titled with its name, which still offers "Correct this area")."""
        if self.panel.choices(state, i):
            return
        who = state.player(state.prompt.actor).label
        if state.areas[i].count(owner=state.prompt.actor):
            self.said = (state, _("{player} can do nothing here now").format(player=who))
        else:
            self.said = (state, _("Nothing of {player}'s here to act with").format(player=who))

    def not_an_answer(self, state: GameState, pos: tuple[int, int]) -> None:
        """An area tapped that is no answer to the area prompt up: the heading says so."""
        centres, got = self.geometry(state)
        hit = next((i for i, ((x, y), r) in enumerate(zip(centres, got, strict=True)) if math.dist(pos, (x, y)) <= r), -1)
        if hit >= 0 and hit not in area_answers(state):
            self.said = (state, _("{area} is no answer here: tap a lit area").format(area=state.area_name(hit)))

    def layout(self, view: View) -> list[Button]:
        state = view.state
        if self.answering(state):
            return self.answer_buttons(view)
        acting, moving = self.panel.active(state), composing(self.panel, state)
        centres, got = self.geometry(state)
        cover = self.split(state)[1]
        circles = [
            Button(
                pygame.Rect(x - r, y - r, 2 * r, 2 * r),
                "",
                move_intent(self.panel, state, i) if moving else Local("area", i) if acting else Go("area", i),
            )
            for i, ((x, y), r) in enumerate(zip(centres, got, strict=True))
            if not cover.collidepoint(x, y)  # under the open panel: its taps are the panel's
        ]
        if not self.choosing(state):
            return circles
        m = self.metrics
        side = self.split(state)[1].inflate(-2 * m.margin, -2 * m.margin)
        side.y += m.px(34)
        side.height -= m.px(34)
        area = self.panel.draft.area
        extra = [(_("Correct this area"), Go("area", area))] if self.panel.draft.sub == "" else []
        return circles + self.panel.buttons(state, side, extra)

    def answer_buttons(self, view: View) -> list[Button]:
        """An area prompt: each legal area's circle answers it; the others take no tap; beside
        the map, every legal answer as a button too (and any that names no area)."""
        state, m = view.state, self.metrics
        answers = area_answers(state)
        centres, got = self.geometry(state)
        cover = self.split(state)[1]
        circles = [
            Button(
                pygame.Rect(x - r, y - r, 2 * r, 2 * r), "", Submit(answers[i]) if i in answers else None, enabled=i in answers
            )
            for i, ((x, y), r) in enumerate(zip(centres, got, strict=True))
            if not cover.collidepoint(x, y)
        ]
        side = self.split(state)[1].inflate(-2 * m.margin, -2 * m.margin)  # the question is the map's heading
        hidden = {answers[i] for i in answers if cover.collidepoint(centres[i])}
        # The answers the list covers on the map come first (no tap on the map reaches them).
        choices: list[Command] = sorted(legal_commands(state), key=lambda cmd: (cmd not in hidden, label(cmd)))
        return circles + self.panel.place([(label(cmd), Submit(cmd)) for cmd in choices], side, 1)

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, state = self.metrics, view.state
        centres, got = self.geometry(state)
        points = layout(state.board)
        mapped = self.split(state)[0]
        for i, neighbours in enumerate(state.board.adjacent):
            for j in neighbours:
                if i < j:
                    self.draw_border(surface, (centres[i], centres[j]), wraps(points[i], points[j]), mapped)
        worms = dict(state.worms.on_map) if state.worms is not None else {}
        side = self.split(state)[1]
        for i, centre in enumerate(centres):
            if side.width and side.colliderect(
                pygame.Rect(0, 0, 2 * got[i], 2 * got[i]).move(centre[0] - got[i], centre[1] - got[i])
            ):
                continue  # under the open panel (the panel lists what a tap on it would offer)
            self.draw_area(surface, view, i, centre)
        chosen = self.panel.draft.area if self.choosing(state) else -1
        lit = area_answers(state) if self.answering(state) else ({chosen} if chosen >= 0 else set())
        hidden = {i for i in targets(self.panel, state) if side.width and side.collidepoint(centres[i])}
        for i in {*lit, *targets(self.panel, state)} - hidden:  # a Move's destinations too (under the panel: listed)
            ring = TEXT if i == chosen and composing(self.panel, state) else ACCENT
            pygame.draw.circle(surface, ring, centres[i], got[i] + m.px(3), max(2, m.px(3)))
        self.draw_labels(surface, view, list(centres), worms)
        self.draw_heading(surface, state)
        if side.width and side.height:
            panel = side.inflate(-m.margin, -m.margin)
            pygame.draw.rect(surface, (26, 23, 34), panel, border_radius=m.px(8))
            pygame.draw.rect(surface, BUTTON_EDGE, panel, max(1, m.px(2)), border_radius=m.px(8))
            width = panel.width - 2 * m.margin
            if not self.answering(state):  # an area prompt's question is the map's heading
                title = self.panel.title(state, short=True)
                size = fit(title, (m.px(20), m.px(17), m.px(15)), width, True)
                paragraph(surface, title, (panel.x + m.margin, panel.y + m.px(6)), size, width, 1, bold=True)
        for button in self.buttons:
            if button.label:
                button.draw(surface, m)

    def draw_border(
        self, surface: pygame.Surface, ends: tuple[tuple[int, int], tuple[int, int]], round_the_world: bool, mapped: pygame.Rect
    ) -> None:
        """A line between two neighbours; round the world's edge (the Pacific to Asia), a stub
        from each off its own edge of the map."""
        width = max(1, self.metrics.px(3))
        (ax, ay), (bx, by) = sorted(ends)
        if not round_the_world:
            pygame.draw.line(surface, PANEL, (ax, ay), (bx, by), width)
            return
        pygame.draw.line(surface, PANEL, (ax, ay), (mapped.x, (ay + by) // 2), width)
        pygame.draw.line(surface, PANEL, (bx, by), (mapped.right - 1, (ay + by) // 2), width)

    def heading(self, state: GameState) -> str:
        """The pending decision in words: whose turn and what to do, or the engine's question;
        after a tap that did nothing, why."""
        if self.said is not None and self.said[0] is state:
            return self.said[1]
        if self.panel.active(state):
            return self.panel.title(state)
        if state.prompt.kind is PromptKind.NONE:
            return ""
        return prompt_words(state.prompt.text)

    def draw_heading(self, surface: pygame.Surface, state: GameState) -> None:
        """The pending decision across the map's top, in its player's colour, on one line at
        the largest size that holds it (two lines at the smallest if none does)."""
        words, m = self.heading(state), self.metrics
        if not words:
            return
        actor = state.seat(state.prompt.actor) if state.prompt.actor else None
        colour = colour_of(state.player(state.prompt.actor).faction) if actor is not None else TEXT
        side = self.split(state)[1]
        if m.portrait or side.y > 0:  # a panel below the heading leaves it the whole width
            side = pygame.Rect(m.width, 0, 0, 0)
        left = side.right + m.margin if side.width and side.x <= m.margin else m.margin
        room = (side.x if side.width and side.x > m.margin else m.width) - left - m.margin
        sizes = tuple(m.px(s) for s in HEADING_SIZES)
        size = fit(words, sizes, room, True)
        if width_of(words, size, True) <= room:
            y = (m.px(HEADING_ROOM) - line_height(size, words)) // 2 + m.px(2)
            text(surface, words, (left, y), size, colour, bold=True, tag=HEADING_TAG)
            return
        paragraph(surface, words, (left, m.px(2)), m.px(HEADING_SIZES[-1]) * 3 // 4, room, 2, colour, bold=True)

    def label_variants(self, words: list[str]) -> list[tuple[int, list[str]]]:
        """(font size, lines) candidates for an area's label, largest first: the name on one
        line, then on two, at each size; a marks line (Worm, Watcher...) below when given."""
        m, out = self.metrics, []
        name, marks = words[0], words[1:]
        for size in (m.px(s) for s in LABEL_SIZES):
            out.append((size, [name, *marks]))
            two = wrap(name, size, max(1, font(size).size(name)[0] * 6 // 10))
            if len(two) == 2:
                out.append((size, [*two, *marks]))
        return out

    def draw_labels(self, surface: pygame.Surface, view: View, centres: list[tuple[int, int]], worms: dict[int, int]) -> None:
        m, state = self.metrics, view.state
        variants = [
            self.label_variants([state.board.areas[i].name, *self.marks(view, i, worms.get(i))]) for i in range(len(centres))
        ]
        trays = [self.tray(state, i) for i in range(len(centres))]
        sizes = [
            [_with_tray(_block(size, lines), tray) for size, lines in options]
            for options, tray in zip(variants, trays, strict=True)
        ]
        # A margin from the screen's edges (and from the choices beside the map): a label is
        # read as the map's, not cut by the glass's bezel.
        mapped = self.split(state)[0].inflate(-2 * m.margin, -2 * m.margin)
        bounds = (mapped.x, mapped.y, mapped.width, mapped.height)
        side = self.split(state)[1]
        keep_out: tuple[tuple[int, int, int, int], ...] = ((0, 0, m.width, m.px(HEADING_ROOM)),)  # the heading's strip
        if side.width and side.height:
            keep_out += ((side.x, side.y, side.width, side.height),)
        radii = self.geometry(state)[1]
        placed = place_labels(centres, radii, sizes, bounds, keep_out)
        for i, (choice, box) in enumerate(placed):
            r = radii[i]
            circle = pygame.Rect(centres[i][0] - r, centres[i][1] - r, 2 * r, 2 * r)
            if side.width and (pygame.Rect(box).colliderect(side) or circle.colliderect(side)):
                continue  # under the open panel
            size, lines = variants[i][choice]
            marks = len(lines) - len(self.marks(view, i, worms.get(i)))
            y = box[1]
            for n, line in enumerate(lines):
                colour = TEXT if n < marks else WARN
                width = font(size).size(line)[0]
                text(surface, line, (box[0] + (box[2] - width) // 2, y), size, colour, tag=LABEL_TAG)
                y += line_height(size, line)
            tray = trays[i]
            if tray is not None:
                items, (w, _), spots = tray
                draw_items(surface, items, spots, m.px(COUNT_SIZES[0]), (box[0] + (box[2] - w) // 2, y), m)

    def marks(self, view: View, i: int, worm: int | None) -> list[str]:
        state, area = view.state, view.state.areas[i]
        marks = []
        if worm is not None:
            marks.append(_("Worm {number}").format(number=worm))
        if ERADICATED in area.markers:
            marks.append(_("ERADICATED"))
        if GLACIER in area.markers:
            marks.append(_("glacier"))
        if state.watcher is not None and state.watcher.awake and state.watcher.area == i:
            marks.append(_("WATCHER {token}").format(token=state.watcher.token))
        if state.acolyte is not None and state.acolyte.area == i and state.acolyte.status.value == "placed":
            marks.append(_("Acolyte"))
        return [" ".join(marks)] if marks else []

    def draw_area(self, surface: pygame.Surface, view: View, i: int, centre: tuple[int, int]) -> None:
        m, state, r = self.metrics, view.state, self.radius(i)
        area, spec = state.areas[i], state.board.areas[i]
        fill = FILLS["ocean"] if spec.ocean else FILLS["land"]
        if ERADICATED in area.markers:
            fill = FILLS["gone"]
        elif self.answering(state) and i not in area_answers(state):
            fill = DIMMED  # not an answer to the prompt: no tap, and it looks it
        pygame.draw.circle(surface, fill, centre, r)
        edge = ACCENT if spec.pyramid is not None else BUTTON_EDGE
        pygame.draw.circle(surface, edge, centre, r, max(1, m.px(2)))
        if area.gate is not None:
            gate = colour_of(state.player(area.gate.controller).faction) if area.gate.controller else DIM
            pygame.draw.circle(surface, gate, centre, r - m.px(5), max(2, m.px(4)))
        self.draw_units(surface, state, i, centre)

    def tray(self, state: GameState, i: int) -> tuple[list[Item], tuple[int, int], list[tuple[int, int]]] | None:
        """Area ``i``'s units arranged at the full count size when they do not fit inside its
        circle (they are then drawn under its name, outside the circle); None when they fit."""
        m, items = self.metrics, units_by_kind(state, i)
        if not items:
            return None
        reach, block, spots = arrange(items, m.px(COUNT_SIZES[0]), m)
        return None if reach <= self.radius(i) - m.px(RING) else (items, block, spots)

    def draw_units(self, surface: pygame.Surface, state: GameState, i: int, centre: tuple[int, int]) -> None:
        """Area ``i``'s units by owner and kind inside its circle, when they fit there at the
        full count size (else :meth:`tray` puts them under its name)."""
        m, items = self.metrics, units_by_kind(state, i)
        if not items or self.tray(state, i) is not None:
            return
        size = m.px(COUNT_SIZES[0])
        _, (w, h), spots = arrange(items, size, m)
        draw_items(surface, items, spots, size, (centre[0] - w // 2, centre[1] - h // 2), m)


def draw_items(
    surface: pygame.Surface, items: list[Item], spots: list[tuple[int, int]], size: int, topleft: tuple[int, int], m: Metrics
) -> None:
    """Units as arranged by :func:`arrange`: a shape in the owner's colour, its count in light
    digits beside it (a shape alone is one unit)."""
    left, top = topleft
    for (colour, kind, count), (x, y) in zip(items, spots, strict=True):
        icon = icon_size(size)
        draw_icon(surface, kind, colour, (left + x + icon // 2, top + y + h_row(size) // 2), icon)
        if count > 1:
            text(surface, str(count), (left + x + icon + m.px(2), top + y), size, TEXT, bold=True, tag=COUNT_TAG)


Item = tuple[tuple[int, int, int], str, int]  # (owner's colour, kind, count)


def units_by_kind(state: GameState, i: int) -> list[Item]:
    """Area ``i``'s units as (owner's colour, kind, count), owners in turn order, then neutral;
    kinds in :data:`KINDS` order (an independent Great Old One is a Great Old One)."""
    counts: dict[tuple[str, str], int] = {}
    for stack in state.areas[i].units:
        kind = "goo" if stack.kind in (UnitKind.GOO, UnitKind.IGOO) else stack.kind.value
        counts[stack.owner, kind] = counts.get((stack.owner, kind), 0) + stack.count
    owners = sorted({owner for owner, _ in counts}, key=lambda o: (state.seat(o) is None, state.seat(o) or 0, o))
    items: list[Item] = []
    for owner in owners:
        colour = colour_of(state.player(owner).faction) if state.seat(owner) is not None else DIM
        items += [(colour, kind, counts[owner, kind]) for kind in KINDS if counts.get((owner, kind))]
    return items


def icon_size(size: int) -> int:
    return max(4, size * 2 // 5)


def h_row(size: int) -> int:
    return line_height(size, "0")


def item_width(item: Item, size: int, m: Metrics) -> int:
    if item[2] == 1:  # one unit: its shape alone, as one piece stands on the board
        return icon_size(size)
    count = item[2]
    return icon_size(size) + m.px(2) + width_of(str(count), size, True)


def arrange(items: list[Item], size: int, m: Metrics) -> tuple[float, tuple[int, int], list[tuple[int, int]]]:
    """``items`` in centred rows at count size ``size``: (the farthest any row's corner lies
    from the block's centre in px, (width, height) of the block, each item's top left in it),
    the columns chosen so that reach is least; an owner's items stay together where they can."""
    gap, row = m.px(4), h_row(size)
    best: tuple[float, tuple[int, int], list[tuple[int, int]]] | None = None
    for columns in range(1, len(items) + 1):
        rows = [items[k : k + columns] for k in range(0, len(items), columns)]
        widths = [sum(item_width(it, size, m) for it in r) + gap * (len(r) - 1) for r in rows]
        w, h = max(widths), len(rows) * row
        spots = []
        for n, (r, rw) in enumerate(zip(rows, widths, strict=True)):
            x = (w - rw) // 2
            for it in r:
                spots.append((x, n * row))
                x += item_width(it, size, m) + gap
        reach = max(math.hypot(rw / 2, max(abs(n * row - h / 2), abs((n + 1) * row - h / 2))) for n, rw in enumerate(widths))
        if best is None or reach < best[0]:
            best = (reach, (w, h), spots)
    assert best is not None
    return best


def draw_icon(surface: pygame.Surface, kind: str, colour: tuple[int, int, int], middle: tuple[int, int], size: int) -> None:
    """A unit kind's shape in its owner's colour, edged light so a dark colour still shows:
    a diamond (Great Old One, larger), a triangle (Terror), a square (Monster), a dot (Cultist)."""
    x, y, half = middle[0], middle[1], size // 2
    if kind == "goo":
        shape = [(x, y - size * 3 // 4), (x + half, y), (x, y + size * 3 // 4), (x - half, y)]
    elif kind == "terror":
        shape = [(x, y - half), (x + half, y + half), (x - half, y + half)]
    elif kind == "monster":
        shape = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
    else:
        pygame.draw.circle(surface, colour, middle, half)
        pygame.draw.circle(surface, TEXT, middle, half, 1)
        return
    pygame.draw.polygon(surface, colour, shape)
    pygame.draw.polygon(surface, TEXT, shape, 1)


def line_height(size: int, line: str) -> int:
    """The height a line takes (some glyphs reach below the font's own line size)."""
    return max(font(size).get_linesize(), font(size).size(line)[1])


def _with_tray(block: tuple[int, int], tray: tuple[list[Item], tuple[int, int], list[tuple[int, int]]] | None) -> tuple[int, int]:
    """A label's (width, height) with its area's units under it (when they are)."""
    if tray is None:
        return block
    w, h = tray[1]
    return max(block[0], w), block[1] + h


def _block(size: int, lines: list[str]) -> tuple[int, int]:
    """A label's (width, height) at ``size``."""
    return max(font(size).size(line)[0] for line in lines), sum(line_height(size, line) for line in lines)


def who(state: GameState, pid: str | None) -> str:
    """A player's name as the table reads it ("" for none; "Neutral" for a neutral unit's owner)."""
    if not pid:
        return ""
    return state.player(pid).label if state.seat(pid) is not None else _("Neutral")


class AreaScene(Scene):
    """A quick editor for one area: its gate, and a cultist more or less per player (corrections)."""

    name = "area"

    def layout(self, view: View) -> list[Button]:
        state, index = view.state, view.area
        if index < 0:
            return [Button(pygame.Rect(self.metrics.margin, self.metrics.margin, 200, self.metrics.touch), _("Back"), Go("map"))]
        name = state.area_name(index)
        actions: list[tuple[str, object]] = [
            (_("Back to the map"), Go("map")),
            (_("No gate"), Submit(c.SetGate(name, "none"))),
            (_("Abandoned gate"), Submit(c.SetGate(name, "abandoned"))),
        ]
        for player in state.players:
            if state.areas[index].count(owner=player.pid):
                actions.append((_("Gate: {player}").format(player=player.label), Submit(c.SetGate(name, player.pid))))
            unit = c.UnitRef(name, UnitKind.CULTIST)
            actions.append((_("+ cultist {player}").format(player=player.label), Submit(c.Place(player.pid, unit))))
            if state.areas[index].count(owner=player.pid, kind=UnitKind.CULTIST):
                actions.append((_("- cultist {player}").format(player=player.label), Submit(c.Eliminate(player.pid, unit))))
        area = self.body().inflate(-2 * self.metrics.margin, -2 * self.metrics.margin)
        area.y += self.metrics.px(60)
        rects = grid(area, len(actions), 3, self.metrics)
        return [Button(rect, words, intent) for rect, (words, intent) in zip(rects, actions, strict=False)]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        if view.area >= 0:
            area = view.state.areas[view.area]
            state = view.state
            gate = _("none") if area.gate is None else (who(state, area.gate.controller) or _("abandoned"))
            units = ", ".join(f"{u.count} {u.name} ({who(state, u.owner)})" for u in area.units) or _("no units")
            text(surface, view.state.area_name(view.area), (m.margin, m.margin), m.px(28), bold=True)
            text(
                surface,
                _("gate: {gate}; {units}").format(gate=gate, units=units),
                (m.margin, m.px(36)),
                m.px(19),
                DIM,
                width=m.width - 2 * m.margin,
            )
        super().draw(surface, view)
