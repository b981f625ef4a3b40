"""``board.add_units`` puts a stack in its place in one pass where the area's stacks are in order
already (the roll path's retreats and moves); the result must be exactly what the general way
(a dict of the stacks and a sort) gives, for areas in order and out of it."""

from __future__ import annotations

import itertools

from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.model import AreaState, Gate, UnitKind, Units
from tests.engine.cthulhu.factions.kit import BG, CC, GC

M, C = UnitKind.MONSTER, UnitKind.CULTIST
STACKS = (Units(BG, C, "Acolyte", 1), Units(CC, M, "Nightgaunt", 2), Units(GC, C, "Acolyte", 3), Units(GC, M, "Deep One", 1))
ADDED = ((BG, C, "Acolyte"), (CC, M, "Flying Polyp"), (GC, C, "Acolyte"), (GC, M, "Starspawn"), ("a", M, "x"), ("z", M, "x"))


def general_way(area: AreaState, owner: str, kind: UnitKind, name: str, count: int) -> AreaState:
    """add_units as it was written before the one-pass path: every stack through a dict and a sort."""
    stacks = {(u.owner, u.kind, u.name): u for u in area.units}
    have = stacks.get((owner, kind, name))
    stacks[(owner, kind, name)] = Units(owner, kind, name, (0 if have is None else have.count) + count)
    return AreaState(area.gate, tuple([u for _, u in sorted(stacks.items()) if u.count > 0]), area.markers)


def test_a_stack_added_lands_where_the_sort_puts_it_whatever_the_areas_order() -> None:
    areas = [units for size in range(1, 4) for units in itertools.permutations(STACKS, size)]
    areas.append((Units(CC, M, "Nightgaunt", 0), Units(GC, M, "Deep One", 1)))  # an empty stack: dropped
    areas.append((Units(GC, M, "Deep One", 1), Units(GC, M, "Deep One", 2)))  # a key twice: the last one counts
    checked = 0
    for units, (owner, kind, name), count in itertools.product(areas, ADDED, (1, 2, -1, -3)):
        area = AreaState(Gate(GC), units, ("marker",))
        assert bd.add_units(area, owner, kind, name, count) == general_way(area, owner, kind, name, count), (units, name)
        checked += 1
    assert checked > 1000


def test_the_stacks_that_do_not_change_are_kept_as_they_are() -> None:
    area = AreaState(None, STACKS)
    added = bd.add_units(area, CC, M, "Flying Polyp", 1)
    assert [u.name for u in added.units] == ["Acolyte", "Flying Polyp", "Nightgaunt", "Acolyte", "Deep One"]
    assert all(any(u is s for s in added.units) for u in STACKS)
