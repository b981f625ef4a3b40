"""pocketsphinx held to the phrases sayable now: audio in, a phrase's words (or nothing) out.

:class:`Recognizer` keeps one decoder for the table's life: its cepstral mean (how this room and
this microphone sound) adapts over the phrases heard, so it is not rebuilt per press.  It decodes
a whole utterance (the audio of one button hold) against the grammar of the phrases offered,
or against a small grammar of yes and no when a phrase waits to be confirmed.

A hypothesis is offered only when the decoder reached the end of a phrase: with nothing heard,
or a path that stops inside a phrase (the decoder's best guess when no phrase fits the audio),
the screen says it did not understand.  The settings below were chosen on espeak-ng's voices
(docs/voice.md, "What moved the figures").
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from companion.listening.grammar import NO, YES, jsgf, new_words, unsayable

log = logging.getLogger(__name__)

RATE = 16_000  # Hz: the acoustic model's; a microphone is opened at this rate
CHUNK = 2048  # bytes fed to the decoder at a time (64 ms of audio), as a live stream arrives
SETTINGS: dict[str, Any] = {
    "samprate": RATE,
    "loglevel": "FATAL",
    # A grammar needs neither the flat-lexicon pass nor the lattice's best path: on the recorded
    # phrases both turned right first-pass hypotheses into wrong ones (docs/voice.md).
    "fwdflat": False,
    "bestpath": False,
}


class RecognizerUnavailable(RuntimeError):
    """pocketsphinx (or its English model) is not installed; the message says what to install."""


@dataclass(frozen=True)
class Heard:
    """What the decoder heard: ``words`` ("" for nothing) and whether they are a whole phrase
    of the grammar (``whole``), the only kind offered."""

    words: str
    whole: bool


class Recognizer:
    """One pocketsphinx decoder for the table; not thread-safe (one listening thread owns it).

    :raises RecognizerUnavailable: pocketsphinx is not installed."""

    def __init__(self) -> None:
        try:
            import pocketsphinx
        except ImportError as exc:
            raise RecognizerUnavailable("speech recognition needs pocketsphinx (pip install pocketsphinx)") from exc
        self.decoder: Any = pocketsphinx.Decoder(lm=None, **SETTINGS)
        self._grammars: dict[str, tuple[str, frozenset[str]]] = {}  # search name -> its JSGF text, its phrases
        self._phrases: frozenset[str] = frozenset()

    def expect(self, phrases: list[str], name: str = "said") -> None:
        """Hold the decoder to ``phrases`` (grammar words) until the next call.  A phrase with a
        word no dictionary knows is left out and logged (a name for words.PRONUNCIATIONS).

        Each ``name`` keeps its compiled grammar: the phrases of a state and the confirmation's
        yes and no take turns without compiling either again (a new state's grammar costs about
        0.1 s on x86; docs/voice.md)."""
        missing = unsayable(phrases, self._lookup)
        if missing:
            log.warning("Not sayable (no pronunciation): %s", ", ".join(sorted(missing)))
            phrases = [phrase for phrase in phrases if missing.isdisjoint(phrase.split())]
        text = jsgf(phrases)
        if self._grammars.get(name, ("", None))[0] != text:  # else the compiled grammar stands
            self._add_words(new_words(phrases, self._lookup))
            self.decoder.add_jsgf_string(name, text)
            self._grammars[name] = (text, frozenset(phrases))
        self.decoder.activate_search(name)
        self._phrases = self._grammars[name][1]

    def expect_answer(self) -> None:
        """Hold the decoder to a yes or a no (:data:`~companion.listening.grammar.YES`, ``NO``)."""
        self.expect([*YES, *NO], name="answer")

    def hear(self, pcm: bytes) -> Heard:
        """Decode one utterance: mono signed 16-bit PCM at :data:`RATE` Hz."""
        self.begin()
        for at in range(0, len(pcm), CHUNK):
            self.feed(pcm[at : at + CHUNK])
        return self.end()

    def begin(self) -> None:
        """Start an utterance (after :meth:`expect`: the grammar cannot change inside one)."""
        self.decoder.start_utt()

    def feed(self, chunk: bytes) -> None:
        """Decode ``chunk`` as it arrives (a held button's audio is decoded while it is held, so
        its release leaves only the utterance's end to wait for)."""
        self.decoder.process_raw(chunk, False, False)

    def end(self) -> Heard:
        """End the utterance: what was heard."""
        decoder = self.decoder
        decoder.end_utt()
        hypothesis = decoder.hyp()
        words = "" if hypothesis is None else str(hypothesis.hypstr)
        return Heard(words, words in self._phrases)

    def _lookup(self, word: str) -> str | None:
        found: str | None = self.decoder.lookup_word(word)
        return found

    def _add_words(self, words: dict[str, tuple[str, ...]]) -> None:
        """Teach the decoder the game's words (a second reading as "word(2)", as CMUdict writes
        it); the dictionary is rebuilt once, with the last word."""
        readings = [
            (word if k == 0 else f"{word}({k + 1})", phones) for word, found in words.items() for k, phones in enumerate(found)
        ]
        for n, (word, phones) in enumerate(readings):
            self.decoder.add_word(word, phones, n == len(readings) - 1)
