"""The tower bridge: the dice tower's own service when the journal is shared on Redis.

It holds the serial port and applies the tower's rolls to whichever game was played last,
through the same table rules as the screen (exactly once, acknowledged after the journal).  The
screen (``companion run``) follows the journal's change notices, so restarting either process
loses no roll: an unacknowledged roll is repeated by the tower until the bridge records it.

Stopping is bounded by design.  The table runs on its own thread
(:class:`companion.table.TableThread`); the main thread only waits for a stop and keeps the
systemd watchdog fed while the table's thread answers.  SIGTERM and SIGINT reach it through a
pipe (``signal.set_wakeup_fd``: the handler itself does nothing, so no lock is ever taken inside
a signal handler), so it wakes at once, even while the table's thread is blocked in a call to a
Redis that stopped answering (5 s a call: the bridge once went on for seconds after SIGTERM, its
main thread in such a call).  Then every join has a timeout, and a last backstop ends the process
:data:`STOP_WITHIN` seconds after the signal whatever still runs.  Nothing is lost by ending
there: a journal append is one atomic Redis call, and the tower repeats every roll not yet
acknowledged.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from types import FrameType, TracebackType
from typing import Any

from companion.appliance import Appliance
from companion.config import Config
from companion.sdnotify import Notifier
from companion.session import GameSession
from companion.store import JournalError
from companion.store.redis import RedisJournal
from companion.table import Table, TableThread

STEP = 0.5  # seconds the main thread waits for a stop between looks at the watchdog
TABLE_JOIN = 0.8  # seconds the table's thread gets to finish the input in hand once stopped
STOP_WITHIN = 1.8  # seconds from the stop signal to the end of the process, whatever is stuck
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class BridgeError(RuntimeError):
    """The bridge cannot run as configured; the message says what to set."""


def run_bridge(journal: object, config: Config, stop: threading.Event | None = None) -> None:
    """Serve the tower until SIGTERM or SIGINT (on the main thread), or until ``stop`` is set.

    :raises BridgeError: without a Redis journal, a tower URL, or a game to follow.
    """
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
    notifier = Notifier()
    with StopSignals(stop or threading.Event()) as signals:
        try:
            with contextlib.ExitStack() as stack:
                house = Appliance(session, stack, follow_latest=True)  # the same house, with the tower only
                house.follow(journal)
                house.tower(url, int(config.tower.get("baudrate", 115_200)))
                table = TableThread(house.table).start()
                stack.callback(table.stop, TABLE_JOIN)  # first out: then the tower's link, then the follower
                notifier.ready(f"bridging {url} to {session.name}")
                serve(house.table, signals, notifier)
                signals.backstop()
        finally:
            notifier.stopping()
            print("companion bridge: stopped", file=sys.stderr, flush=True)


def serve(table: Table[GameSession], signals: StopSignals, notifier: Notifier) -> None:
    """Wait for the stop; meanwhile feed the systemd watchdog, but only while the table's thread
    answers: each ping posts a call the table runs, and the next ping waits for it (a table stuck
    on an input lets the watchdog restart the service, as the old single loop did)."""
    answered = threading.Event()
    answered.set()
    while not signals.wait(STEP):
        if notifier.watchdog_interval and answered.is_set() and notifier.ping():
            answered.clear()
            table.post_call(answered.set)


def _noted(signum: int, frame: FrameType | None) -> None:
    """The Python-level handler: nothing (the wake-up pipe carries the signal to the loop)."""


class StopSignals:
    """The stop: ``stop`` (an Event, for callers on other threads) and, on the main thread,
    SIGTERM and SIGINT, whose numbers the interpreter writes to a pipe the loop selects on.
    A context manager: the old handlers and wake-up fd are put back on exit."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self._read = self._write = -1
        self._old_fd = -1
        self._old: dict[int, Any] = {}
        self.signalled_at = 0.0  # monotonic seconds of the first stop signal (0: none)

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is not threading.main_thread():
            return self  # only the main thread may take signals: the caller sets ``stop``
        self._read, self._write = os.pipe()
        for fd in (self._read, self._write):
            os.set_blocking(fd, False)
        self._old_fd = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        self._old = {number: signal.signal(number, _noted) for number in STOP_SIGNALS}
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._read < 0:
            return
        signal.set_wakeup_fd(self._old_fd)
        for number, old in self._old.items():
            signal.signal(number, old)
        for fd in (self._read, self._write):
            os.close(fd)
        self._read = self._write = -1

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the stop; whether it came."""
        if self._read < 0:
            return self.stop.wait(timeout)
        if not self.stop.is_set() and select.select([self._read], [], [], timeout)[0]:
            with contextlib.suppress(BlockingIOError):
                if any(byte in STOP_SIGNALS for byte in os.read(self._read, 512)):
                    self.signalled_at = self.signalled_at or time.monotonic()
                    self.stop.set()
        return self.stop.is_set()

    def backstop(self) -> None:
        """After a stop signal: end the process :data:`STOP_WITHIN` seconds after it, whatever
        is still running (a join that timed out leaves its thread blocked, say in a call to a
        Redis that stopped answering)."""
        if not self.signalled_at:
            return
        left = max(0.0, self.signalled_at + STOP_WITHIN - time.monotonic())
        threading.Thread(target=_end_after, args=(left,), name="bridge-backstop", daemon=True).start()


def _end_after(seconds: float) -> None:
    time.sleep(seconds)  # a deadline, not a wait for something: the process ends here at the latest
    print(
        f"companion bridge: stopped {STOP_WITHIN:.1f} s after the signal with a call still running "
        "(Redis or the tower not answering); nothing is lost: the tower repeats every roll not acknowledged.",
        file=sys.stderr,
        flush=True,
    )
    os._exit(0)
