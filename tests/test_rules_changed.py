"""A stored game whose journal holds an entry the rules of this version refuse (they changed since
it was journaled) opens as far as its journal still applies, on every journal; undo and redo
across the entry are refused cleanly; a replay reports the entry (docs/architecture.md, "When the
rules change")."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import fakeredis
import pytest

from companion.cli import main
from companion.engine import Code, Rejected, canonical, decode_state, legal_commands
from companion.engine.cthulhu import commands as c
from companion.session import EntryNoLongerApplies, GameSession, open_game, replay_any
from companion.store import Entry, EntryKind, Journal, JournalError
from companion.store.redis import RedisJournal
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game
from tests.refused_journal import THEN, WORDS, entries, write


def test_the_entry_is_refused_now_and_was_taken_then() -> None:
    """The premise: the journal's battle is one these rules refuse, at the state it was taken in."""
    journal = SqliteJournal(":memory:")
    written = write(journal)
    before = decode_state(written.states[written.refused - 1])
    refusal = GameSession.rules.apply(before, THEN)
    assert isinstance(refusal, Rejected) and refusal.code is Code.NO_SUCH_UNITS and "combat" in refusal.message


def test_a_game_opens_before_the_refused_entry_says_so_and_journals_the_move(journal: Journal) -> None:
    written = write(journal)
    kept = entries(journal)
    session = open_game(journal, "old")
    assert isinstance(session, GameSession)
    # Opened at the entry before the refused one, in the state the journal had there.
    assert canonical(session.state) == written.states[written.refused - 1]
    refused = session.reopened
    assert refused is not None and refused.seq == written.refused and refused.what == WORDS
    notice = refused.notice()
    assert notice.startswith(f"Entry {written.refused} ({WORDS}) no longer applies: ")
    # The refusal's sentence, the players named as the table names them, not by the engine's ids.
    assert "Great Cthulhu has no combat against Crawling Chaos in North Pacific" in notice
    assert "great_cthulhu" not in notice and "crawling_chaos" not in notice
    assert notice.endswith("play that turn again from here.")
    # Nothing journaled was rewritten: one undo entry more moved the head back, no redo after it.
    now = entries(journal)
    assert now[: len(kept)] == kept and len(now) == len(kept) + 1
    moved = now[-1]
    assert (moved.kind, moved.parent, moved.head, moved.depth, moved.redo) == (
        EntryKind.UNDO,
        written.head,
        written.refused - 1,
        written.refused - 2 + 1,
        (),
    )
    assert json.loads(moved.events) == [{"type": "undone", "step": written.refused, "command": "battle"}]


def test_a_restart_opens_at_the_same_place_says_it_again_and_writes_nothing(journal: Journal) -> None:
    # The first opening may be the tower's bridge, with no screen to say it: every opening says it
    # while the game stands where the move left it, and writes nothing more.
    written = write(journal)
    first = GameSession.resume(journal, "old")
    again = GameSession.resume(journal, "old")
    assert again.seq == first.seq and len(entries(journal)) == first.seq
    assert canonical(again.state) == written.states[written.refused - 1]
    assert again.reopened is not None and first.reopened is not None
    assert again.reopened.notice() == first.reopened.notice()


def test_once_the_turn_is_played_again_an_opening_says_nothing(journal: Journal) -> None:
    write(journal)
    session = GameSession.resume(journal, "old")
    assert session.submit(next(iter(legal_commands(session.state)))).ok
    assert GameSession.resume(journal, "old").reopened is None


def test_an_ordinary_undo_is_not_taken_for_a_move_before_a_refused_entry(journal: Journal) -> None:
    write(journal)
    session = GameSession.resume(journal, "old")
    assert session.submit(next(iter(legal_commands(session.state)))).ok
    assert session.submit(c.Undo()).ok  # the newest entry is an undo again, with its node to redo
    last = journal.last("old")
    assert last is not None and last.kind is EntryKind.UNDO and last.redo
    assert GameSession.resume(journal, "old").reopened is None


