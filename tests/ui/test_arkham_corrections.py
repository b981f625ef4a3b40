"""The Arkham Corrections page, headless: one tap from the Arkham table, every step renders at
every size with fingertip buttons and no text cut, the correction is previewed in the log's
words before Record, and tapping through posts the right command."""

from __future__ import annotations

import pytest

from companion.engine.arkham import corrections as c
from companion.engine.arkham import model as m
from companion.ui.app import SIZES, App
from companion.ui.arkham_corrections import Draft
from companion.ui.arkham_scene import ArkhamScene
from tests.helpers import frame, table_of, tap
from tests.ui.arkham_corrections import (
    check_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut,
    page,
    submit,
)


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def choose(app: App, label: str) -> None:
    """Page a list until ``label`` shows, then tap it."""
    for _ in range(10):
        if label in labels(app):
            break
        tap(app, "Next")
    tap(app, label)


def last_command(app: App) -> str:
    session = table_of(app).session
    command: str = session.journal.entry("a", session.seq).command
    return command


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut(arkham_for, size) -> None:
    check_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut(arkham_for, size)


def test_the_page_is_one_tap_from_the_arkham_table_and_back(arkham_for) -> None:
    app = arkham_for()
    assert app.scene_name == "arkham"
    tap(app, "Correct")
    assert app.scene_name == "arkham_fix" and "Doom 0" in labels(app)
    tap(app, "Back to the table")
    assert app.scene_name == "arkham"


def test_a_stepper_previews_the_correction_then_records_it_with_its_reason(arkham_for) -> None:
    app = arkham_for()
    submit(app, c.CorrectDoom(4))
    tap(app, "Correct")
    tap(app, "Doom 4")  # two taps from the table
    assert not next(b for b in page(app).buttons if b.label == "Record").enabled  # nothing changed yet
    tap(app, "Less")
    said, _ = page(app).words(app.client.table.session.state, app.log)
    assert said == "Will record: Correction: doom: 4 -> 3."
    tap(app, "No reason")
    tap(app, "a card's effect")
    assert "(an item's effect)" in page(app).words(app.client.table.session.state, app.log)[0]
    seq = app.client.table.session.seq
    tap(app, "Record")
    assert app.client.table.session.seq == seq + 1 and app.client.table.session.state.doom == 3
    assert '"type":"arkham_doom"' in last_command(app) and '"reason":"an item\'s effect"' in last_command(app)
    assert app.log[-1] == "Correction: doom: 4 -> 3 (an item's effect)."
    assert page(app).draft == Draft() and "Last: Correction: doom" in page(app).words(app.client.table.session.state, app.log)[0]


def test_a_monster_defeated_at_the_table_is_tapped_through_to_a_trophy(arkham_for) -> None:
    app = arkham_for()
    submit(app, c.CorrectMonster("Cultist", c.MonsterAction.PLACE, to="Rivertown"))
    tap(app, "Correct")
    tap(app, "Monsters")
    tap(app, "Defeated (a trophy)")
    tap(app, "Cultist (Rivertown)")
    assert "Will record: Correction: monster Cultist: Rivertown -> defeated, a trophy." in page(app).words(
        app.client.table.session.state, app.log
    )
    tap(app, "Record")
    state = app.client.table.session.state
    assert state.monsters == () and state.trophies == ("Cultist",)
    assert '"action":"defeated"' in last_command(app) and '"place":"Rivertown"' in last_command(app)
    table = app.scenes["arkham"]
    assert isinstance(table, ArkhamScene)
    app.scene_name = "arkham"
    app.draw()
    shown = [drawn.shown for drawn in frame(app)]  # two investigators: limit 5, Outskirts 6
    assert {"0/5", "Outskirts 0/6"} <= set(shown)
    tap(app, "Details")  # the trophies and the cup are on the detail view
    shown = [drawn.shown for drawn in frame(app)]
    assert "Trophies 1, boxed 0" in shown and "in the cup 54" in " ".join(shown)
    tap(app, "Back")
    app.scene_name = "arkham_fix"
    tap(app, "Undo")  # from the page itself
    assert app.client.table.session.state.monsters == (m.Monster("Cultist", "Rivertown"),) and app.scene_name == "arkham_fix"


