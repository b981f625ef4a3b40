"""The tower's line protocol: frames round-trip, checks and fields are checked, noise is skipped,
and an old tower's protocol 1 frames are recognised and refused with what to do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    Ack,
    AckStatus,
    Cancel,
    Heartbeat,
    Hello,
    LineSplitter,
    OutdatedTower,
    ProtocolError,
    Query,
    Request,
    RollFrame,
    TowerError,
    crc16,
    decode,
    decode_version,
    encode,
    xor8,
)


def test_the_check_is_crc16_ccitt_false() -> None:
    # The catalogue's check value for CRC-16/CCITT-FALSE (reveng.sourceforge.io): "123456789".
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


def test_protocol_1s_check_was_the_xor_of_the_body_as_in_nmea() -> None:
    # The NMEA 0183 reference sentence $GPGLL,5057.970,N,00146.110,E,142451,A*27
    assert xor8(b"GPGLL,5057.970,N,00146.110,E,142451,A") == 0x27


def test_a_roll_frame_on_the_wire() -> None:
    wire = encode(RollFrame("1A2B3C4D", 7, "d6", (6, 4, 1)))
    assert wire == b"$DTROL,1A2B3C4D,7,d6,6,4,1*" + f"{crc16(b'DTROL,1A2B3C4D,7,d6,6,4,1'):04X}".encode() + b"\r\n"
    assert decode(wire.rstrip(b"\r\n")) == RollFrame("1A2B3C4D", 7, "d6", (6, 4, 1))
    assert PROTOCOL_VERSION == 2


frames = st.one_of(
    st.builds(
        RollFrame,
        st.text("0123456789ABCDEF", min_size=1, max_size=16),
        st.integers(1, 65535),
        st.just("d6"),
        st.lists(st.integers(1, 6), min_size=1, max_size=30).map(tuple),
    ),
    st.builds(Hello, st.integers(1, 99), st.text("abc.-0123", min_size=1, max_size=8), st.just("00FF"), st.just(("d6", "deg"))),
    st.builds(Heartbeat, st.integers(0, 65535)),
    st.builds(TowerError, st.sampled_from(["JAM", "TILT"]), st.text("abc de", max_size=20)),
    st.builds(Ack, st.integers(1, 65535), st.sampled_from(list(AckStatus))),
    st.builds(Request, st.integers(1, 30), st.sampled_from(["d6", "deg"])),
    st.just(Cancel()),
    st.builds(Query, st.integers(1, 99)),
)


@given(frames)
def test_every_frame_round_trips(frame: object) -> None:
    assert decode(encode(frame).rstrip(b"\r\n")) == frame  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"DTROL,1,1,d6,6*0000", "not a $...*HHHH frame"),
        (b"$DTROL,1A,1,d6,6*0000", "does not match"),
        (b"$DTROL,1A,1,d6,6*ZZZZ", "not upper-case hex"),
        (encode(RollFrame("1A", 1, "d6", (6,))).rstrip(b"\r\n").replace(b"*", b"*0"), "not a $...*HHHH frame"),
        (encode(RollFrame("1A", 1, "d6", (6,))).rstrip(b"\r\n")[:-1], "not a $...*HHHH frame"),
        (b"$" + b"A" * (MAX_LINE + 1), "longer than"),
    ],
)
def test_bad_lines_are_refused_with_the_reason(line: bytes, problem: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(problem)):
        decode(line)


def body(text: str) -> bytes:
    data = text.encode()
    return b"$" + data + b"*" + f"{crc16(data):04X}".encode()


def test_a_check_in_lower_case_is_refused_so_a_flipped_case_bit_is_caught() -> None:
    line = body("DTHBT,3")
    assert decode(line) == Heartbeat(3)
    lower = line[:-4] + line[-4:].lower()
    if lower != line:
        with pytest.raises(ProtocolError, match="upper-case hex"):
            decode(lower)
    with pytest.raises(ProtocolError, match="upper-case hex"):
        decode(b"$DTHBT,3*beef")


def test_a_body_with_a_star_or_a_control_byte_is_refused_even_with_a_good_check() -> None:
    for text in ("DTERR,JAM,a*b", "DTERR,JAM,a\x07b"):
        with pytest.raises(ProtocolError, match="printable ASCII"):
            decode(body(text))


def test_an_old_towers_frame_is_recognised_and_refused_with_what_to_do() -> None:
    old_roll = encode(RollFrame("1A2B", 3, "d6", (6, 6)), version=1).rstrip(b"\r\n")
    assert old_roll.endswith(b"*" + f"{xor8(old_roll[1:-3]):02X}".encode())  # protocol 1 on the wire
    with pytest.raises(OutdatedTower, match="speaks protocol 1; this companion needs protocol 2") as refused:
        decode(old_roll)
    assert refused.value.version == 1 and "firmware_bridge/firmware" in str(refused.value)
    old_hello = encode(Hello(1, "pico-1.0", "AB", ("d6",)), version=1).rstrip(b"\r\n")
    with pytest.raises(OutdatedTower, match=re.escape("firmware (pico-1.0) speaks protocol 1")):
        decode(old_hello)
    # Only a well-formed old frame says so: a damaged one is an ordinary bad frame.
    with pytest.raises(ProtocolError, match="does not match") as damaged:
        decode(old_roll[:-1] + (b"0" if old_roll[-1:] != b"0" else b"1"))
    assert not isinstance(damaged.value, OutdatedTower)


def test_an_old_tower_still_reads_its_own_frames_and_only_those() -> None:
    old = encode(RollFrame("1A2B", 3, "d6", (6, 6)), version=1).rstrip(b"\r\n")
    assert decode_version(old, 1) == RollFrame("1A2B", 3, "d6", (6, 6))
    with pytest.raises(ProtocolError, match="a protocol 2 frame, not 1"):
        decode_version(encode(Heartbeat(1)).rstrip(b"\r\n"), 1)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("DTXYZ,1", "unknown sentence"),
        ("DTROL,1A,0,d6,6", "sequence 0 is outside"),
        ("DTROL,1A,1,d6,7", "value 7 is outside"),
        ("DTROL,1A,1,d20,7", "unknown die"),
        ("DTROL,1A,1,d6", "0 dice"),
        ("DTROL,xyz,1,d6,6", "boot id"),
        ("DTACK,1,MAYBE", "MAYBE"),
        ("DTCAN,1", "0 field"),
    ],
)
def test_well_checksummed_but_wrong_fields_are_refused(text: str, problem: str) -> None:
    with pytest.raises(ProtocolError, match=problem):
        decode(body(text))


def test_the_splitter_skips_noise_before_a_frame_and_drops_overlong_lines() -> None:
    splitter = LineSplitter()
    frame = encode(Heartbeat(3))
    lines = splitter.feed(b"\x00\xffgarbage" + frame[:10])
    assert lines == []
    lines = splitter.feed(frame[10:] + b"x" * (MAX_LINE * 3) + b"\r\n" + frame)
    assert [decode(line) for line in lines] == [Heartbeat(3), Heartbeat(3)]
    assert splitter.dropped == 1


def test_the_documents_example_frame_is_a_valid_version_2_roll() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "tower-protocol.md").read_text()
    example = re.search(r"Example: `(\$DTROL[^`]+)`", doc)
    assert example is not None
    assert decode(example.group(1).encode()) == RollFrame("1A2B3C4D", 7, "d6", (6, 4, 1))
