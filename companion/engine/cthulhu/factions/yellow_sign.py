"""Yellow Sign (factions.md section 4): roster, costs, combat (Undead, Byakhee, Hastur) and the
King in Yellow's and Hastur's awakenings.

Abilities not yet modelled (hooks): Feast, Desecrate, Vengeance, and the Spellbooks (Passion,
Zingaya, Shriek of the Byakhee, The Screaming Dead, The Third Eye, He Who is Not to be Named).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, FactionRules, G, M, Side, UnitType, fixed
from companion.engine.cthulhu.model import Faction, GameState

KING = "King in Yellow"
HASTUR = "Hastur"


def undead(side: Side, count: int) -> int:
    """All the Undead in the battle together: their number less one (never below 0)."""
    return max(0, count - 1)


def byakhee(side: Side, count: int) -> int:
    """All the Byakhee in the battle together: their number plus one."""
    return count + 1 if count else 0


def hastur(side: Side, count: int) -> int:
    """The current cost of the Ritual of Annihilation (capped at 10)."""
    return count * side.state.ritual_cost


def king_where(state: GameState, pid: str, index: int) -> str:
    area = state.areas[index]
    if area.gate is not None or not area.count(owner=pid):
        return f"the King in Yellow rises where Yellow Sign has a unit and there is no gate, not {state.area_name(index)}"
    return ""


def hastur_where(state: GameState, pid: str, index: int) -> str:
    area = state.areas[index]
    gate = area.gate
    if not area.count(owner=pid, name=KING) or gate is None or gate.controller != pid:
        return f"Hastur rises at a gate Yellow Sign controls in the King in Yellow's area, not {state.area_name(index)}"
    return ""


RULES = FactionRules(
    Faction.YELLOW_SIGN,
    units=(
        ACOLYTE,
        UnitType("Undead", M, 6, 1, undead),
        UnitType("Byakhee", M, 4, 2, byakhee),
        UnitType(KING, G, 1, 4, 0),
        UnitType(HASTUR, G, 1, 10, hastur),
    ),
    spellbooks=(
        "Passion",
        "Zingaya",
        "Shriek of the Byakhee",
        "The Screaming Dead",
        "The Third Eye",
        "He Who is Not to be Named",
    ),
    awakenings=(Awakening(KING, fixed(4), king_where), Awakening(HASTUR, fixed(10), hastur_where)),
)
