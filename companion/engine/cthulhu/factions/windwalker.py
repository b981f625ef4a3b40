"""Windwalker (factions.md section 6): roster, costs (the Gnoph-Keh's), combat (Ithaqua) and
Rhan Tegoth's and Ithaqua's awakenings.

Abilities not yet modelled (hooks): Hibernate, Eternal, Ferox, and the Spellbooks (Cannibalism,
Howl, Berserkergang, Arctic Wind, Ice Age, Herald of the Outer Gods).
"""

from __future__ import annotations

from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    Events,
    FactionRules,
    G,
    M,
    Side,
    UnitType,
    awakened_before,
    fixed,
    on_map,
)
from companion.engine.cthulhu.model import Faction, GameState, UnitKind

RHAN_TEGOTH = "Rhan Tegoth"
ITHAQUA = "Ithaqua"
GNOPH_KEH = "Gnoph-Keh"


def ithaqua(side: Side, count: int) -> int:
    """Half the opponent's Doom, rounded up."""
    return count * ((side.enemy_doom + 1) // 2)


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    """A Gnoph-Keh costs as many as are in Windwalker's pool (4, 3, 2, 1)."""
    if unit.name == GNOPH_KEH:
        return unit.pool - on_map(state, pid, GNOPH_KEH)
    return unit.cost


def glyph_areas(state: GameState) -> tuple[int, ...]:
    """Windwalker's two glyph areas (its start area and the "opposite" one)."""
    return state.board.start_areas(Faction.WINDWALKER.value)


def rhan_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state):
        return f"Rhan Tegoth rises in one of Windwalker's glyph areas, not {state.area_name(index)}"
    return ""


def ithaqua_where(state: GameState, pid: str, index: int) -> str:
    if index not in glyph_areas(state) or state.areas[index].gate is None:
        return f"Ithaqua rises at a gate in one of Windwalker's glyph areas, not {state.area_name(index)}"
    return ""


def ithaqua_needs(state: GameState, pid: str) -> str:
    return "" if awakened_before(state, pid, RHAN_TEGOTH) else "Ithaqua needs Rhan Tegoth to have been awakened"


def ithaqua_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """The gate he rises at is destroyed."""
    state, changed = bd.set_gate(state, index, None, "destroyed by Ithaqua's awakening")
    events += changed
    return state


RULES = FactionRules(
    Faction.WINDWALKER,
    units=(
        ACOLYTE,
        UnitType("Wendigo", M, 4, 1, 1),
        UnitType(GNOPH_KEH, M, 4, 4, 3),
        UnitType(RHAN_TEGOTH, G, 1, 6, 3),
        UnitType(ITHAQUA, G, 1, 6, ithaqua),
    ),
    spellbooks=("Cannibalism", "Howl", "Berserkergang", "Arctic Wind", "Ice Age", "Herald of the Outer Gods"),
    awakenings=(
        Awakening(RHAN_TEGOTH, fixed(6), rhan_where),
        Awakening(ITHAQUA, fixed(6), ithaqua_where, ithaqua_needs, ithaqua_effect),
    ),
    summon_cost=summon_cost,
)
