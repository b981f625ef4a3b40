"""A reply lost after Redis ran the write: a TCP proxy on 127.0.0.1, between the table and a real
redis-server, forwards the transaction, waits until Redis has run it, and cuts the connection
before the reply gets back.  The table must find its own entry there and take it as done: each
roll and each tap is in the journal exactly once, and applied once."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from bench.power_cut import RedisServer
from companion.engine import Event, State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.session import GameSession
from companion.store import Entry, Journal
from companion.store.redis import RedisJournal
from companion.table import Table
from companion.tower_port import TowerPort
from firmware_bridge.protocol import Ack, AckStatus, Frame, RollFrame
from tests.helpers import Wire, new_game

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
GC, CC = "great_cthulhu", "crawling_chaos"
DEADLINE = 10.0


class CuttingProxy:
    """Forwards 127.0.0.1:``port`` to a redis-server.  Once :meth:`arm`\\ ed, the next chunk
    holding an EXEC is forwarded, the proxy waits until Redis has run it (its EXEC count, read
    on a connection of its own, goes up), then cuts the connection: the reply never arrives.
    While ``away`` is set, new connections are closed at once (Redis unreachable)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.armed = threading.Event()
        self.cuts = 0
        self.away = threading.Event()
        self.swallowing: socket.socket | None = None  # the server side whose replies are dropped
        self.monitor = redis.Redis(port=target_port)
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def arm(self) -> None:
        self.armed.set()

    def _execs(self) -> int:
        stats = self.monitor.info("commandstats")
        return int(stats.get("cmdstat_exec", {}).get("calls", 0))

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.away.is_set():
                client.close()
                continue
            server = socket.create_connection(("127.0.0.1", self.target_port))
            self._sockets += [client, server]
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, upstream: bool) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if not upstream and self.swallowing is source:
                    continue  # the reply to the transaction: it never reaches the client
                if upstream and self.armed.is_set() and b"EXEC" in data:
                    self.armed.clear()
                    before = self._execs()
                    self.swallowing = sink
                    sink.sendall(data)
                    deadline = time.monotonic() + DEADLINE
                    while self._execs() == before and time.monotonic() < deadline:
                        time.sleep(0.005)
                    assert self._execs() > before, "Redis never ran the transaction"
                    self.cuts += 1
                    for end in (source, sink):  # the reply is dropped with the connection
                        with contextlib.suppress(OSError):
                            end.shutdown(socket.SHUT_RDWR)
                    return
                sink.sendall(data)

    def close(self) -> None:
        self.listener.close()
        for sock in self._sockets:
            with contextlib.suppress(OSError):
                sock.close()
        self.monitor.close()


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[CuttingProxy]:
    server = RedisServer(tmp_path)
    server.start()
    proxy = CuttingProxy(server.port)
    try:
        yield proxy
    finally:
        proxy.close()
        server.kill()


class Heard:
    """A session listener: every entry the table applied."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def __call__(self, events: tuple[Event, ...], state: State, entry: Entry) -> None:
        self.entries.append(entry)


def table_at_roll(journal: Journal) -> tuple[Table[GameSession], list[Frame], Heard]:
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    sent: list[Frame] = []
    heard = Heard()
    session.listeners.append(heard)
    table = Table(session, tower=TowerPort(Wire(sent)))
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, 1, 1),
    ):
        assert table.submit(command)
    return table, sent, heard


def journaled(journal: Journal, text: str) -> list[Entry]:
    return [e for e in journal.entries("g") if text in e.command or e.input == text]


def test_a_roll_whose_reply_was_lost_is_found_in_the_journal_and_applied_once(proxy: CuttingProxy) -> None:
    journal = RedisJournal.from_url(proxy.url, timeout=2)
    table, sent, heard = table_at_roll(journal)
    before = table.session.seq
    proxy.arm()
    table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
    table.drain()
    assert proxy.cuts == 1  # Redis ran the write and its reply was lost
    assert table.session.seq == before + 1 and not table.waiting
    assert Ack(1, AckStatus.OK) in sent  # recorded: the tower may stop repeating
    table.tower_frame(RollFrame("AB", 1, "d6", (6,)))  # it repeats all the same
    table.drain()
    assert Ack(1, AckStatus.DUPLICATE) in sent
    with RedisJournal.from_url(proxy.url) as check:
        rolls = journaled(check, "tower:AB:1")
        assert [e.seq for e in rolls] == [before + 1] and check.last("g") == rolls[0]
    assert [e.seq for e in heard.entries].count(before + 1) == 1  # the screen heard it once


def test_a_lost_reply_and_redis_out_of_reach_the_retry_finds_the_roll_in(proxy: CuttingProxy) -> None:
    # The reply is lost and Redis cannot be reached to ask: the roll waits; the tower's repeats
    # are not queued again; once Redis answers, the retry finds the roll journaled and takes it.
    journal = RedisJournal.from_url(proxy.url, timeout=2)
    table, sent, heard = table_at_roll(journal)
    before = table.session.seq
    proxy.arm()
    proxy.away.set()
    table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
    table.drain()
    assert proxy.cuts == 1 and len(table.waiting) == 1 and table.session.seq == before
    assert "waits and will be recorded" in table.notices[-1].text
    for _ in range(3):  # the tower repeats the unacknowledged roll while Redis is away
        table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
        table.drain()
    assert len(table.waiting) == 1 and not any(isinstance(f, Ack) for f in sent)
    proxy.away.clear()
    table.tower_frame(RollFrame("AB", 1, "d6", (6,)))
    table.drain()
    assert not table.waiting and Ack(1, AckStatus.DUPLICATE) in sent
    assert table.session.seq == before + 1 and [e.seq for e in heard.entries].count(before + 1) == 1
    with RedisJournal.from_url(proxy.url) as check:
        assert [e.seq for e in journaled(check, "tower:AB:1")] == [before + 1]
        assert check.last("g") is not None and check.last("g").seq == before + 1  # type: ignore[union-attr]


def test_a_tap_whose_reply_was_lost_is_applied_once(proxy: CuttingProxy) -> None:
    journal = RedisJournal.from_url(proxy.url, timeout=2)
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    table = Table(session)
    proxy.arm()
    proxy.away.set()
    table.post(c.ChooseDirection(GC, "clockwise"))
    table.drain()
    assert proxy.cuts == 1 and len(table.waiting) == 1
    proxy.away.clear()
    table.step(timeout=0)  # the retry
    assert not table.waiting and table.session.seq == 2
    assert not any("already" in n.text or "not" in n.text.split()[:3] for n in table.notices[-1:])
    with RedisJournal.from_url(proxy.url) as check:
        entries = list(check.entries("g"))
        assert [e.seq for e in entries] == [1, 2] and entries[1].input.startswith("tap:")


def test_a_game_whose_creation_reply_was_lost_is_found_made(proxy: CuttingProxy) -> None:
    # The first transaction of a game (making it) ran and its reply was lost: the journal finds
    # the game made, and the start goes on to its first entry; no "already exists".
    journal = RedisJournal.from_url(proxy.url, timeout=2)
    proxy.arm()
    started = GameSession.start(journal, "g", new_game())
    assert proxy.cuts == 1 and isinstance(started, GameSession)
    assert [(g.name, g.entries) for g in journal.games()] == [("g", 1)]
