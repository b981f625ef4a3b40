"""The game's story as the pages draw it: each faction's Doom and Power at the end of each round,
the Spellbooks as they came, and the big moments (the Watcher waking, eradications, battles'
Kills, the end).

Doom and Power come from states (a state holds every counter exactly; the events do not carry
every change of Power): the states the server hears, and, for the rounds before its start, the
state at each past round's last node (:meth:`Story.replay` with the session's ``state_at``).
The Spellbooks and the moments come from the journaled events (:func:`chapter_of`, pure), read
back from the game's first entry, so the story is whole however late the server started.  The
journal is a tree (an undo moves the head back, a redo or a new command moves it on): the story
is the chapters on the path from the head back to the first node, so an undone Spellbook leaves
the story with its entry.  Pure: no I/O, no clock (``state_at`` is the caller's).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine import is_arkham
from companion.store import Entry, EntryKind, JournalError

MOMENTS_SHOWN = 40  # the latest big moments a page gets (a long game's battles stay bounded)


@dataclass(frozen=True, slots=True)
class Chapter:
    """What one command's entry (one node of the journal) added to the story.

    ``round``: the round when its events were over; ``books``: (round, player id, Spellbook);
    ``moments``: (round, words with player ids in braces, e.g. ``"{great_cthulhu}"``)."""

    parent: int
    round: int
    books: tuple[tuple[int, str, str], ...] = ()
    moments: tuple[tuple[int, str], ...] = ()


def chapter_of(parent: int, round_before: int, events: Iterable[Mapping[str, Any]]) -> Chapter:
    """The chapter of a command's journaled ``events`` (as data), applied in round ``round_before``
    to node ``parent``.  Events it does not know add nothing."""
    now = round_before
    books: list[tuple[int, str, str]] = []
    moments: list[tuple[int, str]] = []
    for event in events:
        kind = event.get("type")
        if kind == "phase_started":
            now = int(event.get("round", now))
        elif kind == "spellbook_gained":
            books.append((now, str(event["player"]), str(event["name"])))
        else:
            words = _moment(event)
            if words:
                moments.append((now, words))
    return Chapter(parent, now, tuple(books), tuple(moments))


def _moment(event: Mapping[str, Any]) -> str:
    """A big moment's words ("" for an event that is not one); player ids in braces."""
    kind = event.get("type")
    if kind == "watcher_awakened":
        why = f"{{{event.get('player')}}}'s Doom passed its token" if event.get("cause") == "doom" else "the pyramid's die"
        return f"The Watcher woke in {event.get('area')} ({why})"
    if kind == "area_eradicated":
        return f"{event.get('area')} was eradicated (Worm {event.get('worm')})"
    if kind == "battle_rolled" and (event.get("attacker_kills") or event.get("defender_kills")):
        return (
            f"Battle in {event.get('area')}: {{{event.get('attacker')}}} rolled {event.get('attacker_kills')} Kill(s), "
            f"{{{event.get('defender')}}} {event.get('defender_kills')}"
        )
    if kind == "game_ended":
        winners = ", ".join(f"{{{w}}}" for w in event.get("winners", ())) or "nobody"
        return f"The game ended ({event.get('reason')}): {winners} won"
    return ""


class Story:
    """Doom and Power by round for each player, the Spellbooks and the big moments (Cthulhu Wars;
    Arkham's pages draw none)."""

    def __init__(self) -> None:
        self.rounds: dict[int, tuple[tuple[int, int], ...]] = {}  # round -> each player's (Doom, Power)
        self.names: tuple[str, ...] = ()
        self.labels: dict[str, str] = {}  # player id -> its label
        self.chapters: dict[int, Chapter] = {}  # node -> what its command added
        self.head = 0  # the journal's head node (0: none heard)

    def record(self, state: Any) -> None:
        """The state an entry led to: its round's figures are now these."""
        if is_arkham(state):
            return
        self.names = tuple(p.label for p in state.players)
        self.labels = {p.pid: p.label for p in state.players}
        for later in [r for r in self.rounds if r > state.round]:  # undone back across a round
            del self.rounds[later]
        self.rounds[state.round] = tuple((p.doom, p.power) for p in state.players)

    def hear(self, entry: Entry) -> None:
        """A journaled entry: a command's events become its node's chapter; an undo or a redo
        moves the head.  Events that are not a JSON list (a damaged entry) add nothing."""
        if entry.kind is EntryKind.COMMAND and entry.head not in self.chapters:
            try:
                events = json.loads(entry.events)
            except ValueError:
                events = []
            known = [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []
            before = self.chapters.get(entry.parent)
            self.chapters[entry.head] = chapter_of(entry.parent, before.round if before else 1, known)
        self.head = entry.head

    def replay(self, entries: Iterable[Entry], state_at: Callable[[int], Any] | None = None) -> Story:
        """Hear a game's entries from its first (a server started mid-game); with ``state_at``
        (node -> the state after it: the session's), record each past round's last state, so the
        charts start at round 1.  A state that cannot be had (its replay refused) is left out.
        Returns itself."""
        for entry in entries:
            self.hear(entry)
        if state_at is not None:
            last = {chapter.round: node for node, chapter in self._path()}  # each round's last node
            for node in (last[r] for r in sorted(last)):
                try:
                    self.record(state_at(node))
                except JournalError:  # the rules refuse an old entry now: that round is not charted
                    continue
        return self

    def _path(self) -> list[tuple[int, Chapter]]:
        """(node, chapter) from the first node to the head (an undone branch is not on it)."""
        path, node, seen = [], self.head, set()
        while node in self.chapters and node not in seen:
            seen.add(node)
            path.append((node, self.chapters[node]))
            node = self.chapters[node].parent
        return path[::-1]

    def _named(self, words: str) -> str:
        for pid, label in self.labels.items():
            words = words.replace(f"{{{pid}}}", label)
        return words

    def as_data(self) -> dict[str, Any]:
        """``{"rounds", "players": [{"name", "doom", "power"}], "books": [{"round", "player",
        "name"}], "moments": [{"round", "text"}]}`` for the pages (the latest moments only)."""
        rounds = sorted(self.rounds)
        players = [
            {
                "name": name,
                "doom": [self.rounds[r][n][0] for r in rounds if n < len(self.rounds[r])],
                "power": [self.rounds[r][n][1] for r in rounds if n < len(self.rounds[r])],
            }
            for n, name in enumerate(self.names)
        ]
        path = self._path()
        books = [
            {"round": r, "player": self.labels.get(pid, pid), "name": name} for _node, ch in path for r, pid, name in ch.books
        ]
        moments = [{"round": r, "text": self._named(words)} for _node, ch in path for r, words in ch.moments]
        return {"rounds": rounds, "players": players, "books": books, "moments": moments[-MOMENTS_SHOWN:]}
