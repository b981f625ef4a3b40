"""The Corrections page, by taps: a Loyalty Card given to a player (with an independent's
Spellbook) and put back in the supply; a reason of the table's own typed on the on-screen
keyboard ("Other..."), journaled and shown in the log whole, never cut at any size."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.factions import independents as ind
from companion.engine.cthulhu.model import Faction, Options, UnitKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.corrections_scene import KINDS, MAX_TYPED
from tests.helpers import table_of, tap
from tests.ui.corrections_scene import (
    check_screen,
    choose,
    choose_area,
    drawn_words,
    fix_menu_with,
    fix_page,
    labels,
    last_command,
    scene,
)
from tests.ui.text_fit import LONG_NAME

GC, BG = "great_cthulhu", "black_goat"
CARDS = ("Byatis", "Abhoth", "Star Vampire")
# A reason at the keyboard's limit, in words a table would type (with a capital and an apostrophe).
LONG_REASON = "We forgot it, Abhoth's card went back before the Doom Phase."
assert len(LONG_REASON) == MAX_TYPED


def type_words(app: App, words: str) -> None:
    """Type ``words`` key by key on the on-screen keyboard (Shift before a capital)."""
    for letter in words:
        if letter == " ":
            tap(app, "Space")
        elif letter != letter.lower():
            tap(app, "Shift")
            tap(app, letter)
        else:
            tap(app, letter)


def test_a_loyalty_card_is_given_with_its_spellbook_and_put_back_by_taps(app_on) -> None:
    app = fix_page(app_on, Options(abilities=True, independents=CARDS))
    tap(app, "Loyalty Cards")
    assert labels(app)[:2] == ["Card: Byatis", "Held by: the supply"]  # the game's first card, as held now
    assert "Without its Spellbook" not in labels(app)  # nobody holds a book in the supply
    choose(app, "Held by: the supply", "Black Goat")
    tap(app, "Without its Spellbook")
    assert "Black Goat holds the Byatis Loyalty Card and its Spellbook, God of Forgetfulness." in drawn_words(app)
    tap(app, "Record")
    assert last_command(app) == k.SetLoyalty("Byatis", BG, "", True)
    state = table_of(app).session.state
    assert ind.holder(state, "Byatis") == BG and ind.has_book(state, BG, "Byatis")
    assert app.log[-3:] == [
        "Correction: Black Goat holds the Byatis Loyalty Card and its Spellbook, God of Forgetfulness.",
        "Black Goat takes the Byatis Loyalty Card (correction).",
        "Black Goat holds Byatis's Spellbook, God of Forgetfulness (correction).",
    ]
    choose(app, "Held by: Black Goat", "the supply")  # put back: the book goes with it
    assert "With its Spellbook" not in labels(app)
    tap(app, "Record")
    assert last_command(app) == k.SetLoyalty("Byatis", "", "", None)
    assert table_of(app).session.state.loyalty == ()
    assert app.log[-1] == "Nobody holds Byatis's Spellbook, God of Forgetfulness, now (correction)."


def test_a_neutral_monsters_card_is_chosen_and_has_no_spellbook_to_toggle(app_on) -> None:
    app = fix_page(app_on, Options(abilities=True, independents=CARDS))
    tap(app, "Loyalty Cards")
    choose(app, "Card: Byatis", "Star Vampire")
    choose(app, "Held by: the supply", "Great Cthulhu")
    assert labels(app)[:2] == ["Card: Star Vampire", "Held by: Great Cthulhu"]
    assert not {"With its Spellbook", "Without its Spellbook"} & set(labels(app))
    tap(app, "Record")
    assert last_command(app) == k.SetLoyalty("Star Vampire", GC, "", None)
    assert ind.holder(table_of(app).session.state, "Star Vampire") == GC


def test_the_page_offers_loyalty_cards_only_in_a_game_with_them(app_on) -> None:
    assert "Loyalty Cards" not in labels(fix_page(app_on, Options(abilities=True)))


def test_a_typed_reason_is_recorded_and_shown_in_the_log(app_on) -> None:
    app = fix_page(app_on, Options())
    tap(app, "Power")
    tap(app, "+")
    tap(app, "Other...")
    type_words(app, "Dice fell off")
    tap(app, "Delete")
    type_words(app, "f the table")
    assert "Reason: Dice fell off the table|" in drawn_words(app)
    tap(app, "Done")
    assert "Great Cthulhu's Power: 9 (Dice fell off the table)." in drawn_words(app)
    tap(app, "Record")
    assert last_command(app) == c.Correct(GC, "power", 9, "Dice fell off the table")
    assert app.log[-1] == "Correction: Great Cthulhu's Power: 9 (Dice fell off the table)."


def test_reason_gives_the_preset_reasons_again_after_a_typed_one(app_on) -> None:
    app = fix_page(app_on, Options())
    tap(app, "Doom")
    tap(app, "Other...")
    type_words(app, "house rule")
    tap(app, "Done")
    tap(app, "Reason")  # the typed one gives way to the next preset
    tap(app, "Record")
    assert last_command(app) == c.Correct(GC, "doom", 0, "missed at the table")


def test_a_long_typed_reason_stops_at_the_limit_and_is_not_cut_at_800x480(app_on) -> None:
    """Typed at the limit (and a key more, which types nothing), the reason shows whole above the
    keyboard and in the preview beside a long correction (the longest name, area and unit), and
    is recorded whole."""
    seats = (c.Seat(Faction.OTHER, LONG_NAME), c.Seat(Faction.BLACK_GOAT), c.Seat(Faction.CRAWLING_CHAOS))
    options = Options(abilities=True, independents=CARDS)
    session = GameSession.start(SqliteJournal(":memory:"), "g", c.NewGame(load_map("earth-3p"), seats, 1, options))
    app = app_on(session, (800, 480))
    tap(app, "Fix")
    tap(app, "Units")
    choose(app, next(label for label in labels(app) if label.startswith("Owner: ")), "Black Goat")
    choose(app, "Unit: Acolyte", "Dark Young")
    choose_area(app, "Area: choose", "North Atlantic")
    tap(app, "Other...")
    type_words(app, LONG_REASON + "s")
    check_screen(app, "typing")
    assert f"Reason: {LONG_REASON}|" in drawn_words(app)
    tap(app, "Done")
    check_screen(app, "preview")
    assert f"Black Goat: 1 Dark Young placed in North Atlantic ({LONG_REASON})." in drawn_words(app)
    tap(app, "Record")
    unit = c.UnitRef("North Atlantic", UnitKind.MONSTER, "Dark Young", 1)
    assert last_command(app) == c.Place("black_goat", unit, LONG_REASON)
    assert app.log[-1] == f"Correction: Black Goat: 1 Dark Young placed in North Atlantic ({LONG_REASON})."


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_editor_fits_with_a_long_typed_reason_and_the_keyboard_fits(app_on, size) -> None:
    every_editor_fits(app_on, size)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_editor_fits_with_a_long_typed_reason_in_german(app_on, size, german) -> None:
    every_editor_fits(app_on, size)


def every_editor_fits(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    """Every correction's preview with the longest reason the keyboard types, the player's name
    at its limit, at each size; the keyboard and the reason typed over each editor too."""
    seats = (c.Seat(Faction.OTHER, LONG_NAME), c.Seat(Faction.BLACK_GOAT), c.Seat(Faction.CRAWLING_CHAOS))
    options = Options(abilities=True, independents=CARDS, astral_acolyte=True)
    app = fix_menu_with(app_on, size, seats, options)
    fix = scene(app)
    state = app.state
    for name, kind in KINDS.items():
        if not kind.available(state):
            continue
        opened = fix.open(name).draft
        other = state.players[0].pid
        for draft in (opened, dataclasses.replace(opened, area=0, other=other, choice="Abhoth", flag=True)):
            fix.draft = dataclasses.replace(draft, typed=LONG_REASON)
            check_screen(app, f"{name} with a long reason")
            fix.draft = dataclasses.replace(draft, typed=LONG_REASON + "|", typing=True)
            check_screen(app, f"{name} typing")
    opened = fix.open("loyalty").draft
    for chooser in ("card", "holder"):  # the game's cards; the supply and the longest name
        fix.draft = dataclasses.replace(opened, chooser=chooser)
        check_screen(app, f"loyalty/{chooser}")
