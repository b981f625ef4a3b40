"""Where to draw each area, and where its name goes.

Map files carry no coordinates (the printed boards' art is not ours to copy).  An Earth map (every
area named in :data:`EARTH`) is drawn where each area lies on the printed board's world map, so a
player finds an area on the screen by looking at the board: the positions are the real-world
geography of the named continents and oceans, laid out as the board lays out the world (the
Atlantic in the middle, the Americas to its west, Asia and Australia to its east, the Pacific on
the west edge, wrapping round to Asia; Antarctica along the bottom).  They are layout, not map
data: the areas and their neighbours still come only from the map file.  Any other map (Yuggoth,
Shaggai, Primeval Earth, an owner's own) gets a deterministic force-directed layout of its
adjacency.  The same map always gives the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from companion.engine.mapdef import MapDef

ITERATIONS = 300
SPREAD_ROUNDS = 60  # passes pushing apart geographic positions that fall too close together

# Each Earth area's place on the printed world map, (west-east, north-south) in the unit square:
# the real-world position of the named region, as the board's Atlantic-centred world map draws
# it (docs/maps.md "Where the map screen draws each area").  Areas split on larger boards (North
# America West and East...) sit on the two halves of the region the smaller boards name whole.
EARTH: dict[str, tuple[float, float]] = {
    "Bering Sea": (0.07, 0.06),
    "North Pacific": (0.05, 0.40),
    "South Pacific": (0.07, 0.78),
    "North America": (0.22, 0.24),
    "North America West": (0.15, 0.24),
    "North America East": (0.29, 0.17),
    "Central America": (0.22, 0.47),
    "South America": (0.29, 0.68),
    "South America West": (0.23, 0.70),
    "South America East": (0.33, 0.60),
    "Arctic Ocean": (0.47, 0.03),
    "North Atlantic": (0.41, 0.36),
    "South Atlantic": (0.44, 0.74),
    "Scandinavia": (0.55, 0.10),
    "Europe": (0.55, 0.26),
    "Mediterranean Sea": (0.58, 0.40),
    "Africa": (0.57, 0.57),
    "West Africa": (0.51, 0.52),
    "East Africa": (0.61, 0.65),
    "Arabia": (0.68, 0.44),
    "Asia": (0.78, 0.26),
    "North Asia": (0.78, 0.16),
    "South Asia": (0.82, 0.40),
    "Indian Ocean": (0.74, 0.70),
    "Australia": (0.90, 0.64),
    "New Zealand": (0.96, 0.86),
    "Antarctica": (0.48, 0.97),
    "Mountains of Madness": (0.70, 0.96),
}
Box = tuple[int, int, int, int]  # x, y, width, height
SEPARATION = 1.15  # the least distance between two Earth areas, in average spacings (see _spread)


@lru_cache(maxsize=16)
def layout(board: MapDef) -> tuple[tuple[float, float], ...]:
    """Each area's position in the unit square [0, 1] x [0, 1], in map order: on the world map
    for an Earth board, else a force-directed layout of the adjacency."""
    names = [area.name for area in board.areas]
    if names and all(name in EARTH for name in names):
        return _spread([EARTH[name] for name in names])
    return _spread(list(_graph(board)))  # the same spacing pass: no two areas left crowded


def wraps(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the border between two areas at ``a`` and ``b`` runs round the world's edge (the
    North Pacific to Asia): drawn as two stubs off the map's edges, not a line across it."""
    return abs(a[0] - b[0]) > 0.5


