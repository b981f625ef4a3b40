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
Lost Abhoth (his Filth turn neutral when he is eliminated, and follow whoever awakens him next),
Hordeling, Clumsy (a Gug never captures), Daoloth's Cosmic Unity (with the abilities option: a
pre-battle question), Nyogtha's two figures rising together, Horror Steed (a Shantak moves to any
area).

With the abilities option the referee also plays (docs/rules-notes.md, "Bubastis, Tcho-Tcho and
the independents"): each independent's Spellbook, gained by its requirement and lost with its card
(:data:`BOOKS`: God of Forgetfulness, The Brood, Interdimensional, Nightmare Web); Vampirism (a
Star Vampire's dice, the first of its side's roll, drain Power and Doom); and the free follow-ups
asked at the end of the action that allows them (:func:`follow_up`): the Shantak's passenger
(Horror Steed) and Nyogtha's From Below (the other figure moves, captures or battles free).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import (
    BattleDeclared,
    BattleEnded,
    Captured,
    PhaseStarted,
    RitualPerformed,
    UnitsMoved,
    UnitsRemoved,
)
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, Side, UnitType, ice_age, unit_type
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.contract import core
from companion.engine.cthulhu.model import (
    ERADICATED,
    MOON,
    NEUTRAL,
    AreaState,
    Ask,
    Faction,
    GameState,
    Gate,
    Options,
    Phase,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

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
# Each independent Great Old One's Spellbook (factions.md section 12; HRF IGOOs.scala): held
# beside its card in ``state.loyalty`` as (book, holder), lost with the card, never one of the six.
BOOKS = {"Byatis": "God of Forgetfulness", "Abhoth": "The Brood", "Daoloth": "Interdimensional", "Nyogtha": "Nightmare Web"}


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


def steed_reach(state: GameState, name: str, index: int) -> frozenset[int]:
    """Where a Shantak in area ``index`` may move (empty for any other unit)."""
    if name != SHANTAK:
        return frozenset()
    return frozenset(i for i in range(len(state.areas)) if i != index and state.area_name(i) != MOON)


def steed(state: GameState, pid: str, source: int, name: str) -> frozenset[int]:
    """Horror Steed as the Move's legs read every unit's reach (:func:`steed_reach`)."""
    return steed_reach(state, name, source)


# -- set-up and lookups ------------------------------------------------------------------------


def check_options(options: Options) -> None:
    """Refuse a set-up naming an unknown or repeated card (BAD_VALUE)."""
    for name in options.independents:
        if name not in CARDS:
            raise Refusal(
                Code.BAD_VALUE,
                "{name!r} is no independent Great Old One or neutral monster ({cards}).",
                name=name,
                cards=", ".join(CARDS),
            )
    if len(set(options.independents)) != len(options.independents):
        raise Refusal(Code.BAD_VALUE, "Each independent Great Old One or neutral monster is named once.")


def holder(state: GameState, card: str) -> str:
    """Who holds ``card`` ("" for the supply)."""
    return next((who for name, who in state.loyalty if name == card), "")


def cards_of(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(name for name, who in state.loyalty if who == pid and name in CARDS)


def books_of(state: GameState, pid: str) -> tuple[str, ...]:
    """The independents' Spellbooks ``pid`` holds (for the faction sheet)."""
    return tuple(name for name, who in state.loyalty if who == pid and name not in CARDS)


def has_book(state: GameState, pid: str, igoo: str) -> bool:
    """Whether ``pid`` holds ``igoo``'s Spellbook (and so its card)."""
    return (BOOKS[igoo], pid) in state.loyalty


def held_unit(state: GameState, pid: str, name: str) -> UnitType | None:
    """The neutral monster ``name`` when ``pid`` holds its card (summoned like its own)."""
    return NEUTRAL_UNITS[name] if name in MONSTER_CARDS and holder(state, name) == pid else None


def summonable(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """The neutral monsters ``pid`` may summon (cards held)."""
    return tuple(NEUTRAL_UNITS[name] for name in cards_of(state, pid) if name in MONSTER_CARDS)


# A Filth summoned by Fertility Cult costs 1, as Abhoth's own Filth action does ([HRF:IGOOs.scala]:
# the class's cost 1); NEUTRAL_UNITS lists it at 0 since nobody summons it the ordinary way.
FERTILE_FILTH = UnitType(FILTH, UnitKind.MONSTER, NEUTRAL_UNITS[FILTH].pool, FILTH_COST, 0)


def fertile_filth(state: GameState, pid: str) -> tuple[UnitType, ...]:
    """The Filth ``pid`` may summon with Fertility Cult: Abhoth's Filth "Black Goat may also summon
    them with Fertility" (factions.md section 12; [HRF:IGOOs.scala] ``Filth.canBeSummoned`` is
    ``f.has(Fertility)``, from the Filth in the pool of Abhoth's owner), so only while ``pid``
    has Abhoth in play, as for his Filth action."""
    abhoth = any(a.count(owner=pid, kind=UnitKind.IGOO, name="Abhoth") for a in state.areas)
    return (FERTILE_FILTH,) if abhoth else ()


def _give(state: GameState, card: str, pid: str, reason: str, events: pw.Events) -> GameState:
    """``card`` to ``pid`` ("" the supply); a card going back takes its Spellbook with it."""
    book = BOOKS.get(card, "") if not pid else ""
    kept = tuple(entry for entry in state.loyalty if entry[0] != card and entry[0] != book)
    events.append(LoyaltyCardChanged(card, pid, reason))
    return evolve(state, loyalty=(*kept, (card, pid)) if pid else kept)


def _out(state: GameState, pid: str, name: str) -> int:
    return sum(a.count(owner=pid, name=name) for a in state.areas)


# -- awakening an independent Great Old One ----------------------------------------------------


def awaken_problem(state: GameState, pid: str, index: int, name: str) -> str:
    """Why ``pid`` may not awaken ``name`` in area ``index`` now ("" when it may)."""
    if name not in IGOO_COSTS or name not in state.options.independents:
        return say("{name} is not an independent Great Old One of this game", name=name)
    if holder(state, name):
        return say("{name}'s card is held by {holder}", name=name, holder=holder(state, name))
    area = state.areas[index]
    if area.gate is None or area.gate.controller != pid:
        return say("it needs a gate {pid} controls in {area}", pid=pid, area=state.area_name(index))
    faction = state.player(pid).faction
    if faction is Faction.ANCIENTS:
        cathedrals = sum(1 for a in state.areas if "cathedral" in a.markers)
        if cathedrals < CATHEDRALS_FOR_IGOO:
            return say("the Ancients need all {cathedrals_for_igoo} Cathedrals in play", cathedrals_for_igoo=CATHEDRALS_FOR_IGOO)
    elif not area.count(owner=pid, kind=UnitKind.GOO):
        return say("it needs {pid}'s own Great Old One in {area}", pid=pid, area=state.area_name(index))
    if state.player(pid).power < IGOO_COSTS[name]:
        return say("{name} costs {igoo_costs} Power", name=name, igoo_costs=IGOO_COSTS[name])
    return ""


def awaken_independent(state: GameState, cmd: AwakenIndependent, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = awaken_problem(state, cmd.player, index, cmd.name)
    if problem:
        raise Refusal(
            Code.NOT_NOW, "{name} cannot be awakened in {area}: {problem}.", name=cmd.name, area=cmd.area, problem=problem
        )
    state = pw.pay(state, seat, IGOO_COSTS[cmd.name], say("awakening {name}", name=cmd.name), events)
    figures = NEUTRAL_UNITS[cmd.name].pool  # Nyogtha's two figures rise together (From Below)
    state, placed = bd.place(state, index, cmd.player, UnitKind.IGOO, cmd.name, figures, "awakened")
    events += placed
    state = _give(state, cmd.name, cmd.player, "awakened", events)
    if cmd.name == "Abhoth":  # the Filth left neutral when Abhoth was lost are his new owner's
        state = _hand_filth(state, NEUTRAL, cmd.player, f"the Filth follow Abhoth to {cmd.player}", events)
    player = state.players[seat]
    if cmd.name not in player.awakened:
        state = state.with_player(seat, awakened=(*player.awakened, cmd.name))
    return pw.end_action(state, events)


# -- neutral monsters ----------------------------------------------------------------------------


def card_problem(state: GameState, pid: str, name: str) -> str:
    """Why ``pid`` may not take the neutral monster card ``name`` now ("" when it may)."""
    if name not in MONSTER_CARDS or name not in state.options.independents:
        return say("{name} is not a neutral monster of this game", name=name)
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != pid:
        return say("a Loyalty Card is taken in the Doom Phase, on the player's own ritual turn")
    if holder(state, name):
        return say("{name}'s card is held by {holder}", name=name, holder=holder(state, name))
    if pw.used(state, pid, TAKEN):
        return say("one Loyalty Card per Doom Phase")
    if state.player(pid).doom < LOYALTY_DOOM:
        return say("it costs {loyalty_doom} Doom", loyalty_doom=LOYALTY_DOOM)
    return ""


def take_loyalty_card(state: GameState, cmd: TakeLoyaltyCard, events: pw.Events) -> GameState:
    seat = pw.seat_of(state, cmd.player)
    problem = card_problem(state, cmd.player, cmd.name)
    if problem:
        raise Refusal(Code.NOT_NOW, "{player} cannot take {name}: {problem}.", player=cmd.player, name=cmd.name, problem=problem)
    gates = [i for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == cmd.player]
    index = bd.area_index(state, cmd.area) if cmd.area else (gates[0] if gates else None)
    if index is not None and index not in gates:
        raise Refusal(
            Code.NOT_CONTROLLER, "The figure goes to a gate {player} controls, not {area}.", player=cmd.player, area=cmd.area
        )
    doom = state.players[seat].doom - LOYALTY_DOOM
    state = state.with_player(seat, doom=doom)
    events.append(DoomSpent(cmd.player, LOYALTY_DOOM, f"the {cmd.name} Loyalty Card", doom))
    state = pw.mark_used(_give(state, cmd.name, cmd.player, "taken for 2 Doom", events), cmd.player, TAKEN)
    if index is not None:  # without a controlled gate the figures wait in the pool
        state, placed = bd.place(
            state, index, cmd.player, UnitKind.MONSTER, cmd.name, MONSTER_CARDS[cmd.name], say("Loyalty Card")
        )
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


def _hand_filth(state: GameState, owner: str, to: str, reason: str, events: pw.Events) -> GameState:
    """Every Filth of ``owner`` on the map becomes ``to``'s, where it stands: Abhoth lost, they
    turn neutral; Abhoth awakened again, they are his new owner's (HRF IGOOs.scala, "Lost Abhoth";
    factions.md section 12)."""
    for index, area in enumerate(state.areas):
        filth = area.count(owner=owner, name=FILTH)
        if filth:
            state, removed = bd.remove(state, index, owner, UnitKind.MONSTER, FILTH, filth, reason)
            state, placed = bd.place(state, index, to, UnitKind.MONSTER, FILTH, filth, reason)
            events += removed + placed
    return state


def place_filth(state: GameState, cmd: PlaceFilth, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    if not any(a.count(owner=cmd.player, kind=UnitKind.IGOO, name="Abhoth") for a in state.areas):
        raise Refusal(Code.NOT_NOW, "Filth needs Abhoth in play.")
    if _out(state, cmd.player, FILTH) >= NEUTRAL_UNITS[FILTH].pool:
        raise Refusal(Code.NO_SUCH_UNITS, "All {pool} Filth are in play.", pool=NEUTRAL_UNITS[FILTH].pool)
    state = pw.pay(state, seat, FILTH_COST, "Filth", events)
    state = pw.place_one(state, index, cmd.player, UnitKind.MONSTER, FILTH, "Filth", events)
    return pw.end_action(state, events)


# -- after every command: cards back to the supply, Byatis' Doom Phase Elder Sign ----------------


def after_command(state: GameState, events: pw.Events) -> GameState:
    if not state.options.independents:
        return state
    if state.options.abilities:
        state = follow_up_note(vampire_note(drop_stale_follow_ups(state)))
    seen = list(events)
    for event in seen:
        if isinstance(event, UnitsRemoved) and event.name in IGOO_COSTS and holder(state, event.name) == event.owner:
            if not _out(state, event.owner, event.name):
                state = _give(state, event.name, "", "eliminated", events)
                if event.name == "Abhoth":
                    state = _hand_filth(state, event.owner, NEUTRAL, "Abhoth lost: the Filth turn neutral", events)
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
                events.append(
                    pw.AbilityUsed(unit.owner, "Toad of Berkeley", say("no enemy unit in {area}", area=state.area_name(index)))
                )
                state = flow.draw_elder_sign(state, seat, "Toad of Berkeley", events)
    return state


# -- Daoloth's Cosmic Unity (pre-battle; the abilities option) -------------------------------------

COSMIC_UNITY = "Cosmic Unity"


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """The independents' Spellbook requirements and Interdimensional (:func:`books_react`); when
    a battle is declared, Daoloth's owner in it may pick an enemy Great Old One there."""
    if not state.options.independents:
        return state
    state = books_react(state, seen, events)
    if not pw.just_declared(state, seen):
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

    b = state.battle
    unit = unit_type(state, stack.owner, stack.name)
    side = Side(state, b.area, stack.owner, ask.actor, (evolve(stack, count=1),), stack.owner == b.attacker)
    dice = (unit.dice(side, 1) if unit is not None else 0) or 0
    bonus = dict(state.abilities.bonus)
    bonus[stack.owner] = bonus.get(stack.owner, 0) - dice
    events.append(pw.AbilityUsed(ask.actor, COSMIC_UNITY, say("{choice} rolls no dice ({dice} fewer)", choice=choice, dice=dice)))
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
    if state.options.abilities:
        yield from book_offers(state, pid)


HANDLERS: dict[type[Command], pw.Handler] = {
    AwakenIndependent: awaken_independent,  # type: ignore[dict-item]
    TakeLoyaltyCard: take_loyalty_card,  # type: ignore[dict-item]
    PlaceFilth: place_filth,  # type: ignore[dict-item]
}


# -- the independents' Spellbooks (the abilities option) -------------------------------------------


@EVENTS.register("independent_spellbook_gained")
@dataclass(frozen=True, slots=True)
class IndependentSpellbookGained(Event):
    """``player`` met the requirement of its independent ``igoo``'s Spellbook and holds ``book``
    (beside its six: it counts for no victory, and goes with the card)."""

    player: str
    igoo: str
    book: str


@COMMANDS.register("god_of_forgetfulness")
@dataclass(frozen=True, slots=True)
class GodOfForgetfulness(Command):
    """Byatis' Spellbook (an action, 1 Power): every enemy cultist in ``area``, adjacent to
    Byatis' area, moves into his area."""

    player: str
    area: str


@COMMANDS.register("nightmare_web")
@dataclass(frozen=True, slots=True)
class NightmareWeb(Command):
    """Nyogtha's Spellbook (an action, 2 Power): a Nyogtha figure in the pool comes back in
    ``area``, any area where ``player`` has a unit."""

    player: str
    area: str


BYATIS, ABHOTH, DAOLOTH, NYOGTHA = "Byatis", "Abhoth", "Daoloth", "Nyogtha"
FORGETFULNESS_COST, WEB_COST = 1, 2
BROOD_TYPES, BROOD_MONSTERS = 4, 8  # The Brood: 4 monster types, or 8 monsters, in play (Filth count)
# Marks in ``abilities.used`` while a battle is on: Byatis fought in it; Nyogtha fought an enemy
# Great Old One in it (with how many Nyogtha figures were on the map when it was declared).
BYATIS_FOUGHT, NYOGTHA_FOUGHT = "Byatis in battle", "Nyogtha against a Great Old One:"


def _grant(state: GameState, pid: str, igoo: str, events: pw.Events) -> GameState:
    """``pid`` takes ``igoo``'s Spellbook (a "must": met, it is held), once, while it holds the card."""
    if holder(state, igoo) != pid or has_book(state, pid, igoo):
        return state
    events.append(IndependentSpellbookGained(pid, igoo, BOOKS[igoo]))
    return evolve(state, loyalty=(*state.loyalty, (BOOKS[igoo], pid)))


def _unmark(state: GameState, pid: str, prefix: str) -> tuple[GameState, str]:
    """``state`` less ``pid``'s first mark starting with ``prefix``, and that mark ("" for none)."""
    entry = next((u for u in state.abilities.used if u[0] == pid and u[1].startswith(prefix)), None)
    if entry is None:
        return state, ""
    used = list(state.abilities.used)
    used.remove(entry)
    return pw.with_abilities(state, used=tuple(used)), entry[1]


def books_react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """The four requirements (factions.md section 12) from the command's events and the board,
    Interdimensional's gates, and what The Brood withheld this Doom Phase or Ritual, in words."""
    goo_kinds = (UnitKind.GOO.value, UnitKind.IGOO.value)
    for event in seen:
        if isinstance(event, BattleDeclared):
            state = _battle_declared(state, event)
        elif isinstance(event, BattleEnded):
            state = _battle_ended(state, event, events)
        elif isinstance(event, UnitsRemoved) and event.kind in goo_kinds and event.reason.startswith("killed"):
            daoloth = holder(state, DAOLOTH)  # a Great Old One killed anywhere, in battle or not
            if daoloth and _out(state, daoloth, DAOLOTH):
                state = _grant(state, daoloth, DAOLOTH, events)
        elif isinstance(event, UnitsMoved) and event.name == DAOLOTH:
            state = interdimensional(state, event, events)
        elif isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value:
            for player in state.players:
                _brood_note(state, player.pid, events)
        elif isinstance(event, RitualPerformed):
            _brood_note(state, event.player, events)
    return _brood_requirement(state, events)


def _battle_declared(state: GameState, event: BattleDeclared) -> GameState:
    index = bd.area_index(state, event.area)
    area = state.areas[index]
    for pid, enemy in ((event.attacker, event.defender), (event.defender, event.attacker)):
        if area.count(owner=pid, kind=UnitKind.IGOO, name=BYATIS) and not has_book(state, pid, BYATIS):
            state = pw.mark_used(state, pid, BYATIS_FOUGHT)
        goo = area.count(owner=enemy, kind=UnitKind.GOO) or area.count(owner=enemy, kind=UnitKind.IGOO)
        if goo and area.count(owner=pid, kind=UnitKind.IGOO, name=NYOGTHA) and not has_book(state, pid, NYOGTHA):
            state = pw.mark_used(state, pid, f"{NYOGTHA_FOUGHT}{_out(state, pid, NYOGTHA)}")
    return state


def _battle_ended(state: GameState, event: BattleEnded, events: pw.Events) -> GameState:
    """God of Forgetfulness: Byatis survived a battle in which an enemy unit was killed.
    Nightmare Web: Nyogtha survived a battle against an enemy Great Old One (none of its
    figures killed in it, HRF's "Nyogtha Mourning")."""
    for pid in (event.attacker, event.defender):
        state, mark = _unmark(state, pid, BYATIS_FOUGHT)
        if mark and pw.tally(state, pid) > 0 and _out(state, pid, BYATIS):
            state = _grant(state, pid, BYATIS, events)
        state, mark = _unmark(state, pid, NYOGTHA_FOUGHT)
        if mark and _out(state, pid, NYOGTHA) >= int(mark.removeprefix(NYOGTHA_FOUGHT)):
            state = _grant(state, pid, NYOGTHA, events)
    return state


def _brood_requirement(state: GameState, events: pw.Events) -> GameState:
    """The Brood: Abhoth's faction has 4 monster types or 8 monsters in play, Filth counted."""
    pid = holder(state, ABHOTH)
    if not pid or has_book(state, pid, ABHOTH) or not _out(state, pid, ABHOTH):
        return state
    monsters = [u for a in state.areas for u in a.units_of(pid) if u.kind is UnitKind.MONSTER]
    if len({u.name for u in monsters}) >= BROOD_TYPES or sum(u.count for u in monsters) >= BROOD_MONSTERS:
        state = _grant(state, pid, ABHOTH, events)
    return state


def brood_blocked(state: GameState, pid: str) -> int:
    """The Brood: how many of ``pid``'s controlled gates give it no Doom (Doom Phase, Ritual),
    standing in an area with Filth of the enemy who holds The Brood (never Abhoth's own)."""
    if not state.options.abilities or not state.options.independents:
        return 0
    brood = next((who for name, who in state.loyalty if name == BOOKS[ABHOTH]), "")
    if not brood or brood == pid:
        return 0
    return sum(1 for a in state.areas if a.gate is not None and a.gate.controller == pid and a.count(owner=brood, name=FILTH))


def _brood_note(state: GameState, pid: str, events: pw.Events) -> None:
    blocked = brood_blocked(state, pid)
    if blocked:
        brood = holder(state, BOOKS[ABHOTH])
        label = state.player(pid).label if state.seat(pid) is not None else pid  # the faction's name, not its id
        events.append(
            pw.AbilityUsed(
                brood,
                BOOKS[ABHOTH],
                (
                    say("{blocked} gate of {player} in an area with Filth gives no Doom", blocked=blocked, player=label)
                    if blocked == 1
                    else say("{blocked} gates of {player} in areas with Filth give no Doom", blocked=blocked, player=label)
                ),
            )
        )


def interdimensional(state: GameState, event: UnitsMoved, events: pw.Events) -> GameState:
    """Interdimensional: Daoloth entering an area without a gate places one there (abandoned:
    no cultist stands on it; HRF adds it to the board's gates)."""
    if not has_book(state, event.owner, DAOLOTH):
        return state
    index = bd.area_index(state, event.to)
    area = state.areas[index]
    if area.gate is not None or ERADICATED in area.markers or event.to == MOON:
        return state
    state, changed = bd.set_gate(state, index, Gate(None), "Interdimensional")
    events += changed
    events.append(pw.AbilityUsed(event.owner, BOOKS[DAOLOTH], say("Daoloth places a gate in {to}", to=event.to)))
    return state


def byatis_area(state: GameState, pid: str) -> int | None:
    return next((i for i, a in enumerate(state.areas) if a.count(owner=pid, kind=UnitKind.IGOO, name=BYATIS)), None)


def forgetfulness_problem(state: GameState, pid: str, index: int) -> str:
    """Why ``pid`` may not use God of Forgetfulness on area ``index`` now ("" when it may)."""
    if not has_book(state, pid, BYATIS):
        return say("{pid} does not hold God of Forgetfulness", pid=pid)
    home = byatis_area(state, pid)
    if home is None:
        return say("Byatis is not on the map")
    if index not in state.board.adjacent[home]:
        return say("{area} is not adjacent to Byatis in {area2}", area=state.area_name(index), area2=state.area_name(home))
    if not any(u.owner != pid and u.kind is UnitKind.CULTIST for u in state.areas[index].units):
        return say("no enemy cultist is in {area}", area=state.area_name(index))
    if state.player(pid).power < FORGETFULNESS_COST:
        return say("it costs {forgetfulness_cost} Power", forgetfulness_cost=FORGETFULNESS_COST)
    return ""


def god_of_forgetfulness(state: GameState, cmd: GodOfForgetfulness, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = forgetfulness_problem(state, cmd.player, index)
    if problem:
        raise Refusal(Code.NOT_NOW, "God of Forgetfulness cannot be used on {area}: {problem}.", area=cmd.area, problem=problem)
    home = byatis_area(state, cmd.player)
    assert home is not None
    state = pw.pay(state, seat, FORGETFULNESS_COST, BOOKS[BYATIS], events)
    for unit in [u for u in state.areas[index].units if u.owner != cmd.player and u.kind is UnitKind.CULTIST]:
        state, moved = bd.move(state, index, home, unit.owner, unit.kind, unit.name, unit.count)
        events += moved
    events.append(
        pw.AbilityUsed(
            cmd.player,
            BOOKS[BYATIS],
            say("the enemy cultists in {area} go to {area2}", area=cmd.area, area2=state.area_name(home)),
        )
    )
    return pw.end_action(state, events)


def web_problem(state: GameState, pid: str, index: int) -> str:
    """Why ``pid`` may not bring a Nyogtha back with Nightmare Web in area ``index`` ("" when it may)."""
    if not has_book(state, pid, NYOGTHA):
        return say("{pid} does not hold Nightmare Web", pid=pid)
    if _out(state, pid, NYOGTHA) >= NEUTRAL_UNITS[NYOGTHA].pool:
        return say("no Nyogtha is in the pool")
    if not state.areas[index].count(owner=pid) or ERADICATED in state.areas[index].markers:
        return say("{pid} has no unit in {area}", pid=pid, area=state.area_name(index))
    if state.player(pid).power < WEB_COST:
        return say("it costs {web_cost} Power", web_cost=WEB_COST)
    return ""


def nightmare_web(state: GameState, cmd: NightmareWeb, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = web_problem(state, cmd.player, index)
    if problem:
        raise Refusal(Code.NOT_NOW, "Nightmare Web cannot bring Nyogtha to {area}: {problem}.", area=cmd.area, problem=problem)
    state = pw.pay(state, seat, WEB_COST, BOOKS[NYOGTHA], events)
    # Not "awakened": HRF's NightmareWebAction gives no Immortal Elder Sign (docs/rules-notes.md).
    state = pw.place_one(state, index, cmd.player, UnitKind.IGOO, NYOGTHA, BOOKS[NYOGTHA], events)
    return pw.end_action(state, events)


def book_offers(state: GameState, pid: str) -> Iterator[Command]:
    """God of Forgetfulness and Nightmare Web where legal (actions)."""
    home = byatis_area(state, pid) if has_book(state, pid, BYATIS) else None
    if home is not None:
        for i in sorted(state.board.adjacent[home]):
            if not forgetfulness_problem(state, pid, i):
                yield GodOfForgetfulness(pid, state.area_name(i))
    if has_book(state, pid, NYOGTHA):
        yield from (NightmareWeb(pid, state.area_name(i)) for i in range(len(state.areas)) if not web_problem(state, pid, i))


# -- Vampirism (the abilities option) --------------------------------------------------------------


@EVENTS.register("vampirism_drained")
@dataclass(frozen=True, slots=True)
class VampirismDrained(Event):
    """A Star Vampire of ``player`` rolled a Pain (``point`` "power") or a Kill ("doom"): one of
    ``victim``'s went to ``player``; ``left`` is what ``victim`` has now."""

    player: str
    victim: str
    point: str
    left: int


STAR_VAMPIRE, VAMPIRISM = "Star Vampire", "Vampirism"
Rolled = Callable[[GameState, tuple[int, ...], pw.Events], GameState]


def vampire_dice(state: GameState, pid: str) -> int:
    """How many of ``pid``'s dice in the battle under way are its Star Vampires' (one each)."""
    b = state.battle
    if b is None:
        return 0
    units = pw.without(state.areas[b.area].units_of(pid), b.exempt)
    return sum(u.count for u in units if u.name == STAR_VAMPIRE)


def vampirism(rolled: Rolled) -> Rolled:
    """Wrap the battle's roll: a side's Star Vampires roll its first dice; before the results
    count, each Pain among them takes 1 Power, each Kill 1 Doom, from the enemy (none when it
    has none), and the results still count (the card, HRF overlay)."""

    def run(state: GameState, values: tuple[int, ...], events: pw.Events) -> GameState:
        b = state.battle
        if b is not None and b.whole and state.options.abilities and state.options.independents and len(b.rolls) < 2:
            pid, enemy = (b.attacker, b.defender) if not b.rolls else (b.defender, b.attacker)
            state = drain(state, pid, enemy, values[: vampire_dice(state, pid)], events)
        return rolled(state, values, events)

    return run


def drain(state: GameState, pid: str, enemy: str, values: tuple[int, ...], events: pw.Events) -> GameState:
    seat, victim = state.seat(pid), state.seat(enemy)
    if seat is None or victim is None:
        return state  # neutral units and the Watcher have no Power nor Doom to take
    for value in values:
        if value in bd.PAIN_FACES and state.players[victim].power > 0:
            left = state.players[victim].power - 1
            state = state.with_player(victim, power=left)
            events.append(VampirismDrained(pid, enemy, "power", left))
            state = pw.gain_power(state, seat, 1, VAMPIRISM, events)
        elif value == bd.KILL_FACE and state.players[victim].doom > 0:
            old = state.players[victim].doom
            state = state.with_player(victim, doom=old - 1)
            events.append(VampirismDrained(pid, enemy, "doom", old - 1))
            state = flow.doom_changed(state, victim, old, old - 1, events)
            state = flow.gain_doom(state, seat, 1, VAMPIRISM, events)
    return state


def vampire_note(state: GameState) -> GameState:
    """The battle roll's question says which dice are the Star Vampires' (rolled first)."""
    prompt = state.prompt
    if prompt.kind is not PromptKind.ROLL or prompt.purpose != "battle" or VAMPIRISM in prompt.text:
        return state
    if state.battle is None or not state.battle.whole:
        return state
    dice = vampire_dice(state, prompt.actor)
    if not dice:
        return state
    return evolve(
        state,
        prompt=evolve(
            prompt,
            text=say(
                "{prompt} The first {dice} are the Star Vampires' ({vampirism}).",
                prompt=prompt.text,
                dice=dice,
                vampirism=VAMPIRISM,
            ),
        ),
    )


# -- free follow-ups: Horror Steed's passenger, From Below (the abilities option) -----------------------

FOLLOW = "follow-up:"  # a mark in ``abilities.used``: (player, "follow-up:<ask>|<area>|<area>")
FREE_BATTLE = "From Below: the free battle"  # set while From Below's own battle is declared
STEED, BELOW_MOVE, BELOW_CAPTURE, BELOW_BATTLE = "Horror Steed", "From Below move", "From Below capture", "From Below battle"
FROM_BELOW = "From Below"


def _from_below(state: GameState, pid: str) -> bool:
    return state.options.abilities and holder(state, NYOGTHA) == pid


def _other_nyogtha(state: GameState, pid: str, index: int) -> int | None:
    """The area of ``pid``'s Nyogtha figure other than the one in area ``index`` (None when the
    other is not on the map, or stands in ``index`` too)."""
    figures = [i for i, a in enumerate(state.areas) for _ in range(a.count(owner=pid, kind=UnitKind.IGOO, name=NYOGTHA))]
    if index not in figures:
        return None
    figures.remove(index)
    return figures[0] if figures and figures[0] != index else None


def _arm(state: GameState, pid: str, ask: str, *areas: str) -> GameState:
    """Mark a follow-up for the end of ``pid``'s action, when it has a choice then."""
    mark = FOLLOW + "|".join((ask, *areas))
    if len(_follow_choices(state, Ask(ask, pid, areas))) < 2 and ask != STEED:
        return state
    return pw.mark_used(state, pid, mark)


def _clear_follow_ups(state: GameState, pid: str) -> GameState:
    kept = tuple(u for u in state.abilities.used if u[0] != pid or not u[1].startswith(FOLLOW))
    return state if kept == state.abilities.used else pw.with_abilities(state, used=kept)


def on_move(handler: pw.Handler) -> pw.Handler:
    """A Move: each Shantak may carry a cultist from its area (Horror Steed); one Nyogtha
    moving lets the other move free (From Below), and two moving together pay for one."""

    def run(state: GameState, cmd: object, events: pw.Events) -> GameState:
        playing = state.options.abilities and state.options.independents
        if isinstance(cmd, c.Move) and playing and state.seat(cmd.player) is not None:
            state, cmd = _arm_move(state, cmd, events)
        return handler(state, cmd, events)

    return run


def _arm_move(state: GameState, cmd: c.Move, events: pw.Events) -> tuple[GameState, c.Move]:
    try:
        groups, acolyte_to = cmd.legs()
    except ValueError:
        return state, cmd  # the Move refuses it
    pid = cmd.player
    state = _clear_follow_ups(state, pid)
    for group in groups:
        source = state.board.area_index(group.area)
        if group.name == SHANTAK and source is not None and state.areas[source].count(owner=pid, kind=UnitKind.CULTIST):
            for _ in range(group.count):
                state = _arm(state, pid, STEED, group.area, group.to)
    legs = [g for g in groups if g.name == NYOGTHA and g.kind is UnitKind.IGOO]
    moving = sum(g.count for g in legs)
    if moving == 1 and _from_below(state, pid):
        index = state.board.area_index(legs[0].area)
        other = None if index is None else _other_nyogtha(state, pid, index)
        if other is None and index is not None and state.areas[index].count(owner=pid, name=NYOGTHA) > 1:
            other = index  # both stood together: the one staying may follow
        if other is not None:  # with the areas the Move ended in (the Ice Age's tax is owed once)
            state = _arm(state, pid, BELOW_MOVE, state.area_name(other), *dict.fromkeys(g.to for g in groups))
    elif moving == 2 and cmd.cost is None and _from_below(state, pid):
        count = sum(g.count for g in groups) + (1 if acolyte_to else 0)
        events.append(pw.AbilityUsed(pid, FROM_BELOW, say("the second Nyogtha moves free")))
        cmd = replace(cmd, cost=count - 1)
    return state, cmd


def on_capture(handler: pw.Handler) -> pw.Handler:
    """A capture where a Nyogtha stands lets the other Nyogtha capture free in its own area."""

    def run(state: GameState, cmd: object, events: pw.Events) -> GameState:
        if isinstance(cmd, c.Capture) and _from_below(state, cmd.player):
            state = _clear_follow_ups(state, cmd.player)
            index = state.board.area_index(cmd.area)
            other = None if index is None else _other_nyogtha(state, cmd.player, index)
            if other is not None:
                state = _arm(state, cmd.player, BELOW_CAPTURE, state.area_name(other))
        return handler(state, cmd, events)

    return run


def on_battle(handler: pw.Handler) -> pw.Handler:
    """A battle declared where a Nyogtha stands lets the other Nyogtha declare one free in its
    own area, asked when the first is over."""

    def run(state: GameState, cmd: object, events: pw.Events) -> GameState:
        if isinstance(cmd, c.BattleAction) and _from_below(state, cmd.player) and not pw.used(state, cmd.player, FREE_BATTLE):
            state = _clear_follow_ups(state, cmd.player)
            index = state.board.area_index(cmd.area)
            other = None if index is None else _other_nyogtha(state, cmd.player, index)
            if other is not None:
                state = _arm(state, cmd.player, BELOW_BATTLE, state.area_name(other))
        return handler(state, cmd, events)

    return run


def follow_up(state: GameState) -> GameState | None:
    """At the end of an action (a turn hold, :data:`flow.TURN_HOLDS`): the first follow-up
    marked for the player whose action it was, asked before the turn goes on (the answer hands
    the turn on, or asks the next); None when there is none."""
    if not (state.options.abilities and state.options.independents) or state.battle is not None:
        return None  # (run at every turn's end: the cheap checks first)
    if state.turn < 0 or state.phase is not Phase.ACTION:
        return None
    pid = state.players[state.turn].pid
    marks = [u for u in state.abilities.used if u[0] == pid and u[1].startswith(FOLLOW)]
    used = list(state.abilities.used)
    for mark in marks:
        used.remove(mark)
        name, *areas = mark[1].removeprefix(FOLLOW).split("|")
        ask = Ask(name, pid, tuple(areas))
        if len(_follow_choices(state, ask)) > 1:
            player = state.players[state.turn]
            held = Prompt(PromptKind.ACTION, pid, say("{player}: {asks}", player=player.label, asks=ASKS[name].text), ())
            state = pw.with_abilities(state, used=tuple(used), asks=(*state.abilities.asks, ask))
            return evolve(state, prompt=held)
    return None


def _area(state: GameState, name: str) -> int:
    return bd.area_index(state, name)


def _follow_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    pid = ask.actor
    if ask.ability == STEED:
        source, to = (_area(state, name) for name in ask.data)
        if not state.areas[to].count(owner=pid, name=SHANTAK) or ERADICATED in state.areas[to].markers:
            return ()
        names = dict.fromkeys(u.name for u in state.areas[source].units_of(pid) if u.kind is UnitKind.CULTIST)
        return ("skip", *names) if names else ()
    index = _area(state, ask.data[0])
    area = state.areas[index]
    if not area.count(owner=pid, kind=UnitKind.IGOO, name=NYOGTHA):
        return ()
    if ask.ability == BELOW_MOVE:
        reach = [state.area_name(i) for i in sorted(state.board.adjacent[index]) if ERADICATED not in state.areas[i].markers]
        reach = [name for name in reach if name != MOON and _affords_ice(state, pid, _area(state, name), ask.data[1:])]
        return ("skip", *reach) if reach else ()
    if not _affords_ice(state, pid, index):  # a capture or battle there would owe the Ice Age's 1 Power
        return ()
    if ask.ability == BELOW_CAPTURE:
        guards = (UnitKind.MONSTER, UnitKind.TERROR, UnitKind.GOO, UnitKind.IGOO)
        victims = [
            p.pid
            for p in state.players
            if p.pid != pid
            and area.count(owner=p.pid, kind=UnitKind.CULTIST)
            and not any(area.count(owner=p.pid, kind=k) for k in guards)
        ]
        return ("skip", *(choice for victim in victims for choice in _captive_choices(area, victim))) if victims else ()
    enemies = [p.pid for p in state.players if p.pid != pid and area.count(owner=p.pid)]
    return ("skip", *enemies) if enemies else ()


def _follow(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """Carry out the follow-up chosen (free), then the action ends as it would have."""
    pid = ask.actor
    if choice != "skip" and ask.ability == STEED:
        source, to = (_area(state, name) for name in ask.data)
        state, moved = bd.move(state, source, to, pid, UnitKind.CULTIST, choice, 1)
        events += moved
        events.append(
            pw.AbilityUsed(
                pid,
                STEED,
                say("a Shantak carries a {choice} from {data} to {data2}", choice=choice, data=ask.data[0], data2=ask.data[1]),
            )
        )
    elif choice != "skip" and ask.ability == BELOW_MOVE:
        state = _pay_ice(state, pid, _area(state, choice), events, ask.data[1:])
        state, moved = bd.move(state, _area(state, ask.data[0]), _area(state, choice), pid, UnitKind.IGOO, NYOGTHA, 1)
        events += moved
        events.append(pw.AbilityUsed(pid, FROM_BELOW, say("the other Nyogtha moves to {choice} free", choice=choice)))
    elif choice != "skip" and ask.ability == BELOW_CAPTURE:
        state = _pay_ice(state, pid, _area(state, ask.data[0]), events)
        victim, _, unit = choice.partition(CAPTIVE_SEP)
        state = _free_capture(state, pid, _area(state, ask.data[0]), victim, events, unit)
    elif choice != "skip":
        return _free_battle(state, pid, ask.data[0], choice, events)  # its handler's guard takes the Ice Age's tax
    return pw.end_action(state, events)


def _ice_due(state: GameState, pid: str, index: int, paid: tuple[str, ...] = ()) -> int:
    """The Ice Age's tax a From Below follow-up owes for ending in area ``index``: 1 Power when the
    Ice Age of a Windwalker other than ``pid`` is there, unless the action already ended in that
    area (``paid``: the Move's own destinations; the tax is owed once an action).

    The follow-up is "part of the same Action and at no extra cost" (the Nyogtha card, HRF
    overlay.scala), but the Ice Age taxes "any Action ending in the Ice Age Area", and HRF's
    Game.scala charges ``payTax`` on From Below's free battle and free capture too (its
    ``AttackAction`` and ``CaptureAction``): the free part is the action's own cost, not the tax
    (docs/rules-notes.md, From Below and the Ice Age)."""

    held = ice_age.ice_owner(state)
    if held is None or held[0] == pid or held[1] != index or state.area_name(index) in paid:
        return 0
    return ice_age.ICE_AGE_TAX


def _affords_ice(state: GameState, pid: str, index: int, paid: tuple[str, ...] = ()) -> bool:
    return state.player(pid).power >= _ice_due(state, pid, index, paid)


def _pay_ice(state: GameState, pid: str, index: int, events: pw.Events, paid: tuple[str, ...] = ()) -> GameState:
    """Pay the Ice Age's tax a follow-up ending in area ``index`` owes (:func:`_ice_due`)."""

    due = _ice_due(state, pid, index, paid)
    held = ice_age.ice_owner(state)
    if not due or held is None:
        return state
    where = state.area_name(index)
    events.append(pw.AbilityUsed(held[0], ice_age.ICE_AGE_BOOK, say("{pid} pays 1 Power more in {area}", pid=pid, area=where)))
    return pw.pay(state, pw.seat_of(state, pid), due, say("the Ice Age"), events)


# A free capture's answer names the cultist when the victim has two kinds there ("crawling_chaos:High
# Priest", the victim's choice as in ``capture``'s ``unit``); with one kind it is the victim alone.
CAPTIVE_SEP = ":"


def _captive_choices(area: AreaState, victim: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(u.name for u in area.units_of(victim) if u.kind is UnitKind.CULTIST))
    return (victim,) if len(names) < 2 else tuple(f"{victim}{CAPTIVE_SEP}{name}" for name in names)


def _free_capture(state: GameState, pid: str, index: int, victim: str, events: pw.Events, name: str = "") -> GameState:
    """The other Nyogtha's capture: as a capture (the victim's cultist ``name`` there, "" its
    first), no Power."""
    unit = next(u for u in state.areas[index].units_of(victim) if u.kind is UnitKind.CULTIST and name in ("", u.name))
    where = state.area_name(index)
    state, removed = bd.remove(state, index, victim, UnitKind.CULTIST, unit.name, 1, say("captured by {pid}", pid=pid))
    seat = pw.seat_of(state, pid)
    state = state.with_player(seat, captured=(*state.players[seat].captured, victim))
    events += removed
    events.append(Captured(pid, victim, where))
    events.append(pw.AbilityUsed(pid, FROM_BELOW, say("the other Nyogtha captures in {where} free", where=where)))
    return state


def _free_battle(state: GameState, pid: str, area: str, enemy: str, events: pw.Events) -> GameState:
    """The other Nyogtha's battle, declared free through the battle's own handler (its checks,
    the Ice Age's tax, its pre-battle questions); that battle ends the action."""
    events.append(pw.AbilityUsed(pid, FROM_BELOW, say("a free battle against {enemy} in {area}", enemy=enemy, area=area)))
    state = pw.mark_used(state, pid, FREE_BATTLE)
    state = core().handler(c.BattleAction)(state, c.BattleAction(pid, area, enemy, cost=0), events)
    state, _ = _unmark(state, pid, FREE_BATTLE)
    return state


# The follow-up questions in full, with their areas (the asks' data), for the screen.
FOLLOW_TEXTS = {
    STEED: "Horror Steed: the Shantak went from {0} to {1}; carry which of your cultists with it, free?",
    BELOW_MOVE: "From Below: move the other Nyogtha from {0} too (free), where?",
    BELOW_CAPTURE: "From Below: the other Nyogtha captures in {0} too (free): whose cultist?",
    BELOW_BATTLE: "From Below: the other Nyogtha battles in {0} too (free): against whom?",
}


def drop_stale_follow_ups(state: GameState) -> GameState:
    """Forget the follow-ups that had no choice when their action ended: one is kept only while
    its battle is on or a follow-up question is waiting (so none comes back after a later action)."""
    if state.battle is not None or any(ask.ability in FOLLOW_TEXTS for ask in state.abilities.asks):
        return state
    used = state.abilities.used
    if not any(u[1].startswith(FOLLOW) for u in used):
        return state
    return pw.with_abilities(state, used=tuple(u for u in used if not u[1].startswith(FOLLOW)))


def follow_up_note(state: GameState) -> GameState:
    """A follow-up's question names its areas (the shared question says only the ability's words)."""
    prompt, asks = state.prompt, state.abilities.asks
    if (
        prompt.kind is not PromptKind.ABILITY
        or prompt.purpose not in FOLLOW_TEXTS
        or not asks
        or asks[0].ability != prompt.purpose
    ):
        return state
    text = f"{prompt.actor}: " + FOLLOW_TEXTS[prompt.purpose].format(*asks[0].data)
    return state if text == prompt.text else evolve(state, prompt=evolve(prompt, text=text))


ASKS[STEED] = pw.AskRule(_follow_choices, _follow, "Horror Steed: carry which of your cultists with the Shantak, free?")
ASKS[BELOW_MOVE] = pw.AskRule(_follow_choices, _follow, "From Below: move the other Nyogtha too (free), where?")
ASKS[BELOW_CAPTURE] = pw.AskRule(_follow_choices, _follow, "From Below: the other Nyogtha captures too (free): whose cultist?")
ASKS[BELOW_BATTLE] = pw.AskRule(_follow_choices, _follow, "From Below: the other Nyogtha battles too (free): against whom?")
WRAPS: tuple[tuple[type[Command], Callable[[pw.Handler], pw.Handler]], ...] = (
    (c.Move, on_move),
    (c.Capture, on_capture),
    (c.BattleAction, on_battle),
)
HANDLERS[GodOfForgetfulness] = god_of_forgetfulness  # type: ignore[assignment]
HANDLERS[NightmareWeb] = nightmare_web  # type: ignore[assignment]
