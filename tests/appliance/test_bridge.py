"""Two processes, one game, a real redis-server: the tower bridge records the rolls, the screen
follows the change notices, and a stale writer catches up instead of failing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from bench.power_cut import RedisServer
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.session import GameSession
from companion.store import open_journal
from companion.store.redis import RedisJournal
from companion.table import Table
from firmware_bridge.sim import SimTower
from tests.helpers import new_game

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
GC, CC = "great_cthulhu", "crawling_chaos"
TIMEOUT = 20.0


def at_battle_roll(url: str, name: str) -> Table[GameSession]:
    session = GameSession.start(open_journal(url), name, new_game())
    assert isinstance(session, GameSession)
    table = Table(session)
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, 2, 1),
    ):
        assert table.submit(command)
    return table


def test_the_bridge_records_tower_rolls_and_the_screen_follows() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = RedisServer(folder)
        server.start()
        try:
            screen = at_battle_roll(server.url, "friday")
            journal = screen.session.journal
            assert isinstance(journal, RedisJournal)
            unfollow = journal.follow(screen.changed)
            with SimTower(seed=2, link=folder / "tower", auto_roll=True) as tower:
                config = folder / "config"
                config.mkdir()
                (config / "companion.toml").write_text(f'[tower]\nurl = "{tower.path}"\n')
                env = {**os.environ, "COMPANION_CONFIG_DIR": str(config), "COMPANION_STATE_DIR": str(folder / "state")}
                bridge = subprocess.Popen(
                    [sys.executable, "-m", "companion", "--journal", server.url, "bridge"],
                    env=env,
                    stderr=subprocess.PIPE,
                    text=True,
                )
                try:
                    # The tower answers the attacker's two dice and the defender's one; the screen's
                    # loop (change notices among its inputs) follows until the battle is over.
                    deadline = time.monotonic() + TIMEOUT
                    while screen.session.state.prompt.kind is PromptKind.ROLL and time.monotonic() < deadline:
                        screen.step(timeout=0.1)
                    assert screen.session.state.prompt.kind is PromptKind.ACTION
                    entries = list(screen.session.journal.entries("friday"))
                    assert sum('"source":"tower"' in e.command for e in entries) == 2
                    assert screen.session.seq == entries[-1].seq  # the screen shows the journal's latest
                finally:
                    bridge.send_signal(signal.SIGTERM)
                    assert bridge.wait(TIMEOUT) == 0, bridge.stderr.read() if bridge.stderr else ""
            unfollow()
        finally:
            server.kill()


def test_a_stale_writer_catches_up_and_decides_again() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        try:
            first = at_battle_roll(server.url, "g")
            second = Table(GameSession.resume(open_journal(server.url), "g"))
            assert first.submit(c.Roll((6, 6), "screen"))  # the second table has not seen this
            assert second.submit(c.Roll((4,), "tower"))  # stale: it reloads, then the defender's die fits
            entries = list(second.session.journal.entries("g"))
            assert [e.command.count('"type":"roll"') for e in entries[-2:]] == [1, 1]
            assert second.session.state.prompt.kind is PromptKind.ACTION
        finally:
            server.kill()


def test_without_redis_the_bridge_says_what_to_set(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--journal", str(tmp_path / "j.sqlite3"), "bridge"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "redis://" in done.stderr
