"""Crawling Chaos (factions.md section 2): roster, costs, combat and Nyarlathotep's awakening.

Abilities not yet modelled (hooks): Flight, the Harbinger (outside the Watcher's battles, which
watcher.py pays), and the Spellbooks (Abduct, Invisibility, Seek and Destroy, Emissary of the
Outer Gods, The Thousand Forms, Madness).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    FactionRules,
    G,
    M,
    Side,
    UnitType,
    controls_gate_here,
    fixed,
)
from companion.engine.cthulhu.model import Faction, spellbook_count

NYARLATHOTEP = "Nyarlathotep"


def nyarlathotep(side: Side, count: int) -> int:
    """His own faction's Spellbooks plus his battle opponent's (all books held, as HRF counts:
    docs/rules-notes.md); neutral units and the Watcher have none."""
    own = spellbook_count(side.state.player(side.pid))
    return count * (own + side.enemy_spellbooks)


RULES = FactionRules(
    Faction.CRAWLING_CHAOS,
    units=(
        ACOLYTE,
        UnitType("Nightgaunt", M, 3, 1, 0),
        UnitType("Flying Polyp", M, 3, 2, 1),
        UnitType("Hunting Horror", M, 2, 3, 2),
        UnitType(NYARLATHOTEP, G, 1, 10, nyarlathotep),
    ),
    spellbooks=("Abduct", "Invisibility", "Seek and Destroy", "Emissary of the Outer Gods", "The Thousand Forms", "Madness"),
    awakenings=(Awakening(NYARLATHOTEP, fixed(10), controls_gate_here),),
)
