"""A few power cuts on every commit (the full 200-trial run is `make soak`, into docs/reliability.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.power_cut import recorded_game, run, sqlite_clean, verify
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

TRIALS = 12


def test_sqlite_keeps_every_acknowledged_command_through_sigkill() -> None:
    tally = run("sqlite", TRIALS, seed=3)
    assert tally.trials == TRIALS and tally.acknowledged > 0
    assert (tally.lost, tally.unreadable) == (0, 0)


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed (make test installs it)")
def test_redis_with_the_shipped_settings_keeps_every_acknowledged_command_through_power_cuts() -> None:
    tally = run("redis", TRIALS, seed=4)
    assert tally.acknowledged > 0 and (tally.lost, tally.unreadable) == (0, 0)


def test_the_harness_notices_a_journal_that_does_not_match(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = SqliteJournal(path)
    GameSession.start(journal, "cut", new_game(seed=9))  # a different game than the script's
    journal.close()
    found, sound = verify(str(path), "cut", recorded_game())
    assert found == 1 and not sound
    path.unlink()
    Path(f"{path}-wal").unlink(missing_ok=True)
    path.write_bytes(b"not a database" * 400)
    assert verify(str(path), "cut", recorded_game()) == (0, False)
    (aside,) = tmp_path.glob("journal.sqlite3.damaged-*[0-9]")  # opening it moved it aside whole
    with pytest.raises(Exception, match="not a database"):
        sqlite_clean(aside)
