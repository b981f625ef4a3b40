"""Speech for the listening tests: espeak-ng says a phrase, sox makes it what the recognizer
hears (16 kHz mono signed 16-bit, with a little silence either side) and mixes in noise at a
signal-to-noise ratio.  Shared by bench/listen_bench.py and tests/listening."""

from __future__ import annotations

import array
import math
import shutil
import subprocess
import tempfile
from pathlib import Path

RAW = ["-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer"]
# The voices tried: two men, a Scottish one, a woman at a normal and at a fast pace (espeak's
# "en-us+f3" at 220 words a minute is the "fast female voice").
VOICES = (("en-us", 160), ("en-gb", 160), ("en-gb-scotland", 160), ("en-us+f3", 160), ("en-us+f3", 220), ("en-us+m3", 200))


def available() -> str:
    """Why the spoken tests cannot run here ("" when they can)."""
    missing = [tool for tool in ("espeak-ng", "sox") if shutil.which(tool) is None]
    return f"needs {' and '.join(missing)} (make test installs them)" if missing else ""


ROOM_SNR = 30  # dB: a quiet room heard through a microphone (never the digital silence of a file)


def speak(text: str, voice: str = "en-us", speed: int = 160, pad: float = 0.3) -> bytes:
    """``text`` said by espeak-ng, as 16 kHz mono s16 PCM with ``pad`` s of silence either side.

    The same every time: sox dithers when it resamples espeak's 22.05 kHz, and with a random
    dither (its default) one word in three came out another ("next" heard as "undo"), so the
    dither is made repeatable (``-R``)."""
    wav = subprocess.run(
        ["espeak-ng", "--stdout", "-v", voice, "-s", str(speed), "--", text], capture_output=True, check=True
    ).stdout
    sox = ["sox", "-R", "-t", "wav", "-", *RAW, "-", "pad", str(pad), str(pad)]
    return subprocess.run(sox, input=wav, capture_output=True, check=True).stdout


def said_in_a_room(text: str, voice: str = "en-us") -> bytes:
    """``text`` as a microphone in a quiet room hears it: espeak-ng's speech with pink noise
    :data:`ROOM_SNR` dB below it.  The push-to-talk tests speak this way: on espeak's pure
    digital silence a short word is fragile (after one phrase, "next" came out "undo" in 13 of 40
    dithers; with this room, 0 of 40; docs/voice.md)."""
    return noisy(speak(text, voice), ROOM_SNR)


def silence(seconds: float) -> bytes:
    return bytes(2 * int(16_000 * seconds))


def rms(pcm: bytes) -> float:
    """Root mean square of the samples louder than a whisper (the speech, not its padding)."""
    samples = array.array("h", pcm)
    loud = [s for s in samples if abs(s) > 300] or [0]
    return math.sqrt(sum(s * s for s in loud) / len(loud))


def noisy(pcm: bytes, snr: float) -> bytes:
    """``pcm`` with pink noise mixed in by sox at ``snr`` dB below the speech's level."""
    seconds = len(pcm) / 32_000
    with tempfile.TemporaryDirectory() as tmp:
        speech, noise = Path(tmp, "speech.raw"), Path(tmp, "noise.raw")
        speech.write_bytes(pcm)
        subprocess.run(["sox", "-R", "-n", *RAW, str(noise), "synth", f"{seconds:.3f}", "pinknoise", "vol", "0.3"], check=True)
        gain = rms(pcm) / (rms(noise.read_bytes()) * 10 ** (snr / 20))
        # With -v given for each input, sox -m adds them as scaled (no 1/n averaging).
        mix = ["sox", "-m", "-v", "1", *RAW, str(speech), "-v", f"{gain:.5f}", *RAW, str(noise), *RAW, "-"]
        return subprocess.run(mix, capture_output=True, check=True).stdout
