"""`companion run` as systemd starts it, for the start-up tests: a real process, SDL's dummy
drivers, a notify socket; it must say READY=1 (after its first frame) and stop cleanly on SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

TIMEOUT = 20  # seconds for READY and for the exit


def run_until_ready(folder: Path, environ: Mapping[str, str], *, drop: tuple[str, ...] = ()) -> str:
    """Start `companion run` with ``environ`` added (and the variables in ``drop`` removed), wait
    for READY=1, stop it with SIGTERM; its stderr (what journald would keep).

    :raises AssertionError: when it is not ready within :data:`TIMEOUT` s or does not exit 0.
    """
    notify = str(folder / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify)
    listener.settimeout(TIMEOUT)
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(NOTIFY_SOCKET=notify, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **environ)
    process = subprocess.Popen([sys.executable, "-m", "companion", "run"], env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert listener.recv(256).startswith(b"READY=1")  # the table is up
        process.send_signal(signal.SIGTERM)
        assert process.wait(TIMEOUT) == 0
        return process.stderr.read() if process.stderr else ""
    finally:
        if process.poll() is None:
            process.kill()
        listener.close()
