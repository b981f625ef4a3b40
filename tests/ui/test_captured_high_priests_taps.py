"""Captured High Priests on the Corrections page (the High Priests option): under a player with a
cultist captured and a High Priest in its box, a stepper says how many of those cultists are High
Priests (up to three of Tcho-Tcho's); the recorded ``set_captured`` names them, and the engine's
pool check is shown before Record.  Without the option no such stepper is offered.  At a table
of eight with the longest names every row is reachable (columns, then pages) and nothing is cut."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame
import pytest

from companion import i18n
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.factions import high_priests as hp
from companion.engine.cthulhu.model import Faction, Options, UnitKind
from companion.engine.values import evolve
from companion.i18n import sentence
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.corrections_scene import PREVIEW_SIZES, REASONS, lines_in
from companion.ui.widgets import wrap
from tests.helpers import frame, new_game, table_of, tap
from tests.ui.corrections_scene import check_screen, choose, drawn_words, labels, last_command, scene, step
from tests.ui.text_fit import LONG_NAME

GC, TT, BG = "great_cthulhu", "tcho_tcho", "black_goat"
FACTIONS = (Faction.GREAT_CTHULHU, Faction.TCHO_TCHO, Faction.BLACK_GOAT)


def captured_editor(app_on: Callable[..., App], high_priests: bool = True) -> App:
    """Earth (3 players), Great Cthulhu, Tcho-Tcho and Black Goat: the Captured editor open for
    Great Cthulhu."""
    options = Options(high_priests=high_priests)
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", FACTIONS, options=options))
    assert isinstance(session, GameSession)
    app = app_on(session)
    tap(app, "Fix")
    tap(app, "Captured")
    if "Player: Great Cthulhu" not in labels(app):
        choose(app, next(label for label in labels(app) if label.startswith("Player: ")), "Great Cthulhu")
    return app


def row_label(app: App, start: str) -> str:
    """The stepper row whose label starts with ``start`` ("of Black Goat", "High Priests of ..."),
    with its value, as drawn."""
    fix = scene(app)
    app.draw()
    found = [f"{row.label}: {fix.value(row.field)}" for row, _rect in fix.rows_drawn(app.state) if row.label.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def row_rect(app: App, start: str) -> pygame.Rect:
    fix = scene(app)
    return next(rect for row, rect in fix.rows_drawn(app.state) if row.label.startswith(start))


def rows(app: App) -> list[str]:
    fix = scene(app)
    app.draw()
    return [row.label for row, _rect in fix.rows_drawn(app.state)]


def test_captured_high_priests_are_recorded_by_steppers(app_on) -> None:
    app = captured_editor(app_on)
    tcho, goat = (f"of {app.state.player(pid).label}" for pid in (TT, BG))
    tcho_priests, goat_priests = (f"High Priests of {app.state.player(pid).label}" for pid in (TT, BG))
    assert tcho_priests not in rows(app)  # no cultist of Tcho-Tcho captured: none of them a High Priest
    step(app, tcho, "+")
    step(app, tcho, "+")
    step(app, tcho, "+")
    assert tcho_priests in rows(app)
    step(app, tcho_priests, "+")
    step(app, tcho_priests, "+")
    step(app, goat, "+")
    step(app, goat_priests, "+")
    assert row_label(app, goat_priests).endswith(": 1")
    plus = next(b for b in scene(app).buttons if b.label == "+" and b.rect.y == row_rect(app, goat_priests).y)
    assert not plus.enabled  # Black Goat's box holds one High Priest
    tcho_label, goat_label = (app.state.player(pid).label for pid in (TT, BG))
    assert (
        f"Great Cthulhu holds captured 3 cultists (two of them High Priests) of {tcho_label}, 1 High Priest of {goat_label}."
        in drawn_words(app)
    )  # the preview counts as the steppers do
    tap(app, "Record")
    assert last_command(app) == k.SetCaptured(GC, (TT, TT, TT, BG), "", (TT, TT, BG))
    state = table_of(app).session.state
    assert state.player(GC).captured == (TT, TT, TT, BG)
    assert sorted(hp.held_by(state, GC)) == [BG, TT, TT]
    assert hp.captive(state, TT) == 2 and hp.captive(state, BG) == 1
    tap(app, "Back")
    tap(app, "Captured")  # the editor opens again on what is held now
    assert row_label(app, tcho_priests) == f"{tcho_priests}: 2" and row_label(app, goat_priests) == f"{goat_priests}: 1"


def test_fewer_cultists_captured_leave_no_more_high_priests_than_cultists(app_on) -> None:
    app = captured_editor(app_on)
    tcho, tcho_priests = f"of {app.state.player(TT).label}", f"High Priests of {app.state.player(TT).label}"
    step(app, tcho, "+")
    step(app, tcho, "+")
    step(app, tcho_priests, "+")
    step(app, tcho_priests, "+")
    step(app, tcho, "-")
    assert row_label(app, tcho_priests) == f"{tcho_priests}: 1"
    step(app, tcho, "-")
    assert tcho_priests not in rows(app)
    tap(app, "Record")
    assert last_command(app) == k.SetCaptured(GC, (), "", ())


def test_three_tcho_tcho_high_priests_with_one_on_the_map_are_refused_before_record(app_on) -> None:
    app = captured_editor(app_on)
    assert table_of(app).submit(c.Place(TT, c.UnitRef("Europe", UnitKind.CULTIST, hp.HIGH_PRIEST, 1)))
    state = table_of(app).session.state
    assert sum(a.count(owner=TT, name=hp.HIGH_PRIEST) for a in state.areas) == 1  # one of its three on the map
    tcho, tcho_priests = f"of {state.player(TT).label}", f"High Priests of {state.player(TT).label}"
    for _ in range(3):
        step(app, tcho, "+")
    for _ in range(3):
        step(app, tcho_priests, "+")  # the stepper goes to Tcho-Tcho's three
    record = next(b for b in scene(app).buttons if b.label == "Record")
    assert not record.enabled
    assert "High Priests in all" in scene(app).refusal(app.state, scene(app).command())
    seq = table_of(app).session.seq
    app.tap(record.rect.center)
    assert table_of(app).session.seq == seq


def test_without_the_option_no_high_priest_stepper_is_offered(app_on) -> None:
    app = captured_editor(app_on, high_priests=False)
    tcho = f"of {app.state.player(TT).label}"
    step(app, tcho, "+")
    assert not [label for label in rows(app) if label.startswith("High Priests")]
    tap(app, "Record")
    assert last_command(app) == k.SetCaptured(GC, (TT,), "")


def eight_seats() -> tuple[c.Seat, ...]:
    """A table of eight with the longest names: a player's name at the limit, Tcho-Tcho, and the
    factions with the longest labels."""
    longest = sorted((f for f in Faction if f not in (Faction.OTHER, Faction.TCHO_TCHO)), key=lambda f: -len(f.label))
    return (c.Seat(Faction.OTHER, LONG_NAME), c.Seat(Faction.TCHO_TCHO), *(c.Seat(f) for f in longest[:6]))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_table_of_eight_reaches_every_high_priest_stepper_without_cut_text(app_on, size) -> None:
    board = evolve(load_map("earth-6p"), players=(8,))
    options = Options(high_priests=True)
    session = GameSession.start(SqliteJournal(":memory:"), "big", c.NewGame(board, eight_seats(), 1, options))
    assert isinstance(session, GameSession)
    for index, area in enumerate(session.state.areas):  # the cultists off the map: all can be held captured
        for units in area.units:
            if units.kind is UnitKind.CULTIST:
                ref = c.UnitRef(session.state.area_name(index), UnitKind.CULTIST, units.name, units.count)
                assert session.submit(c.Eliminate(units.owner, ref)).ok
    app = app_on(session, size)
    app.scene_name = "fix"
    fix = scene(app)
    app.draw()
    state = app.state
    # Six cultists of each of the seven others held (42), each box's High Priests among them:
    # every stepper offered, and the preview (a phrase per victim) fits beside them.
    player = state.players[-1].pid
    counts = tuple(0 if p.pid == player else 6 for p in state.players)
    priests = tuple(0 if p.pid == player else hp.pool(state, p.pid) for p in state.players)
    fix.draft = dataclasses.replace(fix.open("captured").draft, player=player, counts=counts, priests=priests)
    command = fix.command()
    assert isinstance(command, k.SetCaptured) and len(command.victims) == 42
    assert fix.refusal(state, command) == ""  # the words alone, not halved by a refusal
    seen: set[str] = set()
    for _ in range(6):  # every page, until More comes back to the first
        check_screen(app, f"captured, page {fix.draft.rows_page + 1}")
        seen |= {row.label for row, _rect in fix.rows_drawn(state)}
        more = [label for label in labels(app) if label.startswith(i18n._("More ({page}/{pages})").partition("{")[0])]
        if not more:
            break
        tap(app, more[0])
        if fix.draft.rows_page == 0:
            break
    wanted = {i18n._("of {player}").format(player=p.label) for p in state.players if p.pid != player}
    wanted |= {
        i18n._("High Priests of {player}").format(player=p.label)
        for p in state.players
        if p.pid != player and hp.pool(state, p.pid)
    }
    assert len(wanted) >= 13 and wanted <= seen, wanted - seen


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_table_of_eight_with_forty_two_captives_fits_in_german(app_on, size, german) -> None:
    test_a_table_of_eight_reaches_every_high_priest_stepper_without_cut_text(app_on, size)


def test_a_victims_six_acolytes_and_its_high_priest_can_all_be_held_captured(app_on) -> None:
    """A stepper of captured cultists goes to what the victim's box holds: its six Acolytes and,
    with the option, its High Priest (seven for Black Goat); the engine records all seven once
    they are off the map.  Without the option, six."""
    app = captured_editor(app_on)
    table = table_of(app)
    assert table.submit(c.Eliminate(BG, c.UnitRef("Africa", UnitKind.CULTIST, "Acolyte", 6)))
    goat, goat_priests = f"of {app.state.player(BG).label}", f"High Priests of {app.state.player(BG).label}"
    for _ in range(7):
        step(app, goat, "+")
    step(app, goat_priests, "+")
    assert row_label(app, goat) == f"{goat}: 7"
    tap(app, "Record")
    assert last_command(app) == k.SetCaptured(GC, (BG,) * 7, "", (BG,))
    assert table.session.state.player(GC).captured == (BG,) * 7
    plain = captured_editor(app_on, high_priests=False)
    assert next(row.high for row, _rect in scene(plain).rows_drawn(plain.state) if row.label == goat) == 6


def test_the_preview_keeps_its_largest_size_when_its_words_fit_above_the_buttons(app_on) -> None:
    """The preview steps its size down only for words that do not fit: with a Reason chosen no
    "Reason: none" line is drawn under them, so no room is kept for it (at 800x480 a table of
    eight's captives with a reason were drawn at the second size though the first fitted)."""
    board = evolve(load_map("earth-6p"), players=(8,))
    session = GameSession.start(SqliteJournal(":memory:"), "big", c.NewGame(board, eight_seats(), 1, Options(high_priests=True)))
    assert isinstance(session, GameSession)
    for index, area in enumerate(session.state.areas):  # the cultists off the map: the engine records them all
        for units in area.units:
            ref = c.UnitRef(session.state.area_name(index), UnitKind.CULTIST, units.name, units.count)
            assert session.submit(c.Eliminate(units.owner, ref)).ok
    app = app_on(session)
    app.scene_name = "fix"
    fix = scene(app)
    app.draw()
    state, m = app.state, fix.metrics
    _editor, panel = fix.regions()
    room = panel.bottom - 2 * (m.touch + m.margin) - panel.y - m.margin  # above Back, Reason and Record
    largest = m.px(PREVIEW_SIZES[0])
    player = state.players[-1].pid
    checked = 0
    long = ((6, 3, 3, 4, 1, 2, 1, 0), (6, 6, 1, 1, 1, 1, 2, 0), (2, 2, 2, 2, 2, 2, 2, 0), (6, 5, 4, 3, 2, 1, 0, 0))
    cases = (*long, (2, 1, 0, 0, 0, 0, 0, 0))  # the last short enough for the largest size
    for counts in cases:
        fix.draft = dataclasses.replace(fix.open("captured").draft, player=player, counts=counts, reason=1)
        command = fix.command()
        assert command is not None and fix.refusal(state, command) == ""
        drawn = frame(app)
        first = next(line for line in drawn if line.wanted.startswith(f"{state.player(player).label} holds captured"))
        words = sentence(k.summary(state, command)) + f" ({i18n._(REASONS[1])})."
        if len(wrap(words, largest, panel.width - 2 * m.margin, True)) <= lines_in(room, largest):
            assert first.size == largest, counts
            checked += 1
    assert checked
