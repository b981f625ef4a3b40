"""Bubastis (factions.md section 9, from the gjremus fork): roster, costs, combat and Bastet's
awakening; the Moon; each cat's Power.  Bubastis has no cultists (a pool of 0 Acolytes).

The Moon (:func:`with_moon`): an area the referee adds to the board when Bubastis is seated, with
no neighbours; Bubastis starts there with six Earth Cats and its gate, which it never loses
(board.settle_gate); only Bubastis' units move onto it, from any area, and off it, to any area
(:func:`moon_reach`; docs/rules-notes.md, Bubastis).  Each cat in play gives 1 Power at Gather
Power (:func:`cat_power`, the cats' printed Special as the gjremus fork reads it).

Bastet rolls no dice: while she fights, Bubastis scores one Kill without dice and the enemy one
Kill fewer (:func:`bastet`).  The abilities part below has the requirements, Lunacy, Requires
Attention and the six Spellbooks (docs/rules-notes.md, "Bubastis, Tcho-Tcho and the independents"),
and the variant pair Syzygy and Carnivore that the set-up option ``bubastis_variant`` puts in
place of Catabolism and Ailurophobia (:func:`library`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import (
    BattleDeclared,
    BattleEnded,
    EndTriggered,
    Part,
    PhaseStarted,
    RitualPerformed,
    UnitsPlaced,
    UnitsRemoved,
)
from companion.engine.cthulhu.factions import high_priests, ice_age
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import Awakening, C, FactionRules, G, M, Side, UnitType, fixed, in_play
from companion.engine.cthulhu.factions.contract import FactionPlugin
from companion.engine.cthulhu.model import ERADICATED, MOON, Ask, Faction, GameState, Phase, PromptKind, UnitKind
from companion.engine.mapdef import AreaDef, MapDef
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

CATS = ("Earth Cat", "Cat from Mars", "Cat from Saturn", "Cat from Uranus")


def bastet(side: Side) -> int:
    """One automatic Kill while Bastet is in the battle (factions.md section 9: she "adds 1
    automatic Kill to BB's result and removes 1 Kill from the enemy's")."""
    return 1 if side.count("Bastet") else 0


def bastet_where(state: GameState, pid: str, index: int) -> str:
    if any(u.owner != pid for u in state.areas[index].units):
        return say("Bastet appears in an area without enemy units, not {area}", area=state.area_name(index))
    return ""


def bastet_needs(state: GameState, pid: str) -> str:
    missing = [cat for cat in CATS if not in_play(state, pid, cat)]
    return f"Bastet needs one cat of each variety in play (missing: {', '.join(missing)})" if missing else ""


RULES = FactionRules(
    Faction.BUBASTIS,
    units=(
        UnitType("Acolyte", C, 0, 1, 0),
        UnitType("Earth Cat", M, 6, 1, 0),
        UnitType("Cat from Mars", M, 2, 2, 1),
        UnitType("Cat from Saturn", M, 2, 3, 2),
        UnitType("Cat from Uranus", M, 2, 4, 3),
        UnitType("Bastet", G, 1, 6, 0),
    ),
    # The six, then the variant pair that replaces Catabolism and Ailurophobia with the set-up
    # option Options.bubastis_variant (:func:`library`).
    spellbooks=("Catabolism", "Zagazig", "Savagery", "Predator", "Catnapping", "Ailurophobia", "Syzygy", "Carnivore"),
    awakenings=(Awakening("Bastet", fixed(6), bastet_where, bastet_needs),),
    automatic_kills=bastet,
)


# -- the Moon and the cats' Power ------------------------------------------------------------------


def with_moon(board: MapDef) -> MapDef:
    """``board`` with the Moon tile added as its last area (no neighbours: see :func:`moon_reach`).

    :raises Refusal: BAD_VALUE when the map already has an area called "Moon".
    """
    if board.area_index(MOON) is not None:
        raise Refusal(
            Code.BAD_VALUE,
            "{board} has an area called {moon}; Bubastis' Moon tile needs that name.",
            board=board.title,
            moon=MOON,
        )
    return replace(board, areas=(*board.areas, AreaDef(MOON)))


def moon_owner(state: GameState) -> str | None:
    """The seat that owns the Moon (Bubastis), None in a game without it."""
    if state.board.area_index(MOON) is None:
        return None
    return next((p.pid for p in state.players if p.faction is Faction.BUBASTIS), None)


def moon_reach(state: GameState, pid: str, index: int) -> frozenset[int]:
    """The areas ``pid``'s units in ``index`` reach by the Moon besides the board's neighbours:
    every other area from the Moon, the Moon from anywhere (Bubastis only)."""
    moon = state.board.area_index(MOON)
    if moon is None:
        return frozenset()
    if index == moon:
        return frozenset(range(len(state.areas))) - {moon}
    return frozenset((moon,)) if pid == moon_owner(state) else frozenset()


def reach(state: GameState, pid: str, source: int, name: str) -> frozenset[int]:
    """The Moon's reach (:func:`moon_reach`), as the Move's legs read every unit's."""
    return moon_reach(state, pid, source)


def cat_power(state: GameState, pid: str) -> list[Part]:
    """Gather Power: 1 per cat of Bubastis in play, on the map or the Moon (the cats' Special)."""
    if state.seat(pid) is None or state.player(pid).faction is not Faction.BUBASTIS:
        return []
    cats = sum(a.count(owner=pid, kind=UnitKind.MONSTER, name=name) for a in state.areas for name in CATS)
    return [Part(say("cats"), cats)] if cats else []


def no_high_priest(state: GameState, pid: str) -> list[Part]:
    """Bubastis has no High Priest: +1 Power each Gather Power instead (factions.md section 9)."""
    if not high_priests.in_use(state) or state.player(pid).faction is not Faction.BUBASTIS:
        return []
    return [Part(say("no High Priest (High Priests option)"), high_priests.BUBASTIS_POWER)]


def power(state: GameState, pid: str) -> list[Part]:
    """Bubastis' Gather Power lines with or without the abilities: its cats, and the High
    Priests option's +1."""
    return cat_power(state, pid) + no_high_priest(state, pid)


# == requirements and Ailurophobia (the abilities option; factions.md section 9) ====================


PAY_2 = "As your action, pay 2 Power"
PAY_2_COST = 2


@COMMANDS.register("bubastis_pays")
@dataclass(frozen=True, slots=True)
class BubastisPays(Command):
    """Bubastis' requirement action: pay 2 Power."""

    player: str


def _paid(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, pw.AbilityUsed) and e.player == pid and e.ability == PAY_2 for e in events)


