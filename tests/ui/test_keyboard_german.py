"""The on-screen keyboard speaks the table's language: QWERTZ with Ä, Ö, Ü and ß in German, and
the card picker's search finds a title with an umlaut or ß whether it is typed with the letter
or spelled out (ae, oe, ue, ss)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from companion.engine.arkham import model as m
from companion.engine.values import evolve
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import SIZES, App
from companion.ui.arkham_picker import search
from companion.ui.arkham_scene import ArkhamScene, Menu, MenuKind
from companion.ui.builder_scene import Draft, rename
from companion.ui.keyboard import Key, folded, keys, search_keys, upper
from companion.ui.scene import Go, Submit
from companion.ui.widgets import MIN_TOUCH, Button, Metrics
from tests.helpers import table_of
from tests.ui.arkham_corrections import check_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut

UMLAUT_TITLE = "Größenwahn über Münster"  # not a real card: the deck's titles are English today
SHARP_TITLE = "Die Straße nach Dunwich"


def labels(buttons: list[Button]) -> list[str]:
    return [b.label for b in buttons]


def letter_rows(buttons: list[Button]) -> list[str]:
    """The single-character keys, row by row (top to bottom), as one string a row."""
    rows: dict[int, str] = {}
    for b in buttons:
        if len(b.label) == 1:
            rows[b.rect.y] = rows.get(b.rect.y, "") + b.label
    return [rows[y] for y in sorted(rows)]


def assert_fits(buttons: list[Button], size: tuple[int, int]) -> None:
    """Every key a fingertip's size, on the screen, none over another."""
    for i, one in enumerate(buttons):
        assert one.rect.width >= MIN_TOUCH and one.rect.height >= MIN_TOUCH, (one.label, one.rect)
        assert one.rect.left >= 0 and one.rect.top >= 0, one.label
        assert one.rect.right <= size[0] and one.rect.bottom <= size[1], one.label
        assert not any(one.rect.colliderect(o.rect) for o in buttons[i + 1 :]), one.label


def test_the_typing_keyboard_is_qwertz_with_umlauts_and_sharp_s_in_german(german: None) -> None:
    m_ = Metrics(800, 480)
    area = pygame.Rect(8, 80, 784, 392)
    rows = letter_rows(keys(area, m_))
    assert rows == ["1234567890ß", "qwertzuiopü", "asdfghjklöä", "yxcvbnm-.,'"]
    shifted = letter_rows(keys(area, m_, shifted=True))
    assert shifted[1:3] == ["QWERTZUIOPÜ", "ASDFGHJKLÖÄ"] and shifted[0].endswith("ß")  # ß has no capital key
    typed = {b.intent.text for b in keys(area, m_, shifted=True) if isinstance(b.intent, Key)}
    assert {"Ä", "Ö", "Ü", "ß"} <= typed


def test_the_keyboards_stay_qwerty_in_english() -> None:
    m_ = Metrics(800, 480)
    area = pygame.Rect(8, 80, 784, 392)
    assert letter_rows(keys(area, m_)) == ["1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.,"]
    assert letter_rows(search_keys(area, m_)) == ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]


def test_the_search_keyboard_has_umlauts_and_sharp_s_in_german(german: None) -> None:
    m_ = Metrics(800, 480)
    buttons = search_keys(pygame.Rect(8, 80, 784, 392), m_)
    assert letter_rows(buttons) == ["QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNMß"]
    assert labels(buttons)[-1] == "Entf."  # Delete fills the end of the third row


def test_shift_keeps_sharp_s_one_letter() -> None:
    assert upper("ß") == "ß" and upper("ü") == "Ü" and upper("a") == "A"


@pytest.mark.parametrize(
    "typed,title",
    [
        ("grö", UMLAUT_TITLE),
        ("groe", UMLAUT_TITLE),
        ("GRÖSSENWAHN", UMLAUT_TITLE),
        ("uber", None),  # "über" is "ueber", never "uber": no false match across the spelling
        ("ueber", UMLAUT_TITLE),
        ("münster", UMLAUT_TITLE),
        ("muenster", UMLAUT_TITLE),
        ("straße", SHARP_TITLE),
        ("strasse", SHARP_TITLE),
        ("STRASSE", SHARP_TITLE),
    ],
)
def test_the_search_matches_umlauts_and_sharp_s_with_their_spelled_out_forms(typed: str, title: str | None) -> None:
    names = [UMLAUT_TITLE, SHARP_TITLE, "Big Storm Sweeps Arkham!", "Strange Tremors Cease!"]
    found = search(names, typed)
    assert (found[:1] == [title]) if title else (found == []), found


