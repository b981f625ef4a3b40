"""Redis restarted mid-game: the table waits, says so, retries, and loses nothing it acknowledged."""

from __future__ import annotations

import queue
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

from bench.power_cut import RedisServer
from companion.engine.cthulhu import commands as c
from companion.session import GameSession
from companion.store import Entry, EntryKind, open_journal
from companion.store.redis import RedisJournal
from companion.table import Table
from companion.tower_port import TowerPort
from firmware_bridge.protocol import Ack, AckStatus, Frame, RollFrame
from tests.helpers import Wire, new_game

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

            table = Table(session, tower=TowerPort(to_tower))
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


def test_a_roll_repeated_while_redis_restarts_is_queued_once_and_journaled_once() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        try:
            session = GameSession.start(open_journal(server.url), "g", new_game())
            assert isinstance(session, GameSession)
            sent: list[Frame] = []
            table = Table(session, tower=TowerPort(Wire(sent)))
            assert table.submit(c.ChooseDirection(GC, "clockwise"))
            assert table.submit(c.Place(CC, c.UnitRef("South Pacific", c.UnitKind.MONSTER, "Nightgaunt")))  # type: ignore[attr-defined]
            assert table.submit(c.BattleAction(GC, "South Pacific", CC, 1, 1))
            acknowledged = session.seq
            server.kill()
            for _ in range(4):  # the tower repeats the unacknowledged roll while Redis is away
                table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
                table.drain()
            assert len(table.waiting) == 1  # one roll waits, not four
            server.start()
            table.step(timeout=0)  # the retry, before any repeat reaches the table
            table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
            table.drain()
            assert not table.waiting and Ack(1, AckStatus.DUPLICATE) in sent
            resumed = GameSession.resume(open_journal(server.url), "g")
            assert resumed.seq == acknowledged + 1  # applied to one dice prompt, not two
            assert [e.input for e in resumed.journal.entries("g", acknowledged + 1)] == ["tower:AB:1"]
        finally:
            server.kill()


def test_a_hung_redis_is_one_clear_line_and_the_tap_is_recorded_once_it_answers() -> None:
    # SIGSTOP: the server takes the connection and never answers (redis.TimeoutError, which used
    # to escape and end the table's thread).  The tap waits; after SIGCONT it is recorded once.
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        try:
            session = GameSession.start(RedisJournal.from_url(server.url, timeout=0.5), "g", new_game())
            assert isinstance(session, GameSession) and server.process is not None
            table = Table(session)
            server.process.send_signal(signal.SIGSTOP)
            table.post(c.ChooseDirection(GC, "clockwise"))
            table.drain()
            (line,) = [n.text for n in table.notices if "not answering" in n.text or "went away" in n.text]
            assert "\n" not in line and "retr" in line and "Traceback" not in line
            assert len(table.waiting) == 1 and session.seq == 1
            server.process.send_signal(signal.SIGCONT)
            table.step(timeout=0)
            assert not table.waiting and table.session.seq == 2
            with RedisJournal.from_url(server.url) as check:
                assert [e.seq for e in check.entries("g")] == [1, 2]
        finally:
            if server.process is not None:
                server.process.send_signal(signal.SIGCONT)
            server.kill()


def test_following_the_journal_survives_a_redis_restart() -> None:
    # The screen follows the bridge's rolls through Redis's notices: a restart must not end the
    # follower's thread (it reconnects and subscribes again).
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        heard: queue.SimpleQueue[tuple[str, int]] = queue.SimpleQueue()
        follower = RedisJournal.from_url(server.url)
        stop = follower.follow(lambda game, seq: heard.put((game, seq)))
        try:
            writer = GameSession.start(RedisJournal.from_url(server.url), "g", new_game())
            assert isinstance(writer, GameSession)
            assert heard.get(timeout=10) == ("g", 1)
            server.kill()
            server.start()
            deadline = time.monotonic() + 15
            seq = 1
            while time.monotonic() < deadline:  # until the follower is subscribed again
                with RedisJournal.from_url(server.url) as journal:
                    seq += 1
                    journal.append("g", Entry(seq, EntryKind.UNDO, 1, 1, 1, (), '{"type":"undo"}', "[]", float(seq)))
                try:
                    if heard.get(timeout=0.5) == ("g", seq):
                        break
                except queue.Empty:
                    continue
            else:
                raise AssertionError("the follower never heard an append after the restart")
        finally:
            stop()
            follower.close()
            server.kill()