def _moon_empty_of_earth_cats(state: GameState, pid: str, events: pw.Events) -> bool:
    moon = state.board.area_index(MOON)
    return moon is not None and not state.areas[moon].count(owner=pid, name=CATS[0])


def _enemy_starts(state: GameState, pid: str) -> tuple[int, ...]:
    return tuple(p.start_area for p in state.players if p.pid != pid and p.start_area >= 0)


def _cat_in_every_enemy_start(state: GameState, pid: str, events: pw.Events) -> bool:
    starts = _enemy_starts(state, pid)
    return bool(starts) and all(any(state.areas[i].count(owner=pid, name=cat) for cat in CATS) for i in starts)


def _lost(*names: str) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        return any(isinstance(e, UnitsRemoved) and e.owner == pid and e.name in names for e in events)

    return met


def _bastet_awakened(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, UnitsPlaced) and e.owner == pid and e.name == "Bastet" and e.reason == "awakened" for e in events)


REQUIREMENTS = (
    pw.Requirement(PAY_2, _paid, when=pw.ABILITY),
    pw.Requirement("No Earth Cats on the Moon", _moon_empty_of_earth_cats, when=pw.BOARD),
    # +1 Power per enemy (factions.md section 9).
    pw.Requirement(
        "A cat in every enemy's start area", _cat_in_every_enemy_start, power=lambda s, p: len(_enemy_starts(s, p)), when=pw.BOARD
    ),
    pw.Requirement("A Cat from Mars or Saturn is killed or eliminated", _lost("Cat from Mars", "Cat from Saturn"), when=pw.LOSS),
    pw.Requirement("A Cat from Uranus is killed or eliminated", _lost("Cat from Uranus"), when=pw.LOSS),
    pw.Requirement("Awaken Bastet", _bastet_awakened, when=pw.ARRIVAL),
)


