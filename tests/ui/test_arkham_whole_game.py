"""A whole Arkham Horror game played by taps alone (issue 33, "Done when"): from the new-game
screen (Arkham Horror, an Ancient One, the number of investigators, Start) through placing every
investigator and Mythos Phase after Mythos Phase, to the end as the engine decides it: the
Ancient One awakens (a full doom track, too many gates, an empty cup or monsters beyond the
limit with terror at 10).  Every button is one the screen offers (found by its label among the
scene's enabled buttons), every frame passes the text-fit check; the investigators close a gate
now and then, and the detail view is opened and closed along the way.  ``-s`` prints how it ended."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from companion.engine.arkham.data import ANCIENT_ONES
from companion.session import ArkhamSession
from companion.ui import app as app_module
from companion.ui.app import App
from tests.helpers import table_of
from tests.ui.arkham_fit import check
from tests.ui.arkham_taps import answer, labels, scene, tap

SEED = 7  # the new-game screen's seed: a full doom track after 16 phases (ARKHAM_SEEDS="1 2 ..." plays others; 1-40 all end)
PHASES_AT_MOST = 40  # a game with no gate ever closed ends long before this


def start_arkham(app: App, ancient_one: str, investigators: int) -> ArkhamSession:
    """The new-game screen, as a finger would: Game, Arkham Horror, the Ancient One, the count, Start."""
    tap_any(app, "Game")
    tap_any(app, "Arkham Horror")
    tap_any(app, f"{ancient_one} ({ANCIENT_ONES[ancient_one]})")
    tap_any(app, str(investigators))
    tap_any(app, "Start")
    tap_any(app, "Start: tap again")  # a game was in play: asked first
    session = table_of(app).session
    assert isinstance(session, ArkhamSession) and app.scene_name == "arkham"
    return session


def tap_any(app: App, label: str) -> None:
    """Tap the enabled button labelled ``label`` on whatever screen is showing."""
    app.draw()
    button = next(b for b in app.scenes[app.scene_name].buttons if b.label == label and b.enabled)
    app.tap(button.rect.center)
    app.draw()


@pytest.mark.parametrize("seed", [int(s) for s in os.environ.get("ARKHAM_SEEDS", "").split()] or [SEED])
def test_a_whole_arkham_game_is_played_by_taps_until_the_ancient_one_awakens(
    app_for: Callable[..., App], monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(app_module, "fresh_seed", lambda: seed)  # the new-game screen's seed: the same game every run
    app = app_for()
    session = start_arkham(app, "Yig", 5)
    state = session.state
    assert state.ancient_one == "Yig" and len(state.investigators) == 5
    for who in state.unplaced():  # set-up: each investigator at their sheet's start, on the chooser's first page
        tap(app, "Move")
        tap(app, f"{who}: not placed")
        tap(app, "Arkham Asylum")
    assert session.state.unplaced() == ()
    taps = 0
    while not session.state.awakened:
        assert session.state.mythos_phases < PHASES_AT_MOST, "the game does not end"
        tap(app, "Draw Mythos")
        taps += 1 + answer(app)
        gates = session.state.gates
        if gates and not session.state.awakened and session.state.mythos_phases % 3 == 0:  # the investigators close one
            tap(app, "Gates")
            tap(app, f"{gates[0].location} ({gates[0].world})")
            tap(app, "Close")
            assert session.state.gate_at(gates[0].location) is None
        if session.state.mythos_phases % 4 == 1:  # the full lists, one tap away, and back
            tap(app, "Details")
            check(app, f"the detail view after phase {session.state.mythos_phases}")
            tap(app, "Back")
    state = session.state
    assert state.doom <= state.doom_track and state.awakened
    assert "Draw Mythos" not in labels(app) and "Undo" in labels(app)  # nothing to draw: the final battle is at the table
    shown = " ".join(d.shown for d in check(app, "the end"))
    assert "Yig AWAKENS" in shown and state.awakened.split()[0] in shown
    assert scene(app).menu.kind.value == "main"
    print(f"{state.mythos_phases} Mythos Phases, {taps} taps of the phases: {state.awakened}")
