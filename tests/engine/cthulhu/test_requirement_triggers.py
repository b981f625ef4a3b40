"""The Spellbook requirements are checked only when the command's events can have met them (each
requirement's ``when``, factions/powers.py); this must meet exactly what checking every
requirement after every command meets.

Over seeded games of every modelled faction (the conformance games' bots, with the Astral
Acolyte, the independents and Tcho-Tcho's and Bubastis' set-ups), every call of the check runs
both ways on the same input and compares the states and events they give.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from companion.engine import Event, apply
from companion.engine.cthulhu import abilities
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleEnded, DiceRolled, HitTaken, PhaseStarted, TurnStarted, UnitsMoved
from companion.engine.cthulhu.factions import independents, powers
from companion.engine.cthulhu.model import Faction, GameState
from companion.engine.values import evolve
from tests.engine.cthulhu.checked_games import EXPANSION_SEATS, INDEPENDENT_SEATS, play_checked
from tests.engine.cthulhu.factions.kit import BG, CC, GC, game, turn
from tests.engine.cthulhu.plugins import swap_requirements

SEEDS = range(3)
GAMES: list[tuple[str, int, tuple[Faction, ...], bool, tuple[str, ...]]] = [
    ("earth-3p", 3, (), False, ()),
    ("earth-4p-35", 4, (), False, ()),
    ("earth-4p-53", 4, (), True, ()),
    ("earth-5p", 5, (), False, ()),
    ("earth-6p", 6, (), False, ()),
    ("yuggoth-demo", 4, (), True, ()),
    ("shaggai-demo", 5, (), True, ()),
    ("primeval-demo", 3, (), True, ()),
    ("earth-5p", 5, EXPANSION_SEATS[:5], False, ()),
    ("earth-6p", 6, EXPANSION_SEATS, False, ()),
    ("earth-4p-53", 4, INDEPENDENT_SEATS[:4], False, independents.CARDS),
    ("earth-5p", 5, INDEPENDENT_SEATS, False, independents.CARDS),
    ("primeval-demo", 3, INDEPENDENT_SEATS[:3], False, independents.CARDS),
]


@dataclasses.dataclass
class Record:
    calls: int = 0
    skipping: int = 0  # calls where the triggered check left at least one requirement unchecked
    met: Counter[str] = dataclasses.field(default_factory=Counter)


@pytest.fixture
def both_ways(monkeypatch: pytest.MonkeyPatch) -> Iterator[Record]:
    """Every requirement check run twice, triggered and full, compared; the triggered result kept."""
    original = abilities.check_requirements
    record = Record()

    def checked(state: GameState, events: powers.Events, every: bool = False) -> GameState:
        full_events = list(events)
        full = original(state, full_events, every=True)
        types = {type(e) for e in events}
        triggered = original(state, events, every)
        assert triggered.abilities.met == full.abilities.met, (state.round, state.phase, [type(e).__name__ for e in events])
        assert events == full_events and triggered == full
        record.calls += 1
        if not abilities.checks_all(types) and any(
            r.when is not None and r.when.isdisjoint(types)
            for p in state.players
            for r in getattr(abilities.MODULES.get(p.faction), "requirements", ())
        ):
            record.skipping += 1
        for pid, name in full.abilities.met[len(state.abilities.met) :]:
            record.met[f"{state.player(pid).faction.value}: {name}"] += 1
        return triggered

    monkeypatch.setattr(abilities, "check_requirements", checked)
    yield record


@pytest.mark.parametrize(("map_name", "players", "seats", "acolyte", "cards"), GAMES)
def test_the_triggered_requirement_check_meets_what_the_full_check_meets(
    both_ways: Record, map_name: str, players: int, seats: tuple[Faction, ...], acolyte: bool, cards: tuple[str, ...]
) -> None:
    for seed in SEEDS:
        play_checked(map_name, players, seed, acolyte=acolyte, seats=seats, independents=cards)
    assert both_ways.met, "no requirement was met: the comparison proved nothing"
    assert both_ways.skipping > 0, "the triggered check never skipped a requirement"


def test_every_faction_meets_requirements_through_the_triggers(both_ways: Record) -> None:
    """One game of each set-up: every modelled faction seated meets some requirement through
    the triggered check (the full check agreeing, call by call)."""
    seated: set[str] = set()
    for map_name, players, seats, acolyte, cards in GAMES:
        _, session = play_checked(map_name, players, 0, acolyte=acolyte, seats=seats, independents=cards)
        seated |= {p.faction.value for p in session.state.players if p.faction in abilities.MODULES}
    assert seated == {f.value for f in abilities.MODULES}
    assert {key.split(":")[0] for key in both_ways.met} == seated


def with_spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every requirement of the core four wrapped to record its name when it is evaluated."""
    called: list[str] = []

    def spied(requirement: powers.Requirement) -> powers.Requirement:
        def met(state: GameState, pid: str, events: powers.Events) -> bool:
            called.append(requirement.name)
            return requirement.met(state, pid, events)

        return dataclasses.replace(requirement, met=met)

    for faction in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.YELLOW_SIGN):
        module = abilities.MODULES[faction]
        swap_requirements(monkeypatch, module, tuple(spied(r) for r in module.requirements))
    return called


