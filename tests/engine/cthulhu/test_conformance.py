"""Random-game conformance: hundreds of seeded games played to the end through the public API.

After every command the invariants hold (no negative Power, Doom never falls, units conserved,
gates consistent, Acolytes within the pool, the prompt always answerable), and each game
replays from its journal to the identical canonical state.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine import canonical
from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions.independents import CARDS
from companion.engine.cthulhu.factions.neutral_spellbooks import BOOKS as NEUTRAL_BOOKS
from companion.engine.cthulhu.model import Faction
from companion.session import GameSession, replay
from tests.engine.cthulhu.checked_games import EXPANSION_SEATS, INDEPENDENT_SEATS, play_checked

ACOLYTE_MAPS = [("earth-4p-53", 4), ("shaggai-demo", 4), ("primeval-demo", 3), ("yuggoth-demo", 5)]
MAPS = [
    ("earth-3p", 3),
    ("earth-4p-35", 4),
    ("earth-4p-53", 4),
    ("earth-5p", 5),
    ("earth-6p", 6),
    ("yuggoth-demo", 4),
    ("shaggai-demo", 5),
]
GAMES_PER_MAP = 30  # 210 games in all


@pytest.mark.parametrize(("map_name", "players"), MAPS)
def test_random_games_keep_the_invariants_and_replay_exactly(map_name: str, players: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(GAMES_PER_MAP):
        journal, session = play_checked(map_name, players, seed)
        final, differences = replay(journal.entries("g"))
        assert differences == []
        assert canonical(final) == canonical(session.state)
        resumed = GameSession.resume(journal, "g", snapshot_every=16)
        assert canonical(resumed.state) == canonical(session.state)
        outcome = session.state.outcome
        assert outcome is not None
        outcomes["won" if outcome.winners else "lost"] += 1
    assert sum(outcomes.values()) == GAMES_PER_MAP


@pytest.mark.parametrize(("map_name", "players"), [("earth-5p", 5), ("earth-6p", 6)])
def test_random_games_with_the_expansion_factions_keep_the_invariants(map_name: str, players: int) -> None:
    for seed in range(GAMES_PER_MAP // 3):
        journal, session = play_checked(map_name, players, seed, seats=EXPANSION_SEATS[:players])
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)


@pytest.mark.parametrize(("map_name", "players"), ACOLYTE_MAPS)
def test_random_games_with_the_astral_acolyte_keep_the_invariants(map_name: str, players: int) -> None:
    placed = 0
    for seed in range(GAMES_PER_MAP // 2):
        journal, session = play_checked(map_name, players, seed, acolyte=True)
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)
        assert session.state.acolyte is not None
        placed += session.state.acolyte.status.value != "waiting"
    assert placed > 0


def test_the_acolytes_control_is_evaluated_after_every_other_hook_abhoths_filth_turned_neutral() -> None:
    """A seeded game (found by review) in which Abhoth is lost and his Filth in the Acolyte's area
    turn neutral: its control is re-evaluated in the same command, because its sync runs after the
    independents' hook (it used to run before it, by import order, and the check below failed)."""
    seats = (Faction.BUBASTIS, Faction.CRAWLING_CHAOS, Faction.YELLOW_SIGN, Faction.ANCIENTS, Faction.BLACK_GOAT)
    play_checked("shaggai-demo", 5, 203, acolyte=True, seats=seats, independents=CARDS, neutral_spellbooks=True)


def test_the_acolytes_sync_is_the_last_after_command_hook() -> None:
    import companion.engine.cthulhu.corrections  # noqa: F401  (every module that registers a hook)
    from companion.engine.cthulhu import acolyte, flow

    assert flow.AFTER_COMMAND_HOOKS[-1] is acolyte.sync


@pytest.mark.parametrize(("map_name", "players"), [("earth-4p-53", 4), ("earth-5p", 5), ("primeval-demo", 3)])
def test_random_games_with_bubastis_tcho_tcho_and_the_independents_keep_the_invariants(map_name: str, players: int) -> None:
    cards = 0
    for seed in range(GAMES_PER_MAP // 3):
        journal, session = play_checked(map_name, players, seed, seats=INDEPENDENT_SEATS[:players], independents=CARDS)
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)
        resumed = GameSession.resume(journal, "g", snapshot_every=16)
        assert canonical(resumed.state) == canonical(session.state)
        cards += sum(entry.events.count('"loyalty_card_changed"') for entry in journal.entries("g"))
    assert cards, "no independent was ever awakened or taken"


# The High Priests option (factions.md section 13) with Bubastis (+1 Power instead) and Tcho-Tcho
# (its own three, one at the start) beside the core factions: one more unit per faction, conserved
# between pool, board and captured; the bots recruit and sacrifice them.
@pytest.mark.parametrize(("map_name", "players"), [("earth-5p", 5)])
def test_random_games_with_high_priests_keep_the_invariants_and_replay_exactly(map_name: str, players: int) -> None:
    used: Counter[str] = Counter()
    seats = (Faction.BUBASTIS, Faction.TCHO_TCHO, Faction.GREAT_CTHULHU, Faction.BLACK_GOAT, Faction.YELLOW_SIGN)
    for seed in range(GAMES_PER_MAP // 3):
        journal, session = play_checked(map_name, players, seed, seats=seats, priests=True)
        assert session.state.options.high_priests
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)
        for entry in journal.entries("g"):
            used["sacrificed"] += entry.command.count('"sacrifice_high_priest"')
            used["recruited"] += entry.command.count('"unit":"High Priest"')
            used["kept"] += entry.command.count('"keep_high_priest"')  # the Oath's question answered
    assert used["sacrificed"] > 0 and used["recruited"] > 0 and used["kept"] > 0, used


# Every faction the rules data describes, on every map the referee can play (the full Yuggoth,
# Shaggai and Primeval Earth boards hold only public facts and are transcribed by their owners):
# the ten in seating groups of the map's size, so each faction sits at least once on each map,
# with the independents and the neutral Spellbooks in the game; the bots answer every ability and
# Spellbook prompt.
PLAYABLE = [*MAPS, ("primeval-demo", 5)]


def faction_groups(players: int) -> list[tuple[Faction, ...]]:
    """The ten factions in turn, ``players`` a game, the last game filled from the first."""
    every = tuple(RULES)
    return [tuple(every[(start + k) % len(every)] for k in range(players)) for start in range(0, len(every), players)]


@pytest.mark.parametrize(("map_name", "players"), PLAYABLE)
def test_every_faction_on_every_map_keeps_the_invariants_and_replays_exactly(map_name: str, players: int) -> None:
    used: Counter[str] = Counter()
    for seed, seats in enumerate(faction_groups(players)):
        journal, session = play_checked(map_name, players, seed, seats=seats, independents=CARDS, neutral_spellbooks=True)
        final, differences = replay(journal.entries("g"))
        assert differences == [] and canonical(final) == canonical(session.state)
        for entry in journal.entries("g"):
            used["abilities"] += entry.events.count('"ability_used"')
            used["neutral books"] += sum(entry.events.count(f'"{book}"') for book in NEUTRAL_BOOKS)
    assert {f for group in faction_groups(players) for f in group} == set(RULES)
    assert used["abilities"] > 0, "the bots never used a faction's ability"
    assert used["neutral books"] > 0, "no neutral Spellbook was ever taken"
