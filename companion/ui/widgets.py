"""Sizes, fonts, buttons and text for every supported screen.

Everything scales from the screen's shorter side (480 px on the official 7-inch display);
touch targets never drop below 48 px.  Drawing functions only draw.

A frame redraws the whole screen, but most of what it draws was drawn before: the same words in
the same font and colour, the same buttons.  So the pictures are kept and blitted again (a
bounded LRU of rendered lines, :data:`TEXT_CACHE_BYTES`; a button's face by its size and
colours), and a font's measurements of a line are remembered.  What is shown is the same to the
pixel (``tests/ui/test_draw_cache.py``); every line still goes through :func:`text`, so a
recorder sees all of it.
"""

from __future__ import annotations

import itertools
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import pygame

from companion.engine.values import dataclass

MIN_TOUCH = 48  # px: the smallest button a fingertip hits reliably
LABEL_SIZES = (27, 20, 17)  # a button's label shrinks through these (at unit 1) before it is cut (27: 13 px of ink, 2.5 mm)
LINE_STEP = 1.05  # a line of text below the last, as a share of the font size
# The table screen, read from the seats 1.5 m away (issue 33; docs/ui.md, "Readable from the
# seats"): font sizes at unit 1 whose capitals' ink is 28 px (5.4 mm on the 7-inch 800x480 panel),
# 20 px (3.9 mm) and 15 px (2.9 mm), and the tighter line step their larger lines need (a round
# letter's ink measures a pixel less: tests/ui/test_cap_heights.py measures the frames).
SEEN_SIZE = 56  # whose turn, the prompt's headline (>= 5 mm)
NAME_SIZE = 40  # the faction names, the last action (>= 3.5 mm)
NAME_LEAST = 37  # the least type for them at 3.5 mm: 19 px of ink at 800x480 (36 px inks 18)
FLOOR_SIZE = 28  # anything else the table needs (>= 2.5 mm)
SEATS_FLOOR = 27  # the least type read from the seats: 13 px of ink = 2.52 mm at 800x480 (tests/ui/test_read_from_the_seats.py)
SEEN_LABELS = (32, 28, 28)  # the table's button labels
PANEL_LABELS = (28, 27, 27)  # the map's side panel's button labels: half the screen's width, 13 px of ink (2.5 mm)
TIGHT_STEP = 0.78  # the lines of a large name or sentence: the font's own line height
BACKGROUND = (18, 16, 24)
PANEL = (34, 30, 44)
TEXT = (236, 232, 222)
DARK_TEXT = (16, 20, 18)
DIM = (150, 146, 140)
ACCENT = (120, 200, 140)
WARN = (235, 120, 90)
BUTTON = (58, 52, 76)
BUTTON_EDGE = (110, 100, 140)
TEXT_CACHE_BYTES = 3 * 1024 * 1024  # rendered lines kept: a few busy frames' worth (a Pi has room)
FACE_CACHE = 64  # button faces kept (a screen shows about 20; a few screens' worth)
PARTS_BYTES = 2 * 1024 * 1024  # parts of frames kept (the table's bands and rows, its navigation bar): a few frames' worth
SPARE_PARTS = 2  # pictures let go kept per size, to be drawn into again (small ones: rows, buttons)
SPARE_BYTES = 160 * 1024  # the largest picture kept spare


@dataclass(frozen=True)
class Metrics:
    """Sizes for one screen: ``unit`` is 1.0 on an 800x480 display."""

    width: int
    height: int

    @cached_property
    def unit(self) -> float:
        return min(self.width, self.height) / 480

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @cached_property
    def _px(self) -> dict[float, int]:
        return {}

    def px(self, value: float) -> int:
        # Called hundreds of times a frame with a few dozen values: remembered.
        known = self._px.get(value)
        if known is None:
            known = self._px[value] = max(1, round(value * self.unit))
        return known

    @cached_property
    def button_sizes(self) -> tuple[int, int, int, int, int, int, int]:
        """A button's corner radius, edge, the room its label leaves at the sides and below, and
        its label's sizes (:data:`LABEL_SIZES`): worked out once (a frame draws a dozen buttons)."""
        big, middle, small = (self.px(s) for s in LABEL_SIZES)
        return self.px(8), max(1, self.px(2)), self.px(10), self.px(4), big, middle, small

    @property
    def touch(self) -> int:
        return max(MIN_TOUCH, self.px(52))

    @property
    def margin(self) -> int:
        return self.px(8)


