"""Tcho-Tcho (factions.md section 10, from the gjremus fork and the wiki): roster, costs and
Ubbo-Sathla's awakening (in the Action Phase, for 6).

Ubbo-Sathla's combat is the Growth counter, which the referee does not keep yet: a battle with
him needs Tcho-Tcho's dice given.  Not yet modelled (hooks): Hell's Banquet, Sycophancy, the
tribes and their Spellbooks.
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    C,
    Events,
    FactionRules,
    G,
    M,
    UnitType,
    controls_gate_here,
    fixed,
    in_play,
    sacrifice,
)
from companion.engine.cthulhu.model import Faction, GameState, UnitKind

HIGH_PRIEST = "High Priest"


def ubbo_needs(state: GameState, pid: str) -> str:
    return "" if in_play(state, pid, HIGH_PRIEST) else "Ubbo-Sathla needs a Tcho-Tcho High Priest in play"


def ubbo_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """A High Priest is eliminated."""
    return sacrifice(state, pid, chosen, 1, (HIGH_PRIEST,), "High Priest", events)


RULES = FactionRules(
    Faction.TCHO_TCHO,
    units=(
        ACOLYTE,
        UnitType(HIGH_PRIEST, C, 3, 3, 0),
        UnitType("Proto-Shoggoth", M, 6, 2, 1),
        UnitType("Ubbo-Sathla", G, 1, 6, None),
    ),
    # Three shared books and three of the secretly chosen tribe's.
    spellbooks=(
        "Hierophants",
        "Soulless",
        "Terror",
        "Idolatry",
        "Martyrdom",
        "Tablets of the Gods",
        "Dark Rituals",
        "Fulmination",
        "Surprise!",
        "Doomsday",
        "Inerrant",
        "Otherworld Alliances",
    ),
    awakenings=(Awakening("Ubbo-Sathla", fixed(6), controls_gate_here, ubbo_needs, ubbo_effect),),
)
