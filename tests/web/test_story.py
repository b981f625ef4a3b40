"""The story: Doom and Power by round for each faction (from the states), the Spellbooks as they
came and the big moments (from the journaled events, read back from the first entry), an undo
taking off what it undid."""

from __future__ import annotations

import random
from typing import Any

from companion import demo, i18n
from companion.engine import State
from companion.engine.cthulhu.commands import Redo, Undo
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.web.story import Story, chapter_of, moment_words


def _seeded(seed: int, until_round: int) -> tuple[GameSession, Story, dict[int, State]]:
    session = GameSession.start(SqliteJournal(":memory:"), "s", demo.demo_setup(seed, None, 3).command())
    assert isinstance(session, GameSession)
    story, rnd, ends = Story(), random.Random(seed), {}
    story.record(session.state)
    while session.state.round < until_round and session.state.outcome is None:
        session.submit(demo.choose(session.state, rnd))
        story.record(session.state)
        ends[session.state.round] = session.state
    return session, story, ends


def test_doom_and_power_by_round_follow_the_game_and_its_undo() -> None:
    _session, story, ends = _seeded(2, 4)
    data = story.as_data()
    assert data["rounds"] == [1, 2, 3, 4]
    for n, player in enumerate(data["players"]):
        assert player["name"] == ends[4].players[n].label
        assert player["doom"] == [ends[r].players[n].doom for r in (1, 2, 3, 4)]
        assert player["power"] == [ends[r].players[n].power for r in (1, 2, 3, 4)]
    story.record(ends[2])  # an undo back into round 2
    assert story.as_data()["rounds"] == [1, 2]


def test_the_spellbooks_and_the_moments_are_read_back_from_the_journal() -> None:
    session, _story, _ends = _seeded(2, 99)  # a whole seeded game (it ends on 30 Doom)
    story = Story().replay(session.readable())
    story.record(session.state)
    data = story.as_data()
    for player in session.state.players:  # every Spellbook held, once, as it came
        assert sorted(b["name"] for b in data["books"] if b["player"] == player.label) == sorted(player.spellbooks)
    assert [b["round"] for b in data["books"]] == sorted(b["round"] for b in data["books"])
    assert data["moments"][-1]["text"].startswith("The game ended (30 Doom reached)")
    battles = [m for m in data["moments"] if m["text"].startswith("Battle in")]
    assert battles and all("{" not in m["text"] for m in data["moments"])  # the ids became names


def test_an_undone_spellbook_leaves_the_story_and_a_redo_brings_it_back() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "s", demo.demo_setup(2, None, 3).command())
    assert isinstance(session, GameSession)
    rnd, story = random.Random(2), Story()
    while not any(p.spellbooks for p in session.state.players):
        session.submit(demo.choose(session.state, rnd))
    story.replay(session.readable())
    first = story.as_data()["books"]
    assert len(first) == 1 and first[0]["round"] == session.state.round
    for command in (Undo(), Redo()):
        session.submit(command)
        entry = session.journal.entry("s", session.seq)
        story.hear(entry)
        assert len(story.as_data()["books"]) == (0 if isinstance(command, Undo) else 1)


def test_a_chapter_knows_the_big_moments_and_passes_over_the_rest() -> None:
    events: list[dict[str, Any]] = [
        {"type": "phase_started", "round": 5, "phase": "doom"},
        {"type": "watcher_awakened", "cause": "doom", "area": "Arctic Ocean", "token": 12, "player": "sleeper"},
        {"type": "area_eradicated", "area": "Africa", "worm": 3},
        {"type": "battle_rolled", "area": "Asia", "attacker": "a", "defender": "b", "attacker_kills": 0, "defender_kills": 0},
        {"type": "something_new"},
    ]
    chapter = chapter_of(7, 4, events)
    assert chapter.parent == 7 and chapter.round == 5
    assert [(r, moment_words(event, str.title)) for r, event in chapter.moments] == [
        (5, "The Watcher woke in Arctic Ocean (Sleeper's Doom passed its token)"),
        (5, "Africa was eradicated (Worm 3)"),
    ]  # a battle without a Kill is not a big moment


def test_a_moment_is_worded_in_the_language_in_use_with_its_plural() -> None:
    battle = {"type": "battle_rolled", "area": "Asia", "attacker": "a", "defender": "b", "attacker_kills": 1, "defender_kills": 2}
    assert moment_words(battle, str.upper) == "Battle in Asia: A rolled 1 Kill, B 2"
    assert moment_words({**battle, "attacker_kills": 3}, str.upper).startswith("Battle in Asia: A rolled 3 Kills")
    try:
        i18n.use("de")
        assert moment_words({**battle, "attacker_kills": 3}, str.upper).startswith("Kampf in Asia: A würfelte 3 Kills")
    finally:
        i18n.use("en")


def test_a_server_started_late_charts_every_round_from_the_journal() -> None:
    session, heard, _ends = _seeded(2, 5)
    late = Story().replay(session.readable(), session.state_at)
    late.record(session.state)
    assert late.as_data()["rounds"] == [1, 2, 3, 4, 5]
    assert late.as_data()["players"] == heard.as_data()["players"]  # as if it had heard every entry
