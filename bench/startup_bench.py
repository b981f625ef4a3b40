"""Process start to the first frame shown, beside a floor measured in the same run.

The path: ``python -m companion run`` as the service starts it (SDL's dummy driver, 800x480, the
table's thread started), timed from just before the process is spawned to its ``READY=1`` on
``$NOTIFY_SOCKET``, which ``companion run`` sends after the first turn of its loop, the first
frame flipped.  The floor: a process that imports pygame, opens the display, flips once and sends
the same datagram.  They alternate, so the machine's load falls on both alike; the medians are
compared.

Three starts are timed:

- a stored game (the usual start: the service restarted, the table scene of a Yuggoth game some
  way in), with Python's bytecode cached as on the installed appliance (``pip install`` compiles
  it; a checkout caches it on its first run).  Here the cache goes to a private
  ``PYTHONPYCACHEPREFIX`` written by an untimed first round, so the working tree is not touched
  and a ``PYTHONDONTWRITEBYTECODE`` in the environment is set aside for the path and floor alike;
- a fresh journal (the first boot: the welcome game made and stored, the new-game screen), the
  bytecode cached the same way;
- the stored game again with no bytecode cached (``PYTHONDONTWRITEBYTECODE=1`` and no cache: the
  companion's own modules compiled from source at every start, as in a sandbox that forbids the
  cache; pygame's shipped bytecode still used, by the floor too).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 8
TIMEOUT = 30.0
STORED_MOVES = 60  # commands the demo's players make in the stored game before it is timed
FLOOR = """
import os, socket, pygame
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
    s.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
"""
Sample = tuple[float, float]  # wall seconds to the first frame, and the CPU seconds it took


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid``'s threads have had so far (Linux's schedstat, in ns): with
    other work on the machine the wall time stretches, this much less."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # a thread that just ended
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def first_frame(command: list[str], where: Path, env: dict[str, str]) -> Sample:
    """Seconds from spawning ``command`` to its READY=1 datagram, and the CPU seconds the process
    had used by then (it is then stopped with SIGTERM)."""
    address = where / f"notify-{time.monotonic_ns()}"
    errors = where / "stderr.txt"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as inbox, errors.open("wb") as err:
        inbox.bind(str(address))
        inbox.settimeout(TIMEOUT)
        started = time.perf_counter()
        process = subprocess.Popen(command, env={**env, "NOTIFY_SOCKET": str(address)}, cwd=where, stderr=err)
        try:
            while b"READY=1" not in inbox.recv(4096):
                pass
            shown = time.perf_counter() - started
            cpu = cpu_seconds(process.pid)
        finally:
            process.send_signal(signal.SIGTERM)  # `companion run` ends its loop cleanly on SIGTERM
        _, status, _ = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, -signal.SIGTERM):
        said = errors.read_text(errors="replace")[-400:]
        raise RuntimeError(f"{command[:3]} ended with {process.returncode}: {said}")
    return shown, cpu


def stored_game(path: Path) -> None:
    """A journal holding one game some way in: the Yuggoth demo map, four players, the demo's
    players' first moves (made here, in the bench's own process, before any timing)."""
    from companion import demo, demo_run
    from companion.session import GameSession
    from companion.store import open_journal

    journal = open_journal(str(path))
    try:
        session = GameSession.start(journal, "table", demo.demo_setup(1, "yuggoth-demo", 4).command(), title="Bench")
        assert isinstance(session, GameSession), session
        demo_run.play(session, seed=1, limit=STORED_MOVES)
    finally:
        journal.close()


def measure(rounds: int = ROUNDS, *, stored: bool = True, bytecode: bool = True) -> tuple[list[Sample], list[Sample]]:
    """Each round's (wall seconds to the first frame, CPU seconds) for the path and the floor.

    ``stored``: open a stored game (else a fresh journal each round: the welcome game is made);
    ``bytecode``: with Python's bytecode cache (else every module of the tree compiled from source)."""
    root = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(root),
    }
    env.pop("PYTHONPYCACHEPREFIX", None)
    path: list[Sample] = []
    floor: list[Sample] = []
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        env["COMPANION_CONFIG_DIR"] = str(where / "config")
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(where / "pycache")  # filled by the untimed first round
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        table = where / "table.sqlite3"
        if stored:
            stored_game(table)
        for n in range(rounds + 1):
            journal = table if stored else where / f"journal-{n}.sqlite3"  # fresh: the welcome game is made
            run = [sys.executable, "-m", "companion", "--journal", str(journal), "run"]
            took = first_frame(run, where, env)
            took_floor = first_frame([sys.executable, "-c", FLOOR], where, env)
            if n:  # the first round caches the bytecode, and warms the disk's cache of the libraries
                path.append(took)
                floor.append(took_floor)
        shutil.rmtree(where / "pycache", ignore_errors=True)
    return path, floor


