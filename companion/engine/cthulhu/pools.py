"""Each faction's units (name, kind, how many the box holds) and its Spellbooks' names, read
from the faction rules (:mod:`companion.engine.cthulhu.factions`, the one source of truth).

Factions the data does not describe (Daemon Sultan, any "other") are absent: a correction then
checks only :data:`MAX_UNITS`, and Spellbooks are named freely.
"""

from __future__ import annotations

from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions.base import UnitType
from companion.engine.cthulhu.model import Faction, UnitKind

__all__ = ["MAX_UNITS", "SPELLBOOKS", "UNITS", "UnitType", "next_spellbook", "pool"]

MAX_UNITS = 30  # no stack of one unit type may exceed this, whatever the faction (a typo guard)

UNITS: dict[Faction, tuple[UnitType, ...]] = {faction: rules.units for faction, rules in RULES.items()}
SPELLBOOKS: dict[Faction, tuple[str, ...]] = {faction: rules.spellbooks for faction, rules in RULES.items()}


def pool(faction: Faction, kind: UnitKind, name: str) -> int | None:
    """How many units called ``name`` of ``kind`` the faction's box holds; None when unknown
    (a faction or a unit factions.md does not list: a neutral monster, an independent GOO)."""
    return next((u.pool for u in UNITS.get(faction, ()) if u.name == name and u.kind is kind), None)


def next_spellbook(faction: Faction, held: tuple[str, ...]) -> str:
    """The first of the faction's Spellbooks not yet held ("" when none is known or left)."""
    return next((name for name in SPELLBOOKS.get(faction, ()) if name not in held), "")
