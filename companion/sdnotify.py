"""systemd's notify protocol, spoken directly: one datagram to ``$NOTIFY_SOCKET``.

``READY=1`` once the table is up, ``WATCHDOG=1`` from the main loop (never from a side thread,
which would stay alive while the loop hangs) at half of ``$WATCHDOG_USEC``, ``STATUS=...`` for
``systemctl status``, and ``STOPPING=1`` on the way out.  Without ``$NOTIFY_SOCKET`` (not under
systemd) every call does nothing.  A name starting with ``@`` is a Linux abstract socket.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable


class Notifier:
    def __init__(self, environ: dict[str, str] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        env = os.environ if environ is None else environ
        self.address = env.get("NOTIFY_SOCKET", "")
        usec = env.get("WATCHDOG_USEC", "")
        self.watchdog_interval = int(usec) / 1_000_000 / 2 if usec.isdigit() and int(usec) > 0 else 0.0
        self._clock = clock
        self._last_ping = float("-inf")

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, *fields: str) -> bool:
        """Send ``KEY=value`` fields; False when not under systemd or the socket is gone."""
        if not self.address:
            return False
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            try:
                sock.sendto("\n".join(fields).encode(), address)
                return True
            except OSError:
                return False

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def ping(self) -> bool:
        """The main loop is alive: ``WATCHDOG=1``, at most every half watchdog interval."""
        if not self.watchdog_interval:
            return False
        now = self._clock()
        if now - self._last_ping < self.watchdog_interval:
            return False
        self._last_ping = now
        return self.send("WATCHDOG=1")