@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: where, what was asked, what was shown, its font size, and the
    box it belongs in (a button's or panel's rectangle; None: the screen)."""

    rect: pygame.Rect
    wanted: str
    shown: str
    size: int
    box: pygame.Rect | None = None
    tag: str = ""  # what the line is, for a test that looks for it ("doom", "terror")
    up_close: bool = False  # drawn by a screen read by one person leaning in (see :data:`UP_CLOSE`)

    @property
    def clipped(self) -> bool:
        return self.shown != self.wanted


# Set to a list to record every line of text drawn (the text-fit tests do); None: not recorded.
RECORDER: list[Drawn] | None = None
# True while a screen read up close is drawn (Scene.up_close): its lines are recorded as such, and
# the tests hold them to no floor of size (everything else is read from the seats, >= 2.5 mm).
UP_CLOSE = False


@contextmanager
def read_up_close(up_close: bool = True) -> Iterator[None]:
    """While drawing a screen (or part) read by one person leaning in: its lines are recorded so."""
    global UP_CLOSE
    was, UP_CLOSE = UP_CLOSE, up_close
    try:
        yield
    finally:
        UP_CLOSE = was


# pygame's own face (what Font(None, size) draws), opened by its path: Font(None) finds the file
# through importlib.resources at every size, some milliseconds of the first frame.  Font(None)
# also scales the size by DEFAULT_SCALE; so does font() (tests/ui/test_widgets_font.py holds
# the two alike).
FACE = Path(pygame.__file__).parent / pygame.font.get_default_font()
DEFAULT_SCALE = 0.6875


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    face = pygame.font.Font(FACE, max(1, int(size * DEFAULT_SCALE)))
    face.set_bold(bold)
    return face


@lru_cache(maxsize=8192)
def width_of(words: str, size: int, bold: bool = False) -> int:
    """``words``' width in px at font ``size`` (remembered: the layouts ask again every frame)."""
    return int(font(size, bold).size(words)[0])


