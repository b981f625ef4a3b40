"""Process start to the first frame shown, beside a floor measured in the same run.

The path: ``python -m companion run`` as the service starts it (SDL's dummy driver, 800x480, a
fresh on-disk journal: the welcome game made, the table's thread started), timed from just before
the process is spawned to its ``READY=1`` on ``$NOTIFY_SOCKET``, which ``companion run`` sends
after the first turn of its loop, the first frame flipped.  The floor: a process that imports
pygame, opens the display, flips once and sends the same datagram.  They alternate, so the
machine's load falls on both alike; the medians are compared.
"""

from __future__ import annotations

import os
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
FLOOR = """
import os, socket, pygame
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
    s.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
"""


def first_frame(command: list[str], where: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawning ``command`` to its READY=1 datagram, and the CPU seconds the process
    used in all (to its end: it is stopped with SIGTERM at once, and a clean exit is short)."""
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
        finally:
            process.send_signal(signal.SIGTERM)  # `companion run` ends its loop cleanly on SIGTERM
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, -signal.SIGTERM):
        said = errors.read_text(errors="replace")[-400:]
        raise RuntimeError(f"{command[:3]} ended with {process.returncode}: {said}")
    return shown, usage.ru_utime + usage.ru_stime


def measure(rounds: int = ROUNDS) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Each round's (wall seconds to the first frame, CPU seconds) for the path and the floor."""
    root = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(root),
    }
    path: list[tuple[float, float]] = []
    floor: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        env["COMPANION_CONFIG_DIR"] = str(where / "config")
        for n in range(rounds + 1):
            journal = where / f"journal-{n}.sqlite3"  # a fresh table each time: the welcome game is made
            run = [sys.executable, "-m", "companion", "--journal", str(journal), "run"]
            took = first_frame(run, where, env)
            took_floor = first_frame([sys.executable, "-c", FLOOR], where, env)
            if n:  # the first round warms the disk's cache of the interpreter and the libraries
                path.append(took)
                floor.append(took_floor)
    return path, floor


def run() -> list[str]:
    path, floor = measure()
    walls, floor_walls = [wall for wall, _ in path], [wall for wall, _ in floor]
    median, low = statistics.median(walls), min(walls)
    floor_median, floor_low = statistics.median(floor_walls), min(floor_walls)
    cpu, floor_cpu = statistics.median(c for _, c in path), statistics.median(c for _, c in floor)
    verdict = "meets" if median <= 0.5 else "MISSES"
    return [
        "## Start-up",
        "",
        f"Process start to the first frame shown, {len(path)} rounds: `python -m companion run` on a fresh journal "
        "(SDL's dummy driver, 800x480), timed to its READY=1 on $NOTIFY_SOCKET (sent after the first frame); the "
        "floor, alternating with it: a process that imports pygame, opens the display, flips once and sends the same.",
        "",
        "| what | median | fastest | floor median | floor fastest | median ratio | median minus floor's | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| process start -> first frame | {median:.3f} s | {low:.3f} s | {floor_median:.3f} s | {floor_low:.3f} s | "
        f"{median / floor_median:.1f}x | {median - floor_median:.3f} s | <= 0.5 s on x86 |",
        "",
        f"CPU the processes used in all (median; start-up, then a clean exit on SIGTERM): {cpu:.3f} s, the floor's "
        f"{floor_cpu:.3f} s ({cpu / floor_cpu:.1f}x). CPU seconds are less swayed than wall time by other work on the "
        "machine; the wall time is what the players wait.",
        "",
        f"Verdict: a median of {median:.3f} s against 0.5 s: {verdict}.",
        "",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