def _spread(points: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """``points`` with any two closer than SEPARATION average spacings pushed apart along the line
    between them (horizontal distance counted double: the screen is wider than tall), then fitted
    to the unit square; deterministic, and points already apart stay where geography put them."""
    least = SEPARATION / math.sqrt(len(points))
    moved = [list(p) for p in points]
    for _ in range(SPREAD_ROUNDS):
        for i in range(len(moved)):
            for j in range(i + 1, len(moved)):
                dx, dy = (moved[j][0] - moved[i][0]) * 2, moved[j][1] - moved[i][1]
                dist = math.hypot(dx, dy)
                if dist >= least or dist == 0:
                    continue
                push = (least - dist) / 2 / dist
                moved[i][0] -= dx * push / 2
                moved[i][1] -= dy * push
                moved[j][0] += dx * push / 2
                moved[j][1] += dy * push
    return _normalise([(x, y) for x, y in moved])


def _graph(board: MapDef) -> tuple[tuple[float, float], ...]:
    """A deterministic force-directed layout: neighbours pull together, all areas push apart,
    oceans and lands start on two rings."""
    count = len(board.areas)
    if count == 0:
        return ()
    points = [_start(i, count, board.areas[i].ocean) for i in range(count)]
    ideal = 1.0 / math.sqrt(count)
    for step in range(ITERATIONS):
        heat = 0.1 * (1 - step / ITERATIONS) + 0.005
        forces = [[0.0, 0.0] for _ in range(count)]
        for i in range(count):
            for j in range(i + 1, count):
                dx, dy = points[i][0] - points[j][0], points[i][1] - points[j][1]
                dist = max(1e-3, math.hypot(dx, dy))
                push = ideal * ideal / dist
                pull = dist * dist / ideal if j in board.adjacent[i] else 0.0
                force = (push - pull) / dist
                forces[i][0] += dx * force
                forces[i][1] += dy * force
                forces[j][0] -= dx * force
                forces[j][1] -= dy * force
        for i in range(count):
            fx, fy = forces[i]
            size = max(1e-9, math.hypot(fx, fy))
            move = min(size, heat)
            points[i] = (points[i][0] + fx / size * move, points[i][1] + fy / size * move)
    return _normalise(points)


def _start(i: int, count: int, ocean: bool) -> tuple[float, float]:
    angle = 2 * math.pi * i / count
    radius = 0.25 if ocean else 0.45
    return (0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle))


