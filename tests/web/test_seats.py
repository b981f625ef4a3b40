"""The seats' secrets: 192 bits, kept across a restart in a 0600 file, revoked by re-issuing,
and nothing but an exact secret finds its seat."""

from __future__ import annotations

import base64
from pathlib import Path

from companion.web.seats import MAX_SECRET, SeatKeys


def test_a_secret_is_at_least_128_bits_and_each_seat_has_its_own() -> None:
    keys = SeatKeys()
    first, second = keys.secret("great_cthulhu"), keys.secret("black_goat")
    assert len(base64.urlsafe_b64decode(first + "==")) * 8 >= 128 and first != second
    assert keys.secret("great_cthulhu") == first  # issued once
    assert keys.seat_of(first) == "great_cthulhu" and keys.seat_of(second) == "black_goat"
    for wrong in ("", first[:-1], first + "A", first.upper(), "x" * (MAX_SECRET + 1), second[::-1]):
        assert keys.seat_of(wrong) is None, wrong


def test_reissuing_revokes_the_old_link_and_both_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "seat-links.json"
    keys = SeatKeys(path)
    old = keys.secret("yellow_sign")
    new = keys.reissue("yellow_sign")
    assert keys.seat_of(old) is None and keys.seat_of(new) == "yellow_sign"
    assert path.stat().st_mode & 0o777 == 0o600
    again = SeatKeys(path)  # the service restarted: the phones' links still work, the revoked one not
    assert again.seat_of(new) == "yellow_sign" and again.seat_of(old) is None


def test_an_unreadable_file_gives_fresh_links(tmp_path: Path) -> None:
    path = tmp_path / "seat-links.json"
    path.write_text("{not json")
    keys = SeatKeys(path)
    assert keys.seat_of("anything") is None and keys.secret("black_goat")
