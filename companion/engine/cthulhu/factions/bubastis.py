"""Bubastis (factions.md section 9, from the gjremus fork): roster, costs, combat and Bastet's
awakening; the Moon; each cat's Power.  Bubastis has no cultists (a pool of 0 Acolytes).

The Moon (:func:`with_moon`): an area the referee adds to the board when Bubastis is seated, with
no neighbours; Bubastis starts there with six Earth Cats and its gate, which it never loses
(board.settle_gate); only Bubastis' units move onto it, from any area, and off it, to any area
(:func:`moon_leg`; docs/rules-notes.md, Bubastis).  Each cat in play gives 1 Power at Gather
Power (:func:`cat_power`, the cats' printed Special as the gjremus fork reads it).

Bastet rolls no dice: while she fights, Bubastis scores one Kill without dice and the enemy one
Kill fewer (:func:`bastet`).  Not yet modelled: Lunacy, Requires Attention, Catabolism, Zagazig,
Predator (the abilities part below has the requirements, Savagery, Catnapping and Ailurophobia).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.engine.core import Code, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.factions.base import Awakening, C, FactionRules, G, M, Side, UnitType, fixed, in_play
from companion.engine.cthulhu.model import MOON, Faction, GameState, UnitKind
from companion.engine.mapdef import AreaDef, MapDef

CATS = ("Earth Cat", "Cat from Mars", "Cat from Saturn", "Cat from Uranus")


def bastet(side: Side) -> int:
    """One automatic Kill while Bastet is in the battle (factions.md section 9: she "adds 1
    automatic Kill to BB's result and removes 1 Kill from the enemy's")."""
    return 1 if side.count("Bastet") else 0


def bastet_where(state: GameState, pid: str, index: int) -> str:
    if any(u.owner != pid for u in state.areas[index].units):
        return f"Bastet appears in an area without enemy units, not {state.area_name(index)}"
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
    spellbooks=("Catabolism", "Zagazig", "Savagery", "Predator", "Catnapping", "Ailurophobia"),
    awakenings=(Awakening("Bastet", fixed(6), bastet_where, bastet_needs),),
    automatic_kills=bastet,
)


# -- the Moon and the cats' Power ------------------------------------------------------------------


def with_moon(board: MapDef) -> MapDef:
    """``board`` with the Moon tile added as its last area (no neighbours: see :func:`moon_leg`).

    :raises Refusal: BAD_VALUE when the map already has an area called "Moon".
    """
    if board.area_index(MOON) is not None:
        raise Refusal(Code.BAD_VALUE, f"{board.title} has an area called {MOON}; Bubastis' Moon tile needs that name.")
    return replace(board, areas=(*board.areas, AreaDef(MOON)))


def moon_owner(state: GameState) -> str | None:
    """The seat that owns the Moon (Bubastis), None in a game without it."""
    if state.board.area_index(MOON) is None:
        return None
    return next((p.pid for p in state.players if p.faction is Faction.BUBASTIS), None)


def moon_leg(state: GameState, pid: str, source: int, to: int) -> bool:
    """Whether a move of ``pid``'s units from ``source`` to ``to`` is legal by the Moon: Bubastis'
    units go onto the Moon from any area, and any units (catnapped ones too) off it to any area
    (the gjremus fork's Moon tile, "the Moon is adjacent to all regions"; docs/rules-notes.md)."""
    moon = state.board.area_index(MOON)
    if moon is None or source == to:
        return False
    return source == moon or (to == moon and pid == moon_owner(state))


def moon_reach(state: GameState, pid: str, index: int) -> frozenset[int]:
    """The areas ``pid``'s units in ``index`` reach by the Moon besides the board's neighbours:
    every other area from the Moon, the Moon from anywhere (Bubastis only)."""
    moon = state.board.area_index(MOON)
    if moon is None:
        return frozenset()
    if index == moon:
        return frozenset(range(len(state.areas))) - {moon}
    return frozenset((moon,)) if pid == moon_owner(state) else frozenset()