class Pictures:
    """Rendered lines by (words, size, bold, colour), least recently used dropped first once
    they hold more than ``budget`` bytes of pixels.  Rendering is the costliest part of drawing
    a line; the same lines come back frame after frame."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.kept: OrderedDict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = OrderedDict()

    def get(self, words: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (words, size, bold, colour)
        image = self.kept.get(key)
        if image is not None:
            self.kept.move_to_end(key)
            return image
        image = font(size, bold).render(words, True, colour)
        self.kept[key] = image
        self.used += _bytes(image)
        while self.used > self.budget and len(self.kept) > 1:
            _, dropped = self.kept.popitem(last=False)
            self.used -= _bytes(dropped)
        return image

    def clear(self) -> None:
        self.kept.clear()
        self.used = 0


def _bytes(image: pygame.Surface) -> int:
    return int(image.get_pitch() * image.get_height())


PICTURES = Pictures(TEXT_CACHE_BYTES)


class Parts:
    """Pictures of whole parts of a frame (a band of the table, a player's row) by what they
    show: a part whose key is the one it was last drawn with is blitted from its picture, not
    drawn again.  A tap changes a few numbers; the Doom track, the ritual track and most rows
    stay as they were, and drawing them was most of a frame.

    The key must hold everything the part's drawing reads (the words already in the language
    shown, the numbers, the colours) and the rectangle; the part must draw only inside its
    rectangle, over the plain background the frame starts with.  With a :data:`RECORDER`
    listening (the text-fit tests) every part is drawn afresh, so it sees every line."""

    def __init__(self, budget: int) -> None:
        self.budget = budget  # bytes of pixels kept, at most (least recently used let go first)
        self.used = 0
        self.kept: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.spare: dict[tuple[int, int], list[pygame.Surface]] = {}  # let go, reused for a picture of their size
        # The window's buffer as the last frame left it (begin/end): what each part's rectangle
        # holds, by its key and what was drawn over it.
        self.held: dict[tuple[int, int, int, int], tuple[Any, ...]] = {}
        self._window: pygame.Surface | None = None
        self._now: dict[tuple[int, int, int, int], tuple[Any, ...]] = {}
        self._leave = False

    def begin(self, window: pygame.Surface, *, leave: bool, filled: tuple[pygame.Rect, ...]) -> None:
        """A frame is drawn into ``window``, the app's own buffer, which nothing but the app's
        frames draws into.  ``leave``: a part whose rectangle holds it already, as the last
        frame drew it, is left as it is (:meth:`draw` returns False), not blitted again: the
        frame drawn ahead on a tap's way to the screen, whose rows, bands and navigation bar
        a tap mostly leaves unchanged.  It relies on SDL's window surface keeping its pixels
        across a flip.  ``filled``: what was filled since
        (:func:`fill_around`, whose fills may reach over a part's edge): no longer held."""
        if window is not self._window:
            self.held, self._window = {}, window
        if filled:
            self.held = {spot: shown for spot, shown in self.held.items() if pygame.Rect(spot).collidelist(filled) < 0}
        self._leave, self._now = leave, {}

    def end(self, *, spoiled: bool = False) -> None:
        """The frame is drawn: the buffer holds the parts it drew (no others: anything may have
        been drawn where a part of an earlier frame was), or none once ``spoiled`` (drawn over
        whole: the dimming, the LED panel)."""
        self.held = {} if spoiled else self._now
        self._leave, self._now = False, {}

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        key: tuple[Any, ...],
        paint: Callable[..., object],
        *args: Any,
        over: tuple[Any, ...] = (),
    ) -> bool:
        """Blit the part kept for ``key`` in ``rect``, or ``paint(*args)`` it and keep its picture.
        Either way ``rect`` is covered whole (the plain background filled in before a paint),
        so the frame need not be cleared under it first (:func:`fill_around`).  False: left as
        the window's buffer holds it (see :meth:`begin`; ``over``: what the caller draws over
        the part once drawn, which the buffer must hold too); the caller then draws nothing
        over it."""
        if RECORDER is not None:
            surface.fill(BACKGROUND, rect)
            paint(*args)
            return True
        if surface is self._window and surface.get_rect().contains(rect):
            spot, shown = (rect.x, rect.y, rect.width, rect.height), (key, over)
            self._now[spot] = shown
            if self._leave and self.held.get(spot) == shown:
                return False
        kept_key = (tuple(rect), surface.get_size(), *key)
        picture = self.kept.get(kept_key)
        if picture is not None:
            self.kept.move_to_end(kept_key)
            surface.blit(picture, rect)
            return True
        surface.fill(BACKGROUND, rect)
        paint(*args)
        area = rect.clip(surface.get_rect())
        if area.size != rect.size:
            return True  # partly off the surface: drawn, not kept
        spare = self.spare.get(area.size)
        picture = spare.pop() if spare else pygame.Surface(area.size, 0, surface)  # (a new one costs more than a copy)
        picture.blit(surface, (0, 0), area)
        self.kept[kept_key] = picture
        self.used += _bytes(picture)
        while self.used > self.budget and len(self.kept) > 1:
            _key, dropped = self.kept.popitem(last=False)
            self.used -= _bytes(dropped)
            room = self.spare.setdefault(dropped.get_size(), [])
            if len(room) < SPARE_PARTS and _bytes(dropped) <= SPARE_BYTES:
                room.append(dropped)
        return True

    def clear(self) -> None:
        self.kept.clear()
        self.spare.clear()
        self.used = 0
        self.let_go()

    def let_go(self) -> None:
        """Hold nothing of the window's buffer (a window made anew, resized)."""
        self.held, self._now, self._window, self._leave = {}, {}, None, False


