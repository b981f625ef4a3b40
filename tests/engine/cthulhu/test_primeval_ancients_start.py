"""The Ancients' start area on Primeval Earth: never an area with a glacier glyph (factions.md
section 8, [WIKI-Primeval_Map]), nor anyone's printed start (as on every map)."""

from __future__ import annotations

from companion.engine import Code, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, PromptKind, UnitKind
from companion.maps import load_map
from tests.helpers import CORE3, new_game, ok, rejected, run

AN = "ancients"


def test_the_ancients_may_not_start_in_a_glacier_glyph_area_on_primeval() -> None:
    state = ok(apply(None, new_game("primeval-demo", (*CORE3, Faction.ANCIENTS))))
    assert state.prompt.kind is PromptKind.START_AREA and state.prompt.actor == AN
    board = load_map("primeval-demo")
    allowed = {a.name for a in board.areas if not a.start and not a.glacier}
    assert allowed and set(state.prompt.choices) == allowed  # the map file's glyphs, none invented
    glyph = next(a.name for a in board.areas if a.glacier and not a.start)
    assert rejected(state, c.ChooseStart(AN, glyph)).code is Code.NOT_A_CHOICE
    start = sorted(allowed)[0]
    state = run(state, c.ChooseStart(AN, start))
    index = state.board.area_index(start)
    assert index is not None and state.areas[index].count(owner=AN, kind=UnitKind.CULTIST) == 6


def test_the_ancients_on_a_map_without_glacier_glyphs_keep_every_non_start_area() -> None:
    state = ok(apply(None, new_game("earth-4p-35", (*CORE3, Faction.ANCIENTS))))
    board = load_map("earth-4p-35")
    assert set(state.prompt.choices) == {a.name for a in board.areas if not a.start}
