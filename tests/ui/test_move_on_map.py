"""A Move's destination tapped on the map (issue 33, section 5): with the Move composer open
beside the map, every area the units picked may go to is ringed and a tap on it sends the same
command as the composer's "-> Area" button (journaled with its tap's input id); a tap on an area
that is no destination says why in the map's heading and changes nothing.  And the composer's
counts: units already in a group of the Move being gathered are not offered again."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from companion.engine import Accepted, Rejected, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, UnitKind
from companion.ui.app import App
from companion.ui.map_scene import HEADING_ROOM, HEADING_TAG, MapScene
from companion.ui.scene import Submit
from companion.ui.turn_panel import Local
from companion.ui.widgets import ACCENT
from tests.helpers import frame, table_of, tap, tap_area
from tests.ui.taps import GC
from tests.ui.taps import great_cthulhus_turn as earth_3p

RING_POINTS = 24  # points looked at round an area's circle, where the map draws its ring


def great_cthulhus_turn(app_on: Callable[..., App]) -> App:
    """Earth (3 players), the abilities on: Great Cthulhu (six Acolytes in the South Pacific, 8
    Power) acts; the table screen in view."""
    app, _table = earth_3p(app_on, Options(abilities=True))
    app.scene_name = "table"
    return app


def heading(app: App) -> str:
    """The map's heading as drawn (its line, or its lines in the strip across the map's top)."""
    m = mapped(app).metrics
    lines = frame(app)
    tagged = [d.wanted for d in lines if d.tag == HEADING_TAG]
    return " ".join(tagged or [d.wanted for d in lines if d.rect.bottom <= m.px(HEADING_ROOM) + m.px(4)])


def mapped(app: App) -> MapScene:
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    return scene


def composing_on_the_map(app: App, area: str = "South Pacific") -> None:
    """The map in view, ``area`` tapped and its "Move units from here..." (one unit picked)."""
    tap_area(app, area)
    tap(app, "Move units from here...")


def tap_circle(app: App, area: str) -> None:
    """A finger on ``area``'s circle on the map (it must take the tap: not under the panel)."""
    state = app.view().state
    index = state.board.area_index(area)
    assert index is not None
    scene = mapped(app)
    app.draw()
    centre = scene.centres(app.view())[index]
    assert any(b.enabled and b.hit(centre) and not b.label for b in scene.buttons), f"{area} takes no tap"
    app.tap(centre)
    app.draw()


def last_entry(app: App) -> tuple[dict[str, Any], str]:
    """The journal's last command (as data) and the input that made it."""
    entry = table_of(app).session.journal.last("g")
    assert entry is not None
    data: dict[str, Any] = json.loads(entry.command)
    return data, entry.input


def ringed(app: App, area: int) -> bool:
    """Whether area ``area``'s circle has the map's ring round it, drawn now (most of the points
    round it in the ring's colour; a label may cover a few)."""
    scene = mapped(app)
    app.dirty = True
    app.draw()
    centres, radii = scene.geometry(app.view().state)  # (the map's ring: 3 px at unit 1 outside the circle)
    (x, y), r = centres[area], radii[area] + scene.metrics.px(3)
    points = [
        (x + r * math.cos(2 * math.pi * n / RING_POINTS), y + r * math.sin(2 * math.pi * n / RING_POINTS))
        for n in range(RING_POINTS)
    ]
    lit = sum(tuple(app.window.get_at((round(px), round(py))))[:3] == ACCENT for px, py in points)
    return lit >= RING_POINTS // 3


def test_a_move_is_entered_by_tapping_its_destination_on_the_map(app_on: Callable[..., App]) -> None:
    """The area, "Move units from here...", the destination's circle: three taps on the map, the
    command the list's "-> North Pacific" sends (entered on another App by the table's list)."""
    listed = great_cthulhus_turn(app_on)
    tap(listed, "South Pacific")
    tap(listed, "Move units from here...")
    tap(listed, "-> North Pacific")
    by_list, list_input = last_entry(listed)

    app = great_cthulhus_turn(app_on)
    seq = table_of(app).session.seq
    composing_on_the_map(app)
    tap_circle(app, "North Pacific")
    assert table_of(app).session.seq == seq + 1
    by_map, map_input = last_entry(app)
    assert by_map == by_list
    assert by_map["groups"] == [
        {"area": "South Pacific", "to": "North Pacific", "kind": "cultist", "name": "Acolyte", "count": 1}
    ]
    assert map_input.startswith("tap:") and list_input.startswith("tap:") and map_input != list_input


