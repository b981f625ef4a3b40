"""The Corrections page, headless: every editor and chooser renders at every size without cut
text and with fingertip buttons; it is one tap from the table; tapping through it records exactly
the correction previewed; a correction the engine would refuse shows why and cannot be recorded;
a game joined in progress begins from it."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.model import Phase, PromptKind, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.corrections_scene import KINDS, CorrectionsScene, Draft, Row
from tests.helpers import new_game, table_of, tap
from tests.ui.corrections_scene import (
    MAPS,
    check_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text,
    check_every_editor_and_chooser_renders_without_cut_text,
    choose,
    choose_area,
    drawn_words,
    labels,
    last_command,
    scene,
    step,
)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize(("map_name", "options"), MAPS, ids=[m for m, _ in MAPS])
def test_every_editor_and_chooser_renders_without_cut_text(app_on, map_name, options, size) -> None:
    check_every_editor_and_chooser_renders_without_cut_text(app_on, map_name, options, size)


def test_the_page_is_one_tap_from_the_table_and_records_what_it_previews(app_for) -> None:
    app = app_for("earth-3p")
    assert app.scene_name == "table"
    tap(app, "Fix")
    assert app.scene_name == "fix"
    tap(app, "Power")  # the second tap: the Power editor, for the player whose decision it is
    for _ in range(3):
        tap(app, "+")
    tap(app, "Reason")
    app.draw()
    preview = k.summary(app.state, scene(app).command()) + " (missed at the table)."  # type: ignore[arg-type]
    assert preview == "Great Cthulhu's Power: 11 (missed at the table)."
    tap(app, "Record")
    assert last_command(app) == c.Correct("great_cthulhu", "power", 11, "missed at the table")
    assert table_of(app).session.state.player("great_cthulhu").power == 11
    assert app.log[-1] == "Correction: Great Cthulhu's Power: 11 (missed at the table)."


def test_units_are_placed_by_choosing_owner_unit_and_area(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Units")
    choose(app, "Owner: Great Cthulhu", "Black Goat")
    choose(app, "Unit: Acolyte", "Dark Young")
    choose_area(app, "Area: choose", "Europe")
    tap(app, "+")
    tap(app, "Record")
    assert last_command(app) == c.Place("black_goat", c.UnitRef("Europe", UnitKind.MONSTER, "Dark Young", 2))
    europe = table_of(app).session.state.board.area_index("Europe")
    assert table_of(app).session.state.areas[europe].count(owner="black_goat", name="Dark Young") == 2


def test_an_area_is_chosen_by_tapping_the_map_or_from_the_list(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Gate")
    tap(app, "Area: choose")
    fix = scene(app)
    view = fix.board_view(app.state)
    assert view is not None  # the Earth map fits this screen: its areas are tapped on the map
    europe = app.state.board.area_index("Europe")
    app.tap(view.centres[europe])
    assert fix.draft.area == europe and "Area: Europe" in labels(app)
    tap(app, "Area: Europe")
    tap(app, "List")
    assert "Asia" in labels(app)
    tap(app, "Asia")
    assert "Area: Asia" in labels(app)


def test_a_map_too_crowded_for_the_screen_is_chosen_from_the_list(app_for) -> None:
    app = app_for("shaggai-demo")
    app.scene_name = "fix"
    tap(app, "Gate")
    tap(app, "Area: choose")
    assert scene(app).board_view(app.state) is None and "Glass Wastes" in labels(app)


def test_spellbooks_are_chosen_by_name(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Spellbooks")
    choose(app, "Player: Great Cthulhu", "Black Goat")
    tap(app, "Named: 0 (choose)")
    tap(app, "Frenzy")
    tap(app, "Ghroth")
    assert "* Frenzy" in labels(app)
    tap(app, "Done")
    tap(app, "Record")
    assert table_of(app).session.state.player("black_goat").spellbooks == ("Frenzy", "Ghroth")


def test_a_correction_the_engine_would_refuse_shows_why_and_cannot_be_recorded(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Units")
    choose(app, "Owner: Great Cthulhu", "Black Goat")
    choose(app, "Unit: Acolyte", "Ghoul")
    choose_area(app, "Area: choose", "Europe")
    tap(app, "+")
    tap(app, "+")  # three Ghouls: the box holds two
    record = next(b for b in scene(app).buttons if b.label == "Record")
    seq = table_of(app).session.seq
    assert not record.enabled
    app.tap(record.rect.center)
    assert table_of(app).session.seq == seq
    assert "Black Goat has 2 Ghoul in all" in CorrectionsScene.refusal(app.state, scene(app).command())


def test_every_stepper_stays_within_its_range(app_for) -> None:
    app = app_for("yuggoth-demo")
    app.scene_name = "fix"
    tap(app, "Watcher")
    tap(app, "Asleep")  # now awake: token and area
    assert "Token: 12" in [row.label + f": {scene(app).value(row.field)}" for row in visible_rows(app)]
    plus = next(b for b in scene(app).buttons if b.label == "+")
    assert not plus.enabled  # the token never rises above 12


def test_the_ritual_stepper_counts_spaces_from_one_as_the_board_and_the_preview_do(app_for) -> None:
    """The stepper reads the words of the preview ("space 1 of 7"; set_ritual counts from 0),
    its last space Instant Death; the command recorded keeps the engine's count."""
    app = app_for("earth-3p")  # three players: 5 6 7 8 9 10, then Instant Death
    tap(app, "Fix")
    tap(app, "Ritual track")
    words = drawn_words(app)
    assert "Marker: space 1 of 7 " in words and "The ritual marker is on space 1 of 7." in words
    assert "0" not in words.replace("10", "")  # no space is called 0
    step(app, "Marker", "+")
    step(app, "Marker", "+")
    words = drawn_words(app)
    assert "Marker: space 3 of 7 " in words and "The ritual marker is on space 3 of 7." in words
    tap(app, "Record")
    assert last_command(app) == k.SetRitual(2)
    assert table_of(app).session.state.ritual_cost == 7  # the board's third space
    for _ in range(4):
        step(app, "Marker", "+")
    words = drawn_words(app)
    assert "Marker: space 7 of 7 (Instant Death)" in words
    assert "The ritual marker is on space 7 of 7 (Instant Death)." in words
    plus = [b for b in scene(app).buttons if b.label == "+"]
    assert len(plus) == 1 and not plus[0].enabled


