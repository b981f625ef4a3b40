"""The dice tower's line protocol, version 1 (docs/tower-protocol.md).

NMEA-style frames: ``$`` + comma-separated fields + ``*`` + two upper-case hex digits of the
XOR of every byte between ``$`` and ``*`` + CR LF.  The first field names the frame:

Tower to companion: ``DTHEL`` hello (protocol, firmware, boot id, capabilities), ``DTROL`` a
roll (boot id, sequence number, die, values), ``DTHBT`` heartbeat (last roll sequence),
``DTERR`` error.
Companion to tower: ``DTACK`` acknowledge a roll (sequence, status), ``DTREQ`` ask for a roll
(count, die), ``DTCAN`` cancel the request.

This module only turns bytes into frames and back; it knows nothing of the game.  Every frame
from the tower is untrusted: lines are bounded, checksummed and their fields checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

PROTOCOL_VERSION = 1
MAX_LINE = 120  # bytes, without CR LF; a longer line is dropped whole
MAX_DICE = 30
MAX_SEQUENCE = 65_535
TALKER = "DT"
DIE_FACES = {"d6": 6, "deg": 6}  # die kinds and their face counts


class ProtocolError(ValueError):
    """A line is not a valid frame; the message says why (it is counted, never applied)."""


class AckStatus(StrEnum):
    OK = "OK"  # applied to the pending prompt
    DUPLICATE = "DUP"  # already applied earlier: do not repeat it
    IGNORED = "IGN"  # not applied: no prompt was waiting for this roll


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: str
    boot: str
    capabilities: tuple[str, ...]


@dataclass(frozen=True)
class RollFrame:
    """A settled roll.  ``boot`` (the tower's random id for this power-up) and ``sequence``
    together name the roll, so a repeat after a lost acknowledgement is recognised."""

    boot: str
    sequence: int
    die: str
    values: tuple[int, ...]

    @property
    def ref(self) -> str:
        return f"tower:{self.boot}:{self.sequence}"


@dataclass(frozen=True)
class Heartbeat:
    last_sequence: int


@dataclass(frozen=True)
class TowerError:
    code: str
    text: str


@dataclass(frozen=True)
class Ack:
    sequence: int
    status: AckStatus


@dataclass(frozen=True)
class Request:
    count: int
    die: str


@dataclass(frozen=True)
class Cancel:
    pass


Frame = Hello | RollFrame | Heartbeat | TowerError | Ack | Request | Cancel


def checksum(body: bytes) -> int:
    value = 0
    for byte in body:
        value ^= byte
    return value


def encode(frame: Frame) -> bytes:
    """The wire bytes of ``frame``, CR LF included."""
    body = ",".join(_fields(frame)).encode("ascii")
    return b"$" + body + b"*" + f"{checksum(body):02X}".encode("ascii") + b"\r\n"


def _fields(frame: Frame) -> list[str]:
    match frame:
        case Hello(protocol, firmware, boot, capabilities):
            return [TALKER + "HEL", str(protocol), firmware, boot, "+".join(capabilities)]
        case RollFrame(boot, sequence, die, values):
            return [TALKER + "ROL", boot, str(sequence), die, *map(str, values)]
        case Heartbeat(last):
            return [TALKER + "HBT", str(last)]
        case TowerError(code, text):
            return [TALKER + "ERR", code, text]
        case Ack(sequence, status):
            return [TALKER + "ACK", str(sequence), status.value]
        case Request(count, die):
            return [TALKER + "REQ", str(count), die]
        case Cancel():
            return [TALKER + "CAN"]
    raise TypeError(f"not a frame: {frame!r}")


def decode(line: bytes) -> Frame:
    """Decode one line (without CR LF).

    :raises ProtocolError: for a bad start, checksum, sentence or field.
    """
    if len(line) > MAX_LINE:
        raise ProtocolError(f"line of {len(line)} bytes is longer than {MAX_LINE}")
    if not line.startswith(b"$") or len(line) < 4 or line[-3:-2] != b"*":
        raise ProtocolError("not a $...*HH frame")
    body, given = line[1:-3], line[-2:]
    try:
        expected = int(given, 16)
    except ValueError:
        raise ProtocolError(f"checksum {given!r} is not hex") from None
    if checksum(body) != expected:
        raise ProtocolError(f"checksum {expected:02X} does not match the body ({checksum(body):02X})")
    try:
        fields = body.decode("ascii").split(",")
    except UnicodeDecodeError:
        raise ProtocolError("the body is not ASCII") from None
    return _parse(fields)


def _parse(fields: list[str]) -> Frame:
    kind, args = fields[0], fields[1:]
    parser = _PARSERS.get(kind)
    if parser is None:
        raise ProtocolError(f"unknown sentence {kind!r}")
    try:
        return parser(args)
    except (ValueError, IndexError) as exc:
        raise ProtocolError(f"{kind}: {exc}") from None


def _number(text: str, low: int, high: int, what: str) -> int:
    if not text.isdigit():
        raise ValueError(f"{what} {text!r} is not a number")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"{what} {value} is outside {low}-{high}")
    return value


def _die(text: str) -> str:
    if text not in DIE_FACES:
        raise ValueError(f"unknown die {text!r}")
    return text


def _roll(args: list[str]) -> RollFrame:
    boot = _boot(args[0])
    sequence = _number(args[1], 1, MAX_SEQUENCE, "sequence")
    die = _die(args[2])
    values = tuple(_number(v, 1, DIE_FACES[die], "value") for v in args[3:])
    if not 1 <= len(values) <= MAX_DICE:
        raise ValueError(f"{len(values)} dice (1-{MAX_DICE} allowed)")
    return RollFrame(boot, sequence, die, values)


def _boot(text: str) -> str:
    if not 1 <= len(text) <= 16 or not all(ch in "0123456789ABCDEF" for ch in text):
        raise ValueError(f"boot id {text!r} is not 1-16 upper-case hex digits")
    return text


def _hello(args: list[str]) -> Hello:
    if len(args) != 4:
        raise ValueError("hello needs protocol, firmware, boot and capabilities")
    return Hello(_number(args[0], 1, 99, "protocol"), args[1], _boot(args[2]), tuple(c for c in args[3].split("+") if c))


def _cancel(args: list[str]) -> Cancel:
    return Cancel()


def _fixed(count: int, args: list[str]) -> list[str]:
    if len(args) != count:
        raise ValueError(f"{count} field(s) expected, not {len(args)}")
    return args


_PARSERS: dict[str, Callable[[list[str]], Frame]] = {
    TALKER + "HEL": _hello,
    TALKER + "ROL": _roll,
    TALKER + "HBT": lambda a: Heartbeat(_number(_fixed(1, a)[0], 0, MAX_SEQUENCE, "sequence")),
    TALKER + "ERR": lambda a: TowerError(*_fixed(2, a)),
    TALKER + "ACK": lambda a: Ack(_number(_fixed(2, a)[0], 1, MAX_SEQUENCE, "sequence"), AckStatus(a[1])),
    TALKER + "REQ": lambda a: Request(_number(_fixed(2, a)[0], 1, MAX_DICE, "count"), _die(a[1])),
    TALKER + "CAN": lambda a: _cancel(_fixed(0, a)),
}


class LineSplitter:
    """Turns a byte stream into bounded lines: splits on LF, drops CR, drops an over-long line
    whole, and keeps only the text from the last ``$`` (noise before a frame is skipped)."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.dropped = 0

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        for chunk in data.split(b"\n")[:-1] if b"\n" in data else []:
            lines.extend(self._end_line(chunk))
        tail = data.rsplit(b"\n", 1)[-1] if b"\n" in data else data
        self._append(tail)
        return lines

    def _end_line(self, chunk: bytes) -> list[bytes]:
        self._append(chunk)
        line, overflow = bytes(self._buffer).rstrip(b"\r"), self._overflow
        self._buffer.clear()
        self._overflow = False
        if overflow:
            self.dropped += 1
            return []
        start = line.rfind(b"$")
        return [line[start:]] if start >= 0 else []

    def _append(self, data: bytes) -> None:
        if self._overflow:
            return
        self._buffer.extend(data)
        if len(self._buffer) > MAX_LINE + 2:
            self._buffer.clear()
            self._overflow = True
