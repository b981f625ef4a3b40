"""The recognizer on speech: espeak-ng says phrases of seeded states' grammars in three voices
at two speeds, sox mixes in pink noise at 20 and 10 dB SNR, and the audio reaches pocketsphinx
through the microphone's path (a FileSource's chunks).  The floors are the figures measured
here less a margin (docs/voice.md has the bench's larger sample)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.listen_bench import sample
from bench.speech import available, noisy, speak
from companion.listening.microphone import FileSource
from companion.listening.phrases import Phrase
from companion.listening.recognizer import Recognizer

pytestmark = pytest.mark.skipif(bool(available()), reason=available())
VOICES = ("en-us", "en-gb", "en-us+f3")
SPEEDS = (160, 220)
SNRS = (20, 10)
FLOORS = {20: 0.9, 10: 0.8}  # exact phrases heard, of those said


Rendered = list[tuple[dict[str, Phrase], Phrase, str, int, int, bytes]]


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    """Each phrase said in each voice and speed with noise at each SNR, rendered once a session."""
    cache = tmp_path_factory.getbasetemp() / "listening-speech.pickle"
    if cache.exists():
        loaded: Rendered = pickle.loads(cache.read_bytes())
        return loaded
    said: Rendered = []
    for _state, book, phrase in sample(count=2, per_state=2, seed=11):
        for voice in VOICES:
            for speed in SPEEDS:
                clean = speak(phrase.text, voice, speed)
                said += [(book, phrase, voice, speed, snr, noisy(clean, snr)) for snr in SNRS]
    cache.write_bytes(pickle.dumps(said))
    return said


@pytest.fixture(scope="module")
def recognizer() -> Iterator[Recognizer]:
    heard = Recognizer()
    heard.expect(["undo", "next", "redo"])
    for word in ("undo", "next", "redo"):  # the live cepstral mean settles, as over a table's first words
        heard.hear(speak(word))
    yield heard


def through_the_microphones_path(recognizer: Recognizer, pcm: bytes) -> str:
    source = FileSource(recognizer.feed)
    recognizer.begin()
    source.queue(pcm)
    source.start()  # the button held: the chunks reach the decoder
    source.stop()
    heard = recognizer.end()
    return heard.words if heard.whole else ""


@pytest.mark.parametrize("snr", SNRS)
def test_phrases_are_heard_exactly_over_noise(rendered: Rendered, recognizer: Recognizer, snr: int) -> None:
    tried = [(book, phrase, voice, speed, pcm) for book, phrase, voice, speed, level, pcm in rendered if level == snr]
    wrong = []
    for book, phrase, voice, speed, pcm in tried:
        recognizer.expect(list(book))
        heard = through_the_microphones_path(recognizer, pcm)
        if heard != phrase.words:
            wrong.append(f"{voice}@{speed}: {phrase.words!r} -> {heard!r}")
    assert len({(v, s) for _b, _p, v, s, _pcm in tried}) == len(VOICES) * len(SPEEDS)
    assert 1 - len(wrong) / len(tried) >= FLOORS[snr], wrong


def test_a_wav_file_is_heard_as_the_microphone_would_hear_it(recognizer: Recognizer, tmp_path: Path) -> None:
    import wave

    path = tmp_path / "undo.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(16_000)
        wav.writeframes(speak("undo", "en-gb"))
    recognizer.expect(["undo", "redo", "next", "roll for me"])
    heard: list[bytes] = []
    source = FileSource(heard.append)
    source.queue(path)
    source.start()
    assert recognizer.hear(b"".join(heard)).words == "undo"
