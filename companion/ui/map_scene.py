"""The map: every area a tappable circle with its gate, units, Worm, eradication, the Watcher and
the Acolyte; tapping one opens a quick editor for its gate and cultists."""

from __future__ import annotations

import pygame

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import ERADICATED, GLACIER, UnitKind
from companion.palette import colour_of
from companion.ui.map_layout import layout
from companion.ui.scene import Go, Scene, Submit, View
from companion.ui.widgets import ACCENT, BUTTON_EDGE, DIM, PANEL, TEXT, WARN, Button, grid, text


class MapScene(Scene):
    name = "map"

    def centres(self, view: View) -> list[tuple[int, int]]:
        m, body = self.metrics, self.body()
        pad = m.touch
        inner = body.inflate(-2 * pad, -2 * pad)
        return [(int(inner.x + x * inner.width), int(inner.y + y * inner.height)) for x, y in layout(view.state.board)]

    def radius(self) -> int:
        return max(self.metrics.touch // 2, self.metrics.px(26))

    def layout(self, view: View) -> list[Button]:
        r = self.radius()
        return [Button(pygame.Rect(x - r, y - r, 2 * r, 2 * r), "", Go("area", i)) for i, (x, y) in enumerate(self.centres(view))]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m, state = self.metrics, view.state
        centres = self.centres(view)
        for i, neighbours in enumerate(state.board.adjacent):
            for j in neighbours:
                if i < j:
                    pygame.draw.line(surface, PANEL, centres[i], centres[j], max(1, m.px(3)))
        worms = dict(state.worms.on_map) if state.worms is not None else {}
        for i, centre in enumerate(centres):
            self.draw_area(surface, view, i, centre, worms.get(i))
        for button in self.buttons:
            if button.label:
                button.draw(surface, m)

    def draw_area(self, surface: pygame.Surface, view: View, i: int, centre: tuple[int, int], worm: int | None) -> None:
        m, state, r = self.metrics, view.state, self.radius()
        area, spec = state.areas[i], state.board.areas[i]
        fill = (20, 30, 60) if spec.ocean else (40, 44, 32)
        if ERADICATED in area.markers:
            fill = (8, 8, 8)
        pygame.draw.circle(surface, fill, centre, r)
        edge = ACCENT if spec.pyramid is not None else BUTTON_EDGE
        pygame.draw.circle(surface, edge, centre, r, max(1, m.px(2)))
        if area.gate is not None:
            gate = colour_of(state.player(area.gate.controller).faction) if area.gate.controller else DIM
            pygame.draw.circle(surface, gate, centre, r - m.px(5), max(2, m.px(4)))
        text(surface, spec.name, (centre[0], centre[1] - r - m.px(8)), m.px(16), TEXT, centre=True, width=m.px(130))
        counts: dict[str, int] = {}
        for stack in area.units:
            counts[stack.owner] = counts.get(stack.owner, 0) + stack.count
        for n, (owner, count) in enumerate(sorted(counts.items())):
            colour = colour_of(state.player(owner).faction) if state.seat(owner) is not None else DIM
            dot = (centre[0] - r // 2 + n * m.px(14), centre[1] + m.px(4))
            pygame.draw.circle(surface, colour, dot, m.px(7))
            text(surface, str(count), dot, m.px(14), (0, 0, 0), bold=True, centre=True)
        marks = []
        if worm is not None:
            marks.append(f"Worm {worm}")
        if ERADICATED in area.markers:
            marks.append("ERADICATED")
        if GLACIER in area.markers:
            marks.append("glacier")
        if state.watcher is not None and state.watcher.awake and state.watcher.area == i:
            marks.append(f"WATCHER {state.watcher.token}")
        if state.acolyte is not None and state.acolyte.area == i and state.acolyte.status.value == "placed":
            marks.append("Acolyte")
        if marks:
            text(surface, " ".join(marks), (centre[0], centre[1] - m.px(10)), m.px(15), WARN, centre=True, width=2 * r + m.px(40))


class AreaScene(Scene):
    """A quick editor for one area: its gate, and a cultist more or less per player (corrections)."""

    name = "area"

    def layout(self, view: View) -> list[Button]:
        state, index = view.state, view.area
        if index < 0:
            return [Button(pygame.Rect(self.metrics.margin, self.metrics.margin, 200, self.metrics.touch), "Back", Go("map"))]
        name = state.area_name(index)
        actions: list[tuple[str, object]] = [
            ("Back to the map", Go("map")),
            ("No gate", Submit(c.SetGate(name, "none"))),
            ("Abandoned gate", Submit(c.SetGate(name, "abandoned"))),
        ]
        for player in state.players:
            if state.areas[index].count(owner=player.pid):
                actions.append((f"Gate: {player.label}", Submit(c.SetGate(name, player.pid))))
            unit = c.UnitRef(name, UnitKind.CULTIST)
            actions.append((f"+ cultist {player.label}", Submit(c.Place(player.pid, unit))))
            if state.areas[index].count(owner=player.pid, kind=UnitKind.CULTIST):
                actions.append((f"- cultist {player.label}", Submit(c.Eliminate(player.pid, unit))))
        area = self.body().inflate(-2 * self.metrics.margin, -2 * self.metrics.margin)
        area.y += self.metrics.px(60)
        rects = grid(area, len(actions), 3, self.metrics)
        return [Button(rect, words, intent) for rect, (words, intent) in zip(rects, actions, strict=False)]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        if view.area >= 0:
            area = view.state.areas[view.area]
            gate = "none" if area.gate is None else (area.gate.controller or "abandoned")
            units = ", ".join(f"{u.count} {u.name} ({u.owner})" for u in area.units) or "no units"
            text(surface, view.state.area_name(view.area), (m.margin, m.margin), m.px(28), bold=True)
            text(surface, f"gate: {gate}; {units}", (m.margin, m.px(36)), m.px(19), DIM, width=m.width - 2 * m.margin)
        super().draw(surface, view)
