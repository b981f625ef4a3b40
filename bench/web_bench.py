"""The phones' server: a journaled entry to 8 seats' and a TV's pages, a phone's command to every
page, the memory the server adds, its idle CPU with the pages open.

The table (a 4-player demo game, SQLite journal in a temporary file) and its server run in this
process, as in the appliance; the 9 pages (two per seat, one TV) are WebSocket clients in a child
process, so the memory measured is the server's alone.  Both sides stamp with the system's
monotonic clock (``time.perf_counter``: CLOCK_MONOTONIC, one clock for every process).

- Entry to pages: from the moment the session's listeners hear a journaled entry (a listener
  added before the server's stamps it) to the moment the last of the 9 pages has the message
  with its number.  The page's drawing is not included (a browser's render is some ms more).
- Phone to pages: from the moment a seat's page sends its command (the first of its offers) to
  the moment the last of the 9 pages has the entry it made: the socket, the table's queue, the
  engine, the journal's durable write, the push.
- Memory: the process's resident set before the server is imported and after it served both
  runs with the 9 pages open.
- Idle CPU: the process's CPU time over 3 s with nothing happening, with the 9 pages open and
  without them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import random
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.timing import figures

ENTRIES = 200
COMMANDS = 60
PACE = 0.25  # seconds between a page's commands
PAGES_PER_SEAT = 2
IDLE_SECONDS = 3.0
ENTRY_P99_MS = 50.0
COMMAND_P99_MS = 100.0
MEMORY_MB = 40.0


def rss_mb() -> float:
    """The process's resident set now, in MB (from /proc: the peak would hide what is freed)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the pages (a child process) --------------------------------------------------------------------


async def _pages(url: str, secrets: list[str], commands: int, pipe: Any) -> None:
    import aiohttp

    arrivals: dict[int, list[float]] = {}
    latest: dict[int, dict[str, Any]] = {}  # a page's last state message
    async with aiohttp.ClientSession() as http:
        sockets = []
        for secret in secrets:
            ws = await http.ws_connect(url + "/ws", headers={"Origin": url}, max_msg_size=0)
            await ws.send_json({"type": "hello", "secret": secret, "game": "", "since": 0})
            sockets.append(ws)

        async def read(n: int, ws: Any) -> None:
            async for message in ws:
                data = json.loads(message.data)
                if data["type"] == "state":
                    arrivals.setdefault(data["seq"], []).append(time.perf_counter())
                    latest[n] = data

        readers = [asyncio.ensure_future(read(n, ws)) for n, ws in enumerate(sockets)]
        pipe.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # the entries are pushed meanwhile
        pipe.send(arrivals.copy())
        sent: list[tuple[int, float]] = []
        for n in range(commands):
            seq = max(page["seq"] for page in latest.values())
            mover = next((k for k, page in latest.items() if page["seq"] == seq and page["private"].get("offers")), None)
            if mover is None:  # no seat has a choice (cannot happen while the game goes on)
                break
            offer = latest[mover]["private"]["offers"][0]["command"]
            started = time.perf_counter()
            await sockets[mover].send_json({"type": "act", "at": seq, "key": f"bench-{n:06}", "command": offer})
            deadline = time.monotonic() + 5
            while len(arrivals.get(seq + 1, ())) < len(sockets) and time.monotonic() < deadline:
                await asyncio.sleep(0.0005)
            sent.append((seq + 1, started))
            await asyncio.sleep(PACE)  # a phone's taps, not a flood (the server cuts a page off past 5 a second)
            pipe.send("undo")  # the table takes it back (the game would end before the samples do)
            undone = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
            while len(arrivals.get(undone, ())) < len(sockets) and time.monotonic() < deadline + 5:
                await asyncio.sleep(0.0005)
        pipe.send([(seq, started, arrivals.get(seq, [])) for seq, started in sent])
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # the idle measure
        for reader in readers:
            reader.cancel()
        for ws in sockets:
            await ws.close()


def pages(url: str, secrets: list[str], commands: int, pipe: Any) -> None:
    asyncio.run(_pages(url, secrets, commands, pipe))


# -- the table and its server (this process) -----------------------------------------------------------


