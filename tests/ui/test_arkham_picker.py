"""The Mythos card picker: a card is found by typing a few letters on the on-screen keyboard, and
the cards drawn lately come first, the last drawn at the top."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.arkham import model as m
from companion.engine.arkham.data import CARDS
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.arkham_picker import recently_drawn, search
from companion.ui.arkham_scene import RECENT, TYPED_SHOWN, ArkhamScene, MenuKind
from companion.ui.scene import Submit
from companion.ui.widgets import BUTTON, SEATS_FLOOR, Button
from tests.helpers import table_of, tap

SEATS = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3))
NAMES = [card.name for card in CARDS]


def table(app_on: Callable[..., App]) -> App:
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Cthulhu", SEATS, seed=5))
    assert isinstance(session, ArkhamSession)
    app: App = app_on(session)
    return app


def buttons(app: App) -> list[Button]:
    app.draw()
    return app.scenes[app.scene_name].buttons


def cards_shown(app: App) -> list[Button]:
    """The picker's card buttons, in the order shown."""
    return [b for b in buttons(app) if isinstance(b.intent, Submit) and isinstance(b.intent.command, m.Mythos)]


def drawn_cards(app: App) -> list[str]:
    app.draw()  # the log's new lines arrive with the next frame
    return [line.split(" (")[0].removeprefix("Mythos: ") for line in app.log if line.startswith("Mythos: ")]


def test_a_card_is_found_by_typing_a_few_letters_on_the_keyboard(app_on) -> None:
    app = table(app_on)
    tap(app, "Pick the card")
    assert len(cards_shown(app)) < len(set(table_of(app).session.state.deck))  # not all at once: a search is needed
    for letter in "BIG":
        tap(app, letter)
    assert cards_shown(app)[0].label == "Big Storm Sweeps Arkham!"
    tap(app, "Big Storm Sweeps Arkham!")  # five taps in all
    state = table_of(app).session.state
    assert state.mythos_phases == 1 and "Big Storm Sweeps Arkham!" in drawn_cards(app)


def test_a_long_search_is_echoed_by_its_last_letters_read_from_the_seats(app_on) -> None:
    app = table(app_on)
    tap(app, "Pick the card")
    for letter in "RIVERTOWNRESIDENTSTAKEBACK":  # 26 letters: the whole of them took the question to 24 px
        tap(app, letter)
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene)
    question = scene.title(app.state)
    assert "Searching \u2026NTSTAKEBACK: 1 found." in question and len("\u2026NTSTAKEBACK") == TYPED_SHOWN
    assert "RIVERTOWNRESIDENTS" not in question
    assert scene.prompt_fit(question)[0] >= app.metrics.px(SEATS_FLOOR)
    assert [b.label for b in cards_shown(app)] == ["Rivertown Residents Take Back Streets!"]


def test_delete_and_clear_change_the_search_and_cancel_closes(app_on) -> None:
    app = table(app_on)
    tap(app, "Pick the card")
    for letter in "HEX":
        tap(app, letter)
    assert cards_shown(app) == []  # no card has "hex": the question says so
    assert "No card left in the deck has HEX" in app.scenes["arkham"].title(app.state)  # type: ignore[attr-defined]
    tap(app, "Delete")
    assert "Heat Wave" in [b.label for b in cards_shown(app)]
    tap(app, "Clear")
    assert len(cards_shown(app)) > 1
    tap(app, "Cancel")
    scene = app.scenes["arkham"]
    assert isinstance(scene, ArkhamScene) and scene.menu.kind is MenuKind.MAIN and table_of(app).session.state.mythos_phases == 0


def test_the_last_drawn_card_is_shown_first(app_on) -> None:
    app = table(app_on)
    tap(app, "Draw Mythos")
    tap(app, "Draw Mythos")
    drawn = drawn_cards(app)
    last = drawn[-1]
    tap(app, "Undo")  # the last card goes back into the deck: the table picks it again, or another
    deck = table_of(app).session.state.deck
    assert last in deck
    tap(app, "Pick the card")
    shown = cards_shown(app)
    assert shown[0].label == last and shown[0].colour == RECENT
    recent = list(dict.fromkeys(card for card in reversed(drawn) if card in deck))  # newest first, still in the deck
    assert [b.label for b in shown[: len(recent)]] == recent[: len(shown)]
    assert all(b.colour == (RECENT if b.label in recent else BUTTON) for b in shown)


def test_search_matches_letters_anywhere_and_ranks_word_starts_then_recency() -> None:
    assert search(NAMES, "bigst") == ["Big Storm Sweeps Arkham!"]  # spaces and case do not matter
    found = search(NAMES, "st")
    assert found.index("Strange Tremors Cease!") < found.index("Estate Sale")  # a word starting with it first
    recent = ["The Stars Are Right", "Curfew Enforced"]
    assert search(NAMES, "", recent)[:2] == recent
    assert search(NAMES, "st", recent)[0] == "The Stars Are Right"
    assert search(NAMES, "zzz") == []


def test_recently_drawn_reads_the_log_newest_first_once_each() -> None:
    log = [
        "Mythos: Heat Wave (environment); gate Woods.",
        "Doom 1/13: a gate opens at Woods.",
        "Mythos: The Story Continues... (special).",
        "Mythos: Heat Wave (environment); gate Woods.",
        "Undone: Mythos",
    ]
    assert recently_drawn(log, NAMES) == ["Heat Wave", "The Story Continues..."]
    assert recently_drawn(log, ["The Story Continues..."]) == ["The Story Continues..."]  # only cards still in the deck
