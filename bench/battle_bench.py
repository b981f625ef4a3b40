"""A battle resolved whole: ``apply`` of the roll that resolves it (Kills and Pains landed, pained
units retreated, the turn handed on), without and with the referee playing the abilities,
``apply`` of a Kill a player assigns, and the exact odds; and the abilities' cost per command over
the scripted six-round game of the core four (tests/engine/cthulhu/data/six_rounds.py): ``apply``
of each command and, of it, the after-command hook (requirements, reactions, questions).

The abilities-on battle is a game's whose referee plays the abilities from the start: the battle is
declared with them (its sides tallied), and the resolving roll meets Great Cthulhu's first Kill
and asks for the Spellbook.  The Spellbook requirements are checked by their triggers (the
command's event types, factions/powers.py).

Targets (issue 20): the resolution's ``apply`` p99 < 100 µs, the exact battle odds < 1 ms.
Floor: a bare dict update, as for the engine's roll.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from bench.timing import Figures, figures, sample
from companion.engine import Accepted, Command, Event, State, apply, battle_odds
from companion.engine.cthulhu import abilities, actions, flow
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import AreaState, Faction, Options, PromptKind, UnitKind, Units
from companion.engine.values import evolve
from companion.maps import load_map

CALLS = 20_000
WATCH = "regression watch (its target: the tower-to-table path, p99 < 5 ms)"
GAME_REPEATS = 40  # each of the scripted game's commands, applied this many times
GC, CC = "great_cthulhu", "crawling_chaos"
SEATS = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT))


def new_game(abilities: bool = False) -> c.NewGame:
    """The game every battle here is set in: earth-3p, Great Cthulhu, Crawling Chaos and Black
    Goat, seed 1; ``abilities``: the referee plays the factions' abilities."""
    return c.NewGame(load_map("earth-3p"), SEATS, 1, Options(abilities=abilities))


def battle(
    area: str, board: Mapping[str, tuple[Units, ...]], attacker_roll: tuple[int, ...] | None, abilities: bool = False
) -> State:
    """Great Cthulhu attacks Crawling Chaos in ``area`` on earth-3p with the units ``board``
    places; the attacker has rolled ``attacker_roll`` (None: not yet); ``abilities``: the
    referee plays the factions' abilities from the start (the battle declared with them)."""
    state = apply(None, new_game(abilities)).state  # type: ignore[union-attr]
    state = apply(state, c.ChooseDirection(GC, "clockwise")).state  # type: ignore[union-attr]
    for name, units in board.items():
        index = state.board.area_index(name)
        assert index is not None
        state = state.with_area(index, AreaState(None, units))
    # Power below every requirement's threshold (Crawling Chaos' 12): none is met by the set-up.
    state = evolve(state, players=tuple(evolve(p, power=10) for p in state.players))
    state = apply(state, c.BattleAction(GC, area, CC)).state  # type: ignore[union-attr]
    if attacker_roll is not None:
        state = apply(state, c.Roll(attacker_roll, "tower")).state  # type: ignore[union-attr]
    return state


def states() -> tuple[State, c.Roll, State, c.AssignKill, State, State]:
    """The resolving battle (abilities off), its last roll, a battle whose Kill the defender
    assigns, that Kill, the mixed battle just declared (for the odds), and the resolving battle
    in a game whose referee plays the abilities (the roll meets Great Cthulhu's first Kill)."""
    # In Australia each pained unit has one place to go, so the last roll resolves everything.
    starspawn, horrors = Units(GC, UnitKind.MONSTER, "Starspawn", 2), Units(CC, UnitKind.MONSTER, "Hunting Horror", 2)
    board = {"Australia": (horrors, starspawn), "Indian Ocean": (Units(CC, UnitKind.CULTIST, "Acolyte", 1),)}
    resolving, last = battle("Australia", board, (6, 5, 1, 1, 1, 1)), c.Roll((6, 4, 1, 1), "tower")
    done = apply(resolving, last)
    assert done.ok and done.state.battle is None, done  # type: ignore[union-attr]
    resolving_on = battle("Australia", board, (6, 5, 1, 1, 1, 1), abilities=True)
    done = apply(resolving_on, last)
    assert done.ok and done.state.battle is None, done  # type: ignore[union-attr]
    assert done.state.abilities.met == ((GC, "Kill/Devour 1 enemy unit"),), done.state.abilities.met  # type: ignore[union-attr]
    assert done.state.prompt.kind is PromptKind.SPELLBOOK  # type: ignore[union-attr]
    mixed = {"Asia": (Units(CC, UnitKind.CULTIST, "Acolyte", 2), Units(CC, UnitKind.MONSTER, "Nightgaunt", 1), starspawn)}
    choosing, kill = battle("Asia", mixed, (6, 1, 1, 1, 1, 1)), c.AssignKill(CC, "Nightgaunt")
    assert apply(choosing, kill).ok, choosing.prompt
    return resolving, last, choosing, kill, battle("Asia", mixed, None), resolving_on


