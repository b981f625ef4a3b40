"""Where the spoken audio comes from: a microphone through PortAudio, or recorded files.

Both are a :class:`Source`: opened once, then :meth:`~Source.start` and :meth:`~Source.stop`
deliver chunks of mono signed 16-bit PCM at :data:`~companion.listening.recognizer.RATE` Hz to
the ``sink`` given at opening (the push-to-talk thread's queue).  The microphone's stream stays
open for the table's life (a device opened at each press loses the first tenth of a second of
speech on many USB microphones) and its callback drops every chunk while nobody is talking, so
an open microphone costs PortAudio's wake-ups and nothing else.  :class:`FileSource` plays
recordings through the same path: the tests and the bench hear what a microphone would deliver.
"""

from __future__ import annotations

import threading
import wave
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from companion.listening.recognizer import CHUNK, RATE

Sink = Callable[[bytes], None]  # takes one chunk of PCM; called on the source's thread


class MicrophoneUnavailable(RuntimeError):
    """No microphone (or no PortAudio): the message says which and what to do."""


class Source(Protocol):
    def start(self) -> None:
        """Deliver audio to the sink from now on."""

    def stop(self) -> None:
        """Deliver no more audio (chunks already delivered stay delivered)."""

    def close(self) -> None:
        """Release the device (safe to call twice)."""


class Microphone:
    """The default input device, 16 kHz mono int16, its chunks handed to ``sink`` while started.

    :raises MicrophoneUnavailable: sounddevice or libportaudio2 is missing, or no input device."""

    def __init__(self, sink: Sink, device: int | str | None = None) -> None:
        try:
            import sounddevice
        except (ImportError, OSError) as exc:  # OSError: the module is there, libportaudio2 is not
            raise MicrophoneUnavailable(f"no microphone support ({exc}); install libportaudio2 and sounddevice") from exc
        self.sink = sink
        self._on = threading.Event()
        try:
            self.stream: Any = sounddevice.RawInputStream(
                samplerate=RATE, channels=1, dtype="int16", blocksize=CHUNK // 2, device=device, callback=self._heard
            )
            self.stream.start()
        except Exception as exc:  # sounddevice.PortAudioError and ValueError (no such device)
            raise MicrophoneUnavailable(f"no microphone found ({exc}); plug one in and restart the table") from exc

    def _heard(self, data: Any, frames: int, time: Any, status: Any) -> None:
        if self._on.is_set():  # PortAudio's thread: hand the chunk over and return at once
            self.sink(bytes(data))

    def start(self) -> None:
        self._on.set()

    def stop(self) -> None:
        self._on.clear()

    def close(self) -> None:
        self._on.clear()
        self.stream.close()


class FileSource:
    """Recorded utterances, played through the microphone's path: :meth:`queue` one (a WAV file
    or raw PCM) and it is handed to the sink in :data:`CHUNK`-byte pieces, as a microphone would
    deliver it, once the source is started (at once if it is).  Nothing queued: a started source
    delivers nothing (a silent room)."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.waiting: deque[bytes] = deque()
        self.on = False
        self.listening = threading.Event()  # set while started: a test waits on it to speak, as a player would
        self._lock = threading.Lock()  # queued from a test's thread, started on the talk thread

    def queue(self, audio: bytes | Path) -> None:
        """Play ``audio``: raw PCM (mono s16 at RATE Hz) or a WAV file's path.

        :raises ValueError: the WAV file is not mono 16-bit at RATE Hz (convert it with
            ``sox in.wav -r 16000 -c 1 -b 16 out.wav``)."""
        with self._lock:
            self.waiting.append(read_wav(audio) if isinstance(audio, Path) else audio)
            self._play()

    def start(self) -> None:
        with self._lock:
            self.on = True
            self.listening.set()
            self._play()

    def stop(self) -> None:
        with self._lock:
            self.on = False
            self.listening.clear()

    def close(self) -> None:
        self.stop()
        self.waiting.clear()

    def _play(self) -> None:
        while self.on and self.waiting:
            pcm = self.waiting.popleft()
            for at in range(0, len(pcm), CHUNK):
                self.sink(pcm[at : at + CHUNK])


def read_wav(path: Path) -> bytes:
    """The PCM of a WAV file recorded as the recognizer hears (mono, 16-bit, RATE Hz).

    :raises ValueError: another format (the message says how to convert it)."""
    with wave.open(str(path), "rb") as wav:
        shape = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate())
        if shape != (1, 2, RATE):
            raise ValueError(
                f"{path}: {shape[0]} channel(s), {8 * shape[1]}-bit, {shape[2]} Hz; the recognizer hears mono 16-bit "
                f"{RATE} Hz: convert it with `sox {path} -r {RATE} -c 1 -b 16 OUT.wav`"
            )
        return wav.readframes(wav.getnframes())
