"""The map: every area a tappable circle with its gate, units, Worm, eradication, the Watcher and
the Acolyte, its name placed where no other label or circle is.  On an action turn, tapping an
area opens what the player to act can legally do there (:mod:`turn_panel`); otherwise it opens a
quick editor for the area's gate and cultists.  A prompt answered by naming an area (a start
area, where the Watcher attacks, a Worm's, glacier's or the Acolyte's place, a retreat) is
answered here by tapping the area: only the legal ones are lit and take a tap, with the same
choices as a list beside the map."""

from __future__ import annotations

import pygame

from companion.engine import Command, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import ERADICATED, GLACIER, GameState, UnitKind
from companion.i18n import _
from companion.palette import colour_of
from companion.ui.labels import label, prompt_words
from companion.ui.map_layout import layout, place_labels
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
    wrap,
)

LABEL_SIZES = (16, 14, 12, 11)  # px at unit 1: an area's name shrinks through these (and wraps) to fit
TITLE_LINES = 4  # an area prompt's words take up to this many lines above its list
DIMMED = (26, 26, 30)  # an area that is not a legal answer
LABEL_TAG = "area label"  # the tag of an area's label lines (the tests find them by it)


class MapScene(Scene):
    """The board; on an action turn, tapping an area opens its legal choices beside the map."""

    name = "map"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.panel = TurnPanel(metrics)
        self.state: GameState | None = None

    def choosing(self, state: GameState) -> bool:
        return self.panel.active(state) and self.panel.draft.area >= 0 and self.panel.draft.step == state.step

    def answering(self, state: GameState) -> bool:
        """A prompt answered by naming an area is up (answered by a tap on the map)."""
        return not self.panel.active(state) and bool(area_answers(state))

    def split(self, state: GameState) -> tuple[pygame.Rect, pygame.Rect]:
        """(the map, the area's choices) of the body; the choices take no room until an area is
        tapped; an area prompt's list takes a narrower side, so the map stays large."""
        body = self.body()
        if self.answering(state):
            if self.metrics.portrait:
                cut = body.height * 68 // 100
                return pygame.Rect(body.x, body.y, body.width, cut), pygame.Rect(body.x, cut, body.width, body.height - cut)
            cut = body.width * 64 // 100
            return pygame.Rect(body.x, body.y, cut, body.height), pygame.Rect(cut, body.y, body.width - cut, body.height)
        if not self.choosing(state):
            return body, pygame.Rect(body.right, body.y, 0, body.height)
        if self.metrics.portrait:
            cut = body.height * 55 // 100
            return pygame.Rect(body.x, body.y, body.width, cut), pygame.Rect(body.x, cut, body.width, body.height - cut)
        cut = body.width * 50 // 100
        return pygame.Rect(body.x, body.y, cut, body.height), pygame.Rect(cut, body.y, body.width - cut, body.height)

    def centres(self, view: View) -> list[tuple[int, int]]:
        inner = self.split(view.state)[0].inflate(-2 * self.metrics.touch, -2 * self.metrics.touch)
        return [(int(inner.x + x * inner.width), int(inner.y + y * inner.height)) for x, y in layout(view.state.board)]

    def radius(self) -> int:
        return max(self.metrics.touch // 2, self.metrics.px(26))

    def update(self, view: View) -> None:
        self.state = view.state
        super().update(view)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, Local):
            if self.state is not None:
                self.panel.handle(self.state, intent)
            return None
        return intent

    def layout(self, view: View) -> list[Button]:
        r, state = self.radius(), view.state
        if self.answering(state):
            return self.answer_buttons(view)
        acting = self.panel.active(state)
        circles = [
            Button(pygame.Rect(x - r, y - r, 2 * r, 2 * r), "", Local("area", i) if acting else Go("area", i))
            for i, (x, y) in enumerate(self.centres(view))
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

    def title_height(self, state: GameState, width: int) -> int:
        """The height of an area prompt's words above its list."""
        m = self.metrics
        lines = min(TITLE_LINES, len(wrap(prompt_words(state.prompt.text) or "...", m.px(18), width, True)))
        return m.px(6) + lines * round(m.px(18) * 1.05) + m.px(4)

    def answer_buttons(self, view: View) -> list[Button]:
        """An area prompt: each legal area's circle answers it; the others take no tap; beside
        the map, every legal answer as a button too (and any that names no area)."""
        r, state, m = self.radius(), view.state, self.metrics
        answers = area_answers(state)
        circles = [
            Button(
                pygame.Rect(x - r, y - r, 2 * r, 2 * r), "", Submit(answers[i]) if i in answers else None, enabled=i in answers
            )
            for i, (x, y) in enumerate(self.centres(view))
        ]
        side = self.split(state)[1].inflate(-2 * m.margin, -2 * m.margin)
        top = self.title_height(state, side.width - 2 * m.margin)
        side.y += top
        side.height -= top
        choices: list[Command] = sorted(legal_commands(state), key=label)
        return circles + self.panel.place([(label(cmd), Submit(cmd)) for cmd in choices], side, 1)

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, state = self.metrics, view.state
        centres = self.centres(view)
        for i, neighbours in enumerate(state.board.adjacent):
            for j in neighbours:
                if i < j:
                    pygame.draw.line(surface, PANEL, centres[i], centres[j], max(1, m.px(3)))
        worms = dict(state.worms.on_map) if state.worms is not None else {}
        for i, centre in enumerate(centres):
            self.draw_area(surface, view, i, centre)
        self.draw_labels(surface, view, centres, worms)
        chosen = self.panel.draft.area if self.choosing(state) else -1
        if self.answering(state):
            for i in area_answers(state):
                pygame.draw.circle(surface, ACCENT, centres[i], self.radius() + m.px(3), max(2, m.px(3)))
            side = self.split(state)[1].inflate(-m.margin, -m.margin)
            pygame.draw.rect(surface, (26, 23, 34), side, border_radius=m.px(8))
            width = side.width - 2 * m.margin
            words = prompt_words(state.prompt.text) or "..."
            paragraph(surface, words, (side.x + m.margin, side.y + m.px(6)), m.px(18), width, TITLE_LINES, bold=True)
        elif chosen >= 0:
            pygame.draw.circle(surface, ACCENT, centres[chosen], self.radius() + m.px(3), max(2, m.px(3)))
            side = self.split(state)[1].inflate(-m.margin, -m.margin)
            pygame.draw.rect(surface, (26, 23, 34), side, border_radius=m.px(8))
            title = self.panel.title(state, short=True)
            width = side.width - 2 * m.margin
            size = fit(title, (m.px(20), m.px(17), m.px(15)), width, True)
            paragraph(surface, title, (side.x + m.margin, side.y + m.px(6)), size, width, 1, bold=True)
        elif self.panel.active(state):
            words = self.panel.title(state)
            text(surface, words, (m.margin, m.margin), fit(words, (m.px(18), m.px(15)), m.width - 2 * m.margin), DIM)
        for button in self.buttons:
            if button.label:
                button.draw(surface, m)

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
        sizes = [[_block(size, lines) for size, lines in options] for options in variants]
        # A margin from the screen's edges (and from the choices beside the map): a label is
        # read as the map's, not cut by the glass's bezel.
        mapped = self.split(state)[0].inflate(-2 * m.margin, -2 * m.margin)
        top = m.px(24) if self.panel.active(state) and not self.choosing(state) else 0
        bounds = (mapped.x, mapped.y + top, mapped.width, mapped.height - top)
        for i, (choice, box) in enumerate(place_labels(centres, self.radius(), sizes, bounds)):
            size, lines = variants[i][choice]
            marks = len(lines) - len(self.marks(view, i, worms.get(i)))
            y = box[1]
            for n, line in enumerate(lines):
                colour = TEXT if n < marks else WARN
                width = font(size).size(line)[0]
                text(surface, line, (box[0] + (box[2] - width) // 2, y), size, colour, tag=LABEL_TAG)
                y += line_height(size, line)

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
        m, state, r = self.metrics, view.state, self.radius()
        area, spec = state.areas[i], state.board.areas[i]
        fill = (20, 30, 60) if spec.ocean else (40, 44, 32)
        if ERADICATED in area.markers:
            fill = (8, 8, 8)
        elif self.answering(state) and i not in area_answers(state):
            fill = DIMMED  # not an answer to the prompt: no tap, and it looks it
        pygame.draw.circle(surface, fill, centre, r)
        edge = ACCENT if spec.pyramid is not None else BUTTON_EDGE
        pygame.draw.circle(surface, edge, centre, r, max(1, m.px(2)))
        if area.gate is not None:
            gate = colour_of(state.player(area.gate.controller).faction) if area.gate.controller else DIM
            pygame.draw.circle(surface, gate, centre, r - m.px(5), max(2, m.px(4)))
        counts: dict[str, int] = {}
        for stack in area.units:
            counts[stack.owner] = counts.get(stack.owner, 0) + stack.count
        owners = sorted(counts.items())
        step = min(m.px(15), (2 * r - m.px(12)) // max(1, len(owners)))
        for n, (owner, count) in enumerate(owners):
            colour = colour_of(state.player(owner).faction) if state.seat(owner) is not None else DIM
            dot = (centre[0] - (len(owners) - 1) * step // 2 + n * step, centre[1])
            pygame.draw.circle(surface, colour, dot, max(m.px(5), step // 2))
            text(surface, str(count), dot, m.px(13), (0, 0, 0), bold=True, centre=True)


def line_height(size: int, line: str) -> int:
    """The height a line takes (some glyphs reach below the font's own line size)."""
    return max(font(size).get_linesize(), font(size).size(line)[1])


def _block(size: int, lines: list[str]) -> tuple[int, int]:
    """A label's (width, height) at ``size``."""
    return max(font(size).size(line)[0] for line in lines), sum(line_height(size, line) for line in lines)


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
            gate = _("none") if area.gate is None else (area.gate.controller or _("abandoned"))
            units = ", ".join(f"{u.count} {u.name} ({u.owner})" for u in area.units) or _("no units")
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
