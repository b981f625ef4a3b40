"""The map read from the seats (issue 33, section 4): every area's units by kind with light
counts whose ink is at least 3.5 mm on the 7-inch panel, circles that never overlap, areas
that stay put when a side panel opens, the pending decision headed across the map, and the
Earth maps drawn where each area lies on the printed board, the same picture every run (the
areas' names, 2.5 mm, are measured in tests/ui/test_cap_heights.py)."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.maps import load_map
from companion.ui.app import SIZES, App
from companion.ui.map_layout import EARTH, layout
from companion.ui.map_scene import COUNT_SIZES, COUNT_TAG, FILLS, HEADING_TAG, MapScene, units_by_kind
from companion.ui.turn_panel import Local, area_answers
from companion.ui.widgets import BACKGROUND, TEXT, Metrics
from tests.helpers import frame
from tests.ui.cap_height import in_mm, ink_height, least_px
from tests.ui.map_states import play, started, stretches
from tests.ui.text_fit import MAPS

EARTH_MAPS = [name for name in MAPS if name.startswith("earth-")]
ROOT = Path(__file__).resolve().parents[2]


def mapped(app: App) -> MapScene:
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    return scene


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    lin = [(c / 255) / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_circles_never_overlap_and_stay_on_the_map(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """Every playable shipped map, at the start and after 40, 80 and 120 seeded moves, at the
    four sizes: no two circles nearer than a gap, none past the map's edges."""
    checked = 0
    for map_name in MAPS:
        session = started(map_name)
        app = app_on(session, size)
        app.scene_name = "map"
        for moves in stretches(session, 11):
            app.draw()
            scene = mapped(app)
            centres, radii = scene.geometry(session.state)
            body = scene.split(session.state)[0]
            for i, (centre, r) in enumerate(zip(centres, radii, strict=True)):
                assert r >= scene.metrics.px(20), (map_name, moves, i, r)
                assert pygame.Rect(body).contains(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)), (map_name, i)
                for j in range(i):
                    gap = math.dist(centre, centres[j]) - r - radii[j]
                    assert gap >= scene.metrics.px(6) - 1, (map_name, moves, i, j, gap)
            checked += 1
    assert checked == 4 * len(MAPS)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_counts_are_at_least_3_5_mm_and_light_on_dark(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """Every count the map draws (every playable map, four stretches of a seeded game), measured
    on the frame: ink of at least 3.5 mm at 800x480 (19 px); at the other sizes the same font,
    scaled (their panels' sizes are not known), never shrunk or cut; the digits light, on fills
    and a background they contrast with by 7:1 or more."""
    least, inks = least_px(3.5), []
    for map_name in MAPS:
        session = started(map_name, players=4 if 4 in load_map(map_name).players else 0)
        app = app_on(session, size)
        app.scene_name = "map"
        for moves in stretches(session, 5):
            for d in (d for d in frame(app) if d.tag == COUNT_TAG):
                assert d.size == Metrics(*size).px(COUNT_SIZES[0]) and not d.clipped, (map_name, moves, d)
                if size == (800, 480):  # the panel the 3.5 mm are for: measured on the frame
                    inks.append(ink_height(app.window, d, TEXT))
                    assert inks[-1] >= least and (in_mm(inks[-1], size) or 0) >= 3.5, (
                        map_name,
                        moves,
                        d.wanted,
                        d.rect,
                        inks[-1],
                    )
    assert size != (800, 480) or len(inks) > 50  # the seeded games put stacks of two and more on the board
    for fill in (*FILLS.values(), BACKGROUND):
        assert contrast(TEXT, fill) >= 7, fill


def test_a_great_old_one_is_its_own_shape_not_one_more_in_a_count() -> None:
    """Units by kind: an area holding a faction's Great Old One and its Cultists shows the Great
    Old One apart (a diamond) and the Cultists' own count."""
    session = started("earth-4p-53", players=4)
    for _ in stretches(session, 3):
        state = session.state
        for i, area in enumerate(state.areas):
            for owner in {u.owner for u in area.units}:
                goo = area.count(owner=owner, kind=UnitKind.GOO)
                cultists = area.count(owner=owner, kind=UnitKind.CULTIST)
                if goo and cultists:
                    kinds = {kind: count for _, kind, count in units_by_kind(state, i)}
                    assert kinds.get("goo") == goo and kinds.get("cultist") == cultists
                    return
    pytest.fail("no seeded stretch put a Great Old One with its Cultists")


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
def test_the_areas_stay_put_when_a_side_panel_opens(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """An area prompt's list and an area's choices are drawn over the map; no area moves."""
    session = started("earth-6p")  # the Windwalker chooses its start area: an area prompt
    app = app_on(session, size)
    app.scene_name = "map"
    app.draw()
    scene = mapped(app)
    rnd = random.Random(1)
    for _ in range(10):
        if session.state.prompt.kind is PromptKind.START_AREA:
            break
        play(session, 1, rnd)
    app.draw()
    state = session.state
    assert area_answers(state)
    assert scene.answering(state) and scene.split(state)[1].width
    answering = scene.centres(app.view())
    for moves in stretches(session, 2):
        if session.state.prompt.kind is PromptKind.ACTION and moves:
            break
    state = session.state
    assert state.prompt.kind is PromptKind.ACTION
    app.draw()
    closed = scene.centres(app.view())
    scene.panel.handle(state, Local("area", next(i for i, a in enumerate(state.areas) if a.units)))
    app.draw()
    assert scene.choosing(state) and scene.split(state)[1].width
    assert scene.centres(app.view()) == closed == answering


def test_the_pending_decision_is_headed_on_the_map(app_on: Callable[..., App]) -> None:
    """The start-area prompt, then an action turn: the map's heading says it, big."""
    session = started("earth-4p-53", players=4)
    app = app_on(session, (800, 480))
    app.scene_name = "map"
    for moves in stretches(session, 2):
        state = session.state
        headed = [d for d in frame(app) if d.tag == HEADING_TAG]
        expected = mapped(app).heading(state)
        if state.prompt.kind is PromptKind.NONE:
            continue
        assert [d.wanted for d in headed] == [expected], moves
        assert expected and ink_height(app.window, headed[0]) >= least_px(3.5), (moves, expected)


@pytest.mark.parametrize("map_name", EARTH_MAPS)
def test_earth_areas_lie_where_the_printed_board_has_them(map_name: str) -> None:
    """West to east the Americas, the Atlantic, Europe and Africa, Asia, Australia; the Arctic
    on top and Antarctica at the bottom (the map file's areas only: no area is added)."""
    board = load_map(map_name)
    points = dict(zip((a.name for a in board.areas), layout(board), strict=True))
    assert set(points) <= set(EARTH)

    def x(part: str) -> float:
        return max(p[0] for n, p in points.items() if part in n)

    assert x("North America") < points["North Atlantic"][0] < points["Europe"][0] < x("Asia")
    assert points["Antarctica"][1] == max(p[1] for p in points.values())
    assert points["Arctic Ocean"][1] <= 0.1
    assert points["Australia"][0] > points["Indian Ocean"][0] > max(p[0] for n, p in points.items() if "Africa" in n) - 0.1
    assert x("South America") < points["South Atlantic"][0]


def test_the_layouts_are_the_same_every_run() -> None:
    """A fresh interpreter (another hash seed) lays out every shipped map to the same points."""
    script = (
        "import json; from companion.maps import load_map; from companion.ui.map_layout import layout; "
        f"print(json.dumps({{n: layout(load_map(n)) for n in {MAPS!r}}}))"
    )
    env = {"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    theirs = json.loads(out.stdout)
    for name in MAPS:
        assert [list(p) for p in layout(load_map(name))] == theirs[name], name


def test_the_settled_maps_are_the_same_every_run(app_on: Callable[..., App]) -> None:
    """Where each area's circle and name go once the names are made room for (map_layout.settle),
    at 800x480 and in portrait: the same in a fresh interpreter (another hash seed)."""
    script = (
        "import json, pygame; pygame.font.init()\n"
        "from companion.ui.map_scene import MapScene\n"
        "from companion.ui.widgets import Metrics\n"
        "from tests.ui.map_states import started\n"
        f"print(json.dumps({{f'{{n}} {{w}}x{{h}}': MapScene(Metrics(w, h)).settled(started(n).state) "
        f"for n in {MAPS!r} for w, h in ((800, 480), (720, 1280))}}))"
    )
    env = {"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "54321", "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    theirs = json.loads(out.stdout.strip().splitlines()[-1])
    for name in MAPS:
        for w, h in ((800, 480), (720, 1280)):
            session = started(name)
            ours = mapped(app_on(session, (w, h))).settled(session.state)
            assert json.loads(json.dumps(ours)) == theirs[f"{name} {w}x{h}"], (name, w, h)
