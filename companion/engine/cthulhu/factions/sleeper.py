"""Sleeper (factions.md section 5): roster, costs, combat (Formless Spawn, Tsathoggua) and
Tsathoggua's awakening.

Abilities not yet modelled (hooks): Death from Below, Lethargy, and the Spellbooks (Burrow,
Energy Nexus, Ancient Sorcery, Capture Monster, Demand Sacrifice, Cursed Slumber).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, FactionRules, G, M, Side, UnitType, fixed, in_play, on_map
from companion.engine.cthulhu.model import Faction, GameState

TSATHOGGUA = "Tsathoggua"
FORMLESS = "Formless Spawn"
TSATHOGGUA_LEAST = 2


def formless(side: Side, count: int) -> int:
    """Each: the number of Formless Spawn on the map, +1 while Tsathoggua is (the card says "on the
    map"; HRF's "in play" adds only Sleeper's boxes, which the referee does not model)."""
    each = on_map(side.state, side.pid, FORMLESS) + (1 if in_play(side.state, side.pid, TSATHOGGUA) else 0)
    return count * each


def tsathoggua(side: Side, count: int) -> int:
    """The opponent's current Power, but never less than 2."""
    return count * max(TSATHOGGUA_LEAST, side.enemy_power)


def tsathoggua_where(state: GameState, pid: str, index: int) -> str:
    if not state.areas[index].count(owner=pid, name=FORMLESS):
        return f"Tsathoggua rises in an area with a Sleeper Formless Spawn, not {state.area_name(index)}"
    return ""


RULES = FactionRules(
    Faction.SLEEPER,
    units=(
        ACOLYTE,
        UnitType("Wizard", M, 2, 1, 0),
        UnitType("Serpent Man", M, 3, 2, 1),
        UnitType(FORMLESS, M, 4, 3, formless),
        UnitType(TSATHOGGUA, G, 1, 8, tsathoggua),
    ),
    spellbooks=("Burrow", "Energy Nexus", "Ancient Sorcery", "Capture Monster", "Demand Sacrifice", "Cursed Slumber"),
    awakenings=(Awakening(TSATHOGGUA, fixed(8), tsathoggua_where),),
)


# == unique abilities, Spellbooks and requirements (factions.md section 5) ========================
# Modelled: the six requirements, Lethargy, Death from Below and Burrow.  Not yet: Energy Nexus,
# Ancient Sorcery, Capture Monster, Demand Sacrifice, Cursed Slumber.

from collections.abc import Iterator  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from companion.engine.core import COMMANDS, Code, Command, Refusal  # noqa: E402
from companion.engine.cthulhu import board as bd  # noqa: E402
from companion.engine.cthulhu.events import CombatComputed, PowerSpent, RitualPerformed  # noqa: E402
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import ERADICATED, Phase, PromptKind  # noqa: E402

REQUIREMENT_COST = 3
GIFTS = {
    "one": "Pay 3: another player gains 3",
    "all": "Pay 3: every other player gains 1",
    "loss": "Pay 3: every other player loses 1",
}
BATTLE_DICE = 6


@COMMANDS.register("sleeper_requirement")
@dataclass(frozen=True, slots=True)
class SleeperRequirement(Command):
    """Sleeper's Power requirement actions (3 Power each): ``kind`` "one" (``to`` gains 3),
    "all" (every other player gains 1) or "loss" (every other player loses 1)."""

    player: str
    kind: str
    to: str = ""


@COMMANDS.register("lethargy")
@dataclass(frozen=True, slots=True)
class Lethargy(Command):
    """Lethargy (action, 0 Power, Tsathoggua in play): do nothing; it counts as the action."""

    player: str


@COMMANDS.register("death_from_below")
@dataclass(frozen=True, slots=True)
class DeathFromBelow(Command):
    """Death from Below (Doom Phase, once): Sleeper's cheapest Monster in the pool goes to
    ``area``, which holds a Sleeper unit (any area when none is on the map)."""

    player: str
    area: str


def _is(state: GameState, pid: str) -> bool:
    seat = state.seat(pid)
    return seat is not None and state.players[seat].faction is Faction.SLEEPER


def _paid(kind: str) -> pw.RequirementCheck:
    return lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == GIFTS[kind] for x in e)


def _six_dice(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, CombatComputed) and e.player == pid and e.dice >= BATTLE_DICE for e in events)


