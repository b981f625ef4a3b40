"""Ten Arkham Mythos Phases played by taps alone, through the App: drawn by the companion or
picked by typing, the surge and the Clue answered on their choosers, gates closed and an
investigator moved between phases; every frame passes the text-fit check."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.arkham import model as m
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.arkham_picker import letters
from tests.ui.arkham_taps import SEATS, answer, labels, tap


def test_ten_mythos_phases_are_played_by_taps(app_on: Callable[..., App]) -> None:
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Azathoth", SEATS, seed=3))
    assert isinstance(session, ArkhamSession)
    app = app_on(session)
    asked = 0
    for phase in range(10):
        state = session.state
        if phase % 2 == 0:
            tap(app, "Draw Mythos")
        else:  # the table drew the deck's bottom card (any card in the deck will do): pick it by typing
            card = state.deck[-1]
            tap(app, "Pick the card")
            for letter in letters(card):
                if card in labels(app):
                    break
                tap(app, letter.upper())
            tap(app, card)
        asked += answer(app)
        assert session.state.mythos_phases == phase + 1, phase
        if session.state.gates and phase % 3 == 2:  # the investigators close a gate now and then
            gate = session.state.gates[0]
            tap(app, "Gates")
            tap(app, f"{gate.location} ({gate.world})")
            tap(app, "Close")
            assert session.state.gate_at(gate.location) is None
        amanda = session.state.investigators[0]
        tap(app, "Move")
        tap(app, f"Amanda: {amanda.place}")
        place = ("Arkham Asylum", "Bank of Arkham", "Black Cave")[phase % 3]  # on the chooser's first page
        tap(app, place)
        assert session.state.investigators[0].place == place
    state = session.state
    assert state.mythos_phases == 10 and not state.awakened and asked == 5  # this seed asks about surges and Clues
    mythos = [session.journal.entry("a", n).command for n in range(1, session.seq + 1)]
    assert sum('"type":"mythos"' in command for command in mythos) == 10
