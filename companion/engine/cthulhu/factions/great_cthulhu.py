"""Great Cthulhu (factions.md section 1): roster, costs, combat and Cthulhu's awakening; below
the roster, its unique abilities, Spellbooks and requirements (Regenerate through the battle's
``double`` hook in :class:`~.base.Hooks`).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleDeclared, Part, PhaseStarted, UnitsPlaced
from companion.engine.cthulhu.factions import ice_age
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    C,
    FactionRules,
    G,
    Hooks,
    M,
    Side,
    UnitType,
    awakened_before,
)
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler, RollHandler
from companion.engine.cthulhu.factions.lunacy import lunacy_acolyte
from companion.engine.cthulhu.model import ERADICATED, YOG_SOTHOTH, AreaState, Ask, Faction, GameState, Phase, PromptKind, Units
from companion.engine.says import say
from companion.engine.values import dataclass

CTHULHU = "Cthulhu"
FIRST_AWAKENING = 10
IMMORTAL_COST = 4  # Immortal: every awakening after the first


def cthulhu_cost(state: GameState, pid: str) -> int:
    """10 the first time, 4 once he has been awakened (Immortal)."""
    return IMMORTAL_COST if awakened_before(state, pid, CTHULHU) else FIRST_AWAKENING


def cthulhu_where(state: GameState, pid: str, index: int) -> str:
    """A gate, whoever controls it (or nobody), in Great Cthulhu's own start area; he rises there."""
    home = state.player(pid).start_area
    if index != home or state.areas[index].gate is None:
        where = state.area_name(home) if home >= 0 else "its start area"
        return say("Cthulhu rises only at a gate in {where}, Great Cthulhu's start area", where=where)
    return ""


RULES = FactionRules(
    Faction.GREAT_CTHULHU,
    units=(
        ACOLYTE,
        UnitType("Deep One", M, 4, 1, 1),
        # Absorb's +3 per unit eaten is a pre-battle Spellbook (a hook), not in the printed 2.
        UnitType("Shoggoth", M, 2, 2, 2),
        UnitType("Starspawn", M, 2, 3, 3),
        UnitType(CTHULHU, G, 1, FIRST_AWAKENING, 6),
    ),
    spellbooks=("Devolve", "Absorb", "Regenerate", "Dreams", "Submerge", "Y'ha Nthlei"),
    awakenings=(Awakening(CTHULHU, cthulhu_cost, cthulhu_where),),
)


# == unique abilities, Spellbooks and requirements (factions.md section 1) ========================
# Submerge lifts Cthulhu and the Monsters with him, not cultists (see rules-notes).


DEEP_ONE, SHOGGOTH, STARSPAWN = "Deep One", "Shoggoth", "Starspawn"
DREAMS_COST, SUBMERGE_COST = 2, 1
ABSORB_DICE = 3
OCEAN_GATES_CONTROLLED, OCEAN_GATES_ANY = 3, 4


@COMMANDS.register("devolve")
@dataclass(frozen=True, slots=True)
class Devolve(Command):
    """Devolve: replace one of Great Cthulhu's Acolytes in ``area`` with a Deep One from the pool
    (after any player's action: accepted at any action prompt)."""

    player: str
    area: str


@COMMANDS.register("dreams")
@dataclass(frozen=True, slots=True)
class Dreams(Command):
    """Dreams (action, 2 Power): ``victim`` loses an Acolyte in ``area``; one of Great
    Cthulhu's takes its place."""

    player: str
    area: str
    victim: str


@COMMANDS.register("submerge")
@dataclass(frozen=True, slots=True)
class Submerge(Command):
    """Submerge (action, 1 Power): Cthulhu, in an ocean area, goes to the Deep with the Monsters
    there, or with the units ``units`` names (the card: "any or all of your Units in the Area",
    Cultists too; a name not there is refused)."""

    player: str
    units: tuple[str, ...] | None = None


@COMMANDS.register("emerge")
@dataclass(frozen=True, slots=True)
class Emerge(Command):
    """Submerge's second half (action, 0 Power): everything in the Deep rises in ``area``."""

    player: str
    area: str


def _is_gc(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.GREAT_CTHULHU)


def _first_doom(state: GameState, pid: str, events: pw.Events) -> bool:
    return state.round >= 2 and state.phase in (Phase.DOOM, Phase.ACTION)


