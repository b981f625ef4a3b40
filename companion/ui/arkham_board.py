"""Drawing Arkham Horror's table, with nothing cut: the main screen for the seats (:func:`table`:
Doom, Terror and the monster limit as big numerals, the Mythos card just drawn in big lines, the
open gates in short form), the panels the detail view lays out (:mod:`companion.ui.arkham_detail`),
and the buttons.

Every piece of text goes through an :class:`Ink`, which draws it with :func:`widgets.text`, the
one recorder of where each line went and inside which box: the text-fit test
(tests/ui/test_arkham_fit.py) reads that record to prove that no text leaves its box or the
screen, none is ellipsised and none overlaps another.  Text that does not fit its box first
wraps (:func:`widgets.wrap`: never at a no-break space), then shrinks through a few sizes; a
panel whose entries still do not fit at the smallest size shows those that do and says how many
more there are (``+3 more``, recorded as standing for the entries left out, so the check counts
it as cut) rather than cutting one in the middle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import CARD, OUTSKIRTS, SKY, TERROR_CLOSES, TERROR_TOP
from companion.engine.arkham.mythos import gate_limit, monster_limit, outskirts_limit
from companion.i18n import N_, _, ngettext
from companion.ui.arkham_picker import recently_drawn
from companion.ui.widgets import ACCENT, BUTTON_EDGE, DIM, PANEL, TEXT, WARN, Button, Metrics, font, text, width_of, wrap

Colour = tuple[int, int, int]
Line = tuple[str, Colour]
DETAIL_SIZES = (24, 22, 20, 18, 16, 14)  # a panel's entries shrink through these (at unit 1) before any is left out
LABEL_SIZES = (28, 24, 20, 17, 15)  # a button's label, likewise (wrapped onto up to three lines first)
BIG = 48  # the doom, terror and monster numerals (at unit 1): 24 px of cap at 800x480, 4.7 mm
# The main screen is read from the seats, 1.5 m away (issue 33): the Mythos card at 38 (19 px of
# cap at 800x480, 3.7 mm on the 7-inch panel), the rest at 28 or more (15 px, 2.9 mm; the floor is
# 2.5 mm).  The face's cap is about half its size number.
CARD_SIZES = (40, 38)
TABLE_SIZES = (30, 28)
TERROR_COLOUR = (200, 170, 90)
MOVES = (196, 192, 184)  # the monsters' moves on the Mythos panel: a shade under TEXT, as the first to go
EMPTY_CELL = (44, 40, 56)
NBSP = "\u00a0"  # keeps a label and its number on one line
STANDINGS = (N_("playing"), N_("devoured"), N_("retired"))  # model.Standing's values, as the screen shows them


class Ink:
    """Draws text whole, each line inside the box it belongs to (recorded by :func:`widgets.text`)."""

    def line(
        self,
        surface: pygame.Surface,
        words: str,
        pos: tuple[int, int],
        size: int,
        box: pygame.Rect,
        colour: Colour = TEXT,
        *,
        bold: bool = False,
        centre: bool = False,
        tag: str = "",
        wanted: str | None = None,
    ) -> pygame.Rect:
        """One line at ``pos`` (its centre when ``centre``), whole: never shortened (``wanted``:
        what it stands for, when that is more than it says)."""
        return text(surface, words, pos, size, colour, bold=bold, centre=centre, box=pygame.Rect(box), wanted=wanted, tag=tag)

    def lines(
        self,
        surface: pygame.Surface,
        rows: Sequence[str],
        box: pygame.Rect,
        size: int,
        colour: Colour = TEXT,
        *,
        bold: bool = False,
        centre: bool = False,
        tag: str = "",
    ) -> None:
        """Lines stacked from ``box``'s top (or centred in it)."""
        step = font(size, bold).get_linesize()
        top = box.centery - step * len(rows) // 2 if centre else box.y
        for n, row in enumerate(rows):
            y = top + n * step
            if centre:
                self.line(surface, row, (box.centerx, y + step // 2), size, box, colour, bold=bold, centre=True, tag=tag)
            else:
                self.line(surface, row, (box.x, y), size, box, colour, bold=bold, tag=tag)

    def button(self, surface: pygame.Surface, button: Button, metrics: Metrics) -> None:
        """A button with its whole label: wrapped, then shrunk, until it fits."""
        colour = button.colour if button.enabled else PANEL
        radius = metrics.px(8)
        pygame.draw.rect(surface, colour, button.rect, border_radius=radius)
        pygame.draw.rect(surface, BUTTON_EDGE, button.rect, width=max(1, metrics.px(2)), border_radius=radius)
        inner = button.rect.inflate(-metrics.px(10), -metrics.px(4))
        size, rows = fit(button.label, inner, [metrics.px(s) for s in LABEL_SIZES], max_lines=3)
        self.lines(surface, rows, inner, size, TEXT if button.enabled else DIM, centre=True)


def fits(rows: Sequence[str], size: int, box: pygame.Rect, bold: bool = False) -> bool:
    face = font(size, bold)
    return all(face.size(r)[0] <= box.width for r in rows) and face.get_linesize() * len(rows) <= box.height


def fit(words: str, box: pygame.Rect, sizes: Sequence[int], *, max_lines: int = 99, bold: bool = False) -> tuple[int, list[str]]:
    """The largest of ``sizes`` at which ``words`` wraps into ``box`` (in at most ``max_lines``);
    the smallest size's lines when none does (the caller's box is too small: the check says so)."""
    for size in sizes:
        rows = wrap(words, size, box.width, bold)
        if len(rows) <= max_lines and fits(rows, size, box, bold):
            return size, rows
    return sizes[-1], wrap(words, sizes[-1], box.width, bold)


def entries_height(entries: Sequence[Line], size: int, width: int) -> int:
    step = font(size).get_linesize()
    return sum(step * max(1, len(wrap(words, size, width))) for words, _ in entries)


def panel(ink: Ink, surface: pygame.Surface, heading: str, entries: Sequence[Line], box: pygame.Rect, metrics: Metrics) -> None:
    """A panel: its heading, then its entries wrapped at the largest size that fits them all;
    at the smallest size, the entries that fit and "+N more"."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(4))
    ink.line(surface, heading, inner.topleft, metrics.px(16), inner, DIM, bold=True)
    body = panel_body(box, metrics)
    size = panel_size(entries, box, metrics) or metrics.px(DETAIL_SIZES[-1])
    step, y = font(size).get_linesize(), body.y
    for n, (words, colour) in enumerate(entries):
        rows = wrap(words, size, body.width)
        rest = len(entries) - n - 1
        room = body.bottom - y - (step if rest else 0)  # keep a line for "+N more" unless this is the last
        if len(rows) * step > room:
            left_out = "; ".join(words for words, _colour in entries[n:])
            ink.line(surface, _("+{count} more").format(count=len(entries) - n), (body.x, y), size, body, WARN, wanted=left_out)
            return
        for row in rows:
            ink.line(surface, row, (body.x, y), size, body, colour)
            y += step


def panel_body(box: pygame.Rect, metrics: Metrics) -> pygame.Rect:
    """Where a panel's entries go: inside its padding, below its heading."""
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(4))
    top = inner.y + font(metrics.px(16), True).get_height() + metrics.px(3)
    return pygame.Rect(inner.x, top, inner.width, inner.bottom - top)


def panel_size(entries: Sequence[Line], box: pygame.Rect, metrics: Metrics) -> int | None:
    """The largest detail size at which every entry fits a panel of ``box``; None if none does."""
    body = panel_body(box, metrics)
    return next(
        (size for size in (metrics.px(s) for s in DETAIL_SIZES) if entries_height(entries, size, body.width) <= body.height), None
    )


def panel_height(entries: Sequence[Line], width: int, size: int, metrics: Metrics) -> int:
    """How tall a panel ``width`` wide must be for its entries at ``size``."""
    body = panel_body(pygame.Rect(0, 0, width, 10_000), metrics)
    return body.y + entries_height(entries, size, body.width) + metrics.px(4) + 1


def track(
    surface: pygame.Surface,
    box: pygame.Rect,
    length: int,
    filled: int,
    colour: Colour,
    metrics: Metrics,
    marks: Sequence[int] = (),
) -> None:
    """A bar of ``length`` cells, the first ``filled`` in ``colour``; ``marks`` outlined in WARN.
    No digits: the numeral above says the value at a size the seats read."""
    gap = max(1, metrics.px(2))
    width = (box.width - gap * (length - 1)) // length
    radius = max(1, metrics.px(3))
    for n in range(length):
        cell = pygame.Rect(box.x + n * (width + gap), box.y, width, box.height)
        pygame.draw.rect(surface, colour if n < filled else EMPTY_CELL, cell, border_radius=radius)
        if n + 1 in marks:
            pygame.draw.rect(surface, WARN, cell, width=max(1, metrics.px(2)), border_radius=radius)


def gauge(
    ink: Ink,
    surface: pygame.Surface,
    box: pygame.Rect,
    figure: str,
    label: str,
    colour: Colour,
    metrics: Metrics,
    *,
    tag: str,
) -> pygame.Rect:
    """A big numeral (``figure``, e.g. "5/12") with its label beside it at the table's size (on
    up to two lines); the strip left below them, for a track or a line of words."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(5))
    big = ink.line(surface, figure, inner.topleft, metrics.px(BIG), inner, colour, bold=True, tag=tag)
    strip = strip_height(metrics)
    side = pygame.Rect(big.right + metrics.px(8), inner.y, inner.right - big.right - metrics.px(8), inner.height - strip - 1)
    size, rows = fit(label, side, [metrics.px(s) for s in TABLE_SIZES], max_lines=2)
    ink.lines(surface, rows, side, size, TEXT, tag=f"{tag} label")
    return pygame.Rect(inner.x, inner.bottom - strip, inner.width, strip)


def strip_height(metrics: Metrics) -> int:
    """The height of a gauge's strip: one line at the table's least size."""
    return int(font(metrics.px(TABLE_SIZES[-1])).get_linesize())


def gauge_height(metrics: Metrics) -> int:
    """A gauge's height: the numeral and the strip below it, or a label of two lines and the strip."""
    label = 2 * font(metrics.px(TABLE_SIZES[-1])).get_linesize()
    numeral = font(metrics.px(BIG), True).get_linesize()
    return max(numeral, label) + strip_height(metrics) + 2 * metrics.px(5) + 2


def monsters_gauge(ink: Ink, surface: pygame.Surface, box: pygame.Rect, state: m.ArkhamState, metrics: Metrics) -> None:
    """The monster limit at a glance (Rulebook p.18): the monsters in Arkham and the Sky against
    players + 3, and below, the Outskirts against 8 - players."""
    where = Counter(x.place for x in state.monsters)
    on_board = len(state.monsters) - where[OUTSKIRTS]
    limit, outskirts = monster_limit(state.players), outskirts_limit(state.players)
    colour = WARN if on_board >= limit else TEXT
    strip = gauge(ink, surface, box, f"{on_board}/{limit}", _("Monsters"), colour, metrics, tag="monsters")
    words = _("Outskirts {count}/{limit}").format(count=where[OUTSKIRTS], limit=outskirts)
    colour = WARN if where[OUTSKIRTS] >= outskirts else TEXT if where[OUTSKIRTS] else DIM
    ink.line(surface, words, strip.topleft, metrics.px(TABLE_SIZES[-1]), strip, colour)


def header(ink: Ink, surface: pygame.Surface, area: pygame.Rect, state: m.ArkhamState, metrics: Metrics) -> int:
    """Doom, terror and the monsters across the top of ``area`` (in portrait doom has a row of
    its own); the y below them."""
    gap, tall = metrics.margin, gauge_height(metrics)
    box = pygame.Rect(area.x, area.y, area.width, tall)
    if metrics.portrait:  # doom across, its Ancient One's name beside the numeral; terror and monsters below
        half = (box.width - gap) // 2
        doom = box
        terror = pygame.Rect(box.x, box.bottom + gap, half, tall)
        rest = pygame.Rect(terror.right + gap, terror.y, box.right - terror.right - gap, tall)
    else:
        doom = pygame.Rect(box.x, box.y, round(box.width * 0.36), tall)
        terror = pygame.Rect(doom.right + gap, box.y, round(box.width * 0.28), tall)
        rest = pygame.Rect(terror.right + gap, box.y, box.right - terror.right - gap, tall)
    awake = bool(state.awakened)
    name = (_("{ancient_one}: AWAKE") if awake else "{ancient_one}").format(ancient_one=state.ancient_one)
    colour = WARN if awake or state.doom >= state.doom_track - 2 else ACCENT
    strip = gauge(ink, surface, doom, f"{state.doom}/{state.doom_track}", name, colour, metrics, tag="doom")
    track(surface, strip.inflate(0, -metrics.px(6)), state.doom_track, state.doom, colour, metrics)
    colour = WARN if state.terror >= TERROR_TOP else TERROR_COLOUR
    strip = gauge(ink, surface, terror, f"{state.terror}/{TERROR_TOP}", _("Terror"), colour, metrics, tag="terror")
    track(surface, strip.inflate(0, -metrics.px(6)), TERROR_TOP, state.terror, colour, metrics, tuple(TERROR_CLOSES))
    monsters_gauge(ink, surface, rest, state, metrics)
    return rest.bottom


def last_card(state: m.ArkhamState, log: Sequence[str]) -> str:
    """The Mythos card drawn last, as the log says ("" when the log holds none)."""
    drawn = recently_drawn(log, CARD)
    return drawn[0] if drawn else ""


def card_kind_words(state: m.ArkhamState, log: Sequence[str]) -> str:
    """The kind of the card drawn last, e.g. "Environment (weather)" ("" when none is known)."""
    card = last_card(state, log)
    if not card:
        return ""
    info = CARD[card]
    kind = _(info.kind.value) + (f" ({_(info.subtype)})" if info.subtype else "")
    return kind[:1].upper() + kind[1:]


def mythos_lines(state: m.ArkhamState, log: Sequence[str]) -> list[Line]:
    """The Mythos card just drawn in a few short lines: its name, where its gate and Clue went,
    how the monsters move; the awakening or the set-up left to do instead, when there is one."""
    if state.awakened:
        return [(_("{ancient_one} AWAKENS").format(ancient_one=state.ancient_one), WARN), (state.awakened, WARN)]
    if state.unplaced():
        count = len(state.unplaced())
        return [
            (_("Set-up"), ACCENT),
            (
                ngettext("Place {count} investigator: Move.", "Place {count} investigators: Move.", count).format(count=count),
                TEXT,
            ),
        ]
    card = last_card(state, log)
    if not card:
        return [(_("No Mythos card yet"), DIM), (_("Draw or pick the first one."), TEXT)]
    info = CARD[card]
    lines: list[Line] = [(card, ACCENT)]
    if info.gate:
        sealed = info.gate in state.seals
        lines.append(((_("Gate: {place}, sealed") if sealed else _("Gate: {place}")).format(place=info.gate), TEXT))
    if info.clue:
        lines.append((_("Clue: {place}").format(place=info.clue), TEXT))
    if info.black or info.white:
        black, white = (", ".join(_(d.value) for d in dims) or "-" for dims in (info.black, info.white))
        lines.append((_("Moves: black {black}; white {white}").format(black=black, white=white), MOVES))
    return lines


def mythos_forms(card: list[Line]) -> list[list[Line]]:
    """The Mythos panel's forms, fullest first: when short of room the monsters' moves go (the
    detail view's log has them)."""
    return [card, [line for line in card if line[1] != MOVES]]


def gates_short(state: m.ArkhamState) -> list[Line]:
    """The open gates in short form (each with how many monsters stand there), the monsters
    elsewhere and in the Sky counted (the detail view has every name)."""
    where = Counter(x.place for x in state.monsters)
    lines: list[Line] = [(f"{g.location}: {where[g.location]}", ACCENT) for g in state.gates]
    at_gates = sum(where[g.location] for g in state.gates)
    streets = len(state.monsters) - at_gates - where[SKY] - where[OUTSKIRTS]
    lines += [(_("Elsewhere: {count}").format(count=streets), TEXT)] if streets else []
    lines += [(_("Sky: {count}").format(count=where[SKY]), TEXT)] if where[SKY] else []
    return lines or [(_("No gate open."), DIM)]


def block_height(entries: Sequence[Line], size: int, width: int, *, first_bold: bool = False) -> int:
    """How tall ``entries`` stand wrapped to ``width`` at ``size`` (the first bold, if asked)."""
    step = font(size).get_linesize()
    return sum(step * max(1, len(wrap(words, size, width, first_bold and n == 0))) for n, (words, _c) in enumerate(entries))


def squeezed(entries: Sequence[Line]) -> list[Line]:
    """``entries`` run together by colour ("A: 1, B: 0"), each kept whole on a line: fewer
    lines when the entries are short."""
    runs: list[Line] = []
    for words, colour in entries:
        whole = words.replace(" ", NBSP)
        if runs and runs[-1][1] == colour:
            runs[-1] = (f"{runs[-1][0]}, {whole}", colour)
        else:
            runs.append((whole, colour))
    return runs


@dataclass(frozen=True)
class BigPanel:
    """A main-screen panel: its heading, and the forms of its entries from the fullest to the
    shortest (the first form that fits at one of ``sizes`` is drawn)."""

    heading: str
    forms: Sequence[Sequence[Line]]
    sizes: Sequence[int]
    tag: str
    first_bold: bool = False
    aside: str = ""  # words on the heading's row, at its right, when there is room (the card's kind)

    def body(self, box: pygame.Rect, metrics: Metrics) -> pygame.Rect:
        inner = box.inflate(-2 * metrics.px(8), -2 * metrics.px(5))
        top = inner.y + font(metrics.px(TABLE_SIZES[-1]), True).get_linesize() + metrics.px(2)
        return pygame.Rect(inner.x, top, inner.width, inner.bottom - top)

    def choice(self, width: int, room: int) -> tuple[Sequence[Line], int]:
        """The fullest form and largest size that fit ``room`` px tall; else the shortest form
        at the least size."""
        for entries in self.forms:
            for size in self.sizes:
                if block_height(entries, size, width, first_bold=self.first_bold) <= room:
                    return entries, size
        return self.forms[-1], self.sizes[-1]

    def height(self, width: int, room: int, metrics: Metrics) -> int:
        """How tall a panel ``width`` wide needs to be (at most ``room`` px) for what it shows."""
        body = self.body(pygame.Rect(0, 0, width, room), metrics)
        entries, size = self.choice(body.width, body.height)
        return min(room, body.y + block_height(entries, size, body.width, first_bold=self.first_bold) + metrics.px(5) + 1)

    def draw(self, ink: Ink, surface: pygame.Surface, box: pygame.Rect, metrics: Metrics) -> None:
        """The panel in ``box``: at the least size, what fits and "+N more" (which the text-fit
        check counts as cut: the layout must leave room)."""
        pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
        inner = box.inflate(-2 * metrics.px(8), -2 * metrics.px(5))
        small = metrics.px(TABLE_SIZES[-1])
        head = ink.line(surface, self.heading, inner.topleft, small, inner, DIM, bold=True, tag=f"{self.tag} heading")
        wide = width_of(self.aside, small)
        if self.aside and head.right + metrics.px(16) + wide <= inner.right:
            ink.line(surface, self.aside, (inner.right - wide, inner.y), small, inner, DIM, tag=f"{self.tag} aside")
        body = self.body(box, metrics)
        entries, size = self.choice(body.width, body.height)
        step, y = font(size).get_linesize(), body.y
        for n, (words, colour) in enumerate(entries):
            bold = self.first_bold and n == 0
            rows = wrap(words, size, body.width, bold)
            if y + len(rows) * step > body.bottom:
                left_out = "; ".join(w for w, _c in entries[n:])
                more = _("+{count} more").format(count=len(entries) - n)
                ink.line(surface, more, (body.x, y), small, body, WARN, wanted=left_out)
                return
            for row in rows:
                ink.line(surface, row, (body.x, y), size, body, colour, bold=bold, tag=self.tag)
                y += step


def table(
    ink: Ink, surface: pygame.Surface, area: pygame.Rect, state: m.ArkhamState, log: Sequence[str], metrics: Metrics
) -> None:
    """The main screen's board in ``area``, for the seats: the gauges across the top, then the
    Mythos card just drawn in big lines beside (in portrait: above) the open gates in short form."""
    gap = metrics.margin
    below = header(ink, surface, area, state, metrics)
    rest = pygame.Rect(area.x, below + gap, area.width, area.bottom - below - gap)
    card = mythos_lines(state, log)
    mythos = BigPanel(
        _("What happened"),
        mythos_forms(card),
        [metrics.px(s) for s in CARD_SIZES],
        "mythos",
        first_bold=True,
        aside=card_kind_words(state, log) if not (state.awakened or state.unplaced()) else "",
    )
    heading = _("Gates {count}/{limit}, monsters at each").format(count=len(state.gates), limit=gate_limit(state.players))
    short = gates_short(state)
    gates_only = [line for line in short if line[1] == ACCENT]
    others = [line for line in short if line[1] != ACCENT]
    forms = [
        short,
        [*gates_only, *squeezed(others)],
        squeezed(short),
    ]  # the monsters elsewhere on one line, then all run together
    gates = BigPanel(heading, forms, [metrics.px(s) for s in TABLE_SIZES], "gates")
    if metrics.portrait:
        tall = mythos.height(rest.width, (rest.height - gap) * 3 // 5, metrics)
        mythos_box = pygame.Rect(rest.x, rest.y, rest.width, tall)
        gates_box = pygame.Rect(rest.x, mythos_box.bottom + gap, rest.width, rest.bottom - mythos_box.bottom - gap)
    else:
        mythos_box = pygame.Rect(rest.x, rest.y, round(rest.width * 0.58), rest.height)
        gates_box = pygame.Rect(mythos_box.right + gap, rest.y, rest.right - mythos_box.right - gap, rest.height)
    mythos.draw(ink, surface, mythos_box, metrics)
    gates.draw(ink, surface, gates_box, metrics)


def gates_and_monsters(state: m.ArkhamState) -> list[Line]:
    """Each open gate (where, to which world) with the monsters standing there, then the other
    places holding monsters, then the seals."""
    kinds: dict[str, list[str]] = {}
    for monster in state.monsters:
        if monster.place not in (SKY, OUTSKIRTS):
            kinds.setdefault(monster.place, []).append(monster.kind)
    lines: list[Line] = []
    for gate in state.gates:
        here = kinds.pop(gate.location, [])
        words = _("{place} - gate to {world}").format(place=gate.location, world=gate.world)
        lines.append((words + (f": {', '.join(here)}" if here else ""), ACCENT))
    lines += [(f"{place}: {', '.join(names)}", TEXT) for place, names in sorted(kinds.items())]
    sky = [x.kind for x in state.monsters if x.place == SKY]
    outskirts = [x.kind for x in state.monsters if x.place == OUTSKIRTS]
    lines += [(_("Sky: {monsters}").format(monsters=", ".join(sky)), TEXT)] if sky else []
    lines += [(_("Outskirts: {monsters}").format(monsters=", ".join(outskirts)), TEXT)] if outskirts else []
    lines += [(_("Sealed: {places}").format(places=", ".join(state.seals)), DIM)] if state.seals else []
    return lines or [(_("No gate open, no monster in Arkham."), DIM)]


def in_play(state: m.ArkhamState) -> list[Line]:
    """The cards in play and what they hold: the Environment, the Rumor and its track, closed
    places, activity markers, trophies and boxed monsters."""
    closed = [*state.closed, *(x.place for x in state.card_markers if x.kind is m.MarkerKind.CLOSED)]
    activity = [*state.activity, *(x.place for x in state.card_markers if x.kind is m.MarkerKind.ACTIVITY)]
    lines: list[Line] = [(_("AWAKE: {ancient_one}").format(ancient_one=state.awakened), WARN)] if state.awakened else []
    if state.unplaced():
        lines.append((_("Set-up: place {names} (Move)").format(names=", ".join(state.unplaced())), WARN))
    rumor = _("Rumor: {card} ({count} on its track)").format(card=state.rumor, count=state.rumor_track)
    lines += [
        (_("Environment: {card}").format(card=state.environment or "-"), TEXT),
        (rumor if state.rumor else _("Rumor: {card}").format(card="-"), WARN if state.rumor else TEXT),
    ]
    lines += [(_("Closed: {places}").format(places=", ".join(closed)), DIM)] if closed else []
    lines += [(_("Activity: {places}").format(places=", ".join(activity)), DIM)] if activity else []
    trophies = _("Trophies {trophies}, boxed {boxed}").format(trophies=len(state.trophies), boxed=len(state.boxed))
    lines += [(trophies, DIM)] if state.trophies or state.boxed else []
    return lines


def investigators(state: m.ArkhamState) -> list[Line]:
    """Each investigator: where, Sneak, Clues; the first player marked."""
    lines: list[Line] = []
    for n, who in enumerate(state.investigators):
        first = _(" (first player)") if n == state.first_player else ""
        if not who.playing:
            lines.append((f"{who.name}{first}: {_(who.standing.value)}", DIM))
            continue
        delayed = _(", delayed") if who.delayed else ""
        place = who.place or _("not placed")
        facts = _("Sneak{nbsp}{sneak}, Clues{nbsp}{clues}").format(nbsp=NBSP, sneak=who.sneak, clues=who.clues)
        lines.append((f"{who.name}{first}: {place}, {facts}{delayed}", ACCENT if first else TEXT))
    return lines
