"""The Ancients (factions.md section 8): roster and costs (Festival, Brainless, Extinction); no
Great Old One of their own; below them the Cathedrals, the unique ability, the Spellbooks and
the requirements.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import BattleEnded, MarkerChanged, Part, RitualPerformed, UnitsPlaced, UnitsRemoved
from companion.engine.cthulhu.factions import RULES as ALL
from companion.engine.cthulhu.factions import ice_age
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import ACOLYTE, FactionRules, M, T, UnitType, has_book
from companion.engine.cthulhu.factions.borrowed import borrowed
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler
from companion.engine.cthulhu.model import ERADICATED, NEUTRAL, Ask, Faction, GameState, Phase, PromptKind, UnitKind
from companion.engine.says import say
from companion.engine.values import dataclass

# unit -> (Spellbook, its cost with the book)
BOOK_COSTS = {"Un-Man": ("Festival", 0), "Reanimated": ("Brainless", 1), "Yothan": ("Extinction", 3)}


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    book = BOOK_COSTS.get(unit.name)
    if book is not None and has_book(state, pid, book[0]):
        return book[1]
    return unit.cost


RULES = FactionRules(
    Faction.ANCIENTS,
    units=(
        ACOLYTE,
        UnitType("Un-Man", M, 3, 3, 0),
        UnitType("Reanimated", M, 3, 4, 2),
        UnitType("Yothan", T, 3, 6, 7),
    ),
    spellbooks=("Festival", "Brainless", "Extinction", "Unholy Ground", "Consecration", "Worship Services"),
    summon_cost=summon_cost,
)


# == unique abilities, Spellbooks and requirements (factions.md section 8) ========================
# All modelled: building Cathedrals (an action), Dematerialization, Festival, Brainless, Extinction,
# Unholy Ground (asked when the battle is over), Consecration, Worship Services (both sides), the
# six requirements.


CATHEDRAL = "cathedral"
CATHEDRALS = 4
CATHEDRAL_COST, CATHEDRAL_NEXT_TO_ANOTHER = 1, 3
CHEAPEST, DEAREST = "Every enemy summons its cheapest Monster", "Every enemy summons its most expensive Monster"
DEMATERIALIZATION = "Dematerialization"
UN_MAN, REANIMATED, YOTHAN = "Un-Man", "Reanimated", "Yothan"
EXTINCT = f"a Yothan extinct {pw.ONCE_PER_GAME}"  # one ``used`` entry per Yothan gone for good


@COMMANDS.register("ancients_summons")
@dataclass(frozen=True, slots=True)
class AncientsSummons(Command):
    """The Ancients' requirement actions: every enemy summons, free, its cheapest (``dearest``
    false) or most expensive Monster left in its pool at the first gate it controls."""

    player: str
    dearest: bool = False


@COMMANDS.register("build_cathedral")
@dataclass(frozen=True, slots=True)
class BuildCathedral(Command):
    """Build a Cathedral in ``area`` (action, 1 Power, 3 next to another Cathedral): an Ancients
    unit able to control a gate is there, no Cathedral stands in an area of the same kind, and
    fewer than four are built.  ``cosmic`` (Shaggai): 2 Power more, with a gate in a Worm's area,
    and an area of a kind that has one is no bar (shaggai-worms.txt: "Create a second Cathedral in
    an Area with [a glyph] by paying 2 extra Power")."""

    player: str
    area: str
    cosmic: bool = False


@COMMANDS.register("dematerialize")
@dataclass(frozen=True, slots=True)
class Dematerialize(Command):
    """Dematerialization (Doom Phase, once): the Ancients' units in ``area`` (those named in
    ``units``, all when empty) go to ``to``, anywhere."""

    player: str
    area: str
    to: str
    units: tuple[str, ...] = ()


def _is(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.ANCIENTS)


def _cathedral_in(glyph: str) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        return any(CATHEDRAL in a.markers and state.board.areas[i].glyph == glyph for i, a in enumerate(state.areas))

    return met


def _acted(name: str) -> pw.RequirementCheck:
    return lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == name for x in e)


REQUIREMENTS = (
    pw.Requirement("A Cathedral in an AA-glyph area", _cathedral_in("AA"), when=pw.BOARD),
    pw.Requirement("A Cathedral in an OO-glyph area", _cathedral_in("OO"), when=pw.BOARD),
    pw.Requirement("A Cathedral in a WW-glyph area", _cathedral_in("WW"), when=pw.BOARD),
    pw.Requirement("A Cathedral in an area without a glyph", _cathedral_in(""), when=pw.BOARD),
    pw.Requirement(CHEAPEST, _acted(CHEAPEST), when=pw.ABILITY),
    pw.Requirement(DEAREST, _acted(DEAREST), when=pw.ABILITY),
)


