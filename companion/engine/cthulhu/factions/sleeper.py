"""Sleeper (factions.md section 5): roster, costs, combat (Formless Spawn, Tsathoggua),
Tsathoggua's awakening, and below them the unique abilities, Spellbooks and requirements.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import (
    BattleDeclared,
    BattleEnded,
    CombatComputed,
    Part,
    PhaseStarted,
    PowerSpent,
    RitualPerformed,
    UnitsPlaced,
)
from companion.engine.cthulhu.factions import ice_age, independents, unit_type
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    C,
    FactionRules,
    G,
    M,
    Side,
    UnitType,
    awakened_before,
    in_play,
    on_map,
)
from companion.engine.cthulhu.factions.borrowed import BORROWED as BORROWED  # its used marks (the tests read them)
from companion.engine.cthulhu.factions.borrowed import FertilityCult, borrowed, flight
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler
from companion.engine.cthulhu.model import (
    ERADICATED,
    NEUTRAL,
    POWER_PER_CONTROLLED_GATE,
    Ask,
    Faction,
    GameState,
    Gate,
    Phase,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

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
        return say("Tsathoggua rises in an area with a Sleeper Formless Spawn, not {area}", area=state.area_name(index))
    return ""


def tsathoggua_cost(state: GameState, pid: str) -> int:
    """8; 4 once he has been awakened while Sleeper borrows Immortal (Ancient Sorcery)."""
    immortal = any(who == pid and name.startswith("Ancient Sorcery: Immortal") for who, name in state.abilities.used)
    return 4 if immortal and awakened_before(state, pid, TSATHOGGUA) else 8


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
    awakenings=(Awakening(TSATHOGGUA, tsathoggua_cost, tsathoggua_where),),
)


# == unique abilities, Spellbooks and requirements (factions.md section 5) ========================
# Modelled: the six requirements, Lethargy, Death from Below, Burrow, Demand Sacrifice, Capture
# Monster, Cursed Slumber, Ancient Sorcery (the Serpent Man's journey; borrowed Immortal, Feast,
# Flight through the Move's reach and Fertility Cult through Black Goat's command here, Hibernate,
# The Beyond One and Dematerialization in their owners' modules), Energy Nexus (see
# docs/rules-notes.md).


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
    return pw.plays(state, pid, Faction.SLEEPER)


def _paid(kind: str) -> pw.RequirementCheck:
    return lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == GIFTS[kind] for x in e)


def _six_dice(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, CombatComputed) and e.player == pid and e.dice >= BATTLE_DICE for e in events)


REQUIREMENTS = (
    pw.Requirement(GIFTS["one"], _paid("one"), when=pw.ABILITY),
    pw.Requirement(GIFTS["all"], _paid("all"), when=pw.ABILITY),
    pw.Requirement(GIFTS["loss"], _paid("loss"), when=pw.ABILITY),
    pw.Requirement("Roll 6 dice in a battle", _six_dice, when=pw.COMBAT),
    pw.Requirement(
        "Perform a Ritual", lambda s, p, e: any(isinstance(x, RitualPerformed) and x.player == p for x in e), when=pw.RITUAL
    ),
    pw.Requirement(
        "Awaken Tsathoggua", lambda s, p, e: TSATHOGGUA in s.player(p).awakened or pw.in_play(s, p, TSATHOGGUA), when=pw.PLACED
    ),
)


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
    events.append(pw.AbilityUsed(cmd.player, GIFTS[cmd.kind], say("3 Power paid")))
    return pw.end_action(state, events)


def lethargy(state: GameState, cmd: Lethargy, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.SLEEPER, "Lethargy")
    if not pw.in_play(state, cmd.player, TSATHOGGUA):
        raise Refusal(Code.NOT_NOW, "Lethargy needs Tsathoggua in play.")
    events.append(pw.AbilityUsed(cmd.player, "Lethargy", say("Sleeper does nothing this action")))
    return pw.end_action(state, events)


def cheapest_monster(state: GameState, pid: str) -> UnitType | None:
    # A Monster in an off-map box (a Serpent Man away by Ancient Sorcery) is not in the pool.
    held = {u.name: u.count for _, u in state.abilities.boxed if u.owner == pid}
    left = [u for u in RULES.units if u.kind is M and pw.pool_left(state, pid, u.name, u.pool) - held.get(u.name, 0) > 0]
    return min(left, key=lambda u: u.cost, default=None)


def death_from_below(state: GameState, cmd: DeathFromBelow, events: pw.Events) -> GameState:
    pw.need_faction(state, cmd.player, Faction.SLEEPER, "Death from Below")
    if state.phase is not Phase.DOOM or state.prompt.kind is PromptKind.NONE:
        raise Refusal(Code.NOT_NOW, "Death from Below is a Doom Phase ability.")
    if pw.used(state, cmd.player, "Death from Below"):
        raise Refusal(Code.NOT_NOW, "Death from Below is used once per Doom Phase.")
    index = bd.area_index(state, cmd.area)
    if pw.areas_with_units(state, cmd.player) and not state.areas[index].count(owner=cmd.player):
        raise Refusal(Code.NO_SUCH_UNITS, "Sleeper has no unit in {area}.", area=cmd.area)
    unit = cheapest_monster(state, cmd.player)
    if unit is None:
        raise Refusal(Code.NO_SUCH_UNITS, "No Sleeper Monster is left in the pool.")
    state = pw.place_one(
        pw.mark_used(state, cmd.player, "Death from Below"), index, cmd.player, M, unit.name, say("Death from Below"), events
    )
    events.append(pw.AbilityUsed(cmd.player, "Death from Below", say("a {unit} rises in {area}", unit=unit.name, area=cmd.area)))
    return state


# == Demand Sacrifice, Capture Monster, Cursed Slumber, Ancient Sorcery ==========================

DEMAND = "Demand Sacrifice"
KILLS_ARE_PAINS = "Demand Sacrifice: Kills are Pains"  # a ``used`` entry of the enemy, this battle
SLUMBER, PRISON, SORCERY = "slumber", "prison", "sorcery"
SERPENT_MAN, WIZARD = "Serpent Man", "Wizard"
SORCERY_COST, CAPTURE_COST, SLUMBER_COST = 1, 1, 1
# The first-listed unique ability of each faction Ancient Sorcery may borrow (factions.md).
FIRST_ABILITY = {
    Faction.GREAT_CTHULHU: "Immortal",
    Faction.CRAWLING_CHAOS: "Flight",
    Faction.BLACK_GOAT: "Fertility Cult",
    Faction.YELLOW_SIGN: "Feast",
    Faction.WINDWALKER: "Hibernate",
    Faction.OPENER_OF_THE_WAY: "The Beyond One",
    Faction.ANCIENTS: "Dematerialization",
}


@COMMANDS.register("capture_monster")
@dataclass(frozen=True, slots=True)
class CaptureMonster(Command):
    """Capture Monster (action, 1 Power): ``victim``, with no Great Old One in Tsathoggua's area,
    gives up one of its Monsters there (its choice) until the next Gather Power (+1 Power)."""

    player: str
    victim: str


@COMMANDS.register("cursed_slumber")
@dataclass(frozen=True, slots=True)
class CursedSlumber(Command):
    """Cursed Slumber (action, 1 Power): Sleeper's gate in ``area`` and its cultist go to the
    faction card; with the gate already there, ``area`` (without a gate) is where it comes back."""

    player: str
    area: str


@COMMANDS.register("ancient_sorcery")
@dataclass(frozen=True, slots=True)
class AncientSorcery(Command):
    """Ancient Sorcery (action, 1 Power): a Serpent Man in ``area`` goes onto ``enemy``'s card;
    Sleeper borrows that faction's first unique ability until the next Doom Phase ends."""

    player: str
    area: str
    enemy: str


