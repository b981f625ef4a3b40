"""The map builder: taps add, select and join areas, buttons mark them, typing names them, and
Save writes a map file that the companion then offers and checks like any other."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.maps import check_text, list_maps, load_map
from companion.ui.app import App
from companion.ui.builder_scene import Draft, apply, rename
from companion.ui.scene import Build, Go
from companion.ui.widgets import MIN_TOUCH
from tests.readonly import read_only


@pytest.fixture
def builder(app_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "companion"))
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    app = app_for("earth-3p")
    assert isinstance(app, App)
    app.do(Go("builder"))
    app.draw()
    return app


def canvas_point(app: App, x: float, y: float) -> tuple[int, int]:
    canvas = app.scenes["builder"].canvas()  # type: ignore[attr-defined]
    return (int(canvas.x + x * canvas.width), int(canvas.y + y * canvas.height))


def press(app: App, label_start: str) -> None:
    app.draw()
    button = next(b for b in app.scenes["builder"].buttons if b.label.startswith(label_start))
    app.tap(button.rect.center)
    app.draw()


def test_taps_add_select_and_link_areas(builder: App) -> None:
    for x in (0.2, 0.5, 0.8):
        builder.tap(canvas_point(builder, x, 0.5))
        builder.draw()
    assert [a.name for a in builder.draft.areas] == ["Area 1", "Area 2", "Area 3"]
    assert builder.draft.selected == 2
    press(builder, "Link mode")
    builder.tap(canvas_point(builder, 0.5, 0.5))  # joins area 3 to area 2
    assert builder.draft.edges == {frozenset((1, 2))}
    builder.tap(canvas_point(builder, 0.5, 0.5))  # and again parts them
    assert builder.draft.edges == set()


def test_buttons_mark_the_selected_area_and_typing_renames_it(builder: App) -> None:
    builder.tap(canvas_point(builder, 0.3, 0.3))
    builder.draw()
    press(builder, "Ocean")
    press(builder, "Pyramid die")
    press(builder, "Pyramid die")
    press(builder, "Start")
    for ch in "\b\b\b\b\b\b":
        rename(builder.draft, ch)
    builder.handle(pygame.event.Event(pygame.TEXTINPUT, text="Arctic"))
    area = builder.draft.areas[0]
    assert (area.name, area.ocean, area.pyramid, area.start) == ("Arctic", True, 2, "great_cthulhu")


def test_an_unfinished_map_is_not_saved_and_says_why(builder: App, tmp_path: Path) -> None:
    builder.tap(canvas_point(builder, 0.3, 0.3))
    press(builder, "Save")
    assert "not finished" in builder.draft.message
    assert not list((tmp_path / "state" / "maps").glob("*.toml"))


def finish(draft: Draft) -> None:
    """A small sound map of eight areas in a row, three of them start areas."""
    draft.name = "kitchen-table"
    for i in range(8):
        apply(draft, Build("add", x=i / 8, y=0.5))
        draft.areas[i].name = f"Place {i}"
        if i:
            draft.edges.add(frozenset((i - 1, i)))
    for i, faction in enumerate(("great_cthulhu", "crawling_chaos", "black_goat")):
        draft.areas[i].start = faction
    draft.areas[7].ocean = True
    draft.selected = -1


def test_a_finished_map_is_saved_and_offered(builder: App, tmp_path: Path) -> None:
    finish(builder.draft)
    draft = builder.draft
    press(builder, "Save")
    saved = tmp_path / "state" / "maps" / "kitchen-table.toml"
    assert saved.exists(), draft.message
    assert "kitchen-table" in [info.name for info in list_maps()]
    board, found = check_text(saved.read_text())
    assert found == [] and board is not None
    board = load_map("kitchen-table")
    assert board.areas[7].neighbours == ("Place 6",) and board.areas[7].ocean


def test_typing_with_nothing_selected_names_the_map_safely() -> None:
    draft = Draft(name="")
    for ch in "My Board!":
        rename(draft, ch)
    assert draft.name == "my-board-"


def test_a_shaggai_draft_is_saved_partial_without_invented_worm_numbers(builder: App, tmp_path: Path) -> None:
    builder.build(Build("add", x=0.2, y=0.2))
    builder.build(Build("worm"))
    press(builder, "Save")
    text = (tmp_path / "state" / "maps" / "my-board.toml").read_text()
    assert 'status = "partial"' in text and "worm_numbers" not in text
    assert "worm_numbers" in builder.draft.message


def test_the_on_screen_keyboard_names_an_area_and_the_map_without_a_real_keyboard(builder: App) -> None:
    builder.tap(canvas_point(builder, 0.3, 0.3))
    press(builder, "Rename area")
    keys = builder.scenes["builder"].buttons
    letters = [b for b in keys if len(b.label) == 1]
    assert len(letters) == 40 and all(b.rect.width >= MIN_TOUCH and b.rect.height >= MIN_TOUCH for b in keys)
    canvas_tap = canvas_point(builder, 0.6, 0.05)  # on the canvas, under the name being typed
    for label in ["Delete"] * 6 + ["Shift", "K", "Shift", "a", "d", "a", "t", "h"]:
        press(builder, label)
    builder.tap(canvas_tap)  # while the keyboard is open the canvas takes no taps
    assert builder.draft.areas[0].name == "Kadath" and len(builder.draft.areas) == 1
    press(builder, "Done")
    builder.tap(canvas_point(builder, 0.3, 0.3))  # deselect: now the map is named
    press(builder, "Rename map")
    for label in ["Delete"] * 8 + ["m", "y", "-", "k"]:
        press(builder, label)
    press(builder, "Done")
    assert builder.draft.name == "my-k" and not builder.draft.keyboard


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (720, 1280)])
def test_the_keyboard_fits_every_screen_with_no_key_hiding_another(app_for, size) -> None:
    app = app_for("earth-3p", size)
    app.do(Go("builder"))
    app.draft.keyboard = True
    app.draw()
    keys = app.scenes["builder"].buttons
    assert len(keys) >= 26, len(keys)  # the keyboard is drawn: a key a letter at least
    for i, one in enumerate(keys):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in keys[i + 1 :]), one.label


def test_under_the_service_a_map_is_saved_in_the_state_directory_not_the_read_only_config(
    builder: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """systemd's StateDirectory= (STATE_DIRECTORY) is where the table writes; the config folder
    (/etc/companion, read-only under ProtectSystem=full) is only read."""
    state = tmp_path / "var-lib-companion"
    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setenv("STATE_DIRECTORY", str(state))
    finish(builder.draft)
    with read_only(tmp_path / "companion" / "maps"):
        press(builder, "Save")
    assert (state / "maps" / "kitchen-table.toml").exists(), builder.draft.message
    assert "kitchen-table" in [info.name for info in list_maps()]


def test_outside_the_service_a_map_is_saved_in_the_users_data_directory(
    builder: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    finish(builder.draft)
    press(builder, "Save")
    assert (tmp_path / "share" / "companion" / "maps" / "kitchen-table.toml").exists(), builder.draft.message


def test_a_save_into_a_read_only_folder_keeps_the_draft_and_says_why(builder: App, tmp_path: Path) -> None:
    finish(builder.draft)
    with read_only(tmp_path / "state" / "maps") as how:
        press(builder, "Save")
        message = builder.draft.message
    assert "Could not save the map" in message, message
    assert ("Read-only file system" if how == "read-only bind mount" else "Permission denied") in message
    assert "draft is kept" in message
    assert len(builder.draft.areas) == 8 and builder.draft.name == "kitchen-table"  # nothing lost
    assert builder.running  # the screen goes on
    press(builder, "Save")  # writable again: the same draft saves
    assert (tmp_path / "state" / "maps" / "kitchen-table.toml").exists(), builder.draft.message


def test_a_save_where_the_folder_cannot_exist_keeps_the_draft_and_says_why(
    builder: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No privilege needed: the state directory's place is taken by a file (ENOTDIR)."""
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "file" / "state"))
    finish(builder.draft)
    press(builder, "Save")
    assert "Could not save the map" in builder.draft.message and "Not a directory" in builder.draft.message
    assert len(builder.draft.areas) == 8


