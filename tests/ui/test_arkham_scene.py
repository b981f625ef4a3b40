"""Arkham Horror on the table's screen, headless: every chooser renders at every size with
fingertip buttons, Draw journals a Mythos Phase before its words appear, the card drawn at the
table is picked by name in a few taps, investigators are placed and their Sneak set, gates close,
the first player is asked for the surge placement and the Clue, and the new-game screen starts
an Arkham game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from companion.engine.arkham import model as m
from companion.engine.values import evolve
from companion.session import ArkhamSession, GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Button as PanelButton
from companion.ui.app import SIZES, App
from companion.ui.arkham_picker import letters
from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind
from companion.ui.scene import ARKHAM_SCENES
from companion.ui.widgets import MIN_TOUCH
from tests.helpers import frame, new_game, table_of, tap

SEATS = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3))


@pytest.fixture
def arkham_for(app_on: Callable[..., App]) -> Callable[..., App]:
    """Build an App on a fresh Arkham game: ``arkham_for(size, seats)``."""

    def build(size: tuple[int, int] = (800, 480), seats: tuple[m.Seated, ...] = SEATS) -> App:
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", seats, seed=5))
        assert isinstance(session, ArkhamSession)
        app: App = app_on(session, size)
        return app

    return build


def prepare(app: App, **changes: object) -> None:
    """Put the game in a prepared position (as if the journal held it) and show it."""
    table = table_of(app)
    table.session.state = evolve(table.session.state, **changes)
    app.state = table.session.state


def scene(app: App) -> ArkhamScene:
    found = app.scenes["arkham"]
    assert isinstance(found, ArkhamScene)
    return found


def pick_card(app: App, opener: str, name: str) -> int:
    """Open the card picker and type the card's letters on its keyboard until the card shows,
    then tap it; how many taps that took."""
    tap(app, opener)
    taps = 1
    for letter in letters(name):
        if name in labels(app):
            break
        tap(app, letter.upper())
        taps += 1
    tap(app, name)
    return taps + 1


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def test_an_arkham_game_opens_on_its_own_table_with_its_own_navigation(arkham_for) -> None:
    app = arkham_for()
    assert app.scene_name == "arkham"
    assert [label for label in labels(app) if label in ("Arkham", "Log", "Settings", "Game", "Map", "Table")] == [
        "Arkham",
        "Log",
        "Settings",
        "Game",
    ]
    app.key(pygame.K_1)  # "the table" is Arkham's table here
    assert app.scene_name == "arkham"


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_chooser_renders_at_every_size_with_fingertip_buttons(arkham_for, size) -> None:
    app = arkham_for(size)
    app.client.table.submit(m.Mythos())
    state = app.client.table.session.state
    assert isinstance(state, m.ArkhamState)
    gate = state.gates[0].location if state.gates else ""
    menus = [Menu(kind) for kind in (MenuKind.MAIN, MenuKind.CARD, MenuKind.WHO, MenuKind.GATES, MenuKind.RUMOR)]
    menus += [Menu(MenuKind.CARD, page=1), Menu(MenuKind.WHERE, subject="Amanda"), Menu(MenuKind.GATE, subject=gate)]
    card = state.environment or state.rumor or "Heat Wave"
    menus += [Menu(MenuKind.CARD_MARKERS), Menu(MenuKind.MARKER_KIND, subject=card)]
    menus += [Menu(MenuKind.MARKER_PLACE, subject=card, marker="closed")]
    menus += [Menu(MenuKind.DETAIL)]
    for name in ARKHAM_SCENES:
        app.scene_name = name
        for menu in menus if name == "arkham" else [Menu()]:
            scene(app).menu = menu
            app.draw()
            buttons = app.scenes[name].buttons
            for i, one in enumerate(buttons):
                assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, (name, menu.kind, one.label)
                assert one.rect.right <= size[0] and one.rect.bottom <= size[1], (name, menu.kind, one.label)
                assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), (name, menu.kind, one.label)


def test_draw_journals_a_mythos_phase_then_shows_it_and_undo_steps_back(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Draw Mythos")
    assert '"type":"mythos"' in app.client.table.session.journal.entry("a", 2).command
    assert any(words.startswith("Mythos: ") for words in app.log)
    tap(app, "Undo")
    assert app.client.table.session.state.mythos_phases == 0 and app.log[-1].startswith("Undone")


def test_the_card_drawn_at_the_table_is_picked_by_name_in_a_few_taps(arkham_for) -> None:
    app = arkham_for()
    assert pick_card(app, "Pick the card", "Heat Wave") <= 5 and scene(app).menu == Menu()
    assert app.client.table.session.state.environment == "Heat Wave"


def test_investigators_are_moved_and_their_sneak_set_from_the_screen(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Move")
    tap(app, "Amanda: Woods")
    tap(app, "Sneak +")
    tap(app, "Sneak +")  # the chooser stays open: Sneak often moves by more than one
    while "Rivertown" not in labels(app):
        tap(app, "Next")
    tap(app, "Rivertown")
    amanda = app.client.table.session.state.investigators[0]
    assert (amanda.place, amanda.sneak) == ("Rivertown", 3)


def test_a_gate_is_closed_or_sealed_and_a_rumor_ended_from_the_screen(arkham_for) -> None:
    app = arkham_for()
    prepare(app, gates=(m.Gate("Woods", "Yuggoth"),), rumor="The Great Ritual")
    tap(app, "Gates")
    tap(app, "Woods (Yuggoth)")
    tap(app, "Close and seal")
    state = app.client.table.session.state
    assert state.gates == () and state.seals == ("Woods",)
    tap(app, "Rumor")
    tap(app, "Failed")
    assert app.client.table.session.state.rumor == ""


def test_the_first_player_places_an_uneven_surge_gate_by_gate(arkham_for) -> None:
    # 3 investigators, 2 gates, Heat Wave's gate is the Woods: a surge of 3 that cannot split evenly.
    seats = (*SEATS, m.Seated("Carolyn", "Downtown", 2))
    app = arkham_for(seats=seats)
    gates = (m.Gate("Graveyard", "Yuggoth"), m.Gate("Woods", "R'lyeh"))
    prepare(app, gates=gates, setup=False)
    app.scene_name = "arkham"
    pick_card(app, "Pick the card", "Heat Wave")
    assert scene(app).menu.kind is MenuKind.SURGE and app.client.table.session.state.mythos_phases == 0  # nothing yet
    tap(app, "Graveyard (0)")
    assert not next(b for b in scene(app).buttons if b.label == "Graveyard (1)").enabled  # 2 there would pass the surge gate
    tap(app, "Woods (0)")
    tap(app, "Woods (1)")
    command = app.client.table.session.journal.entry("a", app.client.table.session.seq).command
    assert '"placement":["Graveyard","Woods","Woods"]' in command


def test_the_first_player_says_who_takes_the_clue(arkham_for) -> None:
    # Big Storm's Clue is at The Unnamable, where both investigators stand.
    app = arkham_for(seats=(m.Seated("Amanda", "The Unnamable", 1), m.Seated("Bob", "The Unnamable", 3)))
    prepare(app, setup=False)
    pick_card(app, "Pick the card", "Big Storm Sweeps Arkham!")
    assert scene(app).menu.kind is MenuKind.CLUE
    tap(app, "Bob")
    assert [i.clues for i in app.client.table.session.state.investigators] == [0, 1]


def test_a_refusal_is_shown_and_changes_nothing(arkham_for) -> None:
    app = arkham_for()
    before = app.client.table.session.seq
    app.client.table.submit(m.CloseGate("Woods"))
    assert app.client.table.session.seq == before and "No gate is open" in app.client.table.notices[-1].text


def test_the_next_button_draws_and_the_roll_button_says_no_roll_is_asked(arkham_for) -> None:
    app = arkham_for()
    app.client.table.button(PanelButton.NEXT)
    app.client.table.button(PanelButton.ROLL)
    app.client.table.drain()
    assert app.client.table.session.state.mythos_phases == 1
    assert app.client.table.notices[-1].text == "No roll is asked for."


def test_the_new_game_screen_starts_arkham_with_investigators_placed_on_the_screen(app_for) -> None:
    app = app_for()
    app.scene_name = "new"
    tap(app, "Arkham Horror")
    assert not next(b for b in app.scenes["new"].buttons if b.label == "Start").enabled  # no Ancient One yet
    tap(app, "Azathoth (14)")
    tap(app, "3")
    tap(app, "Start")
    tap(app, "Start: tap again")  # a game was in play: asked first
    session = app.client.table.session
    assert isinstance(session, ArkhamSession) and app.scene_name == "arkham"
    assert session.state.ancient_one == "Azathoth" and session.state.unplaced() == tuple(f"Investigator {n}" for n in (1, 2, 3))
    assert "Set-up" in " ".join(words for words, _ in scene(app).facts(session.state))
    tap(app, "Draw Mythos")
    assert "Place every investigator" in app.client.table.notices[-1].text
    for n in (1, 2, 3):
        tap(app, "Move")
        tap(app, f"Investigator {n}: not placed")
        tap(app, "Arkham Asylum")
    tap(app, "Draw Mythos")
    assert session.state.mythos_phases == 1
    tap(app, "Game")
    tap(app, "Cthulhu Wars")
    tap(app, f"Resume {session.name}")  # the newest game, whichever game it is
    assert app.client.table.session.name == session.name


def test_a_cthulhu_game_resumes_from_an_arkham_table(arkham_for) -> None:
    app = arkham_for()
    journal = app.client.table.session.journal
    started = GameSession.start(journal, "later", new_game("earth-3p"))
    assert isinstance(started, GameSession)
    tap(app, "Game")  # the new-game screen asks the journal for the newest game
    tap(app, "Resume later")
    assert isinstance(app.client.table.session, GameSession) and app.scene_name == "table"


def test_a_table_that_draws_for_itself_enters_the_card_the_marker_and_each_monster(arkham_for) -> None:
    # Five investigators: a new gate brings two monsters.  Heat Wave's gate is the Woods.
    seats = tuple(m.Seated(name, "Train Station", 2) for name in ("A", "B", "C", "D", "E"))
    app = arkham_for(seats=seats)
    prepare(app, table_draws=True, setup=False)
    assert "Draw Mythos" not in labels(app) and "Pick the card" not in labels(app)
    pick_card(app, "Enter the card", "Heat Wave")
    assert scene(app).menu.kind is MenuKind.MARKER
    tap(app, "Yuggoth")
    assert scene(app).menu.kind is MenuKind.MONSTER and "Monster 1 of 2" in scene(app).title(app.client.table.session.state)
    tap(app, "Cultist")
    tap(app, "Cultist")
    assert app.client.table.session.state.mythos_phases == 1
    command = app.client.table.session.journal.entry("a", app.client.table.session.seq).command
    assert '"gate":"Yuggoth"' in command and '"monsters":["Cultist","Cultist"]' in command


def test_a_table_that_draws_gets_told_to_enter_the_card_when_it_presses_next(arkham_for) -> None:
    app = arkham_for()
    prepare(app, table_draws=True)
    app.client.table.button(PanelButton.NEXT)
    app.client.table.drain()
    assert app.client.table.session.state.mythos_phases == 0 and "enter the card drawn" in app.client.table.notices[-1].text


def test_the_new_game_screen_sets_a_table_that_draws_and_real_dice(app_for) -> None:
    app = app_for()
    app.scene_name = "new"
    tap(app, "Dice: companion")
    tap(app, "Elder Signs: companion")
    tap(app, "earth-3p")
    tap(app, "Start")
    tap(app, "Start: tap again")  # a game was in play: asked first
    options = app.client.table.session.state.options
    assert (options.digital_dice, options.digital_elder_signs) == (False, False)
    tap(app, "Game")
    tap(app, "Arkham Horror")
    tap(app, "Draws: companion")
    tap(app, "Yig (10)")
    tap(app, "Start")
    tap(app, "Start: tap again")  # a game was in play: asked first
    assert app.client.table.session.state.table_draws and "Enter the card" in labels(app)


def test_a_cards_closed_marker_is_placed_from_the_screen_and_leaves_with_the_card(arkham_for) -> None:
    app = arkham_for()
    prepare(app, environment="Heat Wave", setup=False)
    tap(app, "Markers")
    tap(app, "Place for Heat Wave")
    tap(app, "Closed marker")
    while "Unvisited Isle" not in labels(app):
        tap(app, "Next")
    tap(app, "Unvisited Isle")
    assert app.client.table.session.state.is_closed("Unvisited Isle")
    assert "Closed: Unvisited Isle" in [words for words, _ in scene(app).facts(app.state)]
    tap(app, "Markers")
    tap(app, "Remove closed: Unvisited Isle")
    assert not app.client.table.session.state.is_closed("Unvisited Isle")


def test_the_rumors_track_is_counted_on_the_screen(arkham_for) -> None:
    app = arkham_for()
    prepare(app, rumor="The Great Ritual", setup=False)
    tap(app, "Rumor")
    tap(app, "Track +")
    tap(app, "Track +")  # the chooser stays open
    tap(app, "Track -")
    assert app.client.table.session.state.rumor_track == 1 and scene(app).menu.kind is MenuKind.RUMOR


def test_an_investigator_is_renamed_on_the_on_screen_keyboard(arkham_for) -> None:
    app = arkham_for()
    tap(app, "Move")
    tap(app, "Amanda: Woods")
    tap(app, "Rename")
    for label in ("Space", "Shift", "S"):
        tap(app, label)
    tap(app, "Done")
    assert [i.name for i in app.client.table.session.state.investigators] == ["Amanda S", "Bob"]
    assert scene(app).menu == Menu()


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_rename_keyboard_fits_every_screen(arkham_for, size) -> None:
    app = arkham_for(size)
    scene(app).menu = Menu(MenuKind.RENAME, subject="Amanda", typed="Amanda")
    app.draw()
    buttons = scene(app).buttons
    assert len(buttons) >= 26, len(buttons)  # the keyboard is drawn: a key a letter at least
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), one.label


def test_a_chooser_whose_investigator_is_gone_closes_instead_of_failing(arkham_for) -> None:
    app = arkham_for()
    app.client.table.submit(m.RenameInvestigator("Amanda", "Amanda Sharpe"))
    tap(app, "Move")
    tap(app, "Amanda Sharpe: Woods")
    app.client.table.button(PanelButton.UNDO)  # the panel's undo button, while the chooser is open
    app.client.table.drain()
    app.draw()
    assert scene(app).menu == Menu() and "Draw Mythos" in labels(app)


def test_the_main_screen_shows_the_card_just_drawn_and_the_full_lists_are_one_tap_away(arkham_for) -> None:
    app = arkham_for()
    prepare(app, setup=False)
    pick_card(app, "Pick the card", "Heat Wave")  # its gate is the Woods, its Clue at Independence Square
    drawn = frame(app)
    shown = [d.shown for d in drawn if d.tag == "mythos"]
    assert shown[:3] == ["Heat Wave", "Gate: Woods", "Clue: Independence Square"] and "Moves: black circle;" in " ".join(shown)
    assert [d.shown for d in drawn if d.tag == "mythos aside"] == ["Environment (weather)"]
    assert not any(d.wanted.startswith("Investigators") for d in frame(app))  # the full lists are not on the main screen
    tap(app, "Details")
    words = " ".join(d.shown for d in frame(app))
    assert "Investigators" in words and "Amanda" in words and "Environment: Heat Wave" in words
    assert scene(app).menu == Menu(MenuKind.DETAIL)
    tap(app, "Back")
    assert scene(app).menu == Menu() and "Draw Mythos" in labels(app)
