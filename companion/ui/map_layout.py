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