PARTS = Parts(PARTS_BYTES)


FILL_ALIGN = 16  # px: the fills' left and right edges fall on multiples of this (see _uncovered)
FILL_PLANS = 32  # fill plans kept (a screen's layouts: its prompts, player counts, sizes)
_fill_plans: OrderedDict[tuple[tuple[int, int], tuple[tuple[int, ...], ...]], tuple[pygame.Rect, ...]] = OrderedDict()


def fill_around(surface: pygame.Surface, colour: tuple[int, int, int], covered: list[pygame.Rect]) -> tuple[pygame.Rect, ...]:
    """Fill ``surface`` with ``colour`` except inside ``covered``: the rectangles the frame's
    drawing will cover whole with opaque pictures (kept parts, a panel) before anything else is
    drawn there.  Clearing the whole frame was a sixth of a frame's drawing at 800x480; the same
    pixels once drawn (tests/ui/test_draw_cache.py).  The rectangles filled are worked out
    once for each layout (the covered rectangles repeat frame after frame).  The rectangles
    filled are returned."""
    if not covered:
        surface.fill(colour)
        return (surface.get_rect(),)
    key = (surface.get_size(), tuple(tuple(rect) for rect in covered))
    plan = _fill_plans.get(key)
    if plan is None:
        plan = _fill_plans[key] = _uncovered(surface.get_rect(), covered)
        while len(_fill_plans) > FILL_PLANS:
            _fill_plans.popitem(last=False)
    else:
        _fill_plans.move_to_end(key)
    for rect in plan:
        surface.fill(colour, rect)
    return plan


def _uncovered(whole: pygame.Rect, covered: list[pygame.Rect]) -> tuple[pygame.Rect, ...]:
    """Rectangles that together hold ``whole`` less the union of ``covered`` (and, widened to
    :data:`FILL_ALIGN`, a little of what is covered): horizontal strips between the covered
    rectangles' edges, each strip's gaps, a gap running on down the strips below it as one
    rectangle."""
    rects = [clipped for rect in covered if (clipped := rect.clip(whole)).width and clipped.height]
    edges = sorted({whole.top, whole.bottom, *(r.top for r in rects), *(r.bottom for r in rects)})
    out: list[pygame.Rect] = []
    running: dict[tuple[int, int], pygame.Rect] = {}  # a gap's (left, right): its rectangle so far
    for top, bottom in itertools.pairwise(edges):
        spans = sorted((r.left, r.right) for r in rects if r.top <= top and r.bottom >= bottom)
        gaps: list[tuple[int, int]] = []
        x = whole.left
        for left, right in spans:
            if left > x:
                gaps.append((x, left))
            x = max(x, right)
        if x < whole.right:
            gaps.append((x, whole.right))
        for gap in list(running):
            if gap not in gaps:
                out.append(running.pop(gap))
        for left, right in gaps:
            if (left, right) in running:
                running[(left, right)].height = bottom - running[(left, right)].top
            else:
                running[(left, right)] = pygame.Rect(left, top, right - left, bottom - top)
    out.extend(running.values())
    # Widened to whole runs of FILL_ALIGN px (over covered pixels, which are drawn over anyway):
    # SDL's fill of a row that ends mid-run was seven times slower here (0.57 us a row of 408 px
    # against 0.08 for 400 or 416).
    for rect in out:
        left = rect.left - (rect.left - whole.left) % FILL_ALIGN
        right = min(whole.right, rect.right + (whole.left - rect.right) % FILL_ALIGN)
        rect.update(left, rect.top, right - left, rect.height)
    return tuple(out)


