"""The neutral Spellbooks' actions on the screen: Undimensioned is a button beside the areas of an
action turn, and its redistribution is entered one unit at a time from the choices the engine lists."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import neutral_spellbooks as nb
from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.ui.app import App
from tests.helpers import tap
from tests.ui.taps import GC, great_cthulhus_turn


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def test_undimensioned_is_entered_by_taps(app_on: Callable[..., App]) -> None:
    app, table = great_cthulhus_turn(app_on)
    assert table.submit(c.Place(GC, c.UnitRef("Australia", UnitKind.MONSTER, "Deep One", 1)))
    assert table.submit(c.GainSpellbook(GC, nb.UNDIMENSIONED))
    assert table.session.state.prompt.kind is PromptKind.ACTION
    app.scene_name = "table"
    assert "Undimensioned" in labels(app)
    tap(app, "Undimensioned")
    state = table.session.state
    assert state.prompt.kind is PromptKind.ABILITY and state.player(GC).power == 8  # paid with the first move
    assert {"cancel", "Deep One: Australia -> South Pacific", "Acolyte: South Pacific -> Australia"} <= set(labels(app))
    tap(app, "Acolyte: South Pacific -> Australia")
    assert table.session.state.player(GC).power == 6
    tap(app, "done")
    state = table.session.state
    australia = state.board.area_index("Australia")
    assert australia is not None and state.areas[australia].count(owner=GC) == 2
    assert state.prompt.kind is PromptKind.ACTION and state.prompt.actor != GC


def test_umr_at_tawil_the_screen_offers_the_gate_at_two(app_on: Callable[..., App]) -> None:
    app, table = great_cthulhus_turn(app_on)
    assert table.submit(c.Eliminate(GC, c.UnitRef("South Pacific", UnitKind.CULTIST, "Acolyte", 1)))
    assert table.submit(c.Place(GC, c.UnitRef("Australia", UnitKind.CULTIST, "Acolyte", 1)))
    assert table.submit(c.GainSpellbook(GC, nb.UMR_AT_TAWIL))
    app.scene_name = "table"
    tap(app, "Australia")
    assert "Build a gate (2)" in labels(app) and "Build a gate (3)" not in labels(app)
    tap(app, "Build a gate (2)")
    assert table.session.state.player(GC).power == 6