def ocean_gates(state: GameState) -> tuple[str | None, ...]:
    """The controller (None: abandoned) of every gate in an ocean area, Yog-Sothoth counting as
    his owner's gate there (The Key and the Gate: "a gate for every purpose", factions.md
    section 7; HRF's `oceanGates` counts him)."""
    found: list[str | None] = []
    for area, spec in zip(state.areas, state.board.areas, strict=True):
        if not spec.ocean:
            continue
        if area.gate is not None:
            found.append(area.gate.controller)
        found += [u.owner for u in area.units if u.name == YOG_SOTHOTH and u.kind is G for _ in range(u.count)]
    return tuple(found)


def _ocean_gates(state: GameState, pid: str, events: pw.Events) -> bool:
    oceans = ocean_gates(state)
    mine = oceans.count(pid)
    return mine >= OCEAN_GATES_CONTROLLED or len(oceans) >= OCEAN_GATES_ANY


def _five(state: GameState, pid: str, events: pw.Events) -> bool:
    others = sum(1 for who, name in state.abilities.met if who == pid and name != "Five Spellbooks")
    if others < len(REQUIREMENTS) - 1:  # the short read first: the events are scanned only with five met
        return False
    return state.phase is Phase.DOOM or any(isinstance(e, PhaseStarted) and e.phase == Phase.DOOM.value for e in events)


KILL_DEVOUR_2 = "Kill/Devour 2 enemy units"


def _kill_devour_1(state: GameState, pid: str, events: pw.Events) -> bool:
    """One Kill or Devour in the battle just ended, or 3 or more (both books), or 2 with "Kill/Devour
    2" held from before (factions.md; HRF's checkKillSpellbooks: 2 meet "2" first)."""
    kills = pw.kills_at_the_end(state, pid, events)
    if kills != 2:
        return kills >= 1
    return (pid, KILL_DEVOUR_2) in state.abilities.met and not pw.met_now(pid, KILL_DEVOUR_2, events)


REQUIREMENTS = (
    pw.Requirement("First Doom Phase", _first_doom, elder_signs=1, when=pw.NEW_PHASE),
    pw.Requirement("Kill/Devour 1 enemy unit", _kill_devour_1, when=pw.BATTLE_OVER),
    pw.Requirement("Kill/Devour 2 enemy units", lambda s, p, e: pw.kills_at_the_end(s, p, e) >= 2, when=pw.BATTLE_OVER),
    pw.Requirement("Awaken Cthulhu", lambda s, p, e: awakened_before(s, p, CTHULHU), when=pw.PLACED),
    pw.Requirement("Ocean gates", _ocean_gates, when=pw.GATES),
    pw.Requirement("Five Spellbooks", _five, elder_signs=1, when=pw.MET),
)


# -- pre-battle: Devour (must), Absorb (may) ------------------------------------------------------


def _battle_index(state: GameState) -> int:
    assert state.battle is not None
    return state.battle.area


def _devour_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    if state.battle is None:
        return ()
    return pw.fodder(state, state.battle.area, ask.data[0])