def scripted_game() -> list[tuple[State, Command, State, tuple[Event, ...]]]:
    """Each command of the scripted six-round game with the state before it, and the state and
    events after it."""
    from tests.engine.cthulhu.data import six_rounds as script

    state = apply(None, c.NewGame(load_map(script.MAP), tuple(c.Seat(f) for f in script.FACTIONS), script.SEED, script.OPTIONS))
    steps = []
    now: State = state.state  # type: ignore[union-attr]
    for step in script.STEPS:
        done = apply(now, step.command)
        assert isinstance(done, Accepted), (step.command, done)
        steps.append((now, step.command, done.state, done.events))
        now = done.state
    return steps


def per_command(call: Callable[[State, Command, State, tuple[Event, ...]], object]) -> Figures:
    """``call`` timed once per command of the scripted game, GAME_REPEATS rounds of the game."""
    steps = scripted_game()
    for step in steps:
        call(*step)
    clock, times = time.perf_counter_ns, []
    for _ in range(GAME_REPEATS):
        for step in steps:
            start = clock()
            call(*step)
            times.append((clock() - start) / 1000)
    return figures(times)


def game_apply(before: State, command: Command, after: State, events: tuple[Event, ...]) -> object:
    return apply(before, command)


def game_hook(before: State, command: Command, after: State, events: tuple[Event, ...]) -> object:
    return abilities.after_command(after, list(events))


def spans(state: State, roll: c.Roll) -> dict[str, Callable[[], object]]:
    """The resolving roll's ``apply`` in its parts, each called on its own input: the roll's
    handler (the dice, Kills, Pains, retreats, the turn handed on), then the after-command hooks
    (the abilities' first, then the Astral Acolyte's and the independents'), on its events."""
    handler = actions.HANDLERS[c.Roll]
    events: list[Event] = []
    after = handler(state, roll, events)
    hooks = flow.AFTER_COMMAND_HOOKS

    def run_hooks() -> object:
        new, seen = after, list(events)
        for hook in hooks:
            new = hook(new, seen)
        return new

    return {"handler": lambda: handler(state, roll, []), "hooks": run_hooks}


