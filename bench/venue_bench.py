"""A venue: 20 tables writing on one real redis-server, the venue page pushed each entry.

The 20 tables play seeded demo games in a child process (each its own Redis connection and
thread, a command every :data:`PACE` s, as fast tables do); a table's server with the venue
(``/venue.events``) and the page's reader run in this one.  Both stamp with the system's
monotonic clock (``time.perf_counter``: CLOCK_MONOTONIC, one clock for every process).

- Entry to venue page: from the moment a table's session hears its entry journaled (a listener,
  after Redis acknowledged the append) to the moment the page's event stream delivers rows
  holding that entry (the page's drawing in a browser is not included: a table of 20 rows).
- Floor, measured in the same run: the same entry's change notice (the journal's publish, in the
  append's transaction) to a bare Redis subscriber in this process: what any live page must wait
  for at least.  What the venue adds on top is reading every moved table's row again (its state
  replayed from the latest snapshot) and the push.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

from bench.timing import figures

TABLES = 20
MOVES = 30  # each table's commands
PACE = 0.5  # seconds between a table's commands (20 tables: 40 entries a second in all)
P99_MS = 250.0
LATE_S = 5.0


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A real redis-server on a free loopback port (append-only, fsync always, as the tests')."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (make test installs it)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder, "--save", ""]
        process = subprocess.Popen(
            [*args, "--appendonly", "yes", "--appendfsync", "always"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            deadline = time.monotonic() + 10
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start within 10 s")
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(10)


def _table(url: str, n: int, go: Any, stamps: Any) -> None:
    """One table: its own connection and game; each entry's journaled moment, by (game, seq)."""
    from companion import demo
    from companion.session import GameSession
    from companion.store import open_journal

    journal = open_journal(url)
    name = f"club-{n}"
    session = GameSession.start(journal, name, demo.demo_setup(n, None, 3 + n % 3).command())
    assert isinstance(session, GameSession)
    heard: list[tuple[str, int, float]] = []
    session.listeners.append(lambda _events, _state, entry: heard.append((name, entry.seq, time.perf_counter())))
    rnd = random.Random(n)
    go.wait()
    time.sleep(rnd.random() * PACE)  # the tables out of step, as at a club
    for _move in range(MOVES):
        if getattr(session.state, "outcome", None) is not None:
            break
        session.submit(demo.choose(session.state, rnd))
        time.sleep(PACE)
    stamps.extend(heard)
    journal.close()


def tables(url: str, go: Any, stamps: Any) -> None:
    """The child process: the 20 tables, each on its own thread."""
    players = [threading.Thread(target=_table, args=(url, n, go, stamps)) for n in range(TABLES)]
    for player in players:
        player.start()
    for player in players:
        player.join(120)


def measure() -> dict[str, Any]:
    from companion import demo
    from companion.config import WebSettings
    from companion.session import GameSession
    from companion.store import open_journal
    from companion.table import Table
    from companion.web.server import WebServer
    from companion.web.venue import Venue

    with redis_server() as url:
        journal = open_journal(url)
        session = GameSession.start(journal, "the-venue-desk", demo.demo_setup(99, None, 3).command())
        assert isinstance(session, GameSession)
        server = WebServer(Table(session), WebSettings(listen=("127.0.0.1",), port=0, mdns=False), venue=Venue(journal))
        server.start()
        page: dict[tuple[str, int], float] = {}  # (game, entries) -> first pushed
        notice: dict[tuple[str, int], float] = {}  # (game, seq) -> the bare subscriber's notice

        def read(stream: Any) -> None:
            for line in stream:
                if line.startswith(b"data: "):
                    now = time.perf_counter()
                    for row in json.loads(line[6:]):
                        page.setdefault((row["table"], row["entries"]), now)

        floor = journal.follow(lambda game, seq: notice.setdefault((game, seq), time.perf_counter()))  # type: ignore[attr-defined]
        stream = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/venue.events", timeout=60)
        reader = threading.Thread(target=read, args=(stream,), daemon=True)
        reader.start()
        with multiprocessing.Manager() as manager:
            go, stamps = manager.Event(), manager.list()
            child = multiprocessing.Process(target=tables, args=(url, go, stamps))
            child.start()
            time.sleep(3)  # the games started (their first entries are not measured)
            go.set()
            child.join(180)
            heard = list(stamps)
        time.sleep(1)
        floor()
        pushed = server.venue_feed.pushed if server.venue_feed else 0
        server.stop()  # ends the page's stream (its reader comes to the end of it)
        reader.join(10)
        stream.close()
        journal.close()
    venue_ms, floor_ms, late = [], [], 0
    for game, seq, at in heard:
        seen = min((t for (g, n), t in page.items() if g == game and n >= seq), default=None)
        if seen is None or seen - at > LATE_S:
            late += 1
            continue
        venue_ms.append(max(0.0, seen - at) * 1000)
        if (game, seq) in notice:
            floor_ms.append(max(0.0, notice[(game, seq)] - at) * 1000)
    return {"venue_ms": venue_ms, "floor_ms": floor_ms, "late": late, "entries": len(heard), "pushed": pushed}


def run() -> list[str]:
    """The section of docs/performance.md."""
    found = measure()

    def row(name: str, values: list[float], target: str, verdict: str) -> str:
        got = figures(values)
        return f"| {name} | {got.samples} | {got.median:.1f} ms | {got.p99:.1f} ms | {target} | {verdict} |"

    venue = figures(found["venue_ms"])
    return [
        "## A venue on Redis (20 tables, companion/web/venue_feed.py)",
        "",
        f"{TABLES} tables play seeded demo games in a child process, a command every {PACE} s each (their own Redis "
        "connections), on one real redis-server (append-only, fsync always); a table's server pushes the venue page "
        "(`/venue.events`) and its reader runs in this process (bench/venue_bench.py). From a table's entry journaled to "
        "the page holding it; the floor: the same entry's change notice to a bare Redis subscriber.",
        "",
        "| Path | Samples | p50 | p99 | Target (p99) | |",
        "|---|---|---|---|---|---|",
        row("floor: the entry's notice to a bare subscriber", found["floor_ms"], "", ""),
        row(
            "A table's entry to the venue page",
            found["venue_ms"],
            f"<= {P99_MS:.0f} ms",
            "meets" if venue.p99 <= P99_MS else "misses",
        ),
        "",
        f"- Entries: {found['entries']}; lost or late (beyond {LATE_S:.0f} s): {found['late']}; pushes: {found['pushed']} "
        "(notices that came while the rows were read are folded into one read).",
        "",
    ]


if __name__ == "__main__":
    sys.stdout.write("\n".join(run()) + "\n")
