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
from companion.i18n import _, ngettext
from companion.store import Entry, EntryKind, JournalError

MOMENTS_SHOWN = 40  # the latest big moments a page gets (a long game's battles stay bounded)


@dataclass(frozen=True, slots=True)
class Chapter:
    """What one command's entry (one node of the journal) added to the story.

    ``round``: the round when its events were over; ``books``: (round, player id, Spellbook);
    ``moments``: (round, the event as journaled), worded when shown (:func:`moment_words`)."""

    parent: int
    round: int
    books: tuple[tuple[int, str, str], ...] = ()
    moments: tuple[tuple[int, Mapping[str, Any]], ...] = ()


def chapter_of(parent: int, round_before: int, events: Iterable[Mapping[str, Any]]) -> Chapter:
    """The chapter of a command's journaled ``events`` (as data), applied in round ``round_before``
    to node ``parent``.  Events it does not know add nothing."""
    now = round_before
    books: list[tuple[int, str, str]] = []
    moments: list[tuple[int, Mapping[str, Any]]] = []
    for event in events:
        kind = event.get("type")
        if kind == "phase_started":
            now = int(event.get("round", now))
        elif kind == "spellbook_gained":
            books.append((now, str(event["player"]), str(event["name"])))
        elif is_moment(event):
            moments.append((now, event))
    return Chapter(parent, now, tuple(books), tuple(moments))


def is_moment(event: Mapping[str, Any]) -> bool:
    """Whether a journaled event is a big moment of the story (a battle only with a Kill)."""
    kind = event.get("type")
    if kind == "battle_rolled":
        return bool(event.get("attacker_kills") or event.get("defender_kills"))
    return kind in ("watcher_awakened", "area_eradicated", "game_ended")


def moment_words(event: Mapping[str, Any], name: Callable[[str], str]) -> str:
    """A big moment in the language in use (worded when shown, so a switch of language words
    the story again); ``name``: a player id's label."""
    kind = event.get("type")
    if kind == "watcher_awakened":
        if event.get("cause") == "doom":
            why = _("{player}'s Doom passed its token").format(player=name(str(event.get("player"))))
        else:
            why = _("the pyramid's die")
        return _("The Watcher woke in {area} ({why})").format(area=event.get("area"), why=why)
    if kind == "area_eradicated":
        return _("{area} was eradicated (Worm {worm})").format(area=event.get("area"), worm=event.get("worm"))
    if kind == "battle_rolled":
        kills = int(event.get("attacker_kills") or 0)
        return ngettext(
            "Battle in {area}: {attacker} rolled {kills} Kill, {defender} {answer}",
            "Battle in {area}: {attacker} rolled {kills} Kills, {defender} {answer}",
            kills,
        ).format(
            area=event.get("area"),
            attacker=name(str(event.get("attacker"))),
            kills=kills,
            defender=name(str(event.get("defender"))),
            answer=int(event.get("defender_kills") or 0),
        )
    winners = _(" and ").join(name(str(w)) for w in event.get("winners", ()))
    if winners:
        return _("The game ended ({reason}): {winners} won").format(reason=event.get("reason"), winners=winners)
    return _("The game ended ({reason}): nobody won").format(reason=event.get("reason"))


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

    def _name(self, pid: str) -> str:
        return self.labels.get(pid, pid.replace("_", " ").title())

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
        latest = [(r, event) for _node, ch in path for r, event in ch.moments][-MOMENTS_SHOWN:]
        moments = [{"round": r, "text": moment_words(event, self._name)} for r, event in latest]
        return {"rounds": rounds, "players": players, "books": books, "moments": moments}
