"""`companion bridge` stops on SIGTERM within a bound, under load, every time: a real
redis-server that is sometimes stopped (SIGSTOP: it answers nothing) just before the signal, a
screen appending a correction every 20 ms (the bridge catches up with each), the simulated tower
on a real pty sending a roll nobody asked for every 5 ms, and the bridge as its own process under
a notify socket, as systemd runs it."""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.power_cut import RedisServer
from companion.engine.cthulhu import commands as c
from companion.session import GameSession
from companion.store import open_journal
from companion.table import Table
from firmware_bridge.sim import Faults, SimTower
from tests.helpers import new_game

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
GC = "great_cthulhu"
STOPS = 50
REDIS_STOPPED_EVERY = 5  # every fifth run, Redis stops answering just before the SIGTERM
STOP_WITHIN = 2.0  # seconds from SIGTERM to the process's exit
READY_WITHIN = 30.0  # seconds to start (two cores shared with other work)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            server.process.send_signal(signal.SIGCONT)
        server.kill()


def screen(url: str, stop: threading.Event, paused: threading.Event) -> None:
    """A screen on the same game, correcting Great Cthulhu's power every 20 ms (10, 11, 10, ...):
    each entry is a change notice the bridge catches up with from Redis."""
    journal = open_journal(url)
    table = Table(GameSession.resume(journal, "friday"))
    value = 10
    while not stop.wait(0.02):
        if not paused.is_set():
            value = 21 - value
            table.submit(c.Correct(GC, "power", value, "load"))  # False while Redis is stopped: it waits
    journal.close()


def flood(tower: SimTower, stop: threading.Event) -> None:
    """A roll nobody asked for every 5 ms (three degradation dice: no prompt takes them), each
    repeated by the tower until the bridge answers it: the bridge's table is never idle."""
    while not stop.wait(0.005):
        tower.roll((1, 2, 3), die="deg")


def test_sigterm_under_load_stops_the_bridge_within_two_seconds_fifty_times(tmp_path: Path, redis_server: RedisServer) -> None:
    url, process = redis_server.url, redis_server.process
    assert process is not None
    journal = open_journal(url)
    session = GameSession.start(journal, "friday", new_game())
    assert isinstance(session, GameSession) and session.submit(c.ChooseDirection(GC, "clockwise")).ok
    journal.close()
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    notify.settimeout(READY_WITHIN)
    config = tmp_path / "config"
    config.mkdir()
    stop, paused = threading.Event(), threading.Event()
    rng = random.Random(32)
    slow: list[str] = []
    with SimTower(seed=9, link=tmp_path / "tower", auto_roll=True, faults=Faults(noise=0.2, duplicate=0.2)) as tower:
        (config / "companion.toml").write_text(f'[tower]\nurl = "{tower.path}"\n')
        env = {
            **os.environ,
            "COMPANION_CONFIG_DIR": str(config),
            "COMPANION_STATE_DIR": str(tmp_path / "state"),
            "NOTIFY_SOCKET": str(tmp_path / "notify"),
        }
        loads = [
            threading.Thread(target=flood, args=(tower, stop), daemon=True),
            threading.Thread(target=screen, args=(url, stop, paused), daemon=True),
        ]
        for load in loads:
            load.start()
        try:
            for run in range(STOPS):
                bridge = subprocess.Popen(
                    [sys.executable, "-m", "companion", "--journal", url, "bridge"],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                )
                redis_stopped = run % REDIS_STOPPED_EVERY == REDIS_STOPPED_EVERY - 1
                try:
                    while b"READY=1" not in notify.recv(4096):
                        pass
                    time.sleep(rng.uniform(0.0, 0.3))  # the signal lands at a different moment of the load each run
                    if redis_stopped:
                        process.send_signal(signal.SIGSTOP)
                        time.sleep(0.1)  # the notices already on their way reach the bridge, which asks Redis
                    bridge.send_signal(signal.SIGTERM)
                    sent = time.monotonic()
                    try:
                        code = bridge.wait(STOP_WITHIN)
                    except subprocess.TimeoutExpired:
                        bridge.kill()
                        bridge.wait(10)
                        slow.append(f"run {run} (Redis {'stopped' if redis_stopped else 'answering'})")
                        continue
                    took = time.monotonic() - sent
                    errors = bridge.stderr.read() if bridge.stderr else ""
                    assert code == 0 and "companion bridge: stopped" in errors, (
                        f"run {run}: exit {code} in {took:.2f} s: {errors[-2000:]}"
                    )
                finally:
                    if bridge.poll() is None:
                        bridge.kill()
                        bridge.wait(10)
                    if bridge.stderr:
                        bridge.stderr.close()
                    if redis_stopped:
                        process.send_signal(signal.SIGCONT)
        finally:
            stop.set()
            for load in loads:
                load.join(30)
            notify.close()
    assert slow == [], f"{len(slow)} of {STOPS} runs did not stop within {STOP_WITHIN} s of SIGTERM: {slow}"
