"""A simulated dice tower on a pseudo-terminal: the demo's tower and the tests' real peer.

It behaves like the firmware: a hello at power-up, a heartbeat every second, a roll on request
(``DTREQ``) or on demand, and the last roll repeated until it is acknowledged.  It can misbehave
on purpose: random noise between frames, dropped or duplicated frames, and being unplugged and
plugged back (the pty is closed and a new one opened behind the same stable symlink, as udev's
``/dev/serial/by-id`` name survives a real replug).  ``protocol=1`` makes it an old tower: it
frames with protocol 1's XOR check and hears only protocol 1 frames, as a tower that was never
updated would (the companion must tell its owner to update it).  ``reboots=True`` makes it a tower
powered over the cable, as a Raspberry Pi Pico on USB is: an unplug is a reboot, and it comes back
with a new boot id, its request and any unacknowledged roll forgotten.

The boot id comes from the operating system's randomness (:func:`new_boot_id`), never from
``seed``: a simulator restarted with the same seed is a new tower, whose rolls ``tower:<boot>:1``
must not be taken for the old one's (they would be acknowledged ``DUP`` and dropped).  ``seed``
seeds only the dice and the faults.
"""

from __future__ import annotations

import contextlib
import os
import pty
import random
import secrets
import select
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path

from firmware_bridge.protocol import (
    PROTOCOL_VERSION,
    Ack,
    AckStatus,
    Cancel,
    Frame,
    Heartbeat,
    Hello,
    LineSplitter,
    ProtocolError,
    Query,
    Request,
    RollFrame,
    decode_version,
    encode,
)

FIRMWARE = "sim-2.0"  # "sim-1.0" when it speaks protocol 1
HEARTBEAT_EVERY = 1.0  # seconds
REPEAT_EVERY = 0.5  # seconds before an unacknowledged roll is sent again


@dataclass
class Faults:
    """Misbehaviour, each a chance per frame sent (0 to 1)."""

    noise: float = 0.0
    drop: float = 0.0
    duplicate: float = 0.0


def new_boot_id() -> str:
    """Eight upper-case hex digits from the OS's randomness (``os.urandom``): a new one at every
    power-up, whatever seeds the dice, as the reference firmware takes its own from the Pico's
    hardware random bit (docs/tower-protocol.md)."""
    return secrets.token_hex(4).upper()


class LinkInUse(ValueError):
    """The ``--link`` path is taken by something the simulator did not make."""


def check_link(link: Path) -> None:
    """Refuse a link path that is a file, a folder, or a symlink to anything but a pseudo-terminal
    (what an earlier simulator left): the simulator replaces only its own links.

    :raises LinkInUse: saying what is there and what to do.
    """
    if link.is_symlink():
        target = os.readlink(link)
        if not target.startswith("/dev/pts/"):
            raise LinkInUse(f"{link} is a link to {target}, not a simulated tower's; choose another --link path.")
    elif link.exists():
        kind = "folder" if link.is_dir() else "file"
        raise LinkInUse(f"{link} is an existing {kind}, which the simulator will not replace; choose another --link path.")
    elif not link.parent.is_dir():
        raise LinkInUse(f"{link.parent} is not a folder; choose a --link path in an existing folder.")


