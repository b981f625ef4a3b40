"""A venue on a real redis-server: ten tables writing at once, every one listed live with its
round, players and Doom, and the results exported as CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
import random
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest

from companion import demo
from companion.config import WebSettings
from companion.engine import State
from companion.session import GameSession
from companion.store import open_journal
from companion.table import Table
from companion.web.server import WebServer
from companion.web.venue import Venue
from tests.web.serving import WAIT

TABLES = 10
MOVES = 60

pytestmark = pytest.mark.redis_server


def _play(url: str, name: str, seed: int, started: threading.Barrier, states: dict[str, State]) -> None:
    """One table: its own connection, its own game, MOVES commands as fast as it can."""
    journal = open_journal(url)
    session = GameSession.start(journal, name, demo.demo_setup(seed, None, 3 + seed % 3).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    started.wait(WAIT)
    for _move in range(MOVES):
        session.submit(demo.choose(session.state, rnd))
    states[name] = session.state
    journal.close()


def test_ten_tables_writing_at_once_are_listed_and_exported(redis_server: str) -> None:
    journal = open_journal(redis_server)
    venue = Venue(journal)
    states: dict[str, State] = {}
    started = threading.Barrier(TABLES + 1)
    players = [threading.Thread(target=_play, args=(redis_server, f"club-{n}", n, started, states)) for n in range(TABLES)]
    for player in players:
        player.start()
    started.wait(WAIT)
    during = venue.rows()  # read while the ten write: whatever each has journaled so far
    for player in players:
        player.join(60)
    assert len(states) == TABLES and all(row.entries <= MOVES + 1 for row in during)
    rows = {row.table: row for row in venue.rows()}
    assert set(rows) >= set(states)
    for name, state in states.items():
        row = rows[name]
        assert row.round == state.round and row.doom == tuple(p.doom for p in state.players)
        assert row.players == tuple(p.label for p in state.players) and row.over == (state.outcome is not None)

    # A table plays on: its row follows (read again only because its entries moved).
    session = GameSession.resume(journal, "club-0")
    unchanged = rows["club-1"]
    for _move in range(5):
        session.submit(demo.choose(session.state, random.Random(99)))
    moved = {row.table: row for row in venue.rows()}
    assert moved["club-0"].entries == rows["club-0"].entries + 5 and moved["club-1"] is unchanged
    assert moved["club-0"].doom == tuple(p.doom for p in session.state.players)  # its new commands applied
    assert moved["club-0"].round == session.state.round

    table = Table(session)
    server = WebServer(table, WebSettings(listen=("127.0.0.1",), port=0, mdns=False), venue=venue).start()
    try:
        base = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(base + "/venue.json", timeout=WAIT) as answer:
            listed = json.loads(answer.read())
        assert {r["table"] for r in listed} >= set(states)
        with urllib.request.urlopen(base + "/venue.csv", timeout=WAIT) as answer:
            assert answer.headers["Content-Type"].startswith("text/csv")
            exported = list(csv.DictReader(io.StringIO(answer.read().decode())))
        assert {r["table"] for r in exported} >= set(states)
        assert all(r["round"] == str(rows[r["table"]].round) for r in exported if r["table"] in states)
        with urllib.request.urlopen(base + "/venue", timeout=WAIT) as page:
            assert b"/venue.js" in page.read()
    finally:
        server.stop()
        journal.close()


def _next_rows(stream: Any) -> list[dict[str, Any]]:
    """The next rows a venue page is pushed (a ``data:`` line of the event stream)."""
    while True:
        line = stream.readline()
        assert line, "the venue's stream ended"
        if line.startswith(b"data: "):
            rows: list[dict[str, Any]] = json.loads(line[len(b"data: ") :])
            return rows


def test_the_venue_page_is_pushed_each_tables_entry_as_it_lands(redis_server: str) -> None:
    journal, other = open_journal(redis_server), open_journal(redis_server)
    session = GameSession.start(journal, "pushed-0", demo.demo_setup(1, None, 3).command())
    elsewhere = GameSession.start(other, "pushed-1", demo.demo_setup(2, None, 3).command())
    assert isinstance(session, GameSession) and isinstance(elsewhere, GameSession)
    server = WebServer(Table(session), WebSettings(listen=("127.0.0.1",), port=0, mdns=False), venue=Venue(journal)).start()
    assert server.venue_feed is not None
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/venue.events", timeout=WAIT) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            first = {r["table"]: r["entries"] for r in _next_rows(stream)}
            assert first["pushed-1"] == 1
            rnd = random.Random(2)
            for entries in (2, 3):  # another table's entry, in another process's connection: pushed
                elsewhere.submit(demo.choose(elsewhere.state, rnd))
                while (seen := {r["table"]: r["entries"] for r in _next_rows(stream)})["pushed-1"] < entries:
                    pass
                assert seen["pushed-1"] == entries
        asked = urllib.request.Request(f"http://127.0.0.1:{server.port}/venue.events", headers={"Host": "rebound.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:  # a DNS-rebinding page's name: refused
            urllib.request.urlopen(asked, timeout=WAIT)
        assert refused.value.code == 421
    finally:
        server.stop()
        journal.close()
        other.close()
