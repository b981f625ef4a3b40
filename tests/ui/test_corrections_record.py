"""Recording a correction on the Fix page (issue 33, section 5): the page says what was journaled;
a removal that succeeded shows no refusal; a second tap on Record journals nothing more, and a
draft recorded twice with its input id is applied once."""

from __future__ import annotations

import pytest

from companion.appliance import LocalClient
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.ui.app import App
from companion.ui.corrections_scene import SubmitOnce
from tests.helpers import table_of, tap
from tests.ui.corrections_scene import choose, choose_area, drawn_words, scene, step


def corrections(app: App) -> list[str]:
    return [line for line in app.log if line.startswith("Correction:")]


def test_record_says_what_was_journaled_and_a_second_tap_records_nothing(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Power")
    tap(app, "+")
    tap(app, "Record")
    assert corrections(app) == ["Correction: Great Cthulhu's Power: 9."]
    assert "Recorded: Great Cthulhu's Power: 9." in drawn_words(app)
    record = next(b for b in scene(app).buttons if b.label == "Recorded")
    assert not record.enabled
    seq = table_of(app).session.seq
    app.tap(record.rect.center)  # the second tap
    app.draw()
    assert table_of(app).session.seq == seq
    assert corrections(app) == ["Correction: Great Cthulhu's Power: 9."]


def test_a_changed_draft_is_another_correction_recorded_anew(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Power")
    tap(app, "+")
    tap(app, "Record")
    first = scene(app).draft.input_id
    step(app, "Power", "+")
    assert "Recorded" not in drawn_words(app)
    assert scene(app).draft.input_id == ""  # made at its Record
    tap(app, "Record")
    assert scene(app).draft.input_id not in ("", first)
    assert corrections(app) == ["Correction: Great Cthulhu's Power: 9.", "Correction: Great Cthulhu's Power: 10."]


def test_a_removal_that_succeeded_shows_no_refusal(app_for) -> None:
    app = app_for("earth-3p")
    app.scene_name = "fix"
    tap(app, "Units")
    choose(app, "Owner: Great Cthulhu", "Black Goat")
    choose(app, "Unit: Acolyte", "Ghoul")
    choose_area(app, "Area: choose", "Europe")
    tap(app, "Record")  # one Ghoul placed
    tap(app, "Placed")  # now: removed
    tap(app, "Record")
    europe = app.state.board.area_index("Europe")
    assert app.state.areas[europe].count(owner="black_goat", name="Ghoul") == 0
    words = drawn_words(app)
    assert "Recorded: " in words
    assert "has 0 Ghoul" not in words and "not 1" not in words, words


def test_the_same_input_recorded_twice_is_applied_once(app_for) -> None:
    app = app_for("earth-3p")
    table = table_of(app)
    notices = len(table.notices)
    place = c.Place("black_goat", c.UnitRef("Europe", UnitKind.MONSTER, "Ghoul", 1), "missed at the table")
    assert table.submit_once(place, "fix:same")
    seq = table.session.seq
    table.submit_once(place, "fix:same")  # a retry, a second tap: the journal holds this input
    assert table.session.seq == seq
    europe = table.session.state.board.area_index("Europe")
    assert table.session.state.areas[europe].count(owner="black_goat", name="Ghoul") == 1
    assert len(table.notices) == notices  # no refusal: the repeat is done already, not an error


def test_record_carries_the_drafts_input_id(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Doom")
    tap(app, "+")
    record = next(b for b in scene(app).buttons if b.label == "Record")
    assert isinstance(record.intent, SubmitOnce)
    assert record.intent.input_id.startswith("fix:")


@pytest.mark.skipif(not hasattr(LocalClient, "post_once"), reason="the appliance's client has no post_once yet")
def test_the_journal_holds_the_drafts_input_and_refuses_it_again(app_for) -> None:
    app = app_for("earth-3p")
    tap(app, "Fix")
    tap(app, "Doom")
    tap(app, "+")
    tap(app, "Record")
    session = table_of(app).session
    input_id = scene(app).draft.input_id
    assert session.journal.find_input(session.name, input_id) == session.seq  # journaled with the draft's id
    seq = session.seq
    app.send_once(c.Correct("great_cthulhu", "doom", 9), input_id)  # the same draft's Record again
    app.draw()
    assert session.seq == seq