def test_typed_control_characters_never_reach_an_area_name(builder: App) -> None:
    builder.tap(canvas_point(builder, 0.3, 0.3))
    builder.handle(pygame.event.Event(pygame.TEXTINPUT, text="\x00\x1b[2J"))
    assert builder.draft.areas[0].name == "Area 1[2J"


def test_a_broken_map_file_is_shown_broken_and_cannot_be_chosen(app_for, tmp_path: Path) -> None:
    maps = tmp_path / "config" / "maps"
    maps.mkdir(parents=True)
    (maps / "aaa-broken.toml").write_bytes(b'[map]\nname = "aaa-broken"\ntitle = "\xff"\n')
    (maps / "aab-list.toml").write_text(
        '[map]\nname = "x"\ntitle = "x"\nstatus = "printed"\nplayers = [3]\n[[area]]\nname = ["A"]\n'
    )
    app = app_for("earth-3p")
    app.do(Go("new"))
    app.draw()  # drawing the chooser with broken files present does not raise
    buttons = {b.label: b for b in app.scenes["new"].buttons}
    assert not buttons["aaa-broken (broken)"].enabled and not buttons["aab-list (broken)"].enabled
    app.tap(buttons["aaa-broken (broken)"].rect.center)
    assert app.options.get("map", "") != "aaa-broken"  # a tap on it chooses nothing
    assert buttons["earth-3p"].enabled


def test_a_game_stored_with_a_nul_in_its_name_is_offered_without_stopping_the_screen(app_for) -> None:
    from companion.store import GameInfo

    app = app_for("earth-3p")
    app.do(Go("new"))
    app.draw()  # the journal's own list arrives first
    app.games = [GameInfo("old\x00game\ud800", "t", 0.0, 0.0, 3)]
    app.draw()  # pygame's font refuses a NUL and a lone surrogate: they are drawn escaped
    assert "Resume old\\x00game\\ud800" in [b.label for b in app.scenes["new"].buttons]
