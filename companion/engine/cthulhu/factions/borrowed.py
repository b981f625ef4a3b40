"""Abilities one faction borrows from another (shared layer): Black Goat's Fertility Cult command,
which Sleeper's Ancient Sorcery may borrow, and whether Sleeper holds a borrowed ability now
(Flight, Hibernate, Beyond One, Dematerialization ...: factions.md section 5), and Flight's
reach, Crawling Chaos' own or borrowed (factions.md section 2)."""

from __future__ import annotations

from companion.engine.core import COMMANDS, Command
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import ERADICATED, Faction, GameState
from companion.engine.values import dataclass

BORROWED = "Ancient Sorcery: "  # + the ability: a ``used`` entry kept until the Doom Phase's end


def borrowed(state: GameState, pid: str, ability: str) -> bool:
    """Whether ``pid`` (Sleeper) has ``ability`` through Ancient Sorcery now."""
    return pw.plays(state, pid, Faction.SLEEPER) and pw.used(state, pid, BORROWED + ability + " " + pw.ONCE_PER_GAME)


@COMMANDS.register("fertility_cult")
@dataclass(frozen=True, slots=True)
class FertilityCult(Command):
    """Fertility Cult: summon ``name`` at a gate Black Goat controls in ``area`` as an unlimited
    action (the turn goes on; cost from the roster, The Thousand Young applied)."""

    player: str
    area: str
    name: str


def flight(state: GameState, source: int) -> frozenset[int]:
    """Flight: the areas two steps from ``source``, through an area that is not eradicated (the
    units fly over enemy units; factions.md section 2)."""
    adjacent, areas = state.board.adjacent, state.areas
    return frozenset(far for near in adjacent[source] if ERADICATED not in areas[near].markers for far in adjacent[near]) - {
        source
    }
