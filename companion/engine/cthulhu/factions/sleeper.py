"""Sleeper (factions.md section 5): roster, costs, combat (Formless Spawn, Tsathoggua) and
Tsathoggua's awakening.

Abilities not yet modelled (hooks): Death from Below, Lethargy, and the Spellbooks (Burrow,
Energy Nexus, Ancient Sorcery, Capture Monster, Demand Sacrifice, Cursed Slumber).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, FactionRules, G, M, Side, UnitType, fixed, in_play, on_map
from companion.engine.cthulhu.model import Faction, GameState

TSATHOGGUA = "Tsathoggua"
FORMLESS = "Formless Spawn"
TSATHOGGUA_LEAST = 2


def formless(side: Side, count: int) -> int:
    """Each: the number of Formless Spawn on the map, +1 while Tsathoggua is (the card says "on the
    map"; HRF's "in play" adds only Sleeper's boxes, which the referee does not model)."""
    each = on_map(side.state, side.pid, FORMLESS) + (1 if in_play(side.state, side.pid, TSATHOGGUA) else 0)
    return count * each


def tsathoggua(side: Side, count: int) -> int:
    """The opponent's current Power, but never less than 2."""
    return count * max(TSATHOGGUA_LEAST, side.enemy_power)


def tsathoggua_where(state: GameState, pid: str, index: int) -> str:
    if not state.areas[index].count(owner=pid, name=FORMLESS):
        return f"Tsathoggua rises in an area with a Sleeper Formless Spawn, not {state.area_name(index)}"
    return ""


RULES = FactionRules(
    Faction.SLEEPER,
    units=(
        ACOLYTE,
        UnitType("Wizard", M, 2, 1, 0),
        UnitType("Serpent Man", M, 3, 2, 1),
        UnitType(FORMLESS, M, 4, 3, formless),
        UnitType(TSATHOGGUA, G, 1, 8, tsathoggua),
    ),
    spellbooks=("Burrow", "Energy Nexus", "Ancient Sorcery", "Capture Monster", "Demand Sacrifice", "Cursed Slumber"),
    awakenings=(Awakening(TSATHOGGUA, fixed(8), tsathoggua_where),),
)
