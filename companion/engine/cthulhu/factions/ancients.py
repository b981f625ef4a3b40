"""The Ancients (factions.md section 8): roster and costs (Festival, Brainless, Extinction); no
Great Old One of their own.

Abilities not yet modelled (hooks): Cathedrals, Dematerialization, Festival's Power to an enemy,
Brainless' movement limit, Extinction's permanent loss, Unholy Ground, Consecration, Worship
Services.
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, FactionRules, M, T, UnitType, has_book
from companion.engine.cthulhu.model import Faction, GameState

# unit -> (Spellbook, its cost with the book)
BOOK_COSTS = {"Un-Man": ("Festival", 0), "Reanimated": ("Brainless", 1), "Yothan": ("Extinction", 3)}


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    book = BOOK_COSTS.get(unit.name)
    if book is not None and has_book(state, pid, book[0]):
        return book[1]
    return unit.cost


RULES = FactionRules(
    Faction.ANCIENTS,
    units=(
        ACOLYTE,
        UnitType("Un-Man", M, 3, 3, 0),
        UnitType("Reanimated", M, 3, 4, 2),
        UnitType("Yothan", T, 3, 6, 7),
    ),
    spellbooks=("Festival", "Brainless", "Extinction", "Unholy Ground", "Consecration", "Worship Services"),
    summon_cost=summon_cost,
)
