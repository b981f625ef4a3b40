"""Event to the first audio sample: the voice's latency, beside espeak-ng's own start.

The path: the session hands the listener a journaled entry in which the Watcher awakens; the
line is chosen, queued, rendered by espeak-ng and handed to SDL's mixer (the dummy audio
driver, which consumes samples in real time like a device).  Timed from the listener call to
the mixer's play(); SDL's buffer then adds at most BUFFER / RATE (23 ms).  Cues are off, so
the words are on the path (a cue is made once and kept, and would hide the render).
The floor: espeak-ng started for one short word (process start plus render), the part no
voice built on it can avoid.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time

from bench.timing import figures
from companion.engine.cthulhu.events import DoomGained
from companion.engine.cthulhu.watcher import WatcherAwakened
from companion.voice.audio import BUFFER, AudioOutput
from companion.voice.espeak import RATE
from companion.voice.speaker import Voice, VoiceSettings

TRIALS = 30


class _Stamped(AudioOutput):
    """Records when the first samples reach the mixer, and stops them there."""

    def __init__(self) -> None:
        super().__init__()
        self.handed = threading.Event()
        self.at = 0.0

    def play(self, pcm: bytes) -> None:
        import pygame

        self.at = time.perf_counter()
        pygame.mixer.Sound(buffer=pcm).play().stop()
        self.handed.set()


def _floor_ms() -> float:
    start = time.perf_counter()
    subprocess.run(["espeak-ng", "--stdout", "-v", "en", "Doom"], capture_output=True, check=True)
    return (time.perf_counter() - start) * 1000


def run() -> list[str]:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # The entry of a Doom Phase in which Black Goat's Doom passes 12 and the Watcher awakens.
    events = (DoomGained("black_goat", 1, "gates", 12), WatcherAwakened("doom", "Watcher Postern", 12, "black_goat"))
    output = _Stamped()
    voice = Voice(output, VoiceSettings(cues=False))
    path, floor = [], []
    for _ in range(TRIALS):
        output.handed.clear()
        start = time.perf_counter()
        voice(events, None)
        output.handed.wait(10)
        path.append((output.at - start) * 1000)
        voice.queue.wait_idle(30)
        floor.append(_floor_ms())
    voice.close()
    p, f = figures(path), figures(floor)
    return [
        "## The voice (espeak-ng, SDL dummy audio)",
        "",
        f"From the session's listener call to the first samples handed to SDL's mixer, {TRIALS} times;",
        f"SDL's buffer adds at most {BUFFER / RATE * 1000:.0f} ms more. The floor is espeak-ng's own start for one word.",
        "",
        "| what | median | p99 | target |",
        "| --- | --- | --- | --- |",
        f"| event -> first audio sample | {p.median:.1f} ms | {p.p99:.1f} ms | median < 300 ms |",
        f"| floor: espeak-ng started for one word | {f.median:.1f} ms | {f.p99:.1f} ms |  |",
        f"| ratio | {p.median / f.median:.2f}x | {p.p99 / f.p99:.2f}x |  |",
        "",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
