"""The table, to be read from across it: whose turn in large type, the Doom track with numbered
markers, the Ritual of Annihilation track, every player's Power, Doom, Elder Signs and
Spellbooks as big numerals, the Watcher and the Worms with their odds for the next Doom Phase,
the last action in words; and the prompt: an action turn entered by area (:mod:`turn_panel`),
other prompts as big buttons with exactly the legal choices (a die pad for physical dice)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from companion.engine import Command, legal_commands, tag_of, watcher_odds, worm_chances
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import DOOM_TO_WIN, ERADICATED, GameState, Phase, PromptKind, spellbook_count
from companion.i18n import N_, _, ngettext
from companion.palette import colour_of
from companion.ui import widgets
from companion.ui.battle_odds import battle_lines, held
from companion.ui.entry import area_of, out_of_turn
from companion.ui.faction_sheet import WithSheetButton, sheet_button
from companion.ui.labels import label, prompt_words, type_words
from companion.ui.scene import DieFace, Go, Intent, Scene, Submit, View
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
    grid,
    guessed_lines,
    paragraph,
    text,
    width_of,
    wrap,
)

COMBAT_CHOICES = 12
GROUP_AT = 8  # a command type with more choices than this in a list is one button, opened a step further
PROMPT_LINES = 4  # a prompt's words take up to this many lines above its buttons
NUMERAL = 54  # px font (at unit 1): the digits' ink is 28 px tall, to be read from 1.5 m
COUNTERS = (N_("Power"), N_("Doom"), N_("Signs"), N_("Books"))
WATCHER_LIT = (250, 240, 120)
PHASES = {  # the phases' names (the rules' phases keep their printed English names in the log too)
    "setup": N_("Setup"),
    "gather_power": N_("Gather Power"),
    "first_player": N_("First Player"),
    "doom": N_("Doom"),
    "action": N_("Action"),
    "game_over": N_("Game Over"),
}
STATUS_SIZES = (20, 18, 16, 15, 14, 13, 12)  # px (at unit 1): the status region's text, largest first
ACOLYTE_STATUS = {"waiting": N_("waiting"), "placed": N_("placed"), "unused": N_("unused"), "eliminated": N_("eliminated")}


class TableScene(WithSheetButton):  # the factions' sheets, one tap away (placed by sheet_area)
    name = "table"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.panel = TurnPanel(metrics)
        self.state: GameState | None = None
        self._bands: list[pygame.Rect] | None = None  # kept by bands(), handed out as copies
        self.nav: list[Button] = []  # the navigation bar's buttons, drawn as one kept part
        self._regions: dict[tuple[int, bool], tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = {}  # by regions()
        self.peeking = False  # a finger holds "Hold to peek": the holder's Elder Signs show their values

    # -- geometry ------------------------------------------------------------------------------

    def bands(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(whose turn, the Doom track, the ritual track, the rest) from the top down (fresh
        rectangles each time, worked out once: a frame asks a dozen times)."""
        if self._bands is None:
            m, body = self.metrics, self.body()
            header = pygame.Rect(0, 0, m.width, m.px(42))
            doom = pygame.Rect(m.margin, header.bottom, m.width - 2 * m.margin, m.px(50))
            ritual = pygame.Rect(m.margin, doom.bottom + m.px(3), m.width - 2 * m.margin, m.px(28))
            rest = pygame.Rect(0, ritual.bottom + m.px(3), m.width, body.bottom - ritual.bottom - m.px(3))
            self._bands = [header, doom, ritual, rest]
        header, doom, ritual, rest = (band.copy() for band in self._bands)
        return header, doom, ritual, rest

    def regions(self, view: View | None = None) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(players, status, prompt) in the rest of the screen for this screen's shape; while an
        area's choices are open, the prompt takes the whole rest (fresh rectangles, worked out
        once per shape: a frame asks several times)."""
        players_count = len(view.state.players) if view is not None else 4
        composing = view is not None and self.composing(view.state)
        kept = self._regions.get((players_count, composing))
        if kept is None:
            kept = self._regions[(players_count, composing)] = self.work_out_regions(players_count, composing)
        players, status, prompt = (region.copy() for region in kept)
        return players, status, prompt

    def work_out_regions(self, players_count: int, composing: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        rest = self.bands()[3]
        table_height = m.px(20) + players_count * self.row_height(players_count)
        if composing:
            return pygame.Rect(rest.x, rest.y, 0, 0), pygame.Rect(rest.x, rest.y, 0, 0), rest
        if m.portrait:
            players = pygame.Rect(rest.x, rest.y, rest.width, table_height + m.margin)
            status = pygame.Rect(rest.x, players.bottom, rest.width, m.px(150))
            prompt = pygame.Rect(rest.x, status.bottom, rest.width, rest.bottom - status.bottom)
            return players, status, prompt
        half = rest.width // 2
        players = pygame.Rect(rest.x, rest.y, half, min(rest.height, table_height + m.margin))
        status = pygame.Rect(rest.x, players.bottom, half, rest.bottom - players.bottom)
        prompt = pygame.Rect(half, rest.y, rest.width - half, rest.height)
        return players, status, prompt

    def row_height(self, players: int) -> int:
        m = self.metrics
        room = self.bands()[3].height - m.px(20) - m.px(70)  # leave the status its lines
        if m.portrait:
            room = m.px(56) * players
        return max(m.px(26), min(m.px(44), room // max(1, players)))

    def composing(self, state: GameState) -> bool:
        return state.prompt.kind is PromptKind.ACTION and self.panel.draft.area >= 0 and state.step == self.panel.draft.step

    def button_area(self, view: View) -> pygame.Rect:
        m = self.metrics
        area = self.regions(view)[2].inflate(-2 * m.margin, -2 * m.margin)
        top = m.px(34) if view.state.prompt.kind is PromptKind.ACTION else self.prompt_height(view, area.width) + m.px(8)
        if self.outsider(view.state) or self.revealing(view.state):
            top = max(top, m.px(52))  # the two lines naming who acts out of turn
        if view.state.prompt.kind is PromptKind.ACTION and self.panel.draft.pending and not self.composing(view.state):
            top += m.px(18)  # the Move gathered so far
        area.y += top
        area.height -= top + (m.px(24) if view.notices else 0)  # the last notice's line
        return area

    def prompt_height(self, view: View, width: int) -> int:
        """The height of a prompt's words (up to PROMPT_LINES lines), and the dice entered below."""
        m = self.metrics
        lines = min(PROMPT_LINES, len(wrap(prompt_words(view.state.prompt.text) or "...", m.px(20), width - 2 * m.margin, True)))
        extra = m.px(22) if view.state.prompt.kind is PromptKind.ROLL else 0
        return m.px(6) + lines * round(m.px(20) * 1.05) + extra

    # -- buttons for the prompt ----------------------------------------------------------------

    def update(self, view: View) -> None:
        self.state = view.state
        Scene.update(self, view)  # the sheets' button goes where this screen keeps room for it
        self.nav = self.buttons[len(self.buttons) - len(view.nav) :]  # Scene.update puts the navigation bar last
        area = self.sheet_area(view)
        if area is not None:
            self.buttons.append(sheet_button(self.metrics, area))

    def sheet_area(self, view: View) -> pygame.Rect | None:
        """Where the Sheets button goes: the bottom right of the status region (whose words
        keep clear of it), or nowhere while an area's choices take the screen."""
        status = self.regions(view)[1]
        if not status.height or not getattr(view.state, "players", None):
            return None
        m = self.metrics
        top = status.bottom - m.touch - 2 * m.margin
        return pygame.Rect(status.x, top, status.width, m.touch + 2 * m.margin)

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        intent = super().tap(pos)
        if isinstance(intent, Local) and intent.what == "peek":
            self.peeking = True  # until the finger lifts (release)
            return None
        if isinstance(intent, Local):
            if self.state is not None:
                self.panel.handle(self.state, intent)
            return None
        if intent is None:
            self.panel.draft.armed_pass = False  # a tap elsewhere disarms Pass
        return intent

    def layout(self, view: View) -> list[Button]:
        state = view.state
        if state.phase is Phase.GAME_OVER:
            return []
        return [*self.prompt_buttons(view), *self.outsider_controls(view)]

    def outsider(self, state: GameState) -> str:
        """The player not prompted whose out-of-turn commands are in view, if they still have any."""
        self.panel.sync(state)
        pid = self.panel.draft.outsider
        return pid if pid and pid in out_of_turn(state) else ""

    def outsider_controls(self, view: View) -> list[Button]:
        """A control per player who may act out of turn now (Devolve ...): their name in their
        colour on their row, which opens their commands in the prompt's place; the prompted
        player's panel comes back with Back or another tap on the name (nothing is blocked)."""
        players = self.regions(view)[0]
        if not players.height:
            return []
        offers, m = out_of_turn(view.state), self.metrics
        row = self.row_height(len(view.state.players))
        first_col = self.columns(players.right)[0][0]
        out = []
        for n, player in enumerate(view.state.players):
            if player.pid in offers:
                top = players.y + m.px(20) + n * row
                rect = pygame.Rect(players.x + m.margin, top, first_col - players.x - 2 * m.margin, row - m.px(2))
                out.append(Button(rect, player.label, Local("outsider", player.pid), colour_of(player.faction)))
        return out

    def revealing(self, state: GameState) -> str:
        """The player picking a hidden Elder Sign to reveal, while the engine still takes it."""
        self.panel.sync(state)
        pid = self.panel.draft.reveal
        offered = [*legal_commands(state), *out_of_turn(state).get(pid, ())] if pid else []
        return pid if any(isinstance(cmd, c.RevealElderSign) and cmd.player == pid for cmd in offered) else ""

    def reveal_buttons(self, state: GameState, pid: str, area: pygame.Rect) -> list[Button]:
        """The holder's picker: "Hold to peek" (the values show only while a finger holds it),
        then a button per hidden sign by its place, and Back.  A sign's value is in its command,
        never in a word on the shared screen unless the holder is peeking."""
        hidden = state.player(pid).elder_signs
        items: list[tuple[str, Any]] = [(_("Hold to peek"), Local("peek"))]
        for n, value in enumerate(hidden, start=1):
            words = _("Sign {n}: worth {value}").format(n=n, value=value) if self.peeking else _("Sign {n}").format(n=n)
            items.append((words, Submit(c.RevealElderSign(pid, value))))
        items.append((_("Back"), Local("reveal", pid)))
        return self.panel.place(items, area, 2)

    def release(self) -> bool:
        """A finger lifted: a peek ends (True: the frame changes)."""
        was, self.peeking = self.peeking, False
        return was

    def columns(self, right: int) -> list[tuple[int, int]]:
        """Each counter's column (left x, width in px), the last ending a margin in from
        ``right``: as wide as a numeral's cell, or as its heading in the table's language
        ("Verdammnis" is wider than "Doom"), so no heading runs into the next."""
        m = self.metrics
        base = m.px(54) if not m.portrait else m.px(80)
        widths = [max(base, width_of(_(name), m.px(15)) + m.px(8)) for name in COUNTERS]
        x = right - m.margin - sum(widths)
        out = []
        for width in widths:
            out.append((x, width))
            x += width
        return out

    def prompt_buttons(self, view: View) -> list[Button]:
        state = view.state
        area = self.button_area(view)
        prompt = state.prompt
        holder = self.revealing(state)
        if holder:
            return self.reveal_buttons(state, holder, area)
        who = self.outsider(state)
        if who:
            back = [(_("Back to {player}").format(player=state.player(prompt.actor).label), Local("outsider", who))]
            return self.choice_buttons(out_of_turn(state)[who], area, columns=2, first=back)
        if prompt.kind is PromptKind.ROLL:
            return self.die_pad(view, area)
        if prompt.kind is PromptKind.ACTION:
            return self.panel.buttons(state, area)
        if prompt.kind is PromptKind.COMBAT_DICE:
            choices = list(itertools.islice(legal_commands(state), COMBAT_CHOICES))
            return self.choice_buttons(choices, area, columns=4)
        # A prompt naming an area is answered on the map (its areas lit); the list stays here too.
        on_map = [(_("Choose on the map"), Go("map"))] if area_answers(state) else []
        return self.choice_buttons(list(legal_commands(state)), area, columns=2, first=on_map)

    def choice_buttons(
        self, choices: list[Command], area: pygame.Rect, columns: int, first: list[tuple[str, Any]] | None = None
    ) -> list[Button]:
        """The legal choices as buttons filling the room (full pages with "More" if ever needed),
        after ``first``; a Pass never comes first."""
        m = self.metrics
        choices = sorted(choices, key=lambda cmd: isinstance(cmd, c.Pass))
        rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
        steps: list[tuple[str, Any]] = []
        if len(choices) + len(first or ()) > rows * max(2, columns) or self.panel.draft.group:  # more than a page
            choices, steps = self.grouped(choices)
        items: list[tuple[str, Any]] = [*(first or []), *steps, *self.public(choices)]
        if columns == 2 and any(width_of(label(choice), m.px(24)) > area.width // 2 - 20 for choice in choices):
            # Long labels (area names) get the whole width only while that keeps them on one page;
            # else they wrap onto two lines, two or three to a row, rather than being paged two at a time.
            rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
            columns = 1 if len(items) <= rows else 3 if area.width // 3 >= m.px(150) else 2
        return self.panel.place(items, area, columns)

    def grouped(self, choices: list[Command]) -> tuple[list[Command], list[tuple[str, Any]]]:
        """The choices in view and the buttons that lead further: a command type with more than
        GROUP_AT choices (Dematerialize's every area and destination) is one button ("Dematerialize
        (40)"); opened, its choices, by the area they name when they are still many.  Derived from
        the commands alone (companion/ui/entry.py), for any type the engine lists."""
        d = self.panel.draft
        inside = [cmd for cmd in choices if tag_of(cmd) == d.group] if d.group else []
        if inside:
            back: list[tuple[str, Any]] = [(_("Back"), Local("group", ""))]
            places = list(dict.fromkeys(area_of(cmd) for cmd in inside))
            if d.group_area in places:
                return [cmd for cmd in inside if area_of(cmd) == d.group_area], [(_("Back"), Local("group_area", ""))]
            if len(inside) > GROUP_AT and len(places) > 1:
                return [], [*back, *((place or _("Elsewhere"), Local("group_area", place)) for place in places)]
            return inside, back
        counts = Counter(tag_of(cmd) for cmd in choices)
        many = [tag for tag, n in counts.items() if n > GROUP_AT]
        steps = [(_("{what} ({count})").format(what=type_words(tag), count=counts[tag]), Local("group", tag)) for tag in many]
        return [cmd for cmd in choices if tag_of(cmd) not in many], steps

    def public(self, choices: list[Command]) -> list[tuple[str, Any]]:
        """The choices' buttons as the whole table may see them: a player's hidden Elder Signs
        (digital: their values are secret) are one neutral "Reveal an Elder Sign" per player,
        which opens the holder's picker (:meth:`reveal_buttons`)."""
        state = self.state
        secret = state is not None and state.options.digital_elder_signs
        items: list[tuple[str, Any]] = []
        holders: list[str] = []
        for command in choices:
            if secret and isinstance(command, c.RevealElderSign):
                if command.player not in holders:
                    holders.append(command.player)
                    items.append((_("Reveal an Elder Sign"), Local("reveal", command.player)))
            else:
                items.append((label(command), Submit(command)))
        return items

    def die_pad(self, view: View, area: pygame.Rect) -> list[Button]:
        faces = sorted(set(view.state.board.degradation_faces)) if view.state.prompt.die.value == "degradation" else []
        faces = faces or [1, 2, 3, 4, 5, 6]
        digital = view.state.options.digital_dice  # a table rolling real dice gets no "Roll for me"
        rects = grid(area, len(faces) + 1 + digital, 4, self.metrics)
        buttons = [Button(rect, str(face), DieFace(face)) for rect, face in zip(rects, faces, strict=False)]
        buttons.append(Button(rects[len(faces)], _("Clear"), DieFace(None), PANEL))
        if digital:
            buttons.append(Button(rects[len(faces) + 1], _("Roll for me"), Submit(c.Roll(None, "generator")), ACCENT))
        return buttons

    def covered(self, surface: pygame.Surface, view: View) -> list[pygame.Rect]:
        """What :meth:`draw` covers whole before drawing anything else there: the bands and
        player rows kept as parts (:class:`widgets.Parts` fills or blits the whole rectangle),
        the prompt's panel (an opaque picture) and the navigation bar (a part)."""
        m = self.metrics
        header, doom, ritual, _rest = self.bands()
        players, _status, prompt = self.regions(view)
        out = [pygame.Rect(0, band.y, surface.get_width(), band.height) for band in (header, doom, ritual)]
        if players.height:  # the counters' heads, then a row per player (draw_players)
            count = len(view.state.players)
            out.append(pygame.Rect(players.x, players.y, players.width, m.px(20) + count * self.row_height(count)))
        out.append(prompt.inflate(-2 * m.margin, -2 * m.margin))  # draw_prompt's panel
        if self.nav:
            out.append(self.nav[0].rect.unionall([button.rect for button in self.nav[1:]]))
        return out

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        header, doom, ritual, _ = self.bands()
        players, status, prompt = self.regions(view)
        self.draw_header(surface, view, header)
        self.draw_doom_track(surface, view, doom)
        self.draw_ritual(surface, view, ritual)
        if players.height:
            self.draw_players(surface, view, players)
        self.draw_prompt(surface, view, prompt)
        if players.height:
            m = self.metrics
            row = m.touch + 2 * m.margin  # the Sheets button's row, at the status region's bottom right
            above = pygame.Rect(status.x, status.y, status.width, max(0, status.height - row))
            beside = pygame.Rect(status.x, above.bottom, status.width - m.px(110) - m.margin, status.bottom - above.bottom)
            self.draw_status(surface, view, [above, beside, self.free_room(view, prompt)])
        nav = {id(button) for button in self.nav}
        for button in self.buttons:
            if id(button) not in nav:
                button.draw(surface, self.metrics)
        self.draw_nav(surface)

    def draw_nav(self, surface: pygame.Surface) -> None:
        """The navigation bar, a part of the frame kept by its buttons (the same on every frame
        of this screen)."""
        if not self.nav:
            return
        area = self.nav[0].rect.unionall([button.rect for button in self.nav[1:]])
        key = ("nav", tuple((tuple(b.rect), b.label, b.colour, b.enabled) for b in self.nav))
        widgets.PARTS.draw(surface, area, key, self.paint_nav, surface)

    def paint_nav(self, surface: pygame.Surface) -> None:
        for button in self.nav:
            button.draw(surface, self.metrics)

    def draw_header(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """Whose turn it is, in large type and the faction's colour; the round and phase."""
        state = view.state
        phase = _(PHASES.get(state.phase.value, state.phase.value))
        where = _("Round {round}, {phase}").format(round=state.round, phase=phase)
        first = _("First player: {player}").format(player=state.players[state.first].label)
        actor = state.prompt.actor
        seat = state.seat(actor) if actor else None
        if seat is None:
            who = ("", _("Game over") if state.phase is Phase.GAME_OVER else _("The table decides"), (0, 0, 0))
        else:
            player = state.players[seat]
            words = _("{player} to play") if state.prompt.kind is PromptKind.ACTION else _("{player} decides")
            who = (player.label, words.format(player=player.label), colour_of(player.faction))
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        key = ("header", tuple(rect), where, first, *who)
        widgets.PARTS.draw(surface, band, key, self.paint_header, surface, rect, where, first, *who)

    def paint_header(
        self, surface: pygame.Surface, rect: pygame.Rect, where: str, first: str, label: str, words: str, colour: Any
    ) -> None:
        """The header's drawing (``label``: the player to act's name; "" when nobody acts)."""
        m = self.metrics
        small, smaller = m.px(19), m.px(15)
        first_size = fit(first, (smaller, m.px(13), m.px(11)), rect.width // 3)
        where_w = max(width_of(where, small), width_of(first, first_size))
        right = rect.right - m.margin
        text(surface, where, (right - width_of(where, small), rect.y + m.px(4)), small, DIM)
        text(surface, first, (right - width_of(first, first_size), rect.y + m.px(24)), first_size, DIM, width=rect.width // 3)
        room = rect.width - 3 * m.margin - where_w - m.px(24)
        if not label:
            text(surface, words, (m.margin, rect.y + m.px(6)), fit(words, (m.px(34),), room, True), bold=True, width=room)
            return
        swatch = pygame.Rect(m.margin, rect.y + m.px(8), m.px(16), m.px(30))
        pygame.draw.rect(surface, colour, swatch, border_radius=m.px(3))
        sizes = (m.px(36), m.px(30), m.px(26), m.px(22))
        if width_of(words, sizes[-1], True) > room:
            words = label  # a long name: the name alone, large
        size = fit(words, (*sizes, m.px(18)), room, True)
        text(surface, words, (swatch.right + m.margin, rect.y + m.px(8)), size, colour, bold=True, width=room)

    def draw_doom_track(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """0-30 with every player's marker numbered with its Doom; tied markers stack."""
        markers = tuple((p.faction, p.doom) for p in view.state.players)
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        widgets.PARTS.draw(surface, band, ("doom", tuple(rect), markers), self.paint_doom_track, surface, view, rect)

    def paint_doom_track(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        m = self.metrics
        pygame.draw.rect(surface, PANEL, rect, border_radius=m.px(6))
        step = (rect.width - m.px(8)) / (DOOM_TO_WIN + 1)
        x0 = rect.x + m.px(4)
        label_size = m.px(15)
        base = rect.bottom - m.px(14)
        for doom in range(0, DOOM_TO_WIN + 1):
            x = int(x0 + (doom + 0.5) * step)
            tall = m.px(6) if doom % 5 == 0 else m.px(3)
            pygame.draw.line(surface, BUTTON_EDGE, (x, base - tall), (x, base), 1)
            if doom % 5 == 0:
                text(surface, str(doom), (x, rect.bottom - m.px(7)), label_size, DIM, centre=True)
        radius = m.px(11)
        spots = spread(
            sorted(view.state.players, key=lambda p: p.doom),
            [x0 + (min(p.doom, DOOM_TO_WIN) + 0.5) * step for p in sorted(view.state.players, key=lambda p: p.doom)],
            2 * radius + 2,
            (rect.x + radius + 2, rect.right - radius - 2),
        )
        y = rect.y + m.px(4) + radius
        for player, (x, ideal) in spots:
            pygame.draw.line(surface, colour_of(player.faction), (x, y + radius), (int(ideal), base - m.px(2)), max(1, m.px(2)))
            pygame.draw.circle(surface, colour_of(player.faction), (x, y), radius)
            pygame.draw.circle(surface, (0, 0, 0), (x, y), radius, 1)
            text(surface, str(player.doom), (x, y), m.px(16), (0, 0, 0), bold=True, centre=True)

    def draw_ritual(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """The Ritual of Annihilation track: its costs, the marker's space, and Instant Death."""
        state = view.state
        head, death = _("Ritual"), _("Instant Death")
        key = ("ritual", tuple(rect), head, death, tuple(state.ritual_track), state.ritual)
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        widgets.PARTS.draw(surface, band, key, self.paint_ritual, surface, view, rect, head, death)

    def paint_ritual(self, surface: pygame.Surface, view: View, rect: pygame.Rect, head: str, death: str) -> None:
        m, state = self.metrics, view.state
        size = m.px(18)
        text(surface, head, (rect.x, rect.centery - size // 3), size, DIM, bold=True)
        track = state.ritual_track
        x = rect.x + width_of(head, size, True) + m.margin
        cells = [str(v) for v in track] + [death]
        death_w = width_of(death, size, True) + m.px(12)
        cell_w = max(m.px(24), (rect.right - x - death_w - m.margin * len(track)) // max(1, len(track)))
        for n, words in enumerate(cells):
            last = n == len(track)
            cell = pygame.Rect(x, rect.y, death_w if last else cell_w, rect.height)
            here = n == state.ritual
            fill = WARN if last and here else ACCENT if here else PANEL
            pygame.draw.rect(surface, fill, cell, border_radius=m.px(5))
            colour = (0, 0, 0) if here else (WARN if last else TEXT)
            text(surface, words, cell.center, size, colour, bold=here or last, centre=True, box=cell)
            x = cell.right + m.margin

    def draw_players(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """A row per player: colour, name, then Power, Doom, Signs and Books as big numerals
        under one header line (the acting player's row is lit).  Each row is a part of the
        frame kept by what it shows: a tap redraws the rows it changed."""
        m, state = self.metrics, view.state
        players = state.players
        row = self.row_height(len(players))
        heads = tuple(_(name) for name in COUNTERS)
        head_band = pygame.Rect(rect.x, rect.y, rect.width, m.px(20))
        widgets.PARTS.draw(surface, head_band, ("counters", tuple(rect), heads), self.paint_counters, surface, rect, heads)
        numeral = min(m.px(NUMERAL), round(row * 1.3))
        actor = state.prompt.actor
        controls = out_of_turn(state)  # these rows' names are buttons (outsider_controls), not painted
        for i, player in enumerate(players):
            top = rect.y + m.px(20) + i * row
            values = (player.power, player.doom, len(player.elder_signs), spellbook_count(player))
            lit = player.pid == actor
            band = pygame.Rect(rect.x, top, rect.width, row)
            # The row is kept without its numbers (two pictures a player: lit or not), and the
            # numbers, which most taps change, are drawn over it: the same pixels (they were
            # drawn last), but a tap no longer paints a row again (a third of the rows did).
            named = player.pid not in controls
            # Passed: in the Action Phase a player at 0 Power takes no more actions (a Pass sets it
            # to 0; the engine keeps no other mark of it, so the screen reads it from the Power).
            passed = state.phase is Phase.ACTION and player.power == 0 and not lit
            columns = tuple(self.columns(rect.right))
            key = ("player", tuple(rect), row, player.label, player.faction, lit, named, passed, columns)
            if widgets.PARTS.draw(
                surface, band, key, self.paint_player, surface, rect, top, row, player, lit, named, passed, over=values
            ):
                self.paint_numerals(surface, rect, top, row, numeral, values)  # (left, with the row, as they were)

    def paint_counters(self, surface: pygame.Surface, rect: pygame.Rect, heads: tuple[str, ...]) -> None:
        m = self.metrics
        for name, (left, width) in zip(heads, self.columns(rect.right), strict=True):
            x = left + width // 2
            text(surface, name, (x, rect.y + m.px(9)), m.px(15), DIM, centre=True)

    def paint_player(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        top: int,
        row: int,
        player: Any,
        lit: bool,
        named: bool = True,
        passed: bool = False,
    ) -> None:
        """One player's row but its numbers (``lit``: the player to act; ``named``: the name
        painted, not a button's label over it)."""
        m = self.metrics
        first_col = self.columns(rect.right)[0][0]
        line = pygame.Rect(rect.x + m.margin, top, rect.width - 2 * m.margin, row - m.px(2))
        if lit:
            pygame.draw.rect(surface, PANEL, line, border_radius=m.px(6))
            pygame.draw.rect(surface, colour_of(player.faction), line, width=max(1, m.px(2)), border_radius=m.px(6))
        swatch = pygame.Rect(line.x + m.px(4), top + m.px(4), m.px(12), row - m.px(10))
        if not named:
            return
        pygame.draw.rect(surface, colour_of(player.faction), swatch, border_radius=m.px(3))
        name_room = first_col - swatch.right - 2 * m.margin
        words = _("{player} (passed)").format(player=player.label) if passed else player.label
        size, lines = name_fit(words, [m.px(s) for s in (20, 17, 15, 13, 11)], name_room, row)
        y = top + max(0, (row - len(lines) * round(size * 1.05)) // 2)
        paragraph(surface, words, (swatch.right + m.margin, y), size, name_room, len(lines), DIM if passed else TEXT, bold=True)

    def paint_numerals(
        self, surface: pygame.Surface, rect: pygame.Rect, top: int, row: int, numeral: int, values: tuple[int, ...]
    ) -> None:
        """A player's Power, Doom, Signs and Books in their row's columns, as big numerals."""
        for value, (left, width) in zip(values, self.columns(rect.right), strict=True):
            centre = (left + width // 2, top + row // 2)
            text(surface, str(value), centre, numeral, TEXT, bold=True, centre=True)

    def free_room(self, view: View, prompt: pygame.Rect) -> pygame.Rect:
        """The prompt panel's room below its buttons (and above the notice line)."""
        m = self.metrics
        inner = prompt.inflate(-2 * m.margin, -2 * m.margin)
        inside = [b.rect.bottom for b in self.buttons if inner.contains(b.rect)]
        top = max(inside, default=inner.y + m.px(58)) + m.margin
        bottom = inner.bottom - (m.px(26) if view.notices else m.px(4))
        return pygame.Rect(inner.x, top, inner.width, max(0, bottom - top))

    def draw_status(self, surface: pygame.Surface, view: View, rects: list[pygame.Rect]) -> None:
        """The last action, the Watcher as a token, the Worms, the Acolyte, the tower: flowed
        through ``rects`` in turn (beside the players, then below the prompt's buttons), at
        the largest size at which all of it fits."""
        m, state = self.metrics, view.state
        lines = status_lines(view)
        last = last_action(view)
        if last:
            lines.insert(0, (last, ACCENT))
        watcher_line = 1 if last else 0
        indent = m.px(40) if state.watcher is not None else 0
        sizes = tuple(m.px(s) for s in STATUS_SIZES)
        size, plan = self.largest_fit(lines, rects, sizes, indent, watcher_line)
        step = round(size * 1.05)
        for n, rect, y in plan:
            words, colour = lines[n]
            x, width = rect.x + m.margin, rect.width - 2 * m.margin
            shift = indent if n == watcher_line else 0
            if shift and state.watcher is not None:
                w = state.watcher
                centre = (x + m.px(16), y + m.px(16))
                pygame.draw.polygon(surface, WATCHER_LIT if w.awake else (110, 110, 110), _diamond(centre, m.px(16)))
                text(surface, str(w.token), centre, m.px(20), (0, 0, 0), bold=True, centre=True)
            room = max(1, (rect.bottom - y) // step)
            paragraph(surface, words, (x + shift, y), size, width - shift, room, colour)
        for n in range(len(plan), len(lines)):  # no room left: said, so the text-fit test sees it
            widgets.missing(lines[n][0], size)

    def largest_fit(
        self, lines: list[tuple[str, Any]], rects: list[pygame.Rect], sizes: tuple[int, ...], indent: int, watcher_line: int
    ) -> tuple[int, list[tuple[int, pygame.Rect, int]]]:
        """The first of ``sizes`` (largest first) at which every line has a place, and the
        places (the smallest size's, as far as they go, when none fits).

        Usually the largest fits.  When it does not (a battle's lines), each size tried wraps
        every line anew, and a new sentence's lines are measured at each: so the size is
        guessed from the words' widths at the largest size, scaled (:func:`guessed_lines`),
        then settled by trying the guess and the size above it (up while that fits, down
        while the guess does not): two tries where the sizes in turn took up to seven.  A
        larger size that fits while a smaller one does not is not looked for above the first
        that does not: a smaller size's lines are shorter, and need no more room, save where a
        box's edge falls just so (tests/ui/test_draw_speed.py holds the sizes chosen equal to
        those of the sizes tried in turn, through a game at the four screen sizes)."""
        plan = self.flow(lines, rects, sizes[0], indent, watcher_line)
        if len(plan) == len(lines) or len(sizes) == 1:
            return sizes[0], plan

        def guessed(size: int, words: str, width: int) -> int:
            return guessed_lines(words, size, width, sizes[0])

        n = len(sizes) - 1  # the first size the guess fits every line at (the smallest if none)
        for tried in range(1, len(sizes)):
            if len(self.flow(lines, rects, sizes[tried], indent, watcher_line, guessed)) == len(lines):
                n = tried
                break
        plan = self.flow(lines, rects, sizes[n], indent, watcher_line)
        if len(plan) == len(lines):
            while n > 1:
                above = self.flow(lines, rects, sizes[n - 1], indent, watcher_line)
                if len(above) < len(lines):
                    break
                n, plan = n - 1, above
        else:
            while len(plan) < len(lines) and n < len(sizes) - 1:
                n += 1
                plan = self.flow(lines, rects, sizes[n], indent, watcher_line)
        return sizes[n], plan

    def flow(
        self,
        lines: list[tuple[str, Any]],
        rects: list[pygame.Rect],
        size: int,
        indent: int,
        watcher_line: int,
        count: Callable[[int, str, int], int] | None = None,
    ) -> list[tuple[int, pygame.Rect, int]]:
        """Where each line goes at ``size``: (line, box, top), stopping at the first that fits
        nowhere (``count``: a line's count of lines at a size and width; the wrap's by default)."""
        m, step = self.metrics, round(size * 1.05)
        lines_of = count or wrapped_lines
        plan: list[tuple[int, pygame.Rect, int]] = []
        boxes = [r for r in rects if r.height > 0]
        b, y = 0, boxes[0].y + m.px(4) if boxes else 0
        for n, (words, _colour) in enumerate(lines):
            shift = indent if n == watcher_line else 0
            while b < len(boxes):
                box = boxes[b]
                tall = max(lines_of(size, words, box.width - 2 * m.margin - shift) * step, m.px(34) if shift else 0)
                after = 0
                if words.endswith(":"):  # a heading stays with its list where a later box could hold them all
                    group = list(itertools.takewhile(lambda line: not line[0].endswith(":"), lines[n + 1 :]))
                    heights = [lines_of(size, following, box.width - 2 * m.margin) * step for following, _ in group]
                    later = any(tall + sum(heights) <= other.height for other in boxes[b + 1 :])
                    after = sum(heights) if later else heights[0] if heights else 0
                if y + tall + after <= box.bottom:
                    plan.append((n, box, y))
                    y += tall
                    break
                b += 1
                y = boxes[b].y if b < len(boxes) else 0
            else:
                return plan
        return plan

    def draw_prompt(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """The prompt's panel and its words."""
        m, state = self.metrics, view.state
        inner = rect.inflate(-2 * m.margin, -2 * m.margin)
        width = inner.width - 2 * m.margin
        lines: list[tuple[str, int, int, Any, bool]] = []  # (words, size, lines at most, colour, bold)
        if state.phase is Phase.GAME_OVER and state.outcome is not None:
            winners = ", ".join(view.names.get(w, w) for w in state.outcome.winners) or _("nobody: humanity wins")
            spec: tuple[Any, ...] = ("over", _("Game over"), _("Winner: {winners}").format(winners=winners))
        else:
            who, holder = self.outsider(state), self.revealing(state)
            if holder:
                words = _("{player}: hold to peek, then tap the sign to reveal (the others look away)").format(
                    player=state.player(holder).label
                )
                lines.append((words, m.px(20), 2, TEXT, True))
            elif who:
                words = _("{player}, out of turn (the others wait):").format(player=state.player(who).label)
                lines.append((words, m.px(20), 2, TEXT, True))
            elif state.prompt.kind is PromptKind.ACTION:
                words = self.panel.title(state)
                count = 1 if self.composing(state) else 2
                if count == 1 and width_of(words, m.px(17), True) > width:
                    words = self.panel.title(state, short=True)
                size = fit(words, (m.px(22), m.px(19), m.px(17)), width, True) if count == 1 else m.px(20)
                lines.append((words, size, count, TEXT, True))
                pending = self.panel.pending_text(state)
                if pending and not self.composing(state):
                    lines.append((pending, m.px(16), 1, ACCENT, False))
            else:
                lines.append((prompt_words(state.prompt.text) or "...", m.px(20), PROMPT_LINES, TEXT, True))
            dice = ""
            if state.prompt.kind is PromptKind.ROLL:
                dice = _("Dice entered: {dice}").format(dice=" ".join(map(str, view.dice)) or "-")
            spec = ("prompt", tuple(lines), dice, view.notices[-1] if view.notices else "")
        self.paint_prompt(surface, inner, spec)  # (not kept: a large picture, its words change with each player)

    def paint_prompt(self, surface: pygame.Surface, inner: pygame.Rect, spec: tuple[Any, ...]) -> None:
        m = self.metrics
        widgets.panel(surface, inner, PANEL, m.px(8))  # (over the plain background: nothing else is drawn there)
        width = inner.width - 2 * m.margin
        x, y = inner.x + m.margin, inner.y + m.px(6)
        if spec[0] == "over":
            text(surface, spec[1], (x, y), m.px(30), WARN, bold=True)
            paragraph(surface, spec[2], (x, y + m.px(36)), m.px(22), width, 3)
            return
        _kind, lines, dice, notice = spec
        for words, size, count, colour, bold in lines:
            y = paragraph(surface, words, (x, y), size, width, count, colour, bold=bold)
        if dice:
            text(surface, dice, (x, y + m.px(2)), m.px(17), ACCENT, width=width)
        if notice:
            text(surface, notice, (x, inner.bottom - m.px(22)), m.px(17), WARN, width=width)


def wrapped_lines(size: int, words: str, width: int) -> int:
    """How many lines ``words`` wrap into at ``size`` in ``width`` px."""
    return len(wrap(words, size, width))


def name_fit(words: str, sizes: list[int], width: int, height: int) -> tuple[int, list[str]]:
    """The largest size at which ``words`` wraps into ``width`` px and ``height`` px of lines
    with no word wider than the line; the smallest size's lines otherwise."""
    for size in sizes:
        lines = wrap(words, size, width, True)
        fits = all(width_of(line, size, True) <= width for line in lines)
        if fits and len(lines) * round(size * 1.05) <= height:
            return size, lines
    return sizes[-1], wrap(words, sizes[-1], width, True)


def last_action(view: View) -> str:
    """What just happened, in words (the log's last line that is not a phase heading)."""
    line = next((line for line in reversed(view.log) if not line.startswith("--")), "")
    return _("Last: {line}").format(line=line) if line else ""


def spread(players: list[Any], ideal: list[float], gap: int, bounds: tuple[int, int]) -> list[tuple[Any, tuple[int, float]]]:
    """Markers at their ideal x, pushed apart to ``gap`` px (ties sit side by side), kept
    within ``bounds``: (player, (x drawn, x ideal)) in the same order."""
    xs: list[float] = []
    for x in ideal:
        xs.append(max(x, xs[-1] + gap) if xs else max(x, bounds[0]))
    overflow = xs[-1] - bounds[1] if xs else 0
    if overflow > 0:  # pushed past the end: slide the crowd back left, keeping the gaps
        for n in range(len(xs) - 1, -1, -1):
            limit = bounds[1] - (len(xs) - 1 - n) * gap
            xs[n] = min(xs[n], limit)
    return [(p, (round(x), i)) for p, x, i in zip(players, xs, ideal, strict=True)]


def status_lines(view: View) -> list[tuple[str, tuple[int, int, int]]]:
    """The map expansions' state and the odds that matter at the next Doom Phase."""
    state, lines = view.state, battle_lines(view.state, view.names)
    odds = watcher_odds(state)
    if state.watcher is not None and odds is not None:
        w = state.watcher
        if w.awake:
            killed = float(odds.killed_by_decay)
            where = state.area_name(w.area) if w.area >= 0 else _("off the map")
            words = _("Watcher AWAKE in {area}, token {token}; dies at the next Doom Phase: {chance}")
            lines.append((_held(words, ("token", "chance"), area=where, token=w.token, chance=f"{killed:.0%}"), WARN))
        elif w.wake_pending:
            lines.append((_("Watcher asleep, token 12; wakes at the next Doom Phase (Doom passed it)"), WARN))
        else:
            words = _("Watcher asleep, token {token}; wakes at the next Doom Phase: {chance}")
            lines.append((_held(words, ("token", "chance"), token=w.token, chance=f"{float(odds.wake_by_die):.0%}"), TEXT))
    worms = worm_chances(state)
    gone = sum(1 for a in state.areas if ERADICATED in a.markers)
    eradicated = (
        " " + ngettext("({count} area eradicated so far)", "({count} areas eradicated so far)", gone).format(count=gone)
        if gone
        else ""
    )
    if len(worms) == 1:
        area, number, chance = worms[0]
        words = _held(
            _("Worm {number} in {area}: eradicated at the next Doom Phase: {chance}{eradicated}"),
            ("chance",),
            number=number,
            area=state.area_name(area),
            chance=f"{float(chance):.0%}",
            eradicated=eradicated,
        )
        lines.append((words, WARN if chance > 0.5 else TEXT))
    elif worms:  # one heading, then a line per Worm
        lines.append((_("Eradicated at the next Doom Phase{eradicated}:").format(eradicated=eradicated), TEXT))
        for area, number, chance in worms:
            words = _held(
                _("Worm {number} in {area}: {chance}"),
                ("chance",),
                number=number,
                area=state.area_name(area),
                chance=f"{float(chance):.0%}",
            )
            lines.append((words, WARN if chance > 0.5 else TEXT))
    elif state.worms is not None and gone:
        lines.append((_("Eradicated areas: {count}").format(count=gone), DIM))
    if state.acolyte is not None:
        a = state.acolyte
        where = state.area_name(a.area) if a.area >= 0 else _(ACOLYTE_STATUS.get(a.status.value, a.status.value))
        owner = view.names.get(a.controller, _("nobody")) if a.controller else _("nobody")
        lines.append((_("Astral Acolyte: {area}, controlled by {owner}").format(area=where, owner=owner), TEXT))
    if view.link is not None:
        lines.append(
            (_("Tower: {state}").format(state=_(view.link.state.value)), ACCENT if view.link.state.value == "linked" else WARN)
        )
    return lines


@lru_cache(maxsize=256)
def _held(words: str, figures: tuple[str, ...], **values: Any) -> str:
    """:func:`held`, remembered: the Watcher's and the Worms' lines come back the same frame
    after frame, and holding their figures (a pattern match each) was a tenth of the status."""
    return held(words, figures, **values)


def _diamond(centre: tuple[int, int], size: int) -> list[tuple[int, int]]:
    x, y = centre
    return [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
