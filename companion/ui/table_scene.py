"""The table, to be read from 1.5 m away (issue 33, section 4): whose turn in large type, the
Doom track with numbered markers, the Ritual of Annihilation track, every player's name and
Power, Doom, Elder Signs and Spellbooks as big numerals, the last action in words (a battle's dice
and odds beside it); and the prompt: a short headline in large type, the engine's whole sentence
below it, then an action turn entered by area (:mod:`turn_panel`) or the other prompts as big
buttons with exactly the legal choices (a die pad for physical dice).  The rest (the first
player, the Watcher's and the Worms' odds, the Acolyte, the tower, the factions' sheets) is on the
Detail screen (:mod:`detail_scene`), one tap away."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from companion.engine import Command, legal_commands, tag_of, watcher_odds, worm_chances
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import DOOM_TO_WIN, ERADICATED, GameState, Phase, PromptKind, spellbook_count
from companion.i18n import N_, _, language, ngettext
from companion.palette import colour_of
from companion.ui import widgets
from companion.ui.battle_odds import battle_lines, held
from companion.ui.entry import area_of, out_of_turn
from companion.ui.labels import HEADLINES, label, prompt_words, type_words
from companion.ui.scene import DieFace, Go, Intent, Scene, Submit, View
from companion.ui.turn_panel import Local, TurnPanel, area_answers
from companion.ui.widgets import (
    ACCENT,
    BUTTON_EDGE,
    DIM,
    FLOOR_SIZE,
    MIN_TOUCH,
    NAME_LEAST,
    NAME_SIZE,
    PANEL,
    SEATS_FLOOR,
    SEEN_LABELS,
    SEEN_SIZE,
    TEXT,
    TIGHT_STEP,
    WARN,
    Button,
    Metrics,
    fit,
    grid,
    paragraph,
    text,
    width_of,
    wrap,
)

COMBAT_CHOICES = 12
# Lines of the status drawn at one size: (the lines, the size, each line's (index, box, top)).
StatusPart = tuple[list[tuple[str, Any]], int, list[tuple[int, pygame.Rect, int]]]
GROUP_AT = 8  # a command type with more choices than this in a list is one button, opened a step further
PROMPT_LINES = 4  # a prompt's sentence takes up to this many lines above its buttons
NUMERAL = 54  # px font (at unit 1): the digits' ink is 28 px tall, to be read from 1.5 m
# The bands from the top (px at unit 1): whose turn, the Doom track, the ritual track.
HEADER, DOOM_BAND, RITUAL_BAND, GAP = 48, 50, 30, 3
ROUND_LINE = 26  # a portrait header's second line: the round and phase (too narrow beside whose turn)
HEADS = 24  # the counters' headings above the players' rows
HEADS_STAGGERED = 44  # the same on two lines, staggered: a language with a heading wider than its column can be
HEAD_MOST = 80  # a counter's column at the widest (a longer heading is drawn smaller)
CELL = 58  # a counter's column at the narrowest: a two-digit numeral's cell
HEAD_SIZES = (FLOOR_SIZE, SEATS_FLOOR, 24, 20, 17, 15)  # a counter's heading, as large as its column allows
ROW_MOST = 63  # a player's row: room for a name on two lines at NAME_SIZE
ROW_LEAST = 39  # a player's row at least while the rows differ: numerals of 50 px, 5 mm of ink
FOLD_AT = 5  # players: from this many (landscape) the Doom track is on the Detail screen, and the rows
# take its room (each player's Doom stays in the Doom column): two lines of a name at 3.5 mm need
# 59 px; five rows below the track get 50
FOLD_RITUAL_AT = 6  # players: from this many the ritual track is on it too (the ritual prompt says its
# cost): three two-line names and three one-line rows need 294 px, and German's staggered headings
# left them 284 (English 304); the one-line rows' out-of-turn names get 44 px, not 38
LEFT_SHARE = 0.55  # of a landscape screen's width: the players; the prompt has the rest
NAMES_SHARE = 0.60  # the players' share at most, as far as it takes their names to 3.5 mm (players_split)
STATUS_ROOM = 72  # below the prompt (landscape) or the players (portrait): the last action
WIDE_CHOICES = 6  # a prompt with more choices than this (or than fit beside the players): across the screen
PORTRAIT_PROMPT = 210  # a portrait prompt keeps this much below the players (240 before the two-row navigation bar)
DETAIL_WIDTH = 120  # the Detail button at the header's right
# A name's sizes, largest first (a long one shrinks; under SEATS_FLOOR only a player's own long name).
NAME_SIZES = (NAME_SIZE, NAME_LEAST, 34, 30, FLOOR_SIZE, SEATS_FLOOR, 24, 20, 17, 15, 13, 11)
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
# px (at unit 1): the last action, read at 3.5 mm (37 px inks 19 px), beside a battle's odds at
# their own size; the odds alone where it has no room at that, then smaller (a player's
# 30-character name).
LAST_SIZES = (NAME_SIZE, NAME_LEAST)
CUT_LEAST = 3  # words (a name is one): a last action cut to fewer says too little ("Last: Dice…")
# The words that lead into what follows them: a cut last action does not end on one ("…dice in…").
# A translation lists its language's own, separated by spaces.
LEAD_IN = N_("a an the in of for from to by at on with and")
ODDS_SIZES = (NAME_SIZE, 34, FLOOR_SIZE)
ODDS_SMALLER = (24, 20, 17)
ACOLYTE_STATUS = {"waiting": N_("waiting"), "placed": N_("placed"), "unused": N_("unused"), "eliminated": N_("eliminated")}


@dataclass
class NameButton(Button):
    """A player's name as the control that opens their out-of-turn commands: a button in their
    colour over their row's name area, the name on it as the painted names are (bold, on up to
    two lines, as large as fits: :data:`NAME_SIZES`, so 40 px on two lines in a row of 63), to be
    read from the seats like theirs (issue 33, section 4: >= 3.5 mm; a button's own labels
    wrap at 32)."""

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        rect, m = self.rect, metrics
        radius, edge, side, _below, _big, _middle, _small = m.button_sizes
        fill = self.colour if self.enabled else PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, BUTTON_EDGE, rect, width=edge, border_radius=radius)
        room = rect.width - side
        size, lines = name_fit(self.label, [m.px(s) for s in NAME_SIZES], room, rect.height)
        step = round(size * TIGHT_STEP)
        x, y = rect.centerx, rect.centery - (len(lines) - 1) * step // 2
        ink = widgets.ink_on(fill) if self.enabled else DIM  # dark words on a light colour (as a button's label)
        for n, line in enumerate(lines):
            text(surface, line, (x, y + n * step), size, ink, bold=True, centre=True, width=room, box=rect)


class TableScene(Scene):
    name = "table"

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(metrics)
        self.panel = TurnPanel(metrics, SEEN_LABELS, TIGHT_STEP)
        self.state: GameState | None = None
        # kept by bands() (each track folded or not), handed out as copies
        self._bands: dict[tuple[bool, bool], list[pygame.Rect]] = {}
        self._rows: dict[tuple[tuple[str, ...], int, str], tuple[int, ...]] = {}  # row_heights(): by names, room, language
        self.nav: list[Button] = []  # the navigation bar's buttons, drawn as one kept part
        # by regions(): (the players' names, the shape, the language: the counters' headings and "passed")
        self._regions: dict[tuple[tuple[str, ...], str, str], tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = {}
        self.peeking = False  # a finger holds "Hold to peek": the holder's Elder Signs show their values
        self._shape: tuple[GameState | None, str, str] = (None, "", "")  # the state and language last asked, its shape()
        self._latest: tuple[Any, tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = (None, (pygame.Rect(0, 0, 0, 0),) * 3)
        self._words: tuple[Any, dict[int, int]] = (None, {})  # words_height(): its layout, and its answer by width
        self._listed: tuple[GameState | None, list[Command]] = (None, [])  # choices_of()
        self._columns: dict[tuple[int, str], list[tuple[int, int]]] = {}  # by columns(): by right edge and language
        self._staggered: dict[str, bool] = {}  # by staggered(): by language
        self._status: tuple[Any, list[StatusPart]] = (None, [])  # status_plan(): by its rooms, odds, line, language

    # -- geometry ------------------------------------------------------------------------------

    def bands(self, players: int = 0) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(whose turn, the Doom track, the ritual track, the rest) from the top down for a table
        of ``players`` (a track 0 px tall where :meth:`doom_folded`, :meth:`ritual_folded`):
        fresh rectangles each time, worked out once (a frame asks a dozen times)."""
        folded = (self.doom_folded(players), self.ritual_folded(players))
        if folded not in self._bands:
            m, body = self.metrics, self.body()
            header = pygame.Rect(0, 0, m.width, max(MIN_TOUCH, m.px(HEADER)) + (m.px(ROUND_LINE) if m.portrait else 0))
            doom = pygame.Rect(m.margin, header.bottom, m.width - 2 * m.margin, 0 if folded[0] else m.px(DOOM_BAND))
            tall = 0 if folded[1] else ritual_height(m)
            ritual = pygame.Rect(m.margin, doom.bottom + (m.px(GAP) if tall else 0), m.width - 2 * m.margin, tall)
            top = ritual.bottom + m.px(GAP)
            rest = pygame.Rect(0, top, m.width, body.bottom - top)
            self._bands[folded] = [header, doom, ritual, rest]
        header, doom, ritual, rest = (band.copy() for band in self._bands[folded])
        return header, doom, ritual, rest

    def ritual_folded(self, players: int) -> bool:
        """Whether a table of ``players`` shows its ritual track on the Detail screen only: from
        :data:`FOLD_RITUAL_AT` players on a landscape screen."""
        return not self.metrics.portrait and players >= FOLD_RITUAL_AT

    def doom_folded(self, players: int) -> bool:
        """Whether a table of ``players`` shows its Doom track on the Detail screen only: from
        :data:`FOLD_AT` players on a landscape screen, so that every faction's name reads at
        3.5 mm (the Doom column still holds each player's Doom; a portrait screen has the room)."""
        return not self.metrics.portrait and players >= FOLD_AT

    def regions(self, view: View | None = None) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(players, status, prompt) in the rest of the screen for this screen's shape; while an
        area's choices are open, the prompt takes the whole rest (fresh rectangles, worked out
        once per players' names, shape and language: a frame asks several times)."""
        if view is None:
            players, status, prompt = self.kept_regions(("",) * 4, "")  # four players, no names yet
            return players, status, prompt
        key = self.layout_key(view)
        if not self.same_layout(self._latest[0], key):
            names = tuple(player.label for player in view.state.players)
            players, status, prompt = self.kept_regions(names, self.shape(view))
            if status.height and status.y == prompt.bottom:
                self.make_room(view, prompt, status, names_below=not players.height and bool(out_of_turn(view.state)))
                self.below_the_rows(names, players, status)
            self._latest = (key, (players, status, prompt))
        players, status, prompt = (region.copy() for region in self._latest[1])
        return players, status, prompt

    def kept_regions(self, names: tuple[str, ...], shape: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """:meth:`work_out_regions`' answer, worked out once per names, shape and language (fresh
        rectangles)."""
        key = (names, shape, language())
        kept = self._regions.get(key)
        if kept is None:
            kept = self._regions[key] = self.work_out_regions(names, shape)
        players, status, prompt = (region.copy() for region in kept)
        return players, status, prompt

    def layout_key(self, view: View) -> tuple[Any, ...]:
        """What the regions and the prompt's words depend on (a frame asks five times; a tap
        changes one of these; a language's words are other widths)."""
        d = self.panel.draft
        return (view.state, d.step, d.area, d.sub, d.outsider, d.reveal, len(d.pending), bool(view.notices), language())

    @staticmethod
    def same_layout(kept: tuple[Any, ...] | None, key: tuple[Any, ...]) -> bool:
        """Whether ``kept`` is ``key``: the same state object (not an equal one: comparing two
        states is slow) and the same draft."""
        return kept is not None and kept[0] is key[0] and kept[1:] == key[1:]

    def below_the_rows(self, names: tuple[str, ...], players: pygame.Rect, status: pygame.Rect) -> None:
        """The status across the screen wherever the players' rows end above it (landscape:
        three players' rows, with a long prompt's squeezed status or short names; 336 px beside
        the rows held no useful line of the last action at 3.5 mm, 784 px do)."""
        rows = self.player_rows(names, players) if players.height and players.right <= status.x else []
        if rows and rows[-1].bottom <= status.y:
            status.width, status.x = status.right - players.x, players.x

    def make_room(self, view: View, prompt: pygame.Rect, status: pygame.Rect, names_below: bool = False) -> None:
        """Two rows of buttons below the prompt's words, taken from the status region below it
        where they need it (a long sentence), down to a line of the status's words, or with
        ``names_below`` (the out-of-turn names in the status: :meth:`outsiders_below`) to a
        fingertip's button there (it was 25 px tall)."""
        m = self.metrics
        rows = 2 * m.touch + 3 * m.margin + (m.px(24) if view.notices else 0)
        need = 2 * m.margin + self.words_height(view, prompt.width - 2 * m.margin) + m.px(6) + rows
        one_line = m.px(4) + round(m.px(NAME_LEAST) * TIGHT_STEP)  # the status's top gap and a line at 37 px
        least = max(one_line, MIN_TOUCH + m.px(8) if names_below else 0)
        grow = min(need - prompt.height, status.height - least)
        if grow > 0:
            prompt.height += grow
            status.y, status.height = status.y + grow, status.height - grow

    def shape(self, view: View) -> str:
        """How the rest of the screen is shared: "composing" (an area's choices take it whole),
        "wide" (a die pad, combat dice, a long list, the holder's hidden Elder Signs, a player's
        out-of-turn commands: the prompt in the players' place too, the last action and a
        battle's odds below it; the players' counters come back after it), or "" (the players
        beside the prompt, or above it on a portrait screen, which is wide already but for a
        die pad and combat dice)."""
        state = view.state
        if self.composing(state):
            return "composing"
        if self.metrics.portrait:
            return "wide" if state.prompt.kind in (PromptKind.ROLL, PromptKind.COMBAT_DICE) else ""
        if self.revealing(state) or self.outsider(state):
            return "wide"
        if self._shape[0] is not state or self._shape[1] != language():  # (a language's words are other widths)
            kind = state.prompt.kind
            wide = kind in (PromptKind.ROLL, PromptKind.COMBAT_DICE) or (
                kind is not PromptKind.ACTION and not self.fits_beside(view)
            )
            self._shape = (state, language(), "wide" if wide else "")
        return self._shape[2]

    def fits_beside(self, view: View) -> bool:
        """Whether a prompt's list of choices fits on one page beside the players (worked out
        as :meth:`choice_buttons` lays it out; a list of more than WIDE_CHOICES never does), or
        is answered on the map (paged beside the players, in two rows at least)."""
        m, state = self.metrics, view.state
        choices = self.choices_of(state)
        if len(choices) > WIDE_CHOICES and not area_answers(state):
            return False
        _players, status, prompt = self.kept_regions(tuple(player.label for player in state.players), "")
        self.make_room(view, prompt, status)
        area = prompt.inflate(-2 * m.margin, -2 * m.margin)
        top = self.words_height(view, area.width) + m.px(6)
        area.height -= top + (m.px(24) if view.notices else 0)
        items = [words for words, _intent in self.public(choices)] + ([_("Choose on the map")] if area_answers(state) else [])
        columns = self.list_columns(area)
        width = widgets.cell_width(area, columns, m)
        height = max([m.touch, *(widgets.button_height(words, width, m, SEEN_LABELS, TIGHT_STEP) for words in items)])
        rows = max(0, (area.height + m.margin) // (height + m.margin))
        if area_answers(state):  # answered on the map ("Choose on the map" first): the list pages beside the players
            return rows >= 2  # (where a page holds a choice beside "Choose on the map" and "More")
        return len(items) <= rows * columns

    def work_out_regions(self, names: tuple[str, ...], shape: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Landscape: the players (their ``names``) at the left, the prompt at the right above
        the status (the last action); portrait: the players, the prompt, the status from the
        top down."""
        m, players_count = self.metrics, len(names)
        rest = self.bands(players_count)[3]
        if shape == "composing":  # below whose turn: the tracks come back with the area's choices closed
            top = self.bands(players_count)[1].y
            room = pygame.Rect(rest.x, top, rest.width, rest.bottom - top)
            return pygame.Rect(rest.x, top, 0, 0), pygame.Rect(rest.x, top, 0, 0), room
        status_h = m.px(STATUS_ROOM)
        if shape == "wide":
            prompt = pygame.Rect(rest.x, rest.y, rest.width, rest.height - status_h)
            return pygame.Rect(rest.x, rest.y, 0, 0), pygame.Rect(rest.x, prompt.bottom, rest.width, status_h), prompt
        if m.portrait:
            table_height = self.heads_height() + sum(self.row_heights(names, self.name_room(rest)))
            players = pygame.Rect(rest.x, rest.y, rest.width, table_height + m.margin)
            prompt = pygame.Rect(rest.x, players.bottom, rest.width, rest.bottom - players.bottom - status_h)
            status = pygame.Rect(rest.x, prompt.bottom, rest.width, status_h)
            return players, status, prompt
        split = self.players_split(names, rest)
        players = pygame.Rect(rest.x, rest.y, split, rest.height)
        prompt = pygame.Rect(split, rest.y, rest.width - split, rest.height - status_h)
        status = pygame.Rect(split, prompt.bottom, rest.width - split, status_h)
        return players, status, prompt

    def players_split(self, names: tuple[str, ...], rest: pygame.Rect) -> int:
        """Where the players' side of a landscape screen ends: :data:`LEFT_SHARE` of it, wider up
        to :data:`NAMES_SHARE` as far as it takes more of ``names`` to 3.5 mm (no further:
        the prompt and the last action keep the rest).  On a multiple of the fills' alignment:
        the gap's fill beside the rows then reaches over the prompt's panel, not over the rows
        (a row it fills over is drawn anew, not left)."""
        align = widgets.FILL_ALIGN
        least, most = (-(-round(rest.width * share) // align) * align for share in (LEFT_SHARE, NAMES_SHARE))
        read = self.metrics.px(NAME_LEAST)

        def reading(split: int) -> tuple[int, int, int]:
            """(how many names read at 3.5 mm, the smallest name's size short of that, the
            narrower the better)."""
            room = self.name_room(pygame.Rect(rest.x, rest.y, split, rest.height))
            rows = self.row_heights(names, room)
            sizes = [self.fit_name(name, room, row)[0] for name, row in zip(names, rows, strict=True)]
            return sum(size >= read for size in sizes), min([read, *sizes]), -split

        return max(range(least, most + 1, align), key=reading)

    def fit_name(self, words: str, room: int, row: int) -> tuple[int, list[str]]:
        """A name's size and lines in ``room`` px of a row ``row`` px tall: as large as the row
        less its border holds, else (under the seats' floor) its whole height (two lines at 27
        px in six rows, three in four)."""
        m = self.metrics
        sizes = [m.px(s) for s in NAME_SIZES]
        size, lines = name_fit(words, sizes, room, row - m.px(2))
        if size < m.px(SEATS_FLOOR):
            size, lines = name_fit(words, sizes, room, row)
        return size, lines

    def name_room(self, players: pygame.Rect) -> int:
        """The width in px a name has in a row of ``players``: from its colour swatch to the
        counters' first column."""
        swatch = self.swatch(players, players.y, 0)
        return self.columns(players.right)[0][0] - swatch.right - 2 * self.metrics.margin

    def swatch(self, players: pygame.Rect, top: int, row: int) -> pygame.Rect:
        """A player's colour swatch in their row (``top``, ``row`` px tall) of ``players``."""
        m = self.metrics
        return pygame.Rect(players.x + m.margin + m.px(4), top + m.px(4), m.px(10), row - m.px(10))

    def player_rows(self, names: tuple[str, ...], players: pygame.Rect) -> list[pygame.Rect]:
        """Each player's row in ``players`` (the players' region), below the counters' headings."""
        top, out = players.y + self.heads_height(), []
        for row in self.row_heights(names, self.name_room(players)):
            out.append(pygame.Rect(players.x, top, players.width, row))
            top += row
        return out

    def rows_room(self, players: int) -> int:
        """The height in px the rows of a table of ``players`` share, below the counters' headings."""
        m = self.metrics
        room = self.bands(players)[3].height - self.heads_height()
        if m.portrait:  # the status and the prompt below keep their room
            room -= m.px(STATUS_ROOM) + m.px(PORTRAIT_PROMPT)
        return room

    def row_height(self, players: int) -> int:
        """Each row's height when the rows of a table of ``players`` share their room evenly."""
        m = self.metrics
        return max(m.px(26), min(m.px(ROW_MOST), self.rows_room(players) // max(1, players)))

    def row_heights(self, names: tuple[str, ...], room: int) -> tuple[int, ...]:
        """Each player's row height, in seating order, for their ``names`` in ``room`` px of
        name width: the rows share their room evenly while that holds every name at 3.5 mm.
        Otherwise a name that needs two lines for it gets them, and the rows of one-line names
        give up the room, down to :data:`ROW_LEAST` (their counters keep 5 mm); the room left
        goes first to the lowest rows, up to a fingertip's height for an out-of-turn name's
        button (48 px), then is shared evenly.  Evenly again where even that does not fit (the
        names shrink)."""
        key = (names, room, language())
        kept = self._rows.get(key)
        if kept is None:
            kept = self._rows[key] = self.work_out_rows(names, room)
        return kept

    def work_out_rows(self, names: tuple[str, ...], room: int) -> tuple[int, ...]:
        m, count = self.metrics, len(names)
        even, read = self.row_height(count), m.px(NAME_LEAST)
        if all(self.fit_name(name, room, even)[0] >= read for name in names):
            return (even,) * count
        needs = [max(m.px(ROW_LEAST), name_height(name, read, room) + m.px(2)) for name in names]
        spare = self.rows_room(count) - sum(needs)
        if spare < 0:
            return (even,) * count
        touch = MIN_TOUCH + m.px(2)  # a row whose player may act out of turn holds a fingertip's name button
        while spare > 0 and min(needs) < touch:  # the lowest row first, a px at a time (six rows, tens of px)
            needs[needs.index(min(needs))] += 1
            spare -= 1
        shares = [spare // count + (1 if n < spare % count else 0) for n in range(count)]
        return tuple(min(max(m.px(ROW_MOST), need), need + share) for need, share in zip(needs, shares, strict=True))

    def composing(self, state: GameState) -> bool:
        return state.prompt.kind is PromptKind.ACTION and self.panel.draft.area >= 0 and state.step == self.panel.draft.step

    def button_area(self, view: View) -> pygame.Rect:
        m = self.metrics
        area = self.regions(view)[2].inflate(-2 * m.margin, -2 * m.margin)
        top = self.words_height(view, area.width) + m.px(6)
        area.y += top
        area.height -= top + (m.px(24) if view.notices else 0)  # the last notice's line
        return area

    def words_height(self, view: View, width: int) -> int:
        """The height of the prompt's words above its buttons (:meth:`prompt_lines` as drawn),
        worked out once per layout and width."""
        key = self.layout_key(view)
        if not self.same_layout(self._words[0], key):
            self._words = (key, {})
        known = self._words[1]
        if width not in known:
            known[width] = self.work_out_words_height(view, width)
        return known[width]

    def work_out_words_height(self, view: View, width: int) -> int:
        m = self.metrics
        total = m.px(6)
        for words, size, count, _colour, bold in self.prompt_lines(view, width - 2 * m.margin):
            lines = min(count, len(wrap(words, size, width - 2 * m.margin, bold)))
            total += lines * round(size * TIGHT_STEP) + m.px(2)
        if view.state.prompt.kind is PromptKind.ROLL:
            total += round(m.px(FLOOR_SIZE) * TIGHT_STEP) + m.px(2)  # the dice entered
        return total

    # -- buttons for the prompt ----------------------------------------------------------------

    def update(self, view: View) -> None:
        self.state = view.state
        Scene.update(self, view)
        self.nav = self.buttons[len(self.buttons) - len(view.nav) :]  # Scene.update puts the navigation bar last
        if getattr(view.state, "players", None):
            self.buttons.append(self.detail_button())

    def detail_button(self) -> Button:
        """The way to the Detail screen (the first player, the odds, the sheets): the header's right."""
        m, header = self.metrics, self.bands()[0]
        width = m.px(DETAIL_WIDTH)
        rect = pygame.Rect(header.right - m.margin - width, header.y, width, max(MIN_TOUCH, m.px(HEADER)))
        return Button(rect, _("Details"), Go("detail"), labels=SEEN_LABELS, step=TIGHT_STEP)

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
        players, status, _prompt = self.regions(view)
        if not players.height:
            return self.outsiders_below(view, status)
        offers, m = out_of_turn(view.state), self.metrics
        rows = self.player_rows(tuple(player.label for player in view.state.players), players)
        first_col = self.columns(players.right)[0][0]
        out: list[Button] = []
        for player, row in zip(view.state.players, rows, strict=True):
            if player.pid in offers:
                rect = pygame.Rect(players.x + m.margin, row.y, first_col - players.x - 2 * m.margin, row.height - m.px(2))
                colour = colour_of(player.faction)
                out.append(NameButton(rect, player.label, Local("outsider", player.pid), colour))
        return out

    def outsiders_below(self, view: View, status: pygame.Rect) -> list[Button]:
        """The out-of-turn controls while the prompt is wide (a roll): the names at the status
        region's right, from the right edge in."""
        if not status.height:
            return []
        m, offers = self.metrics, out_of_turn(view.state)
        width, right = m.px(DETAIL_WIDTH * 3 // 2), status.right - m.margin
        out: list[Button] = []
        for player in reversed(view.state.players):
            if player.pid in offers:
                rect = pygame.Rect(right - width, status.y + m.px(4), width, status.height - m.px(8))
                colour = colour_of(player.faction)
                out.append(NameButton(rect, player.label, Local("outsider", player.pid), colour))
                right = rect.x - m.margin
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
        return self.panel.place(items, area, self.list_columns(area))

    def release(self) -> bool:
        """A finger lifted: a peek ends (True: the frame changes)."""
        was, self.peeking = self.peeking, False
        return was

    def columns(self, right: int) -> list[tuple[int, int]]:
        """Each counter's column (left x, width in px), the last ending a margin in from
        ``right``: as wide as a numeral's cell, or as its heading in the table's language up to
        HEAD_MOST, so no heading runs into the next and the names keep their room.  Where the
        headings are :meth:`staggered`, a heading has its neighbours' room too, and a column
        is as wide as half its heading at most ("Verdammnis": 62 px)."""
        kept = self._columns.get((right, language()))  # (asked nine times a frame)
        if kept is None:
            heads = tuple(_(name) for name in COUNTERS)
            m = self.metrics
            base = m.px(CELL)
            most = max(base, m.px(HEAD_MOST))
            if self.staggered():
                widths = [max(base, (width_of(head, m.px(FLOOR_SIZE)) + m.px(4) + 1) // 2) for head in heads]
            else:
                widths = [min(most, max(base, width_of(head, m.px(FLOOR_SIZE)) + m.px(10))) for head in heads]
            # The Power column holds "passed" too, always (a column that widened when a player
            # passed would move every row's numbers).
            widths[0] = min(most, max(widths[0], width_of(_("passed"), m.px(SEATS_FLOOR)) + m.px(6)))
            x = right - m.margin - sum(widths)
            kept = self._columns[(right, language())] = []
            for width in widths:
                kept.append((x, width))
                x += width
        return list(kept)

    def staggered(self) -> bool:
        """Whether the counters' headings in the table's language are on two lines, staggered:
        one of them is wider than its column may be at the seats' floor (German's "Verdammnis",
        115 px at 27 px type against HEAD_MOST's 80, drawn at 17 px on one line)."""
        kept = self._staggered.get(language())
        if kept is None:
            m = self.metrics
            most = max(m.px(CELL), m.px(HEAD_MOST))
            widths = [width_of(_(name), m.px(SEATS_FLOOR)) + m.px(10) for name in COUNTERS]
            kept = self._staggered[language()] = max(widths) > most
        return kept

    def heads_height(self) -> int:
        """The counters' headings' height in px above the players' rows (one line, or two staggered)."""
        return self.metrics.px(HEADS_STAGGERED if self.staggered() else HEADS)

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
            return self.choice_buttons(out_of_turn(state)[who], area, columns=self.list_columns(area), first=back)
        if prompt.kind is PromptKind.ROLL:
            return self.die_pad(view, area)
        if prompt.kind is PromptKind.ACTION:
            return self.panel.buttons(state, area)
        if prompt.kind is PromptKind.COMBAT_DICE:
            choices = list(itertools.islice(legal_commands(state), COMBAT_CHOICES))
            columns = max(4, min(COMBAT_CHOICES // 2, area.width // self.metrics.px(120)))  # two rows across the screen
            return self.choice_buttons(choices, area, columns=columns, group=False)
        # A prompt naming an area is answered on the map (its areas lit); the list stays here too.
        on_map = [(_("Choose on the map"), Go("map"))] if area_answers(state) else []
        return self.choice_buttons(list(self.choices_of(state)), area, columns=self.list_columns(area), first=on_map)

    def choices_of(self, state: GameState) -> list[Command]:
        """The engine's list of the prompted player's choices (not an action turn's), once per
        state: the layout's shape and the buttons both read it."""
        if self._listed[0] is not state:
            self._listed = (state, list(legal_commands(state)))
        return self._listed[1]

    def list_columns(self, area: pygame.Rect) -> int:
        """A list's columns in ``area``: two, or more across a wide prompt."""
        return max(2, min(4, area.width // self.metrics.px(190)))

    def choice_buttons(
        self,
        choices: list[Command],
        area: pygame.Rect,
        columns: int,
        first: list[tuple[str, Any]] | None = None,
        group: bool = True,
    ) -> list[Button]:
        """The legal choices as buttons filling the room (full pages with "More" if ever needed),
        after ``first``; a Pass never comes first (``group``: many of one type a step further,
        see :meth:`grouped`; the numbers of combat dice are only paged)."""
        m = self.metrics
        choices = sorted(choices, key=lambda cmd: isinstance(cmd, c.Pass))
        rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
        steps: list[tuple[str, Any]] = []
        if group and (len(choices) + len(first or ()) > rows * max(2, columns) or self.panel.draft.group):  # more than a page
            choices, steps = self.grouped(choices)
        items: list[tuple[str, Any]] = [*(first or []), *steps, *self.public(choices)]
        if columns == 2 and any(width_of(label(choice), m.px(SEEN_LABELS[0])) > area.width // 2 - 20 for choice in choices):
            # Long labels (area names) get the whole width only while that keeps them on one page;
            # else they wrap onto two lines, two or three to a row, rather than being paged two at a time.
            rows = max(1, (area.height + m.margin) // (m.touch + m.margin))
            columns = 1 if len(items) <= rows else 3 if area.width // 3 >= m.px(200) else 2
        small = m.px(SEEN_LABELS[-1])
        longest = max((width_of(word, small) for words, _intent in items for word in words.split()), default=0)
        while columns > 1 and longest > widgets.cell_width(area, columns, m) - m.px(10):
            columns -= 1  # a word wider than a button of this many columns: fewer, wider buttons
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
        m, count = self.metrics, len(faces) + 1 + digital
        words = [_("Clear"), _("Roll for me")]
        longest = max(width_of(word, m.px(SEEN_LABELS[-1])) for label in words for word in label.split())
        columns = max(4, min(count, area.width // m.px(90)))  # one row where the prompt is wide
        while columns > 2 and longest > widgets.cell_width(area, columns, m) - m.px(10):
            columns -= 1  # "Löschen" whole
        rects = grid(area, count, columns, m)
        buttons = [Button(rect, str(face), DieFace(face)) for rect, face in zip(rects, faces, strict=False)]
        buttons.append(Button(rects[len(faces)], _("Clear"), DieFace(None), PANEL))
        if digital:
            buttons.append(Button(rects[len(faces) + 1], _("Roll for me"), Submit(c.Roll(None, "generator")), ACCENT))
        return self.panel.labelled(buttons)

    def covered(self, surface: pygame.Surface, view: View) -> list[pygame.Rect]:
        """What :meth:`draw` covers whole before drawing anything else there: the bands and
        player rows kept as parts (:class:`widgets.Parts` fills or blits the whole rectangle),
        the prompt's panel (an opaque picture) and the navigation bar (a part)."""
        m = self.metrics
        header, doom, ritual, _rest = self.bands(len(view.state.players))
        players, _status, prompt = self.regions(view)
        bands = (header,) if prompt.y < ritual.bottom else (header, doom, ritual)  # an area's choices cover the tracks
        out = [pygame.Rect(0, band.y, surface.get_width(), band.height) for band in bands if band.height]
        if players.height:  # the counters' heads, then a row per player (draw_players)
            rows = self.player_rows(tuple(player.label for player in view.state.players), players)
            out.append(pygame.Rect(players.x, players.y, players.width, rows[-1].bottom - players.y))
        out.append(prompt.inflate(-2 * m.margin, -2 * m.margin))  # draw_prompt's panel
        if self.nav:
            out.append(self.nav[0].rect.unionall([button.rect for button in self.nav[1:]]))
        return out

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: View) -> None:
        header, doom, ritual, _ = self.bands(len(view.state.players))
        players, status, prompt = self.regions(view)
        self.draw_header(surface, view, header)
        if prompt.y >= ritual.bottom:  # (an area's choices cover the tracks)
            if doom.height:
                self.draw_doom_track(surface, view, doom)
            if ritual.height:
                self.draw_ritual(surface, view, ritual)
        if players.height:
            self.draw_players(surface, view, players)
        self.draw_prompt(surface, view, prompt)
        if status.height:
            names = [b.rect.x for b in self.buttons if isinstance(b.intent, Local) and status.contains(b.rect)]
            status.width = min(names, default=status.right) - status.x  # the out-of-turn names at its right
            free = self.free_room(view, prompt)
            # A battle's odds go with the prompt (its panel's room first); the last action below it.
            self.draw_status(surface, view, [free, status] if view.state.battle is not None else [status, free])
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
        actor = state.prompt.actor
        seat = state.seat(actor) if actor else None
        if seat is None:
            who = ("", _("Game over") if state.phase is Phase.GAME_OVER else _("The table decides"), (0, 0, 0))
        else:
            player = state.players[seat]
            words = _("{player} to play") if state.prompt.kind is PromptKind.ACTION else _("{player} decides")
            who = (player.label, words.format(player=player.label), colour_of(player.faction))
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        key = ("header", tuple(rect), where, *who)
        widgets.PARTS.draw(surface, band, key, self.paint_header, surface, rect, where, *who)

    def paint_header(self, surface: pygame.Surface, rect: pygame.Rect, where: str, label: str, words: str, colour: Any) -> None:
        """The header's drawing (``label``: the player to act's name; "" when nobody acts): whose
        turn at the left, the round and phase left of the Detail button (drawn over it)."""
        m = self.metrics
        small = m.px(FLOOR_SIZE)
        right = rect.right - 2 * m.margin - m.px(DETAIL_WIDTH)
        big = m.px(SEEN_SIZE)
        sizes = (big, *(m.px(s) for s in NAME_SIZES))
        where_w = width_of(where, small)
        if m.portrait:  # the round and phase on a line of its own below
            below = rect.bottom - widgets.font(small).get_height() - m.px(2)
            text(surface, where, (m.margin, below), small, DIM, tag="round")
            rect = pygame.Rect(rect.x, rect.y, rect.width, rect.height - m.px(ROUND_LINE))
            where, where_w = "", 0
        elif width_of(label or words, m.px(NAME_SIZE), True) > right - where_w - m.px(48):
            where, where_w = "", 0  # a long name takes the round's room (the Detail screen shows it)
        else:
            text(surface, where, (right - where_w // 2, rect.centery), small, DIM, centre=True, tag="round")
        if not label:
            room = right - where_w - 2 * m.margin
            size = fit(words, sizes, room, True)
            text(surface, words, (m.margin, rect.centery - size * 3 // 8), size, bold=True, width=room, tag="whose turn")
            return
        swatch = pygame.Rect(m.margin, rect.y + m.px(8), m.px(16), rect.height - m.px(16))
        pygame.draw.rect(surface, colour, swatch, border_radius=m.px(3))
        room = right - where_w - swatch.right - 2 * m.margin
        if width_of(words, big, True) > room:
            words = label  # a long name: the name alone, large
        size = fit(words, sizes, room, True)
        top = rect.centery - widgets.font(size, True).get_height() // 2
        text(surface, words, (swatch.right + m.margin, top), size, colour, bold=True, width=room, tag="whose turn")

    def draw_doom_track(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """0-30 with every player's marker numbered with its Doom; tied markers stack."""
        markers = tuple((p.faction, p.doom) for p in view.state.players)
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        widgets.PARTS.draw(surface, band, ("doom", tuple(rect), markers), self.paint_doom_track, surface, view, rect)

    def paint_doom_track(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        paint_doom_track(surface, self.metrics, view.state.players, rect)

    def draw_ritual(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """The Ritual of Annihilation track: its costs, the marker's space, and Instant Death."""
        state = view.state
        key = ("ritual", tuple(rect), _("Ritual"), _("Instant Death"), tuple(state.ritual_track), state.ritual)
        band = pygame.Rect(0, rect.y, surface.get_width(), rect.height)
        widgets.PARTS.draw(surface, band, key, paint_ritual_track, surface, self.metrics, state, rect)

    def draw_players(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """A row per player: colour, name, then Power, Doom, Signs and Books as big numerals
        under one header line (the acting player's row is lit).  Each row is a part of the
        frame kept by what it shows: a tap redraws the rows it changed."""
        m, state = self.metrics, view.state
        players = state.players
        rows = self.player_rows(tuple(player.label for player in players), rect)
        heads = tuple(_(name) for name in COUNTERS)
        head_band = pygame.Rect(rect.x, rect.y, rect.width, self.heads_height())
        widgets.PARTS.draw(surface, head_band, ("counters", tuple(rect), heads), self.paint_counters, surface, rect, heads)
        numeral = min(m.px(NUMERAL), round(min(band.height for band in rows) * 1.3))  # one size in every row
        actor = state.prompt.actor
        controls = out_of_turn(state)  # these rows' names are buttons (outsider_controls), not painted
        for player, band in zip(players, rows, strict=True):
            top, row = band.y, band.height
            values = (player.power, player.doom, len(player.elder_signs), spellbook_count(player))
            lit = player.pid == actor
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
                surface, band, key, self.paint_player, surface, rect, top, row, player, lit, named, passed, over=(values, numeral)
            ):
                self.paint_numerals(surface, rect, top, row, numeral, values, passed)  # (left, with the row, as they were)

    def paint_counters(self, surface: pygame.Surface, rect: pygame.Rect, heads: tuple[str, ...]) -> None:
        """The counters' headings over their columns: on one line, or staggered on two (every
        other heading on the lower line, each as wide as its column and half of each
        neighbour's, which are on the other line; the last one's right: the margin)."""
        m, cells = self.metrics, self.columns(rect.right)
        sizes = tuple(m.px(s) for s in HEAD_SIZES)
        staggered = self.staggered()
        line = self.heads_height() // (2 if staggered else 1)
        for n, (name, (left, width)) in enumerate(zip(heads, cells, strict=True)):
            room, y = width, rect.y + line // 2
            if staggered:
                halves = (cells[n - 1][1] // 2 if n else width, cells[n + 1][1] // 2 if n + 1 < len(cells) else m.margin)
                room, y = width + 2 * min(halves), y + (n % 2) * line
            size = fit(name, sizes, room - m.px(4))
            text(surface, name, (left + width // 2, y), size, DIM, centre=True, tag="heading")

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
        painted, not a button's label over it): the name on up to two lines, as large as fits."""
        m = self.metrics
        line = pygame.Rect(rect.x + m.margin, top, rect.width - 2 * m.margin, row - m.px(2))
        if lit:
            pygame.draw.rect(surface, PANEL, line, border_radius=m.px(6))
            pygame.draw.rect(surface, colour_of(player.faction), line, width=max(1, m.px(2)), border_radius=m.px(6))
        swatch = self.swatch(rect, top, row)
        if not named:
            return
        pygame.draw.rect(surface, colour_of(player.faction), swatch, border_radius=m.px(3))
        name_room = self.name_room(rect)
        words = player.label
        size, lines = self.fit_name(words, name_room, row)
        tall = (len(lines) - 1) * round(size * TIGHT_STEP) + widgets.font(size, True).get_linesize()
        y = top + max(0, (row - m.px(2) - tall) // 2)
        colour = DIM if passed else TEXT
        at = (swatch.right + m.margin, y)
        paragraph(surface, words, at, size, name_room, len(lines), colour, bold=True, step=TIGHT_STEP, tag="name")

    def paint_numerals(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        top: int,
        row: int,
        numeral: int,
        values: tuple[int, ...],
        passed: bool = False,
    ) -> None:
        """A player's Power, Doom, Signs and Books in their row's columns, as big numerals; a
        player who passed reads "passed" in the Power column (their Power is 0, spent), so
        every row says it and the name keeps its size."""
        m = self.metrics
        for column, (value, (left, width)) in enumerate(zip(values, self.columns(rect.right), strict=True)):
            centre = (left + width // 2, top + row // 2)
            if passed and column == 0:
                words = _("passed")
                size = fit(words, tuple(m.px(s) for s in (FLOOR_SIZE, SEATS_FLOOR)), width - m.px(4))
                text(surface, words, centre, size, DIM, centre=True, tag="passed")
            else:
                text(surface, str(value), centre, numeral, TEXT, bold=True, centre=True, tag="counter")

    def free_room(self, view: View, prompt: pygame.Rect) -> pygame.Rect:
        """The prompt panel's room below its buttons (and above the notice line)."""
        m = self.metrics
        inner = prompt.inflate(-2 * m.margin, -2 * m.margin)
        inside = [b.rect.bottom for b in self.buttons if inner.colliderect(b.rect) and b.rect.x >= inner.x]
        top = max(inside, default=self.button_area(view).y) + m.margin
        bottom = inner.bottom - (m.px(26) if view.notices else m.px(4))
        return pygame.Rect(inner.x, top, inner.width, max(0, bottom - top))

    def draw_status(self, surface: pygame.Surface, view: View, rects: list[pygame.Rect]) -> None:
        """A battle's dice and odds, then the last action: flowed through ``rects`` in turn (the
        status region, then the prompt panel's room below its buttons; in a battle the panel's
        room first, where the odds go).  Each has its own size: the odds as large as :data:`ODDS_SIZES` allow beside the
        last action at its largest (:meth:`status_plan`); where no last action fits beside
        them, the odds alone, smaller if they must (a player's long name): Details has the rest."""
        m = self.metrics
        odds: list[tuple[str, Any]] = list(battle_lines(view.state, view.names))
        key = (tuple(tuple(r) for r in rects), tuple(odds), last_line(view), language())
        if self._status[0] != key:
            self._status = (key, self.status_plan(view, odds, rects))
        if self._status[1]:
            for lines, size, plan in self._status[1]:
                self.paint_status(surface, lines, size, plan)
            return
        if not odds:
            return
        size, plan = self.largest_fit(odds, rects, tuple(m.px(s) for s in ODDS_SIZES))
        if len(plan) < len(odds):  # the odds must show: smaller (a player's own long name)
            size, plan = self.largest_fit(odds, rects, tuple(m.px(s) for s in ODDS_SMALLER))
        self.paint_status(surface, odds, size, plan)
        for n in range(len(plan), len(odds)):  # no room left: said, so the text-fit test sees it
            widgets.missing(odds[n][0], size)

    def status_plan(self, view: View, odds: list[tuple[str, Any]], rects: list[pygame.Rect]) -> list[StatusPart]:
        """Where the odds and the last action go, each at its own size ([] where the last action
        fits nowhere at 3.5 mm).  The last action is read at 37-40 px (:data:`LAST_SIZES`):
        whole, else by its first words up to what fits, ended by "…" (at least
        :data:`CUT_LEAST` of them, :meth:`cut_to_fit`); else it is left to Details, which shows
        it whole (the table shows less, and larger).  The odds take the largest of
        :data:`ODDS_SIZES` that leaves it room."""
        m, whole = self.metrics, last_action(view)
        if not whole:
            return []
        beside = [(size, plan) for size in ODDS_SIZES if len(plan := self.flow(odds, rects, m.px(size))) == len(odds)]
        tries = [(whole, size) for size in LAST_SIZES] + [(None, NAME_LEAST)]  # (None: cut to the room the odds leave)
        for (words, size), (odds_size, odds_plan) in itertools.product(tries, beside if odds else beside[:1]):
            rest = self.after(odds, odds_plan, rects, m.px(odds_size))
            last = words if words is not None else self.cut_to_fit(view, rest, m.px(size))
            plan = self.flow([(last, ACCENT)], rest, m.px(size)) if last else []
            if plan:
                return [(odds, m.px(odds_size), odds_plan), ([(last, ACCENT)], m.px(size), plan)]
        return []

    def after(
        self, lines: list[tuple[str, Any]], plan: list[tuple[int, pygame.Rect, int]], rects: list[pygame.Rect], size: int
    ) -> list[pygame.Rect]:
        """What ``rects`` have left below ``lines`` placed by ``plan`` at ``size``."""
        if not plan:
            return rects
        n, box, y = plan[-1]
        bottom = y + self.tall(lines[n][0], size, box)
        later = rects[next(k for k, rect in enumerate(rects) if rect is box) + 1 :]
        return [pygame.Rect(box.x, bottom, box.width, box.bottom - bottom), *later]

    def tall(self, words: str, size: int, box: pygame.Rect) -> int:
        """The height in px of ``words`` at ``size`` wrapped in ``box`` as the status draws them."""
        return wrapped_lines(size, words, box.width - 2 * self.metrics.margin) * round(size * TIGHT_STEP)

    def cut_to_fit(self, view: View, rects: list[pygame.Rect], size: int) -> str:
        """The last action by its first words, as many as fit ``rects`` at ``size``, ended by
        "…" ("" where fewer than :data:`CUT_LEAST` are kept).  A faction's, an area's or a unit's
        name is one word here: "Slime Sea…" would name another area than Slime Sea West."""
        words = name_words(last_line(view), [*view.names.values(), *names_on_the_map(view.state)])
        least, most = CUT_LEAST, len(words) - 1  # (all of them is the whole, tried already)

        def fits(count: int) -> bool:
            return bool(self.flow([(cut_last(cut_words(words, count)), ACCENT)], rects, size))

        if most < least or not fits(least):
            return ""
        while least < most:  # more words never take fewer lines: the most that fit, by halves
            middle = (least + most + 1) // 2
            least, most = (middle, most) if fits(middle) else (least, middle - 1)
        kept = cut_words(words, least)
        return cut_last(kept) if len(kept) >= CUT_LEAST else ""

    def paint_status(
        self, surface: pygame.Surface, lines: list[tuple[str, Any]], size: int, plan: list[tuple[int, pygame.Rect, int]]
    ) -> None:
        """The status's ``lines`` at ``size`` where :meth:`flow` placed them (``plan``)."""
        m, step = self.metrics, round(size * TIGHT_STEP)
        for n, rect, y in plan:
            words, colour = lines[n]
            x, width = rect.x + m.margin, rect.width - 2 * m.margin
            room = max(1, (rect.bottom - y) // step)
            tag = "last" if colour == ACCENT else "odds"
            paragraph(surface, words, (x, y), size, width, room, colour, step=TIGHT_STEP, tag=tag)

    def largest_fit(
        self, lines: list[tuple[str, Any]], rects: list[pygame.Rect], sizes: tuple[int, ...]
    ) -> tuple[int, list[tuple[int, pygame.Rect, int]]]:
        """The first of ``sizes`` (largest first) at which every line has a place, and the
        places (the smallest size's, as far as they go, when none fits)."""
        plan: list[tuple[int, pygame.Rect, int]] = []
        for size in sizes:
            plan = self.flow(lines, rects, size)
            if len(plan) == len(lines):
                return size, plan
        return sizes[-1], plan

    def flow(self, lines: list[tuple[str, Any]], rects: list[pygame.Rect], size: int) -> list[tuple[int, pygame.Rect, int]]:
        """Where each line goes at ``size``: (line, box, top), stopping at the first that fits
        nowhere."""
        m = self.metrics
        plan: list[tuple[int, pygame.Rect, int]] = []
        boxes = [r for r in rects if r.height > 0]
        b, y = 0, boxes[0].y + m.px(4) if boxes else 0
        for n, (words, _colour) in enumerate(lines):
            while b < len(boxes):
                box = boxes[b]
                tall = self.tall(words, size, box)
                after = 0
                if words.endswith(":"):  # a heading stays with its list where a later box could hold them all
                    group = list(itertools.takewhile(lambda line: not line[0].endswith(":"), lines[n + 1 :]))
                    heights = [self.tall(following, size, box) for following, _ in group]
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

    def prompt_lines(self, view: View, width: int) -> list[tuple[str, int, int, Any, bool]]:
        """The prompt's words as (words, size, lines at most, colour, bold): a short headline in
        large type, then the whole sentence (the engine's, or the out-of-turn player's) below."""
        m, state = self.metrics, view.state
        head, floor = m.px(SEEN_SIZE), m.px(FLOOR_SIZE)
        who, holder = self.outsider(state), self.revealing(state)
        if holder:
            words = _("{player}: hold to peek, then tap the sign to reveal (the others look away)").format(
                player=state.player(holder).label
            )
            return [(_("Reveal a sign"), head, 2, TEXT, True), (words, floor, 3, TEXT, False)]
        if who:
            words = _("{player}, out of turn (the others wait):").format(player=state.player(who).label)
            return [(_("Out of turn"), head, 2, TEXT, True), (words, floor, 2, TEXT, False)]
        if state.prompt.kind is PromptKind.ACTION:
            lines: list[tuple[str, int, int, Any, bool]] = [(_(HEADLINES[PromptKind.ACTION]), head, 2, TEXT, True)]
            if self.composing(state):
                title = self.panel.title(state)
                if len(wrap(title, m.px(NAME_SIZE), width, True)) > 1:
                    title = self.panel.title(state, short=True)
                lines = [(title, m.px(NAME_SIZE), 2, TEXT, True)]
            pending = self.panel.pending_text(state)  # (shown with an area open too: it is not lost)
            if pending:
                lines.append((pending, floor, 2, ACCENT, False))
            return lines
        headline = _(HEADLINES[state.prompt.kind]) if state.prompt.kind in HEADLINES else "..."
        sentence = prompt_words(state.prompt.text) or "..."
        return [(headline, head, 2, TEXT, True), (sentence, floor, PROMPT_LINES, TEXT, False)]

    def draw_prompt(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """The prompt's panel and its words."""
        m, state = self.metrics, view.state
        inner = rect.inflate(-2 * m.margin, -2 * m.margin)
        width = inner.width - 2 * m.margin
        if state.phase is Phase.GAME_OVER and state.outcome is not None:
            winners = ", ".join(view.names.get(w, w) for w in state.outcome.winners) or _("nobody: humanity wins")
            spec: tuple[Any, ...] = ("over", _("Game over"), _("Winner: {winners}").format(winners=winners))
        else:
            dice = ""
            if state.prompt.kind is PromptKind.ROLL:
                dice = _("Dice entered: {dice}").format(dice=" ".join(map(str, view.dice)) or "-")
            lines = self.prompt_lines(view, width)
            spec = ("prompt", tuple(lines), dice, view.notices[-1] if view.notices else "")
        self.paint_prompt(surface, inner, spec)  # (not kept: a large picture, its words change with each player)

    def paint_prompt(self, surface: pygame.Surface, inner: pygame.Rect, spec: tuple[Any, ...]) -> None:
        m = self.metrics
        widgets.panel(surface, inner, PANEL, m.px(8))  # (over the plain background: nothing else is drawn there)
        width = inner.width - 2 * m.margin
        x, y = inner.x + m.margin, inner.y + m.px(6)
        if spec[0] == "over":
            y = paragraph(surface, spec[1], (x, y), m.px(SEEN_SIZE), width, 2, WARN, bold=True, step=TIGHT_STEP)
            paragraph(surface, spec[2], (x, y + m.px(4)), m.px(NAME_SIZE), width, 3, step=TIGHT_STEP)
            return
        _kind, lines, dice, notice = spec
        for n, (words, size, count, colour, bold) in enumerate(lines):
            tag = "headline" if n == 0 else "sentence"
            y = paragraph(surface, words, (x, y), size, width, count, colour, bold=bold, step=TIGHT_STEP, tag=tag) + m.px(2)
        if dice:
            text(surface, dice, (x, y), m.px(FLOOR_SIZE), ACCENT, width=width)
        if notice:
            text(surface, notice, (x, inner.bottom - m.px(23)), m.px(FLOOR_SIZE), WARN, width=width)


def wrapped_lines(size: int, words: str, width: int) -> int:
    """How many lines ``words`` wrap into at ``size`` in ``width`` px."""
    return len(wrap(words, size, width))


def name_fit(words: str, sizes: list[int], width: int, height: int) -> tuple[int, list[str]]:
    """The largest size at which ``words`` wraps into ``width`` px and ``height`` px of lines
    with no word wider than the line; the smallest size's lines otherwise."""
    for size in sizes:
        if name_height(words, size, width) <= height:
            return size, wrap(words, size, width, True)
    return sizes[-1], wrap(words, sizes[-1], width, True)


def name_height(words: str, size: int, width: int) -> int:
    """The height in px of ``words`` as a name at ``size`` wrapped into ``width`` px (a word
    wider than that: more than any row, 10,000)."""
    lines = wrap(words, size, width, True)
    if any(width_of(line, size, True) > width for line in lines):
        return 10_000
    return (len(lines) - 1) * round(size * TIGHT_STEP) + widgets.font(size, True).get_linesize()


def last_line(view: View) -> str:
    """The log's last line that is not a phase heading ("" before anything happened)."""
    return next((line for line in reversed(view.log) if not line.startswith("--")), "")


def last_action(view: View) -> str:
    """What just happened, in words (the log's last line that is not a phase heading)."""
    line = last_line(view)
    return _("Last: {line}").format(line=line) if line else ""


def cut_words(words: list[str], count: int) -> list[str]:
    """The first ``count`` of ``words``, less what would end the cut oddly: an unclosed
    bracket's words, a word that leads into the rest (:data:`LEAD_IN`: "…dice in…"), one word
    into a new clause ("…end: every…")."""
    kept = words[:count]
    opened = max((n for n, word in enumerate(kept) if word.startswith("(")), default=-1)
    if opened >= 0 and not any(")" in word for word in kept[opened:]):
        kept = kept[:opened]
    lead_in = set(_(LEAD_IN).split())
    while kept and (kept[-1].lower() in lead_in or (len(kept) > 1 and kept[-2].endswith((":", ";")))):
        kept = kept[:-1]
    return kept


def cut_last(kept: list[str]) -> str:
    """The last action by the words ``kept`` (:func:`cut_words`), ended by "…"."""
    return _("Last: {line}").format(line=" ".join(kept).rstrip(":;,.").replace("\u00a0", " ") + "…")


def name_words(line: str, names: list[str]) -> list[str]:
    """``line``'s words, each of ``names`` in it one word (its spaces no-break until
    :func:`cut_last` joins the words kept)."""
    for name in sorted(set(names), key=len, reverse=True):
        if " " in name:
            line = line.replace(name, name.replace(" ", "\u00a0"))
    return line.split(" ")


def names_on_the_map(state: Any) -> list[str]:
    """The names of ``state``'s areas and of the units in them ("Fungi from Yuggoth"): none for
    a game without a map."""
    board = getattr(state, "board", None)
    if board is None:
        return []
    return [area.name for area in board.areas] + [units.name for area in state.areas for units in area.units]


def ritual_height(m: Metrics) -> int:
    """The ritual track's height in px (portrait: "Instant Death" on two lines)."""
    return m.px(RITUAL_BAND * (2 if m.portrait else 1))


def paint_ritual_track(surface: pygame.Surface, m: Metrics, state: Any, rect: pygame.Rect) -> None:
    """The Ritual of Annihilation track in ``rect``: its costs, the marker's space lit, Instant
    Death at its end (the table's band; the Detail screen's where the table folds it away)."""
    head, death = _("Ritual"), _("Instant Death")
    size = m.px(FLOOR_SIZE)
    text(surface, head, (rect.x, rect.centery - widgets.font(size, True).get_height() // 2), size, DIM, bold=True, tag="ritual")
    track = state.ritual_track
    gap = m.px(4)
    x = rect.x + width_of(head, size, True) + m.margin
    cells = [str(v) for v in track] + [death]
    step = round(size * TIGHT_STEP)
    lines, death_w = [death], width_of(death, size, True) + m.px(12)
    cell_w = (rect.right - x - death_w - gap * len(track)) // max(1, len(track))
    if cell_w < width_of("10", size, True) + m.px(12) and rect.height >= 2 * step:  # Instant Death on two lines
        lines = wrap(death, size, max(width_of(word, size, True) for word in death.split()), True)
        death_w = max(width_of(line, size, True) for line in lines) + m.px(12)
    cell_w = max(m.px(24), (rect.right - x - death_w - gap * len(track)) // max(1, len(track)))
    for n, words in enumerate(cells):
        last = n == len(track)
        cell = pygame.Rect(x, rect.y, death_w if last else cell_w, rect.height)
        here = n == state.ritual
        fill = WARN if last and here else ACCENT if here else PANEL
        pygame.draw.rect(surface, fill, cell, border_radius=m.px(5))
        colour = (0, 0, 0) if here else (WARN if last else TEXT)
        if last and len(lines) > 1:
            top = cell.centery - len(lines) * step // 2
            for k, line in enumerate(lines):
                centre = (cell.centerx, top + k * step + step // 2)
                text(surface, line, centre, size, colour, bold=True, centre=True, box=cell, wanted=line, tag="ritual")
        else:
            text(surface, words, cell.center, size, colour, bold=True, centre=True, box=cell, tag="ritual")
        x = cell.right + gap


def paint_doom_track(surface: pygame.Surface, m: Metrics, players: Any, rect: pygame.Rect) -> None:
    """The Doom track in ``rect``: ``players``' markers along the top (each numbered with its
    Doom; tied markers stack), the track's ticks and its every fifth space's number below (the
    table's band; the Detail screen's where the table folds it away)."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=m.px(6))
    step = (rect.width - m.px(8)) / (DOOM_TO_WIN + 1)
    x0 = rect.x + m.px(4)
    label_size = m.px(FLOOR_SIZE)
    label_top = rect.bottom - widgets.font(label_size).get_height()
    base = label_top
    for doom in range(0, DOOM_TO_WIN + 1):
        x = int(x0 + (doom + 0.5) * step)
        tall = m.px(6) if doom % 5 == 0 else m.px(3)
        pygame.draw.line(surface, BUTTON_EDGE, (x, base - tall), (x, base), 1)
        if doom % 5 == 0:
            text(surface, str(doom), (x - width_of(str(doom), label_size) // 2, label_top), label_size, DIM, tag="doom track")
    radius = m.px(14)
    ordered = sorted(players, key=lambda p: p.doom)
    spots = spread(
        ordered,
        [x0 + (min(p.doom, DOOM_TO_WIN) + 0.5) * step for p in ordered],
        2 * radius + 2,
        (rect.x + radius + 2, rect.right - radius - 2),
    )
    y = rect.y + m.px(2) + radius
    for player, (x, ideal) in spots:
        pygame.draw.line(surface, colour_of(player.faction), (x, y), (int(ideal), base - m.px(1)), max(1, m.px(2)))
        pygame.draw.circle(surface, colour_of(player.faction), (x, y), radius)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), radius, 1)
        text(surface, str(player.doom), (x, y), label_size, (0, 0, 0), bold=True, centre=True, tag="doom track")


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
