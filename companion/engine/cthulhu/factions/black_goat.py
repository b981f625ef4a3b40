"""Black Goat (factions.md section 3): roster, costs (The Thousand Young), combat (Frenzy, The
Red Sign's +1 to Shub-Niggurath) and Shub-Niggurath's awakening.

Below the roster: its unique abilities, Spellbooks and requirements (Necrophagy through the
battle's ``after_kills`` hook, The Red Sign's gates through ``holds_gates``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.factions import ice_age, independents
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import (
    Awakening,
    C,
    Events,
    FactionRules,
    G,
    Hooks,
    M,
    Side,
    UnitType,
    controls_gate_here,
    fixed,
    has_book,
    in_play,
    on_map,
    sacrifice,
)
from companion.engine.cthulhu.factions.borrowed import FertilityCult as FertilityCult  # Sleeper may borrow it
from companion.engine.cthulhu.factions.contract import FactionPlugin, Handler
from companion.engine.cthulhu.factions.lunacy import lunatic
from companion.engine.cthulhu.model import ERADICATED, NEUTRAL, Ask, Faction, GameState, Phase, PromptKind, UnitKind, Units
from companion.engine.says import say
from companion.engine.values import dataclass

SHUB = "Shub-Niggurath"
DARK_YOUNG = "Dark Young"
THOUSAND_YOUNG = ("Ghoul", "Fungi from Yuggoth", DARK_YOUNG)
CULTISTS = ("Acolyte", "High Priest")
SHUB_SACRIFICE = 2


def cultist(side: Side, count: int) -> int:
    """0 each, 1 each with Frenzy."""
    return count if has_book(side.state, side.pid, "Frenzy") else 0


def shub(side: Side, count: int) -> int:
    """Black Goat's controlled gates + its cultists in play (+1 per Dark Young in play with The
    Red Sign)."""
    state, pid = side.state, side.pid
    total = bd.controlled_gates(state, pid) + bd.units_in_play(state, pid, UnitKind.CULTIST)
    if has_book(state, pid, "The Red Sign"):
        total += on_map(state, pid, DARK_YOUNG)
    return count * total


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    """The Thousand Young: Ghouls, Fungi and Dark Young cost 1 less while Shub-Niggurath is in play."""
    if unit.name in THOUSAND_YOUNG and has_book(state, pid, "The Thousand Young") and in_play(state, pid, SHUB):
        return unit.cost - 1
    return unit.cost


def shub_needs(state: GameState, pid: str) -> str:
    if bd.units_in_play(state, pid, UnitKind.CULTIST) < SHUB_SACRIFICE:
        return say(
            "Shub-Niggurath needs {shub_sacrifice} Black Goat cultists in play to eliminate", shub_sacrifice=SHUB_SACRIFICE
        )
    return ""


def shub_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """Two of Black Goat's cultists, anywhere, are eliminated (named in ``sacrifice``)."""
    return sacrifice(state, pid, chosen, SHUB_SACRIFICE, CULTISTS, "cultists", events)


RULES = FactionRules(
    Faction.BLACK_GOAT,
    units=(
        UnitType("Acolyte", C, 6, 1, cultist),
        UnitType("Ghoul", M, 2, 1, 0),
        UnitType("Fungi from Yuggoth", M, 4, 2, 1),
        UnitType(DARK_YOUNG, M, 3, 3, 2),
        UnitType(SHUB, G, 1, 8, shub),
    ),
    spellbooks=("The Thousand Young", "Frenzy", "Necrophagy", "Ghroth", "The Red Sign", "Blood Sacrifice"),
    awakenings=(Awakening(SHUB, fixed(8), controls_gate_here, shub_needs, shub_effect),),
    summon_cost=summon_cost,
)


# == unique abilities, Spellbooks and requirements (factions.md section 3) ========================


AVATAR_COST, GHROTH_COST = 1, 2
FUNGI = "Fungi from Yuggoth"


@COMMANDS.register("avatar")
@dataclass(frozen=True, slots=True)
class Avatar(Command):
    """Avatar (action, 1 Power): Shub-Niggurath goes to ``area``; ``faction`` sends one of its
    Monsters or Cultists there to Shub's old area (its choice)."""

    player: str
    area: str
    faction: str


