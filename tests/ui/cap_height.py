"""Cap heights measured on rendered frames: how tall a capital letter's or a digit's ink stands
on the screen, in px and in mm on the panel (the test modules of issue 33's "Readable from the
seats" share these)."""

from __future__ import annotations

from collections import Counter

import pygame

from companion.ui.widgets import Drawn, width_of

# The 7-inch official panel shows 800x480 at 0.194 mm a px (154.2 x 85.9 mm of glass); the 7-inch
# 1024x600 panels put the same glass under more px (154.2 mm / 1024 px).  The other sizes are no
# one panel: their figures stay in px.
MM_PER_PX = {(800, 480): 0.194, (1024, 600): 154.2 / 1024}
INK = 96  # a pixel is ink when its channels differ from the background's by more than this, summed


def cap_char(words: str) -> int:
    """The index of the first capital (A-Z) or digit in ``words``; -1 when there is none."""
    return next((k for k, ch in enumerate(words) if ch.isdigit() or "A" <= ch <= "Z"), -1)


def ink_height(surface: pygame.Surface, drawn: Drawn, colour: tuple[int, int, int] | None = None) -> int:
    """The ink height in px of the first capital or digit of a line as the frame shows it (its
    columns, found from the font's advance widths, bold or not, 1 px inside each side; the
    background is the commonest colour of the line's box); 0 when the line has no capital or
    digit or shows nothing.  ``colour``: the text's colour when known (else the commonest
    colour far from the background in its columns)."""
    k = cap_char(drawn.shown)
    rect = drawn.rect.clip(surface.get_rect())
    if k < 0 or rect.width == 0 or rect.height == 0:
        return 0
    starts = [width_of(drawn.shown[:k], drawn.size, bold) for bold in (False, True)]
    ends = [width_of(drawn.shown[: k + 1], drawn.size, bold) for bold in (False, True)]
    left, right = rect.x + max(starts) + 1, rect.x + min(ends) - 1
    if right <= left:
        left, right = rect.x + min(starts), rect.x + max(ends)
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    pixels = [(data[n], data[n + 1], data[n + 2]) for n in range(0, len(data), 3)]  # row by row
    background = Counter(pixels).most_common(1)[0][0]
    columns = range(max(0, left - rect.x), min(rect.width, right - rect.x))
    window = [[pixels[y * rect.width + x] for x in columns] for y in range(rect.height)]
    strong = Counter(c for row in window for c in row if _apart(c, background) > INK)
    if not strong:
        return 0
    ink = colour or strong.most_common(1)[0][0]
    covered = {c: _covers(c, background, ink) for row in window for c in set(row)}
    counts = [sum(covered[c] for c in row) for row in window]
    if not any(counts):
        return 0
    # The glyph is the run of inked rows around its fullest row: a ring or line drawn across the
    # box elsewhere (a gate's ring behind a count) is not counted.
    top = bottom = max(range(len(counts)), key=counts.__getitem__)
    while top > 0 and counts[top - 1]:
        top -= 1
    while bottom + 1 < len(counts) and counts[bottom + 1]:
        bottom += 1
    return bottom - top + 1


def _apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def _covers(pixel: tuple[int, int, int], background: tuple[int, int, int], ink: tuple[int, int, int]) -> bool:
    """Whether ``pixel`` is at least half ink, on the blend from ``background`` to ``ink`` (an
    anti-aliased edge) and not some other colour."""
    line = [i - b for i, b in zip(ink, background, strict=True)]
    off = [p - b for p, b in zip(pixel, background, strict=True)]
    length = sum(v * v for v in line) or 1
    share = sum(a * b for a, b in zip(off, line, strict=True)) / length
    aside = sum((o - share * v) ** 2 for o, v in zip(off, line, strict=True)) ** 0.5
    return share >= 0.5 and aside <= 0.25 * length**0.5


def in_mm(px: int, size: tuple[int, int]) -> float | None:
    """``px`` on the panel of ``size`` in mm; None where the panel's size is not known."""
    scale = MM_PER_PX.get(size)
    return None if scale is None else round(px * scale, 2)


def least_px(mm: float) -> int:
    """The least whole ink height in px that is at least ``mm`` on the 800x480 panel."""
    px = int(mm / MM_PER_PX[(800, 480)])
    return px if px * MM_PER_PX[(800, 480)] >= mm else px + 1