def forget_pictures() -> None:
    """Drop every kept picture and measurement (a new pygame session's fonts, or a test's)."""
    PICTURES.clear()
    PARTS.clear()
    _faces.clear()
    _panels.clear()
    _fill_plans.clear()
    width_of.cache_clear()
    _cut.cache_clear()
    _label_layout.cache_clear()
    _label_height.cache_clear()


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    colour: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
    centre: bool = False,
    width: int = 0,
    box: pygame.Rect | None = None,
    wanted: str | None = None,
    tag: str = "",
) -> pygame.Rect:
    """Draw one line (cut with an ellipsis to ``width`` px when given); its rectangle.  Every
    line of text on the screen goes through here, so a recorder sees all of it (``box``: the
    rectangle it must stay inside; ``wanted``: the whole text when ``words`` is already cut or
    stands for more, e.g. "+3 more"; ``tag``: what the line is, for the tests)."""
    asked = words if wanted is None else wanted
    if width:
        words = _cut(words, size, bold, width)
    image = PICTURES.get(words, size, bold, colour)
    rect = image.get_rect(center=pos) if centre else image.get_rect(topleft=pos)
    surface.blit(image, rect)
    if RECORDER is not None:
        offset = surface.get_abs_offset()
        inside = box.move(offset) if box is not None else None
        RECORDER.append(Drawn(rect.move(offset), asked, words, size, inside, tag, UP_CLOSE))
    return rect


def missing(words: str, size: int) -> None:
    """Record a line that found no room and was not drawn (the text-fit tests count it as cut)."""
    if RECORDER is not None:
        RECORDER.append(Drawn(pygame.Rect(0, 0, 0, 0), words, "", size))


@lru_cache(maxsize=4096)
def _cut(words: str, size: int, bold: bool, width: int) -> str:
    """``words`` cut with an ellipsis until they fit in ``width`` px."""
    while words and width_of(words, size, bold) > width:
        words = words[:-2] + "…" if len(words) > 2 else ""
    return words


def fit(words: str, sizes: tuple[int, ...], width: int, bold: bool = False) -> int:
    """The largest of ``sizes`` at which ``words`` fits in ``width`` px (the smallest otherwise)."""
    return next((s for s in sizes if width_of(words, s, bold) <= width), sizes[-1])


def fits_in_lines(words: str, size: int, width: int, most: int, bold: bool = False) -> bool:
    """Whether ``words`` wrap at ``size`` into at most ``most`` lines, each within ``width`` px
    (a word longer than a line, a 30-character name, would be cut)."""
    lines = wrap(words, size, width, bold)
    return len(lines) <= most and all(width_of(line, size, bold) <= width for line in lines)


def wrapped_size(words: str, sizes: Sequence[int], width: int, most: int, bold: bool = False) -> int:
    """The largest of ``sizes`` at which ``words`` wrap whole into at most ``most`` lines of
    ``width`` px (the smallest otherwise)."""
    return next((size for size in sizes if fits_in_lines(words, size, width, most, bold)), sizes[-1])