def _normalise(points: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    width, height = max(xs) - min(xs) or 1.0, max(ys) - min(ys) or 1.0
    return tuple(((x - min(xs)) / width, (y - min(ys)) / height) for x, y in points)


Name = tuple[int, tuple[int, int]]  # a name's side of its circle (see name_box) and (width, height)


def radii(
    centres: tuple[tuple[int, int], ...],
    wanted: tuple[int, ...],
    least: int,
    gap: int,
    bounds: Box,
    names: tuple[Name, ...] = (),
    reserve: int = 0,
    name_room: Box | None = None,
) -> tuple[int, ...]:
    """Each area's circle radius in px: ``wanted[i]`` (what its units need, at least ``least``),
    but never so large that two circles come nearer than ``gap`` px.  Areas get their smallest
    radius first; then the ones wanting more, most wanting first, grow into the room their
    neighbours leave.  A radius is never below ``least`` unless two centres are nearer than
    ``2 * least + gap`` (then both get half the room); a circle grows no further than the edge
    of ``bounds`` (the map's rectangle).  With ``names`` (each area's, as :func:`name_box` puts
    it off a circle of ``reserve`` px, or of its radius when larger), a circle grows over no
    other area's name, nor pushes its own onto another circle or name or out of ``name_room``."""
    count = len(centres)
    got = [least] * count
    for i in range(count):
        for j in range(count):
            if i != j:
                got[i] = min(got[i], int((_apart(centres[i], centres[j]) - gap) // 2))
    name_gap = max(1, least // 8)
    clear = 2 * name_gap  # another circle no nearer a name than this

    def name(j: int, r: int) -> Box:
        return name_box(centres[j], max(r, reserve), name_gap, names[j][0], names[j][1])

    def free(i: int, r: int) -> bool:
        """Whether area ``i``'s circle of radius ``r`` and its name pushed out by it leave the
        other areas' circles and names clear, its name on the map."""
        mine = name(i, r)
        if name_room is not None and _overlap_area(mine, name_room) < mine[2] * mine[3]:
            return False
        for j in range(count):
            if j != i:
                theirs = name(j, got[j])
                if _gap(theirs, centres[i]) < r + clear or _gap(mine, centres[j]) < got[j] + clear:
                    return False
                if _overlaps(mine, theirs):
                    return False
        return True

    for i in sorted(range(count), key=lambda k: -wanted[k]):
        x, y = centres[i]
        edge = min(x - bounds[0], bounds[0] + bounds[2] - x, y - bounds[1], bounds[1] + bounds[3] - y)
        room = min((_apart(centres[i], centres[j]) - gap - got[j] for j in range(count) if j != i), default=edge)
        grown = max(got[i], min(wanted[i], int(min(room, edge))))
        if names and grown > got[i]:
            step = max(1, least // 8)
            reach = got[i]
            while reach < grown and free(i, min(grown, reach + step)):
                reach = min(grown, reach + step)
            grown = reach
        got[i] = grown
    return tuple(got)


RING = 16  # half-radii: how far out a label that fits nowhere beside its circle is looked for
FINE_RING = 12  # half-radii: how far out it is looked for in fine steps (where the half-radius steps found nothing)
SETTLE_ROUNDS = 150  # passes pushing apart areas whose circle or name lies on another's
CHOOSE_EVERY = 4  # passes between the choices of each name's side and line break


def name_box(centre: tuple[int, int], radius: int, gap: int, side: int, block: tuple[int, int]) -> Box:
    """Where a name of ``block`` (width, height) px goes on ``side`` of its circle: 0 below, 1
    above, 2 right, 3 left (beside: centred on the circle's middle), ``gap`` px off the circle."""
    (x, y), (w, h) = centre, block
    if side == 0:
        return (x - w // 2, y + radius + gap, w, h)
    if side == 1:
        return (x - w // 2, y - radius - gap - h, w, h)
    if side == 2:
        return (x + radius + gap, y - h // 2, w, h)
    return (x - radius - gap - w, y - h // 2, w, h)


@lru_cache(maxsize=64)
def settle(
    centres: tuple[tuple[int, int], ...],
    radius: int,
    blocks: tuple[tuple[tuple[int, int], ...], ...],
    bounds: Box,
    gap: int,
    least: int,
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The map's areas moved apart just so far that each area's name fits beside its own circle
    (of ``radius`` px): no two circles nearer than ``2 * gap``, nor two of the least radius,
    ``least``, whose squares (their tap targets) come nearer than that; no name on another or
    nearer another area's centre than ``radius + 2 * gap``; all inside ``bounds``.  Returns (the
    centres, each name's (breaking, side) as :func:`name_box` takes it).  ``blocks[i]`` lists
    area ``i``'s name's (width, height) in each way it is broken onto lines.  Every few passes
    each name that is crowded takes the side and breaking least crowded (below first, then
    above, right, left: a name under its circle reads as its own); between, every two areas
    too near are pushed apart, half each (circles along the line between them, names the
    shorter way out).  Areas already clear keep their places (the Earth maps' geography).
    Worked out once per map and screen (deterministic: the same picture every run); on a map
    too crowded to settle in SETTLE_ROUNDS passes (Shaggai's), what is still near is left to
    :func:`place_labels`."""
    count = len(centres)
    at = [[float(x), float(y)] for x, y in centres]
    chosen = [(0, 0)] * count
    clear = radius + 2 * gap  # from another area's centre: a name further off reads as no name of it
    apart_names = 2 * gap  # px each side between two names side by side (nearer, they read as one)
    # How far from its centre an area's circle or name can reach (two further apart never meet).
    span = [radius + gap + max(max(w, h) for w, h in options) for options in blocks]

    def name(i: int, choice: tuple[int, int]) -> Box:
        return name_box((round(at[i][0]), round(at[i][1])), radius, gap, choice[1], blocks[i][choice[0]])

    def square(i: int) -> Box:
        """Area ``i``'s least circle's square and a gap (a circle is tapped in its square: two never meet)."""
        x, y = round(at[i][0]), round(at[i][1])
        half = least + gap
        return (x - half, y - half, 2 * half, 2 * half)

    def near(i: int) -> list[int]:
        x, y = at[i]
        return [
            j for j in range(count) if j != i and abs(at[j][0] - x) < span[i] + span[j] and abs(at[j][1] - y) < span[i] + span[j]
        ]

    def cost(box: Box, names: list[Box], neighbours: list[int]) -> float:
        """How much of a name's box lies on other names, near other circles, or off the map."""
        over_x = max(0, bounds[0] - box[0]) + max(0, box[0] + box[2] - bounds[0] - bounds[2])
        over_y = max(0, bounds[1] - box[1]) + max(0, box[1] + box[3] - bounds[1] - bounds[3])
        total = 4.0 * (over_x * box[3] + over_y * box[2])
        for j in neighbours:
            total += _overlap_area(_wider(box, apart_names), names[j])
            total += max(0.0, clear - _gap(box, (round(at[j][0]), round(at[j][1])))) * clear
        return total

    for step in range(SETTLE_ROUNDS):
        names = [name(i, chosen[i]) for i in range(count)]
        if step % CHOOSE_EVERY == 0:
            for i in range(count):
                neighbours = near(i)
                if step and cost(names[i], names, neighbours) == 0:
                    continue  # clear where it is: it stays
                options = [(v, side) for side in range(4) for v in range(len(blocks[i]))]
                chosen[i] = min(options, key=lambda o: (cost(name(i, o), names, neighbours), o[1], o[0]))
                names[i] = name(i, chosen[i])
        moved = False
        for i in range(count):
            for j in near(i):
                if j > i:
                    moved |= _part(at, i, j, 2 * radius + 2 * gap)
                    moved |= _push(at, i, j, square(i), square(j))
                    moved |= _push(at, i, j, _wider(names[i], apart_names), names[j])
                    moved |= _clear(at, i, j, names[i], clear)
                    moved |= _clear(at, j, i, names[j], clear)
        for i in range(count):
            x, y = round(at[i][0]), round(at[i][1])
            moved |= _keep_inside(at[i], ((x - radius, y - radius, 2 * radius, 2 * radius), name(i, chosen[i])), bounds)
        if not moved and step % CHOOSE_EVERY == CHOOSE_EVERY - 1:
            break
    return tuple((round(x), round(y)) for x, y in at), tuple(chosen)


def _part(at: list[list[float]], i: int, j: int, least: float) -> bool:
    """Areas ``i`` and ``j`` moved half each apart along the line between them to ``least`` px."""
    dx, dy = at[j][0] - at[i][0], at[j][1] - at[i][1]
    dist = math.hypot(dx, dy)
    if dist >= least:
        return False
    if dist == 0:
        dx, dy, dist = 1.0, 0.0, 1.0
    _move(at, i, j, dx / dist, dy / dist, (least - dist) / 2 + 0.25)
    return True


def _clear(at: list[list[float]], i: int, j: int, box: Box, least: float) -> bool:
    """Area ``i`` (whose name is ``box``) and area ``j`` moved apart till the name is ``least`` px
    from ``j``'s centre."""
    cx, cy = at[j]
    dx = cx - min(max(cx, box[0]), box[0] + box[2])
    dy = cy - min(max(cy, box[1]), box[1] + box[3])
    dist = math.hypot(dx, dy)
    if dist >= least:
        return False
    if dist == 0:  # the centre on the name: out the shorter way
        r = int(least)
        return _push(at, i, j, box, (round(cx) - r, round(cy) - r, 2 * r, 2 * r))
    _move(at, i, j, dx / dist, dy / dist, (least - dist) / 2 + 0.25)
    return True


def _move(at: list[list[float]], i: int, j: int, ux: float, uy: float, push: float) -> None:
    """Area ``i`` moved ``push`` px against the unit direction (ux, uy), area ``j`` along it."""
    at[i][0] -= ux * push
    at[i][1] -= uy * push
    at[j][0] += ux * push
    at[j][1] += uy * push


def _wider(box: Box, by: int) -> Box:
    """``box`` ``by`` px wider on each side."""
    return (box[0] - by, box[1], box[2] + 2 * by, box[3])


def _overlap_area(a: Box, b: Box) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def _push(at: list[list[float]], i: int, j: int, a: Box, b: Box) -> bool:
    """Areas ``i`` and ``j`` moved half each apart the shorter way out of their boxes' overlap."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return False
    if w * 3 < h * 4:  # sideways when nearly as short: the screen is wider than tall
        sign = 1 if a[0] + a[2] / 2 <= b[0] + b[2] / 2 else -1
        _move(at, i, j, sign, 0, w / 2 + 0.5)
    else:
        sign = 1 if a[1] + a[3] / 2 <= b[1] + b[3] / 2 else -1
        _move(at, i, j, 0, sign, h / 2 + 0.5)
    return True


def _keep_inside(point: list[float], boxes: tuple[Box, Box], bounds: Box) -> bool:
    """An area moved back inside ``bounds`` (its circle and name both), where it fits."""
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    dx = max(0, bounds[0] - left) - max(0, right - bounds[0] - bounds[2])
    dy = max(0, bounds[1] - top) - max(0, bottom - bounds[1] - bounds[3])
    point[0] += dx
    point[1] += dy
    return bool(dx or dy)


def _apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    """How far apart two centres are, across or up and down, whichever is more (their circles'
    squares, each a circle's tap target, meet when it is under the two radii)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _gap(box: Box, point: tuple[int, int]) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    dx = max(box[0] - point[0], 0, point[0] - box[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[1] - box[3])
    return math.hypot(dx, dy)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


Point = tuple[int, int]  # x, y in px
LEADER_OVER_CIRCLE = 0.5  # a far label's cost for each other circle its leader line runs over (one is let by)
TRIED_SMALL = 3  # how many of a label's smallest options are looked for further out
CLEAR = 0.5  # a place beside its circle costing less (_Placer.clash) is taken: nothing on it, its own circle nearest
LED = 1.0  # a place further out costing less is taken: nothing on it (its leader says whose it is)
NEARER_ANOTHER = 0.25  # a far label's cost when it lies nearer another circle than its own (but not beside it)


class Spot(NamedTuple):
    """Where a label goes: its option's index (in the sizes it was given), its box in px, and
    whether it lies away from its circle (further out than beside it: a leader line joins them,
    :func:`leader`)."""

    choice: int
    box: Box
    away: bool = False


def leader(centre: Point, radius: int, box: Box) -> tuple[Point, Point]:
    """The line joining a circle (``radius`` px round ``centre``) to a ``box`` away from it:
    from the circle's edge to the point of the box nearest the centre, px."""
    end = _nearest(box, centre)
    reach = max(1.0, math.dist(centre, end))
    x, y = centre
    return (round(x + (end[0] - x) * radius / reach), round(y + (end[1] - y) * radius / reach)), end


def place_labels(
    centres: list[Point],
    radius: tuple[int, ...],
    sizes: list[list[tuple[int, int]]],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
    prefer: tuple[tuple[int, Box], ...] = (),
    far: int = RING,
    whole: tuple[int, ...] = (),
) -> list[Spot]:
    """Where each area's label goes (see :func:`_place`; the same picture is placed once)."""
    return list(_place(tuple(centres), radius, tuple(tuple(s) for s in sizes), bounds, keep_out, prefer, far, whole))


@lru_cache(maxsize=64)
def _place(
    centres: tuple[Point, ...],
    radii: tuple[int, ...],
    sizes: tuple[tuple[tuple[int, int], ...], ...],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
    prefer: tuple[tuple[int, Box], ...] = (),
    far: int = RING,
    whole: tuple[int, ...] = (),
) -> tuple[Spot, ...]:
    """Where each area's label goes, never over another label, another area's circle or
    another label's leader line.

    ``sizes[i]`` lists label ``i``'s (width, height) in px in each way it may be drawn, largest
    font first (the caller measures its text, wrapped as it likes); ``whole[i]``, when given, is
    how many of the first are at the font it is read at.  ``radii[i]`` is area ``i``'s circle's;
    ``keep_out`` boxes (the map's heading, an open panel, units beside their circles) take no
    label; ``prefer[i]``, when given, is the (option, box) :func:`settle` made room for.
    First every label whose preferred place is still free takes it (an opened panel moves only
    the names it covers); then the others, crowded areas first, look for a place
    (:meth:`_Placer.find`): beside their circle at the read font, else further out at it with a
    leader line, else smaller.  Failing all, a label takes its least crowded place (the
    text-fit test would show it).
    """
    placer = _Placer(centres, radii, bounds, keep_out)
    order = sorted(range(len(centres)), key=placer.crowding)
    spots: dict[int, Spot] = {}
    for i in order if prefer else ():
        if placer.clash(i, prefer[i][1]) < 1:  # its room kept: taken, even beside a grown circle
            spots[i] = placer.take(i, Spot(*prefer[i]))
    for i in order:
        if i not in spots:
            first = (placer.clash(i, prefer[i][1]), Spot(*prefer[i])) if prefer else None
            spots[i] = placer.take(i, placer.find(i, sizes[i], whole[i] if whole else 0, far, first))
    return tuple(spots[i] for i in range(len(centres)))


Scored = tuple[float, Spot]  # a place's cost (see _Placer.clash) and the place


class _Placer:
    """The labels of one picture placed one by one: what each new one must keep clear of."""

    def __init__(
        self,
        centres: tuple[Point, ...],
        radii: tuple[int, ...],
        bounds: Box,
        keep_out: tuple[Box, ...],
    ) -> None:
        self.centres, self.radii, self.bounds = centres, radii, bounds
        self.taken: list[Box] = list(keep_out)  # the boxes placed so far, and those no label takes
        self.leaders: list[tuple[Point, Point]] = []  # the far labels' lines so far: no label on them
        self.base = min(radii, default=1)
        self.gap = max(1, self.base // 8)  # px between a label and its circle

    def take(self, i: int, spot: Spot) -> Spot:
        """``spot`` taken by area ``i``'s label (with its leader when away from its circle)."""
        self.taken.append(spot.box)
        if spot.away:
            self.leaders.append(leader(self.centres[i], self.radii[i], spot.box))
        return spot

    def crowding(self, i: int) -> int:
        """Minus how many areas lie near area ``i`` (the crowded are placed first)."""
        x, y = self.centres[i]
        return -sum(1 for cx, cy in self.centres if abs(cx - x) < 6 * self.base and abs(cy - y) < 4 * self.base)

    def find(self, i: int, sizes: tuple[tuple[int, int], ...], whole: int, far: int, first: Scored | None) -> Spot:
        """Area ``i``'s label's place: beside its circle at one of its ``whole`` first options (the
        font it is read at), else further out at one of them, up to ``far`` half-radii, with a
        leader; then the same at its smaller options (only the smallest few further out); else
        the least crowded of all those places, ``first`` (its preferred place) foremost."""
        best = first
        smaller = range(whole, len(sizes))
        searches: tuple[tuple[Callable[[], Scored | None], float], ...] = (
            (lambda: self.beside(i, sizes, range(whole)), CLEAR),
            (lambda: self.further(i, sizes, range(whole), far), LED),
            (lambda: self.beside(i, sizes, smaller), CLEAR),
            (lambda: self.further(i, sizes, smaller[-TRIED_SMALL:], far), LED),
        )
        for search, enough in searches:
            found = search()
            if found is not None and (best is None or found[0] < best[0]):
                best = found
            if best is not None and best[0] < enough:
                return best[1]
        assert best is not None, "a label with no options"
        return best[1]

    def beside(self, i: int, sizes: tuple[tuple[int, int], ...], options: range) -> Scored | None:
        """Area ``i``'s label's best place beside its circle at ``options``, the first clear one."""
        best: Scored | None = None
        for choice in options:
            for box in self.candidates(i, *sizes[choice]):
                score = self.clash(i, box)
                if best is None or score < best[0]:
                    best = (score, Spot(choice, box))
                if score == 0:
                    return best
        return best

    def candidates(self, i: int, w: int, h: int) -> list[Box]:
        """The places beside area ``i``'s circle for a label ``w`` x ``h`` px, the best first."""
        (x, y), radius, gap = self.centres[i], self.radii[i], self.gap
        return [
            (x - w // 2, y - radius - gap - h, w, h),
            (x - w // 2, y + radius + gap, w, h),
            (x + radius + gap, y - h // 2, w, h),
            (x - radius - gap - w, y - h // 2, w, h),
            (x + radius + gap, y - radius - h, w, h),
            (x - radius - gap - w, y - radius - h, w, h),
            (x + radius + gap, y + radius, w, h),
            (x - radius - gap - w, y + radius, w, h),
            (x - radius, y + radius + gap, w, h),  # under or over it, running off to one side
            (x + radius - w, y + radius + gap, w, h),
            (x - radius, y - radius - gap - h, w, h),
            (x + radius - w, y - radius - gap - h, w, h),
            (x - w // 2, y - 2 * radius - gap - h, w, h),
            (x - w // 2, y + 2 * radius + gap, w, h),
        ]

    def further(self, i: int, sizes: tuple[tuple[int, int], ...], options: range, far: int) -> Scored | None:
        """Area ``i``'s label's nearest clear place further out at ``options``, up to ``far``
        half-radii from its centre in half-radius steps, then up to :data:`FINE_RING` in finer
        ones; one whose leader line runs over no other circle first, never one through a box
        (:meth:`leader_cost`)."""
        best: Scored | None = None
        half = max(2, self.base // 2)
        for reach, step in ((far * half, half), (min(far, FINE_RING) * half, max(2, self.base // 6))):
            ring = _ring(reach, step)
            for choice in options:
                found = self.nearest_clear(i, sizes[choice], ring, reach)
                if found is not None and (best is None or found[0] < best[0]):
                    best = (found[0], Spot(choice, found[1], away=True))
                if best is not None and best[0] == 0:
                    return best
            if best is not None and best[0] < LED:
                return best
        return best

    def nearest_clear(self, i: int, block: tuple[int, int], ring: tuple[Point, ...], reach: int) -> tuple[float, Box] | None:
        """The least costly of area ``i``'s label's places ``block`` px at the offsets ``ring``
        from its centre (the first clear one), what its leader runs over counted."""
        (x, y), (w, h) = self.centres[i], block
        near = self.near((x - reach - w, y - reach - h, 2 * (reach + w), 2 * (reach + h)))
        best: tuple[float, Box] | None = None
        for dx, dy in ring:
            box = (x + dx - w // 2, y + dy - h // 2, w, h)
            score = self.clash(i, box, near, led=True)
            if score < 1:
                score += self.leader_cost(i, box, near)
            if best is None or score < best[0]:
                best = (score, box)
            if score == 0:
                break
        return best

    def near(self, window: Box) -> tuple[list[Box], list[int], list[tuple[Point, Point]]]:
        """What a label inside ``window`` could meet: the boxes taken, the circles (by area) and
        the leaders in or near it."""
        most = max(self.radii, default=0)
        wide = (window[0] - most, window[1] - most, window[2] + 2 * most, window[3] + 2 * most)
        boxes = [b for b in self.taken if _overlaps(b, window)]
        circles = [j for j, c in enumerate(self.centres) if _gap(wide, c) == 0]
        leaders = [(a, b) for a, b in self.leaders if _crosses(window, a, b)]
        return boxes, circles, leaders

    def clash(
        self, i: int, box: Box, near: tuple[list[Box], list[int], list[tuple[Point, Point]]] | None = None, led: bool = False
    ) -> float:
        """How badly ``box`` fits area ``i``'s label: a collision with a box taken or a leader
        line 1 each, off the map 100; then (weighed only for a place with no collision) 1 for
        each circle it lies on and a half when it sits nearer another area's circle's edge than
        its own (it would read as that area's); for a label ``led`` (a line joins it to its
        circle), a half only when that circle is within half a least radius, else a quarter.
        ``near`` (:meth:`near`) limits what is looked at."""
        boxes, circles, leaders = near if near is not None else (self.taken, range(len(self.centres)), self.leaders)
        score = (0 if self.inside(box) else 100) + sum(_overlaps(box, other) for other in boxes)
        score += sum(_crosses(box, a, b) for a, b in leaders) if score < 1 else 0  # (the lines only where it could go)
        if score >= 1:
            return score + 1  # (the circles and the half not weighed: not a place to take)
        score += sum(_gap(box, self.centres[j]) < self.radii[j] for j in circles)
        if score >= 1:
            return score
        middle = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        nearest = min(
            circles, key=lambda j: _gap(box, self.centres[j]) - self.radii[j] + 1e-3 * math.dist(self.centres[j], middle)
        )
        if nearest == i or not led:
            return score + (0.5 if nearest != i else 0.0)
        # Joined to its circle by a line, it still reads as another's lying right beside that one.
        hugs = _gap(box, self.centres[nearest]) - self.radii[nearest] < self.base // 2
        return score + (0.5 if hugs else NEARER_ANOTHER)

    def leader_cost(self, i: int, box: Box, near: tuple[list[Box], list[int], list[tuple[Point, Point]]]) -> float:
        """What the leader from area ``i``'s circle to ``box`` runs over: 1 for each box taken
        (never a line through words or units), :data:`LEADER_OVER_CIRCLE` for each other circle."""
        start, end = leader(self.centres[i], self.radii[i], box)
        boxes, circles, _leaders = near
        through = sum(_crosses(other, start, end) for other in boxes)
        over = sum(_to_segment(self.centres[j], start, end) < self.radii[j] for j in circles if j != i)
        return through + LEADER_OVER_CIRCLE * over

    def inside(self, box: Box) -> bool:
        bounds = self.bounds
        return (
            box[0] >= bounds[0]
            and box[1] >= bounds[1]
            and box[0] + box[2] <= bounds[0] + bounds[2]
            and box[1] + box[3] <= bounds[1] + bounds[3]
        )


@lru_cache(maxsize=8)
def _ring(reach: int, step: int) -> tuple[Point, ...]:
    """The offsets up to ``reach`` px across and down in ``step`` px steps, nearest first
    (up and down counted double: the map is wider than tall)."""
    offsets = ((dx, dy) for dx in range(-reach, reach + 1, step) for dy in range(-reach, reach + 1, step))
    return tuple(sorted(offsets, key=lambda d: d[0] * d[0] + 4 * d[1] * d[1]))


def _nearest(box: Box, point: Point) -> Point:
    """The point of ``box`` nearest ``point``."""
    return (min(max(point[0], box[0]), box[0] + box[2]), min(max(point[1], box[1]), box[1] + box[3]))


def _to_segment(point: Point, a: Point, b: Point) -> float:
    """How far ``point`` is from the segment ``a``-``b``, px."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length))
    return math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy)


def _crosses(box: Box, a: Point, b: Point) -> bool:
    """Whether the segment ``a``-``b`` runs through ``box`` (touching its edge is not: a leader
    ends on its own label's edge).  Liang-Barsky: the part of the segment inside each pair of
    the box's sides, narrowed in turn."""
    if max(a[0], b[0]) <= box[0] or min(a[0], b[0]) >= box[0] + box[2]:
        return False  # wholly to one side (most are: the cheap test first)
    if max(a[1], b[1]) <= box[1] or min(a[1], b[1]) >= box[1] + box[3]:
        return False
    low, high = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[0] + box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[1] + box[3] - a[1])):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low < high
