"""The table loop: tower rolls applied exactly once, unexpected rolls refused, buttons, and the
bytes-to-journal path through a real pseudo-terminal."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fakeredis

from companion.engine import canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind, UnitKind
from companion.session import GameSession
from companion.store import Entry, JournalUnavailable, StaleWriter
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from companion.table import Button, Table, TableThread
from companion.tower_port import TowerPort
from firmware_bridge.link import TowerLink
from firmware_bridge.protocol import (
    Ack,
    AckStatus,
    Cancel,
    LineSplitter,
    ProtocolError,
    Request,
    RollFrame,
    decode,
    encode,
)
from firmware_bridge.sim import SimTower
from tests.helpers import Wire, count_decisions, new_game
from tests.mounts import fill

GC, CC = "great_cthulhu", "crawling_chaos"
TIMEOUT = 5.0


def table_at_roll(journal: SqliteJournal | None = None, dice: int = 2) -> tuple[Table[GameSession], Wire]:
    """A table waiting for a battle roll of ``dice`` attacker dice, again after every undo."""
    session = GameSession.start(journal or SqliteJournal(":memory:"), "g", new_game())
    assert isinstance(session, GameSession)
    wire = Wire()
    table = Table(session, tower=TowerPort(wire))
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, dice, 1),
    ):
        assert table.submit(command)
    return table, wire


def test_a_roll_prompt_lights_the_tower_and_a_fitting_roll_is_applied_once() -> None:
    table, wire = table_at_roll()
    assert wire.sent[-1] == Request(2, "d6")
    roll = RollFrame("AB12", 1, "d6", (6, 4))
    table.tower_frame(roll)
    table.tower_frame(roll)  # the acknowledgement was lost: the tower repeats
    assert table.drain() == 2
    assert wire.sent[-3:] == [Ack(1, AckStatus.OK), Request(1, "d6"), Ack(1, AckStatus.DUPLICATE)]
    assert table.session.state.prompt.dice == 1  # the defender's die is next
    assert table.tower.last_roll == "6 4 (d6, #1): a repeat, already applied"  # for the settings screen


def test_an_unexpected_roll_is_shown_and_not_applied() -> None:
    table, wire = table_at_roll()
    before = table.session.seq
    table.tower_frame(RollFrame("AB12", 1, "d6", (6, 4, 4)))  # three dice: two are asked for
    table.drain()
    assert table.session.seq == before
    assert wire.sent[-1] == Ack(1, AckStatus.IGNORED)
    assert "no such roll is asked for" in table.notices[-1].text
    assert table.tower.last_roll == "6 4 4 (d6, #1): not asked for"


def test_a_roll_already_in_the_journal_is_not_applied_again_after_a_restart(tmp_path: Path) -> None:
    journal = SqliteJournal(tmp_path / "j.sqlite3")
    table, _ = table_at_roll(journal)
    table.tower_frame(RollFrame("AB12", 1, "d6", (6, 4)))
    table.drain()
    restarted = Table(GameSession.resume(SqliteJournal(tmp_path / "j.sqlite3"), "g"), tower=TowerPort(wire := Wire()))
    restarted.tower_frame(RollFrame("AB12", 1, "d6", (6, 4)))
    restarted.drain()
    assert wire.sent[-1] == Ack(1, AckStatus.DUPLICATE)


def test_when_the_roll_is_answered_elsewhere_the_tower_request_is_cancelled() -> None:
    table, wire = table_at_roll()
    table.button(Button.ROLL)
    table.drain()
    table.button(Button.ROLL)
    table.drain()
    assert isinstance(wire.sent[-1], Cancel)


def test_buttons_roll_undo_and_next() -> None:
    table, _ = table_at_roll()
    table.button(Button.ROLL)  # the generator rolls the attacker's two dice
    table.drain()
    assert table.session.state.prompt.dice == 1
    table.button(Button.UNDO)
    table.drain()
    assert table.session.state.prompt.dice == 2
    table.button(Button.NEXT)  # a roll pending: next rolls it too
    table.drain()
    assert table.session.state.prompt.dice == 1
    table.button(Button.ROLL)
    table.drain()
    assert table.session.state.prompt.kind is PromptKind.ACTION
    table.button(Button.NEXT)  # many choices: the screen decides
    table.drain()
    assert "Choose on the screen" in table.notices[-1].text


def one_die_roll_table() -> tuple[Table[GameSession], Wire]:
    """A table waiting for one battle die (the attacker's), again after every undo."""
    return table_at_roll(dice=1)


def test_fuzz_megabytes_of_noise_give_no_false_roll_and_every_valid_roll_exactly_once() -> None:
    rnd = random.Random(11)
    valid = [RollFrame("C0FFEE", n, "d6", (rnd.randint(1, 6),)) for n in range(1, 301)]
    stream = bytearray()
    for frame in valid:
        stream += rnd.randbytes(rnd.randint(0, 12_000))
        if rnd.random() < 0.2:
            stream += b"\n"
        stream += b"\r\n" + encode(frame)
        if rnd.random() < 0.15:
            stream += encode(frame)  # a repeat: its acknowledgement was lost
    assert len(stream) > 1_500_000
    table, wire = one_die_roll_table()
    splitter = LineSplitter()
    for start in range(0, len(stream), 4096):
        for line in splitter.feed(bytes(stream[start : start + 4096])):
            with contextlib.suppress(ProtocolError):
                table.tower_frame(decode(line))
            applied = table.session.seq
            while table.step(timeout=0):
                if table.session.seq != applied:
                    table.submit(c.Undo())  # back to the same roll for the next frame
                    applied = table.session.seq
    refs = [json.loads(e.command)["ref"] for e in table.session.journal.entries("g") if '"ref":"tower' in e.command]
    assert sorted(refs) == sorted(f.ref for f in valid)  # every valid roll once, nothing false
    oks = [f for f in wire.sent if isinstance(f, Ack) and f.status is AckStatus.OK]
    assert len(oks) == len(valid)


def step_until(table: Table[GameSession], condition: Callable[[], bool], deadline: float) -> None:
    """Let the table handle inputs until ``condition()`` holds or ``deadline`` (monotonic) passes."""
    while not condition() and time.monotonic() < deadline:
        table.step(timeout=0.05)


def test_a_roll_made_while_unplugged_arrives_once_after_replug(tmp_path: Path) -> None:
    table, _ = table_at_roll()
    with SimTower(seed=9, link=tmp_path / "tower", auto_roll=False) as tower:
        link = TowerLink(tower.path, table.tower_frame)
        table.tower.send = link.send
        with link:
            deadline = time.monotonic() + TIMEOUT
            step_until(table, lambda: link.status.state.value == "linked", deadline)
            tower.unplug()
            step_until(table, lambda: link.status.state.value != "linked", deadline)
            tower.roll((6, 5))  # rolled into an unplugged cable: lost on the wire
            tower.plug()  # the tower repeats it until acknowledged
            step_until(table, lambda: table.session.state.prompt.dice == 1, deadline)
            assert table.session.state.prompt.dice == 1
    refs = [e.command for e in table.session.journal.entries("g") if '"source":"tower"' in e.command]
    assert len(refs) == 1


def test_bytes_from_the_tower_reach_the_journal_through_a_real_pty(tmp_path: Path) -> None:
    table, _ = table_at_roll()
    with SimTower(seed=5, link=tmp_path / "tower", auto_roll=True) as tower:
        link = TowerLink(tower.path, table.tower_frame)
        table.tower.send = link.send
        with link:
            deadline = time.monotonic() + TIMEOUT
            step_until(table, lambda: link.status.state.value == "linked", deadline)
            link.send(Request(2, "d6"))  # the table asked before the link was up: ask again
            step_until(table, lambda: table.session.state.prompt.dice == 1, deadline)
            assert table.session.state.prompt.dice == 1
            step_until(table, lambda: Ack(1, AckStatus.OK) in tower.acks, deadline)
            assert Ack(1, AckStatus.OK) in tower.acks
    last = table.session.journal.last("g")
    assert last is not None and '"source":"tower"' in last.command


def test_two_rolls_in_a_row_asking_the_same_dice_each_light_the_tower() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game())
    assert isinstance(session, GameSession)
    wire = Wire()
    table = Table(session, tower=TowerPort(wire))
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, 2, 2),
    ):
        table.submit(command)
    table.tower_frame(RollFrame("AB12", 1, "d6", (6, 4)))
    table.drain()
    assert [f for f in wire.sent if isinstance(f, Request)] == [Request(2, "d6"), Request(2, "d6")]


