"""An action turn entered by area, through taps on the App: only legal choices, steppers for
numbers, one Move gathered from several areas, a Pass that asks twice, a long list paged."""

from __future__ import annotations

import json
from typing import Any

from companion.appliance import LocalClient
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Table
from companion.ui.app import App
from companion.ui.scene import Go, Submit
from companion.ui.turn_panel import Local
from companion.ui.widgets import Button
from tests.helpers import frame, new_game


def table_of(app: App) -> Table[Any]:
    """The table behind the screen's client (the tests and the bench enter their set-up there)."""
    client = app.client
    assert isinstance(client, LocalClient)
    return client.table


def shown(app: App, scene: str = "table") -> list[Button]:
    app.scene_name = scene
    app.draw()
    return list(app.scenes[scene].buttons)


def press(app: App, test, scene: str = "table") -> Button:
    """Tap the first button ``test`` finds, through the list's pages ("More") as a person would."""
    for _ in range(PAGES):
        buttons = shown(app, scene)
        button = next((b for b in buttons if b.enabled and test(b)), None)
        if button is not None:
            app.tap(button.rect.center)
            return button
        more = next(b for b in buttons if b.intent == Local("page"))
        app.tap(more.rect.center)
    raise AssertionError("no such button on any page")


PAGES = 6  # a list's pages a test looks through for a button


def labelled(words: str):
    return lambda b: b.label == words


def action_turn(app_for) -> App:
    app: App = app_for("earth-3p")
    table_of(app).submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    assert table_of(app).session.state.prompt.kind is PromptKind.ACTION
    return app


def last_command(app: App) -> dict:  # type: ignore[type-arg]
    entry = table_of(app).session.journal.last("g")
    assert entry is not None
    data: dict = json.loads(entry.command)  # type: ignore[type-arg]
    return data


def test_pass_is_last_and_needs_a_second_tap(app_for) -> None:
    app = action_turn(app_for)
    prompt = [b for b in shown(app) if isinstance(b.intent, (Submit, Local))]
    assert prompt[0].label != "Pass..." and prompt[-1].label == "Pass..."
    seq = table_of(app).session.seq
    press(app, labelled("Pass..."))
    assert table_of(app).session.seq == seq  # armed, not passed
    app.tap((2, 2))  # a tap on nothing disarms it
    assert any(b.label == "Pass..." for b in shown(app))
    press(app, labelled("Pass..."))
    press(app, labelled("Tap again to pass"))
    assert last_command(app)["type"] == "pass"


def test_an_area_offers_only_what_the_engine_takes(app_for) -> None:
    app = action_turn(app_for)
    press(app, labelled("South Pacific"))
    labels = [b.label for b in shown(app) if isinstance(b.intent, (Submit, Local))]
    assert "Recruit (1)" not in labels  # all six Acolytes are on the map
    assert "Build a gate (3)" not in labels  # there is a gate already
    assert not any(words.startswith("Awaken") for words in labels)  # Cthulhu costs 10; there are 8 Power
    assert {"Summon Deep One", "Summon Shoggoth", "Summon Starspawn", "Move units from here..."} <= set(labels)


def test_a_summon_and_an_awakening_go_at_the_referees_cost(app_for) -> None:
    app = action_turn(app_for)
    press(app, labelled("South Pacific"))
    press(app, labelled("Summon Shoggoth"))
    data = last_command(app)
    assert (data["type"], data["name"], data["cost"]) == ("summon", "Shoggoth", None)
    assert table_of(app).session.state.player("great_cthulhu").power == 8 - 2  # factions.md: a Shoggoth costs 2
    table_of(app).submit(c.Undo())
    table_of(app).submit(c.Correct("great_cthulhu", "power", 10))
    press(app, labelled("South Pacific"))
    press(app, labelled("Awaken Cthulhu"))
    data = last_command(app)
    assert (data["type"], data["name"], data["cost"]) == ("awaken", "Cthulhu", None)
    assert table_of(app).session.state.player("great_cthulhu").power == 0


