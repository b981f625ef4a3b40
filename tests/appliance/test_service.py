"""`companion run` as systemd runs it: READY=1 once the table is drawn, watchdog pings from the
main loop, and SIGTERM ending it cleanly (STOPPING=1, exit 0, the journal intact)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.appliance.service_run import run_until_ready

TIMEOUT = 20


def test_ready_watchdog_and_a_clean_sigterm(tmp_path: Path) -> None:
    notify = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify)
    listener.settimeout(TIMEOUT)
    config = tmp_path / "config"
    config.mkdir()
    (config / "companion.toml").write_text('[hardware]\npin_factory = "mock"\nwatcher_light = 18\nworm_light = 23\n')
    env = {
        **os.environ,
        "NOTIFY_SOCKET": notify,
        "WATCHDOG_USEC": "2000000",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "COMPANION_CONFIG_DIR": str(config),
        "COMPANION_STATE_DIR": str(tmp_path / "state"),
    }
    process = subprocess.Popen([sys.executable, "-m", "companion", "run"], env=env, stderr=subprocess.PIPE, text=True)
    try:
        ready = listener.recv(256).decode()
        assert ready.startswith("READY=1\nSTATUS=game welcome"), ready
        assert listener.recv(256) == b"WATCHDOG=1"  # the main loop is alive (pinged every second)
        process.send_signal(signal.SIGTERM)
        assert process.wait(TIMEOUT) == 0, process.stderr.read() if process.stderr else ""
        while listener.recv(256) != b"STOPPING=1":  # watchdog pings may come first; the timeout fails it
            pass
    finally:
        if process.poll() is None:
            process.kill()
        listener.close()
    journal = SqliteJournal(tmp_path / "state" / "journal.sqlite3")
    assert GameSession.resume(journal).name == "welcome"
    journal.close()


def test_a_broken_config_and_an_unreadable_journal_do_not_stop_the_table(tmp_path: Path) -> None:
    config, state = tmp_path / "config", tmp_path / "state"
    config.mkdir()
    state.mkdir()
    (config / "companion.toml").write_text("[hardware\nthis is not TOML")
    broken = state / "journal.sqlite3"
    broken.write_bytes(b"garbage, not a journal" * 200)
    errors = run_until_ready(tmp_path, {"COMPANION_CONFIG_DIR": str(config), "COMPANION_STATE_DIR": str(state)})
    assert "not valid TOML" in errors and "Running with the default settings" in errors  # for journald
    assert "was damaged" in errors and "moved aside whole to" in errors
    (aside,) = state.glob("journal.sqlite3.damaged-*[0-9]")  # moved aside whole, never deleted
    assert aside.read_bytes() == b"garbage, not a journal" * 200