def test_quiet_events_check_no_triggered_requirement(monkeypatch: pytest.MonkeyPatch) -> None:
    state = turn(game(), GC)
    called = with_spy(monkeypatch)
    abilities.check_requirements(state, [DiceRolled("battle", GC, (6,), "d6", "tower"), TurnStarted(CC, 1)])
    assert called == []
    abilities.check_requirements(state, [DiceRolled("battle", GC, (6,), "d6", "tower")], every=True)
    assert len(called) == 24  # the reference checks all six of each of the four


def test_a_battle_checks_only_the_requirements_kills_and_moves_can_meet(monkeypatch: pytest.MonkeyPatch) -> None:
    state = turn(game(), GC)
    called = with_spy(monkeypatch)
    events = [
        HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill"),
        BattleEnded("Asia", GC, CC),
        UnitsMoved(BG, "Asia", "Europe", "cultist", "Acolyte", 1),
    ]
    abilities.check_requirements(state, events)
    assert "Kill/Devour 1 enemy unit" in called and "Units in 4 areas" in called
    # A unit retreating may be Yog-Sothoth, a gate where he stands (The Key and the Gate).
    assert "Ocean gates" in called and "3 gates or 12 Power" in called
    # A unit killed or retreating pays nothing and awakens no one.
    assert "Pay 4 Power" not in called and "First Doom Phase" not in called and "Awaken Cthulhu" not in called
    called.clear()
    abilities.check_requirements(state, events[:2])  # a Kill alone builds no gate
    assert "Kill/Devour 1 enemy unit" in called and "Ocean gates" not in called and "3 gates or 12 Power" not in called


def test_a_new_phase_or_an_unknown_event_checks_every_requirement(monkeypatch: pytest.MonkeyPatch) -> None:
    state = turn(game(), GC)
    called = with_spy(monkeypatch)
    abilities.check_requirements(state, [PhaseStarted(1, "doom")])
    assert len(called) == 24
    called.clear()
    abilities.check_requirements(state, [independents.DoomSpent(GC, 1, "test", 0)])  # an event no trigger names
    assert len(called) == 24


def test_a_requirement_met_by_the_board_is_met_when_the_board_changes() -> None:
    """Crawling Chaos holds three gates (set by hand); a recruit (a board event) checks it."""
    gates = {n: {"gate": CC, "units": [("crawling_chaos", "cultist", "Acolyte", 1)]} for n in ("Asia", "Europe", "Africa")}
    state = turn(game(**gates), CC, power=3)
    state = evolve(state, players=tuple(evolve(p, power=3) for p in state.players))
    done = apply(state, c.Recruit(CC, "Asia"))
    assert done.ok and ("crawling_chaos", "3 gates or 12 Power") in done.state.abilities.met  # type: ignore[union-attr]


def test_a_requirement_met_makes_a_later_one_of_the_seat_due_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Meeting a requirement adds its event (RequirementMet) to what the command did: a later
    requirement of the same seat that names it is checked in the same pass, right after it and
    before the next seat's, as when each requirement read the events seen so far."""
    state = turn(game(), GC)
    order: list[str] = []

    def requirement(name: str, when: frozenset[type[Event]], result: bool) -> powers.Requirement:
        def met(state: GameState, pid: str, events: powers.Events) -> bool:
            order.append(name)
            return result

        return powers.Requirement(name, met, when=when)

    great_cthulhu = (requirement("kill", powers.KILLS, True), requirement("after the kill", powers.MET, False))
    swap_requirements(monkeypatch, abilities.MODULES[Faction.GREAT_CTHULHU], great_cthulhu)
    swap_requirements(monkeypatch, abilities.MODULES[Faction.CRAWLING_CHAOS], (requirement("other", powers.KILLS, False),))
    done = abilities.check_requirements(state, [HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill")])
    assert (GC, "kill") in done.abilities.met
    assert order.index("after the kill") == order.index("kill") + 1
    # The pass after stops where this one last met a requirement: what came after it was
    # checked on the final state and events already, and is not asked again.
    assert order.count("after the kill") == 1 and order.count("other") == 1


def test_a_requirement_met_checks_again_the_ones_checked_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A requirement met by a later seat can make an earlier seat's true (its Elder Sign, its
    Power, its event): the pass after goes through the seats before it again, and only them."""
    state = turn(game(), GC)
    order: list[str] = []

    def requirement(name: str, when: frozenset[type[Event]], met: Callable[[powers.Events], bool]) -> powers.Requirement:
        def check(state: GameState, pid: str, events: powers.Events) -> bool:
            order.append(name)
            return met(events)

        return powers.Requirement(name, check, when=when)

    def after_a_met(events: powers.Events) -> bool:
        return any(isinstance(e, powers.RequirementMet) for e in events)

    seats = [abilities.MODULES[state.players[seat].faction] for seat in state.turn_order()]
    swap_requirements(monkeypatch, seats[0], (requirement("first", powers.KILLS | powers.MET, after_a_met),))
    swap_requirements(monkeypatch, seats[1], (requirement("kill", powers.KILLS, lambda e: True),))
    done = abilities.check_requirements(state, [HitTaken(CC, "Asia", "monster", "Nightgaunt", "kill")])
    first, second = state.players[state.turn_order()[0]].pid, state.players[state.turn_order()[1]].pid
    assert (second, "kill") in done.abilities.met and (first, "first") in done.abilities.met
    # first (unmet), kill (met); first again (met now), kill skipped (met); a third pass stops at "first".
    assert order == ["first", "kill", "first"]
