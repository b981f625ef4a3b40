"""The reference MicroPython firmware's protocol and tower logic, run on CPython against the
companion's own protocol code (the file itself avoids what MicroPython lacks)."""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge.protocol import (
    PROTOCOL_VERSION,
    Ack,
    AckStatus,
    Cancel,
    Heartbeat,
    Hello,
    Query,
    Request,
    RollFrame,
    crc16,
    decode,
    encode,
)

FIRMWARE = Path(__file__).parents[2] / "firmware_bridge" / "firmware"


@functools.cache  # the module keeps no state between towers: load it once
def dtproto() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dtproto", FIRMWARE / "dtproto.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_firmware_uses_nothing_micropython_lacks() -> None:
    for name in ("dtproto.py", "main.py"):
        tree = ast.parse((FIRMWARE / name).read_text())
        imports = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imports |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert imports <= {"os", "select", "sys", "time", "machine", "urandom", "dtproto"}, imports


def test_the_boot_id_comes_from_the_hardware_random_source_not_the_dice_generator() -> None:
    """main.py gives the tower ``boot_id(os.urandom(4))`` (the RP2040's ring-oscillator bit on a
    Pico), never ``urandom``'s generator, which an older MicroPython seeds with a constant."""
    tree = ast.parse((FIRMWARE / "main.py").read_text())
    made = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Tower"]
    assert len(made) == 1 and ast.unparse(made[0].args[0]) == "boot_id(os.urandom(4))", ast.unparse(made[0])
    assert dtproto().boot_id(bytes([0x00, 0x9F, 0xA0, 0xFF])) == "009FA0FF"
    tower, host = make_tower()
    tower.boot = dtproto().boot_id(bytes(range(250, 254)))
    tower.roll(1, "d6")
    assert host.frames()[-1] == RollFrame("FAFBFCFD", 1, "d6", (6,))


class Host:
    def __init__(self) -> None:
        self.lines: list[bytes] = []

    def __call__(self, data: bytes) -> None:
        self.lines.append(data)

    def frames(self) -> list[object]:
        return [decode(line.rstrip(b"\r\n")) for line in self.lines]


def make_tower(values: list[int] | None = None):
    host = Host()
    tower = dtproto().Tower("C0FFEE01", host, lambda count: (values or [6] * count)[:count])
    return tower, host


def test_hello_heartbeat_and_roll_decode_with_the_companions_protocol() -> None:
    tower, host = make_tower([3, 5])
    tower.hello()
    tower.heartbeat()
    tower.receive(encode(Request(2, "d6")))
    tower.roll()
    assert host.frames() == [
        Hello(PROTOCOL_VERSION, "pico-2.0", "C0FFEE01", ("d6", "deg")),
        Heartbeat(0),
        RollFrame("C0FFEE01", 1, "d6", (3, 5)),
    ]


def test_the_hosts_query_brings_the_hello_again() -> None:
    tower, host = make_tower()
    tower.receive(encode(Query()))
    assert host.frames() == [Hello(PROTOCOL_VERSION, "pico-2.0", "C0FFEE01", ("d6", "deg"))]


def test_an_unacknowledged_roll_repeats_and_the_ack_stops_it() -> None:
    tower, host = make_tower()
    tower.roll()
    tower.repeat()
    assert host.frames()[-1] == host.frames()[-2]
    tower.receive(encode(Ack(1, AckStatus.OK)).rstrip(b"\r\n"))
    count = len(host.lines)
    tower.repeat()
    assert len(host.lines) == count


def test_the_request_asked_again_for_the_roll_in_flight_keeps_the_light_out() -> None:
    """The companion asks again whenever the link reopens; a roll already sent for that request
    (not yet acknowledged) answers it: the light stays out, and a new request lights it."""
    tower, _ = make_tower()
    tower.receive(encode(Request(2, "d6")))
    tower.roll()
    assert tower.requested is None
    tower.receive(encode(Request(2, "d6")))  # asked again after a replug, roll 1 still unanswered
    assert tower.requested is None
    tower.receive(encode(Request(1, "d6")))  # the roll was applied; its answer was lost: a new roll
    assert tower.requested == (1, "d6")
    tower.roll()
    tower.receive(encode(Ack(2, AckStatus.OK)))
    tower.receive(encode(Request(1, "d6")))  # the next roll wants the same dice: lit again
    assert tower.requested == (1, "d6")


def test_cancel_puts_the_request_out_and_noise_is_ignored() -> None:
    tower, _ = make_tower()
    tower.receive(encode(Request(3, "deg")))
    assert tower.requested == (3, "deg")
    tower.receive(b"$DTCAN*0000\r\n")  # bad check: ignored
    assert tower.requested == (3, "deg")
    tower.receive(encode(Cancel(), version=1))  # protocol 1 framing: not this firmware's
    assert tower.requested == (3, "deg")
    good = encode(Cancel())
    tower.receive(good[:-6] + good[-6:].lower())  # a check in lower case: one spelling only
    assert tower.requested == (3, "deg")
    tower.receive(encode(Cancel()))
    assert tower.requested is None


@given(st.lists(st.sampled_from(["DTROL", "AB", "1", "d6", "6", "OK"]), min_size=1, max_size=8))
def test_firmware_frames_and_companion_frames_agree_byte_for_byte(fields: list[str]) -> None:
    proto = dtproto()
    wire = proto.frame(*fields)
    assert proto.parse(wire) == fields
    assert wire.startswith(b"$") and wire.endswith(b"\r\n")


@given(st.binary(max_size=120))
def test_its_crc_is_the_companions(data: bytes) -> None:
    assert dtproto().crc16(data) == crc16(data)


def test_its_crc_has_the_catalogue_check_value() -> None:
    assert dtproto().crc16(b"123456789") == 0x29B1


def test_its_frames_match_the_companions_encoder_exactly() -> None:
    proto = dtproto()
    assert proto.frame("DTROL", "AB12", 7, "d6", 6, 4) == encode(RollFrame("AB12", 7, "d6", (6, 4)))
    assert sys.implementation.name == "cpython"  # the same file, on the PC
