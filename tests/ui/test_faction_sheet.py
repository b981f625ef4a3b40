"""The factions' sheets, headless: two taps from the table (Detail, Sheets); each faction's Spellbooks held, its
requirements still open and its pool, at 800x480 (and the other sizes) without a button off the
screen; a Spellbook taken through its prompt shows on the sheet."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from companion.demo import demo_setup
from companion.engine import Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.powers import ChooseSpellbook
from companion.engine.cthulhu.model import GameState, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.faction_sheet import FactionSheetScene, sheet_lines
from companion.ui.widgets import MIN_TOUCH
from tests.helpers import tap


def core_four_session() -> GameSession:
    setup = demo_setup(3, "earth-4p-53", 4)  # the core four, the referee playing the abilities
    session = GameSession.start(SqliteJournal(":memory:"), "g", setup.command())
    assert isinstance(session, GameSession)
    return session


def core_four(app_on: Callable[..., App], size: tuple[int, int] = (800, 480)) -> App:
    return app_on(core_four_session(), size)


def decline(state: GameState) -> Command:
    """Pass, skip the ritual, or take the first choice."""
    actor, kind = state.prompt.actor, state.prompt.kind
    if kind is PromptKind.ACTION:
        return c.Pass(actor)
    if kind is PromptKind.RITUAL:
        return c.SkipRitual(actor)
    if kind is PromptKind.FIRST_PLAYER:
        return c.ChooseFirstPlayer(actor, state.prompt.choices[0])
    return c.ChooseDirection(actor, "clockwise")


def test_the_sheets_are_two_taps_from_the_table_and_back(app_on: Callable[..., App], tmp_path: Path) -> None:
    """Detail, then Sheets (the table keeps its room for what is read from the seats)."""
    app = core_four(app_on)
    assert app.scene_name == "table"
    tap(app, "Details")
    assert app.scene_name == "detail"
    tap(app, "Sheets")
    assert app.scene_name == "sheets"
    scene = app.scenes["sheets"]
    assert isinstance(scene, FactionSheetScene)
    pygame.image.save(app.window, str(tmp_path / "sheets.png"))
    assert (tmp_path / "sheets.png").stat().st_size > 0
    tap(app, "Back")
    assert app.scene_name == "table"


def test_a_sheet_lists_books_open_requirements_and_the_pool() -> None:
    state = core_four_session().state
    words = [w for w, _ in sheet_lines(state, state.player("great_cthulhu"))]
    assert "Spellbooks 0/6" in words and " Awaken Cthulhu" in words and " Deep One ×4" in words
    assert " Cthulhu: in pool" in words


def test_a_spellbook_taken_shows_on_the_sheet() -> None:
    session = core_four_session()
    state = session.state
    # Great Cthulhu's first Doom Phase is a requirement: play passes until the Spellbook is asked.
    for _ in range(200):
        state = session.state
        if state.prompt.kind is PromptKind.SPELLBOOK:
            break
        assert session.submit(decline(state)).ok
    pid = state.prompt.actor
    assert session.submit(ChooseSpellbook(pid, state.prompt.choices[0])).ok
    book = state.prompt.choices[0]
    assert f" {book}" in [w for w, _ in sheet_lines(session.state, session.state.player(pid))]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_sheets_fit_every_size(app_on: Callable[..., App], size: tuple[int, int]) -> None:
    app = core_four(app_on, size)
    tap(app, "Details")
    tap(app, "Sheets")
    width, height = app.window.get_size()
    assert len(app.scenes["sheets"].buttons) >= 4  # a tab a faction at least
    for button in app.scenes["sheets"].buttons:
        assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH
        assert button.rect.right <= width and button.rect.bottom <= height


def test_the_sheet_shows_the_loyalty_cards_held_their_units_and_tcho_tchos_growth() -> None:
    from dataclasses import replace

    from companion.engine.cthulhu.factions.independents import CARDS
    from companion.engine.cthulhu.model import Faction, Options
    from tests.helpers import started

    state = started(factions=(Faction.TCHO_TCHO, Faction.BUBASTIS, Faction.BLACK_GOAT), options=Options(independents=CARDS))
    state = replace(state, loyalty=(("Ghast", "black_goat"), ("Byatis", "black_goat")), growth=7)
    goat = [words for words, _ in sheet_lines(state, state.player("black_goat"))]
    assert " Ghast ×4" in goat and "Loyalty Cards" in goat and " Byatis" in goat
    tcho = [words for words, _ in sheet_lines(state, state.player("tcho_tcho"))]
    assert "Growth 7" in tcho
    cats = [words for words, _ in sheet_lines(state, state.player("bubastis"))]
    assert " Earth Cat ×0" in cats and not any("Acolyte" in w for w in cats)  # all six on the Moon, no Acolytes


def test_the_sheet_shows_an_independents_spellbook_beside_its_card() -> None:
    from dataclasses import replace

    from companion.engine.cthulhu.factions.independents import CARDS
    from companion.engine.cthulhu.model import Options
    from tests.helpers import started

    state = started(options=Options(abilities=True, independents=CARDS))
    state = replace(state, loyalty=(("Byatis", "black_goat"), ("God of Forgetfulness", "black_goat")))
    goat = [words for words, _ in sheet_lines(state, state.player("black_goat"))]
    assert " Byatis" in goat and " God of Forgetfulness (independent Spellbook)" in goat
    assert " God of Forgetfulness" not in goat  # not listed as a card


def test_the_sheet_shows_the_high_priest_in_the_pool_with_the_high_priests_option() -> None:
    from companion.engine.cthulhu.model import Faction, Options
    from tests.helpers import started

    seats = (Faction.TCHO_TCHO, Faction.BUBASTIS, Faction.BLACK_GOAT)
    state = started(factions=seats, options=Options(high_priests=True))
    goat = [words for words, _ in sheet_lines(state, state.player("black_goat"))]
    assert " High Priest ×1" in goat
    tcho = [words for words, _ in sheet_lines(state, state.player("tcho_tcho"))]
    assert " High Priest ×2" in tcho  # its own three, one on its start gate
    cats = [words for words, _ in sheet_lines(state, state.player("bubastis"))]
    assert not any("High Priest" in w for w in cats)
    plain = started(factions=seats)
    assert not any("High Priest" in w for w, _ in sheet_lines(plain, plain.player("black_goat")))