def test_a_one_die_roll_asked_of_the_tower_is_decided_ahead_and_lands_without_the_engine() -> None:
    table, wire = one_die_roll_table()
    assert wire.sent[-1] == Request(1, "d6") and table.session.foreseen()
    decided_now = count_decisions(table.session)
    table.tower_frame(RollFrame("AB12", 7, "d6", (6,)))
    table.drain()
    assert not [cmd for cmd in decided_now if getattr(cmd, "ref", "")]  # its foreseen decision was journaled
    assert len(decided_now) == 6  # then the six faces of the defender's die, foreseen
    entry = table.session.journal.last("g")
    assert entry is not None
    assert json.loads(entry.command) == {"type": "roll", "values": [6], "source": "tower", "ref": "tower:AB12:7"}
    assert wire.sent[-2:] == [Ack(7, AckStatus.OK), Request(1, "d6")]
    assert table.session.foreseen()  # the defender's die, against the new state


def test_a_roll_of_several_dice_or_with_no_tower_is_not_decided_ahead() -> None:
    table, _ = table_at_roll(dice=2)
    assert not table.session.foreseen()  # 36 outcomes: decided when the dice land
    offline, _ = one_die_roll_table()
    offline.session.submit(c.Undo())
    offline.tower.send = lambda frame: False  # the tower is not linked
    offline.tower.requested = None
    offline.sync_tower()
    assert not offline.session.foreseen()