def test_the_turn_is_played_again_and_the_refused_branch_stays_in_the_journal(journal: Journal) -> None:
    written = write(journal)
    session = GameSession.resume(journal, "old")
    moved = session.seq
    played = next(iter(legal_commands(session.state)))
    assert session.submit(played).ok
    entry = journal.entry("old", moved + 1)
    assert entry.parent == written.refused - 1 and entry.command == canonical(played)
    assert journal.entry("old", written.refused).command == canonical(THEN)  # the abandoned branch, kept
    assert canonical(GameSession.resume(journal, "old").state) == canonical(session.state)
    # Undo from the replayed turn goes back to where the game opened, without the refused entry.
    assert session.submit(c.Undo()).ok
    assert canonical(session.state) == written.states[written.refused - 1]


def test_a_head_loaded_from_a_snapshot_past_the_refused_entry_opens_as_it_was(journal: Journal) -> None:
    # Snapshots every 8 nodes: node 8 has one, past the refused battle (node 6); the head is node 9.
    written = write(journal, every=8)
    assert written.refused < 8 < written.head and journal.snapshot("old", 8) is not None
    kept = entries(journal)
    session = GameSession.resume(journal, "old")
    assert session.reopened is None and canonical(session.state) == written.states[written.head]
    assert entries(journal) == kept
    # Undo to node 8 (its snapshot) works; one more would replay the battle: refused, nothing changed.
    assert session.submit(c.Undo()).ok
    assert canonical(session.state) == written.states[8]
    seq, state = session.seq, session.state
    refusal = session.submit(c.Undo())
    assert isinstance(refusal, Rejected) and refusal.code is Code.NO_LONGER_APPLIES
    assert refusal.message.startswith(f"That would replay entry {written.refused} ({WORDS}), which no longer applies: ")
    assert refusal.message.endswith("Nothing changed.")
    assert "no combat against Crawling Chaos" in refusal.message and "crawling_chaos" not in refusal.message
    assert session.seq == seq and session.state is state and len(entries(journal)) == seq
    # ... and the game goes on from there.
    assert session.submit(c.Redo()).ok and canonical(session.state) == written.states[written.head]


def test_a_redo_that_would_replay_the_refused_entry_is_refused(journal: Journal) -> None:
    # The game was undone back before the battle then: it opens as it was, the battle on the redo stack.
    written = write(journal, after=1, undo=2)
    session = GameSession.resume(journal, "old")
    assert session.reopened is None and canonical(session.state) == written.states[written.refused - 1]
    seq = session.seq
    refusal = session.submit(c.Redo())
    assert isinstance(refusal, Rejected) and refusal.code is Code.NO_LONGER_APPLIES
    assert f"entry {written.refused} ({WORDS})" in refusal.message
    assert session.seq == seq and len(entries(journal)) == seq
    assert GameSession.resume(journal, "old").reopened is None  # nothing to open differently


def test_the_newest_game_is_opened_before_its_refused_entry_not_passed_over() -> None:
    journal = SqliteJournal(":memory:")
    write(journal)
    session = open_game(journal)
    assert session.name == "old" and session.reopened is not None


def test_a_journal_that_cannot_take_the_move_opens_nothing(tmp_path: Path) -> None:
    journal = RedisJournal(fakeredis.FakeRedis(server=(server := fakeredis.FakeServer())))
    write(journal)
    kept = entries(journal)

    class Away(RedisJournal):
        def append(self, game: str, entry: object, snapshot: str | None = None) -> None:
            server.connected = False
            try:
                super().append(game, entry, snapshot)  # type: ignore[arg-type]
            finally:
                server.connected = True

    away = Away(fakeredis.FakeRedis(server=server))
    with pytest.raises(JournalError, match=r"went away|not answering"):
        GameSession.resume(away, "old")
    assert entries(journal) == kept
    assert GameSession.resume(journal, "old").reopened is not None  # once it answers


def test_a_second_process_that_moved_the_head_first_is_read_not_written_twice() -> None:
    server = fakeredis.FakeServer()
    here = RedisJournal(fakeredis.FakeRedis(server=server))
    written = write(here)
    there = RedisJournal(fakeredis.FakeRedis(server=server))

    class Late(RedisJournal):
        """Reads the game before the other process moves its head, writes after."""

        def append(self, game: str, entry: object, snapshot: str | None = None) -> None:
            if not self.__dict__.get("raced"):
                self.__dict__["raced"] = True
                GameSession.resume(there, "old")
            super().append(game, entry, snapshot)  # type: ignore[arg-type]

    late = GameSession.resume(Late(fakeredis.FakeRedis(server=server)), "old")
    assert late.reopened is not None and late.reopened.seq == written.refused
    assert canonical(late.state) == written.states[written.refused - 1]
    assert [e.kind for e in entries(here)].count(EntryKind.UNDO) == 1


