"""Pull the plug, many times: SIGKILL the companion at random points of a scripted game.

Each trial starts ``companion script --game G`` on a journal, feeds it a recorded game, reads its
answer lines (an answer is written only after the command is journaled: that is the
acknowledgement), and kills it with SIGKILL after a random number of answers, sometimes mid-write.
On Redis the server is killed too and restarted from its append-only file, as a power cut would.
Then the journal must open cleanly, hold every acknowledged command in order, and nothing that
does not replay: a resumed game equals a replay of its entries.

``make soak`` (``python -m bench.soak``) runs 200 trials on each journal and writes the figures
into docs/reliability.md; the test suite runs a few trials of the same code on every commit.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REDIS_SETTINGS = ROOT / "systemd" / "redis.conf"


@dataclass
class Tally:
    store: str
    trials: int = 0
    acknowledged: int = 0
    found: int = 0
    lost: int = 0
    unreadable: int = 0


def recorded_game(length: int = 80, seed: int = 5) -> list[str]:
    """A demo game's first commands as JSON lines (the same every run)."""
    from companion import demo
    from companion.engine.codec import canonical
    from companion.engine.cthulhu.model import Options, Phase

    # The script's new_game gives no options: the game is recorded with none (no abilities).
    setup = dataclasses.replace(demo.demo_setup(seed, "earth-3p", 3), options=Options())
    from companion.engine import apply

    state = apply(None, setup.command()).state  # type: ignore[union-attr]
    rnd = random.Random(seed)
    lines = [json.dumps({"type": "new_game", "board": "earth-3p", "seats": [s.faction.value for s in setup.seats], "seed": seed})]
    while len(lines) < length and state.phase is not Phase.GAME_OVER:
        command = demo.choose(state, rnd)
        state = apply(state, command).state  # type: ignore[union-attr]
        lines.append(canonical(command))
    return lines


def run_trial(journal: str, game: str, script: list[str], kill_after: int, delay: float, env: dict[str, str]) -> int:
    """Start the companion on ``journal``; ``delay`` seconds after its ``kill_after``-th answer,
    SIGKILL it (a delay of a millisecond or two lands the kill inside the next write); the
    number of answers read."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--journal", journal, "script", "--game", game],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(("\n".join(script) + "\n").encode())
    process.stdin.close()
    answers = 0
    while answers < kill_after:
        line = process.stdout.readline()
        answer = json.loads(line) if line.startswith(b"{") else {}
        if "line" not in answer:  # the end (the final state line) or nothing
            break
        answers += 1 if answer.get("ok") else 0
    deadline = time.perf_counter() + delay
    while time.perf_counter() < deadline:  # where the cut lands: spin, a sleep is too coarse
        pass
    process.send_signal(signal.SIGKILL)
    process.wait()
    return answers


def verify(journal_location: str, game: str, script: list[str]) -> tuple[int, bool]:
    """(entries found, whether they are exactly a prefix of the script and replay to the resumed state)."""
    from companion.cli import expand_new_game
    from companion.engine import parse_command
    from companion.engine.codec import canonical
    from companion.session import GameSession, replay
    from companion.store import GameNotFound, JournalError, open_journal

    try:
        journal = open_journal(journal_location)
    except JournalError:
        return 0, False  # it does not even open: as bad as it gets
    if journal.notices:  # damaged: opening moved it aside and started a fresh one
        journal.close()
        return 0, False
    try:
        try:
            entries = list(journal.entries(game))
        except GameNotFound:
            return 0, True
        if not entries:
            return 0, True
        expected = [canonical(parse_command(expand_new_game(json.loads(line), 0))) for line in script[: len(entries)]]
        same = [e.command for e in entries] == expected
        state, differences = replay(entries)
        resumed = GameSession.resume(journal, game)
        return len(entries), same and not differences and canonical(state) == canonical(resumed.state)
    except JournalError:
        return 0, False
    finally:
        journal.close()


def sqlite_clean(path: Path) -> bool:
    if not path.exists():
        return True
    with sqlite3.connect(path) as db:
        return bool(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")


class RedisServer:
    """A redis-server with the shipped settings, killable like a power cut and restartable."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", str(REDIS_SETTINGS), "--port", str(self.port), "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.02)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None


def run(store: str, trials: int, seed: int = 1) -> Tally:
    """``trials`` power cuts on ``store`` ("sqlite" or "redis")."""
    rnd = random.Random(seed)
    script = recorded_game()
    tally = Tally(store)
    env = {**os.environ, "COMPANION_CONFIG_DIR": "/nonexistent"}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = RedisServer(folder) if store == "redis" else None
        if server is not None:
            server.start()
        location = server.url if server is not None else str(folder / "journal.sqlite3")
        for trial in range(trials):
            game = f"cut-{trial}"
            acked = run_trial(location, game, script, rnd.randint(0, len(script)), rnd.random() * 0.002, env)
            if server is not None:  # the whole Pi lost power: Redis too
                server.kill()
                server.start()
            found, sound = verify(location, game, script)
            clean = sqlite_clean(folder / "journal.sqlite3") if server is None else True
            tally.trials += 1
            tally.acknowledged += acked
            tally.found += found
            tally.lost += max(0, acked - found)
            tally.unreadable += 0 if (sound and clean) else 1
        if server is not None:
            server.kill()
    return tally


def report(tallies: list[Tally], seconds: float) -> str:
    from bench.timing import machine

    lines = [
        "# Reliability",
        "",
        "Written by `make soak` (`python -m bench.soak`); do not edit by hand.",
        "",
        f"- Machine: {machine()}",
        f"- Measured: {time.strftime('%Y-%m-%d %H:%M %Z')}, in {seconds:.0f} s",
        "",
        "## Power cut",
        "",
        "`companion script` plays a recorded game into a journal and is killed with SIGKILL after a "
        "random number of acknowledged commands (an answer line is written only once the command is "
        "journaled). On Redis, redis-server (systemd/redis.conf: appendonly, appendfsync always) is "
        "killed and restarted from its append-only file after each cut.",
        "",
        "| journal | trials | commands acknowledged | entries found | acknowledged but lost | unreadable or half-written |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for t in tallies:
        lines.append(f"| {t.store} | {t.trials} | {t.acknowledged} | {t.found} | {t.lost} | {t.unreadable} |")
    lines += [
        "",
        "Entries found may exceed those acknowledged: a command can be journaled just before the kill, "
        "before its answer is read. None may be missing or fail to replay.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=200)
    args = parser.parse_args()
    started = time.monotonic()
    tallies = [run("sqlite", args.trials), run("redis", args.trials)]
    (ROOT / "docs" / "reliability.md").write_text(report(tallies, time.monotonic() - started), encoding="utf-8")
    print((ROOT / "docs" / "reliability.md").read_text())
    return 0 if all(t.lost == 0 and t.unreadable == 0 for t in tallies) else 1


if __name__ == "__main__":
    raise SystemExit(main())
