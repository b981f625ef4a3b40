"""The tower bridge: the dice tower's own service when the journal is shared on Redis.

It holds the serial port and applies the tower's rolls to whichever game was played last,
through the same table rules as the screen (exactly once, acknowledged after the journal).  The
screen (``companion run``) follows the journal's change notices, so restarting either process
loses no roll: an unacknowledged roll is repeated by the tower until the bridge records it.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading

from companion.appliance import Appliance
from companion.config import Config
from companion.sdnotify import Notifier
from companion.session import GameSession
from companion.store import JournalError
from companion.store.redis import RedisJournal

STEP = 0.5  # seconds the loop waits for an input before pinging the watchdog


class BridgeError(RuntimeError):
    """The bridge cannot run as configured; the message says what to set."""


def run_bridge(journal: object, config: Config, stop: threading.Event | None = None) -> None:
    """Serve the tower until SIGTERM (or ``stop``)."""
    if not isinstance(journal, RedisJournal):
        raise BridgeError(
            "The tower bridge shares the game through Redis: set [journal] location to a redis:// URL. "
            "Without Redis, `companion run` drives the tower itself."
        )
    url = config.tower.get("url", "")
    if not url:
        raise BridgeError("No tower to bridge: set [tower] url (e.g. /dev/dicetower).")
    try:
        session = GameSession.resume(journal)
    except JournalError as exc:
        raise BridgeError(f"{exc} Start a game on the screen first; the bridge follows it.") from None
    stop = stop or threading.Event()
    if threading.current_thread() is threading.main_thread():  # as a service: stop cleanly on SIGTERM
        signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    notifier = Notifier()
    try:
        with contextlib.ExitStack() as stack:
            house = Appliance(session, stack, follow_latest=True)  # the same house, with the tower only
            house.follow(journal)
            house.tower(url, int(config.tower.get("baudrate", 115_200)))
            notifier.ready(f"bridging {url} to {session.name}")
            while not stop.is_set():
                house.table.step(timeout=STEP)
                notifier.ping()
    finally:
        notifier.stopping()
        print("companion bridge: stopped", file=sys.stderr)
