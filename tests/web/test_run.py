"""`companion run` starts the phones' server after its first frame, on the configured address
and port, says where, serves the page and the socket, and stops cleanly on SIGTERM."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import aiohttp

from tests.web.serving import WAIT, run

TIMEOUT = 30  # seconds: the start on a busy machine


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_companion_run_serves_the_phones_on_the_configured_address(tmp_path: Path) -> None:
    port = _free_port()
    config = tmp_path / "config"
    config.mkdir()
    (config / "companion.toml").write_text(f'[web]\nlisten = ["127.0.0.1"]\nport = {port}\nmdns = false\n')
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "COMPANION_CONFIG_DIR": str(config),
        "COMPANION_STATE_DIR": str(tmp_path / "state"),
    }
    env.pop("NOTIFY_SOCKET", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in process.stdout or []:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        said = ""
        while "Phones and TV:" not in said:
            said = lines.get(timeout=TIMEOUT)
        assert f"http://127.0.0.1:{port}/tv" in said
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tv", timeout=WAIT) as page:
            assert page.status == 200 and b"/app.js" in page.read()

        async def tv() -> dict[str, object]:
            async with aiohttp.ClientSession() as http:
                url = f"http://127.0.0.1:{port}"
                async with http.ws_connect(url + "/ws", headers={"Origin": url}) as ws:
                    await ws.send_json({"type": "hello", "secret": "", "game": "", "since": 0})
                    while True:
                        data: dict[str, object] = json.loads((await ws.receive(timeout=WAIT)).data)
                        if data["type"] == "state":
                            return data

        shown = run(tv())
        assert shown["game"] == "welcome" and shown["private"] == {}
        process.send_signal(signal.SIGTERM)
        assert process.wait(TIMEOUT) == 0, process.stderr.read() if process.stderr else ""
    finally:
        if process.poll() is None:
            process.kill()
