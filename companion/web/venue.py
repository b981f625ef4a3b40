"""A venue: every table of a shared Redis journal (a club night, a convention) on one page.

Each table's row: its game, round, players and their Doom, and once it is over the winner and
how long it took; exported as CSV and JSON.  A row is read again only when its game has new
entries (:attr:`GameInfo.entries` moved), and then only those entries are read: each command
applied to the table's state as it was (an undo, a redo or an entry the rules refuse: the game
is opened again, from its latest snapshot), so 20 tables writing at once cost little.
Read-only, and public: a row holds nothing a TV could not show.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import threading
from dataclasses import asdict, dataclass
from typing import Any

from companion.engine import Rejected, is_arkham, parse_command
from companion.narrate import names_of

log = logging.getLogger(__name__)
FIELDS = ("table", "game", "title", "round", "players", "doom", "over", "winners", "minutes", "entries")


@dataclass(frozen=True)
class Row:
    """One table of the venue."""

    table: str
    game: str  # "Cthulhu Wars" or "Arkham Horror"
    title: str
    round: int
    players: tuple[str, ...]
    doom: tuple[int, ...]  # each player's Doom (Arkham: the doom track's, once)
    over: bool
    winners: tuple[str, ...]
    minutes: float  # from its first entry to its last
    entries: int


def row_of(info: Any, state: Any) -> Row:
    """The row of stored game ``info`` (a :class:`companion.store.GameInfo`) at ``state``."""
    minutes = round((info.updated - info.created) / 60, 1)
    if is_arkham(state):
        over = bool(state.awakened)
        names = tuple(i.name for i in state.investigators)
        return Row(
            info.name, "Arkham Horror", info.title, state.mythos_phases, names, (state.doom,), over, (), minutes, info.entries
        )
    labels = names_of(state)
    winners = tuple(labels.get(w, w) for w in state.outcome.winners) if state.outcome else ()
    players = tuple(p.label for p in state.players)
    doom = tuple(p.doom for p in state.players)
    return Row(
        info.name,
        "Cthulhu Wars",
        info.title,
        state.round,
        players,
        doom,
        state.outcome is not None,
        winners,
        minutes,
        info.entries,
    )


class Venue:
    """The tables of ``journal`` (a shared one), read when asked; safe from any thread."""

    def __init__(self, journal: Any) -> None:
        self.journal = journal
        self._rows: dict[str, Row] = {}
        self._tables: dict[str, tuple[Any, int, int, Any]] = {}  # name -> (rules, seq, head node, state)
        self._lock = threading.Lock()

    def rows(self) -> list[Row]:
        """Every table with entries, the most recently played first."""
        from companion.store import JournalError

        rows = []
        with self._lock:
            for info in self.journal.games():
                if not info.entries:
                    continue
                kept = self._rows.get(info.name)
                if kept is None or kept.entries != info.entries:
                    try:
                        kept = self._rows[info.name] = row_of(info, self._moved(info.name) or self._opened(info.name))
                    except JournalError as exc:  # a damaged game is passed over, and said in the log
                        log.warning("venue: table %r left out: %s", info.name, exc)
                        continue
                rows.append(kept)
        return rows

    def _opened(self, name: str) -> Any:
        """Table ``name``'s state, its game opened (from its latest snapshot); kept to move on from."""
        from companion.session import open_game

        session = open_game(self.journal, name)
        node = self.journal.entry(name, session.seq).head
        self._tables[name] = (session.rules, session.seq, node, session.state)
        return session.state

    def _moved(self, name: str) -> Any:
        """Table ``name``'s state, its new commands applied to the one kept; None when it must be
        opened again (nothing kept, an undo or a redo, a branch, an entry the rules refuse)."""
        from companion.store import EntryKind, readable

        kept = self._tables.get(name)
        if kept is None:
            return None
        rules, seq, node, state = kept
        for entry in readable(self.journal, name, seq + 1):
            if entry.kind is not EntryKind.COMMAND or entry.parent != node:
                return None
            try:
                result = rules.apply(state, parse_command(json.loads(entry.command)))
            except ValueError:  # a command this version cannot read: opened again, as a resume does
                return None
            if isinstance(result, Rejected):
                return None
            seq, node, state = entry.seq, entry.head, result.state
        self._tables[name] = (rules, seq, node, state)
        return state

    def as_json(self) -> list[dict[str, Any]]:
        return [asdict(row) for row in self.rows()]

    def as_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(FIELDS)
        for row in self.rows():
            writer.writerow(
                [row.table, row.game, row.title, row.round, "; ".join(row.players), "; ".join(map(str, row.doom)),
                 "yes" if row.over else "no", "; ".join(row.winners), row.minutes, row.entries]
            )  # fmt: skip
        return out.getvalue()
