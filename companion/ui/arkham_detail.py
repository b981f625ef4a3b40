"""Arkham Horror's detail view, one tap from the main screen: every gate with its monsters, the
cards in play and their markers, the counts behind the gauges, each investigator, and as much of
the log as fits (the Log screen has all of it).

The main screen (:func:`companion.ui.arkham_board.table`) shows less and larger, for the seats;
this view is read up close, by whoever holds the screen.  Its text goes through the same
:class:`~companion.ui.arkham_board.Ink` (recorded for the text-fit check): the first arrangement
of the panels in which every entry fits whole is drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pygame

from companion.engine.arkham import model as m
from companion.engine.arkham.data import OUTSKIRTS, SKY, TERROR_CLOSES, TERROR_TOP
from companion.engine.arkham.mythos import gate_limit, monster_limit, outskirts_limit
from companion.i18n import _
from companion.ui.arkham_board import (
    DETAIL_SIZES,
    NBSP,
    Ink,
    Line,
    gates_and_monsters,
    in_play,
    investigators,
    panel,
    panel_height,
    panel_size,
)
from companion.ui.widgets import DIM, PANEL, TEXT, Metrics, font, wrap

LOG_SIZE = 18  # the log's lines (at unit 1)


def numbers(state: m.ArkhamState) -> list[Line]:
    """The counts behind the main screen's gauges, with the limits the rules set (p.18, p.20)."""
    where = Counter(x.place for x in state.monsters)
    on_board = len(state.monsters) - where[OUTSKIRTS]
    closes = f",{NBSP}".join(str(n) for n in sorted(TERROR_CLOSES))
    return [
        (_("Doom {doom}/{track}").format(doom=state.doom, track=state.doom_track), TEXT),
        (_("Terror {terror}/{top}: shops close at {marks}").format(terror=state.terror, top=TERROR_TOP, marks=closes), TEXT),
        (_("Open gates {count}/{limit}").format(count=len(state.gates), limit=gate_limit(state.players)), TEXT),
        (
            _("Monsters in Arkham {count}/{limit} (Sky {sky}), Outskirts {outskirts}/{most}, in the cup {cup}").format(
                count=on_board,
                limit=monster_limit(state.players),
                sky=where[SKY],
                outskirts=where[OUTSKIRTS],
                most=outskirts_limit(state.players),
                cup=len(state.cup),
            ),
            DIM,
        ),
    ]


def details(
    ink: Ink, surface: pygame.Surface, area: pygame.Rect, state: m.ArkhamState, log: Sequence[str], metrics: Metrics
) -> None:
    """The detail view in ``area``.  In landscape three columns (gates | cards in play and counts
    over investigators | the log), then two without the log, then gates | cards | investigators;
    in portrait the panels stacked, the log taking what is left."""
    gates = (_("Gates and monsters"), gates_and_monsters(state))
    play = (_("Cards in play"), [*in_play(state), *numbers(state)])
    people = (_("Investigators"), investigators(state))
    arrangements = (
        stacked(area, [gates, play, people], metrics) if metrics.portrait else columns(area, [gates, play, people], metrics)
    )
    chosen = next(
        (a for a in arrangements if all(panel_size(entries, box, metrics) for _h, entries, box in a[0])), arrangements[-1]
    )
    for heading, entries, box in chosen[0]:
        panel(ink, surface, heading, entries, box, metrics)
    if chosen[1] is not None:
        log_panel(ink, surface, log, chosen[1], metrics)


def log_panel(ink: Ink, surface: pygame.Surface, log: Sequence[str], box: pygame.Rect, metrics: Metrics) -> None:
    """The newest lines of the log that fit, whole, newest at the bottom (the Log screen has all)."""
    pygame.draw.rect(surface, PANEL, box, border_radius=metrics.px(6))
    inner = box.inflate(-2 * metrics.px(6), -2 * metrics.px(4))
    head = ink.line(surface, _("Log"), inner.topleft, metrics.px(16), inner, DIM, bold=True)
    size = metrics.px(LOG_SIZE)
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
