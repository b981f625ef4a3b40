"""The audio sources: PortAudio's microphone (none on this machine: a clear error, and the
house runs on with a notice) and recorded files through the same sink."""

from __future__ import annotations

import contextlib
import wave
from pathlib import Path
from typing import Any

import pytest

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
