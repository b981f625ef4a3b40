"""The log (every event in words, with undo and redo), the settings (tower, panel, journal) and
the new-game screen (map, players, options; or resume a stored game)."""

from __future__ import annotations

import pygame

from companion.engine.cthulhu import commands as c
from companion.ui.scene import Go, Resume, Scene, Start, Submit, Toggle, View
from companion.ui.widgets import ACCENT, DIM, TEXT, WARN, Button, grid, text


class LogScene(Scene):
    name = "log"

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        top = pygame.Rect(m.width - 2 * (m.px(130) + m.margin), m.margin, 2 * m.px(130) + m.margin, m.touch)
        rects = grid(top, 2, 2, m)
        return [Button(rects[0], "Undo", Submit(c.Undo())), Button(rects[1], "Redo", Submit(c.Redo()))]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        text(surface, "Log", (m.margin, m.margin), m.px(30), bold=True)
        line = m.px(22)
        top = m.touch + 2 * m.margin
        rows = max(1, (self.body().bottom - top) // line)
        for i, words in enumerate(view.log[-rows:]):
            text(surface, words, (m.margin, top + i * line), m.px(19), TEXT, width=m.width - 2 * m.margin)
        super().draw(surface, view)


class SettingsScene(Scene):
    name = "settings"

    def layout(self, view: View) -> list[Button]:
        m, body = self.metrics, self.body()
        display = view.options.get("display")
        if display is None:
            return []
        row = pygame.Rect(m.margin, body.bottom - m.touch - m.margin, body.width - 2 * m.margin, m.touch)
        sound, light = grid(row, 2, 2, m)
        return [
            Button(sound, f"Sound cues: {'on' if display.sound else 'off'}", Toggle("sound")),
            Button(light, f"Brightness: {round(display.brightness * 100)}%", Toggle("brightness")),
        ]

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        lines: list[tuple[str, tuple[int, int, int]]] = [("Settings", TEXT)]
        link = view.link
        if link is None:
            lines.append(("Dice tower: none configured ([tower] url)", DIM))
        else:
            colour = ACCENT if link.state.value == "linked" else WARN
            lines.append((f"Dice tower: {link.state.value} on {link.url}", colour))
            lines.append((f"  frames {link.frames}, bad frames {link.bad_frames}, reconnects {link.reconnects}", DIM))
            if link.last_error:
                lines.append((f"  last error: {link.last_error}", WARN))
        panel = view.panel
        if panel is None:
            lines.append(("Panel: no GPIO roles configured ([hardware])", DIM))
        else:
            pins = ", ".join(f"{role} {pin}" for role, pin in panel.config.pins())
            lines.append((f"Panel pins: {pins}", DIM))
        lines.append((f"Journal: {view.journal}", DIM))
        for notice in view.notices[-5:]:
            lines.append((notice, WARN))
        for i, (words, colour) in enumerate(lines):
            text(
                surface,
                words,
                (m.margin, m.margin + i * m.px(28)),
                m.px(30 if i == 0 else 20),
                colour,
                bold=i == 0,
                width=m.width - 2 * m.margin,
            )
        super().draw(surface, view)


class NewGameScene(Scene):
    """Pick a map, the number of players and the options, then start; or resume a stored game."""

    name = "new"

    def layout(self, view: View) -> list[Button]:
        m = self.metrics
        chosen = view.options.get("map", "")
        players = int(view.options.get("players", 3))
        acolyte = bool(view.options.get("acolyte", False))
        playable = [info for info in view.maps if info.status.value != "partial"]
        area = self.body().inflate(-2 * m.margin, -2 * m.margin)
        area.y += m.px(40)
        maps = grid(area, len(playable), 3, m)
        buttons = [
            Button(rect, info.name, Toggle(f"map={info.name}"), ACCENT if info.name == chosen else (58, 52, 76))
            for rect, info in zip(maps, playable, strict=False)
        ]
        below = pygame.Rect(area.x, (maps[-1].bottom if maps else area.y) + m.margin, area.width, area.height)
        row = grid(below, 8, 8, m)
        for n, rect in zip(range(3, 9), row, strict=False):
            buttons.append(Button(rect, str(n), Toggle(f"players={n}"), ACCENT if n == players else (58, 52, 76)))
        more = grid(pygame.Rect(below.x, row[0].bottom + m.margin, below.width, below.height), 4, 4, m)
        buttons.append(Button(more[3], "Transcribe a board", Go("builder")))
        buttons.append(Button(more[0], f"Acolyte: {'on' if acolyte else 'off'}", Toggle("acolyte")))
        if chosen:
            buttons.append(Button(more[1], "Start", Start(chosen, players, acolyte), ACCENT))
        if view.games:
            buttons.append(Button(more[2], f"Resume {view.games[0].name}", Resume(view.games[0].name)))
        return buttons

    def draw(self, surface: pygame.Surface, view: View) -> None:
        m = self.metrics
        text(
            surface,
            "New game: map, players, options (Arkham Horror: coming with issue 7)",
            (m.margin, m.margin),
            m.px(24),
            bold=True,
            width=m.width - 2 * m.margin,
        )
        super().draw(surface, view)