# -- input identity: each input applied once, whatever happens to the journal's reply --------------


class LosesReplies:
    """A real SQLite journal whose next ``lose`` appends are written and then fail as a lost reply
    does (JournalUnavailable after the write), with the journal out of reach for ``away`` more
    calls to append."""

    def __init__(self, inner: SqliteJournal, lose: int = 1, away: int = 0) -> None:
        self.inner = inner
        self.lose = lose
        self.away = away

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        if self.away and not self.lose:
            self.away -= 1
            raise JournalUnavailable("Redis is not answering (a test); nothing was written.")
        self.inner.append(game, entry, snapshot)
        if self.lose:
            self.lose -= 1
            raise JournalUnavailable("Redis went away during a write (a test); retry.")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_button_press_whose_reply_was_lost_is_applied_once_with_its_one_identity() -> None:
    inner = SqliteJournal(":memory:")
    session = GameSession.start(inner, "g", new_game())
    assert isinstance(session, GameSession)
    lossy = LosesReplies(inner, lose=1, away=100)
    session.journal = lossy
    heard: list[Entry] = []
    session.listeners.append(lambda events, state, entry: heard.append(entry))
    table = Table(session)
    table.post(c.ChooseDirection(GC, "clockwise"))
    table.drain()
    assert len(table.waiting) == 1 and table.session.seq == 1  # written, but the table cannot know yet
    queued = table.waiting[0].input_id
    assert queued.startswith("tap:")
    table.step(timeout=0)  # Redis still away
    assert len(table.waiting) == 1 and lossy.away < 100
    lossy.away = 0
    table.step(timeout=0)  # back: the retry finds its own entry and takes it as written
    assert not table.waiting and table.session.seq == 2 and [e.seq for e in heard] == [2]
    assert [(e.seq, e.input) for e in inner.entries("g")] == [(1, ""), (2, queued)]
    table.button(Button.UNDO)
    table.drain()
    last = inner.last("g")
    assert last is not None and last.kind.value == "undo" and last.input.startswith("button:")


def test_a_roll_another_table_already_journaled_is_done_not_applied_again(tmp_path: Path) -> None:
    # Two processes on one journal (the screen and the bridge): the roll one of them journaled is
    # refused by the journal when the other brings it too; the other catches up and answers the tower.
    path = tmp_path / "journal.sqlite3"
    first, _ = table_at_roll(SqliteJournal(path), dice=1)
    second_session = GameSession.resume(SqliteJournal(path), "g")
    second = Table(second_session, tower=TowerPort(Wire()))
    first.tower_frame(RollFrame("AB", 7, "d6", (3,)))
    first.drain()
    before = second.session.seq
    second.tower_frame(RollFrame("AB", 7, "d6", (3,)))
    second.drain()
    assert second.session.seq == before + 1 == first.session.seq  # caught up, not applied again
    rolls = [e for e in SqliteJournal(path).entries("g") if e.input == "tower:AB:7"]
    assert len(rolls) == 1


def test_a_full_disk_keeps_the_tap_waiting_with_one_line_and_records_it_once_there_is_room(small_disk: Path) -> None:
    journal = SqliteJournal(small_disk / "journal.sqlite3")
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    table = Table(session)
    filler = fill(small_disk)  # a real ENOSPC, as a full SD card gives
    table.post(c.ChooseDirection(GC, "clockwise"))
    table.drain()
    line = table.notices[-1].text
    assert "is full" in line and "Free some space" in line and "waits and will be recorded" in line and "\n" not in line
    assert len(table.waiting) == 1 and table.session.seq == 1
    table.idle()  # a quiet moment on a full disk: the housekeeping waits too, nothing escapes
    filler.unlink()  # room again
    table.step(timeout=0)
    assert not table.waiting and [e.seq for e in journal.entries("g")] == [1, 2]
    journal.close()


