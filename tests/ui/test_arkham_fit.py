"""Nothing cut, nothing overlapping: every Arkham screen, prompt and chooser, at every supported
size, with the longest real names (investigator names of 30 characters, the longest Mythos
titles, Ancient One, locations, Other Worlds and monsters of companion/engine/arkham/data.py).

The scene draws all its text through an :class:`~companion.ui.arkham_board.Ink`, which records
each line's rectangle and the box it belongs in (a panel, a button, the question's area).  A line
fails the check when it leaves the screen or its box, overlaps another line, overlaps a button
it does not belong to, or is ellipsised; a panel that had to leave entries out ("+N more") fails
too.  The doom and terror numerals must be readable from 1.5 m: 28 px of figure or more."""

from __future__ import annotations

import pytest

from companion.engine.arkham.data import TERROR_TOP
from companion.engine.arkham.game import MAX_NAME
from companion.engine.values import evolve
from companion.ui import widgets
from companion.ui.app import SIZES
from companion.ui.arkham_board import NBSP
from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind
from companion.ui.widgets import Drawn, font, wrap
from tests.helpers import frame, table_of
from tests.ui.arkham_fit import (
    NAMES,
    check,
    check_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names,
    check_lines,
)

assert {len(name) for name in NAMES} == {MAX_NAME}


@pytest.mark.parametrize("players,gates", [(8, 4), (2, 7)], ids=["eight-investigators", "seven-gates"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names(crowded_app, size, players, gates) -> None:
    check_every_arkham_screen_prompt_and_chooser_fits_with_the_longest_names(crowded_app, size, players, gates)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_table_fits_when_it_draws_for_itself_and_when_the_ancient_one_is_awake(crowded_app, size) -> None:
    app = crowded_app(size, 8, 4)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    why = "the doom track is full: Shub-Niggurath awakens and the final battle begins at the table"
    for changes in ({"table_draws": True}, {"awakened": why}, {"gates": (), "monsters": ()}):
        table_of(app).session.state = app.state = evolve(app.state, **changes)
        written = check(app, f"{size} {sorted(changes)}")
        if "awakened" in changes:
            assert why in " ".join(w.shown for w in written)


@pytest.mark.parametrize("players,gates", [(8, 4), (2, 7)], ids=["eight-investigators", "seven-gates"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_detail_view_fits_with_the_longest_names_and_holds_every_gate_and_investigator(
    crowded_app, size, players, gates
) -> None:
    app = crowded_app(size, players, gates)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    scene.menu = Menu(MenuKind.DETAIL)
    shown = " ".join(w.shown for w in check(app, f"{size} detail"))
    assert scene.menu == Menu(MenuKind.DETAIL) and scene.buttons[0].label == "Back"
    for gate in app.state.gates:
        assert gate.location.split()[0] in shown, gate
    for who in app.state.investigators:
        assert who.name.split()[0] in shown, who.name


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_doom_and_terror_are_large_enough_to_read_from_across_the_table(crowded_app, size) -> None:
    app = crowded_app(size, 4, 3)
    big = {w.tag: w for w in frame(app) if w.tag in ("doom", "terror")}
    assert big["doom"].shown == "12/12" and big["terror"].shown == f"{TERROR_TOP}/{TERROR_TOP}"
    assert all(w.rect.height >= 28 for w in big.values()), {w.shown: w.rect for w in big.values()}


def test_the_check_fails_on_text_that_would_be_cut(crowded_app) -> None:
    """The check itself: a label too long for its button, or a panel that left entries out, fails."""
    app = crowded_app((800, 480), 8, 4)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    app.draw()
    scene.buttons[0].label = "Draw the Mythos card from the top of the shuffled deck now " * 2
    written: list[Drawn] = []
    widgets.RECORDER = written
    try:
        scene.draw(app.window, app.view())
    finally:
        widgets.RECORDER = None
    with pytest.raises(AssertionError, match=r"leaves its box|overlaps"):
        check_lines(written, scene.buttons, (800, 480), "a label too long")
    app.log = []
    table_of(app).session.state = app.state = evolve(app.state, gates=app.state.gates * 6)
    with pytest.raises(AssertionError, match="cut short"):
        check(app, "too many gates for the panel")


def test_wrapping_keeps_a_label_with_its_number(crowded_app) -> None:
    crowded_app((800, 480), 2, 1)  # fonts need pygame started
    rows = wrap(f"Library, Sneak{NBSP}4, Clues{NBSP}0", 20, font(20).size("Library, Sneak")[0] + 2)
    assert rows == ["Library,", f"Sneak{NBSP}4,", f"Clues{NBSP}0"]
