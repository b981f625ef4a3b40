"""Property tests: random sequences of legal commands, replay, undo/redo, and rejections.

- replay of the journal equals the live state;
- undo then redo gives back the state before, to the byte of the canonical form;
- every rejected command leaves the state exactly as it was.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Command, Rejected, apply, canonical, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, UnitKind
from companion.session import GameSession, replay
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

PROPERTY_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=120)
PIDS = ("great_cthulhu", "crawling_chaos", "black_goat", "sleeper")
AREAS = ("South Pacific", "Asia", "Africa", "Europe", "North Pacific", "Atlantis")


def start(seed: int) -> GameSession:
    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game(seed=seed), snapshot_every=8)
    assert isinstance(session, GameSession)
    return session


def pick(session: GameSession, index: int) -> Command:
    options = []
    for option in legal_commands(session.state):
        options.append(option)
        if len(options) > 64:  # a roll lists every face combination: the first 64 will do
            break
    return options[index % len(options)]


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), picks=choices)
def test_replay_of_the_journal_equals_the_live_state(seed: int, picks: list[int]) -> None:
    session = start(seed)
    for index in picks:
        if session.state.phase is Phase.GAME_OVER:
            break
        assert session.submit(pick(session, index)).ok
    final, differences = replay(session.journal.entries("g"))
    assert differences == []
    assert canonical(final) == canonical(session.state)


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), picks=choices, depth=st.integers(1, 12))
def test_undo_then_redo_gives_back_the_same_state(seed: int, picks: list[int], depth: int) -> None:
    session = start(seed)
    history = [canonical(session.state)]
    for index in picks:
        if session.state.phase is Phase.GAME_OVER:
            break
        session.submit(pick(session, index))
        history.append(canonical(session.state))
    steps = min(depth, len(history) - 1)
    for back in range(1, steps + 1):
        assert session.submit(c.Undo()).ok
        assert canonical(session.state) == history[-1 - back]
    for _ in range(steps):
        assert session.submit(c.Redo()).ok
    assert canonical(session.state) == history[-1]
    resumed = GameSession.resume(session.journal, "g", snapshot_every=8)
    assert canonical(resumed.state) == history[-1]


def arbitrary_commands() -> st.SearchStrategy[Command]:
    pid = st.sampled_from(PIDS)
    area = st.sampled_from(AREAS)
    kind = st.sampled_from(list(UnitKind))
    return st.one_of(
        st.builds(c.Pass, pid),
        st.builds(c.Recruit, pid, area, st.integers(-2, 12)),
        st.builds(c.BuildGate, pid, area),
        st.builds(c.Summon, pid, area, st.just("Thing"), st.integers(-1, 12), kind),
        st.builds(
            c.Move, pid, area, st.lists(st.builds(c.UnitRef, area, kind, st.just(""), st.integers(0, 7)), max_size=3).map(tuple)
        ),
        st.builds(c.Ritual, pid),
        st.builds(c.SkipRitual, pid),
        st.builds(c.Roll, st.lists(st.integers(0, 8), max_size=8).map(tuple), st.just("tower")),
        st.builds(c.ChooseDirection, pid, st.sampled_from(["clockwise", "widdershins"])),
        st.builds(c.Correct, pid, st.sampled_from(["power", "doom", "luck"]), st.integers(-3, 40)),
        st.builds(c.Eliminate, pid, st.builds(c.UnitRef, area, kind, st.just(""), st.integers(0, 9))),
        st.builds(c.RevealElderSign, pid, st.none() | st.integers(0, 4)),
    )


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), picks=choices, attempts=st.lists(arbitrary_commands(), min_size=1, max_size=30))
def test_a_rejected_command_changes_nothing(seed: int, picks: list[int], attempts: list[Command]) -> None:
    session = start(seed)
    for index in picks[:40]:
        if session.state.phase is Phase.GAME_OVER:
            break
        session.submit(pick(session, index))
    for command in attempts:
        before = canonical(session.state)
        result = apply(session.state, command)
        assert canonical(session.state) == before
        if isinstance(result, Rejected):
            assert result.message and result.code
        else:
            session.submit(command)
