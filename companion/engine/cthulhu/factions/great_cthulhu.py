"""Great Cthulhu (factions.md section 1): roster, costs, combat and Cthulhu's awakening.

Abilities not yet modelled (hooks in :class:`~.base.Hooks`): Immortal's Elder Sign, Devour, and
the Spellbooks (Devolve, Absorb's bonus dice, Regenerate, Dreams, Submerge, Y'ha Nthlei).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, FactionRules, G, M, UnitType, awakened_before
from companion.engine.cthulhu.model import Faction, GameState

CTHULHU = "Cthulhu"
FIRST_AWAKENING = 10
IMMORTAL_COST = 4  # Immortal: every awakening after the first


def cthulhu_cost(state: GameState, pid: str) -> int:
    """10 the first time, 4 once he has been awakened (Immortal)."""
    return IMMORTAL_COST if awakened_before(state, pid, CTHULHU) else FIRST_AWAKENING


def cthulhu_where(state: GameState, pid: str, index: int) -> str:
    """A gate, whoever controls it (or nobody), in Great Cthulhu's own start area; he rises there."""
    home = state.player(pid).start_area
    if index != home or state.areas[index].gate is None:
        where = state.area_name(home) if home >= 0 else "its start area"
        return f"Cthulhu rises only at a gate in {where}, Great Cthulhu's start area"
    return ""


RULES = FactionRules(
    Faction.GREAT_CTHULHU,
    units=(
        ACOLYTE,
        UnitType("Deep One", M, 4, 1, 1),
        # Absorb's +3 per unit eaten is a pre-battle Spellbook (a hook), not in the printed 2.
        UnitType("Shoggoth", M, 2, 2, 2),
        UnitType("Starspawn", M, 2, 3, 3),
        UnitType(CTHULHU, G, 1, FIRST_AWAKENING, 6),
    ),
    spellbooks=("Devolve", "Absorb", "Regenerate", "Dreams", "Submerge", "Y'ha Nthlei"),
    awakenings=(Awakening(CTHULHU, cthulhu_cost, cthulhu_where),),
)
