"""Every line of every screen at 800x480 is read from the seats: 27 px type or larger (13 px of
ink = 2.52 mm on a 7-inch panel), issue 33's "nothing the table needs under 2.5 mm".

The screens are walked as the fit tests walk them (tests/ui/text_fit.py, screens_fit.py,
corrections_scene.py, arkham_fit.py), with real factions' names, plus the log with its filters,
the Games page, a finished game's story and the prompts of a seeded game to its end.  Each line
drawn is put in a group (the screen, and what the line is); a group's smallest line is its figure.
A screen read by one person leaning in (``Scene.up_close``: a faction's sheets, the details, the
map builder, the demo's LED panel) is held to no floor.  Every group is met: one under the floor
fails, with its figure (NOT_YET would let one through, naming it; none is listed).  Section 4's
3.5 mm for the faction names and the last action is held on the same walk."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Iterator

import pygame
import pytest

from companion import demo
from companion.engine.arkham import model as am
from companion.engine.cthulhu.model import Phase
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.arkham_scene import ArkhamScene
from companion.ui.corrections_scene import KINDS, CorrectionsScene
from companion.ui.scene import Go
from companion.ui.table_scene import TableScene, last_line
from tests.helpers import frame
from tests.ui import screens_fit, text_fit
from tests.ui.arkham_corrections import SEATS as ARKHAM_SEATS
from tests.ui.arkham_corrections import page, steps
from tests.ui.arkham_fit import LOG, crowded, menus
from tests.ui.seated import NAMED_LEAST, SEATS, SIZE, build, cthulhu
from tests.ui.text_fit import table_of

FLOOR = text_fit.floor(SIZE)
MAPS = ("earth-4p-35", "earth-5p", "earth-6p", "yuggoth-demo", "shaggai-demo", "primeval-demo")


def drawn(app: App) -> list[widgets.Drawn]:
    """Every line a full redraw of ``app`` draws."""
    app.draw()  # the buttons follow the state just set
    return frame(app)


def game_screens() -> Iterator[App]:
    for map_name in MAPS:
        app = cthulhu(map_name)
        for name in text_fit.screens(app):
            yield app
            if name.startswith("set-up"):  # the set-up prompt on the map too (the start area, answered there)
                app.scene_name = "map"
                yield app
        app.close()


def whole_game() -> Iterator[App]:
    """The table and the map at the first of each kind of prompt in each round of a seeded game."""
    app = cthulhu("yuggoth-demo", SEATS[:4])
    session, rnd, seen = table_of(app).session, random.Random(4), set()
    for _ in range(3000):
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        key = (state.round, state.prompt.kind)
        if key not in seen:
            seen.add(key)
            for name in ("table", "map"):
                app.scene_name = name
                yield app
        result = session.submit(demo.choose(state, rnd))
        for order in demo.casualties(session.state, getattr(result, "events", ())):
            session.submit(order)
    app.close()


def around_the_game() -> Iterator[App]:
    app = cthulhu("earth-3p", SEATS[:3])
    app.client.list_games()
    for _ in screens_fit.screens(app):
        yield app
    app.scene_name = "log"
    yield app
    for player in table_of(app).session.state.players:
        scene = app.scenes["log"]
        scene.update(app.view())
        filters = [b for b in scene.buttons if b.label == player.label]
        if filters:
            app.do(filters[0].intent)
            yield app
    app.do(Go("games"))
    yield app
    app.close()


def fix_pages() -> Iterator[App]:
    app = cthulhu("earth-3p", SEATS[:3])
    app.scene_name = "fix"
    yield app
    fix = app.scenes["fix"]
    assert isinstance(fix, CorrectionsScene)
    state = table_of(app).session.state
    for name, kind in KINDS.items():
        if not kind.available(state):
            continue
        opened = fix.open(name).draft
        fix.draft = opened
        yield app
        for row in kind.rows(state, opened):
            if row.kind == "choose":
                fix.draft = dataclasses.replace(opened, chooser=row.field)
                yield app
    app.scene_name, app.area = "area", 0
    yield app
    app.close()


def arkham() -> Iterator[App]:
    seats = tuple(am.Seated(f"Seat {n}", "Woods", 1) for n in range(5))
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", am.NewArkhamGame("Cthulhu", seats, seed=5))
    assert isinstance(session, ArkhamSession)
    app = build(session)
    table_of(app).session.state = crowded(session.state, 5, 4)
    app.state, app.log = table_of(app).session.state, list(LOG)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    for menu in menus(app.state):
        scene.menu = menu
        yield app
    app.close()


def arkham_fix() -> Iterator[App]:
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", am.NewArkhamGame("Cthulhu", ARKHAM_SEATS, seed=5))
    assert isinstance(session, ArkhamSession)
    app = build(session)
    app.scene_name = "arkham_fix"
    for draft in steps(table_of(app).session.state):
        page(app).draft = draft
        yield app
    app.close()


def group(app: App, line: widgets.Drawn) -> str:
    """The screen and what the line is: "table: name", "map: button labels"."""
    what = line.tag or ("button labels" if line.box is not None else "lines")
    return f"{app.scene_name}: {what}"


def survey() -> dict[str, list[widgets.Drawn]]:
    found: dict[str, list[widgets.Drawn]] = defaultdict(list)
    for walk in (game_screens, whole_game, around_the_game, fix_pages, arkham, arkham_fix):
        for app in walk():
            for line in drawn(app):
                if line.shown and not line.up_close:
                    found[group(app, line)].append(line)
    pygame.quit()
    return found


# Groups whose smallest line is under the floor today, each with its figure (px of type at 800x480):
# none now (the last, the map's area labels, met at this commit).  A group listed is let through.
NOT_YET: dict[str, str] = {}


@pytest.fixture(scope="module")
def seen() -> dict[str, list[widgets.Drawn]]:
    return survey()


def smallest(lines: list[widgets.Drawn]) -> str:
    least = min(lines, key=lambda d: d.size)
    return f"{least.size} px: {least.wanted!r}"


def test_every_line_of_every_screen_is_read_from_the_seats(seen: dict[str, list[widgets.Drawn]]) -> None:
    for name, lines in sorted(seen.items()):  # (-s prints each group's figure for docs/ui.md)
        under = sum(d.size < FLOOR for d in lines)
        print(f"{name}: {len(lines)} lines, the smallest {min(d.size for d in lines)} px, {under} under {FLOOR} px")
    small = {name: smallest(lines) for name, lines in seen.items() if name not in NOT_YET and min(d.size for d in lines) < FLOOR}
    assert not small, "\n".join(f"{name}: {least}" for name, least in sorted(small.items()))
    assert len(seen) > 30  # the walk saw the screens
    assert set(NOT_YET) <= set(seen), set(NOT_YET) - set(seen)  # a group gone is taken off the list


# Section 4's larger targets on the same walk: the faction names and the last action at 3.5 mm,
# 19 px of ink: 37 px type (34 px bold inks 18 px = 3.49 mm).
NAMED = ("table: name", "table: last")


@pytest.mark.parametrize("name", NAMED)
def test_the_faction_names_and_the_last_action_read_at_3_5_mm(seen: dict[str, list[widgets.Drawn]], name: str) -> None:
    """Every player count on the walk, six players on Earth-6p with the longest names among them;
    a last action too long for its room is cut ("…"), not drawn smaller (test_last_action_read.py)."""
    assert min(d.size for d in seen[name]) >= NAMED_LEAST, f"{name}: {smallest(seen[name])}"


def test_the_last_action_is_left_to_details_only_where_no_line_at_3_5_mm_fits() -> None:
    """Held at 37 px, the last action could vanish instead: on the walk's table screens that have
    one, it is drawn on all but those where an area's choices take the screen, and one (four
    players' direction of play: 320 px beside the rows hold no three words at 37 px).  Before
    the cut and the three players' wide status, 47 of 106 left it to Details."""
    shown = left = 0
    for walk in (game_screens, whole_game):
        for app in walk():
            scene = app.scenes["table"]
            if app.scene_name != "table" or not last_line(app.view()):
                continue
            drawn_last = [line for line in drawn(app) if line.tag == "last"]
            if isinstance(scene, TableScene) and scene.shape(app.view()) == "composing":
                continue  # (an area's choices take the whole screen)
            shown, left = shown + bool(drawn_last), left + (not drawn_last)
    pygame.quit()
    assert left <= 1 and shown >= 90, (shown, left)
