"""An entry's main line: what the table's "Last:" says of the latest entry.

An entry's events are worded in the order the engine made them, and the last is often a side
effect: a battle's roll ends with the Kills applied and then, say, Passion's Power for the
Cultists lost.  The main line is the one a player would name: the battle's Kills and Pains, the
Watcher waking, else the entry's first line that is not bookkeeping (Power paid or gained,
a turn or phase beginning, a requirement met).  Pure: words in, words out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.client import Said
from companion.engine import Event, to_data
from companion.narrate import describe_data

# The events that are the whole story of their entry when they are in it, best first.
HEADLINES = ("battle_rolled", "watcher_awakened", "worlds_end", "end_triggered", "ancient_one_awakens")
# What an action brings with it and is never its point (the log still says each).
SIDE_EFFECTS = frozenset(
    {
        "power_gained",
        "power_spent",
        "doom_spent",
        "doom_gained",
        "phase_started",
        "turn_started",
        "requirement_met",
        "ability_used",
        "dice_rolled",
        "battle_ended",
        "watcher_token_changed",
        "watcher_stays_asleep",
    }
)


def rank(kind: str) -> int:
    """How much an event of type ``kind`` is its entry's point: 0 is most (the headlines in
    their order), then any other event, then the side effects; an untyped line ("") is other."""
    if kind in HEADLINES:
        return HEADLINES.index(kind)
    return len(HEADLINES) + (1 if kind in SIDE_EFFECTS else 0)


def said(events: Iterable[Mapping[str, Any]], names: Mapping[str, str] | None = None) -> list[Said]:
    """The words of an entry's events (as the journal keeps them: data with their ``type``),
    each knowing its event's type, the first marked as opening the entry; events without words
    are left out."""
    lines: list[Said] = []
    for event in events:
        words = describe_data(dict(event), names)
        if words:
            lines.append(Said(words, str(event.get("type", "")), opens=not lines))
    return lines


def said_of(events: Iterable[Event], names: Mapping[str, str] | None = None) -> list[Said]:
    """:func:`said` for an entry's events as the engine made them: the same words as
    ``companion.appliance.words`` gives, each knowing its event's type."""
    return said([to_data(event) for event in events], names)


def last_entry(log: Sequence[str]) -> list[str]:
    """The latest entry's lines at the end of ``log``: back to the last line that opens an entry
    (:class:`Said`); a log of plain words (worded before the types were kept) gives its last
    line.  Phase headings ("-- ...") are never an entry's line."""
    lines: list[str] = []
    for line in reversed(log):
        heading = line.startswith("--")
        if not heading:
            lines.append(line)
        if line.opens if isinstance(line, Said) else not heading:
            break
    return lines[::-1]


def main_line(log: Sequence[str]) -> str:
    """The latest entry's main line ("" for an empty log): the best ranked of its lines, the
    earliest of equals; a plain line (no type) ranks as any other event."""
    lines = last_entry(log)
    if not lines:
        return ""
    return min(lines, key=lambda line: rank(getattr(line, "kind", "")))
