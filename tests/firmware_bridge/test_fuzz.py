"""Flipped bits never make a roll: 50,000 seeded damaged frames of protocol 2, none taken as
another roll (bench/crc_fuzz.py runs 1,000,000; docs/tower-protocol.md has its figures).  The
same harness finds protocol 1's false rolls, so a zero here is the check's doing, not the
harness's blindness."""

from __future__ import annotations

import random

from bench.crc_fuzz import exhaustive, flip_bits, fuzz, read_as_the_link_does
from firmware_bridge.protocol import RollFrame, encode


def test_50000_frames_with_1_to_3_flipped_bits_give_no_false_roll() -> None:
    result = fuzz(50_000, version=2, seed=17)
    assert result.false_rolls == 0, result
    # Every damaged frame was refused whole, or came back as the very roll sent.
    assert result.refused + result.same_roll == result.frames and result.other_frames == 0


def test_the_same_harness_finds_protocol_1s_false_rolls() -> None:
    result = fuzz(5_000, version=1, seed=17)
    assert result.false_rolls > 0, result  # XOR passes about 0.2-0.3% as other rolls


def test_every_flip_that_slips_past_the_crc_through_the_hex_check_is_caught_by_the_fields() -> None:
    every = exhaustive(2, seed=5)
    assert every.patterns > 500_000
    assert every.false_rolls == 0, every


def test_the_harness_reads_an_undamaged_frame_back() -> None:
    roll = RollFrame("C0FFEE01", 9, "deg", (1, 2))
    assert read_as_the_link_does(encode(roll), 2) == [roll]
    assert read_as_the_link_does(flip_bits(encode(roll), 0, random.Random(0)), 2) == [roll]