# Where the time goes: processes that only import what the first frame needs (the engine alone,
# then everything), timed the same way, and the dataclasses those imports make, timed in-process.
SEND_READY = """
import os, socket
with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
    s.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
"""
FIRST_FRAME_MODULES = "pygame, companion.cli, companion.appliance, companion.ui.app, companion.ui.table_scene"
PARTS = (
    ("the interpreter alone (`python -c pass`)", ""),
    ("`import companion.engine` (the rules, Cthulhu Wars')", "import companion.engine"),
    (f"`import {FIRST_FRAME_MODULES}`", f"import {FIRST_FRAME_MODULES}"),
)
DATACLASSES = f"""
import builtins, dataclasses, json, sys, time
made, spent, inside = [], [0.0, 0.0], [0]
real, real_exec = dataclasses._process_class, builtins.exec

def timed(cls, *args, **kwargs):
    started = time.process_time()
    inside[0] += 1
    try:
        return real(cls, *args, **kwargs)
    finally:
        inside[0] -= 1
        spent[0] += time.process_time() - started
        made.append(cls.__module__)

def compiled(source, *args, **kwargs):  # generated methods compiled outside the decorator (values.dataclass)
    if inside[0] or not isinstance(source, str):
        return real_exec(source, *args, **kwargs)
    started = time.process_time()
    try:
        return real_exec(source, *args, **kwargs)
    finally:
        spent[1] += time.process_time() - started

dataclasses._process_class = timed
builtins.exec = compiled
started = time.process_time()
import {FIRST_FRAME_MODULES}
total = time.process_time() - started
engine = sum(1 for module in made if module.startswith("companion.engine"))
print(json.dumps([len(made), engine, spent[0] + spent[1], total]))
"""


def parts(rounds: int = ROUNDS) -> tuple[list[tuple[str, list[Sample]]], tuple[float, ...]]:
    """Each part's (wall, CPU) samples, bytecode cached, alternating round by round; and the
    dataclasses the first frame's imports make: (how many, how many of them the engine's, CPU
    seconds making them, CPU seconds of the imports in all)."""
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env["PYTHONPATH"] = str(root)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    samples: list[list[Sample]] = [[] for _ in PARTS]
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        env["PYTHONPYCACHEPREFIX"] = str(where / "pycache")
        for n in range(rounds + 1):
            for (_, code), taken in zip(PARTS, samples, strict=True):
                took = first_frame([sys.executable, "-c", code + SEND_READY], where, env)
                if n:
                    taken.append(took)
        counted = subprocess.run(
            [sys.executable, "-c", DATACLASSES], env=env, cwd=where, capture_output=True, text=True, check=True
        )
    shares = [(what, taken) for (what, _), taken in zip(PARTS, samples, strict=True)]
    return shares, tuple(json.loads(counted.stdout))


CASES = (
    ("a stored game (the table), bytecode cached", True, True),
    ("a fresh journal (welcome game, new-game screen), bytecode cached", False, True),
    ("a stored game (the table), no bytecode cached", True, False),
)


def row(what: str, path: list[Sample], floor: list[Sample]) -> tuple[str, float, float, float]:
    """A table row and the medians of wall time, CPU and the floor's CPU."""
    walls, floor_walls = [wall for wall, _ in path], [wall for wall, _ in floor]
    median, low = statistics.median(walls), min(walls)
    floor_median, floor_low = statistics.median(floor_walls), min(floor_walls)
    cpu, floor_cpu = statistics.median(c for _, c in path), statistics.median(c for _, c in floor)
    line = (
        f"| {what} | {median:.3f} s | {low:.3f} s | {floor_median:.3f} s | {floor_low:.3f} s | "
        f"{median / floor_median:.1f}x | {median - floor_median:.3f} s | {cpu:.3f} s | {floor_cpu:.3f} s |"
    )
    return line, median, cpu, floor_cpu


def run() -> list[str]:
    load = os.getloadavg()[0]
    rows = [row(what, *measure(stored=stored, bytecode=bytecode)) for what, stored, bytecode in CASES]
    median = rows[0][1]
    shares, (made, engine, spent, imports) = parts()
    verdict = "meets" if median <= 0.5 else "MISSES"
    return [
        "## Start-up",
        "",
        f"Process start to the first frame shown, {ROUNDS} rounds each: `python -m companion run` (SDL's dummy "
        "driver, 800x480), timed to its READY=1 on $NOTIFY_SOCKET (sent after the first frame is flipped); the "
        "floor, alternating with it: a process that imports pygame, opens the display, flips once and sends the "
        "same. The bytecode cache is the installed appliance's (pip compiles it); the last row is a start with "
        "none, every module of the tree compiled from source (see bench/startup_bench.py).",
        "",
        "| start | median | fastest | floor median | floor fastest | median ratio | median minus floor's "
        "| CPU median | floor CPU median |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *(line for line, *_ in rows),
        "",
        "CPU: the processes' CPU time up to their READY=1 (all threads, from /proc). It is less swayed than wall "
        "time by other work on the machine; the wall time is what the players wait.",
        "",
        f"Verdict: the table of a stored game shown in a median of {median:.3f} s against 0.5 s on x86: {verdict} "
        f"(load average {load:.1f} at the start of this section, {os.getloadavg()[0]:.1f} at its end; with other "
        "work on the machine, compare the CPU column).",
        "",
        "Where the time goes: processes that only import, timed the same way (start to their READY=1, "
        "bytecode cached, alternating round by round); the first row's start is in every other.",
        "",
        "| process | median | fastest | CPU median |",
        "| --- | --- | --- | --- |",
        *(
            f"| {what} | {statistics.median(w for w, _ in taken):.3f} s | {min(w for w, _ in taken):.3f} s | "
            f"{statistics.median(c for _, c in taken):.3f} s |"
            for what, taken in shares
        ),
        "",
        f"Those imports make {made:.0f} dataclasses ({engine:.0f} of them the engine's): {spent:.3f} s of their "
        f"{imports:.3f} s of CPU (measured in-process: the decorator, and the methods compiled beside it), Python "
        "3.11 compiling each class's methods from generated source as it is made; the engine's plain frozen ones "
        "are compiled once, not six times (companion.engine.values.dataclass).",
        "",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
