"""Issue #32, item 2: a damaged snapshot never hides a game whose entries are intact.  A resume
passes over it to an earlier snapshot, or replays from the first entry; a snapshot whose text
is valid but not what was written (its digits changed) is found by its checksum.  On SQLite and
on Redis (fakeredis and a real redis-server)."""

from __future__ import annotations

import re

from companion import demo, demo_run
from companion.engine.codec import canonical
from companion.session import GameSession
from companion.store import Journal
from tests import damaged_journal


def played(journal: Journal, limit: int = 99) -> GameSession:
    """Game ``g``: 100 entries, snapshots at nodes 1, 32, 64 and 96."""
    session = GameSession.start(journal, "g", demo.demo_setup(2, "earth-3p", 3).command())
    assert isinstance(session, GameSession)
    demo_run.play(session, 2, limit=limit)
    assert session.seq == limit + 1
    return session


def test_a_snapshot_cut_short_falls_back_to_an_earlier_one(journal: Journal) -> None:
    truth = canonical(played(journal).state)
    damaged_journal.spoil_snapshot(journal, "g", 96, lambda state: state[1:])
    resumed = GameSession.resume(journal, "g")
    assert canonical(resumed.state) == truth


def test_a_valid_but_changed_snapshot_is_found_by_its_checksum(journal: Journal) -> None:
    truth = canonical(played(journal).state)

    def doom_changed(state: str) -> str:
        changed = re.sub(r'"doom":(\d+)', lambda m: f'"doom":{int(m.group(1)) + 7}', state)
        assert changed != state
        return changed

    damaged_journal.spoil_snapshot(journal, "g", 96, doom_changed)
    assert canonical(GameSession.resume(journal, "g").state) == truth


def test_every_snapshot_damaged_replays_from_the_first_entry(journal: Journal) -> None:
    truth = canonical(played(journal).state)
    for node in (1, 32, 64, 96):
        damaged_journal.spoil_snapshot(journal, "g", node, lambda state: state[:-1])
    assert canonical(GameSession.resume(journal, "g").state) == truth