@COMMANDS.register("ghroth")
@dataclass(frozen=True, slots=True)
class Ghroth(Command):
    """Ghroth (action, 2 Power): a d6 against the number of areas with Fungi."""

    player: str


@COMMANDS.register("blood_sacrifice")
@dataclass(frozen=True, slots=True)
class BloodSacrifice(Command):
    """Blood Sacrifice (Doom Phase, once, Shub-Niggurath in play): one of Black Goat's cultists
    in ``area`` is eliminated for 1 Elder Sign."""

    player: str
    area: str


@COMMANDS.register("sacrifice_cultists")
@dataclass(frozen=True, slots=True)
class SacrificeCultists(Command):
    """Black Goat's requirement action: eliminate two of its own cultists (in ``areas``, one
    name per cultist)."""

    player: str
    areas: tuple[str, ...]


def _is_bg(state: GameState, pid: str) -> bool:
    return pw.plays(state, pid, Faction.BLACK_GOAT)


def _shares_all(state: GameState, pid: str, events: pw.Events) -> bool:
    shared = _sharing(bd.occupancy(state), pid)
    for player in state.players:  # noqa: SIM110  (the enemies read in place: no tuple of them built per check)
        if player.pid not in shared and player.pid != pid:
            return False
    return True


def _in_areas(count: int) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        # pw.areas_with_units' read, without its call: three requirements ask it after every move.
        return bd.occupancy(state).spread.get(pid, 0) >= count

    return met


def _sharing(occupancy: bd.Occupancy, pid: str) -> frozenset[str]:
    """The factions sharing an area with ``pid`` on the board ``occupancy`` reads, ``pid``
    included where it has units."""
    return frozenset().union(*(here for here in occupancy.owners if pid in here))


REQUIREMENTS = (
    pw.Requirement("Units in 4 areas", _in_areas(4), when=pw.SPREAD),
    pw.Requirement("Units in 6 areas", _in_areas(6), when=pw.SPREAD),
    pw.Requirement("Units in 8 areas", _in_areas(8), when=pw.SPREAD),
    pw.Requirement("Share areas with all enemies", _shares_all, power=lambda s, p: len(pw.enemies(s, p)), when=pw.SPREAD),
    pw.Requirement(
        "Eliminate two Cultists",
        lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == "Eliminate two Cultists" for x in e),
        when=pw.ABILITY,
    ),
    pw.Requirement(
        "Awaken Shub-Niggurath", lambda s, p, e: SHUB in s.player(p).awakened or pw.in_play(s, p, SHUB), when=pw.PLACED
    ),
)


# -- questions ---------------------------------------------------------------------------------


def _avatar_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return pw.fodder(state, int(ask.data[0]), ask.data[2])


