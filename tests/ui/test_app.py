"""The touchscreen, headless: every screen at every size, taps become commands, a whole game is
played through synthetic taps, touch is not counted twice, and drawing changes nothing."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.engine import canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.ui.app import SIZES, App
from companion.ui.scene import Build, DieFace, Go, Submit, Toggle
from companion.ui.widgets import MIN_TOUCH, Button
from tests.ui.demo_window import demo_app

SCREENS = ("table", "map", "log", "settings", "new", "area", "builder")


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("map_name", ["earth-3p", "yuggoth-demo", "shaggai-demo"])
def test_every_screen_renders_at_every_size_with_fingertip_buttons(app_for, size, map_name) -> None:
    app = app_for(map_name, size)
    app.build(Build("add", x=0.5, y=0.5))  # the builder shows all its buttons with an area selected
    for name in SCREENS:
        app.scene_name, app.area = name, 2
        app.draw()
        buttons = app.scenes[name].buttons
        for button in buttons:
            assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH, (name, button.label)
            assert button.rect.right <= size[0] and button.rect.bottom <= size[1], (name, button.label)
        for i, one in enumerate(buttons):  # no button hides another
            assert not any(one.rect.colliderect(other.rect) for other in buttons[i + 1 :]), (name, one.label)
    assert app.window.get_size() == size


def test_drawing_changes_nothing(app_for) -> None:
    app = app_for()
    before = canonical(app.client.table.session.state)
    for name in SCREENS:
        app.scene_name = name
        app.draw()
    assert canonical(app.client.table.session.state) == before


def prompt_buttons(app: App) -> list[Button]:
    """The table's prompt buttons now (and none of the table's buttons overlaps another)."""
    app.scene_name = "table"
    app.draw()
    buttons = app.scenes["table"].buttons
    for i, one in enumerate(buttons):
        assert not any(one.rect.colliderect(other.rect) for other in buttons[i + 1 :]), one.label
    return [b for b in buttons if isinstance(b.intent, (Submit, DieFace))]


def test_tapping_a_prompt_button_sends_exactly_its_command(app_for) -> None:
    app = app_for()
    buttons = prompt_buttons(app)
    assert [b.label for b in buttons] == ["Clockwise", "Counterclockwise"]
    app.tap(buttons[1].rect.center)
    assert app.client.table.session.state.direction.value == -1


def test_the_die_pad_enters_physical_dice_and_roll_for_me_asks_the_generator(app_for) -> None:
    app = app_for("earth-3p")
    app.client.table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    app.client.table.submit(c.Place("crawling_chaos", c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")))  # type: ignore[attr-defined]
    app.client.table.submit(c.BattleAction("great_cthulhu", "South Pacific", "crawling_chaos", 2, 1))
    pad = {b.label: b for b in prompt_buttons(app)}
    assert {"1", "2", "3", "4", "5", "6", "Clear", "Roll for me"} <= set(pad)
    app.tap(pad["6"].rect.center)
    app.tap(pad["4"].rect.center)  # two dice asked for: the roll goes in
    last = app.client.table.session.journal.last("g")
    assert last is not None and '"values":[6,4]' in last.command and '"source":"screen"' in last.command
    pad = {b.label: b for b in prompt_buttons(app)}
    app.tap(pad["Roll for me"].rect.center)
    assert app.client.table.session.state.prompt.kind is PromptKind.ACTION


def test_a_whole_game_is_played_through_synthetic_taps(app_for) -> None:
    import random

    from companion.ui.turn_panel import Local

    app = app_for("shaggai-demo")
    app.client.table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    rnd = random.Random(3)
    for _ in range(20_000):
        if app.client.table.session.state.phase is Phase.GAME_OVER:
            break
        prompt_buttons(app)
        shown = [b for b in app.scenes["table"].buttons if b.enabled and isinstance(b.intent, (Submit, DieFace, Local))]
        roll = [b for b in shown if b.label == "Roll for me"]
        app.tap(rnd.choice(roll or shown).rect.center)
    assert app.client.table.session.state.phase is Phase.GAME_OVER


def test_a_finger_tap_counts_once_and_its_mouse_echo_is_ignored(app_for) -> None:
    app = app_for()
    button = prompt_buttons(app)[0]
    width, height = app.window.get_size()
    x, y = button.rect.center
    app.handle(pygame.event.Event(pygame.FINGERDOWN, x=x / width, y=y / height, finger_id=0, touch_id=0, dx=0, dy=0))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
    entries = app.client.table.session.seq
    assert entries == 2  # the new game and one direction, not two


def test_keyboard_shortcuts_switch_screens_and_undo(app_for) -> None:
    app = app_for()
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2))
    assert app.scene_name == "map"
    app.do(Submit(c.ChooseDirection("great_cthulhu", "clockwise")))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u))
    assert app.client.table.session.state.prompt.kind is PromptKind.DIRECTION
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert not app.running


def test_tapping_an_area_opens_its_editor_and_the_editor_corrects_the_board(app_for) -> None:
    app = app_for("earth-3p")
    app.do(Go("map"))
    app.draw()
    asia = app.client.table.session.state.board.area_index("Asia")
    app.tap(app.scenes["map"].buttons[asia].rect.center)
    assert (app.scene_name, app.area) == ("area", asia)
    app.draw()
    minus = next(b for b in app.scenes["area"].buttons if b.label == "- cultist Crawling Chaos")
    app.tap(minus.rect.center)
    assert app.client.table.session.state.areas[asia].count(owner="crawling_chaos") == 5
    app.draw()
    plus = next(b for b in app.scenes["area"].buttons if b.label == "+ cultist Black Goat")
    app.tap(plus.rect.center)  # Black Goat's six Acolytes are all in Africa: its pool is empty
    assert app.client.table.session.state.areas[asia].count(owner="black_goat") == 0


def test_nothing_changed_nothing_is_redrawn(app_for) -> None:
    app = app_for()
    app.tick()
    draws = []
    app.draw = lambda: draws.append(1)
    app.tick()
    app.tick()
    assert draws == []
    app.do(Go("log"))
    app.tick()
    assert draws == [1]


def test_demo_mode_autoplays_with_the_tower_answering_every_roll(tmp_path) -> None:
    import contextlib
    import itertools
    import time

    from companion.appliance import Appliance
    from companion.session import GameSession
    from companion.store.sqlite import SqliteJournal
    from companion.ui.app import Extras
    from companion.ui.backlight import Backlight
    from hardware.config import panel_config
    from tests.helpers import new_game

    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("yuggoth-demo", seed=4))
    assert isinstance(session, GameSession)
    ticks = itertools.count()
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        house.simulated_tower(seed=4)
        house.add_panel(panel_config({"watcher_light": 18, "worm_light": 23, "pin_factory": "mock"}))
        house.play_with_bots(seed=7)
        app = App(house.client(threaded=False), extras=Extras(demo=True), backlight=Backlight(Path("/nonexistent")))
        stack.callback(app.close)
        app.clock = lambda: float(next(ticks))  # autoplay moves on every tick
        app.autoplay = True
        deadline = time.monotonic() + 60
        while house.table.session.state.phase is not Phase.GAME_OVER and time.monotonic() < deadline:
            pygame.event.wait(5)
            app.tick()
        assert house.table.session.state.phase is Phase.GAME_OVER
        rolls = [e.command for e in house.table.session.journal.entries("g") if '"type":"roll"' in e.command]
        assert rolls and all('"source":"tower"' in r for r in rolls)
        assert app.has_leds() and app.client.leds() is not None  # the virtual LEDs, shown on request


@pytest.mark.parametrize("map_name", ["earth-3p", "shaggai-demo"])
def test_every_prompt_button_sends_its_own_command(app_for, map_name) -> None:
    from companion.ui.turn_panel import Local

    app = app_for(map_name)
    app.client.table.submit(c.ChooseDirection("great_cthulhu", "clockwise"))
    scene = app.scenes["table"]
    prompt_buttons(app)
    areas = [b.intent for b in scene.buttons if isinstance(b.intent, Local) and b.intent.what == "area"]
    assert areas
    checked = 0

    def open_(path: list[Local]) -> list[Button]:
        scene.panel.draft.step = -2  # start afresh
        for step in path:
            scene.panel.handle(app.client.table.session.state, step)
        return [b for b in prompt_buttons(app) if isinstance(b.intent, Submit) and b.enabled]

    paths = [[area] for area in areas]
    for area in areas:
        open_([area])
        subs = [b.intent for b in scene.buttons if isinstance(b.intent, Local) and b.intent.what not in ("back", "area", "page")]
        paths += [[area, sub] for sub in subs]
    for path in paths:
        for n in range(len(open_(path))):
            button = open_(path)[n]
            before = app.client.table.session.seq
            app.tap(button.rect.center)
            last = app.client.table.session.journal.last("g")
            assert last is not None and last.seq == before + 1, button.label
            assert last.command == canonical(button.intent.command)
            app.client.table.submit(c.Undo())  # back to the same prompt for the next button
            checked += 1
    assert checked >= 2


def test_starting_a_game_from_the_screen_and_a_missing_map_is_said_not_raised(app_for) -> None:
    from companion.ui.scene import Start

    app = app_for()
    app.do(Start("earth-4p-35", 4, acolyte=True))
    app.do(Start("earth-4p-35", 4, acolyte=True))  # the second tap: a game was in play
    assert app.scene_name == "table" and len(app.client.table.session.state.players) == 4
    assert app.client.table.session.state.acolyte is not None
    app.do(Start("atlantis", 3))
    assert "No map called 'atlantis'" in app.client.table.notices[-1].text


def test_the_factions_are_chosen_in_seat_order_on_the_new_game_screen(app_for) -> None:
    app = app_for()
    app.do(Go("new"))

    def tap(label: str) -> None:
        app.draw()
        button = next(b for b in app.scenes["new"].buttons if b.label.startswith(label))
        assert button.enabled, label
        app.tap(button.rect.center)

    tap("Factions (3)")
    for name in ("Great Cthulhu", "Crawling Chaos", "Black Goat"):  # unseat the default three
        tap(f"1. {name}")  # each time the next one moves up to seat 1
    for name in ("Windwalker", "Great Cthulhu", "Tcho Tcho"):
        tap(name)
    app.draw()
    labels = [b.label for b in app.scenes["new"].buttons]
    assert "1. Windwalker" in labels and "3. Tcho Tcho" in labels
    tap("2. Great Cthulhu")  # tap again: unseated, the others close up
    tap("Sleeper")
    tap("Done")
    tap("earth-3p")
    tap("Start")
    tap("Start: tap again")  # a game was in play: it asks first
    assert [p.faction.value for p in app.client.table.session.state.players] == ["windwalker", "tcho_tcho", "sleeper"]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_faction_picker_fits_every_screen(app_for, size) -> None:
    app = app_for("earth-3p", size)
    app.options["faction_picker"] = True
    app.do(Go("new"))
    app.draw()
    buttons = app.scenes["new"].buttons
    assert len([b for b in buttons if b.intent == Toggle("faction_picker")]) == 1
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), one.label


def new_game_button(app: App, label: str) -> Button:
    app.draw()
    return next(b for b in app.scenes["new"].buttons if b.label.startswith(label))


def drawn_message(app: App) -> str:
    from companion.ui.other_scenes import NewGameScene

    app.draw()
    return NewGameScene.message(app.view())[0]


def test_a_seating_mistake_is_said_on_the_new_game_screen_and_clears_once_fixed(app_for) -> None:
    app = app_for()
    app.do(Go("new"))
    app.do(Toggle("map=earth-4p-35"))  # a 4-player map, with the 3 factions seated by default
    app.tap(new_game_button(app, "Start").rect.center)
    said = drawn_message(app)
    assert "seats 4 players, and 3 factions are seated: seat 4, or choose a map for 3" in said
    assert app.scene_name == "new" and app.client.table.session.name == "g"  # nothing started
    assert app.options.get("confirm") is None  # nothing to confirm: the set-up is wrong
    app.do(Toggle("faction=windwalker"))  # a fourth faction: fixed
    assert drawn_message(app) == ""
    app.tap(new_game_button(app, "Start").rect.center)
    app.tap(new_game_button(app, "Start: tap again").rect.center)
    app.tick()
    assert app.scene_name == "table" and len(app.client.table.session.state.players) == 4
    app.do(Go("new"))
    assert drawn_message(app) == ""  # nothing carried into the next game


def test_a_missing_map_is_said_where_start_was_tapped(app_for) -> None:
    from companion.ui.scene import Start

    app = app_for()
    app.do(Go("new"))
    app.do(Start("atlantis", 3))
    assert "No map called 'atlantis'" in drawn_message(app)
    app.do(Toggle("map=earth-3p"))  # another map chosen: the problem is gone
    assert drawn_message(app) == ""


def test_start_with_a_game_in_play_asks_first_and_the_game_stays_resumable(app_for) -> None:
    app = app_for()
    app.do(Go("new"))
    app.do(Toggle("map=earth-3p"))
    app.tap(new_game_button(app, "Start").rect.center)
    assert app.client.table.session.name == "g" and "Tap Start again" in drawn_message(app)
    app.do(Toggle("acolyte"))  # a change of mind: asked again
    assert new_game_button(app, "Start").label == "Start" and drawn_message(app) == ""
    app.tap(new_game_button(app, "Start").rect.center)
    app.tap(new_game_button(app, "Start: tap again").rect.center)
    table = app.client.table
    assert table.session.name != "g" and table.session.state.acolyte is not None
    assert "g" in [game.name for game in table.session.journal.games()]  # the game in play is stored
    app.take_arrivals()  # the new game is on the table (it comes home to it) before the new-game screen
    app.do(Go("new"))
    app.tap(new_game_button(app, "Resume").rect.center)  # the newest stored game is the new one
    app.tick()
    assert app.scene_name == "table"


def test_arkham_start_with_a_game_in_play_asks_first(app_for) -> None:
    from companion.ui.scene import StartArkham

    app = app_for()
    app.do(StartArkham("Cthulhu", 2, False))
    assert app.client.table.session.name == "g"
    app.do(StartArkham("Cthulhu", 2, False))
    app.tick()
    assert app.arkham and app.scene_name == "arkham"


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_demo_window_is_exactly_the_size_asked_and_its_led_panel_an_overlay(tmp_path, size) -> None:
    app, stack = demo_app(tmp_path, size)
    with stack:  # type: ignore[attr-defined]
        assert app.window.get_size() == size and app.metrics.width == size[0]
        app.draw()
        assert app.led_rect() is None  # hidden until asked for
        app.key(pygame.K_l)
        rect = app.led_rect()
        assert rect is not None and app.window.get_rect().contains(rect)
        app.draw()
        lit = app.window.get_at((rect.x + 2, rect.y + 2))
        app.tap(rect.center)  # a tap on the panel puts it away
        assert app.led_rect() is None
        app.draw()
        assert app.window.get_at((rect.x + 2, rect.y + 2)) != lit or rect.x + 2 < 0
        app.key(pygame.K_l)  # and L shows it again
        assert app.led_rect() is not None


def test_the_led_labels_follow_the_game_being_played(tmp_path) -> None:
    from companion.ui.scene import StartArkham

    app, stack = demo_app(tmp_path, (800, 480))
    with stack:  # type: ignore[attr-defined]
        leds = app.client.leds()
        assert leds is not None and leds.labels[:2] == ("Watcher", "Worm")
        app.do(StartArkham("Cthulhu", 2, False))
        app.do(StartArkham("Cthulhu", 2, False))
        app.tick()
        assert app.arkham
        leds = app.client.leds()
        assert leds is not None and "Watcher" not in leds.labels and "Worm" not in leds.labels
        assert leds.labels[2:] == ("Doom track", "Terror")


def test_the_first_frame_is_drawn_before_the_loop_first_waits(app_for, monkeypatch) -> None:
    """Start-up: the first frame is on the screen at once, not after the first event (or a
    quiet second)."""
    app = app_for()
    seen: list[str] = []

    def wait(timeout: int = 0) -> pygame.event.Event:
        seen.append("wait")
        return pygame.event.Event(pygame.QUIT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    app.run(on_frame=lambda: seen.append("dirty" if app.dirty else "frame"))
    assert seen[:2] == ["frame", "wait"]


def test_a_threaded_table_does_not_wake_the_screen_for_an_input(app_on) -> None:
    """Queuing a tap for the table's thread wakes that thread only: the screen wakes when the
    journaled result is handed to it (waking it on the input only races the table for the lock)."""
    from companion.appliance import screen_only
    from companion.session import GameSession
    from companion.store.sqlite import SqliteJournal
    from tests.helpers import new_game

    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("yuggoth-demo"))
    assert isinstance(session, GameSession)
    stepped = app_on(session)
    client = screen_only(session, threaded=True)
    assert stepped.client.table.on_input == stepped.wake  # stepped: the loop must turn
    threaded = App(client, backlight=stepped.backlight)
    try:
        assert client.table.on_input != threaded.wake
    finally:
        threaded.close()


def test_the_tap_bench_times_taps_through_the_threaded_table_and_its_floor() -> None:
    from bench import tap_bench

    run, _ = tap_bench.measure(taps=tap_bench.BLOCK)
    assert len(run.total) == len(run.floor) == len(run.sdl_floor) == len(run.fsync) == len(run.flip) == tap_bench.BLOCK
    for total, drawn, durable, shown in zip(run.total, run.to_drawn, run.to_journal, run.to_screen, strict=True):
        assert 0 < drawn <= total and 0 < durable < total and 0 < shown < total  # never shown before durable
    for decided, total in zip(run.to_decided, run.total, strict=True):
        assert 0 < decided < total  # decided, then (later) shown
    assert run.drawing and all(drawing > 0 for drawing in run.drawing)
    assert len(run.housekeeping) >= tap_bench.BLOCK - 1  # each tap came once the table had settled


def test_the_independents_are_chosen_on_the_new_game_screen(app_for) -> None:
    app = app_for()
    app.do(Go("new"))

    def tap(label: str) -> None:
        app.draw()
        button = next(b for b in app.scenes["new"].buttons if b.label.startswith(label))
        app.tap(button.rect.center)

    tap("Independents (0)")
    for name in ("Byatis", "Ghast", "Gug"):
        tap(name)
    tap("Gug")  # tapped again: left out
    tap("Done")
    tap("earth-3p")
    tap("Independents (2)")
    tap("Done")
    tap("Start")
    tap("Start: tap again")
    assert app.client.table.session.state.options.independents == ("Byatis", "Ghast")


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_independents_picker_fits_every_screen(app_for, size) -> None:
    app = app_for("earth-3p", size)
    app.options["card_picker"] = True
    app.do(Go("new"))
    app.draw()
    buttons = app.scenes["new"].buttons
    assert len([b for b in buttons if b.intent == Toggle("card_picker")]) == 1 and len(buttons) >= 9
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), one.label