# Where a line may break: any run of white space except the no-break spaces (U+00A0, the figure
# space U+2007, the narrow U+202F), which hold "Sneak 4" or "12 %" together as the text asks.
BREAK = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``words`` broken at spaces (never at a no-break space) into lines no wider than ``width``
    px at font ``size`` (bold is wider); a word wider than that stays whole on its own line
    (the text-fit check then fails, rather than the word being cut)."""
    return list(_wrapped(words, size, width, bold))


# How far a line's width may be from its words' own widths and spaces added up (px): SDL_ttf
# places glyphs at fractional positions, so each join can round a pixel either way.  Measured on
# pygame's face at every size from 8 to 59 px, over 12,000 words of the docs and the German
# catalogue: within 1 px per join, and 1 px more once.  The slack is twice that: a line whose
# added-up width is further than this from the room it has is known to fit (or not) unmeasured.
JOIN_SLACK = 2  # px per space joining two words
LINE_SLACK = 2  # px per line


@lru_cache(maxsize=8192)
def _wrapped(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """Greedy: each line takes words while the line still fits (its first word even if it does
    not).  A line's width grows with each word it takes, so the line is the longest run of
    words that fits: found from the words' own widths (remembered: the same words come back
    in new sentences), then settled by measuring the line itself only where the added-up
    width is within :data:`JOIN_SLACK` of the room (a new sentence, the last action's, is
    wrapped every tap, at each size the status region tries)."""
    split = list(filter(None, BREAK.split(words)))  # (strip() would eat a leading no-break space)
    space = width_of(" ", size, bold)
    ends = [0]  # ends[n]: the first n words' widths added up
    for word in split:
        ends.append(ends[-1] + width_of(word, size, bold))

    def fits(start: int, end: int) -> bool:
        """Whether words[start:end] fit on one line (measured only when too close to call)."""
        joins = end - start - 1
        added = ends[end] - ends[start] + joins * space
        slack = JOIN_SLACK * joins + LINE_SLACK if joins else 0  # one word's width is its own
        if added + slack <= width:
            return True
        if added - slack > width:
            return False
        return width_of(" ".join(split[start:end]), size, bold) <= width

    lines: list[str] = []
    start = 0
    while start < len(split):
        end = start + 1
        while end < len(split) and ends[end + 1] - ends[start] + (end - start) * space <= width:
            end += 1  # the guess: the words' own widths added up
        while end > start + 1 and not fits(start, end):
            end -= 1  # the guess was long: shorten to a run that fits
        while end < len(split) and fits(start, end + 1):
            end += 1  # the guess was short: take words while the line fits
        lines.append(" ".join(split[start:end]))
        start = end
    return tuple(lines)


def paragraph(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    width: int,
    max_lines: int,
    colour: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
    box: pygame.Rect | None = None,
    step: float = LINE_STEP,
    tag: str = "",
) -> int:
    """Draw wrapped text (the last line cut with an ellipsis); the y below it (``step``: a
    line's distance from the one above, as a share of ``size``; ``tag``: as :func:`text`'s)."""
    x, y = pos
    lines = wrap(words, size, width, bold)
    for n, line in enumerate(lines[:max_lines]):
        whole = line
        # A line of two words or more is one the wrap found to fit (:func:`_wrapped`), so it is
        # not measured again to be cut (a new sentence's lines were, each once): only a word
        # alone, which may be wider than the line, and a last line given its ellipsis are.
        room = width if " " not in line else 0
        if n == max_lines - 1 and len(lines) > max_lines:
            whole = " ".join([line, *lines[max_lines:]])
            line += " …"
            room = width
        drawn = text(surface, line, (x, y), size, colour, bold=bold, width=room, box=box, wanted=whole, tag=tag)
        y += max(round(size * step), drawn.height)  # (a tight step: a line of "Ä"s stands taller)
    return y


@dataclass
class Button:
    """A tappable rectangle with a label; ``intent`` is what a tap asks for."""

    rect: pygame.Rect
    label: str
    intent: Any
    colour: tuple[int, int, int] = BUTTON
    enabled: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    labels: tuple[int, int, int] = LABEL_SIZES  # the label's sizes at unit 1, largest first (see _label_options)
    step: float = LINE_STEP  # a label's second line below its first, as a share of its size

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        rect = self.rect
        radius, edge, side, below, big, middle, small = metrics.button_sizes
        if self.labels != LABEL_SIZES:
            big, middle, small = (metrics.px(s) for s in self.labels)
        surface.blit(_face(rect.size, self.colour if self.enabled else PANEL, radius, edge), rect)
        room = rect.width - side
        colour = ink_on(self.colour) if self.enabled else DIM
        least = metrics.px(SEATS_FLOOR)  # one line at any size the seats read before two lines
        size, lines = _label_layout(self.label, room, rect.height - below, big, middle, small, self.step, least)
        step = round(size * self.step)
        x, y = rect.centerx, rect.centery - (len(lines) - 1) * step // 2
        for n, line in enumerate(lines):
            text(surface, line, (x, y + n * step), size, colour, centre=True, width=room, box=rect)


@lru_cache(maxsize=64)
def ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The words' colour on a button of ``colour``: dark words on a light button."""
    light = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2] > 140
    return DARK_TEXT if light else TEXT