def cathedrals(state: GameState) -> int:
    return sum(1 for a in state.areas if CATHEDRAL in a.markers)


def kind_of(state: GameState, index: int) -> str:
    """An area's kind for Cathedrals: its glyph, else ocean or land without one ([HRF]: five kinds)."""
    area = state.board.areas[index]
    return area.glyph or ("ocean" if area.ocean else "none")


def cathedral_cost(state: GameState, index: int) -> int:
    near = any(CATHEDRAL in state.areas[i].markers for i in state.board.adjacent[index])
    return CATHEDRAL_NEXT_TO_ANOTHER if near else CATHEDRAL_COST


def cathedral_refusal(state: GameState, pid: str, index: int, cosmic: bool = False) -> str:
    """Why ``pid`` may not build a Cathedral in ``index`` now ("" when it may); ``cosmic``: the
    Cosmic Power lifts the one-per-kind bar."""
    area = state.areas[index]
    if ERADICATED in area.markers:
        return say("{area} is eradicated.", area=state.area_name(index))
    if cathedrals(state) >= CATHEDRALS:
        return say("All four Cathedrals are built.")
    if not area.count(owner=pid, kind=UnitKind.CULTIST):
        return say("Building a Cathedral needs an Ancients cultist in {area}.", area=state.area_name(index))
    kind = kind_of(state, index)
    if not cosmic and any(CATHEDRAL in a.markers and kind_of(state, i) == kind for i, a in enumerate(state.areas)):
        return say("A Cathedral stands in an area of the same kind as {area} already.", area=state.area_name(index))
    return ""


# -- Festival, Extinction, Unholy Ground, Consecration (reactions) ----------------------------------


def _festival_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return pw.enemies(state, ask.actor)