def test_a_battle_the_referee_can_count_is_one_tap_from_the_area(app_for) -> None:
    app = action_turn(app_for)
    table_of(app).submit(c.Place("crawling_chaos", c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")))
    table_of(app).submit(c.Place("great_cthulhu", c.UnitRef("South Pacific", UnitKind.MONSTER, "Deep One")))
    press(app, labelled("South Pacific"))
    press(app, labelled("Battle Crawling Chaos"))
    data = last_command(app)
    assert (data["type"], data["defender"], data["attacker_dice"], data["defender_dice"]) == (
        "battle",
        "crawling_chaos",
        None,
        None,
    )


def test_a_battle_is_declared_with_both_sides_dice(app_for) -> None:
    app = action_turn(app_for)
    table_of(app).submit(c.Place("crawling_chaos", c.UnitRef("South Pacific", UnitKind.MONSTER, count=2)))
    press(app, labelled("South Pacific"))
    press(app, labelled("Battle Crawling Chaos..."))
    steppers = [b for b in shown(app) if isinstance(b.intent, Local) and b.intent.what == "step"]
    yours_plus = next(b for b in steppers if b.intent.arg == ("yours", 1))
    theirs_plus = next(b for b in steppers if b.intent.arg == ("theirs", 1))
    for _ in range(3):
        app.tap(yours_plus.rect.center)
    app.tap(theirs_plus.rect.center)
    press(app, lambda b: b.label.startswith("Declare the battle"))
    data = last_command(app)
    assert (data["type"], data["attacker_dice"], data["defender_dice"]) == ("battle", 3, 3)  # their guess: 2 Monsters


def test_one_move_gathers_groups_from_two_areas(app_for) -> None:
    app = action_turn(app_for)
    table_of(app).submit(c.Place("great_cthulhu", c.UnitRef("North Atlantic", UnitKind.MONSTER)))
    seq = table_of(app).session.seq
    press(app, labelled("South Pacific"))
    press(app, labelled("Move units from here..."))
    press(app, lambda b: b.intent == Local("step", (("cultist", "Acolyte"), 1)))  # two Acolytes
    state = table_of(app).session.state
    north_pacific = state.board.area_index("North Pacific")
    press(app, lambda b: b.intent == Local("add", north_pacific))  # "+": more groups to come
    assert table_of(app).session.seq == seq
    press(app, labelled("North Atlantic"))  # its Move composer at once (a Move is being gathered)
    press(app, labelled("-> Europe"))
    assert table_of(app).session.seq == seq + 1  # one command
    data = last_command(app)
    groups = [(g["area"], g["to"], g["count"]) for g in data["groups"]]
    assert groups == [("South Pacific", "North Pacific", 2), ("North Atlantic", "Europe", 1)]
    assert table_of(app).session.state.player("great_cthulhu").power == 8 - 3


def test_the_map_opens_an_areas_choices_on_an_action_turn(app_for) -> None:
    app = action_turn(app_for)
    state = table_of(app).session.state
    pacific = state.board.area_index("South Pacific")
    arctic = state.board.area_index("Arctic Ocean")
    circles = shown(app, "map")
    app.tap(circles[pacific].rect.center)
    labels = {b.label for b in shown(app, "map")}
    assert {"Summon Deep One", "Move units from here...", "Correct this area", "Back"} <= labels
    circles = shown(app, "map")  # the map is narrower now, beside the choices
    app.tap(circles[arctic].rect.center)  # nothing of Great Cthulhu's there or beside it
    labels = {b.label for b in shown(app, "map") if b.label}
    assert labels <= {"Correct this area", "Back", "Table", "Fix", "Map", "Log", "Settings", "Game"}
    press(app, labelled("Correct this area"), "map")
    assert (app.scene_name, app.area) == ("area", arctic)
    app.do(Go("map"))


def test_an_action_turns_areas_are_all_on_its_pages(app_for) -> None:
    """Seven areas and Pass at 800x480: the list's type is read from the seats (docs/ui.md), so
    it pages ("More", full pages); every area is on the first three pages."""
    app = action_turn(app_for)
    for area in ("North Atlantic", "Europe", "Africa", "Australia", "Indian Ocean", "Asia"):
        table_of(app).submit(c.Place("great_cthulhu", c.UnitRef(area, UnitKind.MONSTER)))
    labels: set[str] = set()
    for _ in range(3):
        buttons = shown(app)
        labels |= {b.label for b in buttons}
        more = next(b for b in buttons if b.intent == Local("page"))
        app.tap(more.rect.center)
    assert {"North Atlantic", "Europe", "Africa", "Australia", "Indian Ocean", "Asia", "South Pacific"} <= labels


def test_an_area_offers_the_high_priest_recruit_with_the_high_priests_option(app_on) -> None:
    """With Options.high_priests the area's list offers "Recruit High Priest (3)", which recruits it."""
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", options=Options(high_priests=True)))
    assert isinstance(session, GameSession)
    app: App = app_on(session, (800, 480))
    table_of(app).submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    press(app, labelled("South Pacific"))
    press(app, labelled("Recruit High Priest (3)"))
    assert last_command(app) == {
        "type": "recruit",
        "player": "great_cthulhu",
        "area": "South Pacific",
        "cost": 3,
        "unit": "High Priest",
    }
    state = table_of(app).session.state
    assert state.areas[state.board.area_index("South Pacific") or 0].count(owner="great_cthulhu", name="High Priest") == 1


def test_a_stacks_name_picks_one_of_it_alone(app_for) -> None:
    """The Move composer picks one Acolyte at first; a tap on another stack's name picks one of
    that stack and none of the others (a tap where "-" on one and "+" on the other took two)."""
    app = action_turn(app_for)
    table_of(app).submit(c.Place("great_cthulhu", c.UnitRef("South Pacific", UnitKind.MONSTER, "Deep One")))
    press(app, labelled("South Pacific"))
    press(app, labelled("Move units from here..."))
    seq = table_of(app).session.seq
    press(app, lambda b: b.label.startswith("Deep One ("))
    press(app, labelled("-> North Pacific"))  # four taps in all
    assert table_of(app).session.seq == seq + 1
    groups = [(g["area"], g["to"], g["name"], g["count"]) for g in last_command(app)["groups"]]
    assert groups == [("South Pacific", "North Pacific", "Deep One", 1)]


def test_a_gathered_group_stays_in_view_when_its_area_is_opened_again(app_for) -> None:
    """ "+ group" adds a group to the Move (the stepper's "+" only counts units); the Move so far
    stays on the screen while an area's units are picked, its own area's included."""
    app = action_turn(app_for)
    press(app, labelled("South Pacific"))
    press(app, labelled("Move units from here..."))
    state = table_of(app).session.state
    north_pacific = state.board.area_index("North Pacific")
    add = press(app, lambda b: b.intent == Local("add", north_pacific))
    assert add.label == "+ group"
    press(app, labelled("South Pacific"))  # a Move being gathered: the area's units at once
    drawn = [b.label for b in shown(app)]
    assert "Acolyte (5)" in drawn and "Move units from here..." not in drawn  # the one gathered not offered again
    words = " ".join(d.wanted for d in frame(app))
    assert "Move so far: 1 Acolyte South Pacific -> North Pacific" in words
