"""The Corrections page gives and takes what the options add: a neutral Spellbook by name (the
neutral Spellbooks option; one no other player holds, and one held can be taken back), and a High
Priest placed or removed as a unit (the High Priests option); a neutral monster or independent
Great Old One whose card a player holds is among its units too, and with Abhoth in the game the
Filth of no player's ("Neutral": Lost Abhoth) are placed and removed like any units."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.factions import high_priests as hp
from companion.engine.cthulhu.factions import neutral_spellbooks as nb
from companion.engine.cthulhu.model import NEUTRAL, Faction, Options, UnitKind
from companion.engine.values import evolve
from companion.ui.app import SIZES, App
from companion.ui.corrections_scene import KINDS, unit_types
from tests.helpers import started, table_of, tap
from tests.ui.corrections_scene import check_screen, choose, choose_area, fix_menu_with, fix_page, labels, last_command, scene
from tests.ui.text_fit import LONG_NAME

GC, BG = "great_cthulhu", "black_goat"


def books_of(app: App, player: str) -> list[str]:
    """The Spellbooks' chooser for ``player``, every page (the Spellbooks editor open)."""
    choose(app, next(label for label in labels(app) if label.startswith("Player: ")), player)
    tap(app, next(label for label in labels(app) if label.startswith("Named: ")))
    seen: list[str] = []
    while True:
        seen += [label for label in labels(app) if label not in seen]
        if "Next" not in labels(app) or nb.BOOKS[-1] in seen:
            return seen
        tap(app, "Next")


def test_a_neutral_spellbook_is_given_and_taken_back_by_taps(app_on) -> None:
    app = fix_page(app_on, Options(abilities=True, neutral_spellbooks=True))
    tap(app, "Spellbooks")
    assert set(nb.BOOKS) <= set(books_of(app, "Great Cthulhu"))
    while nb.SHRIVELING not in labels(app):
        tap(app, "Next")
    tap(app, nb.SHRIVELING)
    assert f"* {nb.SHRIVELING}" in labels(app)
    tap(app, "Done")
    tap(app, "Record")
    assert last_command(app) == k.SetSpellbooks(GC, (nb.SHRIVELING,))
    assert table_of(app).session.state.player(GC).spellbooks == (nb.SHRIVELING,)
    offered = books_of(app, "Black Goat")  # one card of each: Great Cthulhu holds it
    assert nb.SHRIVELING not in offered and f"* {nb.SHRIVELING}" not in offered and nb.UNDIMENSIONED in offered
    tap(app, "Done")
    tap(app, "Back")
    tap(app, "Spellbooks")
    books_of(app, "Great Cthulhu")  # the one it holds is listed, marked, to be taken back
    while f"* {nb.SHRIVELING}" not in labels(app):
        tap(app, "Next")
    tap(app, f"* {nb.SHRIVELING}")  # taken back to the supply
    tap(app, "Done")
    tap(app, "Record")
    assert table_of(app).session.state.player(GC).spellbooks == ()


def test_without_the_option_no_neutral_spellbook_is_offered(app_on) -> None:
    app = fix_page(app_on, Options(abilities=True))
    tap(app, "Spellbooks")
    assert not set(nb.BOOKS) & set(books_of(app, "Great Cthulhu"))


def test_a_high_priest_is_placed_and_removed_as_a_unit(app_on) -> None:
    app = fix_page(app_on, Options(high_priests=True))
    tap(app, "Units")
    choose(app, next(label for label in labels(app) if label.startswith("Owner: ")), "Black Goat")
    choose(app, "Unit: Acolyte", hp.HIGH_PRIEST)
    choose_area(app, "Area: choose", "Europe")
    tap(app, "Record")
    assert last_command(app) == c.Place(BG, c.UnitRef("Europe", UnitKind.CULTIST, hp.HIGH_PRIEST, 1))
    state = table_of(app).session.state
    europe = state.board.area_index("Europe")
    assert europe is not None and state.areas[europe].count(owner=BG, name=hp.HIGH_PRIEST) == 1
    tap(app, "Placed")
    tap(app, "Record")
    assert last_command(app) == c.Eliminate(BG, c.UnitRef("Europe", UnitKind.CULTIST, hp.HIGH_PRIEST, 1))
    assert table_of(app).session.state.areas[europe].count(owner=BG, name=hp.HIGH_PRIEST) == 0