def _label_options(big: int, middle: int, small: int, least: int = 0) -> tuple[tuple[int, int], ...]:
    """A button label's (size, lines) tried in turn: one line at each size the seats read
    (``least`` px and up; 0: the largest only), then the largest size wrapped on two or three (a
    button tall enough keeps its label large, see :func:`button_height`); only then the smaller
    sizes, for a button whose height is fixed."""
    one_line = tuple((size, 1) for size in dict.fromkeys((middle, small)) if size != big and least and size >= least)
    rest = ((middle, 1), (middle, 2), (small, 1), (small, 2), (small, 3))
    return ((big, 1), *one_line, (big, 2), (big, 3), *(option for option in rest if option not in one_line))


@lru_cache(maxsize=1024)
def _label_layout(
    label: str, room: int, height: int, big: int, middle: int, small: int, line_step: float = LINE_STEP, least: int = 0
) -> tuple[int, tuple[str, ...]]:
    """A button label's size and lines: the first of :func:`_label_options` whose lines fit
    ``room`` px wide and ``height`` px high; else one small line (cut by :func:`text`)."""
    for size, count in _label_options(big, middle, small, least):
        lines = wrap(label, size, room) if count > 1 else [label]
        step = round(size * line_step)
        fits = all(width_of(line, size) <= room for line in lines)
        if fits and len(lines) == count and count * step <= height:
            return size, tuple(lines)
    return small, (label,)


@lru_cache(maxsize=1024)
def _label_height(
    label: str,
    room: int,
    big: int,
    middle: int,
    small: int,
    line_step: float = LINE_STEP,
    largest: bool = False,
    least: int = 0,
) -> int:
    """The least text height (px) at which :func:`_label_layout` shows ``label`` whole in
    ``room`` px (0: no layout does; the label is cut whatever the height); ``largest``: the
    height that shows it at its largest size that fits on up to three lines."""
    # The options tried from the least height up, the first that fits being the least: a new
    # label (a stack's, an area's) was measured and wrapped at every size; now one that fits on
    # one small line, most, is measured once.  (sorted() is stable: ties keep their order.)
    options = _label_options(big, middle, small, least)
    if not largest:
        options = tuple(sorted(options, key=lambda option: option[1] * round(option[0] * line_step)))
    for size, count in options:
        lines = wrap(label, size, room) if count > 1 else [label]
        if len(lines) == count and all(width_of(line, size) <= room for line in lines):
            return count * round(size * line_step)
    return 0


def button_height(
    label: str,
    width: int,
    metrics: Metrics,
    labels: tuple[int, int, int] = LABEL_SIZES,
    step: float = LINE_STEP,
    *,
    largest: bool = False,
) -> int:
    """The least height of a button ``width`` px wide that shows ``label`` whole at ``labels``'
    sizes: a fingertip's (:attr:`Metrics.touch`) or more, for a label that needs three lines (0:
    none does); ``largest``: the height that keeps it at its largest size (wrapped on up to three
    lines; read from the seats) rather than the least."""
    big, middle, small = (metrics.px(s) for s in labels)
    need = _label_height(label, width - metrics.px(10), big, middle, small, step, largest, metrics.px(SEATS_FLOOR))
    return max(metrics.touch, need + metrics.px(4)) if need else 0


