"""The audio sources: PortAudio's microphone (none on this machine: a clear error, and the
house runs on with a notice) and recorded files through the same sink."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import wave
from pathlib import Path
from typing import Any

import pytest

from bench.speech import available as speech_missing
from bench.speech import said_in_a_room, silence
from companion.appliance import Appliance
from companion.listening.microphone import FileSource, Microphone, MicrophoneUnavailable
from companion.listening.recognizer import CHUNK
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game


def no_input_device() -> bool:
    try:
        import sounddevice

        return not any(device["max_input_channels"] > 0 for device in sounddevice.query_devices())
    except OSError:
        return True


@pytest.mark.skipif(not no_input_device(), reason="this machine has a microphone")
def test_without_a_microphone_the_table_says_so_and_runs_on() -> None:
    with pytest.raises(MicrophoneUnavailable, match="microphone"):
        Microphone(lambda chunk: None)
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        assert house.add_listening() is None
        assert [n.text for n in house.table.notices if n.text.startswith("No spoken commands: no microphone")]
        assert house.table.submit(_first(house))  # the table still plays


def _first(house: Appliance) -> Any:
    from companion.engine.cthulhu.game import legal_commands
    from companion.engine.cthulhu.model import GameState

    state = house.session.state
    assert isinstance(state, GameState)
    return next(iter(legal_commands(state)))


def test_a_file_source_hands_chunks_only_while_started(tmp_path: Path) -> None:
    got: list[bytes] = []
    source = FileSource(got.append)
    path = tmp_path / "a.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(16_000)
        wav.writeframes(bytes(range(256)) * 20)
    source.queue(path)
    assert got == []  # not started: a microphone nobody holds the button of
    source.start()
    assert b"".join(got) == bytes(range(256)) * 20
    assert {len(chunk) for chunk in got[:-1]} == {CHUNK}
    source.stop()
    source.queue(b"\1\0" * 10)
    assert len(b"".join(got)) == 5120


def test_a_wav_file_of_another_format_says_how_to_convert_it(tmp_path: Path) -> None:
    path = tmp_path / "stereo.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(44_100)
        wav.writeframes(bytes(8))
    with pytest.raises(ValueError, match=r"sox .* -r 16000 -c 1 -b 16"):
        FileSource(lambda chunk: None).queue(path)


# Run in a process of its own: PortAudio lists ALSA's devices once, when sounddevice is imported.
# The file plugin has no clock: a stream started at the microphone's opening reads the whole file
# into the chunks dropped before the press wherever the test's process is slow (CI lost "next"
# so), so the stream the microphone opens and starts is held until the press.
CAPTURE = """
import threading, sys
import sounddevice
from companion.listening.microphone import Microphone
from companion.listening.recognizer import CHUNK, Recognizer
want = int(sys.argv[1])
chunks, enough, asked = [], threading.Event(), []
def sink(pcm):
    if sum(map(len, chunks)) < want:
        chunks.append(pcm)
    else:
        enough.set()
class Held(sounddevice.RawInputStream):
    def start(self):
        asked.append(self)
Started = sounddevice.RawInputStream
sounddevice.RawInputStream = Held
microphone = Microphone(sink, device="filemic")
assert asked == [microphone.stream], "the microphone did not start its stream at its opening"
microphone.start()
Started.start(microphone.stream)
assert enough.wait(20), "no audio from the capture device"
microphone.close()
assert all(len(chunk) == CHUNK for chunk in chunks), {len(chunk) for chunk in chunks}
recognizer = Recognizer()
recognizer.expect(["next", "undo", "redo", "roll for me"])
recognizer.begin()
for chunk in chunks:
    recognizer.feed(chunk)
heard = recognizer.end()
print(heard.words, heard.whole)
"""


@pytest.mark.skipif(bool(speech_missing()), reason=speech_missing())
def test_a_capture_device_is_heard_through_portaudio(tmp_path: Path) -> None:
    """The microphone's own path (sounddevice, PortAudio, ALSA) with a capture device standing in
    for a microphone (this machine has none, and no sound card for ALSA's loopback): ALSA's file
    plugin reads espeak-ng's "next" (in a quiet room) as its input.  Its chunks reach the sink as the recognizer
    takes them, and it hears "next".  (The plugin has no clock: it delivers as fast as it is
    read, so this is the path, not a microphone's pace.)"""
    said = said_in_a_room("next") + silence(0.5)
    (tmp_path / "said.raw").write_bytes(said)
    (tmp_path / ".asoundrc").write_text(
        'pcm.filemic { type file slave.pcm "null" file "/dev/null" format "raw" infile "%s" }\n' % (tmp_path / "said.raw")
    )
    env = {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(Path(__file__).parents[2])}
    run = subprocess.run([sys.executable, "-c", CAPTURE, str(len(said))], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["next", "True"], run.stdout