def ailurophobia(state: GameState, pid: str) -> int:
    """Ailurophobia: 1 Doom per cat variety sharing an area other than the Moon with enemy units."""
    moon = state.board.area_index(MOON)
    shared = {
        cat
        for i, area in enumerate(state.areas)
        if i != moon and any(u.owner != pid for u in area.units)
        for cat in CATS
        if area.count(owner=pid, name=cat)
    }
    return len(shared)


SAVAGERY, SAVAGERY_COST, SAVAGERY_DICE = "Savagery", 1, 4


def _savagery_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    b = state.battle
    if b is None or not state.areas[b.area].count(owner=ask.actor, name=CATS[2]) or state.player(ask.actor).power < SAVAGERY_COST:
        return ()
    return ("use", "skip")


def _savagery(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """Pay 1: every Cat from Saturn in the battle rolls 4 dice more (factions.md section 9)."""
    if choice != "use" or state.battle is None:
        return state
    seat = pw.seat_of(state, ask.actor)
    saturn = state.areas[state.battle.area].count(owner=ask.actor, name=CATS[2])
    state = pw.pay(state, seat, SAVAGERY_COST, SAVAGERY, events)
    bonus = dict(state.abilities.bonus)
    bonus[ask.actor] = bonus.get(ask.actor, 0) + SAVAGERY_DICE * saturn
    events.append(
        pw.AbilityUsed(
            ask.actor,
            SAVAGERY,
            say("{saturn} Cat from Saturn: +{savagery_dice} dice", saturn=saturn, savagery_dice=SAVAGERY_DICE * saturn)
            if saturn == 1
            else say("{saturn} Cats from Saturn: +{savagery_dice} dice", saturn=saturn, savagery_dice=SAVAGERY_DICE * saturn),
        )
    )
    return pw.with_abilities(state, bonus=tuple(sorted(bonus.items())))


ASKS = {SAVAGERY: pw.AskRule(_savagery_choices, _savagery, "Savagery: pay 1 for +4 dice per Cat from Saturn?")}
PRE_BATTLE = (SAVAGERY,)


# The event types react() reads: the after-command hook calls it only for a command whose events
# hold one (abilities.react_to).
REACTS_TO = pw.on(BattleDeclared, UnitsRemoved, BattleEnded, PhaseStarted)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    if state.abilities.used and any(isinstance(e, BattleDeclared) for e in seen):
        state = _forget_battle(state)
    if pw.just_declared(state, seen):
        assert state.battle is not None
        for pid in (state.battle.attacker, state.battle.defender):
            if pw.plays(state, pid, Faction.BUBASTIS):
                state = _declared(state, pid, state.battle.area)
    state = _predator_watch(state, seen)
    state = _carnivore_watch(state, seen, events)
    for event in seen:
        if isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value:
            for seat, player in enumerate(state.players):
                if player.faction is Faction.BUBASTIS and pw.holds(state, player.pid, "Ailurophobia"):
                    doom = ailurophobia(state, player.pid)
                    if doom:
                        events.append(
                            pw.AbilityUsed(player.pid, "Ailurophobia", say("{doom} cat variety(ies) among enemies", doom=doom))
                        )
                        state = flow.gain_doom(state, seat, doom, "Ailurophobia", events)
                if player.faction is Faction.BUBASTIS and pw.holds(state, player.pid, SYZYGY) and syzygy(state, player.pid):
                    events.append(pw.AbilityUsed(player.pid, SYZYGY, say("no Bubastis unit on the Moon: 1 Elder Sign")))
                    state = flow.draw_elder_sign(state, seat, SYZYGY, events)
    return state


# -- the variant Spellbooks: Syzygy and Carnivore (Options.bubastis_variant) --------------------------

SYZYGY, CARNIVORE = "Syzygy", "Carnivore"
CATABOLISM_BOOK, AILUROPHOBIA_BOOK = "Catabolism", "Ailurophobia"
VARIANT = {CATABOLISM_BOOK: SYZYGY, AILUROPHOBIA_BOOK: CARNIVORE}  # original -> its replacement
CARNIVORE_ARMED = "Carnivore (this battle)"
CARNIVORE_PREY = "Carnivore: an enemy Monster lost"  # one mark per Monster, until the battle ends
MONSTER = UnitKind.MONSTER.value  # the kind UnitsRemoved names (an enum's .value read once)


def library(state: GameState) -> tuple[str, ...]:
    """Bubastis' six Spellbooks: the printed six, or with the set-up option
    ``bubastis_variant`` Syzygy in Catabolism's place and Carnivore in Ailurophobia's
    (factions.md section 9: "optional replacements")."""
    printed = RULES.spellbooks[:6]
    return tuple(VARIANT.get(book, book) for book in printed) if state.options.bubastis_variant else printed


def syzygy(state: GameState, pid: str) -> bool:
    """Syzygy (Doom Phase): whether ``pid`` has no unit at all on the Moon ("If you have no units
    on the Moon, gain an Elder Sign", the fork's overlay.scala; its gate there is no unit)."""
    moon = state.board.area_index(MOON)
    return moon is not None and not state.areas[moon].count(owner=pid)


def _carnivore_watch(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Carnivore (post-battle): each enemy Monster killed, or pained with nowhere to retreat, in
    a battle Bubastis fights while holding the book is marked; when the battle ends Bubastis
    gains 1 Doom per mark ("1 Doom per enemy Monster Killed or Eliminated by You in Battle")."""
    armed = [p.pid for p in state.players if pw.used(state, p.pid, CARNIVORE_ARMED)]
    for pid in armed:
        enemy = pw.battle_enemy(state, pid)
        for event in seen:
            if isinstance(event, UnitsRemoved) and event.owner == enemy and event.kind == MONSTER and event.reason in LOSSES:
                state = pw.with_abilities(state, used=(*state.abilities.used, *((pid, CARNIVORE_PREY),) * event.count))
            elif isinstance(event, BattleEnded) and pid in (event.attacker, event.defender):
                prey = sum(1 for u in state.abilities.used if u == (pid, CARNIVORE_PREY))
                gone = (CARNIVORE_ARMED, CARNIVORE_PREY)
                state = pw.with_abilities(state, used=tuple(u for u in state.abilities.used if u[0] != pid or u[1] not in gone))
                if prey:
                    events.append(
                        pw.AbilityUsed(
                            pid,
                            CARNIVORE,
                            say("{prey} enemy Monster lost in battle", prey=prey)
                            if prey == 1
                            else say("{prey} enemy Monsters lost in battle", prey=prey),
                        )
                    )
                    state = flow.gain_doom(state, pw.seat_of(state, pid), prey, CARNIVORE, events)
    return state


def bubastis_pays(state: GameState, cmd: BubastisPays, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.BUBASTIS, PAY_2)
    if (cmd.player, PAY_2) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    state = pw.pay(state, seat, PAY_2_COST, PAY_2.lower(), events)
    events.append(pw.AbilityUsed(cmd.player, PAY_2, say("2 Power paid")))
    return pw.end_action(state, events)


HANDLERS: dict[type[Command], pw.Handler] = {BubastisPays: bubastis_pays}  # type: ignore[dict-item]


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.RITUAL:
        yield from _attention_offers(state, pid)
        return
    open_ = (pid, PAY_2) not in state.abilities.met
    if state.prompt.kind is PromptKind.ACTION and open_ and state.player(pid).power >= PAY_2_COST:
        yield BubastisPays(pid)
    if state.prompt.kind is PromptKind.ACTION:
        yield from _catnap_offers(state, pid)
        yield from _catabolism_offers(state, pid)


# -- Catnapping -------------------------------------------------------------------------------------

CATNAPPING, CATNAPPING_COST = "Catnapping", 1


@COMMANDS.register("catnapping")
@dataclass(frozen=True, slots=True)
class Catnapping(Command):
    """Catnapping (an action for 1): every unit but Bastet of the ``factions`` named, in Bastet's
    area, goes to the Moon; the Power their owners later spend moving them off it goes to Bubastis."""

    player: str
    factions: tuple[str, ...]


def catnapping(state: GameState, cmd: Catnapping, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, CATNAPPING)
    moon = state.board.area_index(MOON)
    here = pw.goo_area(state, cmd.player, "Bastet")
    if moon is None or here is None or here == moon:
        raise Refusal(Code.NOT_NOW, "Catnapping needs Bastet on the map, away from the Moon.")
    owners = set(state.areas[here].owners)
    if not cmd.factions or any(f not in owners for f in cmd.factions):
        raise Refusal(Code.NO_SUCH_UNITS, "Name factions with units in {area}.", area=state.area_name(here))
    state = pw.pay(state, seat, CATNAPPING_COST, CATNAPPING, events)
    for unit in [u for u in state.areas[here].units if u.owner in cmd.factions and u.name != "Bastet"]:
        state, moved = bd.move(state, here, moon, unit.owner, unit.kind, unit.name, unit.count)
        events += moved
    events.append(pw.AbilityUsed(cmd.player, CATNAPPING, say("{factions} to the Moon", factions=", ".join(cmd.factions))))
    return pw.end_action(state, events)


def moon_toll(state: GameState, pid: str, groups: tuple[object, ...], events: pw.Events) -> GameState:
    """Catnapping: what another faction pays to move its units off the Moon (1 a unit) goes to
    Bubastis when it holds the book."""
    owner = moon_owner(state)
    if owner is None or pid == owner or not pw.holds(state, owner, CATNAPPING):
        return state
    toll = sum(getattr(g, "count", 0) for g in groups if getattr(g, "area", "") == MOON)
    return pw.gain_power(state, pw.seat_of(state, owner), toll, CATNAPPING, events)


HANDLERS[Catnapping] = catnapping  # type: ignore[assignment]


def _catnap_offers(state: GameState, pid: str) -> Iterator[Command]:
    here = pw.goo_area(state, pid, "Bastet")
    moon = state.board.area_index(MOON)
    if here is None or here == moon or not pw.holds(state, pid, CATNAPPING) or state.player(pid).power < CATNAPPING_COST:
        return
    for enemy in state.areas[here].owners:
        if enemy != pid and enemy in {p.pid for p in state.players}:
            yield Catnapping(pid, (enemy,))


# -- the battle books: Savagery, Zagazig and Predator armed at the declaration -----------------------

ZAGAZIG, ZAGAZIG_ON = "Zagazig", "Zagazig (this battle)"
PREDATOR, PREDATOR_ARMED, PREDATOR_VICTIM = "Predator", "Predator (a Cat from Uranus fought)", "Predator victim"
PREDATOR_LOST = "Predator lost: "  # + a unit name the enemy lost in the battle under way
LOSSES = ("killed in battle", "pained, with nowhere to retreat")  # the battle's UnitsRemoved reasons
_BATTLE_MARKS = (ZAGAZIG_ON, PREDATOR_ARMED, CARNIVORE_ARMED, CARNIVORE_PREY)


def _forget_battle(state: GameState) -> GameState:
    """A battle was declared (resolved whole or by hand): the last battle's marks go."""
    kept = tuple(u for u in state.abilities.used if not (u[1] in _BATTLE_MARKS or u[1].startswith(PREDATOR_LOST)))
    return pw.with_abilities(state, used=kept) if kept != state.abilities.used else state


def _declared(state: GameState, pid: str, area: int) -> GameState:
    """Bubastis is a side of a battle just declared: ask Savagery and Zagazig (pre-battle,
    factions.md section 11 steps 2-3), arm Predator when a Cat from Uranus is in the battle
    ("If a Cat from Uranus was in the Battle": present when declared)."""
    if pw.holds(state, pid, SAVAGERY):
        state = pw.queue_ask(state, Ask(SAVAGERY, pid))
    if pw.holds(state, pid, ZAGAZIG):
        state = pw.queue_ask(state, Ask(ZAGAZIG, pid))
    if pw.holds(state, pid, PREDATOR) and state.areas[area].count(owner=pid, name=CATS[3]):
        state = pw.mark_used(state, pid, PREDATOR_ARMED)
    if pw.holds(state, pid, CARNIVORE):
        state = pw.mark_used(state, pid, CARNIVORE_ARMED)
    return state


def _mars_fights(state: GameState, pid: str) -> bool:
    b = state.battle
    return b is not None and pid in (b.attacker, b.defender) and bool(state.areas[b.area].count(owner=pid, name=CATS[1]))


def _zagazig_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return ("use", "skip") if _mars_fights(state, ask.actor) else ()


def _zagazig(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """Zagazig chosen: the roll's Kills and Pains trade places, both sides' (:func:`battle_results`)."""
    if choice != "use":
        return state
    events.append(pw.AbilityUsed(ask.actor, ZAGAZIG, say("this battle's rolled Kills become Pains and Pains Kills, both sides")))
    return pw.mark_used(state, ask.actor, ZAGAZIG_ON)


def battle_results(state: GameState, pid: str, kills: int, pains: int) -> tuple[int, int]:
    """Zagazig: with a Cat from Mars still in the battle when the dice are read, every side's
    rolled Kills are Pains and its Pains Kills (Bastet's Kill is not rolled: it stays a Kill)."""
    b = state.battle
    if b is None or not state.abilities.used:
        return kills, pains
    for side in (b.attacker, b.defender):
        if pw.used(state, side, ZAGAZIG_ON) and _mars_fights(state, side):
            return pains, kills
    return kills, pains


def zagazig_odds(state: GameState) -> Fraction | None:
    """The battle odds' chance of a Kill per die once Zagazig is chosen: a 4 or a 5 (2 in 6)."""
    b = state.battle
    if b is None or not state.abilities.used:
        return None
    zagazig = any(pw.used(state, side, ZAGAZIG_ON) and _mars_fights(state, side) for side in (b.attacker, b.defender))
    return ZAGAZIG_KILL_CHANCE if zagazig else None


ZAGAZIG_KILL_CHANCE = Fraction(2, 6)  # a die's Pains (4 or 5) read as Kills


def _predator_watch(state: GameState, seen: pw.Events) -> GameState:
    """Predator: note each kind of unit the enemy loses in the battle (Killed, or pained with
    nowhere to go); when the battle ends, ask Bubastis."""
    armed = [p.pid for p in state.players if pw.used(state, p.pid, PREDATOR_ARMED)]
    if not armed:
        return state
    for event in seen:
        for pid in armed:
            enemy = pw.battle_enemy(state, pid)
            if isinstance(event, UnitsRemoved) and event.owner == enemy and event.reason in LOSSES:
                if not pw.used(state, pid, PREDATOR_LOST + event.name):
                    state = pw.mark_used(state, pid, PREDATOR_LOST + event.name)
            elif isinstance(event, BattleEnded) and pid in (event.attacker, event.defender) and enemy is not None:
                lost = tuple(
                    n[len(PREDATOR_LOST) :] for who, n in state.abilities.used if who == pid and n.startswith(PREDATOR_LOST)
                )
                gone = (PREDATOR_ARMED, *(PREDATOR_LOST + n for n in lost))
                state = pw.with_abilities(state, used=tuple(u for u in state.abilities.used if u[0] != pid or u[1] not in gone))
                if lost and state.seat(enemy) is not None:
                    state = pw.queue_ask(state, Ask(PREDATOR, pid, (enemy, *lost)))
    return state


def _predator_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    """The kinds of unit the enemy lost that it still has somewhere, or none at all to ask."""
    enemy, lost = ask.data[0], ask.data[1:]
    left = tuple(name for name in lost if any(a.count(owner=enemy, name=name) for a in state.areas))
    return (*left, "skip") if left else ()


def _predator(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    if choice == "skip":
        return state
    enemy = ask.data[0]
    events.append(pw.AbilityUsed(ask.actor, PREDATOR, say("{enemy} must eliminate another {choice}", enemy=enemy, choice=choice)))
    return pw.push_ask(state, Ask(PREDATOR_VICTIM, enemy, (choice,)))


def _victim_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.count(owner=ask.actor, name=ask.data[0]))


def _victim(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """The enemy eliminates its unit of that kind in the area it chose."""
    index = bd.area_index(state, choice)
    return pw.remove_one(state, index, pw.unit_here(state, index, ask.actor, ask.data[0]), PREDATOR, events)


ASKS[ZAGAZIG] = pw.AskRule(_zagazig_choices, _zagazig, "Zagazig: rolled Kills become Pains and Pains Kills, both sides?")
ASKS[PREDATOR] = pw.AskRule(_predator_choices, _predator, "Predator: which kind of unit the enemy lost must it lose again?")
ASKS[PREDATOR_VICTIM] = pw.AskRule(_victim_choices, _victim, "Predator: eliminate that unit in which area?")


# -- Requires Attention (Bastet, Doom Phase) ---------------------------------------------------------

REQUIRES_ATTENTION, ATTENTION_DOOM = "Requires Attention", 4


@COMMANDS.register("requires_attention")
@dataclass(frozen=True, slots=True)
class RequiresAttention(Command):
    """Bastet's Requires Attention: on Bubastis' ritual turn, where Bastet shares an area with an
    enemy cultist, its Ritual of Annihilation at the track's cost gives exactly 4 Doom, +1 Elder
    Sign for an enemy-controlled gate there and +2 for an enemy Great Old One there."""

    player: str


def attention_area(state: GameState, pid: str) -> int | None:
    """Bastet's area when an enemy cultist is there (else None)."""
    here = pw.goo_area(state, pid, "Bastet")
    if here is None or not any(u.owner != pid and u.kind is C for u in state.areas[here].units):
        return None
    return here


def attention_signs(state: GameState, pid: str, index: int) -> int:
    """Requires Attention's Elder Signs in area ``index``: 1 for an enemy gate, 2 for an enemy
    Great Old One (faction or independent), both when both."""
    area = state.areas[index]
    gate = area.gate is not None and area.gate.controller not in (None, pid)
    goo = any(u.owner != pid and u.kind in (G, UnitKind.IGOO) for u in area.units)
    return int(gate) + 2 * int(goo)


def requires_attention(state: GameState, cmd: RequiresAttention, events: pw.Events) -> GameState:
    seat = pw.need_faction(state, cmd.player, Faction.BUBASTIS, REQUIRES_ATTENTION)
    if state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != cmd.player:
        raise Refusal(
            Code.NOT_NOW,
            "Requires Attention is Bubastis' ritual, on its turn of the Doom Phase: {prompt}",
            prompt=state.prompt.text,
        )
    here = attention_area(state, cmd.player)
    if here is None:
        raise Refusal(Code.NOT_NOW, "Requires Attention needs Bastet in an area with an enemy cultist.")
    cost = flow.ritual_cost(state, cmd.player)
    state = pw.pay(state, seat, cost, say("the Ritual of Annihilation (Requires Attention)"), events)
    state = evolve(state, ritual=state.ritual + 1)
    instant_death = state.ritual >= len(state.ritual_track)
    signs = attention_signs(state, cmd.player, here)
    events.append(RitualPerformed(cmd.player, cost, ATTENTION_DOOM, signs, instant_death))
    events.append(
        pw.AbilityUsed(
            cmd.player,
            REQUIRES_ATTENTION,
            say("Bastet in {area}: 4 Doom, {signs} Elder Sign", area=state.area_name(here), signs=signs)
            if signs == 1
            else say("Bastet in {area}: 4 Doom, {signs} Elder Signs", area=state.area_name(here), signs=signs),
        )
    )
    state = flow.gain_doom(state, seat, ATTENTION_DOOM, REQUIRES_ATTENTION, events)
    for _ in range(signs):
        state = flow.draw_elder_sign(state, seat, REQUIRES_ATTENTION, events)
    if instant_death and not state.end_trigger:
        events.append(EndTriggered("instant_death", "at the end of the Doom Phase"))
        state = evolve(state, end_trigger="instant_death")
    return flow.run(flow.answered(state), events)


def _attention_offers(state: GameState, pid: str) -> Iterator[Command]:
    if (
        state.prompt.actor == pid
        and pw.plays(state, pid, Faction.BUBASTIS)
        and attention_area(state, pid) is not None
        and state.player(pid).power >= flow.ritual_cost(state, pid)
    ):
        yield RequiresAttention(pid)


HANDLERS[RequiresAttention] = requires_attention  # type: ignore[assignment]


# -- Catabolism --------------------------------------------------------------------------------------

CATABOLISM = "Catabolism"
RECRUITED_CATS = CATS[1:]  # the fork's Catabolism recruits Mars, Saturn and Uranus (Earth Cats are summoned)


@COMMANDS.register("catabolism")
@dataclass(frozen=True, slots=True)
class Catabolism(Command):
    """Catabolism (an action): recruit a Cat from Mars, Saturn or Uranus as if it were a cultist,
    for its cost, in an area where Bubastis has a unit (anywhere when it has none on the board)."""

    player: str
    area: str
    name: str


def catabolism_problem(state: GameState, pid: str, index: int, name: str) -> str:
    """Why ``pid`` may not recruit ``name`` in area ``index`` by Catabolism ("" when it may)."""
    unit = RULES.unit(name)
    if unit is None or name not in RECRUITED_CATS:
        return say("Catabolism recruits a Cat from Mars, Saturn or Uranus, not {name!r}", name=name)
    if pw.pool_left(state, pid, name, unit.pool) < 1:
        return say("all of Bubastis' {name} are in play", name=name)
    if bd.units_in_play(state, pid) and not state.areas[index].count(owner=pid):
        return say("Bubastis has no unit in {area} to recruit beside", area=state.area_name(index))
    return ""


def catabolism(state: GameState, cmd: Catabolism, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, CATABOLISM)
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    problem = catabolism_problem(state, cmd.player, index, cmd.name)
    if problem:
        raise Refusal(Code.NO_SUCH_UNITS, "Catabolism cannot recruit there: {problem}.", problem=problem)
    unit = RULES.unit(cmd.name)
    assert unit is not None
    state = pw.pay(state, seat, RULES.cost_of(state, cmd.player, unit), say("recruiting a {name}", name=cmd.name), events)
    state = pw.place_one(state, index, cmd.player, M, cmd.name, "recruited", events)
    events.append(pw.AbilityUsed(cmd.player, CATABOLISM, say("a {name} recruited in {area}", name=cmd.name, area=cmd.area)))
    return pw.end_action(state, events)


def _catabolism_offers(state: GameState, pid: str) -> Iterator[Command]:
    if not pw.holds(state, pid, CATABOLISM):
        return
    power = state.player(pid).power
    for name in RECRUITED_CATS:
        unit = RULES.unit(name)
        if unit is None or power < RULES.cost_of(state, pid, unit):
            continue
        for i, area in enumerate(state.areas):
            if ERADICATED not in area.markers and not catabolism_problem(state, pid, i, name):
                yield Catabolism(pid, state.area_name(i), name)


HANDLERS[Catabolism] = catabolism  # type: ignore[assignment]
# A recruit in the Ice Age's area pays its tax like any (factions.md section 0, Ice Age tax).
PLACES = {Catabolism: ice_age.targets}


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    reacts_to=REACTS_TO,
    places=PLACES,
    library=library,
    power=power,
    reach=reach,
    board=with_moon,
    move_toll=moon_toll,
    kill_chance=zagazig_odds,
    battle_results=battle_results,
)
