"""The speaker: SDL's audio through pygame.mixer, one line (cue, then words) at a time.

The mixer is opened for mono 16-bit at 22,050 Hz with no format changes allowed, so SDL
converts for the device and the samples from espeak-ng and :mod:`companion.voice.sounds` play
as they are.  :meth:`AudioOutput.play` blocks for the sound's length (the speech queue's thread
is the only caller), and :meth:`AudioOutput.close` cuts a playing sound short.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Mapping
from pathlib import Path

import pygame

from companion.voice.espeak import RATE

log = logging.getLogger(__name__)

BUFFER = 512  # samples per SDL callback: 23 ms at 22,050 Hz, the output's added latency
DRAIN = 1.0  # seconds to wait past a sound's length for the mixer to report it done


class AudioUnavailable(RuntimeError):
    """No audio device could be opened (SDL's message says why)."""


def no_sound_device(environ: Mapping[str, str] = os.environ, root: Path = Path("/")) -> str:
    """Why there is surely no sound device here ("" when there may be one).

    Asked before SDL is, because on a Linux without a sound card SDL's ALSA back end writes its
    failures straight to the terminal.  A driver named in SDL_AUDIODRIVER (the tests' "dummy" and
    "disk") is always tried.
    """
    if environ.get("SDL_AUDIODRIVER") or sys.platform != "linux":
        return ""
    runtime = Path(environ.get("XDG_RUNTIME_DIR", "/nonexistent"))
    servers = (runtime / "pulse" / "native", runtime / "pipewire-0")
    if (root / "dev" / "snd").exists() or environ.get("PULSE_SERVER") or any(s.exists() for s in servers):
        return ""
    return "no sound card (/dev/snd) and no sound server"


class AudioOutput:
    """Plays PCM (mono, signed 16-bit, 22,050 Hz) on the default SDL audio device."""

    def __init__(self, *, volume: float = 0.8) -> None:
        missing = no_sound_device()
        if missing:
            raise AudioUnavailable(missing)
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=BUFFER, allowedchanges=0)
        except pygame.error as exc:
            raise AudioUnavailable(f"no audio device: {exc}") from exc
        self.volume = volume
        self._stop = threading.Event()
        self._closed = False

    def play(self, pcm: bytes) -> None:
        """Play ``pcm`` at :attr:`volume` (0..1) and return when it has been played (or on close)."""
        if self._closed or not pcm or self.volume <= 0:
            return
        sound = pygame.mixer.Sound(buffer=pcm)
        sound.set_volume(self.volume)
        channel = sound.play()
        # Wait the sound's own length, then for the mixer to say it is done: the thread sleeps
        # instead of polling, and close() wakes it.
        if self._stop.wait(sound.get_length()):
            return
        waited = 0.0
        while channel.get_busy() and waited < DRAIN and not self._stop.wait(0.02):
            waited += 0.02

    def interrupt(self) -> None:
        """Cut a playing sound short and play nothing more (the speech thread returns at once)."""
        self._closed = True
        self._stop.set()

    def close(self) -> None:
        """Stop what plays and release the device (safe to call twice; call after the speech
        thread has returned, so no sound is being made while the mixer goes)."""
        self.interrupt()
        if pygame.mixer.get_init():
            pygame.mixer.quit()