def _avatar(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    to, home, owner = int(ask.data[0]), int(ask.data[1]), ask.data[2]
    unit = pw.unit_here(state, to, owner, choice)

    state, moved = bd.move(state, to, home, owner, unit.kind, unit.name, 1)
    events += moved
    return state


def _ghroth_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    bg = ask.actor
    return tuple(
        f"{u.owner}@{state.area_name(i)}"
        for i, a in enumerate(state.areas)
        for u in a.units
        if u.owner not in (bg, NEUTRAL) and lunatic(state, i, u) and state.seat(u.owner) is not None  # Lunacy: Earth Cats
    )


def _ghroth(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """One cultist of the split (the enemies' agreement, else Black Goat's), asked until all go."""

    owner, area = choice.split("@", 1)
    index = bd.area_index(state, area)
    unit = next(u for u in state.areas[index].units_of(owner) if lunatic(state, index, u))
    state = pw.remove_one(state, index, unit, "Ghroth", events)
    left = int(ask.data[0]) - 1
    return pw.push_ask(state, Ask("Ghroth", ask.actor, (str(left),))) if left > 0 else state


def _ghroth_place_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return tuple(
        f"{p.pid}@{state.area_name(i)}"
        for p in state.players
        if pw.acolytes_left(state, p.pid) > 0
        for i, a in enumerate(state.areas)
        if ERADICATED not in a.markers
    )


def _ghroth_place(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:

    owner, area = choice.split("@", 1)
    return pw.place_one(state, bd.area_index(state, area), owner, C, "Acolyte", "Ghroth", events)


ASKS = {
    "Avatar": pw.AskRule(_avatar_choices, _avatar, "Avatar: which of your units there goes to Shub-Niggurath's old area?"),
    "Ghroth": pw.AskRule(_ghroth_choices, _ghroth, "Ghroth: whose cultist, where, is eliminated next?"),
    "Ghroth place": pw.AskRule(_ghroth_place_choices, _ghroth_place, "Ghroth: place whose Acolyte, where?"),
}
PRE_BATTLE: tuple[str, ...] = ()


# -- actions ---------------------------------------------------------------------------------


def fertile(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """The Monsters Fertility Cult summons: Black Goat's own, the neutral monsters whose
    Loyalty Card it holds ("neutral monsters may be summoned alongside", factions.md section 3,
    [NEC-neutral]), at their card's cost, and Abhoth's Filth for 1 while Black Goat has Abhoth
    in play (factions.md section 12)."""

    own = (u for u in RULES.units if u.kind is M)
    return (*own, *independents.summonable(state, pid), *independents.fertile_filth(state, pid))


def fertility_cult(state: GameState, cmd: FertilityCult, events: pw.Events) -> GameState:

    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.BLACK_GOAT, "Fertility Cult")
    index = bd.area_index(state, cmd.area)
    gate = state.areas[index].gate
    if gate is None or gate.controller != cmd.player:
        raise Refusal(Code.NOT_CONTROLLER, "Summoning needs a gate Black Goat controls in {area}.", area=cmd.area)
    unit = next((u for u in fertile(state, cmd.player) if u.name == cmd.name), None)
    if unit is None:
        raise Refusal(Code.BAD_VALUE, "{name!r} is not one of Black Goat's Monsters.", name=cmd.name)
    if pw.pool_left(state, cmd.player, unit.name, unit.pool) < 1:
        raise Refusal(Code.NO_SUCH_UNITS, "All of Black Goat's {unit} are in play.", unit=unit.name)
    state = pw.pay(state, seat, RULES.cost_of(state, cmd.player, unit), say("summoning {unit}", unit=unit.name), events)
    state = pw.place_one(state, index, cmd.player, M, unit.name, "summoned", events)
    if unit.name == "Ghast":  # Hordeling: one Ghast summoned brings every Ghast in the pool
        state = independents.hordeling(state, cmd.player, index, events)
    events.append(pw.AbilityUsed(cmd.player, "Fertility Cult", say("{unit} summoned; the turn goes on", unit=unit.name)))
    return pw.go_on(state, seat, events)


def avatar(state: GameState, cmd: Avatar, events: pw.Events) -> GameState:

    seat = pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.BLACK_GOAT, "Avatar")
    home = pw.goo_area(state, cmd.player, SHUB)
    to = bd.area_index(state, cmd.area)
    if home is None or home == to:
        raise Refusal(Code.NOT_NOW, "Avatar needs Shub-Niggurath on the map, in another area than the one named.")
    if not pw.fodder(state, to, cmd.faction):
        raise Refusal(Code.NO_SUCH_UNITS, "{faction} has no Monster or Cultist in {area}.", faction=cmd.faction, area=cmd.area)
    state = pw.pay(state, seat, AVATAR_COST, "Avatar", events)
    state, moved = bd.move(state, home, to, cmd.player, G, SHUB, 1)
    events += moved
    actor = cmd.player if cmd.faction == NEUTRAL else cmd.faction
    state = pw.queue_ask(state, Ask("Avatar", actor, (str(to), str(home), cmd.faction)))
    events.append(
        pw.AbilityUsed(
            cmd.player,
            "Avatar",
            say("Shub-Niggurath swaps places with {faction}'s unit in {area}", faction=cmd.faction, area=cmd.area),
        )
    )
    return pw.end_action(state, events)


def ghroth(state: GameState, cmd: Ghroth, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, "Ghroth")
    state = pw.pay(state, seat, GHROTH_COST, "Ghroth", events)
    return pw.roll_now(state, cmd.player, "ghroth", say("Roll 1 die for Ghroth."))


def ghroth_rolled(state: GameState, values: tuple[int, ...], events: pw.Events) -> GameState:
    bg = next(p.pid for p in state.players if p.faction is Faction.BLACK_GOAT)
    fungi = sum(1 for a in state.areas if a.count(owner=bg, name=FUNGI))
    rolled = values[0]
    if rolled <= fungi:
        events.append(
            pw.AbilityUsed(
                bg,
                "Ghroth",
                say("{rolled} ≤ {fungi} areas with Fungi: the enemies lose {rolled} cultists", rolled=rolled, fungi=fungi),
            )
        )
        state = pw.queue_ask(state, Ask("Ghroth", bg, (str(rolled),)))
    else:
        events.append(
            pw.AbilityUsed(
                bg, "Ghroth", say("{rolled} > {fungi} areas with Fungi: an Acolyte is placed", rolled=rolled, fungi=fungi)
            )
        )
        state = pw.queue_ask(state, Ask("Ghroth place", bg))
    return pw.end_action(state, events)


def blood_sacrifice(state: GameState, cmd: BloodSacrifice, events: pw.Events) -> GameState:

    seat = pw.need_book(state, cmd.player, "Blood Sacrifice")
    if state.phase is not Phase.DOOM or state.prompt.kind is PromptKind.NONE:
        raise Refusal(Code.NOT_NOW, "Blood Sacrifice is a Doom Phase ability.")
    if not pw.in_play(state, cmd.player, SHUB):
        raise Refusal(Code.NOT_NOW, "Blood Sacrifice needs Shub-Niggurath in play.")
    if pw.used(state, cmd.player, "Blood Sacrifice"):
        raise Refusal(Code.NOT_NOW, "Blood Sacrifice is used once per Doom Phase.")
    index = bd.area_index(state, cmd.area)
    unit = next((u for u in state.areas[index].units_of(cmd.player) if u.kind is C), None)
    if unit is None:
        raise Refusal(Code.NO_SUCH_UNITS, "Black Goat has no cultist in {area}.", area=cmd.area)
    state = pw.remove_one(pw.mark_used(state, cmd.player, "Blood Sacrifice"), index, unit, say("Blood Sacrifice"), events)
    events.append(pw.AbilityUsed(cmd.player, "Blood Sacrifice", say("a cultist for 1 Elder Sign")))
    return flow.draw_elder_sign(state, seat, "Blood Sacrifice", events)


def sacrifice_cultists(state: GameState, cmd: SacrificeCultists, events: pw.Events) -> GameState:

    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.BLACK_GOAT, "Eliminating two cultists")
    if (cmd.player, "Eliminate two Cultists") in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    if len(cmd.areas) != SHUB_SACRIFICE:
        raise Refusal(Code.BAD_VALUE, "Name the area of each of the two cultists.")
    for name in cmd.areas:
        index = bd.area_index(state, name)
        unit = next((u for u in state.areas[index].units_of(cmd.player) if u.kind is C), None)
        if unit is None:
            raise Refusal(Code.NO_SUCH_UNITS, "Black Goat has no cultist left in {name}.", name=name)
        state = pw.remove_one(state, index, Units(cmd.player, C, unit.name, 1), say("eliminated for a Spellbook"), events)
    events.append(pw.AbilityUsed(cmd.player, "Eliminate two Cultists", say("two cultists eliminated")))
    return pw.end_action(state, events)


# -- Necrophagy (the battle's after_kills hook) ----------------------------------------------------

GHOUL = "Ghoul"


def necrophagy(state: GameState, pid: str) -> str:
    """Necrophagy: after the Kills of any battle, Black Goat's Ghouls from other areas may
    join it, each one more Pain for both sides (factions.md section 3)."""
    return GHOUL if state.options.abilities and pw.holds(state, pid, "Necrophagy") else ""


def holds_gates(state: GameState, pid: str, index: int) -> bool:
    """The Red Sign: Black Goat's Dark Young build and control gates like cultists."""
    return (
        state.options.abilities
        and bool(state.areas[index].count(owner=pid, name=DARK_YOUNG))
        and pw.holds(state, pid, "The Red Sign")
    )


HANDLERS: dict[type[Command], Handler] = {
    FertilityCult: fertility_cult,
    Avatar: avatar,
    Ghroth: ghroth,
    BloodSacrifice: blood_sacrifice,
    SacrificeCultists: sacrifice_cultists,
}
ROLLS = {"ghroth": ghroth_rolled}


def _blood_sacrifices(state: GameState, pid: str, cultists: list[str]) -> Iterator[Command]:
    """Blood Sacrifice, one per area among ``cultists`` (the areas of ``pid``'s cultists)."""
    if pw.holds(state, pid, "Blood Sacrifice") and pw.in_play(state, pid, SHUB) and not pw.used(state, pid, "Blood Sacrifice"):
        yield from (BloodSacrifice(pid, name) for name in dict.fromkeys(cultists))


def out_of_turn(state: GameState, pid: str) -> Iterator[Command]:
    """Blood Sacrifice in the Doom Phase, on anyone's ritual turn (factions.md section 3)."""
    if state.prompt.kind is PromptKind.RITUAL and state.phase is Phase.DOOM:
        cultists = [state.area_name(i) for i, a in enumerate(state.areas) if any(u.kind is C for u in a.units_of(pid))]
        yield from _blood_sacrifices(state, pid, cultists)


def offers(state: GameState, pid: str) -> Iterator[Command]:
    cultists = [
        state.area_name(i) for i, a in enumerate(state.areas) for u in a.units_of(pid) if u.kind is C for _ in range(u.count)
    ]
    if state.prompt.kind is PromptKind.RITUAL:
        yield from _blood_sacrifices(state, pid, cultists)
        return
    if state.prompt.kind is not PromptKind.ACTION:
        return
    power = state.player(pid).power
    for i, area in enumerate(state.areas):
        gate = area.gate
        if gate is not None and gate.controller == pid:
            for unit in fertile(state, pid):
                left = pw.pool_left(state, pid, unit.name, unit.pool)
                if left and power >= RULES.cost_of(state, pid, unit) + _tax(state, pid, state.area_name(i)):
                    yield FertilityCult(pid, state.area_name(i), unit.name)
    home = pw.goo_area(state, pid, SHUB)
    if home is not None and power >= AVATAR_COST:
        for i, area in enumerate(state.areas):
            if i != home and power >= AVATAR_COST + _tax(state, pid, state.area_name(i)):
                yield from (Avatar(pid, state.area_name(i), o) for o in area.owners if pw.fodder(state, i, o))
    if pw.holds(state, pid, "Ghroth") and power >= GHROTH_COST:
        yield Ghroth(pid)
    if (pid, "Eliminate two Cultists") not in state.abilities.met and len(cultists) >= SHUB_SACRIFICE:
        yield SacrificeCultists(pid, tuple(cultists[:SHUB_SACRIFICE]))


def _tax(state: GameState, pid: str, area: str) -> int:

    return ice_age.surcharge(state, pid, area)


# Where its actions end, for the Ice Age's tax: a Fertility Cult summon at a gate in the token's
# area, and Shub-Niggurath's Avatar going there (factions.md section 0, as a summon there pays).
PLACES = {FertilityCult: ice_age.targets, Avatar: ice_age.targets}


def gather_power(state: GameState, pid: str) -> list[Part]:
    """The Red Sign: +1 Power per Dark Young in play."""
    if not pw.holds(state, pid, "The Red Sign"):
        return []
    young = on_map(state, pid, DARK_YOUNG)
    return [Part(say("The Red Sign"), young)] if young else []


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    battle=Hooks(after_kills=necrophagy),
    pre_battle=frozenset(PRE_BATTLE),
    rolls=ROLLS,
    places=PLACES,
    gather_power=gather_power,
    holds_gates=holds_gates,
    out_of_turn=out_of_turn,
)
