"""The journal of issue #32, for the tests of damage inside records: game ``e``, then game ``g``
of 120 entries (snapshots at nodes 1, 32, 64, 96), in a real SQLite file; and the damage done
to it as the issue did it, with SQL on the closed file (the pages stay sound: only the text is
wrong, so opening the journal does not move it aside)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

from companion import demo, demo_run
from companion.session import GameSession
from companion.store import Journal
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal

ENTRIES = 120
SNAPSHOTS = (1, 32, 64, 96)


def write(path: Path) -> None:
    """Write the issue's journal at ``path`` (closed: everything in the one file)."""
    journal = SqliteJournal(path)
    try:
        first = GameSession.start(journal, "e", demo.demo_setup(3, "earth-3p", 3).command(), clock=lambda: 1_000.0)
        assert isinstance(first, GameSession)
        demo_run.play(first, 3, limit=5)
        clock = iter(float(2_000 + n) for n in range(10_000))
        game = GameSession.start(journal, "g", demo.demo_setup(2, "earth-3p", 3).command(), clock=lambda: next(clock))
        assert isinstance(game, GameSession)
        demo_run.play(game, 2, limit=ENTRIES - 1)
        assert game.seq == ENTRIES, game.seq
    finally:
        journal.close()
    with sqlite3.connect(path) as db:
        nodes = [n for (n,) in db.execute("SELECT node FROM snapshots WHERE game = 'g' ORDER BY node")]
    db.close()
    assert tuple(nodes) == SNAPSHOTS, nodes


def damage(path: Path, sql: str) -> None:
    """Run ``sql`` on the closed journal at ``path`` (e.g. cut a byte from an entry's text)."""
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute(sql)
    finally:
        db.close()


CUT_COMMAND_60 = "UPDATE entries SET command = substr(command, 1, length(command) - 1) WHERE game = 'g' AND seq = 60"
CUT_EVENTS_110 = "UPDATE entries SET events = substr(events, 2) WHERE game = 'g' AND seq = 110"
CUT_SNAPSHOT_96 = "UPDATE snapshots SET state = substr(state, 2) WHERE game = 'g' AND node = 96"


def spoil_entry(journal: Journal, game: str, seq: int, field: str = "command") -> None:
    """Cut the first character of entry ``seq``'s ``field`` text ("command" or "events"), in
    either store, behind the journal's back."""
    if isinstance(journal, SqliteJournal):
        journal._db.execute(f"UPDATE entries SET {field} = substr({field}, 2) WHERE game = ? AND seq = ?", (game, seq))
        return
    assert isinstance(journal, RedisJournal)
    key = journal._key(game, "stream")
    rows = journal.client.xrange(key)
    journal.client.delete(key)  # a stream's IDs only grow: write it again, with the one spoiled
    for stream_id, fields in rows:
        text = fields[b"e"].decode()
        if stream_id == f"{seq}-1".encode():
            data = json.loads(text)
            text = text.replace(json.dumps(data[field], sort_keys=True, separators=(",", ":")), "")  # the JSON's value gone
            assert text != fields[b"e"].decode()
        journal.client.xadd(key, {"e": text}, id=stream_id)


def spoil_snapshot(journal: Journal, game: str, node: int, change: Callable[[str], str]) -> None:
    """Replace node ``node``'s stored snapshot by ``change(it)``, its checksum left as it was."""
    if isinstance(journal, SqliteJournal):
        (state,) = journal._db.execute("SELECT state FROM snapshots WHERE game = ? AND node = ?", (game, node)).fetchone()
        journal._db.execute("UPDATE snapshots SET state = ? WHERE game = ? AND node = ?", (change(state), game, node))
        return
    assert isinstance(journal, RedisJournal)
    key = journal._key(game, "snapshots")
    state = journal.client.hget(key, str(node)).decode()
    journal.client.hset(key, str(node), change(state))