@contextlib.contextmanager
def frozen() -> Iterator[None]:
    """The objects made so far (the maps, the states, the modules) out of the cyclic collector's
    reach (``gc.freeze``), as a long-running process's start-up is once it settles: the
    collections the measured calls' allocations trigger then walk those calls' objects, not the
    thousands of set-up objects a short benchmark otherwise carries in the older generations
    (they showed at p99).  Unfrozen after, for the other sections of ``python -m bench``."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def bench() -> dict[str, Figures]:
    """Each figure by name; "floor" is the dict update."""
    resolving, last, choosing, kill, declared, resolving_on = states()
    assert battle_odds(declared) is not None
    table: dict[str, int] = {}
    parts = {
        f"{name}, {mode}": call
        for mode, state in (("off", resolving), ("on", resolving_on))
        for name, call in spans(state, last).items()
    }
    with frozen():
        return {
            "resolve": sample(lambda: apply(resolving, last), CALLS),
            "resolve, abilities": sample(lambda: apply(resolving_on, last), CALLS),
            **{name: sample(call, CALLS) for name, call in parts.items()},
            "assign": sample(lambda: apply(choosing, kill), CALLS),
            "odds": sample(lambda: battle_odds(declared), CALLS),
            "game apply": per_command(game_apply),
            "game hook": per_command(game_hook),
            "floor": sample(lambda: table.__setitem__("die", 6), CALLS),
        }


def run() -> list[str]:
    """Measure and return the Markdown section."""
    measured = bench()
    floor = measured["floor"]
    # A target of None: a regression watch, no target of its own.  The abilities-on roll's
    # target is its whole tower-to-table path (p99 < 5 ms, "Dice tower to LED"), issue 30.
    rows: list[tuple[str, Figures, float | None]] = [
        ("apply(the roll that resolves a battle)", measured["resolve"], 100.0),
        (
            "the same, the referee playing the abilities (a first Kill: requirement met, Spellbook asked)",
            measured["resolve, abilities"],
            None,
        ),
        ("apply(assign_kill)", measured["assign"], 100.0),
        ("battle_odds (exact)", measured["odds"], 1000.0),
    ]
    commands = measured["game apply"].samples // GAME_REPEATS
    lines = [
        "## A battle resolved whole",
        "",
        f"{CALLS:,} calls each; floor: a bare dict update (median {floor.median:.2f} µs, p99 {floor.p99:.2f} µs). "
        "The abilities-on battle is declared with the abilities on (its sides tallied); its resolving roll "
        "meets Great Cthulhu's first Kill, and the Spellbook requirements are checked by their triggers. "
        "The set-up is frozen out of the cyclic collector's reach first (gc.freeze), as a settled process's start-up is.",
        "",
        "| what | median µs | p99 µs | target p99 |",
        "| --- | --- | --- | --- |",
    ]
    lines += [
        f"| {name} | {f.median:.1f} | {f.p99:.1f} | {WATCH if target is None else f'< {target:,.0f} µs'} |"
        for name, f, target in rows
    ]
    game, hook = measured["game apply"], measured["game hook"]
    lines += [
        "",
        f"The abilities' cost per command: the scripted six-round game of the core four ({commands} commands, "
        f"tests/engine/cthulhu/data/six_rounds.py), each command timed {GAME_REPEATS} times.",
        "",
        "| what | median µs | p99 µs |",
        "| --- | --- | --- |",
        f"| apply(command), the referee playing the abilities | {game.median:.1f} | {game.p99:.1f} |",
        f"| of which the abilities' after-command hook | {hook.median:.1f} | {hook.p99:.1f} |",
    ]
    lines += [
        "",
        "Where the resolving roll's time goes: its apply in parts, each timed on its own (the rest of apply "
        "is the command's check and the state's step count).",
        "",
        "| part of the resolving roll's apply | abilities off: median µs | p99 µs | abilities on: median µs | p99 µs |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, label in (
        ("handler", "the roll's handler: dice, Kills, Pains, retreats, the turn handed on"),
        ("hooks", "the after-command hooks (the abilities': requirements, reactions, questions)"),
    ):
        off, on = measured[f"{name}, off"], measured[f"{name}, on"]
        lines.append(f"| {label} | {off.median:.1f} | {off.p99:.1f} | {on.median:.1f} | {on.p99:.1f} |")
    verdict = all(f.p99 < target for _, f, target in rows if target is not None)
    return [*lines, "", f"Verdict: {'every figure meets its target' if verdict else 'a figure MISSES its target'}.", ""]


def write_section(lines: list[str], path: Path = Path("docs/performance.md")) -> None:
    """Put ``lines`` (a section, its "## " heading first) in place of the section of the same
    heading in ``path``, the rest of the page as it is; with a line saying when and how busy."""
    heading = lines[0]
    note = (
        f"Measured on its own ({time.strftime('%Y-%m-%d %H:%M %Z')}, load average {os.getloadavg()[0]:.1f}), "
        "after the rest of the page."
    )
    new = [heading, "", note, *lines[1:]]
    old = path.read_text(encoding="utf-8").split("\n")
    start = old.index(heading)
    end = next((i for i in range(start + 1, len(old)) if old[i].startswith("## ")), len(old))
    path.write_text("\n".join([*old[:start], *new, *old[end:]]), encoding="utf-8")


if __name__ == "__main__":
    section = run()
    print("\n".join(section))
    if "--write" in sys.argv:
        write_section(section)
