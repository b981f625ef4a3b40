"""The dice tower's line protocol, version 2 (docs/tower-protocol.md).

NMEA-style frames: ``$`` + comma-separated fields + ``*`` + four upper-case hex digits of the
CRC-16/CCITT-FALSE of every byte between ``$`` and ``*`` + CR LF.  Version 1 ended in two hex
digits of the bytes' XOR instead, which let 0.2-0.3% of frames with 1-3 flipped bits through
as other, valid rolls; a version 1 frame is still recognised (by its two check digits), so an old
tower can be told it needs new firmware, but it is never taken as a roll.  The first field
names the frame:

Tower to companion: ``DTHEL`` hello (protocol, firmware, boot id, capabilities), ``DTROL`` a
roll (boot id, sequence number, die, values), ``DTHBT`` heartbeat (last roll sequence),
``DTERR`` error.
Companion to tower: ``DTQRY`` the companion's protocol, asking for the tower's hello (sent when
the port opens: the tower's power-up hello is usually gone by then), ``DTACK`` acknowledge a roll
(sequence, status), ``DTREQ`` ask for a roll (count, die), ``DTCAN`` cancel the request.

This module only turns bytes into frames and back; it knows nothing of the game.  Every frame
from the tower is untrusted: lines are bounded, checksummed and their fields checked.  Framing
(:func:`frame_bytes`, :func:`unframe`: the ``$``, the check, the version) stays apart from
meaning (:func:`_fields`, :func:`_parse`: which sentence, which fields).
"""

from __future__ import annotations

import binascii
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

PROTOCOL_VERSION = 2  # what this companion speaks, and the only version whose rolls it takes
CHECK_DIGITS = {1: 2, 2: 4}  # protocol version -> hex digits of its check after the ``*``
HEX_DIGITS = frozenset(b"0123456789ABCDEF")  # upper case only: one spelling per check value
FIRMWARE_HELP = "copy firmware_bridge/firmware/dtproto.py and main.py to the tower (docs/tower-protocol.md)"
MAX_LINE = 120  # bytes, without CR LF; a longer line is dropped whole
MAX_DICE = 30
MAX_SEQUENCE = 65_535
TALKER = "DT"
DIE_FACES = {"d6": 6, "deg": 6}  # die kinds and their face counts


class ProtocolError(ValueError):
    """A line is not a valid frame; the message says why (it is counted, never applied)."""


class OutdatedTower(ProtocolError):
    """A well-formed frame of an older protocol: the tower needs new firmware.  ``fields`` are
    the frame's fields (its hello names the firmware), for the message only: never applied."""

    def __init__(self, version: int, fields: list[str]) -> None:
        self.version = version
        self.fields = fields
        firmware = f" ({fields[2]})" if len(fields) > 2 and fields[0] == TALKER + "HEL" else ""
        super().__init__(
            f"The tower's firmware{firmware} speaks protocol {version}; this companion needs protocol "
            f"{PROTOCOL_VERSION} (a CRC on every frame), so its rolls are refused. Update the tower: {FIRMWARE_HELP}."
        )


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


@dataclass(frozen=True)
class Query:
    """The companion's side of the hello: the protocol it speaks; the tower answers with its hello."""

    protocol: int = PROTOCOL_VERSION


Frame = Hello | RollFrame | Heartbeat | TowerError | Ack | Request | Cancel | Query


def crc16(body: bytes) -> int:
    """CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR;
    ``crc16(b"123456789") == 0x29B1``).  It catches every error of 1-3 bits in a frame (its
    Hamming distance is 4 up to 32,751 bits) and every burst of up to 16 bits."""
    return binascii.crc_hqx(body, 0xFFFF)


def xor8(body: bytes) -> int:
    """Protocol 1's check: the XOR of the bytes (NMEA 0183's rule).  Kept to recognise an old
    tower, and for the fuzz that shows why it was replaced."""
    value = 0
    for byte in body:
        value ^= byte
    return value


def check(body: bytes, version: int) -> int:
    """The check value of ``body`` under protocol ``version`` (1 or 2)."""
    return crc16(body) if version >= 2 else xor8(body)


def frame_bytes(fields: list[str], version: int = PROTOCOL_VERSION) -> bytes:
    """Frame ``fields`` for the wire: ``$``, the fields, ``*``, the check in hex, CR LF."""
    body = ",".join(fields).encode("ascii")
    digits = CHECK_DIGITS[version]
    return b"$" + body + b"*" + f"{check(body, version):0{digits}X}".encode("ascii") + b"\r\n"


def encode(frame: Frame, version: int = PROTOCOL_VERSION) -> bytes:
    """The wire bytes of ``frame``, CR LF included (``version`` 1 only for the simulated old tower)."""
    return frame_bytes(_fields(frame), version)


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
        case Query(protocol):
            return [TALKER + "QRY", str(protocol)]
    raise TypeError(f"not a frame: {frame!r}")


def unframe(line: bytes) -> tuple[int, list[str]]:
    """The protocol version and the fields of one line (without CR LF): the framing alone.

    The version is told by the check's width: four hex digits for 2, two for 1.
    :raises ProtocolError: for an over-long line, a bad start, a bad or wrong check, or a body
        that is not printable ASCII or holds a ``*``.
    """
    if len(line) > MAX_LINE:
        raise ProtocolError(f"line of {len(line)} bytes is longer than {MAX_LINE}")
    star = line.rfind(b"*")
    version = next((v for v, digits in CHECK_DIGITS.items() if star == len(line) - 1 - digits), 0)
    if not line.startswith(b"$") or star < 1 or not version:
        raise ProtocolError("not a $...*HHHH frame")
    body, given = line[1:star], line[star + 1 :]
    if not set(given) <= HEX_DIGITS:
        raise ProtocolError(f"check {given!r} is not upper-case hex")
    if check(body, version) != int(given, 16):
        digits = CHECK_DIGITS[version]
        raise ProtocolError(f"check {given.decode()} does not match the body ({check(body, version):0{digits}X})")
    if not all(32 <= byte < 127 for byte in body) or b"*" in body:
        raise ProtocolError("the body is not printable ASCII without '*'")
    return version, body.decode("ascii").split(",")


def decode(line: bytes) -> Frame:
    """Decode one line (without CR LF) of the current protocol.

    :raises OutdatedTower: for a well-formed frame of protocol 1 (its message says what to do).
    :raises ProtocolError: for a bad start, check, sentence or field.
    """
    version, fields = unframe(line)
    if version != PROTOCOL_VERSION:
        raise OutdatedTower(version, fields)
    return _parse(fields)


def decode_version(line: bytes, version: int) -> Frame:
    """Decode a line framed under protocol ``version`` only (the simulated old tower, the fuzz).

    :raises ProtocolError: when it is not such a frame, or a bad sentence or field.
    """
    found, fields = unframe(line)
    if found != version:
        raise ProtocolError(f"a protocol {found} frame, not {version}")
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
    TALKER + "QRY": lambda a: Query(_number(_fixed(1, a)[0], 1, 99, "protocol")),
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