def test_the_revealed_signs_preview_counts_them_as_the_steppers_do(app_for) -> None:
    """Steppers count the signs of each value; the preview counts them too, not one value per sign."""
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Revealed signs")
    assert "Great Cthulhu has revealed no Elder Signs." in drawn_words(app)
    for _ in range(3):
        step(app, "Worth 1", "+")
    step(app, "Worth 3", "+")
    words = drawn_words(app)
    assert "Worth 1: 3 " in words and "Worth 3: 1 " in words
    assert "Great Cthulhu has revealed 3 Elder Signs worth 1, 1 Elder Sign worth 3." in words
    tap(app, "Record")
    assert last_command(app) == k.SetRevealedElderSigns("great_cthulhu", (1, 1, 1, 3))


def test_the_spellbooks_preview_counts_the_unnamed_as_their_stepper_does(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Spellbooks")
    choose(app, "Player: Great Cthulhu", "Black Goat")
    choose(app, "Named: 0 (choose)", "Frenzy")
    tap(app, "Done")
    step(app, "Unnamed", "+")
    step(app, "Unnamed", "+")
    words = drawn_words(app)
    assert "Unnamed: 2 " in words and "Black Goat holds 3 Spellbooks: Frenzy, 2 unnamed." in words
    tap(app, "Record")
    assert last_command(app) == k.SetSpellbooks("black_goat", ("Frenzy", "", ""))


def visible_rows(app: App) -> list[Row]:
    fix = scene(app)
    return KINDS[fix.draft.kind].rows(app.state, fix.draft)


def test_a_joined_game_is_entered_and_begun_from_the_page(app_on) -> None:
    command = dataclasses.replace(new_game("earth-3p"), join=c.Join(3, Phase.ACTION))
    app = app_on(GameSession.start(SqliteJournal(":memory:"), "j", command))
    tap(app, "Fix")
    assert labels(app)[0] == "Begin play"
    tap(app, "Power")
    tap(app, "+")
    tap(app, "Record")
    tap(app, "Back")
    tap(app, "Begin play")
    state = table_of(app).session.state
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor == "great_cthulhu"


def test_another_game_on_the_table_resets_the_page(app_for) -> None:
    app = app_for("earth-3p")
    fix = scene(app)
    fix.draft = Draft(kind="power", player="tcho_tcho", area=99)
    app.scene_name = "fix"
    assert "Power" in labels(app) and fix.draft == Draft()


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text(app_on, size) -> None:
    check_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text(app_on, size)
