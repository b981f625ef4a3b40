"""The map: every area a tappable circle with its gate, units, Worm, eradication, the Watcher and
the Acolyte, its name (2.5 mm of ink from the seats) beside it where the layout made room for it
(:func:`companion.ui.map_layout.settle`) and no other label or circle is, else further out with a
line from its circle.  On an action turn, tapping an
area opens what the player to act can legally do there (:mod:`turn_panel`); otherwise it opens a
quick editor for the area's gate and cultists.  A prompt answered by naming an area (a start
area, where the Watcher attacks, a Worm's, glacier's or the Acolyte's place, a retreat) is
answered here by tapping the area: only the legal ones are lit and take a tap, with the same
choices as a list beside the map.

Read from the seats: each area shows its units by kind (a Great Old One as a diamond, a Terror a
triangle, a Monster a square, a Cultist a circle, in the owner's colour) with light counts whose
ink is at least 3.5 mm tall on the 7-inch panel; a circle grows into the room its neighbours
and their names leave to hold them, and never over another (units a hemmed-in circle cannot
hold go on a tab of its fill over it, else beside it).  The pending decision is headed across the top of
the map.  The areas stay where they are when a side panel opens: the panel covers the half of
the map away from the area tapped (or, for an area prompt, the side with fewer answers)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pygame

from companion.engine import Command, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import ERADICATED, GLACIER, GameState, PromptKind, UnitKind
from companion.engine.cthulhu.unit_words import unit_words
from companion.i18n import _
from companion.palette import colour_of
from companion.ui.labels import HEADLINES, label, prompt_words
from companion.ui.map_layout import Point, layout, leader, name_box, place_labels, radii, settle, wraps
from companion.ui.move_on_map import REFUSE, MoveOnMap, composing
from companion.ui.scene import Go, Intent, Scene, Submit, View
from companion.ui.turn_panel import Local, TurnPanel, area_answers
from companion.ui.widgets import (
    ACCENT,
    BUTTON_EDGE,
    DIM,
    FLOOR_SIZE,
    PANEL,
    PANEL_LABELS,
    SEATS_FLOOR,
    TEXT,
    TIGHT_STEP,
    WARN,
    Button,
    Metrics,
    fit,
    fitted_grid,
    font,
    paragraph,
    text,
    width_of,
    wrap,
)

# px at unit 1: an area's name (ink 13 px = 2.5 mm on the 7-inch panel), on 1 to 3 lines; the
# smaller sizes only for a name that finds no room at that size beside its circle nor further
# out (map_layout.place_labels; a squarer screen holds less)
LABEL_SIZES = (27, 22, 18, 15)
NAME_LINES = 3  # the most lines an area's name is broken onto
TAB_PAD = 3  # px at unit 1: round the units on a tab beside their circle
TRAY_REACH = 12  # half-radii: how far from its circle units it cannot hold may go (else under its name)
RESERVE = 4  # px at unit 1: how far past its least radius a circle grows without moving its name
DIMMED = (26, 26, 30)  # an area that is not a legal answer
LABEL_TAG = "area label"  # the tag of an area's label lines (the tests find them by it)
COUNT_TAG = "unit count"  # the tag of a count of units on the map
HEADING_TAG = "map heading"  # the tag of the pending decision's words across the map's top
# px at unit 1: a count's font (ink 21 px = 4.1 mm on the 7-inch panel; 37 px inks a 4 or a 7 18 px, under 3.5 mm)
COUNT_SIZES = (40,)
HEADING_SIZES = (38, 34, 30, 27)  # px at unit 1: the heading's font, largest that fits on one line (27: the seats')
HEADING_LEAST = 20  # px at unit 1: two lines of words no line at 27 holds (not a question: see question_beside)
HEADING_ROOM = 34  # px at unit 1: the strip across the map's top kept for the heading (never moves)
RING = 6  # px at unit 1: a circle's edge and gate ring, inside its radius, kept clear of its units
KINDS = ("goo", "terror", "monster", "cultist")  # the order an owner's units are shown in
FILLS = {"land": (40, 44, 32), "ocean": (20, 30, 60), "gone": (8, 8, 8)}  # an area's fill (dark: counts are light)


Box = tuple[int, int, int, int]  # x, y, width, height in px
Item = tuple[tuple[int, int, int], str, int]  # (owner's colour, kind, count)
Tray = tuple[list[Item], tuple[int, int], list[tuple[int, int]]]  # units as arranged: (items, block, spots)


@dataclass(frozen=True)
class LabelPlan:
    """Where the map's words go on one state: each area's ((font size, lines), box); the units
    each hemmed-in circle cannot hold, beside it ((items, spots, box) by area) or under its
    name (arranged, by area); the line from its circle to each name away from it (by area)."""

    labels: list[tuple[tuple[int, list[str]], Box]]
    beside: dict[int, tuple[list[Item], list[tuple[int, int]], Box]]
    under: dict[int, Tray]
    leaders: dict[int, tuple[Point, Point]]


class MapScene(Scene):
    """The board; on an action turn, tapping an area opens its legal choices beside the map."""

    name = "map"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.panel = TurnPanel(metrics, PANEL_LABELS, TIGHT_STEP)
        self.moves = MoveOnMap(self.panel)  # a Move's destinations tapped on the map
        self.state: GameState | None = None
        self._geometry: tuple[GameState, tuple[tuple[int, int], ...], tuple[int, ...]] | None = None
        self._labels: tuple[GameState, tuple[int, int, int, int], LabelPlan] | None = None
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
        # % of the map: the answers' list is narrow (at 36% Earth-6p's start-area list left
        # Scandinavia no place at 27 px); an area's choices and composers take half.
        share = 30 if answering else 50
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
        return mapped, pygame.Rect(left, mapped.y, cut, mapped.height)  # below the heading: it keeps the whole width

    def geometry(self, state: GameState) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """Each area's centre and circle radius in px (worked out once per state)."""
        known = self._geometry
        if known is not None and known[0] is state:
            return known[1], known[2]
        m = self.metrics
        centres = self.settled(state)[0]
        wanted = tuple(self.wanted_radius(state, i) for i in range(len(centres)))
        mapped = self.split(state)[0]
        room = mapped.inflate(-2 * m.margin, -2 * m.margin)
        got = radii(
            centres,
            wanted,
            self.base_radius(),
            m.px(6),
            (mapped.x, mapped.y, mapped.width, mapped.height),
            self.names(state),
            self.base_radius() + m.px(RESERVE),
            (room.x, room.y, room.width, room.height),
        )
        self._geometry = (state, centres, got)
        return centres, got

    def settled(self, state: GameState) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """Each area's centre in px and its name's (line breaking, side), the areas moved from
        their map layout's places just so far that every name fits beside its own circle
        (:func:`settle`; worked out once per map and screen size)."""
        m = self.metrics
        mapped = self.split(state)[0]
        inner = mapped.inflate(-2 * m.px(34), -2 * m.px(26))
        start = tuple((int(inner.x + x * inner.width), int(inner.y + y * inner.height)) for x, y in layout(state.board))
        largest = m.px(LABEL_SIZES[0])  # (the smaller sizes are for a name that finds no room: place_labels)
        blocks = tuple(
            tuple(
                label_block(size, lines) for size, lines in self.label_variants([area.name, *spare(state, i)]) if size == largest
            )
            for i, area in enumerate(state.board.areas)
        )
        room = mapped.inflate(-2 * m.margin, -2 * m.margin)
        base = self.base_radius()
        return settle(start, base + m.px(RESERVE), blocks, (room.x, room.y, room.width, room.height), max(1, base // 8), base)

    def names(self, state: GameState) -> tuple[tuple[int, tuple[int, int]], ...]:
        """Each area's label as :meth:`settled` made room for it: (its side of the circle, its
        (width, height) px with its marks (Worm, ERADICATED...) on a line under its name)."""
        worms = dict(state.worms.on_map) if state.worms is not None else {}
        return tuple(
            (side, label_block(*self.label_variants([state.board.areas[i].name, *self.marks(state, i, worms.get(i))])[choice]))
            for i, (choice, side) in enumerate(self.settled(state)[1])
        )

    def name_boxes(self, state: GameState) -> tuple[tuple[int, int, int, int], ...]:
        """Each area's label's box in px: :data:`RESERVE` px off its circle's least radius (a
        circle grows that far without moving it), pushed out as its circle grows further."""
        centres, got = self.geometry(state)
        reach, gap = self.base_radius() + self.metrics.px(RESERVE), max(1, self.base_radius() // 8)
        return tuple(
            name_box(centre, max(r, reach), gap, side, block)
            for centre, r, (side, block) in zip(centres, got, self.names(state), strict=True)
        )

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
                self.said = (self.state, self.moves.why_not(self.state, intent.arg))
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
                self.moves.intent(state, i) if moving else Local("area", i) if acting else Go("area", i),
            )
            for i, ((x, y), r) in enumerate(zip(centres, got, strict=True))
            if not cover.collidepoint(x, y)  # under the open panel: its taps are the panel's
        ]
        if not self.choosing(state):
            return circles
        m = self.metrics
        side = self.split(state)[1].inflate(-2 * m.margin, -2 * m.margin)  # its title is the map's heading
        self.panel.out_of_sight = frozenset(i for i, centre in enumerate(centres) if cover.collidepoint(centre))
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
        question = self.question_lines(state, side.width)
        if question:  # (too long for the heading: told at the list's top)
            drop = len(question) * round(m.px(FLOOR_SIZE) * TIGHT_STEP) + m.margin
            side = pygame.Rect(side.x, side.y + drop, side.width, side.height - drop)
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
        targets = self.moves.targets(state)
        hidden = {i for i in targets if side.width and side.collidepoint(centres[i])}
        for i in {*lit, *targets} - hidden:  # a Move's destinations too (under the panel: listed)
            ring = TEXT if i == chosen and composing(self.panel, state) else ACCENT
            pygame.draw.circle(surface, ring, centres[i], got[i] + m.px(3), max(2, m.px(3)))
        self.draw_labels(surface, view, list(centres), worms)
        self.draw_heading(surface, state)
        if side.width and side.height:
            panel = side.inflate(-m.margin, -m.margin)
            pygame.draw.rect(surface, (26, 23, 34), panel, border_radius=m.px(8))
            pygame.draw.rect(surface, BUTTON_EDGE, panel, max(1, m.px(2)), border_radius=m.px(8))
            inner = side.inflate(-2 * m.margin, -2 * m.margin)
            question = self.question_lines(state, inner.width)
            if question:
                size, step = m.px(FLOOR_SIZE), round(m.px(FLOOR_SIZE) * TIGHT_STEP)
                for n, line in enumerate(question):
                    text(surface, line, (inner.x + m.margin, inner.y + n * step), size, TEXT, box=panel, tag="question")
        for button in self.buttons:
            if button.label:
                button.draw(surface, m)

    def question_lines(self, state: GameState, width: int) -> list[str]:
        """The question told at the top of the answers' list (see :meth:`question_beside`),
        wrapped at 28 px into ``width`` px; none when the heading tells it."""
        words = self.question_beside(state) if self.answering(state) else ""
        return wrap(words, self.metrics.px(FLOOR_SIZE), width - 2 * self.metrics.margin) if words else []

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

    def question_beside(self, state: GameState) -> str:
        """The engine's question when it is too long for the heading's one line at the seats'
        size (27 px): the heading then says whose it is and what kind ("Opener of the Way:
        Retreat to"), and the question goes whole at the top of the answers' list beside the
        map (or is the table's, where no list is); "" when the heading holds it."""
        m = self.metrics
        words = self.heading(state)
        if not words or words != prompt_words(state.prompt.text) or state.prompt.kind not in HEADLINES:
            return ""
        return words if width_of(words, m.px(SEATS_FLOOR), True) > m.width - 2 * m.margin else ""

    def short_heading(self, state: GameState) -> str:
        """The heading for a question told beside the map or on the table: whose, and its kind."""
        actor = state.prompt.actor
        who = state.player(actor).label if actor and state.seat(actor) is not None else ""
        what = _(HEADLINES[state.prompt.kind])
        if not self.answering(state):
            what = _("{what} (on the Table)").format(what=what)
        return _("{player}: {asks}").format(player=who, asks=what) if who else what

    def draw_heading(self, surface: pygame.Surface, state: GameState) -> None:
        """The pending decision across the map's top, in its player's colour, on one line at
        the largest size that holds it; a question longer than that line at 27 px is told by
        :meth:`short_heading` (two smaller lines only for any other long words)."""
        words, m = self.heading(state), self.metrics
        if not words:
            return
        if self.question_beside(state):
            words = self.short_heading(state)
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
        paragraph(surface, words, (left, m.px(2)), m.px(HEADING_LEAST), room, 2, colour, bold=True, tag=HEADING_TAG)

    def label_variants(self, words: list[str]) -> list[tuple[int, list[str]]]:
        """(font size, lines) candidates for an area's label, largest first: the name on one
        line, then on two, then three (each breaking the one whose widest line is least), at
        each size; a marks line (Worm, Watcher...) below when given."""
        m, out = self.metrics, []
        name, marks = words[0], words[1:]
        for size in (m.px(s) for s in LABEL_SIZES):
            out += [(size, [*lines, *marks]) for lines in broken(name, size, NAME_LINES)]
        return out

    def draw_labels(self, surface: pygame.Surface, view: View, centres: list[tuple[int, int]], worms: dict[int, int]) -> None:
        m, state = self.metrics, view.state
        plan = self.label_plan(state)
        for i, (items, spots, box) in plan.beside.items():
            if not self.hidden(state, i, box):  # on a tab of its area's own fill, a line from its circle
                pad = m.px(TAB_PAD)
                pygame.draw.line(surface, BUTTON_EDGE, *leader(self.geometry(state)[0][i], self.radius(i), box), max(1, m.px(3)))
                pygame.draw.rect(surface, self.fill(state, i), box, border_radius=m.px(8))
                pygame.draw.rect(surface, BUTTON_EDGE, box, max(1, m.px(2)), border_radius=m.px(8))
                draw_items(surface, items, spots, m.px(COUNT_SIZES[-1]), (box[0] + pad, box[1] + pad), m)
        for i, ((size, lines), box) in enumerate(plan.labels):
            if self.hidden(state, i, box):
                continue
            if i in plan.leaders:  # a name away from its circle: the line says whose it is
                pygame.draw.line(surface, BUTTON_EDGE, *plan.leaders[i], max(1, m.px(3)))
            marks = len(lines) - len(self.marks(state, i, worms.get(i)))
            y = box[1]
            for n, line in enumerate(lines):
                colour = TEXT if n < marks else WARN
                width = font(size).size(line)[0]
                text(surface, line, (box[0] + (box[2] - width) // 2, y), size, colour, tag=LABEL_TAG)
                y += line_height(size, line)
            if i in plan.under:
                items, (w, _), spots = plan.under[i]
                draw_items(surface, items, spots, m.px(COUNT_SIZES[-1]), (box[0] + (box[2] - w) // 2, y), m)

    def label_plan(self, state: GameState) -> LabelPlan:
        """Each area's label ((font size, lines), box) and where the units go that its circle
        cannot hold: worked out once per state and open panel (a frame only draws it)."""
        m, split = self.metrics, self.split(state)
        key = (split[1].x, split[1].y, split[1].width, split[1].height)
        known = self._labels
        if known is not None and known[0] is state and known[1] == key:
            return known[2]
        centres, radii = self.geometry(state)
        # A margin from the screen's edges (and from the choices beside the map): a label is
        # read as the map's, not cut by the glass's bezel.
        mapped = split[0].inflate(-2 * m.margin, -2 * m.margin)
        bounds = (mapped.x, mapped.y, mapped.width, mapped.height)
        keep_out: tuple[tuple[int, int, int, int], ...] = ((0, 0, m.width, m.px(HEADING_ROOM)),)  # the heading's strip
        if key[2] and key[3]:
            keep_out += (key,)
        covered = {  # under the panel: no label, nor units beside it (the panel lists what it holds)
            i
            for i, ((x, y), r) in enumerate(zip(centres, radii, strict=True))
            if pygame.Rect(key).colliderect((x - r, y - r, 2 * r, 2 * r))
        }
        prefer = list(zip((choice for choice, _side in self.settled(state)[1]), self.name_boxes(state), strict=True))
        names = tuple(box for i, (_choice, box) in enumerate(prefer) if i not in covered)
        beside, under = self.tray_spots(state, list(centres), keep_out + names, bounds, covered)
        keep_out += tuple(box for _, _, box in beside.values())
        labels = self.place_names(state, [i for i in range(len(centres)) if i not in covered], prefer, under, (bounds, keep_out))
        plan = LabelPlan(
            [labels[i][:2] if i in labels else (self.variants(state, i)[0], (*centres[i], 0, 0)) for i in range(len(centres))],
            beside,
            under,
            {i: leader(centres[i], radii[i], box) for i, (_words, box, away) in labels.items() if away},
        )
        self._labels = (state, key, plan)
        return plan

    def variants(self, state: GameState, i: int) -> list[tuple[int, list[str]]]:
        """Area ``i``'s label's (font size, lines) candidates with its marks (:meth:`label_variants`)."""
        worm = dict(state.worms.on_map).get(i) if state.worms is not None else None
        return self.label_variants([state.board.areas[i].name, *self.marks(state, i, worm)])

    def place_names(
        self,
        state: GameState,
        shown: list[int],
        prefer: list[tuple[int, Box]],
        under: dict[int, Tray],
        room: tuple[Box, tuple[Box, ...]],
    ) -> dict[int, tuple[tuple[int, list[str]], Box, bool]]:
        """Where the ``shown`` areas' names go, by area: ((font size, lines), box, whether it is
        away from its circle), inside ``room`` (the map's bounds, the boxes no name takes); each
        where :meth:`settled` made room for it (``prefer``, by area), else where
        :func:`place_labels` finds room.  A name with its units
        ``under`` it is that much larger.  (The areas under the open panel are left out: their
        circles are not drawn.)"""
        m, (centres, radii) = self.metrics, self.geometry(state)
        prefer = list(prefer)  # (the caller's list stays as it was)
        variants = {i: self.variants(state, i) for i in shown}
        sizes = {i: [_with_tray(label_block(size, lines), under.get(i)) for size, lines in variants[i]] for i in shown}
        for i in under.keys() & set(shown):  # its units under it: a larger name pushes off its circle as far
            where, choice = self.names(state)[i][0], prefer[i][0]
            reach = max(radii[i], self.base_radius() + m.px(RESERVE))
            prefer[i] = (choice, name_box(centres[i], reach, max(1, self.base_radius() // 8), where, sizes[i][choice]))
        # The name at its largest size (its first breakings) looked for beside and further out
        # before a smaller one: only a map with no room for it anywhere shrinks it.
        whole = tuple(sum(size == m.px(LABEL_SIZES[0]) for size, _lines in variants[i]) for i in shown)
        spots = place_labels(
            [centres[i] for i in shown],
            tuple(radii[i] for i in shown),
            [sizes[i] for i in shown],
            *room,
            tuple(prefer[i] for i in shown),
            whole=whole,
        )
        return {i: (variants[i][spot.choice], spot.box, spot.away) for i, spot in zip(shown, spots, strict=True)}

    def hidden(self, state: GameState, i: int, box: tuple[int, int, int, int]) -> bool:
        """Whether area ``i``'s circle or a box of its (name, units) lies under the open panel."""
        side, r, (x, y) = self.split(state)[1], self.radius(i), self.geometry(state)[0][i]
        circle = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        return bool(side.width) and (pygame.Rect(box).colliderect(side) or circle.colliderect(side))

    def fill(self, state: GameState, i: int) -> tuple[int, int, int]:
        """Area ``i``'s fill: land, ocean, eradicated, or dimmed (no answer to the prompt up)."""
        if ERADICATED in state.areas[i].markers:
            return FILLS["gone"]
        if self.answering(state) and i not in area_answers(state):
            return DIMMED  # not an answer to the prompt: no tap, and it looks it
        return FILLS["ocean"] if state.board.areas[i].ocean else FILLS["land"]

    def tray_spots(
        self,
        state: GameState,
        centres: list[tuple[int, int]],
        taken: tuple[tuple[int, int, int, int], ...],
        bounds: tuple[int, int, int, int],
        covered: set[int],
    ) -> tuple[dict[int, tuple[list[Item], list[tuple[int, int]], tuple[int, int, int, int]]], dict[int, Tray]]:
        """Where the units of each area whose circle cannot hold them go: beside its circle where
        no name, circle or other units are ((items, spots, box) by area), or, where there is no
        such room, under its name (the trays by area); none for the ``covered`` areas' (under
        the open panel: they would take room from what is drawn)."""
        trays = {i: tray for i in range(len(centres)) if i not in covered and (tray := self.tray(state, i)) is not None}
        if not trays:
            return {}, {}
        radii = self.geometry(state)[1]
        circles = tuple((x - r, y - r, 2 * r, 2 * r) for (x, y), r in zip(centres, radii, strict=True))
        order, pad, m = sorted(trays), self.metrics.px(TAB_PAD), self.metrics
        # Each tray in as many shapes as its units have columns (the squarest first): a row of
        # units fits a gap a square block does not.
        shapes = {
            i: sorted(
                (arrange(trays[i][0], m.px(COUNT_SIZES[-1]), m, columns) for columns in range(1, len(trays[i][0]) + 1)),
                key=lambda shape: shape[0],
            )
            for i in order
        }

        def clear(i: int, box: Box, others: list[Box]) -> bool:
            """Whether ``box`` lies on the map clear of ``others`` and every circle but area ``i``'s."""
            return (
                pygame.Rect(bounds).contains(box)
                and not pygame.Rect(box).collidelistall(others)
                and all(
                    j == i or math.dist(_nearest(box, c), c) >= r for j, (c, r) in enumerate(zip(centres, radii, strict=True))
                )
            )

        over: dict[int, tuple[list[Item], list[tuple[int, int]], Box]] = {}
        for i in order:  # on its own circle, spilling over its rim, where that is clear
            for _reach, (w, h), places in shapes[i]:
                box = (centres[i][0] - w // 2 - pad, centres[i][1] - h // 2 - pad, w + 2 * pad, h + 2 * pad)
                if clear(i, box, [*taken, *(b for *_, b in over.values())]):
                    over[i] = (trays[i][0], places, box)
                    break
        order = [i for i in order if i not in over]
        taken += tuple(b for _, _, b in over.values())
        spots = place_labels(
            [centres[i] for i in order],
            tuple(radii[i] for i in order),
            [[(w + 2 * pad, h + 2 * pad) for _, (w, h), _ in shapes[i]] for i in order],
            bounds,
            taken + circles,
            far=TRAY_REACH,  # near its circle (a line joins them) or not at all (under its name)
        )
        beside, under = over, {}
        for n, (i, spot) in enumerate(zip(order, spots, strict=True)):
            if clear(-1, spot.box, [*taken, *(other.box for k, other in enumerate(spots) if k != n)]):
                beside[i] = (trays[i][0], shapes[i][spot.choice][2], spot.box)
            else:
                under[i] = trays[i]
        return beside, under

    def marks(self, state: GameState, i: int, worm: int | None) -> list[str]:
        area = state.areas[i]
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
        pygame.draw.circle(surface, self.fill(state, i), centre, r)
        edge = ACCENT if spec.pyramid is not None else BUTTON_EDGE
        pygame.draw.circle(surface, edge, centre, r, max(1, m.px(2)))
        if area.gate is not None:
            gate = colour_of(state.player(area.gate.controller).faction) if area.gate.controller else DIM
            pygame.draw.circle(surface, gate, centre, r - m.px(5), max(2, m.px(4)))
        self.draw_units(surface, state, i, centre)

    def inside(self, state: GameState, i: int) -> tuple[int, tuple[int, int], list[tuple[int, int]]] | None:
        """Area ``i``'s units arranged inside its circle: (count size, block, spots) at the
        largest of :data:`COUNT_SIZES` that fits; None when none does (or it has none)."""
        m, items = self.metrics, units_by_kind(state, i)
        for size in (m.px(s) for s in COUNT_SIZES) if items else ():
            reach, block, spots = arrange(items, size, m)
            if reach <= self.radius(i) - m.px(RING):
                return size, block, spots
        return None

    def tray(self, state: GameState, i: int) -> tuple[list[Item], tuple[int, int], list[tuple[int, int]]] | None:
        """Area ``i``'s units arranged at the least count size when they do not fit inside its
        circle (they are then drawn beside it); None when they fit."""
        m, items = self.metrics, units_by_kind(state, i)
        if not items or self.inside(state, i) is not None:
            return None
        _, block, spots = arrange(items, m.px(COUNT_SIZES[-1]), m)
        return items, block, spots

    def draw_units(self, surface: pygame.Surface, state: GameState, i: int, centre: tuple[int, int]) -> None:
        """Area ``i``'s units by owner and kind inside its circle, when they fit there (else
        :meth:`tray` puts them beside it)."""
        inside = self.inside(state, i)
        if inside is not None:
            size, (w, h), spots = inside
            draw_items(surface, units_by_kind(state, i), spots, size, (centre[0] - w // 2, centre[1] - h // 2), self.metrics)


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


def arrange(items: list[Item], size: int, m: Metrics, only: int = 0) -> tuple[float, tuple[int, int], list[tuple[int, int]]]:
    """``items`` in centred rows at count size ``size``: (the farthest any row's corner lies
    from the block's centre in px, (width, height) of the block, each item's top left in it),
    the columns chosen so that reach is least (or ``only`` columns); an owner's items stay
    together where they can."""
    gap, row = m.px(4), h_row(size)
    best: tuple[float, tuple[int, int], list[tuple[int, int]]] | None = None
    for columns in [only] if only else range(1, len(items) + 1):
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


def _nearest(box: tuple[int, int, int, int], point: tuple[int, int]) -> tuple[int, int]:
    """The point of ``box`` nearest ``point``."""
    return (min(max(point[0], box[0]), box[0] + box[2]), min(max(point[1], box[1]), box[1] + box[3]))


def _with_tray(block: tuple[int, int], tray: Tray | None) -> tuple[int, int]:
    """A label's (width, height) with its area's units under it (when they are)."""
    if tray is None:
        return block
    w, h = tray[1]
    return max(block[0], w), block[1] + h


def spare(state: GameState, i: int) -> list[str]:
    """The mark area ``i``'s label keeps a line for under its name: Worms and the areas they
    eradicate come and go anywhere on Shaggai, glaciers on Primeval Earth (the other marks, one
    area's at a time, find their room when they come)."""
    if state.worms is not None:
        return [_("ERADICATED")]
    return [_("glacier")] if state.board.is_primeval else []


def broken(name: str, size: int, most: int) -> list[list[str]]:
    """``name`` on one line, then on two, ... up to ``most`` lines (as many as it has words),
    each the breaking whose widest line at font ``size`` is least."""
    words = name.split(" ")
    out = [[name]]
    for count in range(2, min(most, len(words)) + 1):
        best: tuple[int, list[str]] | None = None
        for cuts in itertools.combinations(range(1, len(words)), count - 1):
            ends = (0, *cuts, len(words))
            lines = [" ".join(words[a:b]) for a, b in itertools.pairwise(ends)]
            widest = max(font(size).size(line)[0] for line in lines)
            if best is None or widest < best[0]:
                best = (widest, lines)
        assert best is not None
        out.append(best[1])
    return out


def label_block(size: int, lines: list[str]) -> tuple[int, int]:
    """A label's (width, height) at ``size``."""
    return max(font(size).size(line)[0] for line in lines), sum(line_height(size, line) for line in lines)


def who(state: GameState, pid: str | None) -> str:
    """A player's name as the table reads it ("" for none; "Neutral" for a neutral unit's owner)."""
    if not pid:
        return ""
    return state.player(pid).label if state.seat(pid) is not None else _("Neutral")


SUMMARY_LINES = 3  # the area editor's summary of the area at most (the rest is on the map)


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
        m = self.metrics
        area = self.body().inflate(-2 * m.margin, -2 * m.margin)
        area.y = self.summary_top() + len(self.summary_lines(view)) * round(m.px(FLOOR_SIZE) * TIGHT_STEP) + m.margin
        rects = fitted_grid(area, [words for words, _intent in actions], 3, m)
        return [Button(rect, words, intent) for rect, (words, intent) in zip(rects, actions, strict=False)]

    def summary_top(self) -> int:
        """Below the area's name."""
        m = self.metrics
        return m.margin + font(m.px(28), True).get_linesize()

    def summary(self, view: View) -> str:
        """The area's gate and units in words: "gate: none; 6 Acolytes (Great Cthulhu)"."""
        area, state = view.state.areas[view.area], view.state
        gate = _("none") if area.gate is None else (who(state, area.gate.controller) or _("abandoned"))
        units = ", ".join(f"{unit_words(u.count, u.name)} ({who(state, u.owner)})" for u in area.units) or _("no units")
        return _("gate: {gate}; {units}").format(gate=gate, units=units)

    def summary_lines(self, view: View) -> list[str]:
        """The summary wrapped at the table's floor (read from the seats; at most three lines)."""
        if view.area < 0:
            return []
        m = self.metrics
        return wrap(self.summary(view), m.px(FLOOR_SIZE), m.width - 2 * m.margin)[:SUMMARY_LINES]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        if view.area >= 0:
            text(surface, view.state.area_name(view.area), (m.margin, m.margin), m.px(28), bold=True)
            width = m.width - 2 * m.margin
            paragraph(
                surface,
                self.summary(view),
                (m.margin, self.summary_top()),
                m.px(FLOOR_SIZE),
                width,
                SUMMARY_LINES,
                DIM,
                step=TIGHT_STEP,
            )
        super().draw(surface, view)
