"""Bubastis' Lunacy as every faction meets it (shared layer; factions.md section 9): an ability
aimed at cultists may take Bubastis' Earth Cats "as if they are Acolytes" (off the Moon, which is
no map area: docs/rules-notes.md) when the referee plays the abilities."""

from __future__ import annotations

from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import MOON, Faction, GameState, UnitKind, Units

EARTH_CAT = "Earth Cat"


def lunatic(state: GameState, index: int, unit: Units) -> bool:
    """Whether an ability aimed at cultists may take ``unit`` in area ``index`` as a cultist: any
    cultist, and Bubastis' Earth Cats with the abilities played."""
    if unit.kind is UnitKind.CULTIST:
        return True
    return (
        unit.name == EARTH_CAT
        and state.options.abilities
        and pw.plays(state, unit.owner, Faction.BUBASTIS)
        and state.area_name(index) != MOON
    )


def lunacy_acolyte(state: GameState, index: int, owner: str) -> Units | None:
    """What an ability that takes ``owner``'s Acolyte in area ``index`` takes: the Acolyte, else
    by Lunacy an Earth Cat (Dreams, Zingaya); None when neither is there."""
    units = state.areas[index].units_of(owner)
    acolyte = next((u for u in units if u.name == "Acolyte"), None)
    return acolyte or next((u for u in units if u.name == EARTH_CAT and lunatic(state, index, u)), None)
