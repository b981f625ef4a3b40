"""The companion's voice as a session listener: lines from events, said on the speech thread.

:class:`Voice` is a peer of the screen and the panel: the session calls it after an entry is
journaled; it picks the lines (:func:`companion.voice.lines.lines_for`) and queues them, which
never blocks the table loop.  The queue's thread renders each with espeak-ng and plays the cue,
then the words, through :class:`companion.voice.audio.AudioOutput`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion import i18n
from companion.narrate import named
from companion.voice import espeak
from companion.voice.lines import Line, Verbosity, lines_for
from companion.voice.queue import SpeechQueue
from companion.voice.sounds import cue_samples

log = logging.getLogger(__name__)


@dataclass
class VoiceSettings:
    """What the table chose in Settings: remembered with the other settings."""

    speech: bool = True  # say the lines
    cues: bool = True  # play the generated sounds for the big moments
    volume: float = 0.8  # 0..1
    verbosity: Verbosity = Verbosity.EVERYTHING
    voice: str = ""  # an espeak-ng voice ("en", "de", "en-us", ...); "" follows the language

    @property
    def silent(self) -> bool:
        return (not self.speech and not self.cues) or self.volume <= 0


class Output(Protocol):
    volume: float

    def play(self, pcm: bytes) -> None: ...

    def interrupt(self) -> None: ...

    def close(self) -> None: ...


Render = Callable[[str, str], bytes]


def _espeak(text: str, voice: str) -> bytes:
    return espeak.render(text, voice=voice)


class SpokenSink:
    """Says a line: its cue (if cues are on), then its words (if speech is on)."""

    def __init__(self, output: Output, settings: VoiceSettings, render: Render = _espeak) -> None:
        self.output = output
        self.settings = settings
        self._render = render

    def say(self, line: Line) -> None:
        self.output.volume = self.settings.volume
        if line.cue is not None and self.settings.cues:
            self.output.play(cue_samples(line.cue))
        if self.settings.speech:
            self.output.play(self._render(line.text, self.settings.voice or i18n.VOICES[i18n.language()]))


class Voice:
    """A session listener that speaks: ``voice(events, state, entry)``; :meth:`close` when done."""

    def __init__(self, output: Output, settings: VoiceSettings | None = None, *, render: Render = _espeak) -> None:
        self.settings = settings or VoiceSettings()
        self.output = output
        self.queue = SpeechQueue(SpokenSink(output, self.settings, render)).start()

    def __call__(self, events: tuple[Any, ...], state: Any, entry: object = None) -> None:
        if self.settings.silent:
            return
        for line in lines_for(events, state, _names(state), self.settings.verbosity):
            self.queue.put(replace(line, text=named(line.text)))  # a faction's name, never its id

    def close(self) -> None:
        """Stop speaking and release the audio device (safe to call twice)."""
        self.output.interrupt()  # the line being said stops now, so the thread joins at once
        self.queue.close()
        self.output.close()


def _names(state: Any) -> dict[str, str]:
    """The players' names by id.  An Arkham Horror state has none to give: its ``players`` is a
    count (an int), and its investigators are named in the events themselves."""
    players = getattr(state, "players", ())
    if not isinstance(players, (tuple, list)):
        return {}
    return {p.pid: p.label for p in players if hasattr(p, "pid")}
