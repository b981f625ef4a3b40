"""The serial link to the dice tower: a reader thread that frames, checks, reconnects.

The port is opened with ``serial.serial_for_url`` (a device path, ``/dev/serial/by-id/...``,
or ``loop://``), so tests and the simulated tower need no special code.  Frames go to
``on_frame`` and link changes to ``on_status``, both called on the reader thread: hand them to
the main loop through a queue (:class:`companion.table.Table` does).  A pulled USB cable shows as
``SerialException`` or ``OSError``; the link closes, waits with a growing back-off (at most
``max_backoff`` seconds) and reopens, so a replugged tower is back within a second.

When the port opens the link sends :class:`Query` (its protocol) and the tower answers with its
hello, whose firmware and protocol the status keeps.  A tower whose firmware speaks an older
protocol (its frames end in protocol 1's two check digits) puts the link in
:attr:`LinkState.OUTDATED`, with a ``last_error`` that says to update the tower's firmware; none
of its frames reaches ``on_frame``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import serial

from firmware_bridge.protocol import Frame, Hello, LineSplitter, OutdatedTower, ProtocolError, Query, decode, encode

log = logging.getLogger(__name__)

BAUDRATE = 115_200
# Seconds a read waits for data on a port that cannot cancel a read (pyserial's socket:// and
# rfc2217://); it bounds how fast close() is noticed there.  Device paths and loop:// block until
# bytes come and close() cancels the read: no wake-ups while the tower is quiet, and none to
# compete with a roll on its way to the LEDs.
READ_TIMEOUT = 0.05
STALE_AFTER = 3.0  # seconds without a frame (the tower beats every second) before "stale"


class LinkState(StrEnum):
    CONNECTING = "connecting"
    LINKED = "linked"
    DISCONNECTED = "disconnected"
    OUTDATED = "firmware too old"  # the port is open, but the tower speaks an older protocol
    CLOSED = "closed"


@dataclass(frozen=True)
class LinkStatus:
    """What the settings screen shows about the tower."""

    state: LinkState
    url: str
    frames: int = 0
    bad_frames: int = 0
    reconnects: int = 0
    last_error: str = ""
    last_frame_at: float = 0.0  # monotonic seconds
    firmware: str = ""  # as the tower's hello names it, once heard
    protocol: int = 0  # the protocol the tower's hello declares (0: no hello heard yet)


class TowerLink:
    """One tower on one port.  ``start()`` launches the reader; ``close()`` stops it (twice is safe)."""

    def __init__(
        self,
        url: str,
        on_frame: Callable[[Frame], None],
        on_status: Callable[[LinkStatus], None] | None = None,
        *,
        baudrate: int = BAUDRATE,
        max_backoff: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self._on_frame = on_frame
        self._on_status = on_status or (lambda status: None)
        self._baudrate = baudrate
        self._max_backoff = max_backoff
        self._clock = clock
        self._stop = threading.Event()
        self._port: Any = None
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.status = LinkStatus(LinkState.CONNECTING, url)

    def start(self) -> TowerLink:
        self._thread = threading.Thread(target=self._run, name="tower-link", daemon=True)
        self._thread.start()
        return self

    def send(self, frame: Frame) -> bool:
        """Write a frame to the tower; False when the link is down (nothing is queued)."""
        with self._write_lock:
            port = self._port
            if port is None:
                return False
            try:
                port.write(encode(frame))
                return True
            except (serial.SerialException, OSError) as exc:
                log.warning("tower write failed: %s", exc)
                return False

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        with self._write_lock:  # the reader checks the stop after it takes a new port
            if self._port is not None and hasattr(self._port, "cancel_read"):
                self._port.cancel_read()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
            if self._thread.is_alive():
                raise RuntimeError(f"the tower reader did not stop within {timeout:.1f} s")
        self._close_port()
        self._set(state=LinkState.CLOSED)

    def __enter__(self) -> TowerLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def stale(self) -> bool:
        """Linked, but no frame (not even a heartbeat) for STALE_AFTER seconds."""
        return self.status.state is LinkState.LINKED and self._clock() - self.status.last_frame_at > STALE_AFTER

    # -- the reader thread ----------------------------------------------------------------------

    def _run(self) -> None:
        backoff = 0.05
        while not self._stop.is_set():
            try:
                self._open()
                backoff = 0.05
                self._read_until_lost()
            except (serial.SerialException, OSError) as exc:
                self._close_port()
                if self._stop.is_set():
                    break
                self._set(state=LinkState.DISCONNECTED, last_error=str(exc), reconnects=self.status.reconnects + 1)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self._max_backoff)

    def _open(self) -> None:
        self._set(state=LinkState.CONNECTING)
        port = serial.serial_for_url(self.url, baudrate=self._baudrate, timeout=READ_TIMEOUT)
        if hasattr(port, "cancel_read"):
            port.timeout = None
        with self._write_lock:
            self._port = port
        self._set(state=LinkState.LINKED, last_frame_at=self._clock())
        self.send(Query())  # the hello: which protocol and firmware the tower has

    def _read_until_lost(self) -> None:
        splitter = LineSplitter()
        while not self._stop.is_set():
            port = self._port
            if port is None:
                return
            data = port.read(max(1, port.in_waiting))
            for line in splitter.feed(data):
                self._handle(line)

    def _handle(self, line: bytes) -> None:
        try:
            frame = decode(line)
        except OutdatedTower as exc:
            if self.status.state is not LinkState.OUTDATED:
                log.warning("%s", exc)
            self._set(
                state=LinkState.OUTDATED, bad_frames=self.status.bad_frames + 1, last_error=str(exc), last_frame_at=self._clock()
            )
            return
        except ProtocolError as exc:
            self._set(bad_frames=self.status.bad_frames + 1, last_error=str(exc))
            return
        self._on_frame(frame)  # first: the table wakes while this thread keeps the count
        if isinstance(frame, Hello):
            self._set(
                state=LinkState.LINKED,
                firmware=frame.firmware,
                protocol=frame.protocol,
                frames=self.status.frames + 1,
                last_frame_at=self._clock(),
            )
        elif self.status.state is LinkState.OUTDATED:  # the tower was updated without a replug
            self._set(state=LinkState.LINKED, last_error="", frames=self.status.frames + 1, last_frame_at=self._clock())
        else:
            self._set(frames=self.status.frames + 1, last_frame_at=self._clock(), notify=False)

    def _close_port(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    def _set(self, notify: bool = True, **changes: Any) -> None:
        self.status = replace(self.status, **changes)
        if notify:
            self._on_status(self.status)