@COMMANDS.register("sorcery_return")
@dataclass(frozen=True, slots=True)
class SorceryReturn(Command):
    """Ancient Sorcery's end (Doom Phase): the Serpent Man comes back to ``area``, +1 Power."""

    player: str
    area: str


def boxed(state: GameState, box: str, owner: str | None = None) -> tuple[Units, ...]:
    return tuple(u for b, u in state.abilities.boxed if b == box and (owner is None or u.owner == owner))


def _box(state: GameState, box: str, unit: Units) -> GameState:
    return pw.with_abilities(state, boxed=(*state.abilities.boxed, (box, unit)))


def _unbox(state: GameState, box: str, unit: Units) -> GameState:
    items = list(state.abilities.boxed)
    items.remove((box, unit))
    return pw.with_abilities(state, boxed=tuple(items))


def _demand_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return ("use", "skip") if state.battle is not None else ()


def _demand(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    enemy = pw.battle_enemy(state, ask.actor)
    assert enemy is not None
    return pw.push_ask(state, Ask("Demand Sacrifice answer", ask.actor if enemy == NEUTRAL else enemy, (enemy, ask.actor)))


def _answer(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    enemy, sl = ask.data
    if choice == "elder_sign":
        events.append(pw.AbilityUsed(sl, DEMAND, say("{enemy} gives Sleeper 1 Elder Sign", enemy=enemy)))
        return flow.draw_elder_sign(state, pw.seat_of(state, sl), DEMAND, events)
    events.append(pw.AbilityUsed(sl, DEMAND, say("{enemy}'s Kills count as Pains this battle", enemy=enemy)))
    return pw.mark_used(state, enemy, KILLS_ARE_PAINS)


def battle_results(state: GameState, pid: str, kills: int, pains: int) -> tuple[int, int]:
    """Demand Sacrifice: a side that chose it rolls its Kills as Pains."""
    return (0, kills + pains) if pw.used(state, pid, KILLS_ARE_PAINS) else (kills, pains)


def _prisoner_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    index = int(ask.data[1])
    monsters = sorted(pw.stacks_named(state, index, ask.data[0], (M,)), key=lambda u: _cost(state, u))
    return tuple(dict.fromkeys(u.name for u in monsters))


def _cost(state: GameState, unit: Units) -> int:

    found = unit_type(state, unit.owner, unit.name)
    return 0 if found is None else found.cost


def _prisoner(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    victim, index, sl = ask.data[0], int(ask.data[1]), ask.data[2]
    state = pw.remove_one(state, index, Units(victim, M, choice, 1), say("taken by Capture Monster"), events)
    events.append(pw.AbilityUsed(sl, "Capture Monster", say("{victim}'s {choice} captured", victim=victim, choice=choice)))
    return _box(state, PRISON, Units(victim, M, choice, 1))


# -- Energy Nexus: one action of Sleeper's before a battle where its Wizard stands ------------------

NEXUS = "Energy Nexus"
NEXUS_ACTING = "Energy Nexus: acting, the turn of seat"  # + the seat whose turn it interrupted


def _nexus_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None or b.rolls or state.player(ask.actor).power < 1 or not state.areas[b.area].count(owner=ask.actor, name=WIZARD):
        return ()
    return ("use", "skip")


def _nexus(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """Sleeper takes one action now; the battle's dice wait (and are counted again after it)."""
    if choice == "skip":
        return state
    seat = pw.seat_of(state, ask.actor)
    assert state.battle is not None
    where = state.area_name(state.battle.area)
    events.append(pw.AbilityUsed(ask.actor, NEXUS, say("Sleeper acts before the battle in {where}", where=where)))
    label = state.players[seat].label
    text = say(
        "{label}: Energy Nexus: one action before the battle in {where} ({power} Power).",
        label=label,
        where=where,
        power=state.players[seat].power,
    )
    state = pw.with_abilities(state, resume=(state.prompt, *state.abilities.resume))
    state = pw.mark_used(state, ask.actor, f"{NEXUS_ACTING} {state.turn}")
    return evolve(state, turn=seat, prompt=Prompt(PromptKind.ACTION, ask.actor, text, flow.ACTION_CHOICES))


def _acting(state: GameState) -> tuple[str, str] | None:
    return next((u for u in state.abilities.used if u[1].startswith(NEXUS_ACTING)), None)


def nexus_acting(state: GameState) -> bool:
    """Whether Sleeper's Energy Nexus action is under way in a battle not yet rolled: the
    battle's dice are counted again once it is over (:func:`nexus_hold`), so the dice shown
    meanwhile are those of the board as it stands (odds.battle_dice)."""
    b = state.battle
    return b is not None and not b.rolls and _acting(state) is not None


def nexus_hold(state: GameState) -> GameState | None:
    """Sleeper's Energy Nexus action is over: back to the battle (its first roll, recounted)
    and the turn it interrupted, instead of handing the turn on."""
    entry = _acting(state)
    if entry is None:
        return None
    used = tuple(u for u in state.abilities.used if u != entry)
    if state.battle is None or not state.abilities.resume:  # nothing to go back to
        return None
    turn = int(entry[1].rsplit(" ", 1)[1])
    prompt, rest = state.abilities.resume[0], state.abilities.resume[1:]
    state = pw.with_abilities(state, used=used, resume=rest, recount=True)
    return evolve(state, turn=turn, prompt=prompt)


def nexus_guard(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """The Energy Nexus action is not a battle (the battle waiting is the one)."""
    if _acting(state) is not None and getattr(cmd, "player", "") == state.prompt.actor:
        raise Refusal(Code.NOT_NOW, "Energy Nexus: one action before the battle, not another battle.")
    return state, cmd


def nexus_origin(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """The Energy Nexus action "originates in that Area" (the card): a Move's units leave the
    battle's area, the other actions are taken there."""
    b = state.battle
    if b is None or _acting(state) is None or getattr(cmd, "player", "") != state.prompt.actor:
        return state, cmd
    where = state.area_name(b.area)
    starts = [g.area for g in getattr(cmd, "groups", None) or ()] + [u.area for u in getattr(cmd, "units", None) or ()]
    if any(start != where for start in starts or [getattr(cmd, "area", where)]):
        raise Refusal(Code.NOT_NOW, "Energy Nexus: the action originates in {where}, the Wizard's area.", where=where)
    return state, cmd


def nexus_pass(handler: pw.Handler) -> pw.Handler:
    """A pass at Energy Nexus' prompt takes no action: back to the battle, Sleeper's Power kept."""

    def run(state: GameState, cmd: object, events: pw.Events) -> GameState:
        if state.options.abilities and _acting(state) is not None and getattr(cmd, "player", "") == state.prompt.actor:
            held = nexus_hold(state)
            if held is not None:
                events.append(pw.AbilityUsed(state.prompt.actor, NEXUS, say("no action after all")))
                return held
        return handler(state, cmd, events)

    return run


ASKS = {
    NEXUS: pw.AskRule(_nexus_choices, _nexus, "Energy Nexus: take one action before the battle?"),
    DEMAND: pw.AskRule(_demand_choices, _demand, "Demand Sacrifice: make the enemy choose?"),
    "Demand Sacrifice answer": pw.AskRule(
        lambda s, a: ("elder_sign", "kills_are_pains"),
        _answer,
        "Demand Sacrifice: an Elder Sign for Sleeper, or your Kills are Pains?",
    ),
    "Capture Monster victim": pw.AskRule(_prisoner_choices, _prisoner, "Capture Monster: which of your Monsters is taken?"),
}


def capture_monster(state: GameState, cmd: CaptureMonster, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Capture Monster")
    index = pw.goo_area(state, cmd.player, TSATHOGGUA)
    if index is None:
        raise Refusal(Code.NOT_NOW, "Capture Monster needs Tsathoggua on the map.")
    area = state.areas[index]
    if cmd.victim == cmd.player or not area.count(owner=cmd.victim, kind=M):
        raise Refusal(Code.NO_SUCH_UNITS, "{victim} has no Monster in {area}.", victim=cmd.victim, area=state.area_name(index))
    if any(area.count(owner=cmd.victim, kind=k) for k in (G, UnitKind.IGOO)):
        raise Refusal(
            Code.NOT_NOW,
            "{victim}'s Great Old One protects its Monsters in {area}.",
            victim=cmd.victim,
            area=state.area_name(index),
        )
    state = pw.pay(state, seat, CAPTURE_COST, say("Capture Monster"), events)
    state = pw.queue_ask(state, Ask("Capture Monster victim", cmd.victim, (cmd.victim, str(index), cmd.player)))
    return pw.end_action(state, events)


def cursed_slumber(state: GameState, cmd: CursedSlumber, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Cursed Slumber")
    index = bd.area_index(state, cmd.area)
    area = state.areas[index]
    sleeping = boxed(state, SLUMBER, cmd.player)
    if sleeping:  # the gate comes back
        bd.refuse_eradicated(state, index)
        if area.gate is not None:
            raise Refusal(
                Code.NOT_NOW, "Cursed Slumber's gate comes back only to an area without a gate, not {area}.", area=cmd.area
            )
        state = pw.pay(state, seat, SLUMBER_COST, say("Cursed Slumber"), events)
        state, changed = bd.set_gate(state, index, Gate(cmd.player), "back from Cursed Slumber")
        events += changed
        state = pw.place_one(
            _unbox(state, SLUMBER, sleeping[0]), index, cmd.player, C, sleeping[0].name, say("Cursed Slumber"), events
        )
        events.append(pw.AbilityUsed(cmd.player, "Cursed Slumber", say("the gate comes back in {area}", area=cmd.area)))
        return pw.end_action(state, events)
    if area.gate is None or area.gate.controller != cmd.player:
        raise Refusal(Code.NOT_CONTROLLER, "Cursed Slumber moves a gate Sleeper controls, and {area} has none.", area=cmd.area)
    cultist = next((u for u in area.units_of(cmd.player) if u.kind is C), None)
    if cultist is None:
        raise Refusal(Code.NO_SUCH_UNITS, "No Sleeper cultist controls the gate in {area}.", area=cmd.area)
    state = pw.pay(state, seat, SLUMBER_COST, say("Cursed Slumber"), events)
    state, changed = bd.set_gate(state, index, None, "to Cursed Slumber")
    events += changed
    state = pw.remove_one(state, index, Units(cmd.player, C, cultist.name, 1), say("to Cursed Slumber"), events)
    state = _box(state, SLUMBER, Units(cmd.player, C, cultist.name, 1))
    events.append(pw.AbilityUsed(cmd.player, "Cursed Slumber", say("the gate in {area} goes to the faction card", area=cmd.area)))
    return pw.end_action(state, events)


def ancient_sorcery(state: GameState, cmd: AncientSorcery, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Ancient Sorcery")
    index = bd.area_index(state, cmd.area)
    if not state.areas[index].count(owner=cmd.player, name=SERPENT_MAN):
        raise Refusal(Code.NO_SUCH_UNITS, "Sleeper has no Serpent Man in {area}.", area=cmd.area)
    enemy = state.players[pw.seat_of(state, cmd.enemy)].faction
    ability = FIRST_ABILITY.get(enemy) if cmd.enemy != cmd.player else None
    if ability is None or borrowed(state, cmd.player, ability):
        raise Refusal(Code.BAD_VALUE, "Ancient Sorcery cannot borrow {enemy}'s ability now.", enemy=cmd.enemy)
    state = pw.pay(state, seat, SORCERY_COST, say("Ancient Sorcery"), events)
    state = pw.remove_one(state, index, Units(cmd.player, M, SERPENT_MAN, 1), say("to Ancient Sorcery"), events)
    state = _box(state, SORCERY, Units(cmd.player, M, SERPENT_MAN, 1))
    state = pw.mark_used(state, cmd.player, BORROWED + ability + " " + pw.ONCE_PER_GAME)
    events.append(
        pw.AbilityUsed(cmd.player, "Ancient Sorcery", say("{ability} borrowed from {enemy}", ability=ability, enemy=cmd.enemy))
    )
    return pw.end_action(state, events)


def sorcery_return(state: GameState, cmd: SorceryReturn, events: pw.Events) -> GameState:
    seat = pw.need_book(state, cmd.player, "Ancient Sorcery")
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL:
        raise Refusal(Code.NOT_NOW, "The Serpent Man comes back in the Doom Phase.")
    away = boxed(state, SORCERY, cmd.player)
    if not away:
        raise Refusal(Code.NO_SUCH_UNITS, "No Serpent Man is on an enemy's card.")
    index = bd.area_index(state, cmd.area)
    state = pw.place_one(
        _unbox(state, SORCERY, away[0]), index, cmd.player, M, SERPENT_MAN, say("back from Ancient Sorcery"), events
    )
    events.append(pw.AbilityUsed(cmd.player, "Ancient Sorcery", say("the Serpent Man comes back in {area}", area=cmd.area)))
    return pw.gain_power(state, seat, 1, "Ancient Sorcery", events)


def _end_of_doom(state: GameState) -> GameState:
    """The borrowed abilities end with the Doom Phase (the new Action Phase)."""
    kept = tuple(u for u in state.abilities.used if not u[1].startswith(BORROWED))
    return pw.with_abilities(state, used=kept)


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(PowerSpent, UnitsPlaced, BattleEnded, PhaseStarted, RitualPerformed, BattleDeclared)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Burrow; Demand Sacrifice when a battle is declared (and its end); the slumbering gate's
    Doom; the prisoners' release after Gather Power; the borrowed abilities' end."""
    for event in seen:
        if (
            isinstance(event, PowerSpent)
            and _is(state, event.player)
            and event.action.startswith("moving")
            and event.amount >= 2
            and pw.holds(state, event.player, "Burrow")
        ):
            events.append(pw.AbilityUsed(event.player, "Burrow", say("2 or more Power spent moving: 1 back")))
            state = pw.gain_power(state, pw.seat_of(state, event.player), 1, "Burrow", events)
        elif isinstance(event, UnitsPlaced) and event.reason == "awakened" and borrowed(state, event.owner, "Immortal"):
            events.append(
                pw.AbilityUsed(event.owner, "Immortal", say("{event} awakened: 1 Elder Sign (Ancient Sorcery)", event=event.name))
            )
            state = flow.draw_elder_sign(state, pw.seat_of(state, event.owner), "Immortal", events)
        elif isinstance(event, BattleEnded):
            state = pw.with_abilities(state, used=tuple(u for u in state.abilities.used if u[1] != KILLS_ARE_PAINS))
        elif isinstance(event, PhaseStarted) and event.phase == Phase.GATHER_POWER.value:
            state = pw.with_abilities(state, boxed=tuple(b for b in state.abilities.boxed if b[0] != PRISON))
        elif isinstance(event, PhaseStarted) and event.phase == Phase.ACTION.value:
            state = _end_of_doom(state)
        elif isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value:
            state = _slumber_doom(state, events, say("controlled gates"))
        elif isinstance(event, RitualPerformed) and _is(state, event.player):
            state = _slumber_doom(state, events, say("Ritual of Annihilation"))
    if pw.just_declared(state, seen):
        b = state.battle
        assert b is not None
        for sl in (b.attacker, b.defender):
            if _is(state, sl) and pw.holds(state, sl, DEMAND) and pw.in_play(state, sl, TSATHOGGUA):
                state = pw.queue_ask(state, Ask(DEMAND, sl))
        area = state.areas[b.area]
        for p in state.players:  # any Sleeper with a Wizard there, in the battle or not
            if p.faction is Faction.SLEEPER and pw.holds(state, p.pid, NEXUS) and area.count(owner=p.pid, name=WIZARD):
                state = pw.push_ask(state, Ask(NEXUS, p.pid))
    return state


def _slumber_doom(state: GameState, events: pw.Events, reason: str) -> GameState:
    """The gate in Cursed Slumber is a controlled gate for Doom (the Doom Phase's and a Ritual's)."""
    for unit in boxed(state, SLUMBER):
        state = flow.gain_doom(state, pw.seat_of(state, unit.owner), 1, f"{reason} (Cursed Slumber)", events)
    return state


def gather_power(state: GameState, pid: str) -> list[Part]:
    """Cursed Slumber's gate and cultist still give Power; each captured Monster gives 1."""
    parts = []
    if boxed(state, SLUMBER, pid):
        parts.append(Part(say("Cursed Slumber"), POWER_PER_CONTROLLED_GATE + 1))
    prisoners = len(boxed(state, PRISON))
    if prisoners and _is(state, pid):
        parts.append(Part(say("captured Monsters"), prisoners))
    if borrowed(state, pid, "Feast"):  # Yellow Sign's Feast through Ancient Sorcery
        feast = sum(1 for a in state.areas if "desecration" in a.markers and a.count(owner=pid))
        parts.append(Part(say("Feast (Ancient Sorcery)"), feast))
    return parts


def boxed_guard(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """A captured Monster is not in its owner's pool, nor a slumbering cultist or a Serpent Man on an
    enemy's card (Ancient Sorcery) in Sleeper's."""

    pid, name = str(getattr(cmd, "player", "")), str(getattr(cmd, "name", "Acolyte"))
    held = sum(u.count for _, u in state.abilities.boxed if u.owner == pid and u.name == name)
    if not held:
        return state, cmd
    unit = unit_type(state, pid, name)
    left = (
        pw.acolytes_left(state, pid) if isinstance(cmd, c.Recruit) else pw.pool_left(state, pid, name, unit.pool if unit else 0)
    )
    if left - held < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No {name} of {pid} is left in the pool (one is held off the map).", name=name, pid=pid)
    return state, cmd


def _slumber_ends(state: GameState, cmd: Command) -> tuple[str, ...]:
    """Cursed Slumber takes place where its gate comes back (not while it is being boxed)."""
    assert isinstance(cmd, CursedSlumber)
    return ice_age.targets(state, cmd) if boxed(state, SLUMBER, cmd.player) else ()


def _monster_captured(state: GameState, cmd: Command) -> tuple[str, ...]:
    """Capture Monster takes place in Tsathoggua's area (a capture there)."""
    assert isinstance(cmd, CaptureMonster)
    where = pw.goo_area(state, cmd.player, TSATHOGGUA)
    return () if where is None else (state.area_name(where),)


# -- borrowed abilities that work as their owner's do (Ancient Sorcery) --------------------------


def reach(state: GameState, pid: str, source: int, name: str) -> frozenset[int]:
    """Flight borrowed from Crawling Chaos: Sleeper's units (cultists too) move up to two areas in
    one Move, over enemy units, through an area that is not eradicated (factions.md section 2)."""
    if not state.options.abilities or not borrowed(state, pid, "Flight"):
        return frozenset()
    return flight(state, source)


def _pool(state: GameState, pid: str, unit: UnitType) -> int:
    """``pid``'s ``unit`` in its pool: not on the map, in the Deep, nor held on a card."""
    held = sum(u.count for _, u in state.abilities.boxed if u.owner == pid and u.name == unit.name)
    return pw.pool_left(state, pid, unit.name, unit.pool) - held


def _fertile(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """The Monsters borrowed Fertility Cult summons, as Black Goat's own does: Sleeper's own, the
    neutral monsters whose Loyalty Card it holds, at their card's cost ("neutral monsters may be
    summoned alongside", factions.md section 3; [HRF:FactionBG.scala] marks every summon of a
    faction that ``has(Fertility)``, and HRF's ``has`` counts ``borrowed``), and Abhoth's Filth
    (1 Power, from his twelve) while Sleeper has Abhoth in play ([HRF:IGOOs.scala]
    ``Filth.canBeSummoned`` is ``f.has(Fertility)``; docs/rules-notes.md, "Abhoth's Filth by
    Fertility Cult")."""

    own = (u for u in RULES.units if u.kind is M)
    return (*own, *independents.summonable(state, pid), *independents.fertile_filth(state, pid))


def fertility_cult(state: GameState, cmd: FertilityCult, events: pw.Events) -> GameState:
    """Fertility Cult borrowed from Black Goat: Sleeper summons one of its Monsters (a neutral
    monster by its card, or Abhoth's Filth, :func:`_fertile`) at a gate it controls as an unlimited action (the turn goes on), at
    the roster's cost.  Errors: NOT_CONTROLLER (no gate of Sleeper's there), BAD_VALUE (not a
    Monster it may summon so), NO_SUCH_UNITS (none left in the pool), CANNOT_AFFORD."""
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    if gate is None or gate.controller != cmd.player:
        raise Refusal(Code.NOT_CONTROLLER, "Summoning needs a gate Sleeper controls in {area}.", area=cmd.area)
    unit = next((u for u in _fertile(state, cmd.player) if u.name == cmd.name), None)
    if unit is None:
        raise Refusal(Code.BAD_VALUE, "{name!r} is not one of Sleeper's Monsters.", name=cmd.name)
    if _pool(state, cmd.player, unit) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No Sleeper {unit} is left in the pool.", unit=unit.name)
    state = pw.pay(state, seat, RULES.cost_of(state, cmd.player, unit), say("summoning {unit}", unit=unit.name), events)
    state = pw.place_one(state, index, cmd.player, M, unit.name, "summoned", events)
    if unit.name == "Ghast":  # Hordeling: one Ghast summoned brings every Ghast in the pool
        state = independents.hordeling(state, cmd.player, index, events)
    events.append(
        pw.AbilityUsed(cmd.player, "Fertility Cult", say("{unit} summoned; the turn goes on (Ancient Sorcery)", unit=unit.name))
    )
    return pw.go_on(state, seat, events)


def borrowed_fertility(handler: pw.Handler) -> pw.Handler:
    """``fertility_cult`` answers Sleeper's Fertility Cult while it borrows it; Black Goat's own
    (and a refusal for anyone else) as before."""

    def run(state: GameState, cmd: object, events: pw.Events) -> GameState:
        pid = str(getattr(cmd, "player", ""))
        if state.options.abilities and isinstance(cmd, FertilityCult) and borrowed(state, pid, "Fertility Cult"):
            return fertility_cult(state, cmd, events)
        return handler(state, cmd, events)

    return run


def _fertility_offers(state: GameState, pid: str) -> Iterator[Command]:
    if not borrowed(state, pid, "Fertility Cult"):
        return
    power = state.player(pid).power
    for i, area in enumerate(state.areas):
        if area.gate is not None and area.gate.controller == pid:
            for unit in _fertile(state, pid):
                if _pool(state, pid, unit) > 0 and power >= RULES.cost_of(state, pid, unit):
                    yield FertilityCult(pid, state.area_name(i), unit.name)


GUARDS = (
    (c.Summon, boxed_guard),
    (c.Recruit, boxed_guard),
    (c.BattleAction, nexus_guard),
    *((cls, nexus_origin) for cls in (c.Recruit, c.Summon, c.Awaken, c.BuildGate, c.Move, c.Capture)),
)
# Where its actions end, for the Ice Age's tax: Cursed Slumber's gate coming back into its area,
# Capture Monster in Tsathoggua's area.
PLACES = {CursedSlumber: _slumber_ends, CaptureMonster: _monster_captured}
TURN_HOLD = nexus_hold
WRAPS = ((c.Pass, nexus_pass), (FertilityCult, borrowed_fertility))


HANDLERS: dict[type[Command], Handler] = {
    SleeperRequirement: sleeper_requirement,
    Lethargy: lethargy,
    DeathFromBelow: death_from_below,
    CaptureMonster: capture_monster,
    CursedSlumber: cursed_slumber,
    AncientSorcery: ancient_sorcery,
    SorceryReturn: sorcery_return,
}


def _doom_offers(state: GameState, pid: str, also_unheld: bool) -> Iterator[Command]:
    """Death from Below, then the Serpent Man's return from Ancient Sorcery (its return offered
    without the Spellbook held only with ``also_unheld``: the handler refuses it then)."""
    if not pw.used(state, pid, "Death from Below") and cheapest_monster(state, pid) is not None:
        mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)]
        places = mine or [i for i, a in enumerate(state.areas) if ERADICATED not in a.markers]
        yield from (DeathFromBelow(pid, state.area_name(i)) for i in places)
    if boxed(state, SORCERY, pid) and (also_unheld or pw.holds(state, pid, "Ancient Sorcery")):
        yield from (SorceryReturn(pid, state.area_name(i)) for i, a in enumerate(state.areas) if ERADICATED not in a.markers)


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """Death from Below and the Serpent Man's return, in the Doom Phase on anyone's ritual turn."""
    if state.prompt.kind is PromptKind.RITUAL and state.phase is Phase.DOOM and pw.plays(state, pid, Faction.SLEEPER):
        yield from _doom_offers(state, pid, also_unheld=False)


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.RITUAL:
        yield from _doom_offers(state, pid, also_unheld=True)
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
    yield from _book_offers(state, pid)
    yield from _fertility_offers(state, pid)


def _book_offers(state: GameState, pid: str) -> Iterator[Command]:
    """Capture Monster, Cursed Slumber and Ancient Sorcery, where legal (1 Power each)."""
    if state.player(pid).power < 1:
        return
    where = pw.goo_area(state, pid, TSATHOGGUA)
    if pw.holds(state, pid, "Capture Monster") and where is not None:
        area = state.areas[where]
        for other in pw.enemies(state, pid):
            if area.count(owner=other, kind=M) and not any(area.count(owner=other, kind=k) for k in (G, UnitKind.IGOO)):
                yield CaptureMonster(pid, other)
    if pw.holds(state, pid, "Cursed Slumber"):
        sleeping = boxed(state, SLUMBER, pid)
        for i, a in enumerate(state.areas):
            if (sleeping and a.gate is None and ERADICATED not in a.markers) or (
                not sleeping and a.gate is not None and a.gate.controller == pid and a.count(owner=pid, kind=C)
            ):
                yield CursedSlumber(pid, state.area_name(i))
    if pw.holds(state, pid, "Ancient Sorcery"):
        for i, a in enumerate(state.areas):
            if a.count(owner=pid, name=SERPENT_MAN):
                for p in state.players:
                    ability = FIRST_ABILITY.get(p.faction)
                    if p.pid != pid and ability is not None and not borrowed(state, pid, ability):
                        yield AncientSorcery(pid, state.area_name(i), p.pid)
                break


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    reaction=react,
    reacts_to=REACTS_TO,
    wraps=WRAPS,
    guards=GUARDS,
    places=PLACES,
    gather_power=gather_power,
    battle_results=battle_results,
    reach=reach,
    turn_hold=TURN_HOLD,
    recounts=nexus_acting,
    out_of_turn=out_of_turn,
)
