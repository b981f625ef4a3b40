"""Arkham Horror's Mythos Phase on the touchscreen.

One screen: the Ancient One's doom and the terror track, the cards in play, the gates, the Sky
and the Outskirts, monsters by place, and the words of the last steps.  Buttons draw the Mythos
card digitally (seeded) or pick the card drawn at the table by name (alphabetical pages, two or
three taps), and undo or redo.  Every tap becomes a command for the
:class:`~companion.session.ArkhamSession`; the screen shows only what the journal holds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import OUTSKIRTS, SKY, TERROR_TOP
from companion.engine.core import Command, Event, Rejected
from companion.engine.cthulhu.commands import Redo, Undo
from companion.narrate import describe
from companion.session import ArkhamSession
from companion.store import Entry
from companion.ui.widgets import ACCENT, BACKGROUND, DIM, PANEL, TEXT, WARN, Button, Metrics, font, grid, paragraph, text

LOG_LINES = 200
IDLE_WAIT_MS = 1000


@dataclass(frozen=True)
class Pick:
    """Open the card picker (``page`` >= 0), turn its page, or close it (``page`` < 0)."""

    page: int


class ArkhamScreen:
    """The Arkham table screen over one session; ``run`` loops until Esc or the window closes."""

    def __init__(self, session: ArkhamSession, size: tuple[int, int] = (800, 480), fullscreen: bool = False) -> None:
        pygame.display.init()
        pygame.font.init()
        font.cache_clear()  # fonts belong to one pygame session
        self.window = pygame.display.set_mode(size, pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_caption("Table companion: Arkham Horror")
        self.metrics = Metrics(*self.window.get_size())
        self.session = session
        self.lines: list[tuple[str, tuple[int, int, int]]] = []
        self.picking = -1  # the picker's page, or -1 when closed
        self.buttons: list[Button] = []
        self.dirty = True
        self.running = True
        session.listeners.append(self.on_entry)

    # -- input ----------------------------------------------------------------------------------

    def on_entry(self, events: tuple[Event, ...], state: m.ArkhamState, entry: Entry) -> None:
        """A journaled step: its words join the log (called after the journal holds it)."""
        for event in events:
            words = describe(event)
            if words:
                colour = WARN if isinstance(event, (m.AncientOneAwakens, m.MonsterSurge, m.DoomAdded)) else TEXT
                self.lines.append((words, colour))
        self.lines = self.lines[-LOG_LINES:]
        self.dirty = True

    def submit(self, command: Command) -> None:
        result = self.session.submit(command)
        if isinstance(result, Rejected):
            self.lines.append((result.message, WARN))
        self.dirty = True

    def tap(self, pos: tuple[int, int]) -> None:
        button = next((b for b in reversed(self.buttons) if b.hit(pos)), None)
        if button is None:
            return
        if isinstance(button.intent, Pick):
            self.picking = button.intent.page
            self.dirty = True
        else:
            self.picking = -1
            self.submit(button.intent)

    def handle(self, event: pygame.event.Event) -> None:
        width, height = self.window.get_size()
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.FINGERDOWN:
            self.tap((int(event.x * width), int(event.y * height)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            self.tap(event.pos)
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_d: m.Mythos(), pygame.K_u: Undo(), pygame.K_r: Redo()}
            if event.key in (pygame.K_ESCAPE, pygame.K_q):
                self.running = False
            elif event.key in keys:
                self.submit(keys[event.key])
        elif event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            self.dirty = True

    def run(self) -> None:
        """Wait on events (no polling: idle costs nothing) and redraw only after a change."""
        while self.running:
            if self.dirty:
                self.draw()
            event = pygame.event.wait(IDLE_WAIT_MS)
            if event.type != pygame.NOEVENT:
                self.handle(event)

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self) -> list[Button]:
        m_, state = self.metrics, self.session.state
        bar = pygame.Rect(m_.margin, m_.height - m_.touch - m_.margin, m_.width - 2 * m_.margin, m_.touch)
        if self.picking >= 0:
            return self.picker(bar)
        rects = grid(bar, 4, 4, m_)
        over = bool(state.awakened)
        return [
            Button(rects[0], "Draw Mythos", m.Mythos(), ACCENT, enabled=not over),
            Button(rects[1], "Pick the card", Pick(0), enabled=not over),
            Button(rects[2], "Undo", Undo()),
            Button(rects[3], "Redo", Redo()),
        ]

    def picker(self, bar: pygame.Rect) -> list[Button]:
        """A page of the deck's cards by name, with paging and cancel along the bottom."""
        m_ = self.metrics
        names = sorted(set(self.session.state.deck))
        columns = 2 if m_.portrait else 3
        area = pygame.Rect(m_.margin, m_.px(40), m_.width - 2 * m_.margin, bar.y - m_.px(40) - m_.margin)
        rows = max(1, (area.height + m_.margin) // (m_.touch + m_.margin))
        per_page = rows * columns
        pages = max(1, -(-len(names) // per_page))
        page = min(self.picking, pages - 1)
        shown = names[page * per_page : (page + 1) * per_page]
        buttons = [
            Button(rect, name, m.Mythos(card=name)) for rect, name in zip(grid(area, len(shown), columns, m_), shown, strict=True)
        ]
        prev, info, nxt, cancel = grid(bar, 4, 4, m_)
        buttons += [
            Button(prev, "Previous", Pick((page - 1) % pages)),
            Button(info, f"Page {page + 1} of {pages}", Pick(page), PANEL),
            Button(nxt, "Next", Pick((page + 1) % pages)),
            Button(cancel, "Cancel", Pick(-1)),
        ]
        return buttons

    def draw(self) -> None:
        self.buttons = self.layout()
        surface, m_ = self.window, self.metrics
        surface.fill(BACKGROUND)
        if self.picking >= 0:
            text(surface, "Which Mythos card was drawn?", (m_.margin, m_.margin), m_.px(26), bold=True)
        else:
            self.draw_board(surface)
        for button in self.buttons:
            button.draw(surface, m_)
        pygame.display.flip()
        self.dirty = False

    def facts(self) -> list[tuple[str, tuple[int, int, int]]]:
        state = self.session.state
        lines = [(f"AWAKE: {state.awakened}", WARN)] if state.awakened else []
        return [
            *lines,
            (f"{state.ancient_one}: doom {state.doom}/{state.doom_track}", WARN if state.awakened else TEXT),
            (f"Terror {state.terror}/{TERROR_TOP}", WARN if state.terror >= TERROR_TOP else TEXT),
            (f"First player: {state.investigators[state.first_player].name}", DIM),
            (f"Environment: {state.environment or '-'}", DIM),
            (f"Rumor: {state.rumor or '-'}", DIM),
            (f"Closed: {', '.join(state.closed) or '-'}", DIM),
        ]

    def board(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Gates, seals, the Sky/Outskirts/cup counts, then each place's monsters by name."""
        state = self.session.state
        where = Counter(x.place for x in state.monsters)
        kinds: dict[str, list[str]] = {}
        for monster in state.monsters:
            if monster.place not in (SKY, OUTSKIRTS):
                kinds.setdefault(monster.place, []).append(monster.kind)
        lines = [(f"Gate {g.location}: {g.world}", ACCENT) for g in state.gates]
        lines += [(f"Sealed: {', '.join(state.seals)}", DIM)] if state.seals else []
        lines += [(f"Sky {where[SKY]} - Outskirts {where[OUTSKIRTS]} - cup {len(state.cup)}", TEXT)]
        return lines + [(f"{place}: {', '.join(names)}", DIM) for place, names in sorted(kinds.items())]

    def draw_board(self, surface: pygame.Surface) -> None:
        """Landscape: facts | board | log in three columns; portrait: the three stacked."""
        m_ = self.metrics
        bottom = m_.height - m_.touch - 2 * m_.margin
        if m_.portrait:
            width = m_.width - 2 * m_.margin
            y = self.lines_at(surface, self.facts(), m_.margin, m_.margin, width, bottom)
            y = self.lines_at(surface, self.board(), m_.margin, y + m_.margin, width, bottom // 2)
            self.draw_log(surface, m_.margin, y + m_.margin, bottom, width)
            return
        column = (m_.width - 4 * m_.margin) // 3
        self.lines_at(surface, self.facts(), m_.margin, m_.margin, column, bottom)
        self.lines_at(surface, self.board(), 2 * m_.margin + column, m_.margin, column, bottom)
        self.draw_log(surface, 3 * m_.margin + 2 * column, m_.margin, bottom, column)

    def lines_at(
        self, surface: pygame.Surface, lines: list[tuple[str, tuple[int, int, int]]], x: int, y: int, width: int, bottom: int
    ) -> int:
        """Draw lines from ``y`` while they fit above ``bottom``; the y below the last."""
        size, step = self.metrics.px(20), self.metrics.px(23)
        for words, colour in lines:
            if y + step > bottom:
                break
            text(surface, words, (x, y), size, colour, width=width)
            y += step
        return y

    def draw_log(self, surface: pygame.Surface, x: int, top: int, bottom: int, width: int) -> None:
        """The newest lines that fit, newest at the bottom."""
        m_ = self.metrics
        size = m_.px(17)
        rows = max(1, (bottom - top) // round(size * 1.05))
        y = top
        for words, colour in self.lines[-rows:]:
            y = paragraph(surface, words, (x, y), size, width, 1, colour)
