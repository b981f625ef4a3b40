"""Random-game conformance: hundreds of seeded games played to the end through the public API.

After every command the invariants hold (no negative Power, Doom never falls, units conserved,
gates consistent, Acolytes within the pool, the prompt always answerable), and each game
replays from its journal to the identical canonical state.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from companion.demo import DemoSetup, casualties, choose, demo_setup
from companion.engine import Event, State, canonical, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.acolyte import controller_in
from companion.engine.cthulhu.events import UnitsPlaced, UnitsRemoved
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, RULES, high_priests
from companion.engine.cthulhu.factions.independents import CARDS, DoomSpent, VampirismDrained
from companion.engine.cthulhu.factions.neutral_spellbooks import BOOKS as NEUTRAL_BOOKS
from companion.engine.cthulhu.model import ERADICATED, GLACIER, MOON, STARTING_CULTISTS, Faction, Phase, UnitKind, spellbook_count
from companion.session import GameSession, replay
from companion.store.sqlite import SqliteJournal

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


# Bubastis and Tcho-Tcho beside the core factions, with every independent Great Old One and
# neutral monster in the game (factions.md sections 9, 10, 12 and 13).
INDEPENDENT_SEATS = (
    Faction.BUBASTIS,
    Faction.TCHO_TCHO,
    Faction.GREAT_CTHULHU,
    Faction.BLACK_GOAT,
    Faction.CRAWLING_CHAOS,
)


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
