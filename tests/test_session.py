"""The session: journal before listeners, undo and redo as entries, bounded resume, stale writers."""

from __future__ import annotations

import json

import fakeredis
import pytest

from companion.engine import Code, Event, Rejected, State, canonical
from companion.engine.codec import decision_key
from companion.engine.core import Redone, Undone
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from companion.session import GameSession, new_game_name, open_game
from companion.store import DuplicateInput, Entry, EntryKind, Journal, JournalError, JournalUnavailable, StaleWriter
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from tests.helpers import count_decisions, new_game

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"


def session(journal: Journal | None = None, every: int = 4) -> GameSession:
    started = GameSession.start(journal or SqliteJournal(":memory:"), "g", new_game(), snapshot_every=every)
    assert isinstance(started, GameSession)
    started.submit(c.ChooseDirection(GC, "clockwise"))
    return started


def test_listeners_hear_only_what_is_already_journaled() -> None:
    game = session()
    heard: list[tuple[int, int]] = []

    def listener(events: tuple[Event, ...], state: State, entry: Entry) -> None:
        heard.append((entry.seq, game.journal.last("g").seq))  # type: ignore[union-attr]

    game.listeners.append(listener)
    game.submit(c.Pass(GC))
    assert heard == [(3, 3)]


def test_a_failing_listener_does_not_stop_the_game() -> None:
    game = session()

    def broken(events: tuple[Event, ...], state: State, entry: Entry) -> None:
        raise RuntimeError("LED on fire")

    game.listeners.append(broken)
    assert game.submit(c.Pass(GC)).ok
    assert game.state.prompt.actor == CC


def test_a_rejection_writes_nothing() -> None:
    game = session()
    before = game.seq
    assert not game.submit(c.Pass(BG)).ok
    assert game.seq == before == game.journal.last("g").seq  # type: ignore[union-attr]


def test_undo_and_redo_are_recorded_not_hidden() -> None:
    game = session()
    game.submit(c.Pass(GC))
    undone = game.submit(c.Undo())
    assert undone.ok and undone.events == (Undone(3, "pass"),)  # type: ignore[union-attr]
    assert game.state.prompt.actor == GC
    redone = game.submit(c.Redo())
    assert redone.events == (Redone(3, "pass"),)  # type: ignore[union-attr]
    kinds = [e.kind for e in game.journal.entries("g")]
    assert kinds == [EntryKind.COMMAND, EntryKind.COMMAND, EntryKind.COMMAND, EntryKind.UNDO, EntryKind.REDO]


