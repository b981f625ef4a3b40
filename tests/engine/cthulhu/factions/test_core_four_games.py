"""Seeded demo games with the core four and the referee playing the abilities: the bots answer
the ability and Spellbook prompts; every game ends, keeps the invariants (Spellbooks never more
than six, counters never negative, units conserved) and replays exactly."""

from __future__ import annotations

import json
from collections import Counter

from companion.engine import canonical
from companion.engine.cthulhu.model import SPELLBOOKS_TO_WIN
from companion.session import replay
from tests.engine.cthulhu.checked_games import play_checked

GAMES = 12


def test_core_four_demo_games_use_the_abilities_end_and_replay_exactly() -> None:
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        journal, session = play_checked("earth-4p-53", 4, seed)
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)
        assert all(len(p.spellbooks) <= SPELLBOOKS_TO_WIN and p.power >= 0 for p in final.players)
        for entry in journal.entries("g"):
            for event in json.loads(entry.events or "[]"):
                if event["type"] == "ability_used":
                    seen[event["ability"]] += 1
                elif event["type"] == "requirement_met":
                    seen["requirement"] += 1
    assert seen["requirement"] >= GAMES  # requirements are met in play, not only granted by hand
    assert len([name for name in seen if name != "requirement"]) >= 5, seen


def test_the_log_words_the_abilities_events() -> None:
    from companion.engine.cthulhu.factions.powers import AbilityUsed, PowerGained, RequirementMet
    from companion.narrate import describe

    assert (
        describe(RequirementMet("great_cthulhu", "Awaken Cthulhu"))
        == "Great Cthulhu meets a Spellbook requirement: Awaken Cthulhu."
    )
    assert (
        describe(AbilityUsed("black_goat", "Avatar", "Shub-Niggurath swaps places"))
        == "Black Goat: Avatar: Shub-Niggurath swaps places."
    )
    assert describe(PowerGained("yellow_sign", 1, "Passion", 3)) == "Yellow Sign gains 1 Power (Passion): 3."