def test_news_of_another_writer_while_the_journal_is_away_is_a_notice_not_the_end() -> None:
    server = fakeredis.FakeServer()
    journal = RedisJournal(fakeredis.FakeRedis(server=server))
    session = GameSession.start(journal, "g", new_game())
    assert isinstance(session, GameSession)
    table = Table(session)
    other = GameSession.resume(RedisJournal(fakeredis.FakeRedis(server=server)), "g")
    other.submit(c.ChooseDirection(GC, "clockwise"))
    server.connected = False  # Redis goes away before the news is read
    table.changed("g", 2)
    assert table.step(timeout=0)  # no exception: the bridge and the table's thread go on
    assert "The table catches up when it answers" in table.notices[-1].text and table.session.seq == 1
    server.connected = True
    table.post(c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")))  # stale: caught up, then applied
    table.drain()
    assert table.session.seq == 3 and [e.seq for e in journal.entries("g")] == [1, 2, 3]


class StaleTwice:
    """A real journal that refuses the next two appends as stale (another writer racing ahead)."""

    def __init__(self, inner: SqliteJournal) -> None:
        self.inner = inner
        self.stale = 2

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        if self.stale:
            self.stale -= 1
            raise StaleWriter("Another writer appended to 'g' first; reload the game.")
        self.inner.append(game, entry, snapshot)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_writer_racing_ahead_twice_keeps_the_tap_waiting_not_lost() -> None:
    inner = SqliteJournal(":memory:")
    session = GameSession.start(inner, "g", new_game())
    assert isinstance(session, GameSession)
    session.journal = StaleTwice(inner)
    table = Table(session)
    table.post(c.ChooseDirection(GC, "clockwise"))
    table.drain()  # stale, reload, stale again: it waits, and the next step's retry records it
    texts = [n.text for n in table.notices]
    assert any("again, while catching up" in t and "waits" in t for t in texts)
    assert texts[-1] == "The journal answers again: every waiting command is recorded."
    assert not table.waiting and [e.seq for e in inner.entries("g")] == [1, 2]


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 5.0
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.001)


def threaded_table(every: int = 4) -> tuple[Table[GameSession], SqliteJournal]:
    journal = SqliteJournal(":memory:")
    session = GameSession.start(journal, "g", new_game(), snapshot_every=every)
    assert isinstance(session, GameSession)
    return Table(session), journal


def test_the_table_thread_writes_a_snapshot_in_a_quiet_moment_not_with_its_entry() -> None:
    table, journal = threaded_table()
    worker = TableThread(table)
    appended: list[str | None] = []
    append = journal.append

    def watched(game: str, entry: Entry, snapshot: str | None = None) -> None:
        appended.append(snapshot)
        append(game, entry, snapshot)

    journal.append = watched  # type: ignore[method-assign]
    worker.start()
    try:
        for command in (c.ChooseDirection(GC, "clockwise"), c.Correct(GC, "power", 1), c.Correct(GC, "power", 2)):
            table.post(command)  # the third is depth 4: its snapshot falls due
        wait_until(lambda: table.session.seq == 4 and table.settled.is_set(), "the entries in and the table settled")
        assert appended == [None, None, None]  # no entry carried it: the quiet moment wrote it
        assert journal.snapshot("g", 4) == canonical(table.session.state)
    finally:
        worker.stop()


def test_a_snapshot_still_owed_when_the_table_thread_stops_is_written_then() -> None:
    table, journal = threaded_table()
    worker = TableThread(table)
    worker.QUIET_AFTER = worker.IDLE_AFTER = 60.0  # no quiet moment comes in this test
    worker.start()
    for command in (c.ChooseDirection(GC, "clockwise"), c.Correct(GC, "power", 1), c.Correct(GC, "power", 2)):
        table.post(command)
    wait_until(lambda: table.session.seq == 4, "the entries in")
    assert table.session.owes_snapshot and journal.snapshot("g", 4) is None
    worker.stop()
    assert journal.snapshot("g", 4) == canonical(table.session.state)


def test_a_table_switching_games_writes_the_snapshot_the_old_one_owes() -> None:
    table, journal = threaded_table()
    table.defer_snapshots = table.session.defer_snapshots = True
    for command in (c.ChooseDirection(GC, "clockwise"), c.Correct(GC, "power", 1), c.Correct(GC, "power", 2)):
        assert table.submit(command)
    old = table.session
    assert old.owes_snapshot
    other = GameSession.start(journal, "h", new_game(seed=3))
    assert isinstance(other, GameSession)
    table.switch(other)
    assert journal.snapshot("g", 4) == canonical(old.state) and table.session.defer_snapshots
