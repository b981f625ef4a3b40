"""The tower's line protocol: frames round-trip, checksums and fields are checked, noise is skipped."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge.protocol import (
    MAX_LINE,
    Ack,
    AckStatus,
    Cancel,
    Heartbeat,
    Hello,
    LineSplitter,
    ProtocolError,
    Request,
    RollFrame,
    TowerError,
    checksum,
    decode,
    encode,
)


def test_the_checksum_is_the_xor_of_the_body_as_in_nmea() -> None:
    # The NMEA 0183 reference sentence $GPGLL,5057.970,N,00146.110,E,142451,A*27
    assert checksum(b"GPGLL,5057.970,N,00146.110,E,142451,A") == 0x27


def test_a_roll_frame_on_the_wire() -> None:
    wire = encode(RollFrame("1A2B3C4D", 7, "d6", (6, 4, 1)))
    assert wire.startswith(b"$DTROL,1A2B3C4D,7,d6,6,4,1*") and wire.endswith(b"\r\n")
    assert decode(wire.rstrip(b"\r\n")) == RollFrame("1A2B3C4D", 7, "d6", (6, 4, 1))


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
)


@given(frames)
def test_every_frame_round_trips(frame: object) -> None:
    assert decode(encode(frame).rstrip(b"\r\n")) == frame  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"DTROL,1,1,d6,6*00", "not a $...*HH frame"),
        (b"$DTROL,1A,1,d6,6*00", "does not match"),
        (b"$DTROL,1A,1,d6,6*ZZ", "not hex"),
        (encode(RollFrame("1A", 1, "d6", (6,))).rstrip(b"\r\n").replace(b"*", b"*0"), "not a $...*HH frame"),
        (b"$" + b"A" * (MAX_LINE + 1), "longer than"),
    ],
)
def test_bad_lines_are_refused_with_the_reason(line: bytes, problem: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(problem)):
        decode(line)


def body(text: str) -> bytes:
    data = text.encode()
    return b"$" + data + b"*" + f"{checksum(data):02X}".encode()


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
