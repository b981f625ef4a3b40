"""evolve: the engine's fast copy-with-changes behaves exactly like dataclasses.replace."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.cthulhu.model import Player, Prompt, PromptKind
from companion.engine.mapdef import AreaDef, MapDef, MapStatus
from companion.engine.values import evolve
from tests.helpers import started


def test_evolve_equals_replace_on_the_state() -> None:
    state = started()
    assert evolve(state, round=7, turn=2) == replace(state, round=7, turn=2)
    assert evolve(state) == state and evolve(state) is not state


def test_evolve_leaves_the_original_alone() -> None:
    prompt = Prompt(PromptKind.ACTION, "a", "text")
    changed = evolve(prompt, actor="b")
    assert (prompt.actor, changed.actor) == ("a", "b")


def test_evolve_refuses_unknown_fields() -> None:
    with pytest.raises(TypeError, match="no field 'luck'"):
        evolve(Player("p", started().players[0].faction, ""), luck=3)


def test_classes_with_derived_fields_are_rebuilt() -> None:
    board = MapDef("m", "M", MapStatus.DEMO, (3,), (AreaDef("A", neighbours=("B",)), AreaDef("B", neighbours=("A",))))
    grown = evolve(board, areas=(*board.areas, AreaDef("C")))
    assert grown.area_index("C") == 2  # the index was recomputed
