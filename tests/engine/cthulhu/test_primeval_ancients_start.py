"""The Ancients' start area on Primeval Earth: never an area with a glacier glyph (factions.md
section 8, [WIKI-Primeval_Map]), nor anyone's printed start (as on every map); in the last resort
(its own choices all taken) any free area but never a glacier glyph, and with none left the
table is told how to make room."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Code, State, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options, PromptKind, UnitKind
from companion.engine.mapdef import MapDef
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


# Three named factions (no printed start) take the three areas that are nobody's start and carry
# no glacier glyph before the Ancients choose: the Ancients' own choices are all gone.
NAMED = tuple(c.Seat(Faction.OTHER, name) for name in ("Amy", "Bob", "Cat"))
FREE = ("Atlantic Deep", "Southern Deep", "Lemurian Sea")


def ancients_asked_last(board: MapDef) -> State:
    """Set-up on ``board`` until the Ancients are asked, the named seats taking :data:`FREE`."""
    state = ok(apply(None, c.NewGame(board, (*NAMED, c.Seat(Faction.ANCIENTS)), 1, Options())))
    for area in FREE:
        assert state.prompt.kind is PromptKind.START_AREA and state.prompt.actor != AN
        state = run(state, c.ChooseStart(state.prompt.actor, area))
    assert state.prompt.kind is PromptKind.START_AREA and state.prompt.actor == AN
    return state


def test_the_ancients_last_resort_start_never_offers_a_glacier_glyph_area() -> None:
    board = load_map("primeval-demo")
    state = ancients_asked_last(board)
    # The last resort: an area without a gate, a printed start of a faction not seated, but
    # never one with a glacier glyph.
    assert set(state.prompt.choices) == {"Lemuria", "Atlantis", "Pacific Deep"}
    assert not any(a.glacier for a in board.areas if a.name in state.prompt.choices)
    assert rejected(state, c.ChooseStart(AN, "Mu")).code is Code.NOT_A_CHOICE
    state = run(state, c.ChooseStart(AN, "Atlantis"))
    assert state.prompt.kind is not PromptKind.START_AREA


def test_the_ancients_with_no_start_area_left_are_told_how_to_make_room() -> None:
    board = load_map("primeval-demo")
    glaciated = tuple(replace(a, glacier=a.glacier or a.name not in FREE) for a in board.areas)
    state = ancients_asked_last(replace(board, areas=glaciated))
    assert state.prompt.choices == ()
    refusal = rejected(state, c.ChooseStart(AN, "Mu"))
    assert refusal.code is Code.NOT_NOW and "Undo" in refusal.message and "glacier" in refusal.message
