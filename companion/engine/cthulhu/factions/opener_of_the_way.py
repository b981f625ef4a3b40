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


# == unique abilities, Spellbooks and requirements (factions.md section 7) ========================
# Modelled: the six requirements and Dragon Ascending.  Not yet: The Beyond One, They Break
# Through, The Million Favored Ones, Channel Power, Dread Curse of Azathoth, Dragon Descending.

from collections.abc import Iterator  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from companion.engine.core import COMMANDS, Command  # noqa: E402
from companion.engine.cthulhu.events import HitTaken  # noqa: E402
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import PromptKind  # noqa: E402

DRAGON_ASCENDING = "Dragon Ascending"
ONCE = f"{DRAGON_ASCENDING} {pw.ONCE_PER_GAME}"  # its use, kept when the Action Phase clears the others
GATES_FEW, GATES_MANY, GATES_MANY_3P = 8, 12, 10


@COMMANDS.register("dragon_ascending")
@dataclass(frozen=True, slots=True)
class DragonAscending(Command):
    """Dragon Ascending (once per game, any time): Opener's Power becomes the highest Power of
    any faction."""

    player: str


def gates_on_map(state: GameState) -> int:
    """Every gate, and Yog-Sothoth, who counts as one (factions.md section 7)."""
    return sum(1 for a in state.areas if a.gate is not None) + sum(
        a.count(name=YOG_SOTHOTH, kind=UnitKind.GOO) for a in state.areas
    )


def _many(state: GameState) -> int:
    return GATES_MANY_3P if len(state.players) == 3 else GATES_MANY


def _enemy_gate_areas(state: GameState, pid: str, events: pw.Events) -> bool:
    areas = [a for a in state.areas if a.count(owner=pid) and a.gate is not None and a.gate.controller not in (None, pid)]
    return len(areas) >= 2


def _lost_in_battle(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, HitTaken) and e.player == pid and e.hit == "kill" for e in events)


def _goo_meets_goo(state: GameState, pid: str, events: pw.Events) -> bool:
    goos = (UnitKind.GOO, UnitKind.IGOO)
    return any(
        any(u.owner == pid and u.kind in goos for u in a.units) and any(u.owner != pid and u.kind in goos for u in a.units)
        for a in state.areas
    )


REQUIREMENTS = (
    pw.Requirement("8 gates on the map", lambda s, p, e: gates_on_map(s) >= GATES_FEW),
    pw.Requirement("12 gates on the map", lambda s, p, e: gates_on_map(s) >= _many(s)),
    pw.Requirement("Units in 2 areas with enemy gates", _enemy_gate_areas),
    pw.Requirement("Lose a unit in battle", _lost_in_battle),
    pw.Requirement("Your Great Old One meets an enemy's", _goo_meets_goo),
    pw.Requirement("Awaken Yog-Sothoth", lambda s, p, e: YOG_SOTHOTH in s.player(p).awakened or pw.in_play(s, p, YOG_SOTHOTH)),
)


def dragon_ascending(state: GameState, cmd: DragonAscending, events: Events) -> GameState:
    seat = pw.need_book(state, cmd.player, DRAGON_ASCENDING)
    if pw.used(state, cmd.player, ONCE):
        raise Refusal(Code.NOT_NOW, "Dragon Ascending is used once per game.")
    if state.prompt.kind in (PromptKind.NONE, PromptKind.SPELLBOOK, PromptKind.ABILITY):
        raise Refusal(Code.NOT_NOW, "Not while the referee waits for an answer to an ability.")
    highest = max(p.power for p in state.players)
    events.append(pw.AbilityUsed(cmd.player, DRAGON_ASCENDING, f"Power set to {highest}, the highest"))
    state = pw.gain_power(state, seat, highest - state.players[seat].power, DRAGON_ASCENDING, events)
    return pw.mark_used(state, cmd.player, ONCE)


HANDLERS = {DragonAscending: dragon_ascending}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    used = pw.used(state, pid, ONCE)
    higher = max(p.power for p in state.players) > state.player(pid).power
    if state.prompt.kind is PromptKind.ACTION and pw.holds(state, pid, DRAGON_ASCENDING) and not used and higher:
        yield DragonAscending(pid)
