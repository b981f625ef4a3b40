"""Opener of the Way (factions.md section 7): roster, costs, combat (Yog-Sothoth), Yog-Sothoth's
awakening, and below them the unique abilities, Spellbooks and requirements.  The Key and the
Gate (Yog-Sothoth counts as a gate) is in board.py.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleEnded, DiceRolled, HitTaken, RitualPerformed
from companion.engine.cthulhu.factions import ice_age, unit_type
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import ACOLYTE, Awakening, Events, FactionRules, G, M, Side, UnitType, fixed
from companion.engine.cthulhu.factions.borrowed import borrowed
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler, core
from companion.engine.cthulhu.model import (
    ERADICATED,
    NEUTRAL,
    NO_PROMPT,
    YOG_SOTHOTH,
    Ask,
    Faction,
    GameState,
    Gate,
    Prompt,
    PromptKind,
    UnitKind,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

SPAWN = "Spawn of Yog-Sothoth"


def yog_sothoth(side: Side, count: int) -> int:
    """Twice the number of the other factions' own Great Old Ones in play (independent ones do
    not count): HRF FactionOW.scala ``strength`` (docs/rules-notes.md)."""
    goos = sum(bd.faction_goos_in_play(side.state, p.pid) for p in side.state.players if p.pid != side.pid)
    return count * 2 * goos


def yog_where(state: GameState, pid: str, index: int) -> str:
    if not state.areas[index].count(owner=pid, name=SPAWN):
        return say(
            "Yog-Sothoth replaces a Spawn of Yog-Sothoth, and there is none of Opener's in {area}", area=state.area_name(index)
        )
    return ""


def yog_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """The Spawn he replaces goes back to the pool."""
    if not state.areas[index].count(owner=pid, name=SPAWN):  # the Cosmic Power bypassed the area
        raise Refusal(Code.NO_SUCH_UNITS, "Yog-Sothoth replaces a Spawn of Yog-Sothoth in {area}.", area=state.area_name(index))
    state, removed = bd.remove(state, index, pid, UnitKind.MONSTER, SPAWN, 1, say("replaced by Yog-Sothoth"))
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
# All modelled: the six requirements, The Beyond One, They Break Through, The Million Favored Ones
# (asked when the battle is over), Channel Power, Dread Curse of Azathoth, Dragon Ascending and
# Dragon Descending.


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
    """The gates the "12 gates on the map" requirement asks for: 10 in a 3-player game, and in a
    4-player game with ``Options.opener_ten_gates`` (HRF's "Opener 4P 10 gates"), else 12
    (factions.md section 7, [HRF:FactionOW.scala] ``requirements``)."""
    count = len(state.players)
    ten = count == 3 or (count == 4 and state.options.opener_ten_gates)
    return GATES_MANY_3P if ten else GATES_MANY


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
    pw.Requirement("8 gates on the map", lambda s, p, e: gates_on_map(s) >= GATES_FEW, when=pw.GATES),
    pw.Requirement("12 gates on the map", lambda s, p, e: gates_on_map(s) >= _many(s), when=pw.GATES),
    pw.Requirement("Units in 2 areas with enemy gates", _enemy_gate_areas, when=pw.BOARD),
    pw.Requirement("Lose a unit in battle", _lost_in_battle, when=pw.HIT),
    pw.Requirement("Your Great Old One meets an enemy's", _goo_meets_goo, when=pw.BOARD),
    pw.Requirement(
        "Awaken Yog-Sothoth", lambda s, p, e: YOG_SOTHOTH in s.player(p).awakened or pw.in_play(s, p, YOG_SOTHOTH), when=pw.PLACED
    ),
)


def dragon_ascending(state: GameState, cmd: DragonAscending, events: Events) -> GameState:
    seat = pw.need_book(state, cmd.player, DRAGON_ASCENDING)
    if pw.used(state, cmd.player, ONCE):
        raise Refusal(Code.NOT_NOW, "Dragon Ascending is used once per game.")
    if state.prompt.kind in (PromptKind.NONE, PromptKind.SPELLBOOK, PromptKind.ABILITY):
        raise Refusal(Code.NOT_NOW, "Not while the referee waits for an answer to an ability.")
    highest = max(p.power for p in state.players)
    events.append(pw.AbilityUsed(cmd.player, DRAGON_ASCENDING, say("Power set to {highest}, the highest", highest=highest)))
    state = pw.gain_power(state, seat, highest - state.players[seat].power, DRAGON_ASCENDING, events)
    return pw.mark_used(state, cmd.player, ONCE)


# == Dragon Descending, Channel Power, Dread Curse, Million Favored Ones, They Break Through, The
# Beyond One ======================================================================================

DRAGON_DESCENDING = "Dragon Descending"
DESCENDED = f"{DRAGON_DESCENDING} {pw.ONCE_PER_GAME}"
CHANNEL_POWER, CHANNEL_COST = "Channel Power", 1
DREAD_CURSE, DREAD_CURSE_COST = "Dread Curse of Azathoth", 2
MILLION = "The Million Favored Ones"
BEYOND_ONE, BEYOND_ONE_COST, BEYOND_ONE_LEAST = "The Beyond One", 1, 3
UPGRADES = {"Acolyte": "Mutant", "Mutant": "Abomination", "Abomination": SPAWN, SPAWN: "Mutant"}
MUTANT = "Mutant"


@COMMANDS.register("dread_curse")
@dataclass(frozen=True, slots=True)
class DreadCurse(Command):
    """Dread Curse of Azathoth (action, 2 Power): one battle die per Abomination and Spawn of
    Opener's in play against the enemy units in ``area``; Opener splits the results."""

    player: str
    area: str


@COMMANDS.register("break_through")
@dataclass(frozen=True, slots=True)
class BreakThrough(Command):
    """They Break Through: summon ``name`` at an enemy-controlled or abandoned gate in ``area``
    (the summon's cost; no unit of Opener's needed there)."""

    player: str
    area: str
    name: str


@COMMANDS.register("key_and_gate")
@dataclass(frozen=True, slots=True)
class KeyAndGate(Command):
    """The Key and the Gate: summon ``name`` (at its cost) in ``area``, where Opener's
    Yog-Sothoth stands as its gate, with no gate of Opener's there (with one, `summon` does)."""

    player: str
    area: str
    name: str


@COMMANDS.register("beyond_one")
@dataclass(frozen=True, slots=True)
class BeyondOne(Command):
    """The Beyond One (action, 1 Power): Opener's ``unit`` (cost 3 or more) in ``area``, with a gate
    and no enemy Great Old One, goes to ``to`` (no gate) with the gate and its controlling unit."""

    player: str
    area: str
    unit: str
    to: str


def _is(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.OPENER_OF_THE_WAY)


# -- Dragon Descending ---------------------------------------------------------------------------


def _descend(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    if choice == "skip":
        return state
    doom = int(ask.data[0])
    events.append(pw.AbilityUsed(ask.actor, DRAGON_DESCENDING, say("the Ritual gives {doom} Doom more", doom=doom)))
    state = flow.gain_doom(state, pw.seat_of(state, ask.actor), doom, DRAGON_DESCENDING, events)
    return pw.mark_used(state, ask.actor, DESCENDED)


# -- Channel Power (a battle roll's misses rolled again) --------------------------------------------


def misses(values: tuple[int, ...]) -> int:
    return sum(1 for v in values if v < 4)  # 4-5 a Pain, 6 a Kill


def _may_channel(state: GameState, pid: str, values: tuple[int, ...]) -> bool:
    return (
        _is(state, pid) and pw.holds(state, pid, CHANNEL_POWER) and misses(values) > 0 and state.player(pid).power >= CHANNEL_COST
    )


def channel_wrap(rolled: pw.Handler) -> pw.Handler:
    """After Opener's battle roll, ask whether it pays 1 to roll its misses again."""

    def run(state: GameState, values: object, events: Events) -> GameState:
        b = state.battle
        assert isinstance(values, tuple)
        if not state.options.abilities or b is None or not b.whole:
            return rolled(state, values, events)
        roller = b.attacker if not b.rolls else b.defender
        if not _may_channel(state, roller, values):
            return rolled(state, values, events)
        state = evolve(state, battle=evolve(b, rolls=(*b.rolls, values)))
        return _ask_channel(state, roller)

    return run


def _ask_channel(state: GameState, pid: str) -> GameState:
    assert state.battle is not None
    n = misses(state.battle.rolls[-1])
    text = say("{pid}: Channel Power: pay 1 Power to roll your {n} miss(es) again?", pid=pid, n=n)
    prompt = Prompt(PromptKind.ABILITY, pid, text, ("use", "skip"), purpose=CHANNEL_POWER)
    state = pw.with_abilities(
        state, asks=(Ask(CHANNEL_POWER, pid), *state.abilities.asks), resume=(NO_PROMPT, *state.abilities.resume)
    )
    return evolve(state, prompt=prompt)


def _channel(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    if choice == "skip":
        return core().next_roll(state, events)
    assert state.battle is not None
    n = misses(state.battle.rolls[-1])
    state = pw.pay(state, pw.seat_of(state, ask.actor), CHANNEL_COST, CHANNEL_POWER, events)
    return evolve(state, prompt=bd.roll_prompt(ask.actor, n, "channel_power", say("Roll {n} dice again for Channel Power.", n=n)))


def channel_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    """The misses of the last battle roll replaced by the new dice."""
    b = state.battle
    assert b is not None
    roller = b.attacker if len(b.rolls) == 1 else b.defender
    new = iter(values)
    kept = tuple(next(new) if v < 4 else v for v in b.rolls[-1])
    state = evolve(state, battle=evolve(b, rolls=(*b.rolls[:-1], kept)), prompt=NO_PROMPT)
    events.append(pw.AbilityUsed(roller, CHANNEL_POWER, say("the dice now read {map}", map=" ".join(map(str, kept)))))
    if _may_channel(state, roller, kept):
        return _ask_channel(state, roller)
    return core().next_roll(state, events)


# -- Dread Curse of Azathoth -------------------------------------------------------------------------


def curse_dice(state: GameState, pid: str) -> int:
    return sum(a.count(owner=pid, name=n) for a in state.areas for n in ("Abomination", SPAWN))


def _targets(state: GameState, index: int, pid: str) -> tuple[str, ...]:
    return tuple(
        dict.fromkeys(
            u.owner for u in state.areas[index].units if u.owner not in (pid, NEUTRAL) and state.seat(u.owner) is not None
        )
    )


def _curse_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _targets(state, int(ask.data[0]), ask.actor)


def _curse(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    """One result of the Dread Curse to ``choice``'s units (Kills first, then Pains)."""
    index, kills, pains = int(ask.data[0]), int(ask.data[1]), int(ask.data[2])
    hit = "kill" if kills else "pain"
    kills, pains = (kills - 1, pains) if kills else (kills, pains - 1)
    if kills or pains:
        state = pw.push_ask(state, Ask(DREAD_CURSE, ask.actor, (str(index), str(kills), str(pains))))
    return pw.push_ask(state, Ask("Dread Curse unit", choice, (str(index), hit, ask.actor)))


def _unit_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return tuple(dict.fromkeys(u.name for u in state.areas[int(ask.data[0])].units_of(ask.actor)))


def _unit(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    index, hit, ow = int(ask.data[0]), ask.data[1], ask.data[2]
    unit = pw.unit_here(state, index, ask.actor, choice)  # no HitTaken: this is not a battle
    if hit == "kill":
        return pw.remove_one(state, index, unit, say("killed by the Dread Curse of Azathoth"), events)
    return pw.push_ask(state, Ask("Dread Curse retreat", ow, (str(index), ask.actor, choice)))


def _retreat_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    index = int(ask.data[0])
    return tuple(state.area_name(i) for i in sorted(state.board.adjacent[index]) if ERADICATED not in state.areas[i].markers)


def _retreat(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    index, owner, name = int(ask.data[0]), ask.data[1], ask.data[2]
    return pw.send_one(state, index, owner, name, choice, events)


def dread_curse(state: GameState, cmd: DreadCurse, events: Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, DREAD_CURSE)
    index = bd.area_index(state, cmd.area)
    if not _targets(state, index, cmd.player):
        raise Refusal(Code.NO_SUCH_UNITS, "The Dread Curse needs enemy units in {area}.", area=cmd.area)
    dice = curse_dice(state, cmd.player)
    if not dice:
        raise Refusal(Code.NO_SUCH_UNITS, "The Dread Curse rolls a die per Abomination and Spawn in play: Opener has none.")
    state = pw.pay(state, seat, DREAD_CURSE_COST, DREAD_CURSE, events)
    return evolve(
        state,
        prompt=bd.roll_prompt(cmd.player, dice, f"dread_curse:{index}", say("Roll {dice} dice for the Dread Curse.", dice=dice)),
    )


def dread_curse_rolled(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    rolled = next(e for e in reversed(events) if isinstance(e, DiceRolled))  # the prompt is cleared
    index, ow = int(rolled.purpose.split(":")[1]), rolled.player
    kills, pains = bd.kills_and_pains(values)
    events.append(
        pw.AbilityUsed(
            ow,
            DREAD_CURSE,
            say(
                "{kills} and {pains} in {area}",
                kills=_count(kills, "Kill"),
                pains=_count(pains, "Pain"),
                area=state.area_name(index),
            ),
        )
    )
    if kills or pains:
        state = pw.queue_ask(state, Ask(DREAD_CURSE, ow, (str(index), str(kills), str(pains))))
    return pw.end_action(state, events)


# -- The Million Favored Ones ---------------------------------------------------------------------


def _million_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    index, made = bd.area_index(state, ask.data[0]), ask.data[1:]
    out = []
    for name, to in UPGRADES.items():
        here = state.areas[index].count(owner=ask.actor, name=name) - made.count(name)
        pool = next(u.pool for u in RULES.units if u.name == to)
        if here > 0 and pw.pool_left(state, ask.actor, to, pool) > 0:
            out.append(name)
    return ("skip", *out) if out else ()


def _million(state: GameState, ask: Ask, choice: str, events: Events) -> GameState:
    if choice == "skip":
        return state
    index = bd.area_index(state, ask.data[0])
    to = UPGRADES[choice]
    unit = pw.unit_here(state, index, ask.actor, choice)
    state = pw.remove_one(state, index, unit, MILLION, events)
    pool = next(u.pool for u in RULES.units if u.name == to)
    count = pw.pool_left(state, ask.actor, to, pool) if choice == SPAWN else 1  # a Spawn: every Mutant in the pool
    for _ in range(count):
        state = pw.place_one(state, index, ask.actor, M, to, MILLION, events)
    events.append(
        pw.AbilityUsed(
            ask.actor,
            MILLION,
            say("a {choice} becomes {count} {to}", choice=choice, count=count, to=to)
            if count == 1
            else say("a {choice} becomes {count} {to}s", choice=choice, count=count, to=to),
        )
    )
    return pw.push_ask(state, Ask(MILLION, ask.actor, (*ask.data, *(to,) * count)))


ASKS = {
    DRAGON_DESCENDING: pw.AskRule(lambda s, a: ("use", "skip"), _descend, "Dragon Descending: double this Ritual's Doom?"),
    CHANNEL_POWER: pw.AskRule(lambda s, a: ("use", "skip"), _channel, "Channel Power: pay 1 Power to roll your misses again?"),
    DREAD_CURSE: pw.AskRule(_curse_choices, _curse, "Dread Curse: which faction takes the next result?"),
    "Dread Curse unit": pw.AskRule(_unit_choices, _unit, "Dread Curse: which of your units takes it?"),
    "Dread Curse retreat": pw.AskRule(_retreat_choices, _retreat, "Dread Curse: where does the pained unit go?"),
    MILLION: pw.AskRule(_million_choices, _million, "The Million Favored Ones: upgrade which unit, or skip?"),
}


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(RitualPerformed, BattleEnded)


def react(state: GameState, seen: Events, events: Events) -> GameState:
    """Dragon Descending after Opener's Ritual; The Million Favored Ones after its battles."""
    for event in seen:
        if isinstance(event, RitualPerformed) and _is(state, event.player) and event.doom:
            if pw.holds(state, event.player, DRAGON_DESCENDING) and not pw.used(state, event.player, DESCENDED):
                state = pw.queue_ask(state, Ask(DRAGON_DESCENDING, event.player, (str(event.doom),)))
        elif isinstance(event, BattleEnded):
            for ow in (event.attacker, event.defender):
                if _is(state, ow) and pw.holds(state, ow, MILLION):
                    state = pw.queue_ask(state, Ask(MILLION, ow, (event.area,)))
    return state


# -- They Break Through, The Beyond One -------------------------------------------------------------


def break_through(state: GameState, cmd: BreakThrough, events: Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "They Break Through")
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    unit = RULES.unit(cmd.name)
    if gate is None or gate.controller == cmd.player:
        raise Refusal(
            Code.NOT_NOW, "They Break Through summons at an enemy or abandoned gate, and {area} has none.", area=cmd.area
        )
    if unit is None or unit.kind is not M:
        raise Refusal(Code.BAD_VALUE, "{name!r} is not one of Opener's Monsters.", name=cmd.name)
    if pw.pool_left(state, cmd.player, cmd.name, unit.pool) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No {name} is left in the pool.", name=cmd.name)
    state = pw.pay(state, seat, unit.cost, say("summoning {name}", name=cmd.name), events)
    state = pw.place_one(state, index, cmd.player, M, cmd.name, "summoned", events)
    events.append(
        pw.AbilityUsed(
            cmd.player, "They Break Through", say("a {name} summoned at the gate in {area}", name=cmd.name, area=cmd.area)
        )
    )
    return pw.end_action(state, events)


def key_and_gate(state: GameState, cmd: KeyAndGate, events: Events) -> GameState:
    """The Key and the Gate (factions.md section 7): Yog-Sothoth is a gate Opener controls "for
    every purpose", summoning included, so a Monster may be summoned where he stands."""
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.OPENER_OF_THE_WAY, "The Key and the Gate")
    index = bd.area_index(state, cmd.area)
    if not state.areas[index].count(owner=cmd.player, name=YOG_SOTHOTH, kind=G):
        raise Refusal(Code.NOT_NOW, "The Key and the Gate summons where Yog-Sothoth stands; he is not in {area}.", area=cmd.area)
    gate = state.areas[index].gate
    if gate is not None and gate.controller == cmd.player:  # one way to do a thing: the listed summon
        raise Refusal(Code.NOT_NOW, "Opener controls the gate in {area}: summon there as usual.", area=cmd.area)
    unit = RULES.unit(cmd.name)
    if unit is None or unit.kind is not M:
        raise Refusal(Code.BAD_VALUE, "{name!r} is not one of Opener's Monsters.", name=cmd.name)
    if pw.pool_left(state, cmd.player, cmd.name, unit.pool) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No {name} is left in the pool.", name=cmd.name)
    state = pw.pay(state, seat, RULES.cost_of(state, cmd.player, unit), say("summoning {name}", name=cmd.name), events)
    state = pw.place_one(state, index, cmd.player, M, cmd.name, "summoned", events)
    events.append(
        pw.AbilityUsed(
            cmd.player, "The Key and the Gate", say("a {name} summoned at Yog-Sothoth in {area}", name=cmd.name, area=cmd.area)
        )
    )
    return pw.end_action(state, events)


def beyond_one(state: GameState, cmd: BeyondOne, events: Events) -> GameState:

    seat = pw.my_turn(state, cmd.player)
    if not borrowed(state, cmd.player, BEYOND_ONE):
        pw.need_faction(state, cmd.player, Faction.OPENER_OF_THE_WAY, BEYOND_ONE)
    source, to = bd.area_index(state, cmd.area), bd.area_index(state, cmd.to)
    bd.refuse_eradicated(state, to)
    area = state.areas[source]
    unit = pw.unit_here(state, source, cmd.player, cmd.unit)
    kind = unit_type(state, cmd.player, cmd.unit)
    if kind is None or kind.cost < BEYOND_ONE_LEAST:
        raise Refusal(
            Code.BAD_VALUE,
            "The Beyond One moves a unit costing {beyond_one_least} or more, not a {unit}.",
            beyond_one_least=BEYOND_ONE_LEAST,
            unit=cmd.unit,
        )
    if area.gate is None or state.areas[to].gate is not None or source == to:
        raise Refusal(Code.NOT_NOW, "The Beyond One takes the gate in {area} to an area without one.", area=cmd.area)
    if any(u.owner != cmd.player and u.kind in (G, UnitKind.IGOO) for u in area.units):
        raise Refusal(Code.NOT_NOW, "An enemy Great Old One holds the gate in {area}.", area=cmd.area)
    state = pw.pay(state, seat, BEYOND_ONE_COST, BEYOND_ONE, events)
    gate = area.gate
    keeper = (
        None if gate.controller is None else next((u for u in area.units_of(gate.controller) if u.kind is UnitKind.CULTIST), None)
    )
    state, moved = bd.move(state, source, to, cmd.player, unit.kind, cmd.unit, 1)
    events += moved
    if keeper is not None:
        state, moved = bd.move(state, source, to, keeper.owner, keeper.kind, keeper.name, 1)
        events += moved
    state, changed = bd.set_gate(state, source, None, "moved by The Beyond One")
    events += changed
    state, changed = bd.set_gate(
        state, to, Gate(gate.controller) if keeper is not None else Gate(None), "moved by The Beyond One"
    )
    events += changed
    events.append(pw.AbilityUsed(cmd.player, BEYOND_ONE, say("the gate in {area} goes to {to}", area=cmd.area, to=cmd.to)))
    return pw.end_action(state, events)


HANDLERS: dict[type[Command], Handler] = {
    DragonAscending: dragon_ascending,
    DreadCurse: dread_curse,
    BreakThrough: break_through,
    BeyondOne: beyond_one,
    KeyAndGate: key_and_gate,
}
ROLLS = {"channel_power": channel_rolled, "dread_curse": dread_curse_rolled}
ROLL_WRAPS = (("battle", channel_wrap),)
PLACES = dict.fromkeys((DreadCurse, BreakThrough, BeyondOne, KeyAndGate), ice_age.targets)  # where its actions end (the Ice Age)


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """Dragon Ascending, once per game at any time: between anyone's actions and in the Doom Phase."""
    if state.prompt.kind in (PromptKind.ACTION, PromptKind.RITUAL):
        yield from _ascending(state, pid)


def _ascending(state: GameState, pid: str) -> Iterator[Command]:
    higher = max(p.power for p in state.players) > state.player(pid).power
    if pw.holds(state, pid, DRAGON_ASCENDING) and not pw.used(state, pid, ONCE) and higher:
        yield DragonAscending(pid)


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind not in (PromptKind.ACTION, PromptKind.RITUAL):
        return
    yield from _ascending(state, pid)  # any time: the Doom Phase's question too
    if state.prompt.kind is not PromptKind.ACTION:
        return
    power = state.player(pid).power
    for i, area in enumerate(state.areas):
        name = state.area_name(i)
        if pw.holds(state, pid, DREAD_CURSE) and power >= DREAD_CURSE_COST and curse_dice(state, pid) and _targets(state, i, pid):
            yield DreadCurse(pid, name)
        gate = area.gate
        if area.count(owner=pid, name=YOG_SOTHOTH, kind=G) and (gate is None or gate.controller != pid):
            for unit in RULES.units:
                afford = unit.kind is M and power >= RULES.cost_of(state, pid, unit) + ice_age.surcharge(state, pid, name)
                if unit.kind is M and afford and pw.pool_left(state, pid, unit.name, unit.pool) > 0:
                    yield KeyAndGate(pid, name, unit.name)
        if pw.holds(state, pid, "They Break Through") and gate is not None and gate.controller != pid:
            for unit in RULES.units:
                if unit.kind is M and unit.cost <= power and pw.pool_left(state, pid, unit.name, unit.pool) > 0:
                    yield BreakThrough(pid, name, unit.name)
        if (
            gate is not None
            and power >= BEYOND_ONE_COST
            and not any(u.owner != pid and u.kind in (G, UnitKind.IGOO) for u in area.units)
        ):
            for stack in area.units_of(pid):
                if stack.name in ("Abomination", SPAWN, YOG_SOTHOTH):
                    free = (j for j, a in enumerate(state.areas) if a.gate is None and ERADICATED not in a.markers)
                    yield from (BeyondOne(pid, name, stack.name, state.area_name(j)) for j in free)


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    reaction=react,
    reacts_to=REACTS_TO,
    rolls=ROLLS,
    roll_wraps=ROLL_WRAPS,
    places=PLACES,
    out_of_turn=out_of_turn,
)


def _count(count: int, word: str) -> str:
    """ "1 Kill", "2 Kills" (the rules' words, the same in every language)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
