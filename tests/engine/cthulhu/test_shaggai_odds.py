"""Shaggai's odds against brute force: every die outcome and every placement sequence enumerated."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction

import pytest

from companion.engine.cthulhu.model import ERADICATED, Worms
from companion.engine.cthulhu.odds import (
    TooCostly,
    eradication_gains,
    match_distribution,
    worlds_end_within,
    worm_chances,
)
from companion.engine.cthulhu.shaggai import Reward, compensation
from companion.engine.mapdef import AreaDef, MapDef, MapStatus
from companion.engine.values import evolve
from tests.helpers import set_board, started

TOLERANCE = 1e-12


@pytest.mark.parametrize("faces", [(1, 2, 3, 4, 5, 6), (1, 1, 2, 3, 3, 6)])
@pytest.mark.parametrize("dice", [1, 3, 4])
def test_match_distribution_equals_enumeration(faces: tuple[int, ...], dice: int) -> None:
    numbers = frozenset({1, 3, 5})
    counts: dict[frozenset[int], int] = {}
    for roll in itertools.product(faces, repeat=dice):
        key = frozenset(numbers & set(roll))
        counts[key] = counts.get(key, 0) + 1
    total = len(faces) ** dice
    assert match_distribution(numbers, faces, dice) == {k: Fraction(v, total) for k, v in counts.items()}


def test_each_worms_chance_is_one_minus_no_die_showing_its_number() -> None:
    state = started("shaggai-demo")
    ((_, number, chance),) = worm_chances(state)
    hits = sum(1 for roll in itertools.product(range(1, 7), repeat=3) if number in roll)
    assert chance == Fraction(hits, 6**3) == 1 - Fraction(5, 6) ** 3


def test_custom_degradation_faces_change_the_chance() -> None:
    state = started("shaggai-demo")
    state = evolve(state, board=evolve(state.board, degradation_faces=(1, 1, 2, 3, 4, 5)))
    assert worm_chances(state)[0][2] == 1 - Fraction(4, 6) ** 3


def test_eradication_gains_are_what_the_eradication_would_pay() -> None:
    units = [("black_goat", "cultist", "Acolyte", 2), ("black_goat", "goo", "Shub-Niggurath", 1)]
    state = set_board(started("shaggai-demo"), The_Worm_that_Gnaws_in_the_Night={"gate": "black_goat", "units": units})
    ((area, rewards),) = eradication_gains(state)
    assert rewards == (Reward("black_goat", 3, 2, 0),) == compensation(state, area)[1]


# A tiny ring of 8 areas for brute force: A0 is The Worm that Gnaws in the Night.
RING = tuple(
    AreaDef(f"A{i}", neighbours=(f"A{(i - 1) % 8}", f"A{(i + 1) % 8}"), worm_start=i == 0, start=start)
    for i, start in zip(range(8), [(), ("great_cthulhu",), (), ("crawling_chaos",), (), ("black_goat",), (), ()], strict=True)
)
TINY = MapDef("ring", "Ring", MapStatus.DEMO, (3,), RING, worm_numbers=(1, 2, 3, 4, 5, 6), degradation_faces=(1, 2, 3, 4, 5, 6))


def brute_force(gone: frozenset[int], on_map: tuple[tuple[int, int], ...], supply: tuple[int, ...], phases: int) -> Fraction:
    """Enumerate each die roll and each placement sequence with its chance, independently."""
    if phases == 0:
        return Fraction(0)
    total = Fraction(0)
    outcomes = list(itertools.product(range(1, 7), repeat=3))
    for roll in outcomes:
        hit = [(a, n) for a, n in on_map if n in roll]
        new_gone = gone | {a for a, _ in hit}
        left = tuple(p for p in on_map if p not in hit)
        new_supply = supply + tuple(n for _, n in hit)
        if 8 - len(new_gone) < 6:
            total += Fraction(1, len(outcomes))
            continue
        for placed, weight in sequences(new_gone, left, new_supply, 3):
            total += Fraction(1, len(outcomes)) * weight * brute_force(new_gone, placed[0], placed[1], phases - 1)
    return total


Placed = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]


def sequences(
    gone: frozenset[int], on_map: tuple[tuple[int, int], ...], supply: tuple[int, ...], players: int
) -> Iterator[tuple[Placed, Fraction]]:
    """Each placement sequence (uniform among legal areas, next worm in the supply), with its chance."""
    anchors = set(gone) | {0}
    taken = {a for a, _ in on_map}
    legal = sorted({n for a in anchors for n in ((a - 1) % 8, (a + 1) % 8)} - set(gone) - taken)
    if players == 0 or not supply or not legal:
        yield (tuple(sorted(on_map)), supply), Fraction(1)
        return
    for area in legal:
        placed = (*on_map, (area, supply[0]))
        for result, weight in sequences(gone, placed, supply[1:], players - 1):
            yield result, weight / len(legal)


@pytest.mark.parametrize("phases", [1, 2])
@pytest.mark.parametrize("gone", [frozenset(), frozenset({4})])
def test_worlds_end_chance_equals_brute_force(phases: int, gone: frozenset[int]) -> None:
    state = started()
    areas = tuple(evolve(a, markers=(ERADICATED,) if i in gone else ()) for i, a in enumerate(state.areas[:8]))
    state = evolve(state, board=TINY, areas=areas, worms=Worms(((0, 1), (2, 2)), (3, 4, 5, 6)))
    expected = brute_force(gone, ((0, 1), (2, 2)), (3, 4, 5, 6), phases)
    assert abs(worlds_end_within(state, phases) - float(expected)) < TOLERANCE
    if gone:
        assert expected > 0


def test_a_too_costly_horizon_says_so() -> None:
    state = evolve(started("shaggai-demo"), worms=Worms(((2, 1), (7, 2), (12, 3)), (4, 5, 6)))
    gone = (0, 3, 4, 15, 16)
    state = evolve(state, areas=tuple(evolve(a, markers=(ERADICATED,)) if i in gone else a for i, a in enumerate(state.areas)))
    with pytest.raises(TooCostly):
        worlds_end_within(state, 6, budget=50)
