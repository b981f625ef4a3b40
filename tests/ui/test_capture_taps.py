"""Capture on the screen: the victim chooses which of its cultists is taken (factions.md section
0), so the area's choices offer one capture per cultist name there, each naming it, and the one
tapped is the one taken (``capture`` with ``unit``)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.ui.app import App
from tests.helpers import tap, tap_area
from tests.ui.taps import great_cthulhus_turn, labels, last_command

GC, CC = "great_cthulhu", "crawling_chaos"
HIGH_PRIESTS = Options(abilities=True, high_priests=True)
HERE = "South Pacific"  # Great Cthulhu's start (its six Acolytes)


def test_capture_the_high_priest_is_chosen_by_a_tap(app_on: Callable[..., App]) -> None:
    app, table = great_cthulhus_turn(app_on, HIGH_PRIESTS)  # Great Cthulhu acts
    start = table.session.state.area_name(table.session.state.player(CC).start_area)
    assert table.submit(c.Eliminate(CC, c.UnitRef(start, UnitKind.CULTIST, "Acolyte", 1)))  # one to place here
    for owner, kind, name in (
        (GC, UnitKind.MONSTER, "Deep One"),
        (CC, UnitKind.CULTIST, "Acolyte"),
        (CC, UnitKind.CULTIST, "High Priest"),
    ):
        assert table.submit(c.Place(owner, c.UnitRef(HERE, kind, name, 1)))
    assert table.session.state.prompt.kind is PromptKind.ACTION and table.session.state.prompt.actor == GC
    app.scene_name = "table"
    tap(app, HERE)
    assert {"Capture Acolyte of Crawling Chaos (1)", "Capture High Priest of Crawling Chaos (1)"} <= labels(app)
    tap(app, "Capture High Priest of Crawling Chaos (1)")
    assert last_command(app)["unit"] == "High Priest"
    state = table.session.state
    here = state.board.area_index(HERE)
    assert here is not None
    assert state.areas[here].count(owner=CC, name="High Priest") == 0 and state.areas[here].count(owner=CC, name="Acolyte") == 1


def test_one_capture_button_per_cultist_kind_on_the_table_and_the_map(app_on: Callable[..., App]) -> None:
    """The legal list offers the captures too now; an area's choices, on the table and on the
    map, still show each once: two Acolytes and a High Priest of Crawling Chaos beside a Deep
    One give two capture buttons, not four (nor one per Acolyte)."""
    app, table = great_cthulhus_turn(app_on, HIGH_PRIESTS)  # Great Cthulhu acts
    start = table.session.state.area_name(table.session.state.player(CC).start_area)
    assert table.submit(c.Eliminate(CC, c.UnitRef(start, UnitKind.CULTIST, "Acolyte", 2)))  # two to place here
    for owner, kind, name, n in (
        (GC, UnitKind.MONSTER, "Deep One", 1),
        (CC, UnitKind.CULTIST, "Acolyte", 2),
        (CC, UnitKind.CULTIST, "High Priest", 1),
    ):
        assert table.submit(c.Place(owner, c.UnitRef(HERE, kind, name, n)))
    state = table.session.state
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == GC
    wanted = ["Capture Acolyte of Crawling Chaos (1)", "Capture High Priest of Crawling Chaos (1)"]
    listed = [cmd for cmd in legal_commands(state) if isinstance(cmd, c.Capture)]
    assert sorted(cmd.unit for cmd in listed) == ["Acolyte", "High Priest"]  # the engine's list has them
    app.scene_name = "table"
    tap(app, HERE)
    assert sorted(b.label for b in app.scenes["table"].buttons if b.label.startswith("Capture")) == wanted
    tap_area(app, HERE)
    assert app.scene_name == "map"
    assert sorted(b.label for b in app.scenes["map"].buttons if b.label.startswith("Capture")) == wanted
