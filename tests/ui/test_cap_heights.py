"""Cap heights of what is read from the seats, measured on rendered frames at the four sizes
(issue 33, section 4): the ink of a line's first capital or digit, in px, and in mm on the 7-inch
panels (0.194 mm a px at 800x480, 0.151 at 1024x600).  The table in an action turn of a seeded
4-player Earth game (and its Detail screen, its map, the Arkham table), each item by the tag its
drawing gives it.  A target met is asserted (in mm at 800x480; at the other sizes as the
800x480 design scaled); one not met is a strict xfail naming its measured figure,
so the run fails the day it is met and docs/ui.md ("Readable from the seats") is brought up to
date.  ``-s`` prints every figure."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bench.taps import tap_area as tap_index
from companion import demo
from companion.arkham_demo import demo_setup
from companion.engine.arkham.model import Mythos
from companion.engine.cthulhu.model import PromptKind
from companion.session import ArkhamSession, GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.log_scene import LINE_TAG as LOG_LINE
from companion.ui.map_scene import COUNT_TAG, HEADING_TAG, LABEL_TAG, MapScene
from companion.ui.turn_panel import Local
from companion.ui.widgets import TEXT
from tests.helpers import frame, tap
from tests.ui.cap_height import cap_char, in_mm, ink_height, least_px
from tests.ui.map_states import play, started
from tests.ui.text_fit import MAPS

TARGETS = {  # mm of ink at 800x480
    "whose turn": 5.0,
    "the prompt's headline": 5.0,
    "Power, Doom, Signs, Books": 5.0,
    "faction names": 3.5,
    "a name on its out-of-turn button": 3.5,
    "the last action": 3.5,
    "round and phase": 2.5,
    "column headings": 2.5,
    "Doom track digits": 2.5,
    "ritual costs": 2.5,
    "button labels": 2.5,
    "the Watcher's and Worms' lines (Detail)": 2.5,
    "the navigation bar": 2.5,
    "the map's counts": 3.5,
    "the map's area names": 2.5,
    "the map's heading, an area's panel open": 2.5,
    "button labels on the map's side panel": 2.5,
    "the log's lines": 2.5,
    "the Mythos card (Arkham's log lines)": 3.5,
    "Arkham's Doom": 3.5,
    "Arkham's Terror": 3.5,
}
TAGS = {  # the table's items by the tag of their drawing (companion/ui/table_scene.py)
    "whose turn": "whose turn",
    "headline": "the prompt's headline",
    "counter": "Power, Doom, Signs, Books",
    "name": "faction names",
    "last": "the last action",
    "round": "round and phase",
    "heading": "column headings",
    "doom track": "Doom track digits",
    "ritual": "ritual costs",
}
MEASURED: dict[tuple[int, int], dict[str, list[int]]] = {}  # by size: each item's ink heights in px


def measured(app_on: Callable[..., App], size: tuple[int, int]) -> dict[str, list[int]]:
    """Every item's ink heights (px) on the frames at ``size``, measured once a size."""
    if size not in MEASURED:
        found: dict[str, list[int]] = {name: [] for name in TARGETS}
        table_items(app_on, size, found)
        detail_items(app_on, size, found)
        outsider_items(app_on, size, found)
        arkham_items(app_on, size, found)
        map_name_items(app_on, size, found)
        MEASURED[size] = found
        for name, inks in found.items():
            mm = in_mm(min(inks), size) if inks else None
            print(f"{size[0]}x{size[1]} {name}: least {min(inks, default=0)} px" + (f" = {mm} mm" if mm else ""))
    return MEASURED[size]


