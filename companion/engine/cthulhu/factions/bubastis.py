"""Bubastis (factions.md section 9, from the gjremus fork): roster, costs, combat and Bastet's
awakening.  Bubastis has no cultists (a pool of 0 Acolytes).

Bastet rolls no dice: while she fights, Bubastis scores one Kill without dice and the enemy one
Kill fewer (:func:`bastet`).  Not yet modelled (hooks): Lunacy, Requires Attention,
and the Spellbooks (Catabolism, Zagazig, Savagery, Predator, Catnapping, Ailurophobia).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import Awakening, C, FactionRules, G, M, Side, UnitType, fixed, in_play
from companion.engine.cthulhu.model import Faction, GameState

CATS = ("Earth Cat", "Cat from Mars", "Cat from Saturn", "Cat from Uranus")


def bastet(side: Side) -> int:
    """One automatic Kill while Bastet is in the battle (factions.md section 9: she "adds 1
    automatic Kill to BB's result and removes 1 Kill from the enemy's")."""
    return 1 if side.count("Bastet") else 0


def bastet_where(state: GameState, pid: str, index: int) -> str:
    if any(u.owner != pid for u in state.areas[index].units):
        return f"Bastet appears in an area without enemy units, not {state.area_name(index)}"
    return ""


def bastet_needs(state: GameState, pid: str) -> str:
    missing = [cat for cat in CATS if not in_play(state, pid, cat)]
    return f"Bastet needs one cat of each variety in play (missing: {', '.join(missing)})" if missing else ""


RULES = FactionRules(
    Faction.BUBASTIS,
    units=(
        UnitType("Acolyte", C, 0, 1, 0),
        UnitType("Earth Cat", M, 6, 1, 0),
        UnitType("Cat from Mars", M, 2, 2, 1),
        UnitType("Cat from Saturn", M, 2, 3, 2),
        UnitType("Cat from Uranus", M, 2, 4, 3),
        UnitType("Bastet", G, 1, 6, 0),
    ),
    spellbooks=("Catabolism", "Zagazig", "Savagery", "Predator", "Catnapping", "Ailurophobia"),
    awakenings=(Awakening("Bastet", fixed(6), bastet_where, bastet_needs),),
    automatic_kills=bastet,
)
