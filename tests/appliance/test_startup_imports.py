"""What `companion run` imports before its first frame: only what that frame needs.

A structural guard of the start-up figure (docs/performance.md, "Start-up"), not a timing: a
real `companion run` on a stored Cthulhu Wars game, SDL's dummy drivers, stopped at its first
frame (where it would say READY=1), lists the modules it has imported.  The screens, engines and
devices the table's first frame does not show or use must not be among them: each one added to
the start would cost every start of the service its import time.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import appliance, demo
from companion.appliance import Heartbeat
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.session import GameSession
from companion.store import open_journal

# Imported by `companion run` when first used, never for the first frame of a Cthulhu Wars table.
LATER = (
    "companion.voice",  # the speaker: added after the first frame
    "companion.ui.corrections_scene",  # the corrections screens: made when first shown
    "companion.ui.arkham_corrections",
    "companion.ui.arkham_scene",
    "companion.ui.arkham_board",
    "companion.ui.arkham_picker",
    "firmware_bridge.protocol",  # the tower's frames: from the first roll asked for
    "firmware_bridge.link",  # the tower's serial link: only when the config names a tower
    "firmware_bridge.sim",
    "hardware.panel",  # gpiozero: only when the config names the panel's pins
    "gpiozero",
    "serial",
    "redis",  # a Redis journal only when the config names one
    "companion.engine.cthulhu.corrections",  # the corrections: imported when one is made or decoded
    "companion.engine.arkham",  # Arkham Horror's rules: a Cthulhu Wars table starts without them
    "aiohttp",  # the phones' server (companion/web): started after the first frame
    "companion.web",
    "babel",  # the catalogues are compiled when the package is built; gettext reads them
)
AT_FIRST_FRAME = """
import json, sys
import companion.sdnotify

def ready(self, status=""):
    with open(sys.argv[1], "w") as out:
        json.dump(sorted(sys.modules), out)
    raise SystemExit(0)

companion.sdnotify.Notifier.ready = ready
from companion.cli import main
raise SystemExit(main(["--journal", sys.argv[2], "run"]))
"""


def modules_at_first_frame(tmp_path: Path, board: str | None = None, players: int = 3, moves: int = 0) -> list[str]:
    """The modules `companion run` has imported at its first frame, on a demo game ``moves``
    commands in."""
    journal_path = tmp_path / "table.sqlite3"
    journal = open_journal(str(journal_path))
    try:
        session = GameSession.start(journal, "evening", demo.demo_setup(1, board, players).command())
        assert isinstance(session, GameSession)
        if moves:
            play_to_a_roll(session, seed=1, moves=moves)
            assert session.state.prompt.kind is PromptKind.ROLL  # no tower: nothing to light
    finally:
        journal.close()
    listed = tmp_path / "modules.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "COMPANION_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", AT_FIRST_FRAME, str(listed), str(journal_path)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names: list[str] = json.loads(listed.read_text())
    return names


def play_to_a_roll(session: GameSession, seed: int, moves: int) -> None:
    """The seeded demo game ``moves`` moves in, then on to the first roll it asks for (the frame
    this test needs), whatever the bots chose on the way (as :func:`demo_run.play`, one move at a
    time); a game that ends first fails here."""
    with contextlib.ExitStack() as stack:
        house = appliance.demo_house(stack, session, seed, tower=False, panel=False)
        appliance.play_out(house, moves)
        for _ in range(demo.MAX_COMMANDS):
            state = session.state
            assert state.phase is not Phase.GAME_OVER, "the seeded game ended before asking for a roll"
            if state.prompt.kind is PromptKind.ROLL:
                return
            appliance.play_out(house, 1)


@pytest.mark.parametrize(
    ("board", "players", "moves"), [(None, 3, 0), ("yuggoth-demo", 4, 75)], ids=["new game", "waiting for a roll"]
)
def test_the_first_frame_of_a_table_imports_only_what_it_shows(
    tmp_path: Path, board: str | None, players: int, moves: int
) -> None:
    modules = modules_at_first_frame(tmp_path, board, players, moves)
    assert "companion.ui.table_scene" in modules and "pygame" in modules  # the table was drawn
    early = [m for m in modules if any(m == later or m.startswith(later + ".") for later in LATER)]
    assert early == []


class Notes:
    def __init__(self) -> None:
        self.said: list[str] = []

    def ready(self, status: str = "") -> bool:
        self.said.append("READY")
        return True

    def ping(self) -> bool:
        self.said.append("ping")
        return True


def test_the_rest_of_the_start_comes_after_ready_once() -> None:
    """systemd hears READY=1 at the first frame; what waits for it (the voice, the map files'
    check) runs right after, once, before the watchdog's first ping."""
    notes = Notes()
    heartbeat = Heartbeat(notes, "game evening", then=lambda: notes.said.append("the rest"))  # type: ignore[arg-type]
    heartbeat()
    heartbeat()
    assert notes.said == ["READY", "the rest", "ping", "ping"]