def _devour(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    index = _battle_index(state)
    victim, gc = ask.data[0], ask.data[1]
    state = pw.remove_one(state, index, pw.unit_here(state, index, victim, choice), say("devoured by Cthulhu"), events)
    events.append(pw.AbilityUsed(gc, "Devour", say("{victim}'s {choice} devoured", victim=victim, choice=choice)))
    return pw.credit_kill(state, victim)


def _absorb_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    if state.battle is None or not state.areas[state.battle.area].count(owner=ask.actor, name=SHOGGOTH):
        return ()
    index = state.battle.area
    shoggoths = state.areas[index].count(owner=ask.actor, name=SHOGGOTH)
    food = [n for n in pw.fodder(state, index, ask.actor) if n != SHOGGOTH or shoggoths > 1]
    return ("skip", *food) if food else ()


def _absorb(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    index = _battle_index(state)
    state = pw.remove_one(state, index, pw.unit_here(state, index, ask.actor, choice), say("absorbed by a Shoggoth"), events)
    bonus = dict(state.abilities.bonus)
    bonus[ask.actor] = bonus.get(ask.actor, 0) + ABSORB_DICE
    events.append(
        pw.AbilityUsed(
            ask.actor, "Absorb", say("a {choice} absorbed: +{absorb_dice} dice", choice=choice, absorb_dice=ABSORB_DICE)
        )
    )
    state = pw.with_abilities(state, bonus=tuple(sorted(bonus.items())))
    return pw.push_ask(state, ask)  # it may absorb again


ASKS = {
    "Devour": pw.AskRule(_devour_choices, _devour, "which of your Monsters or Cultists does Cthulhu devour?"),
    "Absorb": pw.AskRule(_absorb_choices, _absorb, "Absorb: which unit does the Shoggoth eat (+3 dice), or skip?"),
}
PRE_BATTLE = ("Devour", "Absorb")


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(UnitsPlaced, BattleDeclared)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Immortal's Elder Sign for every Great Old One Great Cthulhu awakens; Devour and Absorb
    when a battle is declared."""
    for event in seen:
        if isinstance(event, UnitsPlaced) and event.reason == "awakened" and _is_gc(state, event.owner):
            seat = state.seat(event.owner)
            assert seat is not None
            events.append(pw.AbilityUsed(event.owner, "Immortal", say("{event} awakened: 1 Elder Sign", event=event.name)))
            state = flow.draw_elder_sign(state, seat, "Immortal", events)
    if pw.just_declared(state, seen):
        assert state.battle is not None
        b = state.battle
        for gc, enemy in ((b.attacker, b.defender), (b.defender, b.attacker)):
            if not _is_gc(state, gc):
                continue
            if state.areas[b.area].count(owner=gc, name=CTHULHU):
                state = pw.queue_ask(state, Ask("Devour", gc if enemy == "neutral" else enemy, (enemy, gc)))
            if pw.holds(state, gc, "Absorb"):
                state = pw.queue_ask(state, Ask("Absorb", gc))
    return state


# -- actions ---------------------------------------------------------------------------------


def devolve(state: GameState, cmd: Devolve, events: pw.Events) -> GameState:
    pw.need_book(state, cmd.player, "Devolve")
    if state.prompt.kind is not PromptKind.ACTION:
        raise Refusal(Code.NOT_NOW, "Devolve is used between actions, while an action is awaited.")
    index = bd.area_index(state, cmd.area)
    if not state.areas[index].count(owner=cmd.player, name="Acolyte"):
        raise Refusal(Code.NO_SUCH_UNITS, "Great Cthulhu has no Acolyte in {area}.", area=cmd.area)
    if pw.pool_left(state, cmd.player, DEEP_ONE, 4) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No Deep One is left in the pool.")
    state = pw.remove_one(state, index, Units(cmd.player, C, "Acolyte", 1), "devolved", events)
    state = pw.place_one(state, index, cmd.player, M, DEEP_ONE, "devolved", events)
    events.append(pw.AbilityUsed(cmd.player, "Devolve", say("an Acolyte in {area} becomes a Deep One", area=cmd.area)))
    return state


def dreams(state: GameState, cmd: Dreams, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Dreams")
    index = bd.area_index(state, cmd.area)
    victim = None if cmd.victim == cmd.player else lunacy_acolyte(state, index, cmd.victim)  # Lunacy: an Earth Cat
    if victim is None:
        raise Refusal(Code.NO_SUCH_UNITS, "Dreams needs an enemy Acolyte in {area}.", area=cmd.area)
    if pw.acolytes_left(state, cmd.player) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "Dreams needs an Acolyte in Great Cthulhu's pool.")
    state = pw.pay(state, seat, DREAMS_COST, "Dreams", events)
    state = pw.remove_one(state, index, victim, "Dreams", events)
    state = pw.place_one(state, index, cmd.player, C, "Acolyte", "Dreams", events)
    events.append(
        pw.AbilityUsed(cmd.player, "Dreams", say("{victim}'s Acolyte in {area} replaced", victim=cmd.victim, area=cmd.area))
    )
    return pw.end_action(state, events)


def submerge(state: GameState, cmd: Submerge, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Submerge")
    index = pw.goo_area(state, cmd.player, CTHULHU)
    if index is None or not state.board.areas[index].ocean:
        raise Refusal(Code.NOT_NOW, "Submerge needs Cthulhu in an ocean area.")
    monsters = [u for u in state.areas[index].units_of(cmd.player) if u.kind is M]
    if cmd.units is not None:
        others = [u for u in state.areas[index].units_of(cmd.player) if u.name != CTHULHU]
        missing = sorted(set(cmd.units) - {u.name for u in others})
        if missing:
            raise Refusal(
                Code.NO_SUCH_UNITS,
                "Submerge lifts your units in {area} with Cthulhu; none is a {names}.",
                area=state.area_name(index),
                names=", ".join(missing),
            )
        monsters = [u for u in others if u.name in cmd.units]
    state = pw.pay(state, seat, SUBMERGE_COST, "Submerge", events)
    lifted = [Units(cmd.player, G, CTHULHU, 1), *monsters]
    for unit in lifted:
        state, removed = bd.remove(state, index, unit.owner, unit.kind, unit.name, unit.count, "submerged")
        events += removed
    state = pw.with_abilities(state, deep=(*state.abilities.deep, *lifted))
    events.append(
        pw.AbilityUsed(
            cmd.player,
            "Submerge",
            (
                say("{count} stack lifted from {area}", count=1, area=state.area_name(index))
                if len(lifted) == 1
                else say("{count} stacks lifted from {area}", count=len(lifted), area=state.area_name(index))
            ),
        )
    )
    return pw.end_action(state, events)


def emerge(state: GameState, cmd: Emerge, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    mine = [u for u in state.abilities.deep if u.owner == cmd.player]
    if not mine:
        raise Refusal(Code.NOT_NOW, "Nothing of Great Cthulhu is in the Deep.")
    index = bd.area_index(state, cmd.area)
    if ERADICATED in state.areas[index].markers:
        raise Refusal(Code.ERADICATED, "{area} is eradicated.", area=cmd.area)
    for unit in mine:
        state, placed = bd.place(state, index, unit.owner, unit.kind, unit.name, unit.count, say("emerged from the Deep"))
        events += placed
    state = pw.with_abilities(state, deep=tuple(u for u in state.abilities.deep if u.owner != cmd.player))
    events.append(pw.AbilityUsed(cmd.player, "Submerge", say("Cthulhu rises in {area}", area=cmd.area)))
    return pw.end_action(state, events)


# -- Regenerate (the battle's double hook) ---------------------------------------------------------


def regenerate(side: Side) -> tuple[str, ...]:
    """Regenerate: each of Great Cthulhu's Starspawn takes up to two results; two Kills kill it,
    any other one or two results pain it (factions.md section 1, [HRF] ``DoubleHP``)."""
    state = side.state
    return (STARSPAWN,) if state.options.abilities and pw.holds(state, side.pid, "Regenerate") else ()


HANDLERS: dict[type[Command], Handler] = {Devolve: devolve, Dreams: dreams, Submerge: submerge, Emerge: emerge}


def _tax(state: GameState, pid: str, area: str) -> int:

    return ice_age.surcharge(state, pid, area)


# Where its actions end, for the Ice Age's tax: Dreams and Submerge's rising (factions.md section 0).
PLACES = {Dreams: ice_age.targets, Emerge: ice_age.targets}
ROLLS: dict[str, RollHandler] = {}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is not PromptKind.ACTION:
        return
    power = state.player(pid).power
    for i, area in enumerate(state.areas):
        name = state.area_name(i)
        if _devolves(state, pid, area):
            yield Devolve(pid, name)
        if pw.holds(state, pid, "Dreams") and power >= DREAMS_COST + _tax(state, pid, name) and pw.acolytes_left(state, pid) > 0:
            yield from (Dreams(pid, name, o) for o in area.owners if o != pid and lunacy_acolyte(state, i, o))
    where = pw.goo_area(state, pid, CTHULHU)
    if pw.holds(state, pid, "Submerge") and where is not None and state.board.areas[where].ocean and power >= SUBMERGE_COST:
        yield Submerge(pid)
    if any(u.owner == pid for u in state.abilities.deep):
        rise = (state.area_name(i) for i, a in enumerate(state.areas) if ERADICATED not in a.markers)
        yield from (Emerge(pid, name) for name in rise if power >= _tax(state, pid, name))


def _devolves(state: GameState, pid: str, area: AreaState) -> bool:
    """Whether ``pid`` may Devolve an Acolyte of ``area`` now (the prompt apart)."""
    return (
        pw.holds(state, pid, "Devolve")
        and bool(area.count(owner=pid, name="Acolyte"))
        and pw.pool_left(state, pid, DEEP_ONE, 4) > 0
    )


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """Devolve between anyone's actions (factions.md section 1): while any action is awaited."""
    if state.prompt.kind is PromptKind.ACTION:
        yield from (Devolve(pid, state.area_name(i)) for i, area in enumerate(state.areas) if _devolves(state, pid, area))


def gather_power(state: GameState, pid: str) -> list[Part]:
    """Y'ha Nthlei: +1 per enemy-controlled gate in an ocean area while Cthulhu is in play (an
    enemy Yog-Sothoth there counting as one)."""
    if not pw.holds(state, pid, "Y'ha Nthlei") or not pw.in_play(state, pid, CTHULHU):
        return []
    gates = sum(1 for controller in ocean_gates(state) if controller not in (None, pid))
    return [Part(say("Y'ha Nthlei"), gates)] if gates else []


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    battle=Hooks(double=regenerate),
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    reacts_to=REACTS_TO,
    rolls=ROLLS,
    places=PLACES,
    gather_power=gather_power,
    out_of_turn=out_of_turn,
)