def test_every_destination_on_the_map_is_ringed_and_sends_the_lists_command(app_on: Callable[..., App]) -> None:
    """Each area whose circle takes a tap while the composer is open: a destination (ringed, its
    tap the very intent of its "-> Area" button, a Move the engine takes) or not (no ring)."""
    app = great_cthulhus_turn(app_on)
    composing_on_the_map(app)
    state, scene = app.view().state, mapped(app)
    buttons = scene.buttons
    listed = {b.label.removeprefix("-> "): b.intent for b in buttons if b.label.startswith("-> ")}
    circles = {scene.centres(app.view()).index(b.rect.center): b.intent for b in buttons if not b.label}
    going = {i: intent for i, intent in circles.items() if isinstance(intent, Submit)}
    assert {state.area_name(i) for i in going} == {"North Pacific", "South America", "South Atlantic"}  # the rest under the panel
    panel = scene.panel
    for i, intent in going.items():  # the "-> Area" button's command (on whichever page of the list)
        assert intent == listed.get(state.area_name(i), Submit(panel.move_command(state, panel.groups_to(state, i))))
        assert isinstance(apply(state, intent.command), Accepted)
        assert ringed(app, i), state.area_name(i)
    others = [i for i in circles if i not in going and i != state.board.area_index("South Pacific")]
    assert others and not any(ringed(app, i) for i in others)


def test_the_list_names_the_destinations_under_the_panel_first(app_on: Callable[..., App]) -> None:
    """No tap on the map reaches an area under the panel: its list names those first (before the
    neighbours in view, whatever their names), so the first page holds what only it can offer.
    Crawling Chaos in Asia (Flight): Africa and Europe, next door and in view, came first."""
    app, table = earth_3p(app_on, Options(abilities=True))
    table.submit(c.Pass(GC))
    composing_on_the_map(app, "Asia")
    state, scene = app.view().state, mapped(app)
    cover = scene.split(state)[1]
    centres = scene.centres(app.view())
    listed = [b.label.removeprefix("-> ") for b in scene.buttons if b.label.startswith("-> ")]
    hidden = [name for name in listed if cover.collidepoint(centres[state.board.area_index(name) or 0])]
    assert len(hidden) >= 2 and listed[: len(hidden)] == hidden, listed
    in_view = [state.area_name(j) for j in scene.panel.move_destinations(state)][len(hidden) :]
    assert "Europe" in in_view  # a neighbour in view, after every area under the panel


def test_a_tap_on_an_area_that_is_no_destination_says_why_and_changes_nothing(app_on: Callable[..., App]) -> None:
    app = great_cthulhus_turn(app_on)
    composing_on_the_map(app)
    session, panel = table_of(app).session, mapped(app).panel
    seq, draft = session.seq, repr(panel.draft)
    tap_circle(app, "North America")
    assert heading(app) == "South Pacific is not adjacent to North America."  # the engine's own sentence
    assert session.seq == seq and repr(panel.draft) == draft  # nothing journaled, the composer as it was
    tap_circle(app, "South Pacific")  # the area the units leave
    assert heading(app) == "Tap a lit area to move the units there"
    assert session.seq == seq and repr(panel.draft) == draft
    tap(app, "-")  # no unit picked: no area is a destination
    tap_circle(app, "North Pacific")
    assert heading(app) == "Pick the units to move first"
    assert session.seq == seq


def test_the_refusal_reads_in_german(app_on: Callable[..., App], german: None) -> None:
    app = great_cthulhus_turn(app_on)
    tap_area(app, "South Pacific")
    tap(app, "Einheiten von hier bewegen …")
    tap_circle(app, "North America")
    assert heading(app) == "South Pacific grenzt nicht an North America."
    tap_circle(app, "South Pacific")
    assert heading(app) == "Tippe auf ein hervorgehobenes Gebiet als Ziel"