def test_a_monster_is_placed_from_the_cup_and_moved_by_choosing(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Correct")
    tap(app, "Monsters")
    tap(app, "Placed from the cup")
    choose(app, "Mi-Go")
    choose(app, "Sky")
    tap(app, "Record")
    assert app.client.table.session.state.monsters == (m.Monster("Mi-Go", "Sky"),)
    tap(app, "Monsters")
    tap(app, "Moved")
    tap(app, "Mi-Go (Sky)")
    choose(app, "Uptown")
    tap(app, "Record")
    assert app.client.table.session.state.monsters == (m.Monster("Mi-Go", "Uptown"),)
    assert '"action":"move"' in last_command(app)


def test_a_gate_is_opened_with_its_world_then_sealed(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Correct")
    tap(app, "Gates")
    tap(app, "Open a gate")
    choose(app, "The Witch House")
    choose(app, "R'lyeh")
    tap(app, "Record")
    assert app.client.table.session.state.gates == (m.Gate("The Witch House", "R'lyeh"),)
    tap(app, "Gates")
    tap(app, "Seal a gate")
    tap(app, "The Witch House")
    tap(app, "Record")
    assert app.client.table.session.state.seals == ("The Witch House",)


def test_clues_an_investigator_a_card_a_marker_and_the_awakening(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Correct")
    tap(app, "Clues")
    choose(app, "Library (0)")
    tap(app, "More")
    tap(app, "More")
    tap(app, "Record")
    assert app.client.table.session.state.clues_at("Library") == 2
    tap(app, "Investigators")
    tap(app, "Bob: Northside")
    tap(app, "Where: Northside")
    choose(app, "Lost in Time and Space")
    tap(app, "Delayed: no")
    tap(app, "Record")
    bob = app.client.table.session.state.investigators[1]
    assert (bob.place, bob.delayed) == ("Lost in Time and Space", True)
    tap(app, "Investigators")
    tap(app, "Amanda: Woods")
    tap(app, "Devoured")
    tap(app, "Record")
    assert app.client.table.session.state.investigators[0].standing is m.Standing.DEVOURED
    tap(app, "Environment")
    choose(app, "Heat Wave")
    tap(app, "Record")
    assert app.client.table.session.state.environment == "Heat Wave"
    tap(app, "Markers")
    tap(app, "Close a location")
    choose(app, "Velma's Diner")
    tap(app, "Record")
    assert app.client.table.session.state.closed == ("Velma's Diner",)
    tap(app, "Wake it")
    tap(app, "Record")
    assert app.client.table.session.state.awakened and '"type":"arkham_awake"' in last_command(app)
    assert "Put it to sleep" in labels(app)


def test_a_correction_that_would_be_refused_is_shown_and_cannot_be_recorded(arkham_for) -> None:
    app = arkham_for()
    submit(
        app,
        *(
            c.CorrectMonster(k, c.MonsterAction.PLACE, to="Outskirts")
            for k in ("Cultist", "Ghoul", "Zombie", "Maniac", "Witch", "Gug")
        ),
    )
    tap(app, "Correct")
    tap(app, "Monsters")
    tap(app, "Placed from the cup")
    choose(app, "Shoggoth")
    choose(app, "Outskirts")
    said, _ = page(app).words(app.client.table.session.state, app.log)
    assert said.startswith("Refused: The Outskirts hold at most 6 monsters")
    seq = app.client.table.session.seq
    assert not next(b for b in page(app).buttons if b.label == "Record").enabled
    tap(app, "Cancel")
    assert app.client.table.session.seq == seq and page(app).draft == Draft()


def test_a_reason_of_the_tables_own_is_typed_on_the_on_screen_keyboard(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Correct")
    tap(app, "Terror 0")
    tap(app, "More")
    tap(app, "Type")
    for label in ("Shift", "R", "u", "m", "o", "r", "Space", "f", "a", "i", "l", "e", "d", "x", "Delete", "Done"):
        tap(app, label)
    assert page(app).draft.reason == "Rumor failed" and not page(app).draft.typing
    tap(app, "Record")
    assert app.log[-1] == "Correction: terror: 0 -> 1 (Rumor failed)."
    assert '"reason":"Rumor failed"' in last_command(app)