def measure() -> dict[str, Any]:
    from companion import demo
    from companion.appliance import Appliance
    from companion.session import GameSession
    from companion.store.sqlite import SqliteJournal
    from companion.table import TableThread
    from companion.web import views

    folder = tempfile.TemporaryDirectory()
    journal = SqliteJournal(str(Path(folder.name) / "journal.sqlite3"))
    session = GameSession.start(journal, "bench", demo.demo_setup(5, None, 4).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(5)
    for _move in range(30):  # into the game: a whole action turn's offers
        session.submit(demo.choose(session.state, rnd))
    before = rss_mb()
    from companion.config import WebSettings

    results: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        stamps: dict[int, float] = {}
        house.output(lambda events, state, entry: stamps.__setitem__(entry.seq, time.perf_counter()))
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None
        stack.callback(TableThread(house.table).start().stop)
        idle_alone = _idle()
        secrets = [server.keys.secret(seat) for seat, _label in views.seats_of(session.state) for _n in range(PAGES_PER_SEAT)]
        here, there = multiprocessing.get_context("spawn").Pipe()
        child = multiprocessing.get_context("spawn").Process(
            target=pages, args=(f"http://127.0.0.1:{server.port}", [*secrets, ""], COMMANDS, there)
        )
        child.start()
        assert here.poll(30) and here.recv() == "ready"
        _settle(server, len(secrets) + 1)
        first = house.session.seq + 1
        for n in range(ENTRIES):
            _one_entry(house, views, undo=n % 2 == 1)  # a move, then its undo: the game never ends
        time.sleep(0.2)
        here.send("go")
        arrivals = here.recv()
        pages_count = len(secrets) + 1
        entry_ms = [
            (max(arrivals[seq]) - stamps[seq]) * 1000
            for seq in range(first, first + ENTRIES)
            if len(arrivals.get(seq, ())) == pages_count
        ]
        results["entry_lost"] = ENTRIES - len(entry_ms)
        while (commands := here.recv()) == "undo":
            _one_entry(house, views, undo=True)
            here.send(house.session.seq)
        command_ms = [(max(times) - started) * 1000 for seq, started, times in commands if len(times) == pages_count]
        results["command_lost"] = len(commands) - len(command_ms)
        results["idle_with"] = _idle()
        here.send("done")
        child.join(30)
        results.update(entry_ms=entry_ms, command_ms=command_ms, idle_alone=idle_alone, pages=pages_count)
        results["memory_mb"] = rss_mb() - before
        results["applied"] = server.applied
    journal.close()
    folder.cleanup()
    return results


def _settle(server: Any, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(server.sockets) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)


def _one_entry(house: Any, views: Any, *, undo: bool = False) -> None:
    """Journal the next command (or an undo) on the table's thread, and wait for it to be done."""
    from companion.engine.cthulhu import commands as c

    done = threading.Event()

    def move() -> None:
        state = house.session.state
        offers = views.seat_commands(state, state.prompt.actor)
        house.table.decide(c.Undo() if undo else offers[0])
        done.set()

    house.table.post_call(move)
    done.wait(5)
    time.sleep(0.005)  # entries a moment apart, as a table makes them (each one pushed before the next)


def _idle() -> float:
    """CPU seconds this process used over :data:`IDLE_SECONDS` of nothing happening, per second."""
    started = cpu_seconds()
    time.sleep(IDLE_SECONDS)
    return (cpu_seconds() - started) / IDLE_SECONDS


def run() -> list[str]:
    """The section of docs/performance.md."""
    found = measure()
    entry, command = found["entry_ms"], found["command_ms"]

    def row(name: str, values: list[float], target: float) -> str:
        found = figures(values) if values else None
        p50, p99 = (found.median, found.p99) if found else (float("nan"), float("nan"))
        verdict = "meets" if p99 <= target else "misses"
        return f"| {name} | {len(values)} | {p50:.1f} ms | {p99:.1f} ms | <= {target:.0f} ms | {verdict} |"

    memory = found["memory_mb"]
    return [
        "## Phones and TV (companion/web, loopback)",
        "",
        f"{found['pages']} pages (two per seat of a 4-player game, one TV) as WebSocket clients in a child process; "
        "the table, its SQLite journal in a file and the server in this one (bench/web_bench.py).",
        "",
        "| Path | Samples | p50 | p99 | Target (p99) | |",
        "|---|---|---|---|---|---|",
        row("A journaled entry to every page", entry, ENTRY_P99_MS),
        row("A phone's command to every page", command, COMMAND_P99_MS),
        "",
        f"- Lost or late (beyond 5 s): {found['entry_lost']} entries, {found['command_lost']} commands.",
        f"- Memory added by the server (aiohttp imported, {found['pages']} pages served): {memory:.1f} MB "
        f"(target <= {MEMORY_MB:.0f} MB: {'meets' if memory <= MEMORY_MB else 'misses'}).",
        f"- Idle CPU: {found['idle_alone'] * 100:.2f} % of a core without pages, {found['idle_with'] * 100:.2f} % with "
        f"{found['pages']} open (WebSocket heartbeats every 20 s).",
        "",
    ]


if __name__ == "__main__":
    sys.stdout.write("\n".join(run()) + "\n")