def test_units_offered_follow_the_options_and_the_cards_held() -> None:
    plain = started()
    assert hp.HIGH_PRIEST not in [name for name, _kind in unit_types(plain, GC)]
    priests = started(options=Options(high_priests=True))
    assert (hp.HIGH_PRIEST, UnitKind.CULTIST) in unit_types(priests, GC)
    carded = evolve(plain, loyalty=(("Shantak", GC), ("Abhoth", BG)))
    assert ("Shantak", UnitKind.MONSTER) in unit_types(carded, GC) and ("Shantak", UnitKind.MONSTER) not in unit_types(carded, BG)
    assert {("Abhoth", UnitKind.IGOO), ("Filth", UnitKind.MONSTER)} <= set(unit_types(carded, BG))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_editor_and_chooser_fits_with_both_options_and_the_longest_names(app_on, size) -> None:
    """The whole page as a table with both options sees it, every chooser's every page: a
    player's name at the limit, Tcho-Tcho's three High Priests, the six neutral Spellbooks."""
    seats = (c.Seat(Faction.OTHER, LONG_NAME), c.Seat(Faction.TCHO_TCHO), c.Seat(Faction.OPENER_OF_THE_WAY))
    options = Options(abilities=True, high_priests=True, neutral_spellbooks=True, independents=("Abhoth",))
    app = fix_menu_with(app_on, size, seats, options)
    fix = scene(app)
    state = app.state
    for name, kind in KINDS.items():
        if not kind.available(state):
            continue
        for player in [p.pid for p in state.players] + ([NEUTRAL] if name == "units" else []):
            opened = kind.start(state, dataclasses.replace(fix.open(name).draft, player=player))
            if name == "captured":  # every stepper offered: one of each other player's, a High Priest
                ones = tuple(int(p.pid != player) for p in state.players)
                opened = dataclasses.replace(opened, counts=ones, priests=ones)
            fix.draft = opened
            check_screen(app, f"{name} for {player}")
            for row in kind.rows(state, opened):
                if row.kind != "choose":
                    continue
                for page in range(4):
                    fix.draft = dataclasses.replace(opened, chooser=row.field, page=page)
                    check_screen(app, f"{name}/{row.field} page {page + 1}")


def test_neutral_filth_are_placed_by_taps_and_the_page_goes_on(app_on) -> None:
    """Lost Abhoth's Filth turn neutral: with Abhoth in the game, "Neutral" is an owner of units."""
    app = fix_page(app_on, Options(abilities=True, independents=("Abhoth",)))
    tap(app, "Units")
    choose(app, next(label for label in labels(app) if label.startswith("Owner: ")), "Neutral")
    assert "Unit: Filth" in labels(app)
    choose_area(app, "Area: choose", "Europe")
    tap(app, "Record")
    assert last_command(app) == c.Place(NEUTRAL, c.UnitRef("Europe", UnitKind.MONSTER, "Filth", 1))
    state = table_of(app).session.state
    europe = state.board.area_index("Europe")
    assert europe is not None and state.areas[europe].count(owner=NEUTRAL, name="Filth") == 1
    tap(app, "Back")
    tap(app, "Power")  # another editor opens on a player, not on "Neutral"
    assert "Player: Great Cthulhu" in labels(app)


def test_without_abhoth_no_neutral_owner_is_offered(app_on) -> None:
    app = fix_page(app_on, Options(abilities=True))
    tap(app, "Units")
    tap(app, next(label for label in labels(app) if label.startswith("Owner: ")))
    assert "Neutral" not in labels(app)


def test_a_neutral_owner_is_not_kept_for_a_game_without_abhoth(app_on) -> None:
    """The Units editor open on "Neutral" when another game, without Abhoth, comes on the table
    (same seats, so no player of the draft is missing): the page starts again, as for any other
    owner the new game does not have, rather than offering Filth of nobody's in a game that has none."""
    app = fix_page(app_on, Options(abilities=True))
    fix = scene(app)
    fix.draft = dataclasses.replace(fix.open("units").draft, player=NEUTRAL)
    app.draw()
    assert not [label for label in labels(app) if label == "Owner: Neutral"]
    assert fix.draft.player != NEUTRAL