def test_a_title_spelled_out_is_found_by_typing_the_umlaut() -> None:
    assert search(["Gruene Wiese", "Heat Wave"], "grü") == ["Gruene Wiese"]
    assert search(["Grosse Not", "Heat Wave"], "groß") == ["Grosse Not"]


def test_folding_drops_case_accents_and_punctuation() -> None:
    assert folded("Größe!") == folded("GROESSE") == "groesse"
    assert folded("Café Noir") == "cafenoir"


@pytest.fixture
def german_picker(app_on: Callable[..., App], german: None) -> Callable[[tuple[int, int]], App]:
    """An Arkham table in German whose deck holds a title with umlauts and one with ß."""

    def build(size: tuple[int, int]) -> App:
        seats = (m.Seated("Jürgen Groß", "Woods", 1), m.Seated("Bob", "Northside", 3))
        session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", seats, seed=5))
        assert isinstance(session, ArkhamSession)
        app: App = app_on(session, size)
        table = table_of(app)
        state = table.session.state
        table.session.state = app.state = evolve(state, deck=(*state.deck, UMLAUT_TITLE, SHARP_TITLE))
        return app

    return build


def scene_of(app: App) -> ArkhamScene:
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    return scene


def press(app: App, label: str) -> None:
    """Tap the on-screen key labelled ``label`` as a finger would, and draw the next frame."""
    app.draw()
    button = next((b for b in scene_of(app).buttons if b.label == label), None)
    assert button is not None, (label, labels(scene_of(app).buttons))
    app.tap(button.rect.center)
    app.draw()


def shown_cards(app: App) -> list[str]:
    app.draw()
    return [b.label for b in scene_of(app).buttons if isinstance(b.intent, Submit) and isinstance(b.intent.command, m.Mythos)]


@pytest.mark.parametrize("size", [SIZES["800x480"], SIZES["720x1280"]], ids=["800x480", "720x1280"])
@pytest.mark.parametrize("keys_typed", [("G", "R", "Ö"), ("G", "R", "O", "E"), ("S", "T", "R", "A", "ß")])
def test_a_title_with_an_umlaut_is_found_on_the_german_picker(german_picker, size, keys_typed) -> None:
    app = german_picker(size)
    scene_of(app).menu = Menu(MenuKind.CARD)
    for key in keys_typed:
        press(app, key)
    wanted = SHARP_TITLE if "S" in keys_typed else UMLAUT_TITLE
    assert shown_cards(app)[0] == wanted
    assert_fits(scene_of(app).buttons, size)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_german_keyboards_fit_every_screen(german_picker, size) -> None:
    app = german_picker(size)
    scene = scene_of(app)
    for menu in (Menu(MenuKind.CARD), Menu(MenuKind.RENAME, subject="Jürgen Groß", typed="Jürgen Groß")):
        scene.menu = menu
        app.draw()
        assert scene.menu == menu  # drawn, not closed
        assert {"ü", "ö", "ä", "ß"} <= {label.lower() for label in labels(scene.buttons)}
        assert_fits(scene.buttons, size)


def test_a_german_name_is_typed_with_shift_umlauts_and_sharp_s(german_picker) -> None:
    app = german_picker(SIZES["800x480"])
    scene_of(app).menu = Menu(MenuKind.RENAME, subject="Bob", typed="")
    for key in ("Umsch.", "Ü", "l", "k", "e", "Leerzeichen", "Umsch.", "G", "r", "o", "ß"):
        press(app, key)
    press(app, "Fertig")
    assert [i.name for i in table_of(app).session.state.investigators] == ["Jürgen Groß", "Ülke Groß"]


def test_a_map_name_typed_with_umlauts_is_spelled_out_for_its_file_name() -> None:
    draft = Draft(name="")
    for typed in ("k", "ö", "l", "n", "ß"):
        rename(draft, typed)
    assert draft.name == "koelnss"


def test_the_builder_keyboard_is_german_in_german(app_for: Callable[..., App], german: None) -> None:
    app = app_for("earth-3p", SIZES["720x1280"])
    app.do(Go("builder"))
    app.draft.keyboard = True
    app.draw()
    buttons = app.scenes["builder"].buttons
    assert {"ü", "ö", "ä", "ß", "z"} <= set(labels(buttons))
    assert_fits(buttons, SIZES["720x1280"])


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_corrections_page_fits_in_german_with_its_keyboard_open(arkham_for, size, german) -> None:
    """Every step of Arkham's Corrections page, the reason being typed on the German keyboard
    among them, with fingertip keys and no text cut, at every size."""
    check_every_step_renders_at_every_size_with_fingertip_buttons_and_no_text_cut(arkham_for, size)
