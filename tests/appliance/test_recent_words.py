"""A screen opening a game words its recent entries from the journal's data, without decoding
each event: the words are the same as the events decoded and worded one by one."""

from __future__ import annotations

from typing import Any

from companion import demo, demo_run
from companion.appliance import LOG_LINES, RECENT_ENTRIES, recent_words, words
from companion.engine.arkham import model as m
from companion.engine.cthulhu.corrections import SetSpellbooks
from companion.session import ArkhamSession, GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import journaled_events


def decoded_words(session: Any) -> list[str]:
    """The words as they were made before: each entry's events decoded, then worded."""
    lines: list[str] = []
    for entry in session.journal.entries(session.name, max(1, session.seq - RECENT_ENTRIES)):
        lines += words(journaled_events(entry), session.state)
    return lines[-LOG_LINES:]


def test_a_cthulhu_wars_games_recent_words_are_its_events_worded() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "g", demo.demo_setup(4, "yuggoth-demo", 4).command())
    assert isinstance(session, GameSession)
    demo_run.play(session, seed=4, limit=150)
    player = session.state.players[0].pid
    assert session.submit(SetSpellbooks(player, ("A book",), "forgot to take it")).ok  # a correction's words too
    demo_run.play(session, seed=5, limit=20)
    said = recent_words(session)
    assert said == decoded_words(session) and len(said) > 40
    assert any("forgot to take it" in line for line in said)


def test_an_arkham_games_recent_words_are_its_events_worded() -> None:
    seats = (m.Seated("Amanda", "Woods", 1), m.Seated("Bob", "Northside", 3))
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", m.NewArkhamGame("Azathoth", seats, seed=3))
    assert isinstance(session, ArkhamSession)
    for _ in range(4):
        assert session.submit(m.Mythos()).ok
    said = recent_words(session)
    assert said == decoded_words(session) and len(said) > 4
