"""The real table (service_house) and the screen's resume open a stored game whose journal holds
an entry the rules now refuse as far as it still applies, and say which entry, why, and what to
do; a restart opens at the same place and says it again; an undo across the entry is a notice, nothing else."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import fakeredis
import pytest

from companion.appliance import service_house
from companion.config import Config
from companion.engine import canonical
from companion.engine.cthulhu import commands as c
from companion.session import GameSession
from companion.store import Entry, EntryKind, Journal
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game
from tests.refused_journal import WORDS, entries, write

TIMEOUT = 5.0


@pytest.fixture(params=["sqlite", "fakeredis"])
def journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Journal]:
    store: Journal
    if request.param == "sqlite":
        store = SqliteJournal(tmp_path / "journal.sqlite3")
    else:
        store = RedisJournal(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    yield store
    store.close()


def said(notices: list[str], refused: int) -> list[str]:
    return [text for text in notices if text.startswith(f"Entry {refused} ({WORDS}) no longer applies")]


def test_the_table_opens_the_game_before_the_refused_entry_and_says_so(journal: Journal) -> None:
    written = write(journal)
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), None)
        assert house.session.name == "old"  # not the welcome game
        assert canonical(house.session.state) == written.states[written.refused - 1]
        (notice,) = said([n.text for n in house.table.notices], written.refused)
        assert "no combat against Crawling Chaos" in notice and notice.endswith("play that turn again from here.")
        assert not any("welcome game" in n.text for n in house.table.notices)
    assert [g.name for g in journal.games()] == ["old"]  # no welcome game was made
    moved = len(entries(journal))
    with contextlib.ExitStack() as stack:  # a restart: the same place, said again, nothing written
        house = service_house(stack, journal, Config(), "old")
        assert canonical(house.session.state) == written.states[written.refused - 1]
        assert len(said([n.text for n in house.table.notices], written.refused)) == 1
    assert len(entries(journal)) == moved


def test_the_screen_says_it_when_the_bridge_opened_the_game_first(journal: Journal) -> None:
    # On Redis the tower's bridge (companion-tower.service) may open the game before the screen:
    # it makes the move and only logs it; the screen opening after it still says it.
    written = write(journal)
    assert GameSession.resume(journal, "old").reopened is not None  # the bridge's opening
    moved = len(entries(journal))
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), "old")
        assert canonical(house.session.state) == written.states[written.refused - 1]
        (notice,) = said([n.text for n in house.table.notices], written.refused)
        assert notice.endswith("play that turn again from here.")
    assert len(entries(journal)) == moved


def test_the_screen_resuming_the_game_hears_the_notice(journal: Journal) -> None:
    written = write(journal)
    welcome = GameSession.start(journal, "welcome", new_game(seed=3), title="Welcome game")  # on the table first
    assert isinstance(welcome, GameSession)
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), "welcome")
        client = house.client(threaded=False)
        heard: list[str] = []
        house.table.on_notice = lambda notice: heard.append(notice.text)
        client.resume("old")
        assert house.session.name == "old"
        assert canonical(house.session.state) == written.states[written.refused - 1]
        assert len(said(heard, written.refused)) == 1 and len(said(client.notices(), written.refused)) == 1


def test_an_undo_across_the_refused_entry_is_a_notice_and_changes_nothing(journal: Journal) -> None:
    written = write(journal, every=8)  # the head loads from node 8's snapshot, past the battle
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), None)
        assert canonical(house.session.state) == written.states[written.head]
        assert said([n.text for n in house.table.notices], written.refused) == []
        assert house.table.submit(c.Undo())  # to node 8
        seq = house.session.seq
        assert not house.table.submit(c.Undo())
        assert house.table.notices[-1].text.startswith(f"That would replay entry {written.refused} ({WORDS})")
        assert house.session.seq == seq and len(entries(journal)) == seq
        assert canonical(house.session.state) == written.states[8]


def test_a_reload_onto_the_refused_entry_opens_before_it_and_says_so() -> None:
    # Another process on the shared journal (an older version's bridge, still running) moves the
    # head back to a node whose replay runs through the refused battle; this table catches up.
    server = fakeredis.FakeServer()
    journal = RedisJournal(fakeredis.FakeRedis(server=server))
    written = write(journal, every=8)
    with contextlib.ExitStack() as stack:
        house = service_house(stack, journal, Config(), None)
        assert canonical(house.session.state) == written.states[written.head]
        other = RedisJournal(fakeredis.FakeRedis(server=server))
        last = other.last("old")
        assert last is not None
        back = Entry(last.seq + 1, EntryKind.UNDO, last.head, 7, 7, (last.head, 8), canonical(c.Undo()), "[]", 2.0)
        other.append("old", back)
        assert house.table.step(timeout=TIMEOUT)  # the change notice came, and the table caught up
        assert canonical(house.session.state) == written.states[written.refused - 1]
        assert len(said([n.text for n in house.table.notices], written.refused)) == 1
        assert house.session.seq == back.seq + 1 and journal.entry("old", back.seq + 1).head == written.refused - 1