# -- the command line -------------------------------------------------------------------------


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = ""
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_replay_reports_the_refused_entry_and_prints_the_game_as_far_as_it_applies(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    journal = SqliteJournal(tmp_path / "journal.sqlite3")
    written = write(journal)
    exported = tmp_path / "old.jsonl"
    exported.write_text("".join(e.to_json() + "\n" for e in journal.entries("old")))
    journal.close()
    code, out, err = run_cli(monkeypatch, capsys, ["replay", str(exported)])
    assert code == 1
    assert out.splitlines() == [written.states[written.refused - 1]]
    assert f"Entry {written.refused} ({WORDS}) no longer applies: " in err
    assert "has no combat against Crawling Chaos" in err and "play that turn again from there." in err
    assert "crawling_chaos" not in err
    assert "Traceback" not in err
    with pytest.raises(EntryNoLongerApplies) as raised:  # the same, for a program
        replay_any(journal_lines(exported))
    assert raised.value.refused.seq == written.refused


def journal_lines(path: Path) -> list[Entry]:
    return [Entry.from_json(line) for line in path.read_text().splitlines()]


def test_a_script_on_the_stored_game_says_where_it_opened(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "journal.sqlite3"
    with SqliteJournal(path) as journal:
        written = write(journal)
    actor = decode_state(written.states[written.refused - 1]).prompt.actor
    line = json.dumps({"type": "pass", "player": actor})  # the turn played again, another way
    code, out, err = run_cli(monkeypatch, capsys, ["--journal", str(path), "script", "--game", "old"], line + "\n")
    assert f"Entry {written.refused} ({WORDS}) no longer applies" in err and "play that turn again from here." in err
    answer = json.loads(out.splitlines()[0])
    assert code == 0 and answer["ok"] is True
    with SqliteJournal(path) as journal:
        last = journal.last("old")
        assert last is not None and last.parent == written.refused - 1 and last.command == canonical(c.Pass(actor))


def test_the_notice_and_the_refusal_are_in_the_table_s_language() -> None:
    from companion import i18n

    journal = SqliteJournal(":memory:")
    written = write(journal, every=8)
    i18n.use("de")
    try:
        session = GameSession.resume(journal, "old")
        assert session.submit(c.Undo()).ok
        refusal = session.submit(c.Undo())
        assert isinstance(refusal, Rejected) and refusal.says is not None
        worded = i18n.sentence(refusal.says)
        assert worded.startswith(f"Dafür müsste Eintrag {written.refused} (") and worded.endswith("Nichts wurde geändert.")
        journal.append("old", replace_head(journal, written.refused + 1))  # as an older process would
        reopened = GameSession.resume(journal, "old").reopened
        assert reopened is not None
        notice = reopened.notice()
        assert notice.startswith(f"Eintrag {written.refused} (") and notice.endswith(
            "spielt diesen Zug von hier aus noch einmal."
        )
        assert "no combat" not in notice  # the refusal's sentence translated too
    finally:
        i18n.use("en")


def replace_head(journal: Journal, node: int) -> Entry:
    """An undo entry (as another process would write) moving the head to ``node``."""
    last = journal.last("old")
    assert last is not None
    return Entry(last.seq + 1, EntryKind.UNDO, last.head, node, node, (), canonical(c.Undo()), "[]", 3.0)


def test_a_game_only_looked_at_opens_before_the_refused_entry_and_journals_nothing(journal: Journal) -> None:
    """Its story on the Games page (companion.keeper): read-only, so looking never moves its head."""
    written = write(journal)
    kept = entries(journal)
    session = open_game(journal, "old", read_only=True)
    assert isinstance(session, GameSession)
    assert canonical(session.state) == written.states[written.refused - 1]
    assert session.reopened is not None and session.reopened.seq == written.refused
    assert entries(journal) == kept  # nothing journaled
    from companion.keeper import Keeper

    other = GameSession.start(journal, "other", new_game())
    assert isinstance(other, GameSession)
    assert Keeper.story(other, "old")["players"]  # the story of the game not on the table
    assert entries(journal) == kept
