"""An area's name is read from the seats at 27 px wherever the map is crowded: with no free place
beside its circle it goes further out at that size, joined to its circle by a line, rather than
shrinking (Earth-6p with the side panel open drew "Arctic Ocean" at 15 px and "South America
East" at 22); and a name the map had room for keeps its place when the panel moves another."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from companion.ui.app import App
from companion.ui.map_layout import leader, place_labels
from companion.ui.map_scene import LABEL_TAG, MapScene
from companion.ui.widgets import BUTTON_EDGE, SEATS_FLOOR
from tests.helpers import frame
from tests.ui import text_fit
from tests.ui.seated import SEATS

SIZE = (800, 480)
Box = tuple[int, int, int, int]
Point = tuple[int, int]


def on_edge(point: Point, box: Box) -> bool:
    """Whether ``point`` lies on the border of ``box`` (within a px)."""
    x, y = point
    inside = box[0] - 1 <= x <= box[0] + box[2] + 1 and box[1] - 1 <= y <= box[1] + box[3] + 1
    edges = (abs(x - box[0]), abs(x - box[0] - box[2]), abs(y - box[1]), abs(y - box[1] - box[3]))
    return inside and min(edges) <= 1


def to_segment(point: Point, a: Point, b: Point) -> float:
    """How far ``point`` is from the segment ``a``-``b``, px."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / max(1, dx * dx + dy * dy)))
    return math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy)


def gap(box: Box, point: Point) -> float:
    """How far ``point`` is from ``box`` (0 inside it), px."""
    dx = max(box[0] - point[0], 0, point[0] - box[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[1] - box[3])
    return math.hypot(dx, dy)


def test_earth_6p_with_the_panel_open_reads_every_name_at_27_px_each_far_one_joined_to_its_circle(
    app_on: Callable[..., App],
) -> None:
    """The seats' walk's Earth-6p action turn with an area's choices open over the map's right
    half: every name at 27 px; each name not beside its own circle has a line drawn from its
    circle's edge to its box, through no other circle or name."""
    app = text_fit.game(app_on, "earth-6p", SIZE, SEATS)
    frames, leaders = 0, 0
    for name in text_fit.screens(app):
        if not name.startswith("map: "):
            continue
        drawn = frame(app)
        scene = app.scenes["map"]
        assert isinstance(scene, MapScene) and scene.state is not None
        state, frames = scene.state, frames + 1
        assert scene.split(state)[1].width, "the panel is open"
        small = [(d.wanted, d.size) for d in drawn if d.tag == LABEL_TAG and d.shown and d.size < SEATS_FLOOR]
        assert any(d.tag == LABEL_TAG for d in drawn) and not small, f"{name}: {small}"
        plan, (centres, radii) = scene.label_plan(state), scene.geometry(state)
        shown = [i for i, (_words, box) in enumerate(plan.labels) if not scene.hidden(state, i, box)]
        for i in shown:
            box, centre, r = plan.labels[i][1], centres[i], radii[i]
            if i not in plan.leaders:  # beside its circle: no further than a radius past its edge
                assert gap(box, centre) - r <= r + r // 8 + 1, f"{name}: {state.area_name(i)} {box} off its circle"
                continue
            leaders += 1
            start, end = plan.leaders[i]
            assert abs(math.dist(start, centre) - r) <= 1 and on_edge(end, box), (state.area_name(i), start, end, box)
            middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
            assert app.window.get_at(middle)[:3] == BUTTON_EDGE, "the line is drawn"
            for j in shown:
                if j != i:
                    assert to_segment(centres[j], start, end) >= radii[j], (
                        f"{state.area_name(i)}'s line over {state.area_name(j)}"
                    )
                    assert not pygame.Rect(plan.labels[j][1]).clipline(start, end), f"{state.area_name(i)}'s line over a name"
    assert frames and leaders  # the walk opened the panel, and a name went out at 27 px


def ring_of_circles() -> tuple[list[Point], tuple[int, ...]]:
    """An area hemmed in by eight others 70 px off (gaps of 10 to 18 px between circles of 26)."""
    centre = (400, 240)
    around = [(round(400 + 70 * math.cos(a * math.pi / 4)), round(240 + 70 * math.sin(a * math.pi / 4))) for a in range(8)]
    return [centre, *around], (26,) * 9


def test_a_name_with_no_room_beside_its_circle_goes_further_out_whole_with_a_line_through_no_circle() -> None:
    centres, radii = ring_of_circles()
    big, small = (120, 30), (30, 12)  # the read size; a size that would fit between the circles
    sizes = [[big, small], *([[(20, 10)]] * 8)]
    spots = place_labels(centres, radii, sizes, (0, 0, 800, 480), whole=(1, *([1] * 8)))
    spot = spots[0]
    assert spot.choice == 0 and spot.away  # whole, not shrunk
    start, end = leader(centres[0], radii[0], spot.box)
    assert abs(math.dist(start, centres[0]) - radii[0]) <= 1 and on_edge(end, spot.box)
    for j, (centre, r) in enumerate(zip(centres, radii, strict=True)):
        assert gap(spot.box, centre) >= r  # on no circle
        if j:
            assert to_segment(centre, start, end) >= r  # its line past the others
            assert not spots[j].away and not pygame.Rect(spots[j].box).colliderect(spot.box)
            assert not pygame.Rect(spots[j].box).clipline(start, end)


def test_the_smaller_size_only_when_nothing_at_the_read_size_is_free_anywhere_near() -> None:
    centres, radii = ring_of_circles()
    sizes = [[(500, 300), (30, 12)], *([[(20, 10)]] * 8)]  # the read size fits nowhere on the map
    spot = place_labels(centres, radii, sizes, (0, 0, 800, 480), whole=(1, *([1] * 8)))[0]
    assert spot.choice == 1


def test_a_name_keeps_the_place_made_for_it_when_the_panel_moves_another() -> None:
    """Area 0's place below its circle is under the panel; its next place, above, is on area 1's.
    Area 0 is the more crowded (placed first), yet area 1 keeps its place and area 0 goes elsewhere."""
    centres = [(100, 200), (100, 115), (40, 260), (30, 200)]
    radii = (20,) * 4
    sizes = [[(60, 20)], [(60, 20)], [(20, 10)], [(20, 10)]]
    panel = (80, 220, 100, 60)
    prefer = ((0, (70, 222, 60, 20)), (0, (70, 150, 60, 20)), (0, (30, 282, 20, 10)), (0, (20, 168, 20, 10)))
    spots = place_labels(centres, radii, sizes, (0, 0, 400, 400), (panel,), prefer, whole=(1, 1, 1, 1))
    assert spots[1].box == prefer[1][1]
    assert [spot.box for spot in spots[2:]] == [box for _, box in prefer[2:]]
    assert not pygame.Rect(spots[0].box).colliderect(panel) and not pygame.Rect(spots[0].box).colliderect(prefer[1][1])