def test_undo_of_a_mistyped_roll_is_allowed_and_a_new_command_clears_redo() -> None:
    game = session()
    game.submit(c.Summon(GC, "South Pacific", "Starspawn", 3))
    game.submit(c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")))
    game.submit(c.BattleAction(CC, "South Pacific", GC, 0, 3))
    asked = canonical(game.state)
    assert game.submit(c.Roll((6, 6, 6), "screen")).ok  # the player meant 1 1 6
    assert game.submit(c.Undo()).ok
    assert canonical(game.state) == asked
    assert game.submit(c.Roll((1, 1, 6), "screen")).ok
    assert game.submit(c.Redo()).code is Code.NOTHING_TO_REDO  # type: ignore[union-attr]
    assert [e.kind for e in game.journal.entries("g")][-3:] == [EntryKind.COMMAND, EntryKind.UNDO, EntryKind.COMMAND]


def test_nothing_to_undo_at_the_start() -> None:
    started = GameSession.start(SqliteJournal(":memory:"), "g", new_game())
    assert isinstance(started, GameSession)
    assert started.submit(c.Undo()).code is Code.NOTHING_TO_UNDO  # type: ignore[union-attr]


def test_undo_many_steps_back_is_exact() -> None:
    game = session(every=3)
    states = [canonical(game.state)]
    for pid in (GC, CC, BG):
        game.submit(c.Correct(pid, "doom", 5))
        states.append(canonical(game.state))
    for expected in reversed(states[:-1]):
        game.submit(c.Undo())
        assert canonical(game.state) == expected


def test_resume_reads_only_from_the_nearest_snapshot() -> None:
    counting = CountingJournal()
    game = session(counting, every=8)
    for n in range(200):
        game.submit(c.Correct(GC, "power", n % 9))
    counting.reads = 0
    resumed = GameSession.resume(counting, "g", snapshot_every=8)
    assert canonical(resumed.state) == canonical(game.state)
    assert counting.reads <= 8 + 1  # the last entry, then at most 8 steps up to a snapshot


def test_resume_after_undo_restores_head_and_redo() -> None:
    game = session()
    game.submit(c.Pass(GC))
    game.submit(c.Undo())
    resumed = GameSession.resume(game.journal, "g")
    assert resumed.state.prompt.actor == GC
    assert resumed.submit(c.Redo()).ok and resumed.state.prompt.actor == CC


def test_two_writers_on_one_game_the_stale_one_is_refused() -> None:
    server = fakeredis.FakeServer()
    first = session(RedisJournal(fakeredis.FakeRedis(server=server)))
    second = GameSession.resume(RedisJournal(fakeredis.FakeRedis(server=server)), "g")
    assert first.submit(c.Pass(GC)).ok
    with pytest.raises(StaleWriter):
        second.submit(c.Pass(GC))
    assert canonical(GameSession.resume(second.journal, "g").state) == canonical(first.state)


def test_resume_with_no_games_says_what_to_do() -> None:
    with pytest.raises(JournalError, match="no stored game"):
        GameSession.resume(SqliteJournal(":memory:"))


def test_resume_picks_the_last_played_game() -> None:
    journal = SqliteJournal(":memory:")
    GameSession.start(journal, "older", new_game(), clock=lambda: 1.0)
    GameSession.start(journal, "newer", new_game(seed=9), clock=lambda: 2.0)
    assert GameSession.resume(journal).name == "newer"


def test_journal_entries_hold_canonical_commands_and_events() -> None:
    game = session()
    last = game.journal.last("g")
    assert last is not None
    assert json.loads(last.command) == {"type": "choose_direction", "player": GC, "direction": "clockwise"}
    assert json.loads(last.events)[0]["type"] == "direction_chosen"


class CountingJournal(SqliteJournal):
    """An in-memory journal that counts entry and snapshot reads (how much a resume costs)."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.reads = 0

    def entry(self, game: str, seq: int) -> Entry:
        self.reads += 1
        return super().entry(game, seq)

    def snapshot(self, game: str, node: int) -> str | None:
        self.reads += 1
        return super().snapshot(game, node)

    def last(self, game: str) -> Entry | None:
        self.reads += 1
        return super().last(game)


def test_an_arkham_game_journals_undoes_resumes_and_replays_like_cthulhu_wars() -> None:
    from companion.engine.arkham import model as am
    from companion.engine.cthulhu.commands import Undo
    from companion.session import ArkhamSession, replay_any
    from companion.store.sqlite import SqliteJournal

    journal = SqliteJournal(":memory:")
    seats = tuple(am.Seated(n, "Train Station", 2) for n in ("Amanda", "Bob", "Carolyn"))
    session = ArkhamSession.start(journal, "a", am.NewArkhamGame("Yig", seats, seed=9), snapshot_every=3)
    assert isinstance(session, ArkhamSession)
    heard: list[str] = []
    session.listeners.append(lambda events, state, entry: heard.append(type(events[0]).__name__))
    for _ in range(5):
        assert session.submit(am.Mythos()).ok
    before_last = session.state_at(session.journal.last("a").parent)  # type: ignore[union-attr]
    assert session.submit(Undo()).ok
    assert canonical(session.state) == canonical(before_last) and heard[-1] == "Undone"
    resumed = ArkhamSession.resume(journal, "a", snapshot_every=3)  # from a stored snapshot
    assert canonical(resumed.state) == canonical(session.state)
    final, differences = replay_any(journal.entries("a"))
    assert canonical(final) == canonical(session.state) and differences == []
    assert journal.games()[0].title == "Arkham Horror: Yig"


def test_two_games_started_in_the_same_second_get_different_names() -> None:
    journal = SqliteJournal(":memory:")
    noon = lambda: 1_795_000_000.0
    first = new_game_name(noon, journal)
    assert isinstance(GameSession.start(journal, first, new_game("earth-3p")), GameSession)
    second = new_game_name(noon, journal)
    assert second == f"{first}-2" and isinstance(GameSession.start(journal, second, new_game("earth-3p")), GameSession)
    journal.delete_game(second)  # deleted: unlisted, its entries kept, so its name is still taken
    third = new_game_name(noon, journal)
    assert third == f"{first}-3" and isinstance(GameSession.start(journal, third, new_game("earth-3p")), GameSession)


def test_open_game_opens_the_newest_game_as_the_game_it_is() -> None:
    from companion.engine.arkham import model as am
    from companion.session import ArkhamSession

    journal = SqliteJournal(":memory:")
    with pytest.raises(JournalError, match="no stored game"):
        open_game(journal)
    GameSession.start(journal, "cw", new_game("earth-3p"), clock=lambda: 1.0)
    setup = am.NewArkhamGame("Yig", (am.Seated("A", "Woods", 1),), 3)
    ArkhamSession.start(journal, "ah", setup, clock=lambda: 2.0)
    assert isinstance(open_game(journal), ArkhamSession) and isinstance(open_game(journal, "cw"), GameSession)
    with pytest.raises(JournalError):
        open_game(journal, "nope")


def at_one_die_roll(journal: Journal | None = None) -> GameSession:
    """A game waiting for the attacker's one battle die."""
    game = session(journal)
    game.submit(c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")))
    assert game.submit(c.BattleAction(GC, "South Pacific", CC, 1, 1)).ok
    assert game.state.prompt.dice == 1
    return game


def faces() -> list[c.Roll]:
    return [c.Roll((face,), "tower") for face in range(1, 7)]


def test_a_foreseen_decision_journals_what_deciding_then_would() -> None:
    ahead, now = at_one_die_roll(), at_one_die_roll()
    ahead.foresee(faces())
    assert ahead.foreseen()
    for game in (ahead, now):
        assert game.submit(c.Roll((4,), "tower", "tower:AB:3")).ok
    first, second = ahead.journal.last("g"), now.journal.last("g")
    assert first is not None and second is not None
    assert (first.command, first.events) == (second.command, second.events)
    assert '"ref":"tower:AB:3"' in first.command  # the id is the command's own, not the foreseen one's
    assert canonical(ahead.state) == canonical(now.state)


def test_a_decision_foreseen_for_another_state_is_not_used() -> None:
    game = at_one_die_roll()
    game.foresee(faces())
    assert game.submit(c.Roll((6,), "screen")).ok  # another source: decided now, and the state moves
    assert not game.foreseen()
    asked = count_decisions(game)
    game.submit(c.Roll((1,), "tower"))  # the defender's die: nothing foreseen for this state
    assert asked == [c.Roll((1,), "tower")]


def test_refused_commands_are_not_foreseen() -> None:
    game = at_one_die_roll()
    game.foresee([c.Roll((7,), "tower"), c.Pass(GC)])  # no such face; not a roll
    assert game.submit(c.Roll((7,), "tower")).code is Code.BAD_ROLL  # type: ignore[union-attr]


def test_the_rules_never_decide_by_a_roll_s_own_id() -> None:
    # What lets a foreseen decision stand for a roll whose id was not known yet.
    state = at_one_die_roll().state
    first = GameSession.rules.apply(state, c.Roll((3,), "tower", "tower:AB:1"))
    second = GameSession.rules.apply(state, c.Roll((3,), "tower", "tower:CD:9"))
    assert first == second
    assert decision_key(c.Roll((3,), "tower", "tower:AB:1")) == decision_key(c.Roll((3,), "tower"))
    assert decision_key(c.Roll((3,), "tower")) != decision_key(c.Roll((3,), "screen"))


def test_an_empty_game_left_by_a_power_cut_is_never_resumed() -> None:
    # The cut came between creating a game and its first entry: the empty game is the newest.
    journal = SqliteJournal(":memory:")
    played = GameSession.start(journal, "played", new_game(), clock=lambda: 100.0)
    assert isinstance(played, GameSession)
    journal.create_game("welcome", "Welcome game", 200.0)
    assert open_game(journal).name == "played"
    assert GameSession.resume(journal).name == "played"
    again = GameSession.start(journal, "welcome", new_game(), clock=lambda: 300.0)  # no "already exists"
    assert isinstance(again, GameSession) and open_game(journal).name == "welcome"


def test_only_empty_games_is_no_game_to_resume() -> None:
    journal = SqliteJournal(":memory:")
    journal.create_game("welcome", "Welcome game", 200.0)
    with pytest.raises(JournalError, match="no stored game to resume"):
        open_game(journal)


class _WrittenThenLost:
    """Writes the next append, then raises as a connection lost before the reply does."""

    def __init__(self, inner: Journal) -> None:
        self.inner = inner
        self.lose = True

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        self.inner.append(game, entry, snapshot)
        if self.lose:
            self.lose = False
            raise JournalUnavailable("went away during a write (a test)")

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def test_a_retry_after_a_lost_reply_takes_its_own_entry_as_written() -> None:
    inner = SqliteJournal(":memory:")
    game = GameSession.start(inner, "g", new_game())
    assert isinstance(game, GameSession)
    game.journal = _WrittenThenLost(inner)  # type: ignore[assignment]
    heard: list[int] = []
    game.listeners.append(lambda events, state, entry: heard.append(entry.seq))
    direction = c.ChooseDirection("great_cthulhu", "clockwise")
    with pytest.raises(JournalUnavailable):
        game.submit(direction, "tap:1")
    assert game.seq == 1 and heard == []
    result = game.submit(direction, "tap:1")  # the retry: the same input, found in as entry 2
    assert not isinstance(result, Rejected) and game.seq == 2 and heard == [2]
    assert [e.seq for e in inner.entries("g")] == [1, 2]
    with pytest.raises(DuplicateInput):  # later, the same input again: refused, nothing changes
        game.submit(c.Undo(), "tap:1")
    assert game.seq == 2 and heard == [2]


def test_a_game_whose_stored_state_is_damaged_is_replayed_instead() -> None:
    # Garbage inside a record's text leaves SQLite's pages sound: a snapshot that is not a state
    # is passed over (logged), never hiding the game: its state is replayed from its entries.
    journal = SqliteJournal(":memory:")
    older = GameSession.start(journal, "older", new_game(), clock=lambda: 100.0)
    newer = GameSession.start(journal, "newer", new_game(), clock=lambda: 200.0)
    assert isinstance(older, GameSession) and isinstance(newer, GameSession)
    journal._db.execute("UPDATE snapshots SET state = '{\"not\": \"a state\"}' WHERE game = 'newer'")
    resumed = GameSession.resume(journal, "newer")
    assert resumed.state == newer.state and open_game(journal).name == "newer"


class SnapshotsSeen(CountingJournal):
    """Counts reads, and records the snapshot each append carried (by entry number)."""

    def __init__(self) -> None:
        super().__init__()
        self.carried: dict[int, str | None] = {}

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        self.carried[entry.seq] = snapshot
        super().append(game, entry, snapshot)


def snapshot_nodes(journal: Journal, last: int) -> list[int]:
    return [node for node in range(1, last + 1) if journal.snapshot("g", node) is not None]


def test_a_deferred_snapshot_is_not_on_the_appends_way_and_is_written_when_settled() -> None:
    journal = SnapshotsSeen()
    game = session(journal, every=4)  # depth 2
    game.defer_snapshots = True
    game.submit(c.Correct(GC, "power", 1))
    game.submit(c.Correct(GC, "power", 2))  # depth 4: its snapshot falls due
    assert journal.carried[4] is None and journal.snapshot("g", 4) is None
    assert game.owes_snapshot
    assert game.settle() is True  # the table's quiet moment
    assert journal.snapshot("g", 4) == canonical(game.state) and not game.owes_snapshot
    assert game.settle() is False  # nothing owed: nothing written
    resumed = GameSession.resume(journal, "g", snapshot_every=4)
    assert canonical(resumed.state) == canonical(game.state)


def test_resume_is_right_and_bounded_when_deferred_snapshots_never_got_a_quiet_moment() -> None:
    journal = SnapshotsSeen()
    game = session(journal, every=8)
    game.defer_snapshots = True
    for n in range(200):  # never settled: each snapshot is written only as the next falls due
        game.submit(c.Correct(GC, "power", n % 9))
    assert all(snapshot is None for seq, snapshot in journal.carried.items() if seq > 1)
    assert snapshot_nodes(journal, 202) == [1, *range(8, 200, 8)]  # 200's was owed at the power cut
    journal.reads = 0
    resumed = GameSession.resume(journal, "g", snapshot_every=8)  # from 192's: 10 replays
    assert canonical(resumed.state) == canonical(game.state)
    # 202 down to 193 replayed (a snapshot look-up and an entry read each), 192's snapshot, the
    # last entry: never more than one interval more than with 200's
    assert journal.reads <= 2 * 10 + 4
    assert game.settle() and snapshot_nodes(journal, 202)[-1] == 200
    journal.reads = 0
    assert canonical(GameSession.resume(journal, "g", snapshot_every=8).state) == canonical(game.state)
    assert journal.reads <= 2 * 2 + 4


def test_a_snapshot_the_journal_cannot_take_stays_owed() -> None:
    inner = SqliteJournal(":memory:")
    game = session(inner, every=4)
    game.defer_snapshots = True
    game.submit(c.Correct(GC, "power", 1))
    game.submit(c.Correct(GC, "power", 2))

    class Away:
        def keep_snapshot(self, game: str, node: int, snapshot: str) -> None:
            raise JournalUnavailable("away (a test)")

    game.journal = Away()  # type: ignore[assignment]
    with pytest.raises(JournalUnavailable):
        game.settle()
    assert game.owes_snapshot
    game.journal = inner
    assert game.settle() and inner.snapshot("g", 4) is not None


def test_a_snapshot_the_journal_refuses_is_dropped_and_the_game_goes_on() -> None:
    inner = SqliteJournal(":memory:")
    game = session(inner, every=4)
    game.defer_snapshots = True
    game.submit(c.Correct(GC, "power", 1))
    game.submit(c.Correct(GC, "power", 2))  # depth 4: owed

    def refuse(game: str, node: int, snapshot: str) -> None:
        raise JournalError("refused (a test)")

    inner.keep_snapshot = refuse  # type: ignore[method-assign]
    for n in range(4):  # depth 8 falls due: the owed one is refused, dropped, and play goes on
        assert game.submit(c.Correct(GC, "power", n)).ok
    assert game.owes_snapshot and inner.snapshot("g", 4) is None  # 8's is owed now
    del inner.keep_snapshot
    assert game.settle() and inner.snapshot("g", 8) == canonical(game.state)
    assert canonical(GameSession.resume(inner, "g", snapshot_every=4).state) == canonical(game.state)