_faces: OrderedDict[tuple[int, int, tuple[int, int, int], int, int], pygame.Surface] = OrderedDict()


def _face(size: tuple[int, int], colour: tuple[int, int, int], radius: int, edge: int) -> pygame.Surface:
    """A button's face (its fill and edge, rounded): drawn once per size and colour, then blitted.
    The corners outside the rounding are a colour key, so they leave the screen as it was."""
    key = (*size, colour, radius, edge)
    face = _faces.get(key)
    if face is not None:
        _faces.move_to_end(key)
        return face
    clear = next(k for k in ((255, 0, 255), (0, 255, 0), (0, 0, 255)) if k not in (colour, BUTTON_EDGE))
    face = pygame.Surface(size)
    face.fill(clear)
    # Run-length encoded: a blit copies the face's runs and skips its keyed-out corners, a
    # third of the plain keyed blit's time, the same pixels (tests/ui/test_draw_cache.py).
    face.set_colorkey(clear, pygame.RLEACCEL)
    rect = face.get_rect()
    pygame.draw.rect(face, colour, rect, border_radius=radius)
    pygame.draw.rect(face, BUTTON_EDGE, rect, width=edge, border_radius=radius)
    _faces[key] = face
    while len(_faces) > FACE_CACHE:
        _faces.popitem(last=False)
    return face


_panels: OrderedDict[tuple[int, int, tuple[int, int, int], int, tuple[int, int, int]], pygame.Surface] = OrderedDict()
PANELS = 4  # panel pictures kept (a screen shows one or two sizes of it)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: tuple[int, int, int],
    radius: int,
    under: tuple[int, int, int] = BACKGROUND,
) -> None:
    """A rounded panel filled with ``colour``, over a part of ``surface`` that is plain ``under``
    (the frame's background): blitted from a kept picture of the panel drawn over ``under``,
    the same pixels as drawing it there (an opaque copy is a quarter of the rounded fill's time
    for a prompt's panel)."""
    key = (rect.width, rect.height, colour, radius, under)
    picture = _panels.get(key)
    if picture is None:
        picture = pygame.Surface(rect.size, 0, surface)
        picture.fill(under)
        pygame.draw.rect(picture, colour, picture.get_rect(), border_radius=radius)
        _panels[key] = picture
        while len(_panels) > PANELS:
            _panels.popitem(last=False)
    else:
        _panels.move_to_end(key)
    surface.blit(picture, rect)


def grid(area: pygame.Rect, count: int, columns: int, metrics: Metrics, height: int = 0) -> list[pygame.Rect]:
    """``count`` button rectangles in rows of ``columns`` inside ``area``, each at least touch-sized
    (``height``: the rows' height, when taller than a fingertip's)."""
    gap = metrics.margin
    width = cell_width(area, columns, metrics)
    height = max(metrics.touch, height)
    rects = []
    for n in range(count):
        row, col = divmod(n, columns)
        rects.append(pygame.Rect(area.x + col * (width + gap), area.y + row * (height + gap), width, height))
    return rects


def fitted_grid(
    area: pygame.Rect, labels: list[str], columns: int, metrics: Metrics, sizes: tuple[int, int, int] = LABEL_SIZES
) -> list[pygame.Rect]:
    """:func:`grid`'s rectangles for buttons labelled ``labels``, its rows tall enough for every
    label at its largest size (wrapped on up to three lines) rather than shrunk."""
    width = cell_width(area, columns, metrics)
    height = max([metrics.touch, *(button_height(label, width, metrics, sizes, largest=True) for label in labels)])
    return grid(area, len(labels), columns, metrics, height)


def cell_width(area: pygame.Rect, columns: int, metrics: Metrics) -> int:
    """The width of each of :func:`grid`'s buttons in rows of ``columns`` across ``area``."""
    return max(metrics.touch, (area.width - metrics.margin * (columns - 1)) // columns)
