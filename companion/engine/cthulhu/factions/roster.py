"""Every unit's roster entry and a battle side's combat, for the core and the factions alike
(shared layer): a faction's units from its installed plugin (:mod:`.contract`), the High
Priests option's, and the neutral monsters' and independent Great Old Ones' printed combat
(:data:`NEUTRAL_UNITS`, factions.md sections 12 and 13)."""

from __future__ import annotations

from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.factions import high_priests
from companion.engine.cthulhu.factions.base import FactionRules, Side, UnitType
from companion.engine.cthulhu.factions.contract import RULES
from companion.engine.cthulhu.model import Faction, GameState, UnitKind
from companion.engine.says import say


def _nyogtha(side: Side, count: int) -> int:
    """4 each if its faction declared the battle, else 1 (factions.md section 12)."""
    return count * (4 if side.attacking else 1)


def _abhoth(side: Side, count: int) -> int:
    """The number of its owner's Filth in play (factions.md section 12)."""
    filth = sum(a.count(owner=side.pid, name="Filth") for a in side.state.areas)
    return count * filth


# Units any faction may own: neutral monsters (Loyalty Cards) and independent Great Old Ones.
NEUTRAL_UNITS: dict[str, UnitType] = {
    unit.name: unit
    for unit in (
        UnitType("Ghast", UnitKind.MONSTER, 4, 2, 0),
        UnitType("Gug", UnitKind.MONSTER, 2, 1, 3),  # cost 1 as HRF codes it (printed cost NOT CONFIRMED)
        UnitType("Shantak", UnitKind.MONSTER, 2, 2, 2),
        UnitType("Star Vampire", UnitKind.MONSTER, 3, 2, 1),  # Vampirism reads its dice apart: a hook
        UnitType("Filth", UnitKind.MONSTER, 12, 0, 0),
        UnitType("Byatis", UnitKind.IGOO, 1, 4, 4),
        UnitType("Abhoth", UnitKind.IGOO, 1, 4, _abhoth),
        UnitType("Daoloth", UnitKind.IGOO, 1, 6, 0),
        UnitType("Nyogtha", UnitKind.IGOO, 2, 6, _nyogtha),
    )
}


def rules_for(faction: Faction) -> FactionRules | None:
    return RULES.get(faction)


def unit_type(state: GameState, pid: str, name: str) -> UnitType | None:
    """The roster entry for ``pid``'s unit called ``name`` (its faction's, else the High
    Priests option's High Priest, else a neutral one)."""
    seat = state.seat(pid)
    rules = None if seat is None else RULES.get(state.players[seat].faction)
    found = None if rules is None else rules.unit(name)
    if found is None and name == high_priests.HIGH_PRIEST:
        found = high_priests.unit_for(state, pid)
    return found or NEUTRAL_UNITS.get(name)


def side_dice(side: Side) -> tuple[int | None, tuple[Part, ...]]:
    """The combat dice of one side of a battle: (total, one part per unit type), or (None, parts
    so far) when a unit's combat is not known to the referee (the dice must then be given).
    Parts name the unknown unit with -1 dice."""
    parts: list[Part] = []
    total = 0
    for stack in side.units:
        unit = unit_type(side.state, side.pid, stack.name)
        dice = None if unit is None or unit.kind is not stack.kind else unit.dice(side, stack.count)
        if dice is None:
            return None, (*parts, Part(stack.name, -1))
        parts.append(Part(say("for {count} {stack}", count=stack.count, stack=stack.name), dice))
        total += dice
    return total, tuple(parts)
