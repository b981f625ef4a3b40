"""The window's own part of opening the screen: is there a display, which size, open and run it.

What the window shows is wired elsewhere (:mod:`companion.appliance`: the journal, the table,
the tower, the panel); here the screen gets a :class:`companion.client.TableClient` and nothing
else.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.client import TableClient

if TYPE_CHECKING:
    from companion.ui.app import App

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


def open_window(
    client: TableClient, size: tuple[int, int], *, fullscreen: bool = False, journal: str = "", demo: bool = False
) -> App:
    """The App on ``client`` (its table's loop runs on its own thread if the client says so)."""
    from companion.ui.app import App, Extras

    return App(client, size=size, fullscreen=fullscreen, extras=Extras(journal=journal, demo=demo))


def run_window(app: App, on_frame: Callable[[], None] | None = None) -> None:
    """Run the window's loop until it quits, then close it (the table's thread stops)."""
    try:
        app.run(on_frame=on_frame)
    finally:
        app.close()


def default_size() -> tuple[int, int]:
    return (800, 480)
