"""The move correction (issue 33, section 5): units moved by hand between any two areas, one
correction with one summary (kept in the journal as one command), refused without change for
units not there, none, or the area they are in."""

from __future__ import annotations

import json

from companion.engine import Code, apply, canonical, parse_command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import corrections as k
from companion.engine.cthulhu.model import GameState, UnitKind
from tests.helpers import ok, rejected, started

GC = "great_cthulhu"


def acolytes(state: GameState, area: str) -> int:
    index = state.board.area_index(area)
    assert index is not None
    return state.areas[index].count(owner=GC, kind=UnitKind.CULTIST)


def home(state: GameState) -> str:
    return next(state.area_name(i) for i, a in enumerate(state.areas) if a.count(owner=GC, kind=UnitKind.CULTIST))


def test_units_move_by_hand_between_any_two_areas() -> None:
    state = started()
    source = home(state)
    move = k.MoveUnits(GC, c.UnitRef(source, UnitKind.CULTIST, "Acolyte", 2), "Europe", "missed at the table")
    assert parse_command(json.loads(canonical(move))) == move
    assert k.summary(state, move) == f"Great Cthulhu: 2 Acolytes moved from {source} to Europe"
    after = ok(apply(state, move))
    assert acolytes(after, "Europe") == 2 and acolytes(after, source) == acolytes(state, source) - 2


def test_a_move_of_units_not_there_none_or_to_the_same_area_is_refused() -> None:
    state = started()
    source = home(state)

    def ref(count: int) -> c.UnitRef:
        return c.UnitRef(source, UnitKind.CULTIST, "Acolyte", count)

    assert rejected(state, k.MoveUnits(GC, ref(99), "Europe")).code is Code.NO_SUCH_UNITS
    assert rejected(state, k.MoveUnits(GC, ref(1), source)).code is Code.BAD_VALUE
    assert rejected(state, k.MoveUnits(GC, ref(0), "Europe")).code is Code.BAD_VALUE
