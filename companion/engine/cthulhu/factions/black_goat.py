"""Black Goat (factions.md section 3): roster, costs (The Thousand Young), combat (Frenzy, The
Red Sign's +1 to Shub-Niggurath) and Shub-Niggurath's awakening.

Abilities not yet modelled (hooks): Fertility Cult, Avatar, Necrophagy, Ghroth, The Red Sign's
gates and Power, Blood Sacrifice.
"""

from __future__ import annotations

from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.factions.base import (
    Awakening,
    C,
    Events,
    FactionRules,
    G,
    M,
    Side,
    UnitType,
    controls_gate_here,
    fixed,
    has_book,
    in_play,
    on_map,
    sacrifice,
)
from companion.engine.cthulhu.model import Faction, GameState, UnitKind

SHUB = "Shub-Niggurath"
DARK_YOUNG = "Dark Young"
THOUSAND_YOUNG = ("Ghoul", "Fungi from Yuggoth", DARK_YOUNG)
CULTISTS = ("Acolyte", "High Priest")
SHUB_SACRIFICE = 2


def cultist(side: Side, count: int) -> int:
    """0 each, 1 each with Frenzy."""
    return count if has_book(side.state, side.pid, "Frenzy") else 0


def shub(side: Side, count: int) -> int:
    """Black Goat's controlled gates + its cultists in play (+1 per Dark Young in play with The
    Red Sign)."""
    state, pid = side.state, side.pid
    total = bd.controlled_gates(state, pid) + bd.units_in_play(state, pid, UnitKind.CULTIST)
    if has_book(state, pid, "The Red Sign"):
        total += on_map(state, pid, DARK_YOUNG)
    return count * total


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    """The Thousand Young: Ghouls, Fungi and Dark Young cost 1 less while Shub-Niggurath is in play."""
    if unit.name in THOUSAND_YOUNG and has_book(state, pid, "The Thousand Young") and in_play(state, pid, SHUB):
        return unit.cost - 1
    return unit.cost


def shub_needs(state: GameState, pid: str) -> str:
    if bd.units_in_play(state, pid, UnitKind.CULTIST) < SHUB_SACRIFICE:
        return f"Shub-Niggurath needs {SHUB_SACRIFICE} Black Goat cultists in play to eliminate"
    return ""


def shub_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """Two of Black Goat's cultists, anywhere, are eliminated (named in ``sacrifice``)."""
    return sacrifice(state, pid, chosen, SHUB_SACRIFICE, CULTISTS, "cultists", events)


RULES = FactionRules(
    Faction.BLACK_GOAT,
    units=(
        UnitType("Acolyte", C, 6, 1, cultist),
        UnitType("Ghoul", M, 2, 1, 0),
        UnitType("Fungi from Yuggoth", M, 4, 2, 1),
        UnitType(DARK_YOUNG, M, 3, 3, 2),
        UnitType(SHUB, G, 1, 8, shub),
    ),
    spellbooks=("The Thousand Young", "Frenzy", "Necrophagy", "Ghroth", "The Red Sign", "Blood Sacrifice"),
    awakenings=(Awakening(SHUB, fixed(8), controls_gate_here, shub_needs, shub_effect),),
    summon_cost=summon_cost,
)
