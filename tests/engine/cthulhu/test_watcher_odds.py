"""The Watcher's odds are exact: each is checked against brute-force enumeration to 1e-12."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from companion.engine.cthulhu.model import Watcher
from companion.engine.cthulhu.odds import (
    battle_against_watcher,
    decay_distribution,
    expected_kills,
    kills_distribution,
    watcher_odds,
)
from companion.engine.values import evolve
from tests.helpers import set_board, started

TOLERANCE = 1e-12


def enumerate_battle(dice: int, token: int) -> tuple[float, float]:
    """Every outcome of ``dice`` six-sided dice, equally likely."""
    loss = death = 0
    outcomes = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        kills = faces.count(6)
        loss += min(kills, token)
        death += kills >= token
        outcomes += 1
    return loss / outcomes, death / outcomes


@pytest.mark.parametrize(("dice", "token"), [(0, 12), (1, 1), (3, 2), (5, 12), (6, 3), (7, 1)])
def test_battle_odds_match_enumeration(dice: int, token: int) -> None:
    loss, death = battle_against_watcher(dice, token)
    expected_loss, expected_death = enumerate_battle(dice, token)
    assert abs(float(loss) - expected_loss) < TOLERANCE
    assert abs(float(death) - expected_death) < TOLERANCE
    assert expected_kills(dice) == Fraction(dice, 6)


@pytest.mark.parametrize("token", range(1, 13))
def test_decay_distribution_matches_enumeration(token: int) -> None:
    counts: dict[int, int] = {}
    for face in range(1, 7):
        after = max(0, token - face)
        counts[after] = counts.get(after, 0) + 1
    assert {k: float(v) for k, v in decay_distribution(token)} == pytest.approx(
        {k: v / 6 for k, v in counts.items()}, abs=TOLERANCE
    )
    assert sum(chance for _, chance in decay_distribution(token)) == 1


def test_kills_distribution_sums_to_one() -> None:
    assert sum(kills_distribution(9)) == 1


def test_the_awakening_chance_counts_distinct_numbers_of_controlled_pyramid_gates() -> None:
    state = started("yuggoth-demo")
    assert watcher_odds(state).wake_by_die == 0  # type: ignore[union-attr]
    state = set_board(
        state,
        Slopes_of_the_Pyramid_North={"gate": "black_goat", "units": [("black_goat", "cultist", "Acolyte", 1)]},
        Watcher_Postern={"gate": "great_cthulhu", "units": [("great_cthulhu", "cultist", "Acolyte", 1)]},
        Slopes_of_the_Pyramid_South={"gate": "abandoned"},
    )
    odds = watcher_odds(state)
    assert odds is not None
    faces_that_wake = [face for face in range(1, 7) if face in (1, 5)]  # north 1, postern 5; south abandoned
    assert odds.wake_by_die == Fraction(len(faces_that_wake), 6)


def test_awake_watcher_has_decay_odds_and_no_die_awakening() -> None:
    state = started("yuggoth-demo")
    state = evolve(state, watcher=Watcher(awake=True, token=4, area=6))
    odds = watcher_odds(state)
    assert odds is not None and odds.wake_by_die == 0
    assert odds.killed_by_decay == Fraction(3, 6)  # a 4, 5 or 6
    assert dict(odds.decay) == {3: Fraction(1, 6), 2: Fraction(1, 6), 1: Fraction(1, 6), 0: Fraction(1, 2)}


def test_no_watcher_no_odds() -> None:
    assert watcher_odds(started()) is None
