"""Drawing Arkham Horror's table: the doom and terror tracks, the monster counts, the panels of
gates, cards in play, investigators and the log, and the buttons, with nothing cut.

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

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import OUTSKIRTS, SKY, TERROR_CLOSES, TERROR_TOP
from companion.engine.arkham.mythos import monster_limit, outskirts_limit
from companion.i18n import N_, _
from companion.ui.widgets import ACCENT, BUTTON_EDGE, DIM, PANEL, TEXT, WARN, Button, Metrics, font, text, wrap

Colour = tuple[int, int, int]
Line = tuple[str, Colour]
DETAIL_SIZES = (20, 18, 16, 14)  # a panel's entries shrink through these (at unit 1) before any is left out
LABEL_SIZES = (24, 20, 17, 15)  # a button's label, likewise (wrapped onto up to three lines first)
BIG = 48  # the doom and terror numerals (at unit 1): about 33 px of figure, readable from 1.5 m
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


def log_panel(ink: Ink, surface: pygame.Surface, log: Sequence[str], box: pygame.Rect, metrics: Metrics) -> None:
    """The newest lines of the log that fit, whole, newest at the bottom (the Log screen has all)."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(4))
    head = ink.line(surface, _("What happened"), inner.topleft, metrics.px(16), inner, DIM, bold=True)
    size = metrics.px(16)
    step = font(size).get_linesize()
    top = head.bottom + metrics.px(3)
    chosen: list[list[str]] = []
    used = 0
    for words in reversed(log):
        rows = wrap(words, size, inner.width)
        if used + len(rows) * step > inner.bottom - top:
            break
        chosen.append(rows)
        used += len(rows) * step
    y = inner.bottom - used
    for n, rows in enumerate(reversed(chosen)):
        colour = TEXT if n == len(chosen) - 1 else DIM  # the newest line stands out
        for row in rows:
            ink.line(surface, row, (inner.x, y), size, inner, colour)
            y += step


def track(
    ink: Ink,
    surface: pygame.Surface,
    box: pygame.Rect,
    length: int,
    filled: int,
    colour: Colour,
    metrics: Metrics,
    marks: Sequence[int] = (),
) -> None:
    """A track of numbered cells, the first ``filled`` in ``colour``; ``marks`` outlined in WARN."""
    gap = max(1, metrics.px(2))
    width = (box.width - gap * (length - 1)) // length
    size = next(
        (metrics.px(s) for s in (16, 14, 12, 11) if font(metrics.px(s)).size(str(length))[0] <= width - 2), metrics.px(11)
    )
    for n in range(length):
        cell = pygame.Rect(box.x + n * (width + gap), box.y, width, box.height)
        pygame.draw.rect(surface, colour if n < filled else EMPTY_CELL, cell, border_radius=max(1, metrics.px(3)))
        if n + 1 in marks:
            pygame.draw.rect(surface, WARN, cell, width=max(1, metrics.px(2)), border_radius=max(1, metrics.px(3)))
        ink.line(surface, str(n + 1), cell.center, size, cell, (20, 18, 26) if n < filled else DIM, centre=True)


