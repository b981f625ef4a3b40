"""A battle resolved whole: ``apply`` of the roll that resolves it (Kills and Pains landed, pained
units retreated, the turn handed on), ``apply`` of a Kill a player assigns, and the exact odds.

Targets (issue 20): the resolution's ``apply`` p99 < 100 µs, the exact battle odds < 1 ms.
Floor: a bare dict update, as for the engine's roll.
"""

from __future__ import annotations

from collections.abc import Mapping

from bench.timing import Figures, sample
from companion.engine import State, apply, battle_odds
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import AreaState, Faction, UnitKind, Units
from companion.engine.values import evolve
from companion.maps import load_map

CALLS = 20_000
GC, CC = "great_cthulhu", "crawling_chaos"
SEATS = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT))


def battle(area: str, board: Mapping[str, tuple[Units, ...]], attacker_roll: tuple[int, ...] | None) -> State:
    """Great Cthulhu attacks Crawling Chaos in ``area`` on earth-3p with the units ``board``
    places; the attacker has rolled ``attacker_roll`` (None: not yet)."""
    state = apply(None, c.NewGame(load_map("earth-3p"), SEATS, 1)).state  # type: ignore[union-attr]
    state = apply(state, c.ChooseDirection(GC, "clockwise")).state  # type: ignore[union-attr]
    for name, units in board.items():
        index = state.board.area_index(name)
        assert index is not None
        state = state.with_area(index, AreaState(None, units))
    state = evolve(state, players=tuple(evolve(p, power=20) for p in state.players))
    state = apply(state, c.BattleAction(GC, area, CC)).state  # type: ignore[union-attr]
    if attacker_roll is not None:
        state = apply(state, c.Roll(attacker_roll, "tower")).state  # type: ignore[union-attr]
    return state


def states() -> tuple[State, c.Roll, State, c.AssignKill, State]:
    # In Australia each pained unit has one place to go, so the last roll resolves everything.
    starspawn, horrors = Units(GC, UnitKind.MONSTER, "Starspawn", 2), Units(CC, UnitKind.MONSTER, "Hunting Horror", 2)
    board = {"Australia": (horrors, starspawn), "Indian Ocean": (Units(CC, UnitKind.CULTIST, "Acolyte", 1),)}
    resolving, last = battle("Australia", board, (6, 5, 1, 1, 1, 1)), c.Roll((6, 4, 1, 1), "tower")
    done = apply(resolving, last)
    assert done.ok and done.state.battle is None, done  # type: ignore[union-attr]
    mixed = {"Asia": (Units(CC, UnitKind.CULTIST, "Acolyte", 2), Units(CC, UnitKind.MONSTER, "Nightgaunt", 1), starspawn)}
    choosing, kill = battle("Asia", mixed, (6, 1, 1, 1, 1, 1)), c.AssignKill(CC, "Nightgaunt")
    assert apply(choosing, kill).ok, choosing.prompt
    return resolving, last, choosing, kill, battle("Asia", mixed, None)


def bench() -> tuple[Figures, Figures, Figures, Figures]:
    """(the resolving roll, a Kill assigned, the odds, the dict floor)."""
    resolving, last, choosing, kill, declared = states()
    assert battle_odds(declared) is not None
    table: dict[str, int] = {}
    return (
        sample(lambda: apply(resolving, last), CALLS),
        sample(lambda: apply(choosing, kill), CALLS),
        sample(lambda: battle_odds(declared), CALLS),
        sample(lambda: table.__setitem__("die", 6), CALLS),
    )


def run() -> list[str]:
    """Measure and return the Markdown section."""
    resolution, assignment, odds, floor = bench()
    rows = [("apply(the roll that resolves a battle)", resolution, 100.0), ("apply(assign_kill)", assignment, 100.0)]
    rows.append(("battle_odds (exact)", odds, 1000.0))
    lines = [
        "## A battle resolved whole",
        "",
        f"{CALLS:,} calls each; floor: a bare dict update (median {floor.median:.2f} µs, p99 {floor.p99:.2f} µs).",
        "",
        "| what | median µs | p99 µs | target p99 |",
        "| --- | --- | --- | --- |",
    ]
    lines += [f"| {name} | {f.median:.1f} | {f.p99:.1f} | < {target:,.0f} µs |" for name, f, target in rows]
    verdict = all(f.p99 < target for _, f, target in rows)
    return [*lines, "", f"Verdict: {'every figure meets its target' if verdict else 'a figure MISSES its target'}.", ""]


if __name__ == "__main__":
    print("\n".join(run()))
