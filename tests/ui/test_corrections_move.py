"""Moving units on the Fix page (issue 33, section 5): the units, then where they go, and Record:
four taps from the page's menu, journaled as one correction and undone as one (it was a removal
and a placement: twelve taps, two entries)."""

from __future__ import annotations

import re

from companion.engine.cthulhu import commands as c
from companion.ui.app import App
from tests.helpers import frame, table_of, tap
from tests.ui.corrections_scene import check_screen, labels, scene


def taps_to_move(app: App, stack: str, to: str) -> int:
    """Move ``stack`` (its chooser's label) to area ``to`` from the Fix page's menu; the taps."""
    taps = 0
    for label in ("Move units", stack):
        tap(app, label)
        taps += 1
    view = scene(app).board_view(app.state)
    assert view is not None  # the Earth map fits: the destination is tapped on the map
    app.tap(view.centres[app.state.board.area_index(to)])
    app.draw()
    tap(app, "Record")
    return taps + 2


def test_units_move_in_four_taps_as_one_correction_undone_as_one(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    state = app.state
    home = next(i for i, area in enumerate(state.areas) if area.count(owner="great_cthulhu", name="Acolyte"))
    there = state.areas[home].count(owner="great_cthulhu", name="Acolyte")
    source = state.area_name(home)
    seq = table_of(app).session.seq
    assert taps_to_move(app, f"1 Acolyte in {source}" if there == 1 else f"{there} Acolytes in {source}", "Europe") == 4
    after = table_of(app).session.state
    europe = after.board.area_index("Europe")
    assert after.areas[europe].count(owner="great_cthulhu", name="Acolyte") == 1
    assert after.areas[home].count(owner="great_cthulhu", name="Acolyte") == there - 1
    assert table_of(app).session.seq == seq + 1  # one entry
    assert f"Correction: Great Cthulhu: 1 Acolyte moved from {source} to Europe." in app.log
    shown = " ".join(d.wanted for d in frame(app))
    assert f"Recorded: Great Cthulhu: 1 Acolyte moved from {source} to Europe." in shown
    table_of(app).submit(c.Undo())  # one undo takes the whole move back
    undone = table_of(app).session.state
    assert undone.areas[home].count(owner="great_cthulhu", name="Acolyte") == there
    assert undone.areas[europe].count(owner="great_cthulhu", name="Acolyte") == 0


def test_how_many_move_and_another_owners_units(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Move units")
    tap(app, "Done")  # the units chooser closed: the editor
    tap(app, "Owner: Great Cthulhu")
    tap(app, "Black Goat")  # the owner's units are offered at once
    stack = next(label for label in labels(app) if label.startswith("6 Acolytes in "))
    tap(app, stack)
    tap(app, "List")
    tap(app, "Arctic Ocean")
    for _ in range(2):
        tap(app, "+")
    tap(app, "Record")
    after = table_of(app).session.state
    assert after.areas[after.board.area_index("Arctic Ocean")].count(owner="black_goat", name="Acolyte") == 3
    source = stack.removeprefix("6 Acolytes in ")
    assert re.fullmatch(f"Correction: Black Goat: 3 Acolytes? moved from {source} to Arctic Ocean.", app.log[-2])
    assert app.log[-1] == f"Black Goat moves 3 Acolytes from {source} to Arctic Ocean."


def test_the_move_editor_and_its_choosers_fit(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Move units")
    check_screen(app, "units chooser")
    tap(app, labels(app)[0])
    check_screen(app, "destination on the map")
    tap(app, "List")
    check_screen(app, "destination list")
