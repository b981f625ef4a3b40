"""Words to samples with espeak-ng, the offline speech engine packaged for Debian and the Pi.

:func:`render` runs ``espeak-ng --stdout`` and returns mono 16-bit PCM at :data:`RATE` Hz.
espeak-ng starts in a few milliseconds and needs no model download, which is why it is the
voice here (docs/voice.md).
"""

from __future__ import annotations

import io
import shutil
import subprocess
import wave

RATE = 22050  # Hz: espeak-ng's output rate, and the mixer's
TIMEOUT = 10.0  # seconds: a line that takes longer to render is given up
EXECUTABLE = "espeak-ng"


class SpeechUnavailable(RuntimeError):
    """espeak-ng is not installed, or failed to render a line."""


def available() -> bool:
    """True when espeak-ng is on the PATH."""
    return shutil.which(EXECUTABLE) is not None


def render(text: str, *, voice: str = "en", words_per_minute: int = 165) -> bytes:
    """``text`` spoken by ``voice`` (an espeak-ng voice name such as "en" or "de"), as PCM.

    Returns mono signed 16-bit little-endian samples at :data:`RATE` Hz.  Raises
    :class:`SpeechUnavailable` when espeak-ng is missing, fails, or takes over :data:`TIMEOUT` s.
    """
    command = [EXECUTABLE, "--stdout", "-v", voice, "-s", str(words_per_minute), "--", text]
    try:
        done = subprocess.run(command, capture_output=True, timeout=TIMEOUT, check=True)
    except FileNotFoundError as exc:
        raise SpeechUnavailable("espeak-ng is not installed (apt-get install espeak-ng)") from exc
    except subprocess.TimeoutExpired as exc:
        raise SpeechUnavailable(f"espeak-ng took over {TIMEOUT:.0f} s for one line") from exc
    except subprocess.CalledProcessError as exc:
        raise SpeechUnavailable(f"espeak-ng failed: {exc.stderr.decode(errors='replace').strip()}") from exc
    return _samples(done.stdout)


def _samples(wav: bytes) -> bytes:
    """The PCM inside espeak-ng's streamed WAV (its header's length is a placeholder)."""
    with wave.open(io.BytesIO(wav)) as reader:
        if (reader.getnchannels(), reader.getsampwidth(), reader.getframerate()) != (1, 2, RATE):
            raise SpeechUnavailable(f"espeak-ng gave an unexpected format: {reader.getparams()}")
        samples: bytes = reader.readframes(reader.getnframes())
        return samples
