"""Redis restarted mid-game: the table waits, says so, retries, and loses nothing it acknowledged."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from bench.power_cut import RedisServer
from companion.engine.cthulhu import commands as c
from companion.session import GameSession
from companion.store import open_journal
from companion.table import Table
from firmware_bridge.protocol import Ack, AckStatus, Frame, RollFrame
from tests.helpers import new_game

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
GC, CC = "great_cthulhu", "crawling_chaos"


def test_commands_wait_for_redis_and_are_recorded_once_it_is_back() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        try:
            session = GameSession.start(open_journal(server.url), "g", new_game())
            assert isinstance(session, GameSession)
            sent: list[Frame] = []

            def to_tower(frame: Frame) -> bool:
                sent.append(frame)
                return True

            table = Table(session, send_to_tower=to_tower)
            table.submit(c.ChooseDirection(GC, "clockwise"))
            table.submit(c.Place(CC, c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")))  # type: ignore[attr-defined]
            table.submit(c.BattleAction(GC, "South Pacific", CC, 1, 1))
            acknowledged = session.seq
            server.kill()  # Redis goes away (a restart, a crash)
            table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
            table.drain()
            assert "waits and will be recorded" in table.notices[-1].text
            assert not any(isinstance(f, Ack) for f in sent)  # not acknowledged: the tower will repeat it
            assert session.seq == acknowledged  # nothing half-applied
            server.start()  # back, from its append-only file
            table.tower_frame(RollFrame("AB", 1, "d6", (6,)))  # the tower's repeat
            table.drain()
            assert Ack(1, AckStatus.DUPLICATE) in sent  # recorded once, by the retry
            resumed = GameSession.resume(open_journal(server.url), "g")
            assert resumed.seq == acknowledged + 1
            rolls = [e for e in resumed.journal.entries("g") if '"ref":"tower:AB:1"' in e.command]
            assert len(rolls) == 1
        finally:
            server.kill()
