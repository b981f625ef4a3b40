"""The after-command hook calls a faction's reaction (and the bookkeeping) only when the
command's events hold a type it reads (each module's ``REACTS_TO``, abilities.react_to): this
must give exactly what calling every reaction, and the bookkeeping, after every command gives.

Over seeded games of every modelled faction (the conformance games' bots, with the Astral
Acolyte, the independents, the neutral Spellbooks and Tcho-Tcho's and Bubastis' set-ups), every
call runs both ways on the same input and compares the states and events they give.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from companion.engine import Event
from companion.engine.cthulhu import abilities
from companion.engine.cthulhu.factions import independents, neutral_spellbooks, powers
from companion.engine.cthulhu.model import Faction, GameState
from tests.engine.cthulhu.checked_games import EXPANSION_SEATS, INDEPENDENT_SEATS, play_checked

GAMES: list[tuple[str, int, tuple[Faction, ...], bool, tuple[str, ...], bool]] = [
    ("earth-3p", 3, (), False, (), False),
    ("earth-4p-53", 4, (), True, (), True),
    ("earth-5p", 5, EXPANSION_SEATS[:5], False, (), True),
    ("earth-6p", 6, EXPANSION_SEATS, False, (), False),
    ("earth-5p", 5, INDEPENDENT_SEATS, False, independents.CARDS, True),
    ("primeval-demo", 3, INDEPENDENT_SEATS[:3], False, independents.CARDS, False),
]


@dataclasses.dataclass
class Record:
    calls: int = 0
    skipped: int = 0  # reactions not called, their events holding no type they read
    kept_aside: int = 0  # bookkeepings not done, the events holding no type it reads
    changed: int = 0  # calls where the reactions changed the state: the comparison saw them act


@pytest.fixture
def both_ways(monkeypatch: pytest.MonkeyPatch) -> Iterator[Record]:
    """Every reaction pass and bookkeeping run twice, by event type and in full, compared."""
    react_to, bookkeeping = abilities.react_to, abilities.bookkeeping
    record = Record()

    def reacted(state: GameState, events: powers.Events, types: set[type[Event]], every: bool = False) -> GameState:
        full_events = list(events)
        full = react_to(state, full_events, types, every=True)
        chosen = react_to(state, events, types, every)
        assert events == full_events and chosen == full, (state.round, state.phase, sorted(t.__name__ for t in types))
        record.calls += 1
        table = abilities.reactions_of(
            tuple(p.faction for p in state.players), bool(state.options.independents), state.options.neutral_spellbooks
        )
        record.skipped += sum(1 for _, reads in table if reads is not None and reads.isdisjoint(types))
        record.changed += chosen is not state
        return chosen

    def kept(state: GameState, seen: powers.Events, types: set[type[Event]] | None = None) -> GameState:
        full = bookkeeping(state, seen)
        chosen = bookkeeping(state, seen, types)
        assert chosen == full
        record.kept_aside += types is not None and types.isdisjoint(abilities.BOOKKEEPING_TYPES)
        return chosen

    monkeypatch.setattr(abilities, "react_to", reacted)
    monkeypatch.setattr(abilities, "bookkeeping", kept)
    yield record


@pytest.mark.parametrize(("map_name", "players", "seats", "acolyte", "cards", "neutral"), GAMES)
def test_the_reactions_by_event_type_give_what_every_reaction_gives(
    both_ways: Record,
    map_name: str,
    players: int,
    seats: tuple[Faction, ...],
    acolyte: bool,
    cards: tuple[str, ...],
    neutral: bool,
) -> None:
    for seed in range(2):
        play_checked(map_name, players, seed, acolyte=acolyte, seats=seats, independents=cards, neutral_spellbooks=neutral)
    assert both_ways.calls and both_ways.changed, "no reaction acted: the comparison proved nothing"
    assert both_ways.skipped, "no reaction was skipped"
    assert both_ways.kept_aside, "no bookkeeping was skipped"


def test_a_faction_without_a_reaction_and_the_options_off_call_nothing() -> None:
    """Black Goat reacts to nothing; the independents and the neutral Spellbooks react only
    with their options on."""
    seating = (Faction.GREAT_CTHULHU, Faction.BLACK_GOAT, Faction.CRAWLING_CHAOS)
    reactions = [react for react, _ in abilities.reactions_of(seating, False, False)]
    assert reactions == [abilities.MODULES[Faction.GREAT_CTHULHU].reaction, abilities.MODULES[Faction.CRAWLING_CHAOS].reaction]
    both = [react for react, _ in abilities.reactions_of(seating, True, True)]
    assert both == [*reactions, independents.react, neutral_spellbooks.react]
