"""The independent Great Old Ones and the neutral monsters (factions.md sections 12 and 13):
chosen at set-up (``Options.independents``), each a Loyalty Card in a common supply.

- **Independent Great Old Ones** (Byatis, Abhoth, Daoloth, Nyogtha): awakened as an action
  (:class:`AwakenIndependent`) at a gate the player controls in an area holding its own faction
  Great Old One (the Ancients: with all four Cathedrals in play, at any gate they control); the
  card's cost is paid and the card taken.  Immortal's Elder Sign follows (Great Cthulhu's module
  reacts to any awakening).  When the figure is eliminated the card returns to the supply.
- **Neutral monsters** (Ghast, Gug, Shantak, Star Vampire): in the Doom Phase a faction with 2
  Doom or more may pay 2 Doom for one card (one per Doom Phase, :class:`TakeLoyaltyCard`); one
  figure (all four Ghasts) goes to a gate it controls; later they are summoned like its own
  monsters at the card's cost (:func:`held_unit`), a Ghast bringing every Ghast in the pool.

Their combat is in :data:`companion.engine.cthulhu.factions.NEUTRAL_UNITS`.  Abilities modelled:
Byatis' Toad of Berkeley (never moves; an Elder Sign in the Doom Phase with no enemy unit in his
area), Abhoth's Filth (an action for 1: a Filth in any area; Filth never move nor capture),
Hordeling, Clumsy (a Gug never captures), Daoloth's Cosmic Unity (with the abilities option: a
pre-battle question), Nyogtha's two figures rising together, Horror Steed (a Shantak moves to any
area).  Not modelled: the IGOO Spellbooks, Nyogtha's From Below (what one figure does the other
does free), Vampirism, the Shantak's free passenger (docs/rules-notes.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import PhaseStarted, UnitsRemoved
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, UnitType
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import MOON, Ask, Faction, GameState, Options, Phase, PromptKind, UnitKind, Units
from companion.engine.values import evolve

# Card cost of each independent Great Old One (factions.md section 12).
IGOO_COSTS = {"Byatis": 4, "Abhoth": 4, "Daoloth": 6, "Nyogtha": 6}
# Neutral monsters, and how many figures taking the card places at once (all Ghasts, section 13).
MONSTER_CARDS = {"Ghast": 4, "Gug": 1, "Shantak": 1, "Star Vampire": 1}
CARDS = (*IGOO_COSTS, *MONSTER_CARDS)
LOYALTY_DOOM = 2  # the Doom a neutral monster's card costs
FILTH = "Filth"
FILTH_COST = 1
CATHEDRALS_FOR_IGOO = 4  # the Ancients awaken an independent with all four Cathedrals in play
# Units that never move, and why (Toad of Berkeley; Filth cannot move).
UNMOVABLE = {"Byatis": "Toad of Berkeley", FILTH: "Filth never move"}
# Units that never capture (Clumsy; Filth cannot capture, factions.md sections 0 and 12-13).
CANNOT_CAPTURE = ("Gug", FILTH)
TAKEN = "loyalty card"  # the ability name a taken card's use is marked under, per Doom Phase


# -- events and commands -----------------------------------------------------------------------


@EVENTS.register("doom_spent")
@dataclass(frozen=True, slots=True)
class DoomSpent(Event):
    """``player`` paid ``amount`` Doom for ``reason`` (a neutral monster's Loyalty Card)."""

    player: str
    amount: int
    reason: str
    total: int


@EVENTS.register("loyalty_card_changed")
@dataclass(frozen=True, slots=True)
class LoyaltyCardChanged(Event):
    """The Loyalty Card ``card`` went to ``holder`` ("" when it returned to the supply)."""

    card: str
    holder: str
    reason: str


@COMMANDS.register("awaken_independent")
@dataclass(frozen=True, slots=True)
class AwakenIndependent(Command):
    """Awaken an independent Great Old One (an action): at a gate ``player`` controls in ``area``,
    where its own faction Great Old One stands; the card's cost is paid, the card taken."""

    player: str
    area: str
    name: str


@COMMANDS.register("take_loyalty_card")
@dataclass(frozen=True, slots=True)
class TakeLoyaltyCard(Command):
    """In the Doom Phase, on ``player``'s ritual turn: pay 2 Doom for a neutral monster's card;
    one figure (all Ghasts) goes to ``area``, a gate it controls ("" the first such gate)."""

    player: str
    name: str
    area: str = ""


@COMMANDS.register("place_filth")
@dataclass(frozen=True, slots=True)
class PlaceFilth(Command):
    """Abhoth's Filth (an action for 1 Power): a Filth of ``player``'s in ``area``, any area."""

    player: str
    area: str


# -- Horror Steed ------------------------------------------------------------------------------

SHANTAK = "Shantak"


def flies_anywhere(state: GameState, name: str, to: int) -> bool:
    """Horror Steed: a Shantak moves to any area (not onto Bubastis' Moon: the fork lets only
    Bubastis' own Shantak go there, and no other faction's unit enters it)."""
    return name == SHANTAK and state.area_name(to) != MOON


def steed_reach(state: GameState, name: str, index: int) -> frozenset[int]:
    """Where a Shantak in area ``index`` may move (empty for any other unit)."""
    if name != SHANTAK:
        return frozenset()
    return frozenset(i for i in range(len(state.areas)) if i != index and state.area_name(i) != MOON)


# -- set-up and lookups ------------------------------------------------------------------------


def check_options(options: Options) -> None:
    """Refuse a set-up naming an unknown or repeated card (BAD_VALUE)."""
    for name in options.independents:
        if name not in CARDS:
            raise Refusal(Code.BAD_VALUE, f"{name!r} is no independent Great Old One or neutral monster ({', '.join(CARDS)}).")
    if len(set(options.independents)) != len(options.independents):
        raise Refusal(Code.BAD_VALUE, "Each independent Great Old One or neutral monster is named once.")


def holder(state: GameState, card: str) -> str:
    """Who holds ``card`` ("" for the supply)."""
    return next((who for name, who in state.loyalty if name == card), "")


def cards_of(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(name for name, who in state.loyalty if who == pid)


def held_unit(state: GameState, pid: str, name: str) -> UnitType | None:
    """The neutral monster ``name`` when ``pid`` holds its card (summoned like its own)."""
    return NEUTRAL_UNITS[name] if name in MONSTER_CARDS and holder(state, name) == pid else None


def summonable(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """The neutral monsters ``pid`` may summon (cards held)."""
    return tuple(NEUTRAL_UNITS[name] for name in cards_of(state, pid) if name in MONSTER_CARDS)


def _give(state: GameState, card: str, pid: str, reason: str, events: pw.Events) -> GameState:
    kept = tuple(entry for entry in state.loyalty if entry[0] != card)
    events.append(LoyaltyCardChanged(card, pid, reason))
    return evolve(state, loyalty=(*kept, (card, pid)) if pid else kept)


def _out(state: GameState, pid: str, name: str) -> int:
    return sum(a.count(owner=pid, name=name) for a in state.areas)


# -- awakening an independent Great Old One ----------------------------------------------------


def awaken_problem(state: GameState, pid: str, index: int, name: str) -> str:
    """Why ``pid`` may not awaken ``name`` in area ``index`` now ("" when it may)."""
    if name not in IGOO_COSTS or name not in state.options.independents:
        return f"{name} is not an independent Great Old One of this game"
    if holder(state, name):
        return f"{name}'s card is held by {holder(state, name)}"
    area = state.areas[index]
    if area.gate is None or area.gate.controller != pid:
        return f"it needs a gate {pid} controls in {state.area_name(index)}"
    faction = state.player(pid).faction
    if faction is Faction.ANCIENTS:
        cathedrals = sum(1 for a in state.areas if "cathedral" in a.markers)
        if cathedrals < CATHEDRALS_FOR_IGOO:
            return f"the Ancients need all {CATHEDRALS_FOR_IGOO} Cathedrals in play"
    elif not area.count(owner=pid, kind=UnitKind.GOO):
        return f"it needs {pid}'s own Great Old One in {state.area_name(index)}"
    if state.player(pid).power < IGOO_COSTS[name]:
        return f"{name} costs {IGOO_COSTS[name]} Power"
    return ""


def awaken_independent(state: GameState, cmd: AwakenIndependent, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = awaken_problem(state, cmd.player, index, cmd.name)
    if problem:
        raise Refusal(Code.NOT_NOW, f"{cmd.name} cannot be awakened in {cmd.area}: {problem}.")
    state = pw.pay(state, seat, IGOO_COSTS[cmd.name], f"awakening {cmd.name}", events)
    figures = NEUTRAL_UNITS[cmd.name].pool  # Nyogtha's two figures rise together (From Below)
    state, placed = bd.place(state, index, cmd.player, UnitKind.IGOO, cmd.name, figures, "awakened")
    events += placed
    state = _give(state, cmd.name, cmd.player, "awakened", events)
    player = state.players[seat]
    if cmd.name not in player.awakened:
        state = state.with_player(seat, awakened=(*player.awakened, cmd.name))
    return pw.end_action(state, events)


# -- neutral monsters ----------------------------------------------------------------------------


def card_problem(state: GameState, pid: str, name: str) -> str:
    """Why ``pid`` may not take the neutral monster card ``name`` now ("" when it may)."""
    if name not in MONSTER_CARDS or name not in state.options.independents:
        return f"{name} is not a neutral monster of this game"
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != pid:
        return "a Loyalty Card is taken in the Doom Phase, on the player's own ritual turn"
    if holder(state, name):
        return f"{name}'s card is held by {holder(state, name)}"
    if pw.used(state, pid, TAKEN):
        return "one Loyalty Card per Doom Phase"
    if state.player(pid).doom < LOYALTY_DOOM:
        return f"it costs {LOYALTY_DOOM} Doom"
    return ""


def take_loyalty_card(state: GameState, cmd: TakeLoyaltyCard, events: pw.Events) -> GameState:
    seat = pw.seat_of(state, cmd.player)
    problem = card_problem(state, cmd.player, cmd.name)
    if problem:
        raise Refusal(Code.NOT_NOW, f"{cmd.player} cannot take {cmd.name}: {problem}.")
    gates = [i for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == cmd.player]
    index = bd.area_index(state, cmd.area) if cmd.area else (gates[0] if gates else None)
    if index is not None and index not in gates:
        raise Refusal(Code.NOT_CONTROLLER, f"The figure goes to a gate {cmd.player} controls, not {cmd.area}.")
    doom = state.players[seat].doom - LOYALTY_DOOM
    state = state.with_player(seat, doom=doom)
    events.append(DoomSpent(cmd.player, LOYALTY_DOOM, f"the {cmd.name} Loyalty Card", doom))
    state = pw.mark_used(_give(state, cmd.name, cmd.player, "taken for 2 Doom", events), cmd.player, TAKEN)
    if index is not None:  # without a controlled gate the figures wait in the pool
        state, placed = bd.place(state, index, cmd.player, UnitKind.MONSTER, cmd.name, MONSTER_CARDS[cmd.name], "Loyalty Card")
        events += placed
    return state


def hordeling(state: GameState, pid: str, index: int, events: pw.Events) -> GameState:
    """Hordeling: summoning one Ghast places every Ghast left in the pool at the gates of its
    summoner (here, the gate it was summoned at)."""
    left = NEUTRAL_UNITS["Ghast"].pool - _out(state, pid, "Ghast")
    if left <= 0:
        return state
    state, placed = bd.place(state, index, pid, UnitKind.MONSTER, "Ghast", left, "Hordeling")
    events += placed
    return state


# -- Abhoth's Filth ----------------------------------------------------------------------------


def place_filth(state: GameState, cmd: PlaceFilth, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    if not any(a.count(owner=cmd.player, kind=UnitKind.IGOO, name="Abhoth") for a in state.areas):
        raise Refusal(Code.NOT_NOW, "Filth needs Abhoth in play.")
    if _out(state, cmd.player, FILTH) >= NEUTRAL_UNITS[FILTH].pool:
        raise Refusal(Code.NO_SUCH_UNITS, f"All {NEUTRAL_UNITS[FILTH].pool} Filth are in play.")
    state = pw.pay(state, seat, FILTH_COST, "Filth", events)
    state = pw.place_one(state, index, cmd.player, UnitKind.MONSTER, FILTH, "Filth", events)
    return pw.end_action(state, events)


# -- after every command: cards back to the supply, Byatis' Doom Phase Elder Sign ----------------


def after_command(state: GameState, events: pw.Events) -> GameState:
    if not state.options.independents:
        return state
    seen = list(events)
    for event in seen:
        if isinstance(event, UnitsRemoved) and event.name in IGOO_COSTS and holder(state, event.name) == event.owner:
            if not _out(state, event.owner, event.name):
                state = _give(state, event.name, "", "eliminated", events)
        elif isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value:
            state = evolve(state, abilities=evolve(state.abilities, used=tuple(u for u in state.abilities.used if u[1] != TAKEN)))
            state = toad_of_berkeley(state, events)
    return state


def toad_of_berkeley(state: GameState, events: pw.Events) -> GameState:
    """Byatis: in the Doom Phase, 1 Elder Sign to his owner when no enemy unit shares his area."""
    for index, area in enumerate(state.areas):
        for unit in area.units:
            if unit.name == "Byatis" and unit.kind is UnitKind.IGOO and all(u.owner == unit.owner for u in area.units):
                seat = pw.seat_of(state, unit.owner)
                events.append(pw.AbilityUsed(unit.owner, "Toad of Berkeley", f"no enemy unit in {state.area_name(index)}"))
                state = flow.draw_elder_sign(state, seat, "Toad of Berkeley", events)
    return state


# -- Daoloth's Cosmic Unity (pre-battle; the abilities option) -------------------------------------

COSMIC_UNITY = "Cosmic Unity"


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """When a battle is declared, Daoloth's owner in it may pick an enemy Great Old One there."""
    if not state.options.independents or not pw.just_declared(state, seen):
        return state
    assert state.battle is not None
    b = state.battle
    for pid in (b.attacker, b.defender):
        if state.seat(pid) is not None and state.areas[b.area].count(owner=pid, kind=UnitKind.IGOO, name="Daoloth"):
            state = pw.queue_ask(state, Ask(COSMIC_UNITY, pid))
    return state


def _enemy_goos(state: GameState, pid: str) -> tuple[Units, ...]:
    b = state.battle
    if b is None or pid not in (b.attacker, b.defender):
        return ()
    enemy = b.defender if pid == b.attacker else b.attacker
    return tuple(u for u in state.areas[b.area].units_of(enemy) if u.kind in (UnitKind.GOO, UnitKind.IGOO))


def _cosmic_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    goos = _enemy_goos(state, ask.actor)
    return ("skip", *(u.name for u in goos)) if goos else ()


def _cosmic_unity(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """The Great Old One chosen rolls no dice this battle (it keeps its abilities): its dice come
    off its side's count."""
    stack = next((u for u in _enemy_goos(state, ask.actor) if u.name == choice), None)
    if stack is None or state.battle is None:
        return state
    from companion.engine.cthulhu.factions import Side, unit_type

    b = state.battle
    unit = unit_type(state, stack.owner, stack.name)
    side = Side(state, b.area, stack.owner, ask.actor, (evolve(stack, count=1),), stack.owner == b.attacker)
    dice = (unit.dice(side, 1) if unit is not None else 0) or 0
    bonus = dict(state.abilities.bonus)
    bonus[stack.owner] = bonus.get(stack.owner, 0) - dice
    events.append(pw.AbilityUsed(ask.actor, COSMIC_UNITY, f"{choice} rolls no dice ({dice} fewer)"))
    return pw.with_abilities(state, bonus=tuple(sorted(bonus.items())))


ASKS = {COSMIC_UNITY: pw.AskRule(_cosmic_choices, _cosmic_unity, "Cosmic Unity: which enemy Great Old One rolls no dice?")}


# -- legal commands ------------------------------------------------------------------------------


def offers(state: GameState) -> Iterator[Command]:
    """The independents' commands legal for the prompt's actor now."""
    pid = state.prompt.actor
    if not state.options.independents or not pid or state.seat(pid) is None:
        return
    if state.prompt.kind is PromptKind.RITUAL:
        for name in MONSTER_CARDS:
            if not card_problem(state, pid, name):
                yield TakeLoyaltyCard(pid, name)
    if state.prompt.kind is not PromptKind.ACTION:
        return
    for index, area in enumerate(state.areas):
        if area.gate is not None and area.gate.controller == pid:
            for name in IGOO_COSTS:
                if not awaken_problem(state, pid, index, name):
                    yield AwakenIndependent(pid, state.area_name(index), name)
    abhoth = any(a.count(owner=pid, kind=UnitKind.IGOO, name="Abhoth") for a in state.areas)
    if abhoth and state.player(pid).power >= FILTH_COST and _out(state, pid, FILTH) < NEUTRAL_UNITS[FILTH].pool:
        yield from (PlaceFilth(pid, state.area_name(i)) for i, a in enumerate(state.areas) if "eradicated" not in a.markers)


HANDLERS: dict[type[Command], pw.Handler] = {
    AwakenIndependent: awaken_independent,  # type: ignore[dict-item]
    TakeLoyaltyCard: take_loyalty_card,  # type: ignore[dict-item]
    PlaceFilth: place_filth,  # type: ignore[dict-item]
}
