"""The voice in the house: a peer output of the session, heard through SDL's dummy audio device;
muted when asked; a table without a sound device plays on and says why."""

from __future__ import annotations

import contextlib

import pytest

from companion.appliance import demo_house
from companion.demo import demo_setup
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.voice.lines import Line


def session() -> GameSession:
    setup = demo_setup(3, "yuggoth-demo", 3)
    started = GameSession.start(SqliteJournal(":memory:"), "voice", setup.command())
    assert isinstance(started, GameSession)
    return started


def test_the_demo_speaks_as_a_peer_of_the_other_outputs() -> None:
    said: list[Line] = []
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session(), 3, tower=False, panel=False, voice=True)
        assert house.voice is not None and house.voice in house.session.listeners
        put = house.voice.queue.put

        def heard(line: Line) -> None:
            said.append(line)
            put(line)

        house.voice.queue.put = heard
        for _ in range(40):
            assert house.bots is not None
            house.bots.move()
            house.table.drain()
    assert any(line.text.endswith("'s turn.") for line in said)  # the Action Phase's turns are said


def test_a_muted_demo_has_no_voice() -> None:
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session(), 3, tower=False, panel=False, voice=False)
        assert house.voice is None


def test_without_a_sound_device_the_table_plays_on_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    with contextlib.ExitStack() as stack:
        house = demo_house(stack, session(), 3, tower=False, panel=False, voice=True)
        assert house.voice is None
        assert any(n.text.startswith("No sound:") for n in house.table.notices)


def test_no_sound_device_is_known_before_sdl_is_asked(tmp_path) -> None:
    from companion.voice.audio import no_sound_device

    bare = {"XDG_RUNTIME_DIR": str(tmp_path / "run")}
    assert no_sound_device(bare, root=tmp_path) == "no sound card (/dev/snd) and no sound server"
    assert no_sound_device({**bare, "SDL_AUDIODRIVER": "disk"}, root=tmp_path) == ""  # a named driver is tried
    (tmp_path / "dev" / "snd").mkdir(parents=True)
    assert no_sound_device(bare, root=tmp_path) == ""
