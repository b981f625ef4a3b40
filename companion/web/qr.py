"""QR codes for the seats' links (segno, pure Python): a matrix of dark modules for the
touchscreen to draw, and text for a terminal (the demo prints them)."""

from __future__ import annotations

import segno


def matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The code of ``url`` as rows of modules (True: dark), with its 4-module quiet zone."""
    code = segno.make_qr(url, error="m")
    return tuple(tuple(bool(v) for v in row) for row in code.matrix_iter(scale=1, border=4))


def terminal(url: str) -> str:
    """The code of ``url`` in half-block characters (two rows a line), dark on a light terminal
    inverted so a phone reads it on either."""
    rows = matrix(url)
    lines = []
    for top, bottom in zip(rows[::2], (*rows[1::2], tuple(False for _ in rows[0])), strict=False):
        line = "".join(" " if a and b else "▄" if a else "▀" if b else "█" for a, b in zip(top, bottom, strict=True))
        lines.append(line)
    return "\n".join(lines)