def table_items(app_on: Callable[..., App], size: tuple[int, int], found: dict[str, list[int]]) -> None:
    """The table in an action turn of round 3 (an out-of-turn name's button included), and its map."""
    session = started("earth-4p-53", players=4)
    rnd = random.Random(7)
    while not (session.state.round >= 3 and session.state.prompt.kind is PromptKind.ACTION):
        result = session.submit(demo.choose(session.state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    app = app_on(session, size)
    app.scene_name = "map"
    found["the map's counts"] = [ink_height(app.window, d, TEXT) for d in frame(app) if d.tag == COUNT_TAG]
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    moving = "Move units from here..."
    acting = next(i for i in range(len(session.state.areas)) if moving in dict(scene.panel.area_choices(session.state, i)))
    tap_index(app, acting)  # the area's panel opens beside the map: the heading says what it is for
    assert scene.split(session.state)[1].width
    drawn, side = frame(app), scene.split(session.state)[1]
    found["the map's heading, an area's panel open"] = [ink_height(app.window, d) for d in drawn if d.tag == HEADING_TAG]
    labels = [ink_height(app.window, d) for d in drawn if d.box is not None and side.contains(d.box)]
    found["button labels on the map's side panel"] = [ink for ink in labels if ink]
    tap(app, moving)  # the Move composer: units, destinations, "+ group"
    drawn = frame(app)
    found["button labels on the map's side panel"] += [
        ink for d in drawn if d.box is not None and side.contains(d.box) and (ink := ink_height(app.window, d))
    ]
    tap(app, "Back")
    tap(app, "Back")  # closed: the table below is measured as it was
    assert not scene.split(session.state)[1].width
    app.scene_name = "log"
    log_lines = [d for d in frame(app) if d.tag == LOG_LINE and cap_char(d.shown) == 0]  # (a wrapped line's rest: "(now 2).")
    found["the log's lines"] = [ink_height(app.window, d) for d in log_lines]
    app.scene_name = "table"
    lines = frame(app)
    scene = app.scenes["table"]
    nav = [b.rect for b in scene.nav]  # type: ignore[attr-defined]
    names = [b.rect for b in scene.buttons if isinstance(b.intent, Local) and b.intent.what == "outsider"]
    for d in lines:
        ink = ink_height(app.window, d)
        if not ink:
            continue  # no capital or digit ("me")
        if d.tag in TAGS:
            found[TAGS[d.tag]].append(ink)
        elif d.box is not None and d.box in nav:
            found["the navigation bar"].append(ink)
        elif d.box is not None and d.box in names:
            found["a name on its out-of-turn button"].append(ink)
        elif d.box is not None:
            found["button labels"].append(ink)


def detail_items(app_on: Callable[..., App], size: tuple[int, int], found: dict[str, list[int]]) -> None:
    """The Detail screen's Watcher's line (Yuggoth) and Worms' lines (Shaggai)."""
    for map_name, seed, word in (("yuggoth-demo", 3, "Watcher"), ("shaggai-demo", 5, "Worm")):
        session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(seed, map_name, 4).command())
        assert isinstance(session, GameSession)
        rnd = random.Random(seed)
        app = app_on(session, size)
        app.scene_name = "detail"
        for _ in range(400):
            lines = [d for d in frame(app) if d.tag == "detail" and word in d.wanted]
            if lines:
                found["the Watcher's and Worms' lines (Detail)"] += [ink_height(app.window, d) for d in lines]
                break
            result = session.submit(demo.choose(session.state, rnd))
            for order in demo.casualties(session.state, getattr(result, "events", ())):
                session.submit(order)
            app.state = session.state
        else:
            raise AssertionError(f"no {word} line on the Detail screen")


def outsider_items(app_on: Callable[..., App], size: tuple[int, int], found: dict[str, list[int]]) -> None:
    """A player's name on their out-of-turn button (Great Cthulhu's Devolve, in the Yuggoth demo)."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(3, "yuggoth-demo", 4).command())
    assert isinstance(session, GameSession)
    rnd, app = random.Random(3), app_on(session, size)
    app.scene_name = "table"
    for _ in range(400):
        lines = frame(app)
        names = [b.rect for b in app.scenes["table"].buttons if isinstance(b.intent, Local) and b.intent.what == "outsider"]
        inks = [ink_height(app.window, d) for d in lines if d.box is not None and d.box in names]
        if any(inks):
            found["a name on its out-of-turn button"] += [ink for ink in inks if ink]
            return
        result = session.submit(demo.choose(session.state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
        app.state = session.state
    raise AssertionError("no out-of-turn control on the table")


def arkham_items(app_on: Callable[..., App], size: tuple[int, int], found: dict[str, list[int]]) -> None:
    """The Arkham table after five Mythos Phases: Doom, Terror and the Mythos card drawn."""
    arkham = ArkhamSession.start(SqliteJournal(":memory:"), "a", demo_setup(11, 4))
    assert isinstance(arkham, ArkhamSession)
    for _ in range(5):
        arkham.submit(Mythos())
    app = app_on(arkham, size)
    app.scene_name = "arkham"
    for d in frame(app):
        ink = ink_height(app.window, d)
        if d.tag in ("doom", "terror"):
            found[f"Arkham's {d.tag.title()}"].append(ink)
        elif d.tag == "mythos" and ink:  # the card just drawn (tests/ui/test_arkham_cap_heights.py: the rest of the screen)
            found["the Mythos card (Arkham's log lines)"].append(ink)


def map_name_items(app_on: Callable[..., App], size: tuple[int, int], found: dict[str, list[int]]) -> None:
    """Every area's name (and its marks' line) on every playable map, at the start of a game
    (the first frame with no side panel open: Earth-6p opens with the Windwalker's start-area
    list) and after 60 seeded demo moves: the lines that begin with a capital or digit (every
    name's first; a name's lines share one size)."""
    for map_name in MAPS:
        session = started(map_name)
        app = app_on(session, size)
        app.scene_name = "map"
        scene = app.scenes["map"]
        assert isinstance(scene, MapScene)
        rnd, played = random.Random(7), 0
        for moves in (0, 60):
            play(session, moves - played, rnd)
            played = moves
            while scene.split(session.state)[1].width and played < moves + 20:
                play(session, 1, rnd)  # the panel open: on to the first frame without it
                played += 1
            assert not scene.split(session.state)[1].width, (map_name, played)
            for d in frame(app):
                if d.tag == LABEL_TAG and cap_char(d.shown) == 0:
                    found["the map's area names"].append(ink_height(app.window, d))


def meets(name: str, ink: int, size: tuple[int, int]) -> bool:
    """Whether ``ink`` px meets the item's target: in mm at 800x480 (the targets' panel), else
    as the 800x480 target scaled by the screen's unit (less 2 px of rounding: the design scaled)."""
    if size == (800, 480):
        return ink * 0.194 >= TARGETS[name]
    unit = min(size) / 480
    return ink >= round(least_px(TARGETS[name]) * unit) - 2


# Not met at a size, with the figure measured there (an item not met at 800x480 is listed at each
# size it fails).
UNMET_AT: dict[tuple[str, tuple[int, int]], str] = {}


def _met() -> list[Any]:
    """(size, item) for every item at each size: an item not met there (UNMET_AT) a strict xfail."""
    return [
        pytest.param(
            size,
            name,
            id=f"{label}-{name}",
            marks=[pytest.mark.xfail(strict=True, reason=f"measured {UNMET_AT[name, size]}")] if (name, size) in UNMET_AT else [],
        )
        for label, size in SIZES.items()
        for name in TARGETS
    ]


@pytest.mark.parametrize(("size", "name"), _met())
def test_read_from_the_seats(app_on: Callable[..., App], size: tuple[int, int], name: str) -> None:
    inks = measured(app_on, size)[name]
    assert inks, f"{name}: not found on the frames at {size}"
    assert meets(name, min(inks), size), (name, min(inks), in_mm(min(inks), size))
