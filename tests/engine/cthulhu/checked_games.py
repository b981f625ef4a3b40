"""Seeded games played to the end with the invariants checked after every command
(tests/engine/cthulhu/test_conformance.py and the tests that play such games)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from companion.demo import DemoSetup, casualties, choose, demo_setup
from companion.engine import Event, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.acolyte import controller_in
from companion.engine.cthulhu.events import UnitsPlaced, UnitsRemoved
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, RULES, high_priests
from companion.engine.cthulhu.factions.independents import DoomSpent, VampirismDrained
from companion.engine.cthulhu.model import ERADICATED, GLACIER, MOON, STARTING_CULTISTS, Faction, Phase, UnitKind, spellbook_count
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal


def unit_totals(state: State) -> Counter[str]:
    totals: Counter[str] = Counter()
    for area in state.areas:
        for stack in area.units:
            totals[stack.owner] += stack.count
    return totals


def expected_totals(before: Counter[str], events: tuple[Event, ...]) -> Counter[str]:
    totals = Counter(before)
    for event in events:
        if isinstance(event, UnitsPlaced):
            totals[event.owner] += event.count
        elif isinstance(event, UnitsRemoved):
            totals[event.owner] -= event.count
    return +totals


def check_invariants(before: State, after: State, events: tuple[Event, ...]) -> None:
    for old, new in zip(before.players, after.players, strict=True):
        assert new.power >= 0 and new.doom >= 0 and len(new.spellbooks) <= 6, new
        check_pools(after, new.pid, new.faction)
        paid = any(isinstance(e, DoomSpent) or getattr(e, "ability", "") == "Sycophancy" for e in events)
        paid = paid or any(isinstance(e, VampirismDrained) and e.victim == new.pid for e in events)  # taken, not paid
        assert new.doom >= old.doom or paid, f"{new.pid}'s Doom fell from {old.doom} to {new.doom}"
        captured = sum(p.captured.count(new.pid) for p in after.players) - high_priests.captive(after, new.pid)
        # Acolytes only: the High Priests have their own pool (check_pools).
        cultists = sum(a.count(owner=new.pid, kind=UnitKind.CULTIST, name="Acolyte") for a in after.areas)
        assert cultists + captured <= STARTING_CULTISTS
    assert +unit_totals(after) == expected_totals(unit_totals(before), events), "units not conserved"
    for index, area in enumerate(after.areas):
        if after.area_name(index) == MOON:
            continue  # Bubastis' Moon is its gate with or without a cat there (factions.md section 9)
        if area.gate is not None and area.gate.controller is not None:
            assert area.count(owner=area.gate.controller) > 0, "a gate's controller has no unit there"
    check_watcher(after)
    check_worms(after)
    check_acolyte(after)
    if after.phase is not Phase.GAME_OVER:
        assert next(iter(legal_commands(after)), None) is not None, f"no legal answer to {after.prompt}"


def check_pools(state: State, pid: str, faction: Faction) -> None:
    """Units conserved between pool, board and captured: never more of a unit type in play
    than the faction's box holds (factions.md's unit tables, through the faction rules)."""
    rules = RULES.get(faction)
    if rules is None:
        return
    for unit in rules.units:
        out = sum(a.count(owner=pid, name=unit.name) for a in state.areas)
        if unit.kind is UnitKind.CULTIST:
            captured = sum(p.captured.count(pid) for p in state.players) - high_priests.captive(state, pid)
            out += captured if unit.name == "Acolyte" else 0
        assert out <= max(unit.pool, STARTING_CULTISTS if unit.name == "Acolyte" else 0), f"{pid}: {out} {unit.name}"
    if state.options.high_priests:  # one each (Tcho-Tcho its own three), on the map or held captured
        assert high_priests.out(state, pid) <= high_priests.pool(state, pid), f"{pid}: too many High Priests"
    for unit in NEUTRAL_UNITS.values():
        out = sum(a.count(owner=pid, name=unit.name) for a in state.areas)
        assert out <= unit.pool, f"{pid}: {out} {unit.name}"
    if faction is Faction.BUBASTIS:
        assert not any(a.count(owner=pid, kind=UnitKind.CULTIST) for a in state.areas), "Bubastis has no cultists"


def check_watcher(state: State) -> None:
    w = state.watcher
    if w is None:
        assert not state.board.is_yuggoth
        return
    if w.awake:
        assert 1 <= w.token <= 12 and w.area >= 0, w
    else:
        assert (w.token, w.area, w.fight) == (12, -1, None), w


def check_worms(state: State) -> None:
    if state.worms is None:
        assert not state.board.is_shaggai
        return
    areas = [area for area, _ in state.worms.on_map]
    numbers = [n for _, n in state.worms.on_map] + list(state.worms.supply)
    assert len(areas) == len(set(areas)), "two Worms in one area"
    assert sorted(numbers) == sorted(state.board.worm_numbers), "worms lost or duplicated"
    for index, area in enumerate(state.areas):
        if ERADICATED in area.markers:
            assert index not in areas and area.units == () and area.gate is None, state.area_name(index)


def check_acolyte(state: State) -> None:
    a = state.acolyte
    if a is None or a.status.value != "placed":
        return
    area = state.areas[a.area]
    if ERADICATED in area.markers:
        return  # waiting for the first player to move it out
    assert a.controller == controller_in(state, a.area), "control not re-evaluated"
    if area.gate is not None and GLACIER not in area.markers:
        assert area.gate.acolyte and area.gate.controller == (a.controller or None), "the Acolyte is not on the gate"


def play_checked(
    map_name: str,
    players: int,
    seed: int,
    acolyte: bool = False,
    seats: tuple[Faction, ...] = (),
    independents: tuple[str, ...] = (),
    neutral_spellbooks: bool = False,
    priests: bool = False,
) -> tuple[SqliteJournal, GameSession]:
    setup = demo_setup(
        seed, map_name, players, astral_acolyte=acolyte, independents=independents, neutral_spellbooks=neutral_spellbooks
    )
    options = dataclasses.replace(setup.options, high_priests=True) if priests else setup.options
    if seats or priests:
        setup = DemoSetup(setup.board, tuple(c.Seat(f) for f in seats) or setup.seats, seed, options)
    journal = SqliteJournal(":memory:")
    session = GameSession.start(journal, "g", setup.command(), snapshot_every=16)
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    for _ in range(5_000):
        before = session.state
        if before.phase is Phase.GAME_OVER:
            break
        result = session.submit(choose(before, rnd))
        assert result.ok, result
        check_invariants(before, session.state, result.events)  # type: ignore[union-attr]
        for order in casualties(session.state, result.events):  # type: ignore[union-attr]
            previous = session.state
            outcome = session.submit(order)
            assert outcome.ok, outcome
            check_invariants(previous, session.state, outcome.events)  # type: ignore[union-attr]
        if rnd.random() < 0.08 and session.state.phase is not Phase.GAME_OVER:
            player = rnd.choice(session.state.players)
            if spellbook_count(player) < 6:
                session.submit(c.GainSpellbook(player.pid))
    assert session.state.phase is Phase.GAME_OVER, f"{map_name} seed {seed} did not finish"
    return journal, session


# Every faction the rules data describes whose set-up the referee plays (Bubastis' Moon and
# Tcho-Tcho's set-up are not modelled yet), on the Earth maps that print their start areas.
EXPANSION_SEATS = (
    Faction.OPENER_OF_THE_WAY,
    Faction.ANCIENTS,
    Faction.SLEEPER,
    Faction.WINDWALKER,
    Faction.GREAT_CTHULHU,
    Faction.YELLOW_SIGN,
)


# Bubastis and Tcho-Tcho beside the core factions, with every independent Great Old One and
# neutral monster in the game (factions.md sections 9, 10, 12 and 13).
INDEPENDENT_SEATS = (
    Faction.BUBASTIS,
    Faction.TCHO_TCHO,
    Faction.GREAT_CTHULHU,
    Faction.BLACK_GOAT,
    Faction.CRAWLING_CHAOS,
)
