"""Opener of the Way (factions.md section 7): roster, costs, combat (Yog-Sothoth) and Yog-Sothoth's
awakening.

Abilities not yet modelled (hooks): The Beyond One, and the Spellbooks (They Break Through, The
Million Favored Ones, Channel Power, Dread Curse of Azathoth, Dragon Ascending and Descending).
The Key and the Gate (Yog-Sothoth counts as a gate) is in board.py already.
"""

from __future__ import annotations

from companion.engine.core import Code, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, Events, FactionRules, G, M, Side, UnitType, fixed
from companion.engine.cthulhu.model import YOG_SOTHOTH, Faction, GameState, UnitKind

SPAWN = "Spawn of Yog-Sothoth"


def yog_sothoth(side: Side, count: int) -> int:
    """Twice the number of the other factions' own Great Old Ones in play (independent ones do
    not count): HRF FactionOW.scala ``strength`` (docs/rules-notes.md)."""
    goos = sum(u.count for a in side.state.areas for u in a.units if u.kind is UnitKind.GOO and u.owner != side.pid)
    return count * 2 * goos


def yog_where(state: GameState, pid: str, index: int) -> str:
    if not state.areas[index].count(owner=pid, name=SPAWN):
        return f"Yog-Sothoth replaces a Spawn of Yog-Sothoth, and there is none of Opener's in {state.area_name(index)}"
    return ""


def yog_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """The Spawn he replaces goes back to the pool."""
    if not state.areas[index].count(owner=pid, name=SPAWN):  # the Cosmic Power bypassed the area
        raise Refusal(Code.NO_SUCH_UNITS, f"Yog-Sothoth replaces a Spawn of Yog-Sothoth in {state.area_name(index)}.")
    state, removed = bd.remove(state, index, pid, UnitKind.MONSTER, SPAWN, 1, "replaced by Yog-Sothoth")
    events += removed
    return state


RULES = FactionRules(
    Faction.OPENER_OF_THE_WAY,
    units=(
        ACOLYTE,
        UnitType("Mutant", M, 4, 2, 1),
        UnitType("Abomination", M, 3, 3, 2),
        UnitType(SPAWN, M, 2, 4, 3),
        UnitType(YOG_SOTHOTH, G, 1, 6, yog_sothoth),
    ),
    spellbooks=(
        "They Break Through",
        "The Million Favored Ones",
        "Channel Power",
        "Dread Curse of Azathoth",
        "Dragon Ascending",
        "Dragon Descending",
    ),
    awakenings=(Awakening(YOG_SOTHOTH, fixed(6), yog_where, effect=yog_effect),),
)
