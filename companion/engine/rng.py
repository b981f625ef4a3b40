"""The built-in dice generator: a counter-based PRNG whose whole state lives in the game state.

Dice are input to the engine.  When the table asks the generator for a roll, the engine draws
from this generator and records the values in the roll's event, so a replay of the journal gives
the identical dice.  The generator is *counter based* (SplitMix64 of ``seed + position``): its
state is two integers, so it costs nothing to keep in an immutable state and undo restores it
exactly.  Golden values are pinned in ``tests/engine/test_rng.py``.
"""

from __future__ import annotations

from companion.engine.values import dataclass

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(x: int) -> int:
    """One SplitMix64 output for the 64-bit input ``x``."""
    z = (x + _GOLDEN_GAMMA) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """Seed and position of the generator; ``position`` counts the 64-bit words drawn."""

    seed: int
    position: int = 0

    def word(self) -> tuple[int, Rng]:
        """The next 64-bit word and the generator after it."""
        value = splitmix64((self.seed + self.position * _GOLDEN_GAMMA) & _MASK64)
        return value, Rng(self.seed, self.position + 1)

    def below(self, bound: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, bound)``, without modulo bias (rejection sampling)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        rng = self
        while True:
            value, rng = rng.word()
            if value < limit:
                return value % bound, rng

    def dice(self, count: int, faces: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``count`` dice of ``faces`` faces, numbered from 1."""
        values: list[int] = []
        rng = self
        for _ in range(count):
            value, rng = rng.below(faces)
            values.append(value + 1)
        return tuple(values), rng
