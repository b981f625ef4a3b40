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
from functools import lru_cache

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


def radii(centres: tuple[tuple[int, int], ...], wanted: tuple[int, ...], least: int, gap: int, bounds: Box) -> tuple[int, ...]:
    """Each area's circle radius in px: ``wanted[i]`` (what its units need, at least ``least``),
    but never so large that two circles come nearer than ``gap`` px.  Areas get their smallest
    radius first; then the ones wanting more, most wanting first, grow into the room their
    neighbours leave.  A radius is never below ``least`` unless two centres are nearer than
    ``2 * least + gap`` (then both get half the room); a circle grows no further than the edge
    of ``bounds`` (the map's rectangle)."""
    count = len(centres)
    got = [least] * count
    for i in range(count):
        for j in range(count):
            if i != j:
                got[i] = min(got[i], int((math.dist(centres[i], centres[j]) - gap) // 2))
    for i in sorted(range(count), key=lambda k: -wanted[k]):
        x, y = centres[i]
        edge = min(x - bounds[0], bounds[0] + bounds[2] - x, y - bounds[1], bounds[1] + bounds[3] - y)
        room = min((math.dist(centres[i], centres[j]) - gap - got[j] for j in range(count) if j != i), default=edge)
        room = min(room, edge)
        got[i] = max(got[i], min(wanted[i], int(room)))
    return tuple(got)


def _gap(box: Box, point: tuple[int, int]) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    dx = max(box[0] - point[0], 0, point[0] - box[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[1] - box[3])
    return math.hypot(dx, dy)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def place_labels(
    centres: list[tuple[int, int]],
    radius: tuple[int, ...],
    sizes: list[list[tuple[int, int]]],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
) -> list[tuple[int, Box]]:
    """Where each area's label goes (see :func:`_place`; the same picture is placed once)."""
    return list(_place(tuple(centres), radius, tuple(tuple(s) for s in sizes), bounds, keep_out))


@lru_cache(maxsize=64)
def _place(
    centres: tuple[tuple[int, int], ...],
    radii: tuple[int, ...],
    sizes: tuple[tuple[tuple[int, int], ...], ...],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
) -> tuple[tuple[int, Box], ...]:
    """Where each area's label goes, never over another label or another area's circle.

    ``sizes[i]`` lists label ``i``'s (width, height) at each candidate font, largest first (the
    caller measures its text, wrapped as it likes); the answer is, per area, the chosen font's
    index and the label's box.  Each label tries above, below, right and left of its circle at
    its largest font, then the smaller fonts; crowded areas go first so they get the better
    places.  ``radii[i]`` is area ``i``'s circle's; ``keep_out`` boxes (the map's heading) take
    no label.  A label that fits nowhere takes its least crowded place (the text-fit test would
    show it).
    """
    circles = [(x - r, y - r, 2 * r, 2 * r) for (x, y), r in zip(centres, radii, strict=True)]
    placed: dict[int, tuple[int, Box]] = {}
    taken: list[Box] = list(keep_out)
    base = min(radii, default=1)
    gap = max(1, base // 8)

    def candidates(i: int, w: int, h: int) -> list[Box]:
        x, y = centres[i]
        radius = radii[i]
        return [
            (x - w // 2, y - radius - gap - h, w, h),
            (x - w // 2, y + radius + gap, w, h),
            (x + radius + gap, y - h // 2, w, h),
            (x - radius - gap - w, y - h // 2, w, h),
            (x + radius + gap, y - radius - h, w, h),
            (x - radius - gap - w, y - radius - h, w, h),
            (x + radius + gap, y + radius, w, h),
            (x - radius - gap - w, y + radius, w, h),
            (x - w // 2, y - 2 * radius - gap - h, w, h),
            (x - w // 2, y + 2 * radius + gap, w, h),
        ]

    def inside(box: Box) -> bool:
        return (
            box[0] >= bounds[0]
            and box[1] >= bounds[1]
            and box[0] + box[2] <= bounds[0] + bounds[2]
            and box[1] + box[3] <= bounds[1] + bounds[3]
        )

    def clash(i: int, box: Box) -> float:
        """Collisions (1 each), off the map (100), and a half when the label sits nearer another
        area's circle than its own (it would read as that area's)."""
        score = sum(_overlaps(box, other) for other in [*taken, *circles]) + (0 if inside(box) else 100)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        near = min(range(len(centres)), key=lambda j: _gap(box, centres[j]) + 1e-3 * math.dist(centres[j], (cx, cy)))
        return score + (0.5 if near != i else 0.0)

    def crowding(i: int) -> int:
        x, y = centres[i]
        return -sum(1 for cx, cy in centres if abs(cx - x) < 6 * base and abs(cy - y) < 4 * base)

    for i in sorted(range(len(centres)), key=crowding):
        best: tuple[float, int, Box] | None = None
        for font_index, (w, h) in enumerate(sizes[i]):
            for box in candidates(i, w, h):
                score = clash(i, box)
                if best is None or score < best[0]:
                    best = (score, font_index, box)
                if score == 0:
                    break
            if best is not None and best[0] == 0:
                break
        if best is not None and best[0] >= 1:  # colliding everywhere: search further out, nearest first
            w, h = sizes[i][-1]
            x, y = centres[i]
            step = max(2, base // 2)
            ring = sorted(
                ((dx, dy) for dx in range(-8 * step, 8 * step + 1, step) for dy in range(-8 * step, 8 * step + 1, step)),
                key=lambda d: d[0] * d[0] + 4 * d[1] * d[1],
            )
            for dx, dy in ring:
                box = (x + dx - w // 2, y + dy - h // 2, w, h)
                score = clash(i, box)
                if score < best[0]:
                    best = (score, len(sizes[i]) - 1, box)
                if score == 0:
                    break
        assert best is not None
        placed[i] = (best[1], best[2])
        taken.append(best[2])
    return tuple(placed[i] for i in range(len(centres)))
