"""Issue #32, item 1: one damaged entry never stops the table.  The issue's journal (game ``e``,
then ``g`` of 120 entries), one byte cut from entry 60's command, or from a recent entry's
events: `companion run` starts, keeps running and says which entry and what to do; every reader
of stored entries passes over the damaged one."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import fakeredis
import pytest

from companion import engine
from companion.appliance import Appliance, recent_words, screen_only, service_house
from companion.config import Config
from companion.engine.codec import canonical
from companion.session import GameSession, open_game
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from companion.tower_port import remembered_refs
from tests import damaged_journal
from tests.appliance.service_run import run_until_ready


class Screen:
    """A screen that only records what the table hands it when a game is attached."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def attached(self, state: object, lines: list[str], games: object, *, home: bool) -> None:
        self.lines = lines

    def __getattr__(self, name: str) -> object:
        return lambda *args, **kwargs: None


@pytest.fixture
def issue_journal(tmp_path: Path) -> Path:
    path = tmp_path / "state" / "journal.sqlite3"
    path.parent.mkdir(exist_ok=True)
    damaged_journal.write(path)
    return path


@pytest.mark.parametrize(
    ("damage", "seq"), [(damaged_journal.CUT_COMMAND_60, 60), (damaged_journal.CUT_EVENTS_110, 110)], ids=["command", "events"]
)
def test_companion_run_keeps_running_and_says_which_entry(issue_journal: Path, tmp_path: Path, damage: str, seq: int) -> None:
    damaged_journal.damage(issue_journal, damage)
    errors = run_until_ready(tmp_path, {})  # READY=1 after its first frame, then SIGTERM: exit 0
    assert f"Journal entry {seq} of game 'g' is damaged" in errors and "companion export g" in errors
    assert "Traceback" not in errors


@pytest.mark.parametrize(
    ("damage", "seq"), [(damaged_journal.CUT_COMMAND_60, 60), (damaged_journal.CUT_EVENTS_110, 110)], ids=["command", "events"]
)
def test_the_screen_says_which_entry_and_what_to_do(issue_journal: Path, damage: str, seq: int) -> None:
    damaged_journal.damage(issue_journal, damage)
    with SqliteJournal(issue_journal) as journal, contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), None)
        assert house.session.name == "g" and house.session.seq == 120
        screen = Screen()
        house.client(threaded=False).connect(screen)  # type: ignore[arg-type]  # a screen opening the game reads its recent words
        assert screen.lines
        said = [notice.text for notice in house.table.notices]
        damaged = [text for text in said if f"entry {seq} of game 'g' is damaged" in text]
        assert len(damaged) == 1, said  # said once, however many readers passed over it
        assert "companion export g" in damaged[0]


def test_the_tower_remembers_every_readable_roll_around_a_damaged_entry(issue_journal: Path) -> None:
    with SqliteJournal(issue_journal) as journal:
        whole = remembered_refs(open_game(journal, "g"))
    damaged_journal.damage(issue_journal, damaged_journal.CUT_COMMAND_60)
    with SqliteJournal(issue_journal) as journal:
        session = open_game(journal, "g")
        refs = remembered_refs(session)
        entry_60 = session.damaged[0]
    assert entry_60.seq == 60 and refs <= whole
    assert len(whole - refs) <= 1  # only entry 60's own roll, if it was one


def test_recent_words_pass_over_a_damaged_entry(issue_journal: Path) -> None:
    with SqliteJournal(issue_journal) as journal:
        whole = recent_words(open_game(journal, "g"))
    damaged_journal.damage(issue_journal, damaged_journal.CUT_EVENTS_110)
    with SqliteJournal(issue_journal) as journal:
        session = open_game(journal, "g")
        said = recent_words(session)
    assert 0 < len(said) < len(whole) and set(said) <= set(whole)
    assert [d.seq for d in session.damaged] == [110]


def test_a_redis_follower_passes_over_a_damaged_entry() -> None:
    # The screen follows the bridge's entries on Redis: its catch-up reads them from the journal.
    from companion import demo, demo_run

    journal = RedisJournal(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    session = GameSession.start(journal, "g", demo.demo_setup(2, "earth-3p", 3).command())
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        heard: list[int] = []
        house.output(lambda events, state, entry: heard.append(entry.seq))
        other = GameSession.resume(journal, "g")  # the other process (the bridge)
        demo_run.play(other, 2, limit=10)
        damaged_journal.spoil_entry(journal, "g", 5, "events")
        journal.keep_snapshot("g", other.seq, canonical(other.state))  # the resume replays none of them
        house.table.reload()
        assert house.session.seq == other.seq
        assert 5 not in heard and heard == [n for n in range(2, other.seq + 1) if n != 5]
        assert any("entry 5 of game 'g' is damaged" in n.text for n in house.table.notices)


def test_screen_only_opens_a_game_with_a_damaged_entry(issue_journal: Path) -> None:
    damaged_journal.damage(issue_journal, damaged_journal.CUT_EVENTS_110)
    with SqliteJournal(issue_journal) as journal:
        client = screen_only(open_game(journal, "g"))
        client.connect(Screen())  # type: ignore[arg-type]
        assert any("entry 110" in text for text in client.notices())


def test_the_bridges_reader_passes_over_a_damaged_entry() -> None:
    # `companion bridge` opens the last game and wires a table with the tower only: its tower
    # port remembers the rolls of the last 256 entries.
    from companion import demo, demo_run

    journal = RedisJournal(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    session = GameSession.start(journal, "g", demo.demo_setup(2, "earth-3p", 3).command())
    assert isinstance(session, GameSession)
    demo_run.play(session, 2, limit=40)
    damaged_journal.spoil_entry(journal, "g", 20, "command")
    journal.keep_snapshot("g", session.seq, canonical(session.state))  # as the table keeps one when quiet
    with contextlib.ExitStack() as stack:
        house = Appliance(GameSession.resume(journal), stack, follow_latest=True)  # as run_bridge does
        assert house.session.seq == session.seq
        assert [n.text for n in house.table.notices if "entry 20 of game 'g' is damaged" in n.text]


def test_a_follower_that_cannot_catch_up_says_so_and_keeps_running() -> None:
    # The other process's new entry is damaged on the way to the head (no snapshot after it):
    # the screen cannot replay it; it says so and stays where it was, its thread alive.
    from companion import demo, demo_run

    journal = RedisJournal(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    session = GameSession.start(journal, "g", demo.demo_setup(2, "earth-3p", 3).command())
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        other = GameSession.resume(journal, "g")
        demo_run.play(other, 2, limit=5)
        damaged_journal.spoil_entry(journal, "g", 3, "command")
        house.table.changed("g", other.seq)
        assert house.table.step(timeout=1.0)  # handled, not raised
        assert house.session.seq == 1
        assert any("entry 3 of game 'g' is damaged" in n.text for n in house.table.notices)
        second = engine.parse_command(json.loads(journal.entry("g", 2).command))  # accepted at entry 1
        said = len(house.table.notices)
        assert house.table.submit(second) is False  # stale: catching up fails again, said
        assert house.session.seq == 1 and "entry 3 of game 'g' is damaged" in house.table.notices[said].text
