"""The engine's frozen dataclasses build through a quicker ``__init__`` (values.quicken) and the
abilities read the board through a memoised occupancy: both must give exactly what the plain
code gives."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.events import HitTaken
from companion.engine.cthulhu.model import AreaState, Gate, Prompt, PromptKind, UnitKind, Units
from companion.engine.values import _build_init, quicken
from tests.engine.cthulhu.factions.kit import BG, CC, GC, YS, game


def test_the_quick_init_replaced_the_dataclass_one_and_builds_the_same_values() -> None:
    assert "_set0" in Units.__init__.__code__.co_names  # quicken gave Units its __init__
    assert Units(GC, UnitKind.MONSTER, "Deep One", 2) == Units(owner=GC, kind=UnitKind.MONSTER, name="Deep One", count=2)
    assert Prompt(PromptKind.ROLL) == Prompt(PromptKind.ROLL, "", "", (), 0)  # defaults kept
    event = HitTaken(GC, "Asia", "monster", "Deep One", "kill")
    assert dataclasses.asdict(event)["hit"] == "kill"
    with pytest.raises(TypeError):
        Units(GC, UnitKind.MONSTER, "Deep One")  # type: ignore[call-arg]  # a missing field still refuses
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.hit = "pain"  # type: ignore[misc]


def test_classes_whose_init_does_more_keep_theirs() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed:
        items: list[int] = dataclasses.field(default_factory=list)

    assert _build_init(Checked) is None and _build_init(Listed) is None
    assert quicken([Checked, Listed]) == 0
    with pytest.raises(ValueError):
        Checked(-1)


def test_the_occupancy_is_what_the_areas_hold_and_follows_each_new_board() -> None:
    state = game(
        Asia={"units": [(CC, "cultist", "Acolyte", 2), (BG, "monster", "Ghoul", 1)]},
        Africa={"units": [(BG, "cultist", "Acolyte", 1)]},
        South_Pacific={"units": [(GC, "goo", "Cthulhu", 1)]},
    )
    index = state.board.area_index("Asia")
    assert index is not None
    state = state.with_area(index, AreaState(Gate(CC), state.areas[index].units, ("desecration",)))
    seen = bd.occupancy(state)
    spread = Counter(owner for area in state.areas for owner in {u.owner for u in area.units})
    assert seen.spread == dict(spread)
    assert seen.owners[index] == frozenset({CC, BG})
    assert seen.gates.get(CC) == bd.controlled_gates(state, CC) == 1
    assert seen.first[(GC, "Cthulhu")] == state.board.area_index("South Pacific")
    assert seen.marked["desecration"] == (index,)
    moved = state.with_area(index, AreaState(None, (Units(YS, UnitKind.CULTIST, "Acolyte", 1),)))
    assert bd.occupancy(moved).owners[index] == frozenset({YS}) and bd.occupancy(moved).gates.get(CC, 0) == 0
    assert bd.occupancy(state).owners[index] == frozenset({CC, BG})  # and the older board again


def test_each_areas_owners_are_its_units_owners_whatever_its_stacks() -> None:
    """Each area's owners are the set its units give, whatever its stacks (one, several of one
    owner or more, none)."""
    state = game(
        Asia={"units": [(CC, "cultist", "Acolyte", 2), (BG, "monster", "Ghoul", 1)]},
        Europe={"units": [(BG, "cultist", "Acolyte", 1), (BG, "monster", "Ghoul", 2)]},
        Africa={"units": [(BG, "cultist", "Acolyte", 1)]},
        South_Pacific={"units": [(GC, "goo", "Cthulhu", 1)]},
    )
    seen = bd.occupancy(state)
    assert seen.owners == tuple(frozenset(u.owner for u in area.units) for area in state.areas)
    assert seen.spread == dict(Counter(owner for area in state.areas for owner in {u.owner for u in area.units}))
