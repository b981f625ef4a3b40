"""Fixtures shared by every test package."""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import fakeredis
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.store import Journal, open_journal
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal

# No test plays sound out loud: SDL's dummy audio device consumes samples in real time, like a
# speaker (tests/voice/test_audio.py sets the file driver for its own child processes).
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own state and config directories: no test touches ~/.local."""
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COMPANION_WEB_LISTEN", "127.0.0.1")  # a table's phones' server: loopback only


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real redis-server on a free loopback port, with append-only persistence; its URL.

    Skipped, with the reason, only where the binary is missing (``make test`` installs it).
    """
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (make test installs it with apt-get as root)")
    port = _free_port()
    workdir = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(workdir),
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--protected-mode",
            "yes",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        _wait_for_port(port, process)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError(f"redis-server did not listen on port {port} within {timeout} s")


_journal_names = itertools.count()


@pytest.fixture(params=["sqlite", "fakeredis", "redis-server"])
def journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Journal]:
    """The same tests on every journal: SQLite on disk, fakeredis, a real redis-server (each test
    its own key space).  A module may define its own ``journal`` for fewer backends."""
    if request.param == "sqlite":
        store: Journal = SqliteJournal(tmp_path / "journal.sqlite3")
    elif request.param == "fakeredis":
        store = RedisJournal(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    else:
        store = open_journal(request.getfixturevalue("redis_server"))
        assert isinstance(store, RedisJournal)
        store.prefix = f"test{next(_journal_names)}"
    yield store
    store.close()


def _mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"cannot mount here ({done.stderr.strip()}); needs root with mount rights")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 512 KiB tmpfs: writes past it fail with ENOSPC, as on a full SD card."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    _mount("-t", "tmpfs", "-o", "size=512k", "tmpfs", str(disk))
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


@pytest.fixture
def read_only_view(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """(folder, view): ``view`` is ``folder`` through a bind mount that the test can make
    read-only and writable again (a real EROFS, like a card remounted read-only)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to bind-mount")
    folder, view = tmp_path / "folder", tmp_path / "view"
    folder.mkdir()
    view.mkdir()
    _mount("--bind", str(folder), str(view))
    try:
        yield folder, view
    finally:
        subprocess.run(["umount", str(view)], check=True)


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """A fresh gpiozero MockFactory (with PWM pins) per test, reset afterwards so pins are freed
    (the panel's tests and the talk button's)."""
    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous
