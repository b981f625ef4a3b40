"""A real window: the app's loop under Xvfb (an X server the test starts), a finger tap through
SDL's event queue, and a clean quit.  Skipped, with the reason, where Xvfb is not installed."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SCRIPT = """
import os, sys, pygame
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.appliance import screen_only
from companion.ui.app import App
from tests.helpers import new_game

session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("yuggoth-demo"))
app = App(screen_only(session))
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
app.draw()
button = [b for b in app.scenes["table"].buttons if b.label == "Counterclockwise"][0]
x, y = button.rect.center
w, h = app.window.get_size()
pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, touch_id=0, finger_id=0, dx=0, dy=0))
pygame.event.post(pygame.event.Event(pygame.QUIT))
app.run()
pygame.image.save(app.window, sys.argv[1])
print("direction", session.state.direction.value)
"""


@pytest.fixture(scope="module")
def xvfb() -> Iterator[str]:
    binary = shutil.which("Xvfb")
    if binary is None:
        pytest.skip("Xvfb is not installed (make test installs it with apt-get as root)")
    number = 90 + os.getpid() % 100
    server = subprocess.Popen(
        [binary, f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists():
        if server.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"Xvfb did not start on :{number}")
        time.sleep(0.02)
    yield f":{number}"
    server.terminate()
    server.wait(10)


def test_a_real_window_takes_a_tap_and_quits(xvfb: str, tmp_path: Path) -> None:
    env = {**os.environ, "DISPLAY": xvfb, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    shot = tmp_path / "window.png"
    root = Path(__file__).parents[2]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(shot)], env=env, cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "direction -1" in done.stdout
    assert shot.stat().st_size > 5_000


@pytest.mark.parametrize("game, ready", [("cthulhu", "Demo window open"), ("arkham", "Arkham window open")])
def test_the_demo_window_runs_its_table_thread_and_quits_cleanly_on_sigterm(xvfb: str, tmp_path: Path, game, ready) -> None:
    """`companion demo` in a real window (the table on its own thread, the simulated tower and the
    mock panel for Cthulhu Wars): it opens, and SIGTERM (SDL turns it into a quit) ends it cleanly
    with the game stored."""
    env = {**os.environ, "DISPLAY": xvfb, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    env["COMPANION_CONFIG_DIR"] = str(tmp_path / "config")
    journal = tmp_path / "demo.sqlite3"
    command = [sys.executable, "-m", "companion", "--journal", str(journal), "demo", "--game", game]
    demo = subprocess.Popen(command, env=env, cwd=Path(__file__).parents[2], stdout=subprocess.PIPE, text=True)
    try:
        assert demo.stdout is not None
        lines = []
        for line in demo.stdout:  # blocks until the window says it is open (or the process ends)
            lines.append(line)
            if ready in line:
                break
        assert any(ready in line for line in lines), lines
        demo.send_signal(signal.SIGTERM)
        rest, _ = demo.communicate(timeout=30)
    finally:
        demo.kill()
    assert demo.returncode == 0 and "Stored as" in rest


def test_the_start_up_bench_times_a_real_companion_run_to_its_first_frame() -> None:
    """`companion run` in a real process says READY=1 after its first frame; the bench times it
    and the floor (pygame, a display, one flip) the same way."""
    from bench import startup_bench

    path, floor = startup_bench.measure(rounds=1)
    assert len(path) == len(floor) == 1
    (wall, cpu), (floor_wall, floor_cpu) = path[0], floor[0]
    assert 0 < floor_wall < wall and 0 < floor_cpu < cpu
