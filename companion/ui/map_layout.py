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


RING = 12  # half-radii: how far out a label that fits nowhere beside its circle is looked for
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


def place_labels(
    centres: list[tuple[int, int]],
    radius: tuple[int, ...],
    sizes: list[list[tuple[int, int]]],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
    prefer: tuple[tuple[int, Box], ...] = (),
    far: int = RING,
) -> list[tuple[int, Box]]:
    """Where each area's label goes (see :func:`_place`; the same picture is placed once)."""
    return list(_place(tuple(centres), radius, tuple(tuple(s) for s in sizes), bounds, keep_out, prefer, far))


@lru_cache(maxsize=64)
def _place(
    centres: tuple[tuple[int, int], ...],
    radii: tuple[int, ...],
    sizes: tuple[tuple[tuple[int, int], ...], ...],
    bounds: Box,
    keep_out: tuple[Box, ...] = (),
    prefer: tuple[tuple[int, Box], ...] = (),
    far: int = RING,
) -> tuple[tuple[int, Box], ...]:
    """Where each area's label goes, never over another label or another area's circle.

    ``sizes[i]`` lists label ``i``'s (width, height) at each candidate font, largest first (the
    caller measures its text, wrapped as it likes); the answer is, per area, the chosen font's
    index and the label's box.  Each label tries above, below, right and left of its circle at
    its largest font, then the smaller fonts; crowded areas go first so they get the better
    places.  ``radii[i]`` is area ``i``'s circle's; ``keep_out`` boxes (the map's heading) take
    no label; ``prefer[i]``, when given, is the (font index, box) :func:`settle` made room for,
    tried first.  A label that fits nowhere beside its circle is looked for further out, up to
    ``far`` half-radii, in half-radius then finer steps, at its smallest font; failing that it
    takes its least crowded place (the text-fit test would show it).
    """
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
            (x - radius, y + radius + gap, w, h),  # under or over it, running off to one side
            (x + radius - w, y + radius + gap, w, h),
            (x - radius, y - radius - gap - h, w, h),
            (x + radius - w, y - radius - gap - h, w, h),
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
        area's circle's edge than its own (it would read as that area's; weighed only for a
        place with no collision)."""
        score = (0 if inside(box) else 100) + sum(_overlaps(box, other) for other in taken)
        if score >= 1:
            return score + 1  # (the circles and the half not weighed: not a place to take)
        score += sum(_gap(box, centre) < r for centre, r in zip(centres, radii, strict=True))
        if score >= 1:
            return score
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        near = min(range(len(centres)), key=lambda j: _gap(box, centres[j]) - radii[j] + 1e-3 * math.dist(centres[j], (cx, cy)))
        return score + (0.5 if near != i else 0.0)

    def crowding(i: int) -> int:
        x, y = centres[i]
        return -sum(1 for cx, cy in centres if abs(cx - x) < 6 * base and abs(cy - y) < 4 * base)

    for i in sorted(range(len(centres)), key=crowding):
        best: tuple[float, int, Box] | None = None
        if prefer:
            font_index, box = prefer[i]
            score = clash(i, box)
            best = (0.0 if score < 1 else score, font_index, box)  # its room kept: taken, even beside a grown circle
        for font_index, (w, h) in enumerate(sizes[i]):
            if best is not None and best[0] == 0:
                break
            for box in candidates(i, w, h):
                score = clash(i, box)
                if best is None or score < best[0]:
                    best = (score, font_index, box)
                if score == 0:
                    break
            if best is not None and best[0] == 0:
                break
        for step in (max(2, base // 2), max(2, base // 6)):  # colliding everywhere: search further out, then finer
            if best is None or best[0] < 1:
                break
            x, y, reach = *centres[i], far * max(2, base // 2)
            ring = sorted(
                ((dx, dy) for dx in range(-reach, reach + 1, step) for dy in range(-reach, reach + 1, step)),
                key=lambda d: d[0] * d[0] + 4 * d[1] * d[1],
            )
            for font_index in range(len(sizes[i]) - 1, max(-1, len(sizes[i]) - 4), -1):  # the smallest font's breakings
                w, h = sizes[i][font_index]
                for dx, dy in ring:
                    box = (x + dx - w // 2, y + dy - h // 2, w, h)
                    score = clash(i, box)
                    if score < best[0]:
                        best = (score, font_index, box)
                    if score < 1:
                        break
                if best[0] < 1:
                    break
        assert best is not None
        placed[i] = (best[1], best[2])
        taken.append(best[2])
    return tuple(placed[i] for i in range(len(centres)))
