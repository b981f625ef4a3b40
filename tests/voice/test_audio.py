"""The voice heard: real espeak-ng, real SDL audio through its file ("disk") driver.

Each case runs in a child process (SDL's audio driver is chosen by the environment at the
mixer's start) that plays a scripted Yuggoth Doom Phase in which the Watcher awakens, through
the same session listener the appliance uses; the parent reads the samples SDL wrote.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from array import array
from pathlib import Path

import pytest

from companion.voice import espeak

pytestmark = pytest.mark.skipif(not espeak.available(), reason="espeak-ng is not installed (make test installs it)")

RATE = 22050
LOUD = 500  # a sample louder than this (of 32767) is sound, not SDL's silence

CHILD = textwrap.dedent(
    """
    import sys
    from companion.voice.audio import AudioOutput
    from companion.voice.speaker import Voice, VoiceSettings
    from tests.helpers import pass_round, set_players, started

    speech, cues = sys.argv[1] == "on", sys.argv[2] == "on"
    voice = Voice(AudioOutput(), VoiceSettings(speech=speech, cues=cues))
    state = set_players(started("yuggoth-demo"), black_goat={"doom": 11})
    state, events = pass_round(state)  # Black Goat's Doom passes 12: the Watcher awakens
    voice(tuple(events), state)
    assert voice.queue.wait_idle(60), "the voice did not finish"
    voice.close()
    """
)


def heard(tmp_path: Path, speech: str, cues: str) -> tuple[float, float]:
    """(seconds SDL wrote, seconds between the first and the last loud sample)."""
    out = tmp_path / "audio.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), PYTHONPATH=os.getcwd())
    subprocess.run([sys.executable, "-c", CHILD, speech, cues], env=env, check=True, timeout=120, capture_output=True)
    samples = array("h")
    samples.frombytes(out.read_bytes())
    loud = [i for i, s in enumerate(samples) if abs(s) > LOUD]
    return len(samples) / RATE, (loud[-1] - loud[0]) / RATE if loud else 0.0


def test_a_watcher_awakening_is_heard_for_a_plausible_length(tmp_path: Path) -> None:
    written, loud = heard(tmp_path, "on", "on")
    # The cue (1.2 s) then about a dozen words of speech (Doom reached, the awakening, the turn).
    assert 3.0 < loud < 30.0, (written, loud)


def test_cues_alone_are_only_the_cues_length(tmp_path: Path) -> None:
    _, loud = heard(tmp_path, "off", "on")
    assert 0.8 < loud < 1.3  # the Watcher's cue is 1.2 s; nothing is said


def test_a_muted_table_makes_no_sound(tmp_path: Path) -> None:
    _, loud = heard(tmp_path, "off", "off")
    assert loud == 0.0
