"""The greedy word wrap measured word by word: what the screen's wrap is checked against."""

from __future__ import annotations

from companion.ui import widgets


def greedy(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """The wrap as it was: a line takes words one by one while the line, measured, fits."""
    lines, line = [], ""
    for word in filter(None, widgets.BREAK.split(words)):
        candidate = f"{line} {word}" if line else word
        if line and widgets.width_of(candidate, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return (*lines, line) if line else tuple(lines)
