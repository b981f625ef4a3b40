"""The demo's bots play with the abilities (issue 20): the demo's games have the referee play the
factions' unique abilities, Spellbooks and requirements, and the bots meet requirements, take
Spellbooks through their prompts and use abilities, through the table as every demo does."""

from __future__ import annotations

import json
from collections import Counter

from companion.demo import demo_setup
from companion.demo_run import play
from companion.engine.cthulhu.model import Phase
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal


def test_the_demos_bots_play_with_the_abilities() -> None:
    setup = demo_setup(3, None, 4)  # the default four-player demo
    assert setup.options.abilities  # the referee plays the abilities in every demo
    journal = SqliteJournal(":memory:")
    session = GameSession.start(journal, "demo", setup.command())
    assert isinstance(session, GameSession)
    final = play(session, 3, limit=1500)
    events = [event for entry in journal.entries("demo") for event in json.loads(entry.events)]
    kinds = Counter(event["type"] for event in events)
    users = {event["player"] for event in events if event["type"] == "ability_used"}
    assert len(users) >= 2, users  # several factions' abilities took effect
    assert kinds["requirement_met"] and any(all(p.spellbooks) and p.spellbooks for p in final.players), kinds
    assert final.phase is Phase.GAME_OVER or final.round >= 2