REQUIREMENTS = (
    pw.Requirement(GIFTS["one"], _paid("one")),
    pw.Requirement(GIFTS["all"], _paid("all")),
    pw.Requirement(GIFTS["loss"], _paid("loss")),
    pw.Requirement("Roll 6 dice in a battle", _six_dice),
    pw.Requirement("Perform a Ritual", lambda s, p, e: any(isinstance(x, RitualPerformed) and x.player == p for x in e)),
    pw.Requirement("Awaken Tsathoggua", lambda s, p, e: TSATHOGGUA in s.player(p).awakened or pw.in_play(s, p, TSATHOGGUA)),
)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Burrow: 1 Power back after a Move action that spent 2 or more on movement."""
    for event in seen:
        if (
            isinstance(event, PowerSpent)
            and _is(state, event.player)
            and event.action.startswith("moving")
            and event.amount >= 2
            and pw.holds(state, event.player, "Burrow")
        ):
            events.append(pw.AbilityUsed(event.player, "Burrow", "2 or more Power spent moving: 1 back"))
            state = pw.gain_power(state, pw.seat_of(state, event.player), 1, "Burrow", events)
    return state


def sleeper_requirement(state: GameState, cmd: SleeperRequirement, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.SLEEPER, "A Sleeper requirement")
    if cmd.kind not in GIFTS:
        raise Refusal(Code.BAD_VALUE, "kind is one, all or loss.")
    if (cmd.player, GIFTS[cmd.kind]) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    others = [p.pid for p in state.players if p.pid != cmd.player]
    if cmd.kind == "one" and cmd.to not in others:
        raise Refusal(Code.BAD_VALUE, "Name the other player who gains 3 Power in to.")
    state = pw.pay(state, seat, REQUIREMENT_COST, GIFTS[cmd.kind], events)
    for pid in others:
        other = pw.seat_of(state, pid)
        if cmd.kind == "one" and pid == cmd.to:
            state = pw.gain_power(state, other, 3, GIFTS[cmd.kind], events)
        elif cmd.kind == "all":
            state = pw.gain_power(state, other, 1, GIFTS[cmd.kind], events)
        elif cmd.kind == "loss" and state.players[other].power > 0:
            state = pw.pay(state, other, 1, GIFTS[cmd.kind], events)
    events.append(pw.AbilityUsed(cmd.player, GIFTS[cmd.kind], "3 Power paid"))
    return pw.end_action(state, events)


def lethargy(state: GameState, cmd: Lethargy, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.SLEEPER, "Lethargy")
    if not pw.in_play(state, cmd.player, TSATHOGGUA):
        raise Refusal(Code.NOT_NOW, "Lethargy needs Tsathoggua in play.")
    events.append(pw.AbilityUsed(cmd.player, "Lethargy", "Sleeper does nothing this action"))
    return pw.end_action(state, events)


def cheapest_monster(state: GameState, pid: str) -> UnitType | None:
    left = [u for u in RULES.units if u.kind is M and pw.pool_left(state, pid, u.name, u.pool) > 0]
    return min(left, key=lambda u: u.cost, default=None)


def death_from_below(state: GameState, cmd: DeathFromBelow, events: pw.Events) -> GameState:
    pw.need_faction(state, cmd.player, Faction.SLEEPER, "Death from Below")
    if state.phase is not Phase.DOOM or state.prompt.kind is PromptKind.NONE:
        raise Refusal(Code.NOT_NOW, "Death from Below is a Doom Phase ability.")
    if pw.used(state, cmd.player, "Death from Below"):
        raise Refusal(Code.NOT_NOW, "Death from Below is used once per Doom Phase.")
    index = bd.area_index(state, cmd.area)
    if pw.areas_with_units(state, cmd.player) and not state.areas[index].count(owner=cmd.player):
        raise Refusal(Code.NO_SUCH_UNITS, f"Sleeper has no unit in {cmd.area}.")
    unit = cheapest_monster(state, cmd.player)
    if unit is None:
        raise Refusal(Code.NO_SUCH_UNITS, "No Sleeper Monster is left in the pool.")
    state = pw.place_one(
        pw.mark_used(state, cmd.player, "Death from Below"), index, cmd.player, M, unit.name, "Death from Below", events
    )
    events.append(pw.AbilityUsed(cmd.player, "Death from Below", f"a {unit.name} rises in {cmd.area}"))
    return state


HANDLERS = {SleeperRequirement: sleeper_requirement, Lethargy: lethargy, DeathFromBelow: death_from_below}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.RITUAL:
        if not pw.used(state, pid, "Death from Below") and cheapest_monster(state, pid) is not None:
            mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)]
            places = mine or [i for i, a in enumerate(state.areas) if ERADICATED not in a.markers]
            yield from (DeathFromBelow(pid, state.area_name(i)) for i in places)
        return
    if state.prompt.kind is not PromptKind.ACTION:
        return
    if state.player(pid).power >= REQUIREMENT_COST:
        for kind, name in GIFTS.items():
            if (pid, name) not in state.abilities.met:
                targets = [p.pid for p in state.players if p.pid != pid] if kind == "one" else [""]
                yield from (SleeperRequirement(pid, kind, to) for to in targets)
    if pw.in_play(state, pid, TSATHOGGUA):
        yield Lethargy(pid)