def gauge(
    ink: Ink,
    surface: pygame.Surface,
    box: pygame.Rect,
    value: int,
    top: int,
    label: str,
    colour: Colour,
    metrics: Metrics,
    *,
    tag: str,
    marks: Sequence[int] = (),
) -> None:
    """A big ``value/top`` numeral, its label beside it, and the numbered track below."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(5))
    big = ink.line(surface, f"{value}/{top}", inner.topleft, metrics.px(BIG), inner, colour, bold=True, tag=tag)
    cells = metrics.px(20)
    side = pygame.Rect(big.right + metrics.px(8), inner.y, inner.right - big.right - metrics.px(8), big.height)
    size, rows = fit(label, side, [metrics.px(s) for s in (20, 18, 16, 14)], max_lines=2)
    ink.lines(surface, rows, side, size, TEXT)
    track(ink, surface, pygame.Rect(inner.x, inner.bottom - cells, inner.width, cells), top, value, colour, metrics, marks)


def counts(ink: Ink, surface: pygame.Surface, box: pygame.Rect, state: m.ArkhamState, metrics: Metrics) -> None:
    """The monster limits at a glance (Rulebook p.18): Arkham with the Sky against players + 3,
    the Outskirts against 8 - players; the Sky and the cup."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    where = Counter(x.place for x in state.monsters)
    on_board = len(state.monsters) - where[OUTSKIRTS]
    limit, outskirts = monster_limit(state.players), outskirts_limit(state.players)
    cells = [
        (f"{on_board}/{limit}", _("in Arkham"), WARN if on_board >= limit else TEXT),
        (f"{where[OUTSKIRTS]}/{outskirts}", _("Outskirts"), WARN if where[OUTSKIRTS] >= outskirts else TEXT),
        (str(where[SKY]), _("Sky"), TEXT),
        (str(len(state.cup)), _("in the cup"), DIM),
    ]
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(4))
    columns = 2 if inner.height > metrics.px(70) else 4  # a square of four, or a row of four
    width, height = inner.width // columns, inner.height // (4 // columns)
    for n, (figure, label, colour) in enumerate(cells):
        row, col = divmod(n, columns)
        cell = pygame.Rect(inner.x + col * width, inner.y + row * height, width - metrics.px(4), height)
        number = ink.line(surface, figure, cell.topleft, metrics.px(28), cell, colour, bold=True)
        under = pygame.Rect(cell.x, number.bottom + 1, cell.width, cell.bottom - number.bottom - 1)
        size, rows = fit(label, under, [metrics.px(s) for s in (16, 14, 12)], max_lines=1)
        ink.lines(surface, rows, under, size, DIM)


def header(ink: Ink, surface: pygame.Surface, area: pygame.Rect, state: m.ArkhamState, metrics: Metrics) -> int:
    """Doom, terror and the monster counts across the top of ``area`` (in portrait the counts
    go on a row of their own); the y below them."""
    gap, tall = metrics.margin, metrics.px(86)
    box = pygame.Rect(area.x, area.y, area.width, tall)
    if metrics.portrait:
        half = (box.width - gap) // 2
        doom = pygame.Rect(box.x, box.y, half, tall)
        terror = pygame.Rect(doom.right + gap, box.y, box.right - doom.right - gap, tall)
        rest = pygame.Rect(box.x, box.bottom + gap, box.width, metrics.px(56))
    else:
        doom = pygame.Rect(box.x, box.y, round(box.width * 0.38), tall)
        terror = pygame.Rect(doom.right + gap, box.y, round(box.width * 0.32), tall)
        rest = pygame.Rect(terror.right + gap, box.y, box.right - terror.right - gap, tall)
    awake = bool(state.awakened)
    heading = (_("{ancient_one}: AWAKE") if awake else _("{ancient_one}: doom")).format(ancient_one=state.ancient_one)
    gauge(
        ink, surface, doom, state.doom, state.doom_track, heading,
        WARN if awake or state.doom >= state.doom_track - 2 else ACCENT, metrics, tag="doom",
    )  # fmt: skip
    gauge(
        ink, surface, terror, state.terror, TERROR_TOP, _("Terror: shops close at{nbsp}3,{nbsp}6,{nbsp}9").format(nbsp=NBSP),
        WARN if state.terror >= TERROR_TOP else (200, 170, 90), metrics, tag="terror", marks=tuple(TERROR_CLOSES),
    )  # fmt: skip
    counts(ink, surface, rest, state, metrics)
    return rest.bottom


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