def test_a_group_gathered_is_kept_when_the_last_destination_is_tapped_on_the_map(app_on: Callable[..., App]) -> None:
    """A split on the map: "+ group" beside Antarctica in the composer's list, the area again on
    the map (its units at once), North Pacific's circle: one Move of both groups."""
    app = great_cthulhus_turn(app_on)
    composing_on_the_map(app)
    antarctica = app.view().state.board.area_index("Antarctica")
    add = next(b for b in mapped(app).buttons if b.intent == Local("add", antarctica))
    app.tap(add.rect.center)
    tap_area(app, "South Pacific")
    assert "Acolyte (5)" in {b.label for b in mapped(app).buttons}
    tap_circle(app, "North Pacific")
    data, _input = last_entry(app)
    assert [(g["to"], g["count"]) for g in data["groups"]] == [("Antarctica", 1), ("North Pacific", 1)]


def counted(app: App) -> tuple[str, str, bool]:
    """The composer's row of Acolytes: its words, the stepper's value, whether "+" takes a tap."""
    buttons = app.scenes[app.scene_name].buttons
    row = next(b for b in buttons if b.label.startswith("Acolyte ("))
    plus = next(b for b in buttons if b.label == "+" and b.rect.y == row.rect.y)
    value = next(b for b in buttons if b.label.isdigit() and b.rect.y == row.rect.y)
    return row.label, value.label, plus.enabled


def test_units_gathered_in_a_group_are_not_offered_again(app_on: Callable[..., App]) -> None:
    """Six Acolytes: a group of four gathered, the row says 2 and "+" stops at 2; the engine
    takes the Move with those two and refuses it with a third; with all six gathered the row is
    0 and takes no tap, and the Move goes to the table whole."""
    app = great_cthulhus_turn(app_on)
    tap(app, "South Pacific")
    tap(app, "Move units from here...")
    for _ in range(3):
        tap(app, "+")
    state = table_of(app).session.state
    antarctica, indian = state.board.area_index("Antarctica"), state.board.area_index("Indian Ocean")
    assert antarctica is not None and indian is not None
    app.tap(next(b for b in app.scenes["table"].buttons if b.intent == Local("add", antarctica)).rect.center)
    tap(app, "South Pacific")  # a Move being gathered: the area's units at once
    assert counted(app) == ("Acolyte (2)", "1", True)
    for _ in range(4):
        tap(app, "+")
    assert counted(app) == ("Acolyte (2)", "2", True)  # "+" stopped at 2

    four = c.MoveGroup("South Pacific", "Antarctica", UnitKind.CULTIST, "Acolyte", 4)
    for count, taken in ((2, True), (3, False)):  # the engine agrees with what the row offers
        more = c.MoveGroup("South Pacific", "Indian Ocean", UnitKind.CULTIST, "Acolyte", count)
        result = apply(state, c.Move(GC, groups=(four, more)))
        assert isinstance(result, Accepted) is taken, result
    assert isinstance(result, Rejected)

    app.tap(next(b for b in app.scenes["table"].buttons if b.intent == Local("add", indian)).rect.center)
    app.draw()
    tap(app, "South Pacific")  # nothing left to move here: the area's own choices
    tap(app, "Move units from here...")
    label, value, plus = counted(app)
    assert (label, value, plus) == ("Acolyte (0)", "0", False)
    assert not any(b.enabled for b in app.scenes["table"].buttons if b.label.startswith("-> "))
    tap(app, "Back")
    tap(app, "Back")
    tap(app, "Move now (6)")
    data, _input = last_entry(app)
    assert [(g["to"], g["count"]) for g in data["groups"]] == [("Antarctica", 4), ("Indian Ocean", 2)]


def test_a_flight_destination_two_areas_away_is_tapped_on_the_map(app_on: Callable[..., App]) -> None:
    """Crawling Chaos (Flight, six Acolytes in Asia; Great Cthulhu has passed): Australia, two
    areas away over the Indian Ocean, is ringed and taken by a tap; Europe, next door, too."""
    app, table = earth_3p(app_on, Options(abilities=True))
    table.submit(c.Pass(GC))
    composing_on_the_map(app, "Asia")
    state = app.view().state
    sent = [b.intent.command for b in mapped(app).buttons if not b.label and isinstance(b.intent, Submit)]
    going = {move.groups[0].to for move in sent if isinstance(move, c.Move)}
    assert {"Australia", "Europe"} <= going
    tap_circle(app, "Australia")
    data, _input = last_entry(app)
    assert [(g["area"], g["to"], g["count"]) for g in data["groups"]] == [("Asia", "Australia", 1)]
    assert table.session.state.player("crawling_chaos").power == state.player("crawling_chaos").power - 1
