"""The tower protocol's check against flipped bits: how many damaged roll frames pass as rolls.

Each trial makes a random roll frame (a boot id of 8 hex digits, a sequence number 1-65535, a
d6 or the degradation die, 1-12 values), puts it on the wire under the protocol measured, flips
1, 2 or 3 distinct random bits anywhere in its bytes (the ``$``, the check digits and CR LF
included), and reads the result the way the link does (a fresh line splitter, then the decoder;
a line end follows, as the next frame's would).  A line that decodes as a roll other than the
one sent is a false roll: a die the players did not throw.  The same flips are measured on
protocol 1 (the XOR of the bytes) for contrast.

    python -m bench.crc_fuzz                      # 1,000,000 frames on each protocol
    python -m bench.crc_fuzz --frames 50000 --seed 7

The figures go to docs/tower-protocol.md; tests/firmware_bridge/test_fuzz.py runs 50,000
seeded frames on every test run.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from dataclasses import dataclass

from firmware_bridge.protocol import (
    DIE_FACES,
    HEX_DIGITS,
    PROTOCOL_VERSION,
    Frame,
    LineSplitter,
    ProtocolError,
    RollFrame,
    crc16,
    decode,
    decode_version,
    encode,
)


@dataclass(frozen=True)
class FuzzResult:
    """What became of ``frames`` damaged frames under one protocol ``version``."""

    version: int
    frames: int
    refused: int  # no frame came out: the damage was caught
    same_roll: int  # the roll sent came out (a flip in a byte the decoder does not read)
    false_rolls: int  # a different, valid roll came out
    other_frames: int  # a valid frame that is not a roll came out (no die is applied from it)
    seconds: float

    @property
    def false_rate(self) -> float:
        return self.false_rolls / self.frames if self.frames else 0.0


DIES = sorted(DIE_FACES)


def _below(rng: random.Random, n: int) -> int:
    """0 to n-1 (``int(random() * n)``: uniform enough for a fuzz, and ten times randint's speed)."""
    return int(rng.random() * n)


def random_roll(rng: random.Random) -> RollFrame:
    die = DIES[_below(rng, len(DIES))]
    faces = DIE_FACES[die]
    values = tuple(1 + _below(rng, faces) for _ in range(1 + _below(rng, 12)))
    return RollFrame(f"{rng.getrandbits(32):08X}", 1 + _below(rng, 65_535), die, values)


def flip_bits(wire: bytes, count: int, rng: random.Random) -> bytes:
    """``wire`` with ``count`` distinct bits flipped."""
    damaged = bytearray(wire)
    bits: set[int] = set()
    while len(bits) < count:
        bits.add(_below(rng, len(wire) * 8))
    for bit in bits:
        damaged[bit // 8] ^= 1 << (bit % 8)
    return bytes(damaged)


def read_as_the_link_does(data: bytes, version: int) -> list[Frame]:
    """The frames a reader of protocol ``version`` takes from ``data`` (a line end follows)."""
    frames: list[Frame] = []
    for line in LineSplitter().feed(data + b"\n"):
        try:
            frames.append(decode(line) if version == PROTOCOL_VERSION else decode_version(line, version))
        except ProtocolError:
            continue
    return frames


def fuzz(frames: int, version: int = PROTOCOL_VERSION, seed: int = 0) -> FuzzResult:
    """Damage ``frames`` random roll frames of protocol ``version`` with 1-3 flipped bits each."""
    rng = random.Random(seed)
    refused = same = false = other = 0
    started = time.perf_counter()
    for _ in range(frames):
        roll = random_roll(rng)
        read = read_as_the_link_does(flip_bits(encode(roll, version), 1 + _below(rng, 3), rng), version)
        rolls = [f for f in read if isinstance(f, RollFrame)]
        refused += not read
        same += roll in rolls
        false += any(f != roll for f in rolls)
        other += len(read) > len(rolls)
    return FuzzResult(version, frames, refused, same, false, other, time.perf_counter() - started)


@dataclass(frozen=True)
class Exhaustive:
    """Every 1-3 bit flip of ``frames`` roll frames' bodies and check digits, counted by algebra
    instead of sampled: how many pass the CRC, and how many of those decode as another roll."""

    frames: int
    patterns: int  # flip patterns tried, over all frames
    crc_passes: int
    false_rolls: int


def exhaustive(frames: int, seed: int = 0) -> Exhaustive:
    """Try every flip of 1-3 bits within a protocol 2 frame's body and check digits.

    A CRC catches every error of up to 3 bits in what it computes over, but the check travels
    as hex text: a flip that turns one hex letter into another can change 2 or 3 bits of the
    value (``B`` to ``C`` is 1011 to 1100).  So a flip in the check plus one or two in the body
    can, rarely, agree.  This finds those patterns and decodes each.
    """
    rng = random.Random(seed)
    tried = passes = false = 0
    for _ in range(frames):
        roll = random_roll(rng)
        line = encode(roll).rstrip(b"\r\n")
        body, given = line[1:-5], line[-4:]
        checks = {k: _flipped_checks(given, k) for k in (1, 2)}
        body_bits = len(body) * 8
        for flips in (1, 2):
            for bits in itertools.combinations(range(body_bits), flips):
                damaged = bytearray(body)
                for bit in bits:
                    damaged[bit // 8] ^= 1 << (bit % 8)
                crc = crc16(bytes(damaged))
                for check_flips in (1, 2)[: 3 - flips]:
                    tried += len(checks[check_flips])
                    if crc in checks[check_flips]:
                        passes += 1
                        false += _is_other_roll(b"$" + bytes(damaged) + b"*" + f"{crc:04X}".encode(), roll)
    return Exhaustive(frames, tried, passes, false)


def _flipped_checks(given: bytes, flips: int) -> list[int]:
    """The values of ``given`` (hex digits) with ``flips`` bits flipped that are still hex."""
    values = []
    for bits in itertools.combinations(range(len(given) * 8), flips):
        damaged = bytearray(given)
        for bit in bits:
            damaged[bit // 8] ^= 1 << (bit % 8)
        if set(damaged) <= HEX_DIGITS:
            values.append(int(bytes(damaged), 16))
    return values


def _is_other_roll(line: bytes, roll: RollFrame) -> bool:
    try:
        frame = decode(line)
    except ProtocolError:
        return False
    return isinstance(frame, RollFrame) and frame != roll


def report(results: list[FuzzResult]) -> list[str]:
    lines = [
        "| protocol | check | frames (1-3 bits flipped) | refused | false rolls | rate | other frames | same roll |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        name = "CRC-16/CCITT-FALSE" if r.version >= 2 else "XOR of the bytes"
        lines.append(
            f"| {r.version} | {name} | {r.frames:,} | {r.refused:,} | {r.false_rolls:,} | {r.false_rate:.4%} | "
            f"{r.other_frames:,} | {r.same_roll:,} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--exhaustive", type=int, default=100, help="frames whose every 1-3 bit flip is tried")
    args = parser.parse_args(argv)
    results = [fuzz(args.frames, version, args.seed) for version in (PROTOCOL_VERSION, 1)]
    print("\n".join(report(results)))
    print(f"\n(seed {args.seed}; {sum(r.seconds for r in results):.0f} s)")
    every = exhaustive(args.exhaustive, args.seed)
    print(
        f"\nEvery flip of 1-3 bits in the body and check of {every.frames} frames: {every.patterns:,} patterns, "
        f"{every.crc_passes} pass the CRC, {every.false_rolls} decode as another roll."
    )
    return 1 if results[0].false_rolls or every.false_rolls else 0


if __name__ == "__main__":
    raise SystemExit(main())
