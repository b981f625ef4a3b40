"""Exact odds the table can see, computed with fractions from the state (no simulation).

Yuggoth, for the Watcher:

- the chance the pyramid die wakes it at the coming Doom Phase (if it is still asleep when the
  die is rolled): the distinct numbers of pyramid areas with a controlled gate, out of 6;
- the distribution of its token after the next decay, and the chance decay kills it;
- for a battle against it with ``n`` combat dice: expected Kills (``n / 6``), the expected loss
  of token spaces (Kills beyond the token are wasted) and the chance it dies.

``tests/engine/cthulhu/test_watcher_odds.py`` checks each against brute-force enumeration.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from companion.engine.cthulhu.model import GameState
from companion.engine.cthulhu.watcher import waking_numbers

FACES = 6
KILL_CHANCE = Fraction(1, FACES)  # a 6 on a battle die


@dataclass(frozen=True)
class WatcherOdds:
    """``decay`` maps each token value after the next decay (0 = killed) to its chance."""

    wake_by_die: Fraction
    decay: tuple[tuple[int, Fraction], ...]
    killed_by_decay: Fraction


def watcher_odds(state: GameState) -> WatcherOdds | None:
    """The Watcher's odds now, or None when the game has no Watcher."""
    w = state.watcher
    if w is None:
        return None
    wake = Fraction(0) if w.awake else Fraction(len(waking_numbers(state)), FACES)
    decay = decay_distribution(w.token) if w.awake else ()
    killed = dict(decay).get(0, Fraction(0))
    return WatcherOdds(wake, decay, killed)


def decay_distribution(token: int) -> tuple[tuple[int, Fraction], ...]:
    """Token after one decay die from ``token``: each face 1-6 equally likely; 0 or less kills."""
    chances: dict[int, Fraction] = {}
    for face in range(1, FACES + 1):
        after = max(0, token - face)
        chances[after] = chances.get(after, Fraction(0)) + Fraction(1, FACES)
    return tuple(sorted(chances.items()))


def kills_distribution(dice: int) -> tuple[Fraction, ...]:
    """P(exactly k Kills) for k = 0..dice: binomial with p = 1/6."""
    p, q = KILL_CHANCE, 1 - KILL_CHANCE
    return tuple(comb(dice, k) * p**k * q ** (dice - k) for k in range(dice + 1))


def expected_kills(dice: int) -> Fraction:
    return dice * KILL_CHANCE


def battle_against_watcher(dice: int, token: int) -> tuple[Fraction, Fraction]:
    """(expected token spaces lost, chance the Watcher dies) for ``dice`` combat dice."""
    spread = kills_distribution(dice)
    loss = sum((min(k, token) * chance for k, chance in enumerate(spread)), Fraction(0))
    death = sum((chance for k, chance in enumerate(spread) if k >= token), Fraction(0))
    return loss, death
