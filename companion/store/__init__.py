"""The durable game journal: SQLite by default, Redis when the config names a redis:// URL."""

from __future__ import annotations

from pathlib import Path

from companion.store.base import (
    DamagedEntry,
    DamagedSnapshot,
    DuplicateInput,
    Entry,
    EntryKind,
    GameInfo,
    GameNotFound,
    Journal,
    JournalError,
    JournalUnavailable,
    StaleWriter,
    events_of,
    readable,
)

__all__ = [
    "DamagedEntry",
    "DamagedSnapshot",
    "DuplicateInput",
    "Entry",
    "EntryKind",
    "GameInfo",
    "GameNotFound",
    "Journal",
    "JournalError",
    "JournalUnavailable",
    "StaleWriter",
    "events_of",
    "open_journal",
    "readable",
]


def open_journal(location: str | Path) -> Journal:
    """Open the journal at ``location``: a ``redis://`` or ``rediss://`` URL, or a file path
    (``":memory:"`` for a throw-away one).  A damaged SQLite file is moved aside and a fresh one
    opened; the journal's :attr:`~Journal.notices` say so.  Raises :class:`JournalError` with
    what to do."""
    text = str(location)
    if text.startswith(("redis://", "rediss://", "unix://")):
        from companion.store.redis import RedisJournal

        return RedisJournal.from_url(text)
    from companion.store.sqlite import SqliteJournal

    return SqliteJournal(text)
