"""Opening the screen: the demo on a laptop, or the table on the Pi (the appliance's entry point)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.sdnotify import Notifier
from companion.session import AnySession, ArkhamSession, GameSession
from companion.store import Journal
from companion.store.redis import RedisJournal

DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")


class NoDisplay(RuntimeError):
    """No screen to open; the message offers --headless."""


def check_display() -> None:
    """Refuse early, with what to do, where SDL would have no screen to open."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver or sys.platform != "linux" or any(os.environ.get(v) for v in DISPLAY_VARIABLES):
        return
    raise NoDisplay(
        "There is no display here (DISPLAY and WAYLAND_DISPLAY are not set). Run `companion demo --headless` "
        "for the terminal demo, or on a Pi without a desktop set SDL_VIDEODRIVER=kmsdrm."
    )


def parse_size(text: str) -> tuple[int, int]:
    from companion.ui.app import SIZES

    if text in SIZES:
        return SIZES[text]
    raise ValueError(f"--size must be one of {', '.join(SIZES)}, not {text!r}.")


def run_arkham_window(session: ArkhamSession, size: tuple[int, int], location: str) -> None:
    """Arkham Horror in a window: the table's App on an Arkham session, the LED panel on
    gpiozero's mock pins beside it (the Doom bar is the doom track).  D draws; A autoplays."""
    from companion.table import Table

    check_display()
    with contextlib.ExitStack() as stack:
        greeting = "Arkham window open: D draws the Mythos card, A autoplays, U undoes, Y redoes, Esc quits."
        _demo_window(stack, Table(session), size, location, greeting)


def run_window_demo(journal: Journal, name: str, setup: object, size: tuple[int, int], location: str) -> None:
    """The whole product on a laptop: the table in a window, the simulated tower on a real pty,
    the LED panel on gpiozero's mock pins drawn beside it.  Space: one move; A: autoplay."""
    from companion.demo import DemoSetup
    from companion.table import Table
    from firmware_bridge.link import TowerLink
    from firmware_bridge.sim import SimTower

    assert isinstance(setup, DemoSetup)
    check_display()
    session = GameSession.start(journal, name, setup.command(), title=f"Demo on {setup.board.title}")
    if not isinstance(session, GameSession):
        raise RuntimeError(session.message)
    with contextlib.ExitStack() as stack:
        tower = stack.enter_context(SimTower(seed=setup.seed))
        table = Table(session)
        link = stack.enter_context(TowerLink(tower.path, table.tower_frame))
        table.send_to_tower = link.send
        greeting = (
            "Demo window open: Space plays one move, A toggles autoplay, R rolls for me, U undoes, 1-5 switch screens, Esc quits."
        )
        _demo_window(stack, table, size, location, greeting, link)


def _demo_window(
    stack: contextlib.ExitStack[bool | None], table: Any, size: tuple[int, int], location: str, greeting: str, link: Any = None
) -> None:
    """Run the table's App in a window with the demo's LED panel on mock pins drawn beside it."""
    from companion.demo import DEMO_WIRING
    from companion.ui.app import App, Extras
    from hardware.config import panel_config
    from hardware.panel import Panel

    panel = stack.enter_context(Panel(panel_config(DEMO_WIRING), table.button))
    app = App(table, size=size, extras=Extras(link=link, panel=panel, journal=location, demo=True), threaded=True)
    panel.show(table.session.state)
    print(greeting, flush=True)
    try:
        app.run()
    finally:
        app.close()


def run_table(
    journal: Journal, config: Config, game: str | None, size: tuple[int, int], fullscreen: bool, problems: list[str] | None = None
) -> None:
    """The real table: resume the last game (or start on the new-game screen), with the tower and
    the panel the config names."""
    from companion.session import open_game
    from companion.store import JournalError
    from companion.table import Notice, Table
    from companion.ui.app import App, Extras
    from firmware_bridge.link import TowerLink
    from hardware.config import panel_config
    from hardware.panel import HardwareUnavailable, Panel

    check_display()
    try:
        session: AnySession = open_game(journal, game)
    except JournalError:
        session = _first_game(journal)
    with contextlib.ExitStack() as stack:
        table = Table(session)
        for problem in problems or []:
            table.notices.append(Notice(problem))
        app = App(table, size=size, fullscreen=fullscreen, extras=Extras(journal=str(config.journal.resolved())), threaded=True)
        url = config.tower.get("url", "")
        if isinstance(journal, RedisJournal):
            stack.callback(journal.follow(table.changed))  # the bridge (or another screen) moves the game too
            url = ""  # with Redis the tower belongs to `companion bridge` (companion-tower.service)
        if url:
            link = stack.enter_context(TowerLink(url, table.tower_frame, baudrate=int(config.tower.get("baudrate", 115_200))))
            table.send_to_tower = link.send
            app.extras.link = link
        if config.hardware:
            try:
                panel = stack.enter_context(Panel(panel_config(config.hardware), table.button))
            except HardwareUnavailable as exc:  # no GPIO: the screen still runs the table
                table.notices.append(Notice(str(exc)))
                print(f"companion: {exc}", file=sys.stderr)
            else:
                panel.show(session.state)
                app.extras.panel = panel
        if session.name == "welcome":
            app.scene_name = "new"
        notifier = Notifier()
        stop_on_sigterm(app)
        try:
            app.run(on_frame=Heartbeat(notifier, f"game {session.name}"))
        finally:
            notifier.stopping()
            app.close()
    # Leaving the with-block closed the panel (LEDs off) and the tower link; the caller closes the journal.


class Heartbeat:
    """Called after every turn of the main loop: READY=1 after the first, then the watchdog."""

    def __init__(self, notifier: Notifier, status: str) -> None:
        self.notifier = notifier
        self.status = status
        self.started = False

    def __call__(self) -> None:
        if not self.started:
            self.started = True
            self.notifier.ready(self.status)
        self.notifier.ping()


def stop_on_sigterm(app: object) -> None:
    """systemd stops the service with SIGTERM: end the loop cleanly (Python's default would kill
    the process without closing the journal or turning the LEDs off)."""

    def stop(signum: int, frame: object) -> None:
        app.running = False  # type: ignore[attr-defined]

    signal.signal(signal.SIGTERM, stop)


def _first_game(journal: Journal) -> GameSession:
    """No stored game yet: a small Earth game to show while the table picks its own."""
    from companion.demo import demo_setup

    setup = demo_setup(1, None, 3)
    started = GameSession.start(journal, "welcome", setup.command(), title="Welcome game")
    assert isinstance(started, GameSession)
    return started


def default_size() -> tuple[int, int]:
    return (800, 480)


__all__ = ["NoDisplay", "Path", "check_display", "parse_size", "run_table", "run_window_demo"]
