"""Where to draw each area: a deterministic force-directed layout of the map's adjacency.

Map files carry no coordinates (the printed boards' art is not ours to copy), so the screen lays
the graph out itself: neighbours pull together, all areas push apart, oceans and lands start on
two rings.  The same map always gives the same picture.
"""

from __future__ import annotations

import math
from functools import lru_cache

from companion.engine.mapdef import MapDef

ITERATIONS = 300


@lru_cache(maxsize=16)
def layout(board: MapDef) -> tuple[tuple[float, float], ...]:
    """Each area's position in the unit square [0, 1] x [0, 1], in map order."""
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


Box = tuple[int, int, int, int]  # x, y, width, height


def _gap(box: Box, point: tuple[int, int]) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    dx = max(box[0] - point[0], 0, point[0] - box[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[1] - box[3])
    return math.hypot(dx, dy)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def place_labels(
    centres: list[tuple[int, int]],
    radius: int,
    sizes: list[list[tuple[int, int]]],
    bounds: Box,
) -> list[tuple[int, Box]]:
    """Where each area's label goes (see :func:`_place`; the same picture is placed once)."""
    return list(_place(tuple(centres), radius, tuple(tuple(s) for s in sizes), bounds))


@lru_cache(maxsize=64)
def _place(
    centres: tuple[tuple[int, int], ...],
    radius: int,
    sizes: tuple[tuple[tuple[int, int], ...], ...],
    bounds: Box,
) -> tuple[tuple[int, Box], ...]:
    """Where each area's label goes, never over another label or another area's circle.

    ``sizes[i]`` lists label ``i``'s (width, height) at each candidate font, largest first (the
    caller measures its text, wrapped as it likes); the answer is, per area, the chosen font's
    index and the label's box.  Each label tries above, below, right and left of its circle at
    its largest font, then the smaller fonts; crowded areas go first so they get the better
    places.  A label that fits nowhere takes its least crowded place (the text-fit test would
    show it).
    """
    circles = [(x - radius, y - radius, 2 * radius, 2 * radius) for x, y in centres]
    placed: dict[int, tuple[int, Box]] = {}
    taken: list[Box] = []
    gap = max(1, radius // 8)

    def candidates(i: int, w: int, h: int) -> list[Box]:
        x, y = centres[i]
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
        return -sum(1 for cx, cy in centres if abs(cx - x) < 6 * radius and abs(cy - y) < 4 * radius)

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
            step = max(2, radius // 2)
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
