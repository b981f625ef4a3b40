"""The cues, generated here (no recordings to download): mono 16-bit PCM at 22,050 Hz.

Each is a short synthesis (sines, a sweep, a little noise) under an envelope, made once and
kept: 50-90 ms of work per cue on x86, once.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from functools import cache

from companion.voice.espeak import RATE
from companion.voice.lines import Cue

PEAK = 0.6 * 32767  # leave headroom for the speech that follows


def _render(seconds: float, wave_at: Callable[[float], float], decay: float) -> bytes:
    """``wave_at(t)`` in -1..1 for ``seconds``, under a quick attack and exponential decay."""
    samples = array("h")
    total = int(seconds * RATE)
    for i in range(total):
        t = i / RATE
        envelope = min(1.0, t / 0.01) * math.exp(-decay * t) * min(1.0, (total - i) / (0.02 * RATE))
        samples.append(int(PEAK * envelope * max(-1.0, min(1.0, wave_at(t)))))
    return samples.tobytes()


def _sweep(start: float, end: float, seconds: float) -> Callable[[float], float]:
    """A sine gliding from ``start`` to ``end`` Hz (the phase is the frequency's integral)."""
    rate = (end - start) / seconds
    return lambda t: math.sin(2 * math.pi * (start * t + rate * t * t / 2))


def _watcher() -> bytes:  # a low rising drone with a beating second voice
    a, b = _sweep(55, 110, 1.2), _sweep(56.5, 113, 1.2)
    return _render(1.2, lambda t: 0.6 * a(t) + 0.4 * b(t), 1.0)


def _eradication() -> bytes:  # a thump and a rumble of noise
    noise = random.Random(7)
    thump = _sweep(90, 30, 0.9)
    return _render(0.9, lambda t: 0.7 * thump(t) + 0.3 * (noise.random() * 2 - 1), 3.5)


def _mythos() -> bytes:  # a bell: a fundamental and an inharmonic partial
    return _render(0.7, lambda t: 0.7 * math.sin(2 * math.pi * 660 * t) + 0.3 * math.sin(2 * math.pi * 1_782 * t), 5.0)


def _ancient_one() -> bytes:  # a deep falling sweep with a slow tremolo
    fall = _sweep(110, 40, 1.6)
    return _render(1.6, lambda t: fall(t) * (0.75 + 0.25 * math.sin(2 * math.pi * 6 * t)), 0.8)


def _game_over() -> bytes:  # three falling tones
    return _render(1.2, lambda t: math.sin(2 * math.pi * (392, 330, 262)[min(2, int(t / 0.4))] * t), 1.2)


_MAKERS: dict[Cue, Callable[[], bytes]] = {
    Cue.WATCHER: _watcher,
    Cue.ERADICATION: _eradication,
    Cue.MYTHOS: _mythos,
    Cue.ANCIENT_ONE: _ancient_one,
    Cue.GAME_OVER: _game_over,
}


@cache
def cue_samples(cue: Cue) -> bytes:
    """The PCM of ``cue`` (made on first use, then kept)."""
    return _MAKERS[cue]()
