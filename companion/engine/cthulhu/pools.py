"""Each faction's units (name, kind, how many the box holds) and its Spellbooks' names, read
from the faction rules (:mod:`companion.engine.cthulhu.factions`, the one source of truth).

Factions the data does not describe (Daemon Sultan, any "other") are absent: a correction then
checks only :data:`MAX_UNITS`, and Spellbooks are named freely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from companion.engine.cthulhu.factions import RULES
from companion.engine.cthulhu.factions.base import FactionRules, UnitType
from companion.engine.cthulhu.model import Faction, UnitKind

__all__ = ["MAX_UNITS", "SPELLBOOKS", "UNITS", "UnitType", "next_spellbook", "pool"]

MAX_UNITS = 30  # no stack of one unit type may exceed this, whatever the faction (a typo guard)

T = TypeVar("T")


class _ByFaction(Mapping[Faction, T]):
    """A field of each faction's rules, read from :data:`RULES` when asked: the registry fills
    RULES when the engine is assembled, which may come after this module was first imported
    (a copy made at import was once empty, and a correction then checked no pool)."""

    def __init__(self, field: Callable[[FactionRules], T]) -> None:
        self._field = field

    def __getitem__(self, faction: Faction) -> T:
        return self._field(RULES[faction])

    def __iter__(self) -> Iterator[Faction]:
        return iter(RULES)

    def __len__(self) -> int:
        return len(RULES)


UNITS: Mapping[Faction, tuple[UnitType, ...]] = _ByFaction(lambda rules: rules.units)
SPELLBOOKS: Mapping[Faction, tuple[str, ...]] = _ByFaction(lambda rules: rules.spellbooks)


def pool(faction: Faction, kind: UnitKind, name: str) -> int | None:
    """How many units called ``name`` of ``kind`` the faction's box holds; None when unknown
    (a faction or a unit factions.md does not list: a neutral monster, an independent GOO)."""
    return next((u.pool for u in UNITS.get(faction, ()) if u.name == name and u.kind is kind), None)


def next_spellbook(faction: Faction, held: tuple[str, ...]) -> str:
    """The first of the faction's Spellbooks not yet held ("" when none is known or left)."""
    return next((name for name in SPELLBOOKS.get(faction, ()) if name not in held), "")