class SimTower:
    """Start with :meth:`start`; ``path`` is the device to open (the stable link if given)."""

    def __init__(
        self,
        *,
        seed: int = 0,
        link: Path | None = None,
        auto_roll: bool = True,
        faults: Faults | None = None,
        protocol: int = PROTOCOL_VERSION,
        reboots: bool = False,
    ) -> None:
        self.protocol = protocol
        self.firmware = FIRMWARE if protocol == PROTOCOL_VERSION else f"sim-{protocol}.0"
        # The dice and the faults each from their own generator: a frame sent again (until it is
        # acknowledged, a number the machine's timing decides) draws for its faults, and from a
        # shared generator it changed every later die, so a seeded demo differed run to run.
        self._dice = random.Random(seed)
        self._faults = random.Random(f"{seed}:faults")
        self.boot = new_boot_id()
        self.reboots = reboots
        self.link = link
        self.auto_roll = auto_roll
        self.faults = faults or Faults()
        self.sequence = 0
        self.unacked: RollFrame | None = None
        self.request: Request | None = None
        self.acks: list[Ack] = []
        self.acked = threading.Event()
        self._master = -1
        self._slave = -1
        self.device = ""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def path(self) -> str:
        return str(self.link) if self.link else self.device

    # -- life ---------------------------------------------------------------------------------

    def start(self) -> SimTower:
        """Plug in and start answering.

        :raises LinkInUse: when ``link`` names something other than a simulator's old link.
        """
        if self.link is not None:
            check_link(self.link)
        self.plug()
        self._thread = threading.Thread(target=self._run, name="sim-tower", daemon=True)
        self._thread.start()
        return self

    def plug(self) -> None:
        """Open a new pseudo-terminal (a new device node) and send the hello."""
        master, slave = pty.openpty()
        tty.setraw(slave)
        with self._lock:
            self._master, self._slave = master, slave
            self.device = os.ttyname(slave)
        if self.link is not None:
            tmp = self.link.with_name(f".{self.link.name}.{os.getpid()}.sim")  # a name of our own, renamed over the link
            if tmp.is_symlink():
                tmp.unlink()
            tmp.symlink_to(self.device)
            tmp.replace(self.link)
        self.hello()

    def hello(self) -> None:
        self._send(Hello(self.protocol, self.firmware, self.boot, ("d6", "deg")))

    def unplug(self) -> None:
        """Pull the cable: both ends close, the reader sees an I/O error.  A tower that ``reboots``
        loses its power too: it forgets the request and any unacknowledged roll, and its next
        power-up is a new boot (a new id, sequence numbers from 1 again)."""
        with self._lock:
            master, slave = self._master, self._slave
            self._master = self._slave = -1
            if self.reboots:
                self.boot = new_boot_id()
                self.sequence = 0
                self.request = None
                self.unacked = None
        for fd in (master, slave):
            if fd >= 0:
                os.close(fd)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        self.unplug()
        if self.link is not None and self.link.is_symlink() and os.readlink(self.link) == self.device:
            self.link.unlink()  # ours; whatever replaced it since is left alone

    def __enter__(self) -> SimTower:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- rolling ------------------------------------------------------------------------------

    def roll(self, values: tuple[int, ...] | None = None, die: str = "d6", count: int = 1) -> RollFrame:
        """Settle a roll (random values unless given) and send it until acknowledged."""
        if values is None:
            values = tuple(self._dice.randint(1, 6) for _ in range(count))
        with self._lock:
            self.sequence += 1
            frame = RollFrame(self.boot, self.sequence, die, values)
            self.unacked = frame
            self.acked.clear()
        self._send(frame)
        return frame

    def write_raw(self, data: bytes) -> None:
        """Put arbitrary bytes on the line (noise for the tests)."""
        with self._lock:
            master = self._master
        if master >= 0:
            os.write(master, data)

    # -- the loop -------------------------------------------------------------------------------

    def _run(self) -> None:
        splitter = LineSplitter()
        beat = repeat = time.monotonic()
        while not self._stop.is_set():
            with self._lock:
                master = self._master
            if master < 0:
                self._stop.wait(0.02)  # unplugged: wait to be plugged back
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.05)
                data = os.read(master, 4096) if ready else b""
            except OSError:
                data = b""
            for line in splitter.feed(data):
                self._answer(line)
            now = time.monotonic()
            if now - beat >= HEARTBEAT_EVERY:
                beat = now
                self._send(Heartbeat(self.sequence))
            if self.unacked is not None and now - repeat >= REPEAT_EVERY:
                repeat = now
                self._send(self.unacked)

    def _answer(self, line: bytes) -> None:
        try:
            frame = decode_version(line, self.protocol)
        except ProtocolError:
            return
        if isinstance(frame, Ack):
            with self._lock:
                self.acks.append(frame)
                if self.unacked is not None and frame.sequence == self.unacked.sequence:
                    self.unacked = None
                    self.acked.set()
        elif isinstance(frame, Request):
            if self.unacked is not None and frame == self.request:
                return  # asked again (the link reopened) for the roll already sent: not thrown twice
            self.request = frame
            if self.auto_roll:
                self.roll(die=frame.die, count=frame.count)
        elif isinstance(frame, Cancel):
            self.request = None
        elif isinstance(frame, Query):
            self.hello()

    def _send(self, frame: Frame) -> None:
        faults = self.faults
        if self._faults.random() < faults.drop:
            return
        data = encode(frame, self.protocol)
        if self._faults.random() < faults.noise:
            data = bytes(self._faults.getrandbits(8) for _ in range(self._faults.randint(1, 40))) + b"\r\n" + data
        if self._faults.random() < faults.duplicate:
            data += data
        with contextlib.suppress(OSError):
            self.write_raw(data)


def acknowledged(tower: SimTower, status: AckStatus | None = None) -> list[Ack]:
    return [a for a in tower.acks if status is None or a.status is status]
