"""The table: the Doom track, every player's counters, the map expansions' state and odds, and the
prompt as big buttons with exactly the legal choices (a die pad for physical dice)."""

from __future__ import annotations

import itertools

import pygame

from companion.engine import Command, legal_commands, watcher_odds, worm_chances
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import DOOM_TO_WIN, Phase, PromptKind, spellbook_count
from companion.palette import colour_of
from companion.ui.battle_odds import battle_lines
from companion.ui.faction_sheet import WithSheetButton
from companion.ui.labels import label
from companion.ui.scene import DieFace, Page, Submit, View
from companion.ui.widgets import ACCENT, DIM, PANEL, TEXT, WARN, Button, font, grid, paragraph, text

COMBAT_CHOICES = 12


class TableScene(WithSheetButton):  # the factions' sheets, one tap away
    name = "table"

    # -- geometry ------------------------------------------------------------------------------

    def regions(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(header with the Doom track, players, status, prompt) for this screen's shape."""
        m, body = self.metrics, self.body()
        header = pygame.Rect(0, 0, m.width, m.px(96))
        rest = pygame.Rect(0, header.bottom, m.width, body.height - header.height)
        if m.portrait:
            players = pygame.Rect(rest.x, rest.y, rest.width, rest.height * 30 // 100)
            status = pygame.Rect(rest.x, players.bottom, rest.width, rest.height * 20 // 100)
            prompt = pygame.Rect(rest.x, status.bottom, rest.width, rest.bottom - status.bottom)
            return header, players, status, prompt
        players = pygame.Rect(rest.x, rest.y, rest.width * 42 // 100, rest.height * 62 // 100)
        status = pygame.Rect(rest.x, players.bottom, players.width, rest.bottom - players.bottom)
        prompt = pygame.Rect(players.right, rest.y, rest.width - players.width, rest.height)
        return header, players, status, prompt

    # -- buttons for the prompt ----------------------------------------------------------------

    def layout(self, view: View) -> list[Button]:
        state = view.state
        if state.phase is Phase.GAME_OVER:
            return []
        area = self.regions()[3].inflate(-2 * self.metrics.margin, -2 * self.metrics.margin)
        area.y += self.metrics.px(70)
        area.height -= self.metrics.px(70)
        prompt = state.prompt
        if prompt.kind is PromptKind.ROLL:
            return self.die_pad(view, area)
        if prompt.kind is PromptKind.COMBAT_DICE:
            choices = [c_ for c_ in itertools.islice(legal_commands(state), COMBAT_CHOICES)]
            return self.choice_buttons(view, choices, area, columns=4)
        return self.choice_buttons(view, list(legal_commands(state)), area, columns=2)

    def choice_buttons(self, view: View, choices: list[Command], area: pygame.Rect, columns: int) -> list[Button]:
        """The legal choices as buttons, as many pages as needed, each page filling the room there is."""
        m = self.metrics
        if columns == 2 and any(font(m.px(24)).size(label(choice))[0] > area.width // 2 - 20 for choice in choices):
            columns = 1  # long labels (area names) get the whole width
        rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
        room = rows * columns
        per_page = room if len(choices) <= room else max(1, room - 1)  # leave a place for "More"
        pages = max(1, -(-len(choices) // per_page))
        page = view.page % pages
        shown = choices[page * per_page : (page + 1) * per_page]
        rects = grid(area, len(shown) + (1 if pages > 1 else 0), columns, m)
        buttons = [Button(rect, label(command), Submit(command)) for rect, command in zip(rects, shown, strict=False)]
        if pages > 1:
            buttons.append(Button(rects[-1], f"More ({page + 1}/{pages})", Page(1), ACCENT))
        return buttons

    def die_pad(self, view: View, area: pygame.Rect) -> list[Button]:
        faces = sorted(set(view.state.board.degradation_faces)) if view.state.prompt.die.value == "degradation" else []
        faces = faces or [1, 2, 3, 4, 5, 6]
        digital = view.state.options.digital_dice  # a table rolling real dice gets no "Roll for me"
        rects = grid(area, len(faces) + 1 + digital, 4, self.metrics)
        buttons = [Button(rect, str(face), DieFace(face)) for rect, face in zip(rects, faces, strict=False)]
        buttons.append(Button(rects[len(faces)], "Clear", DieFace(None), PANEL))
        if digital:
            buttons.append(Button(rects[len(faces) + 1], "Roll for me", Submit(c.Roll(None, "generator")), ACCENT))
        return buttons

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        header, players, status, prompt = self.regions()
        self.draw_header(surface, view, header)
        self.draw_players(surface, view, players)
        self.draw_status(surface, view, status)
        self.draw_prompt(surface, view, prompt)
        super().draw(surface, view)

    def draw_header(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m, state = self.metrics, view.state
        first = state.players[state.first].label
        phase = state.phase.value.replace("_", " ").title()
        title = f"Round {state.round} - {phase} - first player: {first}"
        text(surface, title, (m.margin, m.margin), m.px(28), bold=True, width=rect.width - 2 * m.margin)
        if state.board.status.value == "demo":
            text(surface, "demo layout", (rect.right - m.px(120), m.margin), m.px(20), DIM)
        self.draw_doom_track(surface, view, pygame.Rect(m.margin, m.px(44), rect.width - 2 * m.margin, m.px(44)))

    def draw_doom_track(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m = self.metrics
        pygame.draw.rect(surface, PANEL, rect, border_radius=m.px(6))
        step = rect.width / (DOOM_TO_WIN + 1)
        for doom in range(0, DOOM_TO_WIN + 1, 5):
            text(surface, str(doom), (int(rect.x + (doom + 0.5) * step), rect.bottom - m.px(8)), m.px(16), DIM, centre=True)
        stacked: dict[int, int] = {}
        for player in view.state.players:
            doom = min(player.doom, DOOM_TO_WIN)
            level = stacked.get(doom, 0)
            stacked[doom] = level + 1
            centre = (int(rect.x + (doom + 0.5) * step), rect.y + m.px(12) + level * m.px(8))
            pygame.draw.circle(surface, colour_of(player.faction), centre, m.px(8))
        watcher = view.state.watcher
        if watcher is not None:
            centre = (int(rect.x + (watcher.token + 0.5) * step), rect.y + m.px(24))
            colour = (250, 240, 120) if watcher.awake else (90, 90, 90)
            pygame.draw.polygon(surface, colour, _diamond(centre, m.px(9)))
            text(surface, "W", centre, m.px(16), (0, 0, 0), bold=True, centre=True)

    def draw_players(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m = self.metrics
        row = min(m.px(48), (rect.height - m.margin) // max(1, len(view.state.players)))
        for i, player in enumerate(view.state.players):
            top = rect.y + m.margin + i * row
            swatch = pygame.Rect(rect.x + m.margin, top + m.px(4), m.px(14), row - m.px(10))
            pygame.draw.rect(surface, colour_of(player.faction), swatch, border_radius=m.px(3))
            mark = ">" if i == view.state.turn else ""
            text(
                surface,
                f"{mark}{player.label}",
                (swatch.right + m.margin, top),
                m.px(22),
                bold=bool(mark),
                width=rect.width - m.px(40),
            )
            counters = (
                f"Power {player.power}  Doom {player.doom}  Signs {len(player.elder_signs)}  Books {spellbook_count(player)}/6"
            )
            text(surface, counters, (swatch.right + m.margin, top + m.px(20)), m.px(19), DIM, width=rect.width - m.px(40))

    def draw_status(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m = self.metrics
        y = rect.y
        for words, colour in status_lines(view):
            room = (rect.bottom - y) // m.px(21)
            if room < 1:
                break
            y = paragraph(surface, words, (rect.x + m.margin, y), m.px(20), rect.width - 2 * m.margin, min(2, room), colour)

    def draw_prompt(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m, state = self.metrics, view.state
        inner = rect.inflate(-2 * m.margin, -2 * m.margin)
        pygame.draw.rect(surface, PANEL, inner, border_radius=m.px(8))
        if state.phase is Phase.GAME_OVER and state.outcome is not None:
            winners = ", ".join(view.names.get(w, w) for w in state.outcome.winners) or "nobody: humanity wins"
            text(surface, "Game over", (inner.x + m.margin, inner.y + m.margin), m.px(30), WARN, bold=True)
            text(surface, f"Winner: {winners}", (inner.x + m.margin, inner.y + m.px(40)), m.px(22), width=inner.width - 20)
            return
        width = inner.width - 2 * m.margin
        paragraph(surface, state.prompt.text or "...", (inner.x + m.margin, inner.y + m.margin), m.px(22), width, 2, bold=True)
        if state.prompt.kind is PromptKind.ROLL:
            entered = " ".join(map(str, view.dice)) or "-"
            text(
                surface,
                f"Dice entered: {entered}   (the tower's roll arrives by itself)",
                (inner.x + m.margin, inner.y + m.px(50)),
                m.px(19),
                ACCENT,
                width=inner.width - 2 * m.margin,
            )
        if view.notices:
            text(
                surface,
                view.notices[-1],
                (inner.x + m.margin, inner.bottom - m.px(24)),
                m.px(17),
                WARN,
                width=inner.width - 2 * m.margin,
            )


def status_lines(view: View) -> list[tuple[str, tuple[int, int, int]]]:
    """The map expansions' state and the odds that matter now."""
    state, lines = view.state, battle_lines(view.state, view.names)
    odds = watcher_odds(state)
    if state.watcher is not None and odds is not None:
        w = state.watcher
        if w.awake:
            killed = float(odds.killed_by_decay)
            lines.append((f"Watcher AWAKE in {state.area_name(w.area)}, token {w.token} (decay kills {killed:.0%})", WARN))
        else:
            lines.append((f"Watcher asleep at 12; the pyramid die wakes it {float(odds.wake_by_die):.0%}", TEXT))
    for area, number, chance in worm_chances(state):
        lines.append(
            (f"Worm {number} in {state.area_name(area)}: eradicated {float(chance):.0%}", WARN if chance > 0.5 else TEXT)
        )
    gone = sum(1 for a in state.areas if "eradicated" in a.markers)
    if state.worms is not None:
        lines.append((f"Eradicated areas: {gone}", DIM))
    if state.acolyte is not None:
        a = state.acolyte
        where = state.area_name(a.area) if a.area >= 0 else a.status.value
        owner = view.names.get(a.controller, "nobody") if a.controller else "nobody"
        lines.append((f"Astral Acolyte: {where}, controlled by {owner}", TEXT))
    if view.link is not None:
        lines.append((f"Tower: {view.link.state.value}", ACCENT if view.link.state.value == "linked" else WARN))
    return lines or [("Earth: no map expansion in play", DIM)]


def _diamond(centre: tuple[int, int], size: int) -> list[tuple[int, int]]:
    x, y = centre
    return [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
