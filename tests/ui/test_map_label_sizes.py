"""Map labels never overlap or get cut at any window size, not only the four the table ships
for: every playable map, at start and after a seeded stretch of play (units, gates and marks on
the board), at sizes between and beyond 800x480 and 2560x1440, landscape and portrait; at the
four sizes each label keeps a margin from the screen's edge; and where they go is worked out
once, not every frame."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from companion import demo
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Phase
from companion.engine.mapdef import MapDef
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui import map_scene
from companion.ui.app import SIZES, App
from companion.ui.map_layout import place_labels, settle
from companion.ui.map_scene import LABEL_TAG
from companion.ui.widgets import Metrics
from tests.helpers import frame
from tests.ui.map_states import play, started
from tests.ui.text_fit import MAPS, problems

OTHER_SIZES = [(1024, 768), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (600, 1024), (480, 800)]
FACTIONS = tuple(f for f in Faction if f is not Faction.OTHER)


def map_frames(
    app_on: Callable[..., App], board: MapDef, seats: tuple[c.Seat, ...], size: tuple[int, int], rnd: random.Random
) -> Iterator[tuple[int, list[Any]]]:
    """The map drawn at ``size`` at the start of a seeded game, then after 60 demo moves (units,
    gates and marks on the board): (moves played, what was drawn)."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(board, seats, 3))
    assert isinstance(session, GameSession)
    app = app_on(session, size)
    for moves in (0, 60):
        for _ in range(moves):
            if session.state.phase is Phase.GAME_OVER:
                break
            result = session.submit(demo.choose(session.state, rnd))
            for order in demo.casualties(session.state, getattr(result, "events", ())):
                session.submit(order)
        app.scene_name = "map"
        app.dirty = True
        yield moves, frame(app)


@pytest.mark.parametrize("map_name", MAPS)
def test_map_labels_fit_at_other_sizes(app_on: Callable[..., App], map_name: str) -> None:
    board = load_map(map_name)
    seats = tuple(c.Seat(f) for f in FACTIONS[: min(board.players)])
    found: list[str] = []
    for size in OTHER_SIZES:
        for moves, drawn in map_frames(app_on, board, seats, size, random.Random(7)):
            found += [f"{size} after {moves} moves: {p}" for p in problems(drawn, size)]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_map_labels_keep_a_margin_from_the_screens_edge(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """Every area's label at least a margin in from the screen's edge (docs/screenshots/map-shaggai.png's
    "Spires of Shaggai" touched the right edge), every playable map, at start and with the board
    filled in, at the four sizes."""
    margin = Metrics(*size).margin
    inside = pygame.Rect(0, 0, *size).inflate(-2 * margin, -2 * margin)
    found: list[str] = []
    labels = 0
    for map_name in MAPS:
        board = load_map(map_name)
        seats = tuple(c.Seat(f) for f in FACTIONS[: min(board.players)])
        for moves, everything in map_frames(app_on, board, seats, size, random.Random(5)):
            drawn = [d for d in everything if d.tag == LABEL_TAG]
            labels += len(drawn)
            found += [f"{map_name} after {moves} moves: {d.wanted!r} at {d.rect}" for d in drawn if not inside.contains(d.rect)]
    assert labels
    assert not found, "\n".join(found[:20])


def test_names_are_placed_once_per_state_and_settled_once_per_map_and_size(
    app_on: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame only draws the names: where they go is worked out once per state (frames of the
    same board place nothing), and the map's settled layout once per map and screen size (60
    moves of play, units, Worms and eradications coming and going, settle nothing new)."""
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return place_labels(*args, **kwargs)

    monkeypatch.setattr(map_scene, "place_labels", counted)
    session = started("shaggai-demo")
    app = app_on(session, (800, 480))
    app.scene_name = "map"
    frame(app)
    settled = settle.cache_info().misses
    placed = len(calls)
    assert placed
    for _ in range(3):
        frame(app)
    assert len(calls) == placed  # the same state: nothing placed again
    rnd = random.Random(3)
    for _ in range(6):
        play(session, 10, rnd)
        frame(app)
        frame(app)
    assert len(calls) > placed  # new boards placed (once each)
    assert settle.cache_info().misses == settled