def board(
    ink: Ink, surface: pygame.Surface, area: pygame.Rect, state: m.ArkhamState, log: Sequence[str], metrics: Metrics
) -> None:
    """The whole table in ``area``: the header across the top, then the panels.  The first
    arrangement in which every entry fits is drawn: in landscape three columns (gates | cards in
    play over investigators | the log), then two without the log, then gates | cards | investigators;
    in portrait the panels stacked, the log taking what is left (the Log screen has it all)."""
    gap = metrics.margin
    below = header(ink, surface, area, state, metrics)
    rest = pygame.Rect(area.x, below + gap, area.width, area.bottom - below - gap)
    gates = (_("Gates and monsters"), gates_and_monsters(state))
    play = (_("Cards in play"), in_play(state))
    people = (_("Investigators"), investigators(state))
    arrangements = (
        stacked(rest, [gates, play, people], metrics) if metrics.portrait else columns(rest, [gates, play, people], metrics)
    )
    chosen = next(
        (a for a in arrangements if all(panel_size(entries, box, metrics) for _, entries, box in a[0])), arrangements[-1]
    )
    for heading, entries, box in chosen[0]:
        panel(ink, surface, heading, entries, box, metrics)
    if chosen[1] is not None:
        log_panel(ink, surface, log, chosen[1], metrics)


Placed = tuple[str, Sequence[Line], pygame.Rect]
Arrangement = tuple[list[Placed], pygame.Rect | None]  # the panels in their boxes, and the log's box (if shown)


def split(box: pygame.Rect, first: Sequence[Line], second: Sequence[Line], metrics: Metrics) -> tuple[pygame.Rect, pygame.Rect]:
    """``box`` cut across in two: the upper as tall as ``first`` needs at a middle size (at most
    half, unless ``second`` needs less), the lower the rest."""
    gap, size = metrics.margin, metrics.px(DETAIL_SIZES[1])
    need = panel_height(first, box.width, size, metrics)
    other = panel_height(second, box.width, size, metrics)
    height = min(need, max(box.height // 2, box.height - gap - other))
    upper = pygame.Rect(box.x, box.y, box.width, height)
    return upper, pygame.Rect(box.x, upper.bottom + gap, box.width, box.bottom - upper.bottom - gap)


def columns(rest: pygame.Rect, panels: list[tuple[str, list[Line]]], metrics: Metrics) -> list[Arrangement]:
    gap = metrics.margin
    (g, gates), (p, play), (i, people) = panels
    third = (rest.width - 2 * gap) // 3
    boxes = [pygame.Rect(rest.x + n * (third + gap), rest.y, third, rest.height) for n in range(3)]
    boxes[2].width = rest.right - boxes[2].x
    upper, lower = split(boxes[1], play, people, metrics)
    half = (rest.width - gap) // 2
    left = pygame.Rect(rest.x, rest.y, half, rest.height)
    right = pygame.Rect(left.right + gap, rest.y, rest.right - left.right - gap, rest.height)
    upper2, lower2 = split(right, play, people, metrics)
    return [
        ([(g, gates, boxes[0]), (p, play, upper), (i, people, lower)], boxes[2]),
        ([(g, gates, left), (p, play, upper2), (i, people, lower2)], None),
        ([(g, gates, boxes[0]), (p, play, boxes[1]), (i, people, boxes[2])], None),
    ]


def stacked(rest: pygame.Rect, panels: list[tuple[str, list[Line]]], metrics: Metrics) -> list[Arrangement]:
    gap = metrics.margin
    arrangements: list[Arrangement] = []
    for size in (metrics.px(s) for s in DETAIL_SIZES):
        y, placed = rest.y, list[Placed]()
        for heading, entries in panels:
            height = panel_height(entries, rest.width, size, metrics)
            placed.append((heading, entries, pygame.Rect(rest.x, y, rest.width, height)))
            y += height + gap
        if y <= rest.bottom:
            log = pygame.Rect(rest.x, y, rest.width, rest.bottom - y)
            arrangements.append((placed, log if log.height >= metrics.px(60) else None))
    share = (rest.height - 2 * gap) // 3
    even: list[Placed] = [
        (h, e, pygame.Rect(rest.x, rest.y + n * (share + gap), rest.width, share)) for n, (h, e) in enumerate(panels)
    ]
    return [*arrangements, (even, None)]
