"""The terminal demo (`make demo` with no display) with a person at it, and without.

With a TTY on stdin it serves the phones and the TV: the addresses printed, the game played at a
pace a person follows (a phone can join), and at the end the finished game's story kept on the
pages until Enter (or Ctrl-C).  Without one (CI, scripts) it plays at once and exits 0, as
`make demo` must under a test.  Run as `make demo` runs it (the Makefile's flags), in a child
process, the display variables unset; ``[web]`` from a config file on loopback.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0  # s: a bound on any wait here (the machine may be busy)


def make_demo_flags() -> list[str]:
    recipe = next(line for line in (ROOT / "Makefile").read_text().splitlines() if "companion demo" in line)
    return recipe.split("companion demo", 1)[1].split()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Demo:
    """The demo in a child process; its output read line by line on a thread."""

    def __init__(self, tmp: Path, *, tty: bool, pace: str | None) -> None:
        self.port = free_port()
        (tmp / "companion.toml").write_text(f'[web]\nlisten = ["127.0.0.1"]\nport = {self.port}\nmdns = false\n')
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
        env.update(COMPANION_CONFIG_DIR=str(tmp), PYTHONPATH=str(ROOT))
        env.pop("COMPANION_DEMO_PACE", None)
        if pace is not None:
            env["COMPANION_DEMO_PACE"] = pace
        self.master: int | None = None
        stdin: Any = subprocess.DEVNULL
        if tty:
            self.master, slave = pty.openpty()
            stdin = slave
        command = [sys.executable, "-m", "companion", "--journal", ":memory:", "demo", *make_demo_flags(), "--mute"]
        self.process = subprocess.Popen(
            command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
        )
        if tty:
            os.close(slave)
        self.lines: list[tuple[float, str]] = []
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            with self.arrived:
                self.lines.append((time.monotonic(), line.rstrip("\n")))
                self.arrived.notify_all()

    def wait_for(self, pattern: str) -> re.Match[str]:
        """The first line matching ``pattern`` (within :data:`WAIT` s)."""
        found: list[re.Match[str]] = []

        def seen() -> bool:
            found[:] = [m for _t, line in self.lines if (m := re.search(pattern, line))][:1]
            return bool(found) or self.process.poll() is not None

        with self.arrived:
            self.arrived.wait_for(seen, WAIT)
        assert found, f"never printed {pattern!r}: " + "\n".join(line for _t, line in self.lines[-15:])
        return found[0]

    def text(self) -> str:
        return "\n".join(line for _t, line in self.lines)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT)
        if self.master is not None:
            os.close(self.master)


@contextlib.contextmanager
def demo(tmp: Path, *, tty: bool, pace: str | None = None) -> Iterator[Demo]:
    running = Demo(tmp, tty=tty, pace=pace)
    try:
        yield running
    finally:
        running.close()


async def tv_state(url: str) -> dict[str, Any]:
    """The TV page's first state, over its socket (as a browser's page opens it)."""
    base = url.rsplit("/", 1)[0]
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(base.replace("http", "ws", 1) + "/ws", headers={"Origin": base}, max_msg_size=0)
        await ws.send_json({"type": "hello", "secret": "", "game": "", "since": 0})
        while True:
            message: dict[str, Any] = await ws.receive_json(timeout=WAIT)
            if message["type"] == "state":
                await ws.close()
                return message


def run(coroutine: Any) -> Any:
    import asyncio

    return asyncio.run(coroutine)


def test_with_a_person_it_serves_the_phones_and_keeps_the_story_until_enter(tmp_path: Path) -> None:
    with demo(tmp_path, tty=True, pace="0") as running:
        tv = running.wait_for(r"Phones and TV: (http://\S+/tv)").group(1)
        seats = [running.wait_for(rf"Seat {name}: (http://\S+/seat#\S+)").group(1) for name in ("Great Cthulhu",)]
        assert str(running.port) in tv and all(len(url.split("#", 1)[1]) >= 22 for url in seats)  # 128 bits and up
        running.wait_for(r"press Enter")
        assert running.process.poll() is None
        over = run(tv_state(tv))
        assert over["public"]["outcome"] is not None  # the finished game, and its story
        assert over["public"]["story"]["moments"]
        assert running.master is not None
        os.write(running.master, b"\n")  # Enter
        assert running.process.wait(WAIT) == 0
        assert "Stored as" in running.text()


def test_with_a_person_it_plays_at_a_pace_and_ctrl_c_stops_it(tmp_path: Path) -> None:
    with demo(tmp_path, tty=True) as running:  # the default pace
        tv = running.wait_for(r"Phones and TV: (http://\S+/tv)").group(1)
        first = run(tv_state(tv))["seq"]
        started = time.monotonic()
        running.wait_for(r"-- Round 1: Action --")
        with running.arrived:  # a few entries' words, as a person reads them
            running.arrived.wait_for(lambda: len(running.lines) >= 14, WAIT)
        later = run(tv_state(tv))
        took = time.monotonic() - started
        moved = later["seq"] - first
        assert later["public"]["outcome"] is None  # still playing: not the ~2 s game of old
        assert moved <= took / 0.4 + 2, (moved, took)  # at most one entry per 0.4 s (PACE 0.5)
        running.process.send_signal(signal.SIGINT)  # Ctrl-C
        assert running.process.wait(WAIT) == 0
        assert "Stopped." in running.text()


def test_without_a_person_make_demo_plays_at_once_and_exits_0(tmp_path: Path) -> None:
    with demo(tmp_path, tty=False) as running:  # the default pace: unused without a TTY
        assert running.process.wait(WAIT) == 0
        running.wait_for(r"Result: ")
        assert "Phones and TV" not in running.text() and "press Enter" not in running.text()


@pytest.mark.parametrize("pace", ["0.01"])
def test_the_pace_is_kept_between_entries(pace: str) -> None:
    """In process: an entry every ``pace`` s at least (the whole game)."""
    import io

    from companion.config import WebSettings
    from companion.demo import demo_setup
    from companion.demo_run import run_headless
    from companion.store.sqlite import SqliteJournal

    journal = SqliteJournal(":memory:")
    out = io.StringIO()
    started = time.monotonic()
    lingered: list[float] = []

    class Enter(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # Enter, at the end
            lingered.append(time.monotonic())
            return "\n"

    web = WebSettings(listen=("127.0.0.1",), port=free_port(), mdns=False)
    final = run_headless(journal, "paced", demo_setup(1, None, 3), out, person=True, pace=float(pace), web=web, stdin=Enter())
    last = journal.last("paced")
    assert last is not None
    entries = last.seq
    took = lingered[0] - started
    assert final.outcome is not None and lingered
    assert took >= entries * float(pace) * 0.9, (took, entries)
    journal.close()