def cat_power(state: GameState, pid: str) -> list[Part]:
    """Gather Power: 1 per cat of Bubastis in play, on the map or the Moon (the cats' Special)."""
    if state.seat(pid) is None or state.player(pid).faction is not Faction.BUBASTIS:
        return []
    cats = sum(a.count(owner=pid, kind=UnitKind.MONSTER, name=name) for a in state.areas for name in CATS)
    return [Part("cats", cats)] if cats else []


flow.POWER_HOOKS.append(cat_power)


# == requirements and Ailurophobia (the abilities option; factions.md section 9) ====================

from collections.abc import Iterator  # noqa: E402

from companion.engine.core import COMMANDS, Command  # noqa: E402
from companion.engine.cthulhu.events import PhaseStarted, UnitsPlaced, UnitsRemoved  # noqa: E402
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import Ask, Phase, PromptKind  # noqa: E402

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
    pw.Requirement(PAY_2, _paid),
    pw.Requirement("No Earth Cats on the Moon", _moon_empty_of_earth_cats),
    # +1 Power per enemy (factions.md section 9).
    pw.Requirement("A cat in every enemy's start area", _cat_in_every_enemy_start, power=lambda s, p: len(_enemy_starts(s, p))),
    pw.Requirement("A Cat from Mars or Saturn is killed or eliminated", _lost("Cat from Mars", "Cat from Saturn")),
    pw.Requirement("A Cat from Uranus is killed or eliminated", _lost("Cat from Uranus")),
    pw.Requirement("Awaken Bastet", _bastet_awakened),
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
    events.append(pw.AbilityUsed(ask.actor, SAVAGERY, f"{saturn} Cat(s) from Saturn: +{SAVAGERY_DICE * saturn} dice"))
    return pw.with_abilities(state, bonus=tuple(sorted(bonus.items())))


ASKS = {SAVAGERY: pw.AskRule(_savagery_choices, _savagery, "Savagery: pay 1 for +4 dice per Cat from Saturn?")}
PRE_BATTLE = (SAVAGERY,)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    if pw.just_declared(state, seen):
        assert state.battle is not None
        for pid in (state.battle.attacker, state.battle.defender):
            if state.seat(pid) is not None and pw.holds(state, pid, SAVAGERY) and state.player(pid).faction is Faction.BUBASTIS:
                state = pw.queue_ask(state, Ask(SAVAGERY, pid))
    for event in seen:
        if isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value:
            for seat, player in enumerate(state.players):
                if player.faction is Faction.BUBASTIS and pw.holds(state, player.pid, "Ailurophobia"):
                    doom = ailurophobia(state, player.pid)
                    if doom:
                        events.append(pw.AbilityUsed(player.pid, "Ailurophobia", f"{doom} cat variety(ies) among enemies"))
                        state = flow.gain_doom(state, seat, doom, "Ailurophobia", events)
    return state


def bubastis_pays(state: GameState, cmd: BubastisPays, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.BUBASTIS, PAY_2)
    if (cmd.player, PAY_2) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    state = pw.pay(state, seat, PAY_2_COST, PAY_2.lower(), events)
    events.append(pw.AbilityUsed(cmd.player, PAY_2, "2 Power paid"))
    return pw.end_action(state, events)


HANDLERS: dict[type[Command], pw.Handler] = {BubastisPays: bubastis_pays}  # type: ignore[dict-item]


def offers(state: GameState, pid: str) -> Iterator[Command]:
    open_ = (pid, PAY_2) not in state.abilities.met
    if state.prompt.kind is PromptKind.ACTION and open_ and state.player(pid).power >= PAY_2_COST:
        yield BubastisPays(pid)
    if state.prompt.kind is PromptKind.ACTION:
        yield from _catnap_offers(state, pid)


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
        raise Refusal(Code.NO_SUCH_UNITS, f"Name factions with units in {state.area_name(here)}.")
    state = pw.pay(state, seat, CATNAPPING_COST, CATNAPPING, events)
    for unit in [u for u in state.areas[here].units if u.owner in cmd.factions and u.name != "Bastet"]:
        state, moved = bd.move(state, here, moon, unit.owner, unit.kind, unit.name, unit.count)
        events += moved
    events.append(pw.AbilityUsed(cmd.player, CATNAPPING, f"{', '.join(cmd.factions)} to the Moon"))
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
