"""`companion run` as systemd runs it (the unit's environment: the state and config directories,
PYTHONUNBUFFERED, --fullscreen; SDL's dummy driver and mock pins for the test), on a journal a
power cut or a failing card left behind: it starts, says what it found, and keeps running."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

TIMEOUT = 20


class Service:
    """`companion run --fullscreen` under the service's environment, with its notify socket."""

    def __init__(self, tmp_path: Path) -> None:
        self.state = tmp_path / "state"
        self.config = tmp_path / "config"
        self.state.mkdir(exist_ok=True)
        self.config.mkdir(exist_ok=True)
        (self.config / "companion.toml").write_text('[hardware]\npin_factory = "mock"\nwatcher_light = 18\nworm_light = 23\n')
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(str(tmp_path / "notify"))
        self.notify.settimeout(TIMEOUT)
        self.env = {
            **os.environ,
            "NOTIFY_SOCKET": str(tmp_path / "notify"),
            "WATCHDOG_USEC": "2000000",
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "COMPANION_CONFIG_DIR": str(self.config),
            "COMPANION_STATE_DIR": str(self.state),
            "PYTHONUNBUFFERED": "1",
        }
        self.process: subprocess.Popen[str] | None = None

    @property
    def journal(self) -> Path:
        return self.state / "journal.sqlite3"

    def run(self) -> tuple[str, str]:
        """Start it, wait for READY=1 and a watchdog ping (it is up and its loop turning), stop
        it with SIGTERM; (the READY message, stderr)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--fullscreen"], env=self.env, stderr=subprocess.PIPE, text=True
        )
        ready = self.notify.recv(256).decode()
        assert ready.startswith("READY=1"), ready
        while self.notify.recv(256) != b"WATCHDOG=1":  # still running after the first frame
            pass
        assert self.process.poll() is None
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(TIMEOUT) == 0
        return ready, self.process.stderr.read() if self.process.stderr else ""

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        self.notify.close()


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    running = Service(tmp_path)
    try:
        yield running
    finally:
        running.close()


def a_played_journal(path: Path, name: str = "evening") -> bytes:
    journal = SqliteJournal(path)
    session = GameSession.start(journal, name, new_game(), clock=lambda: 1000.0)
    assert isinstance(session, GameSession)
    journal.close()
    return path.read_bytes()


@pytest.mark.parametrize("damage", ["garbage over page 2", "cut to 1 byte"])
def test_a_damaged_journal_is_moved_aside_and_the_table_starts_and_says_so(service: Service, damage: str) -> None:
    played = a_played_journal(service.journal)
    damaged = played[:4096] + b"\xa5" * 4096 + played[8192:] if damage.startswith("garbage") else played[:1]
    service.journal.write_bytes(damaged)
    ready, errors = service.run()
    assert "STATUS=game welcome" in ready  # a fresh journal, the welcome game on it
    (aside,) = service.state.glob("journal.sqlite3.damaged-*[0-9]")
    assert aside.read_bytes() == damaged  # whole: never deleted, never repaired in place
    assert f"The journal {service.journal} was damaged" in errors and f"moved aside whole to {aside}" in errors
    assert "Traceback" not in errors
    with SqliteJournal(service.journal) as fresh:
        assert fresh.notices == [] and [g.name for g in fresh.games()] == ["welcome"]


def test_an_empty_game_left_by_a_power_cut_does_not_stop_the_table(service: Service) -> None:
    # The cut came after the welcome game was made and before its first entry, with an evening's
    # game in the journal: the table resumes that game, and the empty one never shadows it.
    a_played_journal(service.journal)
    with SqliteJournal(service.journal) as journal:
        journal.create_game("welcome", "Welcome game", 2000.0)
    ready, errors = service.run()
    assert "STATUS=game evening" in ready and "Traceback" not in errors


def test_only_an_empty_welcome_game_starts_it_again(service: Service) -> None:
    with SqliteJournal(service.journal) as journal:
        journal.create_game("welcome", "Welcome game", 2000.0)
    ready, errors = service.run()
    assert "STATUS=game welcome" in ready and "already exists" not in errors
    with SqliteJournal(service.journal) as journal:
        assert [(g.name, g.entries) for g in journal.games()] == [("welcome", 1)]


def test_the_notice_reaches_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What `companion run` hands the screen: the moved-aside notice among the problems it shows.
    path = tmp_path / "state" / "journal.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"\x00")
    shown: dict[str, Any] = {}

    def screen(
        journal: Any, config: Any, game: Any, size: Any, fullscreen: Any, problems: list[str] | None = None, later: Any = None
    ) -> None:
        shown["problems"] = problems

    monkeypatch.setattr("companion.appliance.run_table", screen)
    assert cli.main(["--journal", str(path), "run"]) == 0
    (notice,) = shown["problems"]
    assert notice.startswith(f"The journal {path} was damaged (it is cut to 1 byte)") and "moved aside whole to" in notice
