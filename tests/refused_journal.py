"""A stored game journaled by an older version whose rules accepted what these refuse.

With the abilities on, a battle declared by cultists alone is refused now (they have no combat:
factions.md section 11); the version before took it, the dice as the table typed them.  The game
is played here with the dice typed (``AS_THEN``, accepted now: the state as it was then), and
copied into the journal under test entry by entry, with its snapshots, the battle's entry holding
the command as it was journaled then (``THEN``, no dice).  Written through the journal's own
``append``, so each back end gets the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.engine import canonical, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Options, UnitKind
from companion.session import GameSession
from companion.store import Entry, Journal
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
THEN = c.BattleAction(GC, "North Pacific", CC)  # as journaled then: refused now (cultists alone)
AS_THEN = c.BattleAction(GC, "North Pacific", CC, attacker_dice=0, defender_dice=0)  # what it did then
WORDS = "Great Cthulhu attacks Crawling Chaos in North Pacific"  # the narration of its journaled events


def acolyte(pid: str, start: str, to: str) -> c.Move:
    return c.Move(pid, groups=(c.MoveGroup(start, to, UnitKind.CULTIST, "Acolyte", 1),))


BEFORE = (  # to a battle Great Cthulhu declares with its Acolyte alone against Crawling Chaos's
    c.ChooseDirection(GC, "clockwise"),
    acolyte(GC, "South Pacific", "North Pacific"),
    acolyte(CC, "Asia", "North Pacific"),
    c.Pass(BG),
)


@dataclass(frozen=True)
class Written:
    """What :func:`write` journaled: the refused entry's number (its node), the head node, and each
    node's state as it was then (canonical text)."""

    name: str
    refused: int
    head: int
    states: dict[int, str]


def write(journal: Journal, name: str = "old", *, after: int = 3, every: int = 32, undo: int = 0) -> Written:
    """Journal game ``name`` as the older version did: set-up, the moves to the battle, the battle
    (refused now), then ``after`` commands (the first legal one each), then ``undo`` undos; a
    snapshot every ``every`` nodes, as that session kept them."""
    scratch = GameSession.start(SqliteJournal(":memory:"), name, new_game(options=Options(abilities=True)), snapshot_every=every)
    assert isinstance(scratch, GameSession)
    states = {1: canonical(scratch.state)}
    for command in BEFORE:
        assert scratch.submit(command).ok, command
        states[scratch.seq] = canonical(scratch.state)
    assert scratch.submit(AS_THEN).ok
    refused = scratch.seq
    states[refused] = canonical(scratch.state)
    for _ in range(after):
        assert scratch.submit(next(iter(legal_commands(scratch.state)))).ok
        states[scratch.seq] = canonical(scratch.state)
    for _ in range(undo):
        assert scratch.submit(c.Undo()).ok
    last = scratch.journal.last(name)
    assert last is not None
    journal.create_game(name, "Earth, three players", 1.0)
    for entry in scratch.journal.entries(name):
        kept = replace(entry, command=canonical(THEN)) if entry.seq == refused else entry
        journal.append(name, kept, scratch.journal.snapshot(name, entry.seq))
    return Written(name, refused, last.head, states)


def entries(journal: Journal, name: str = "old") -> list[Entry]:
    return list(journal.entries(name))