def _festival(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    events.append(pw.AbilityUsed(ask.actor, "Festival", say("an Un-Man summoned: {choice} gains 1 Power", choice=choice)))
    return pw.gain_power(state, pw.seat_of(state, choice), 1, "Festival", events)


def _unholy_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    if not _enemy_goos(state, ask.data[0]):
        return ()
    return ("skip", *(state.area_name(i) for i, a in enumerate(state.areas) if CATHEDRAL in a.markers))


def _enemy_goos(state: GameState, enemy: str) -> tuple[str, ...]:
    """The enemy's Great Old Ones that fought the battle just over and are still in play."""
    return tuple(g for who, g in state.abilities.fighters if who == enemy and g and pw.goo_area(state, enemy, g) is not None)


def _unholy(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    index = bd.area_index(state, choice)
    area = state.areas[index]
    state = state.with_area(index, replace(area, markers=tuple(m for m in area.markers if m != CATHEDRAL)))
    events.append(MarkerChanged(choice, CATHEDRAL, False, "Unholy Ground"))
    enemy = ask.data[0]
    events.append(
        pw.AbilityUsed(
            ask.actor,
            "Unholy Ground",
            say("the Cathedral in {choice} removed: {enemy} loses a Great Old One", choice=choice, enemy=enemy),
        )
    )
    return pw.push_ask(state, Ask("Unholy Ground victim", ask.actor if enemy == NEUTRAL else enemy, (enemy,)))


def _victim_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _enemy_goos(state, ask.data[0])


def _victim(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    owner = ask.data[0]
    index = pw.goo_area(state, owner, choice)
    assert index is not None
    return pw.remove_one(state, index, pw.unit_here(state, index, owner, choice), say("Unholy Ground"), events)


ASKS = {
    "Festival": pw.AskRule(_festival_choices, _festival, "Festival: which enemy gains 1 Power for the Un-Man?"),
    "Unholy Ground": pw.AskRule(_unholy_choices, _unholy, "Unholy Ground: remove which Cathedral, or skip?"),
    "Unholy Ground victim": pw.AskRule(_victim_choices, _victim, "Unholy Ground: which of your Great Old Ones is eliminated?"),
}


def _extinct(state: GameState) -> int:
    return sum(1 for _, name in state.abilities.used if name == EXTINCT)


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(RitualPerformed, UnitsPlaced, UnitsRemoved, BattleEnded)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Consecration's Elder Signs, Festival's Power, Extinction's loss, Unholy Ground."""
    for event in seen:
        if isinstance(event, RitualPerformed) and pw.holds(state, event.player, "Consecration") and cathedrals(state):
            seat = pw.seat_of(state, event.player)
            if state.players[seat].faction is not Faction.ANCIENTS:
                continue
            signs = 2 if cathedrals(state) >= CATHEDRALS else 1
            events.append(
                pw.AbilityUsed(
                    event.player,
                    "Consecration",
                    say("{signs} Elder Sign for the Cathedrals", signs=signs)
                    if signs == 1
                    else say("{signs} Elder Signs for the Cathedrals", signs=signs),
                )
            )
            for _ in range(signs):
                state = flow.draw_elder_sign(state, seat, "Consecration", events)
        elif isinstance(event, UnitsPlaced) and event.name == UN_MAN and event.reason == "summoned" and _is(state, event.owner):
            if pw.holds(state, event.owner, "Festival"):
                state = pw.queue_ask(state, Ask("Festival", event.owner))
        elif isinstance(event, UnitsRemoved) and event.name == YOTHAN and _is(state, event.owner):
            if pw.holds(state, event.owner, "Extinction"):
                for _ in range(event.count):
                    state = pw.mark_used(state, event.owner, EXTINCT)
                events.append(
                    pw.AbilityUsed(
                        event.owner,
                        "Extinction",
                        say("{count} Yothan leaves the game for good", count=event.count)
                        if event.count == 1
                        else say("{count} Yothans leave the game for good", count=event.count),
                    )
                )
        elif isinstance(event, BattleEnded):
            for an, enemy in ((event.attacker, event.defender), (event.defender, event.attacker)):
                index = bd.area_index(state, event.area)
                if _is(state, an) and pw.holds(state, an, "Unholy Ground") and CATHEDRAL in state.areas[index].markers:
                    state = pw.queue_ask(state, Ask("Unholy Ground", an, (enemy,)))
    return state


# -- Brainless, Extinction (checks before the core commands) ---------------------------------------


def _lone_reanimated(state: GameState, pid: str, index: int) -> bool:
    mine = state.areas[index].units_of(pid)
    return bool(mine) and all(u.name == REANIMATED for u in mine)


def brainless(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """Brainless: Reanimated move, capture or battle only beside another Ancients unit."""
    pid = str(getattr(cmd, "player", ""))
    if not _is(state, pid) or not pw.holds(state, pid, "Brainless"):
        return state, cmd
    if isinstance(cmd, c.Move):
        areas = {g.area for g in cmd.groups if g.name == REANIMATED}
    else:
        index = bd.area_index(state, str(getattr(cmd, "area", "")))
        areas = {state.area_name(index)} if _lone_reanimated(state, pid, index) else set()
    for name in areas:
        index = bd.area_index(state, name)
        if not any(u.name != REANIMATED for u in state.areas[index].units_of(pid)):
            raise Refusal(Code.NOT_NOW, "Brainless: the Reanimated in {name} act only beside another Ancients unit.", name=name)
    return state, cmd


def extinction(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
    """Extinction: a Yothan gone for good is not in the pool."""
    assert isinstance(cmd, c.Summon)
    gone = _extinct(state) if cmd.name == YOTHAN and _is(state, cmd.player) else 0
    if gone and pw.pool_left(state, cmd.player, YOTHAN, 3) - gone < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "No Yothan is left: Extinction took the others out of the game.")
    return state, cmd


PLACES = {BuildCathedral: ice_age.targets}  # a Cathedral built in the Ice Age's area pays its tax
GUARDS = (
    (c.Move, brainless),
    (c.Capture, brainless),
    (c.BattleAction, brainless),
    (c.Summon, extinction),
)


# -- actions ---------------------------------------------------------------------------------


def ancients_summons(state: GameState, cmd: AncientsSummons, events: pw.Events) -> GameState:

    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.ANCIENTS, "The Ancients' summoning requirement")
    name = DEAREST if cmd.dearest else CHEAPEST
    if (cmd.player, name) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    for other in state.players:
        rules = ALL.get(other.faction)
        gate = next((i for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == other.pid), None)
        if other.pid == cmd.player or rules is None or gate is None:
            continue
        left = [u for u in rules.units if u.kind is UnitKind.MONSTER and pw.pool_left(state, other.pid, u.name, u.pool) > 0]
        if left:
            unit = (max if cmd.dearest else min)(left, key=lambda u: u.cost)
            state = pw.place_one(
                state, gate, other.pid, unit.kind, unit.name, say("summoned free for the Ancients ({name})", name=name), events
            )
    events.append(pw.AbilityUsed(cmd.player, name, say("every enemy summoned a Monster free")))
    return pw.end_action(state, events)


def build_cathedral(state: GameState, cmd: BuildCathedral, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.ANCIENTS, "Building a Cathedral")
    index = bd.area_index(state, cmd.area)
    from companion.engine.cthulhu.actions import cosmic_surcharge  # (actions imports the factions)

    surcharge = cosmic_surcharge(state, seat, cmd.cosmic)
    why = cathedral_refusal(state, cmd.player, index, cmd.cosmic)
    if why:
        raise Refusal(Code.NOT_NOW, why)
    state = pw.pay(state, seat, cathedral_cost(state, index) + surcharge, say("a Cathedral"), events)
    area = state.areas[index]
    state = state.with_area(index, replace(area, markers=(*area.markers, CATHEDRAL)))
    events.append(MarkerChanged(cmd.area, CATHEDRAL, True, "built by the Ancients"))
    return pw.end_action(state, events)


def dematerialize(state: GameState, cmd: Dematerialize, events: pw.Events) -> GameState:
    if not borrowed(state, cmd.player, DEMATERIALIZATION):
        pw.need_faction(state, cmd.player, Faction.ANCIENTS, DEMATERIALIZATION)
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL:
        raise Refusal(Code.NOT_NOW, "Dematerialization is a Doom Phase ability.")
    if pw.used(state, cmd.player, DEMATERIALIZATION):
        raise Refusal(Code.NOT_NOW, "Dematerialization is used once per Doom Phase.")
    source, to = bd.area_index(state, cmd.area), bd.area_index(state, cmd.to)
    bd.refuse_eradicated(state, to)
    going = [u for u in state.areas[source].units_of(cmd.player) if not cmd.units or u.name in cmd.units]
    if source == to or not going:
        raise Refusal(Code.NO_SUCH_UNITS, "No Ancients unit to send from {area} to {to}.", area=cmd.area, to=cmd.to)
    for unit in going:
        state, moved = bd.move(state, source, to, cmd.player, unit.kind, unit.name, unit.count)
        events += moved
    state, settled = bd.settle_gate(state, source)
    events += settled
    events.append(pw.AbilityUsed(cmd.player, DEMATERIALIZATION, say("units from {area} to {to}", area=cmd.area, to=cmd.to)))
    return pw.mark_used(state, cmd.player, DEMATERIALIZATION)


HANDLERS: dict[type[Command], Handler] = {
    AncientsSummons: ancients_summons,
    BuildCathedral: build_cathedral,
    Dematerialize: dematerialize,
}


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """Dematerialization, on any ritual turn of the Doom Phase (its own too): every group of
    ``pid``'s units from one area to another."""
    if state.prompt.kind is PromptKind.RITUAL and state.phase is Phase.DOOM and not pw.used(state, pid, DEMATERIALIZATION):
        mine = [i for i, a in enumerate(state.areas) if a.count(owner=pid)]
        free = [i for i, a in enumerate(state.areas) if ERADICATED not in a.markers]
        yield from (Dematerialize(pid, state.area_name(i), state.area_name(j)) for i in mine for j in free if i != j)


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.RITUAL:
        yield from out_of_turn(state, pid)
        return
    if state.prompt.kind is not PromptKind.ACTION:
        return
    for dearest, name in ((False, CHEAPEST), (True, DEAREST)):
        if (pid, name) not in state.abilities.met:
            yield AncientsSummons(pid, dearest)
    power = state.player(pid).power
    cosmic = state.worms is not None and bd.cosmic_gate(state, pid)
    for i in range(len(state.areas)):
        cost = cathedral_cost(state, i) + ice_age.surcharge(state, pid, state.area_name(i))  # the tax its guard charges
        if not cathedral_refusal(state, pid, i) and power >= cost:
            yield BuildCathedral(pid, state.area_name(i))
        elif cosmic and not cathedral_refusal(state, pid, i, True) and power >= cost + 2:
            yield BuildCathedral(pid, state.area_name(i), cosmic=True)  # the Cosmic Power's 2 more


def gather_power(state: GameState, pid: str) -> list[Part]:
    """Worship Services: 1 Power per Cathedral sharing an area with an enemy-controlled gate."""
    if not pw.holds(state, pid, "Worship Services"):
        return []
    worship = sum(
        1 for a in state.areas if CATHEDRAL in a.markers and a.gate is not None and a.gate.controller not in (None, pid)
    )
    return [Part(say("Worship Services"), worship)] if worship else []


def gather_power_others(state: GameState, pid: str) -> list[Part]:
    """Worship Services' other side: the enemy gains 1 Power per Cathedral at a gate it controls."""
    if _is(state, pid) or not any(_is(state, p.pid) and pw.holds(state, p.pid, "Worship Services") for p in state.players):
        return []
    worship = sum(1 for a in state.areas if CATHEDRAL in a.markers and a.gate is not None and a.gate.controller == pid)
    return [Part(say("Worship Services"), worship)] if worship else []


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    reaction=react,
    reacts_to=REACTS_TO,
    guards=GUARDS,
    places=PLACES,
    gather_power=gather_power,
    gather_power_others=gather_power_others,
    out_of_turn=out_of_turn,
)
