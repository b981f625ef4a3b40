"""The Spellbook requirement check asks a memoised plan (abilities.Plan: the requirements due and
not met, in turn order) and goes round it until a round meets nothing.  It must meet exactly
what plain passes over every seat meet (each requirement in order, due by the event types seen
so far, passes repeated until one meets nothing), call by call, over seeded games, with the
same states, events and order of meetings; and a faction's requirements swapped after a plan
was made must be the ones asked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from companion.engine.cthulhu import abilities
from companion.engine.cthulhu.events import BattleEnded, HitTaken, UnitsMoved
from companion.engine.cthulhu.factions import independents, powers
from companion.engine.cthulhu.factions.powers import with_abilities
from companion.engine.cthulhu.model import Faction, GameState
from tests.engine.cthulhu.checked_games import EXPANSION_SEATS, INDEPENDENT_SEATS, play_checked
from tests.engine.cthulhu.factions.kit import BG, CC, GC, game, turn
from tests.engine.cthulhu.plugins import swap_requirements


def plain_passes(state: GameState, events: powers.Events, every: bool = False) -> GameState:
    """The check as the rules say it, without a plan: every seat in turn order, each
    requirement of its faction in order when due (by the types of the events so far), again
    until a pass meets nothing."""
    types = {type(e) for e in events}
    every = every or abilities.checks_all(types) or state.abilities.late
    if state.abilities.late:
        state = with_abilities(state, late=False)
    while True:
        met_one = False
        for seat in state.turn_order():
            player = state.players[seat]
            module = abilities.MODULES.get(player.faction)
            for requirement in () if module is None else module.requirements:
                if (player.pid, requirement.name) in state.abilities.met:
                    continue
                if (every or powers.due(requirement, types)) and requirement.met(state, player.pid, events):
                    mark = len(events)
                    state = abilities.meet(state, seat, requirement, events)
                    types |= {type(e) for e in events[mark:]}
                    every = every or abilities.checks_all(types)
                    met_one = True
        if not met_one:
            return state


@pytest.fixture
def against_plain_passes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every requirement check of the games run both ways and compared; how many met one or more."""
    original = abilities.check_requirements
    meetings: list[int] = []

    def checked(state: GameState, events: powers.Events, every: bool = False) -> GameState:
        plain_events = list(events)
        plain = plain_passes(state, plain_events, every)
        planned = original(state, events, every)
        assert events == plain_events and planned == plain, [type(e).__name__ for e in events]
        if len(planned.abilities.met) > len(state.abilities.met):
            meetings.append(len(planned.abilities.met) - len(state.abilities.met))
        return planned

    monkeypatch.setattr(abilities, "check_requirements", checked)
    yield meetings


@pytest.mark.parametrize(
    ("map_name", "players", "seats", "acolyte", "cards"),
    [
        ("earth-3p", 3, (), False, ()),
        ("earth-4p-53", 4, (), True, ()),
        ("earth-6p", 6, EXPANSION_SEATS, False, ()),
        ("earth-5p", 5, INDEPENDENT_SEATS, False, independents.CARDS),
    ],
)
def test_the_planned_check_meets_what_plain_passes_meet(
    against_plain_passes: list[int],
    map_name: str,
    players: int,
    seats: tuple[Faction, ...],
    acolyte: bool,
    cards: tuple[str, ...],
) -> None:
    for seed in range(2):
        play_checked(map_name, players, seed, acolyte=acolyte, seats=seats, independents=cards)
    assert against_plain_passes, "no requirement was met: the comparison proved nothing"


def test_a_requirement_met_meets_one_before_it_in_the_order() -> None:
    """Great Cthulhu's second Kill met by the first Kill's check (3 in the battle just ended: both
    books): the round goes on after the one met; Black Goat's spread is due by the move (the
    check goes round once)."""
    state = turn(game(Australia={"units": [(BG, "cultist", "Acolyte", 1)]}), GC)
    state = with_abilities(state, fighters=((GC, ""), (CC, "")), tally=((GC, 3),))
    events: powers.Events = [
        HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill"),
        BattleEnded("Asia", GC, CC),
        UnitsMoved(BG, "Asia", "Australia", "cultist", "Acolyte", 1),
    ]
    plain_events = list(events)
    planned = abilities.check_requirements(state, events)
    assert planned == plain_passes(state, plain_events) and events == plain_events
    assert (GC, "Kill/Devour 1 enemy unit") in planned.abilities.met and (
        GC,
        "Kill/Devour 2 enemy units",
    ) in planned.abilities.met


def test_a_later_seats_requirement_met_meets_an_earlier_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check goes round the order again after the last seat's meeting, up to it: the first
    seat's requirement, unmet when first asked, is met by the second seat's event."""
    state = turn(game(), GC)

    def after_a_met(state: GameState, pid: str, events: powers.Events) -> bool:
        return any(isinstance(e, powers.RequirementMet) for e in events)

    seats = [abilities.MODULES[state.players[seat].faction] for seat in state.turn_order()]
    swap_requirements(monkeypatch, seats[0], (powers.Requirement("first", after_a_met, when=powers.KILLS | powers.MET),))
    swap_requirements(monkeypatch, seats[1], (powers.Requirement("kill", lambda s, p, e: True, when=powers.KILLS),))
    events: powers.Events = [HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill")]
    plain_events = list(events)
    planned = abilities.check_requirements(state, events)
    assert planned == plain_passes(state, plain_events) and events == plain_events
    assert [name for _, name in planned.abilities.met] == ["kill", "first"]


def test_a_swapped_requirement_is_asked_after_a_plan_was_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plans are read by the requirements tuples they were made from: a faction's
    requirements replaced (as the tests' spies do) are the ones asked from then on."""
    state = turn(game(), GC)
    state = with_abilities(state, fighters=((GC, ""), (CC, "")), tally=((GC, 1),))
    events: powers.Events = [HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill"), BattleEnded("Asia", GC, CC)]
    assert (GC, "Kill/Devour 1 enemy unit") in abilities.check_requirements(state, list(events)).abilities.met
    never = tuple(
        dataclasses.replace(r, met=lambda s, p, e: False) for r in abilities.MODULES[Faction.GREAT_CTHULHU].requirements
    )
    swap_requirements(monkeypatch, abilities.MODULES[Faction.GREAT_CTHULHU], never)
    assert abilities.check_requirements(state, list(events)).abilities.met == state.abilities.met
