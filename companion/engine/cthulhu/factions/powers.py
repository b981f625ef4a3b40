"""The shape of the factions' unique abilities, Spellbooks and Spellbook requirements.

A faction module appends, below its roster, what this module defines: its
:class:`Requirement` s (checked after every command), its :class:`AskRule` s (the questions a
"may" or an owner's choice puts to a player), its ability commands with their handlers, and its
Gather Power extras.  :mod:`companion.engine.cthulhu.abilities` collects them and plugs them into
the engine (handlers, the after-command hook, Gather Power, the legal commands).

This module depends only on the flow, the board and the model (never on the handlers), so the
faction modules can be imported first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.events import (
    BattleDeclared,
    BattleEnded,
    BattleRolled,
    Captured,
    CombatComputed,
    Corrected,
    DiceRolled,
    DirectionChosen,
    DoomGained,
    ElderSignDrawn,
    ElderSignRevealed,
    EndTriggered,
    FirstPlayerChosen,
    GameEnded,
    GateChanged,
    HitTaken,
    MarkerChanged,
    Part,
    Passed,
    PhaseStarted,
    PowerGathered,
    PowerSpent,
    RitualPerformed,
    RitualSkipped,
    SpellbookGained,
    TurnStarted,
    UnitsMoved,
    UnitsPlaced,
    UnitsRemoved,
)
from companion.engine.cthulhu.model import (
    NO_PROMPT,
    WATCHER,
    Abilities,
    Ask,
    Faction,
    GameState,
    Phase,
    Prompt,
    PromptKind,
    UnitKind,
    Units,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

Events = list[Event]
ONCE_PER_GAME = "(once per game)"  # the suffix of a use the new Action Phase does not clear


# -- events ----------------------------------------------------------------------------------


@EVENTS.register("requirement_met")
@dataclass(frozen=True, slots=True)
class RequirementMet(Event):
    """``player`` met one of its Spellbook requirements (it now owes itself a Spellbook)."""

    player: str
    requirement: str


@EVENTS.register("ability_used")
@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    """A unique ability or Spellbook took effect; ``detail`` says what it did, in words."""

    player: str
    ability: str
    detail: str


@EVENTS.register("power_gained")
@dataclass(frozen=True, slots=True)
class PowerGained(Event):
    """``player`` gained ``amount`` Power outside Gather Power (``reason``: the ability)."""

    player: str
    amount: int
    reason: str
    total: int


# -- the two answers every ability question shares --------------------------------------------


@COMMANDS.register("choose_spellbook")
@dataclass(frozen=True, slots=True)
class ChooseSpellbook(Command):
    """Take one Spellbook of the faction's own six not yet held, for a requirement met."""

    player: str
    name: str


@COMMANDS.register("use_ability")
@dataclass(frozen=True, slots=True)
class UseAbility(Command):
    """Answer an ability's question: ``choice`` is one of the prompt's choices ("use", "skip",
    a unit's name, an area's, "power" or "elder_signs" ...)."""

    player: str
    choice: str


# -- what a faction module declares ----------------------------------------------------------

# (state, player, the events of the command just applied) -> met?
RequirementCheck = Callable[[GameState, str, Events], bool]


@dataclass(frozen=True, slots=True)
class Requirement:
    """One of a faction's six Spellbook requirements; ``elder_signs`` and ``power`` are what
    meeting it gives besides the Spellbook (Great Cthulhu's first Doom Phase, Black Goat's
    shared areas ...).  ``power`` is a function: some give Power by the board.

    ``when``: the event types that can make it true (see :func:`due`); None checks it after
    every command.  A requirement that reads the board names every event that can change what
    it reads in its favour (the groups below)."""

    name: str
    met: RequirementCheck
    elder_signs: int = 0
    power: Callable[[GameState, str], int] | None = None
    when: frozenset[type[Event]] | None = None


# -- what can meet a requirement ---------------------------------------------------------------
# The after-command hook checks a requirement only when the command's events hold a type in its
# ``when`` (the requirements ran after every command, for every seat, each scanning the events:
# most of the abilities' cost per command).  Missing a type here would be a rules bug, so the
# groups are wide: an ability's effect (AbilityUsed) may change anything a requirement reads, a
# phase change or a correction checks every requirement, and so does an event of a type named
# nowhere here (the Acolyte's, the Worms', the corrections', the independents' ...).
# tests/engine/cthulhu/test_requirement_triggers.py checks, after every command of seeded games,
# that the triggered check meets exactly what the full check meets.


def on(*kinds: type[Event]) -> frozenset[type[Event]]:
    """A ``when``: the requirement reads only these events (or these and the groups'd state)."""
    return frozenset(kinds)


EVERY_REQUIREMENT = on(PhaseStarted, Corrected)  # a new phase (round, Doom Phase) or a correction
# Events that change nothing a requirement reads (the dice, a turn handed on, a battle's frame).
QUIET = on(
    DirectionChosen,
    TurnStarted,
    Passed,
    BattleDeclared,
    DiceRolled,
    BattleRolled,
    BattleEnded,
    RitualSkipped,
    PowerSpent,
    EndTriggered,
    GameEnded,
)
BOARD = on(UnitsPlaced, UnitsMoved, UnitsRemoved, GateChanged, MarkerChanged, Captured, AbilityUsed)  # any change
# The gates a faction controls or the gates on the map: a gate built or taken (GateChanged),
# Yog-Sothoth placed or moved (he counts as one, an ocean gate where he stands); a unit leaving
# only abandons one.
GATES = on(GateChanged, UnitsPlaced, UnitsMoved, AbilityUsed)
PLACED = on(UnitsPlaced, AbilityUsed)  # a unit comes into play (awakened, summoned, placed by an ability)
SPREAD = on(UnitsPlaced, UnitsMoved, AbilityUsed)  # units reach more areas (a removal only takes away)
KILLS = on(HitTaken, UnitsRemoved, AbilityUsed)  # the battle's tally (Kills; Devour's units)
BATTLE_OVER = on(BattleEnded)  # a battle's tally, read when it ends
POWER = on(PowerGathered, PowerGained, AbilityUsed)  # Power rises
DOOM = on(DoomGained, RitualPerformed, ElderSignRevealed, AbilityUsed)  # Doom rises
SIGNS = on(ElderSignDrawn, AbilityUsed)  # Elder Signs earned
BOOKS = on(SpellbookGained, AbilityUsed)  # Spellbooks taken


# A requirement that reads only events of one type, or a state only these events change.
ABILITY = on(AbilityUsed)  # an ability's or a requirement action's own record
HIT = on(HitTaken)
CAPTURE = on(Captured)
ARRIVAL = on(UnitsPlaced)
LOSS = on(UnitsRemoved)
RITUAL = on(RitualPerformed)
COMBAT = on(CombatComputed)
FIRST_PLAYER = on(FirstPlayerChosen)
SIGN_DRAWN = on(ElderSignDrawn)
NEW_PHASE = on(PhaseStarted)  # the round and the phase
MET = on(RequirementMet, PhaseStarted)  # the requirements met, in the Doom Phase


def due(requirement: Requirement, types: frozenset[type[Event]] | set[type[Event]]) -> bool:
    """Whether ``requirement`` may have become true by events of ``types`` (the caller has
    already checked the every-requirement cases)."""
    return requirement.when is None or not requirement.when.isdisjoint(types)


@dataclass(frozen=True, slots=True)
class AskRule:
    """A question an ability puts to a player: the legal ``choices`` now, and ``resolve`` the
    answer (state, the ask, the choice, events) -> state."""

    choices: Callable[[GameState, Ask], tuple[str, ...]]
    resolve: Callable[[GameState, Ask, str, Events], GameState]
    text: str = ""


Handler = Callable[[GameState, object, Events], GameState]
# The ability commands legal for ``pid`` now (listed for the screen, the bots and the tests).
Offers = Callable[[GameState, str], Iterator[Command]]
PowerHook = Callable[[GameState, str], list[Part]]


# -- small helpers the faction modules share ---------------------------------------------------


def seat_of(state: GameState, pid: str) -> int:
    seat = state.seat(pid)
    if seat is None:
        raise Refusal(Code.UNKNOWN_PLAYER, "{pid!r} is not playing.", pid=pid)
    return seat


def holds(state: GameState, pid: str, book: str) -> bool:
    seat = state.seat(pid)
    return seat is not None and book in state.players[seat].spellbooks


def need_book(state: GameState, pid: str, book: str) -> int:
    """The seat of ``pid`` when it holds ``book``; refuses otherwise (a Spellbook applies only
    while held)."""
    seat = seat_of(state, pid)
    if book not in state.players[seat].spellbooks:
        raise Refusal(Code.NOT_NOW, "{player} does not hold {book}.", player=state.players[seat].label, book=book)
    return seat


def need_faction(state: GameState, pid: str, faction: object, ability: str) -> int:
    seat = seat_of(state, pid)
    if state.players[seat].faction != faction:
        raise Refusal(Code.NOT_NOW, "{ability} is not {player}'s ability.", ability=ability, player=state.players[seat].label)
    return seat


def my_turn(state: GameState, pid: str) -> int:
    """Refuse unless it is ``pid``'s action; the seat."""
    seat = seat_of(state, pid)
    if state.prompt.kind is not PromptKind.ACTION:
        raise Refusal(Code.NOT_NOW, "That is an action; the referee waits for: {prompt}", prompt=state.prompt.text or "nothing")
    if state.prompt.actor != pid:
        raise Refusal(
            Code.NOT_YOUR_TURN, "It is not {player}'s turn. {prompt}", player=state.players[seat].label, prompt=state.prompt.text
        )
    return seat


pay = bd.pay  # one way to spend Power, for the actions and the abilities alike


def gain_power(state: GameState, seat: int, amount: int, reason: str, events: Events) -> GameState:
    if amount <= 0:
        return state
    total = state.players[seat].power + amount
    events.append(PowerGained(state.players[seat].pid, amount, reason, total))
    return state.with_player(seat, power=total)


def end_action(state: GameState, events: Events) -> GameState:
    """The action is over: the turn goes on to the next seat (as every main action does)."""
    return flow.run(flow.next_turn(state, events), events)


def used(state: GameState, pid: str, ability: str) -> bool:
    return (pid, ability) in state.abilities.used


def mark_used(state: GameState, pid: str, ability: str) -> GameState:
    return with_abilities(state, used=(*state.abilities.used, (pid, ability)))


# (WATCHER, this) in ``used``: the Watcher's token reached 0 in its battle just over (watcher.py
# marks it; the post-battle abilities that count units killed read it: Cannibalism, Fulmination).
WATCHER_SLAIN = "killed in its battle"


def watcher_slain(state: GameState) -> int:
    """1 when the Watcher was killed in the battle with it just over, else 0."""
    return int((WATCHER, WATCHER_SLAIN) in state.abilities.used)


_ABILITY_FIELDS = frozenset(f.name for f in dataclasses.fields(Abilities))


def with_abilities(state: GameState, **changes: object) -> GameState:
    """``state`` with its abilities' memory changed by ``changes`` (a field of :class:`Abilities`
    each; :func:`copied`).

    :raises TypeError: for a field :class:`Abilities` does not have.
    """
    return copied(state, changes)


def copied(state: GameState, memory: dict[str, object], prompt: Prompt | None = None) -> GameState:
    """``state`` with its abilities' memory changed by ``memory`` (a field of :class:`Abilities`
    each), and its prompt by ``prompt`` (None: kept).

    :raises TypeError: for a field :class:`Abilities` does not have.
    """
    abilities = evolve(state.abilities, **memory)
    return evolve(state, abilities=abilities) if prompt is None else evolve(state, abilities=abilities, prompt=prompt)


def queue_ask(state: GameState, ask: Ask) -> GameState:
    """Queue a question; the after-command hook asks it once nothing else is being asked."""
    return with_abilities(state, asks=(*state.abilities.asks, ask))


def pool_left(state: GameState, pid: str, name: str, pool: int) -> int:
    """How many of ``pid``'s ``name`` are still in its pool (the Deep counts as in play)."""
    out = sum(a.count(owner=pid, name=name) for a in state.areas)
    out += sum(u.count for u in state.abilities.deep if u.owner == pid and u.name == name)
    return pool - out


def goo_area(state: GameState, pid: str, name: str) -> int | None:
    """The area of ``pid``'s unit called ``name`` (the first, for a Great Old One the only one)."""
    return bd.occupancy(state).first.get((pid, name))


def in_play(state: GameState, pid: str, name: str) -> bool:
    """On the map or in the Deep (in play but not on the map, factions.md section 0)."""
    return goo_area(state, pid, name) is not None or any(u.owner == pid and u.name == name for u in state.abilities.deep)


def areas_with_units(state: GameState, pid: str) -> int:
    # Run for several requirements after every command: read from the board's occupancy.
    return bd.occupancy(state).spread.get(pid, 0)


def enemies(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(p.pid for p in state.players if p.pid != pid)


def remove_one(state: GameState, index: int, unit: Units, reason: str, events: Events) -> GameState:
    state, removed = bd.remove(state, index, unit.owner, unit.kind, unit.name, 1, reason)
    events += removed
    return state


def place_one(state: GameState, index: int, pid: str, kind: UnitKind, name: str, reason: str, events: Events) -> GameState:
    state, placed = bd.place(state, index, pid, kind, name, 1, reason)
    events += placed
    return state


def stacks_named(state: GameState, index: int, pid: str, kinds: tuple[UnitKind, ...]) -> tuple[Units, ...]:
    return tuple(u for u in state.areas[index].units_of(pid) if u.kind in kinds)


def action_prompt(state: GameState) -> bool:
    return state.prompt.kind is PromptKind.ACTION


def doom_phase(state: GameState) -> bool:
    return state.phase is Phase.DOOM


def events_of(events: Events, kind: type[Event]) -> Iterator[Event]:
    return (e for e in events if isinstance(e, kind))


def clear_prompt(state: GameState) -> GameState:
    return evolve(state, prompt=NO_PROMPT)


def roll_now(state: GameState, pid: str, purpose: str, text: str) -> GameState:
    """Ask for one d6 for an ability (the tower, the screen or the generator answers)."""
    return evolve(state, prompt=Prompt(PromptKind.ROLL, pid, text, (), 1, purpose=purpose))


def first_abilities() -> Abilities:
    return Abilities()


def push_ask(state: GameState, ask: Ask) -> GameState:
    """Ask ``ask`` before anything queued (the victim's choice right after the ability)."""
    return with_abilities(state, asks=(ask, *state.abilities.asks))


def credit_kill(state: GameState, victim: str) -> GameState:
    """One enemy unit killed (or devoured) in the battle under way, to the victim's opponent."""
    return credit_kills(state, {victim: 1})


def credit_kills(state: GameState, losses: dict[str, int]) -> GameState:
    """Enemy units killed (or devoured) in the battle under way, by victim, each to the victim's
    opponent: one copy of the state for all of a roll's Kills."""
    sides = [pid for pid, goo in state.abilities.fighters if not goo]
    if len(sides) != 2:
        return state
    attacker, defender = sides
    if attacker not in losses and defender not in losses:
        return state  # no side lost a unit
    tally = dict(state.abilities.tally)
    if attacker in losses:
        tally[defender] = tally.get(defender, 0) + losses[attacker]
    if defender in losses and defender != attacker:  # (one credit where both sides are one player)
        tally[attacker] = tally.get(attacker, 0) + losses[defender]
    return with_abilities(state, tally=tuple(sorted(tally.items())))


def tally(state: GameState, pid: str) -> int:
    """``pid``'s enemy units killed in the battle under way (or just ended).  The tally's pairs
    are a dict's items, each player once: read in a loop, not a dict built on each read (the
    Kill requirements read it after every roll)."""
    for who, count in state.abilities.tally:
        if who == pid:
            return count
    return 0


def kills_at_the_end(state: GameState, pid: str, events: Events) -> int:
    """``pid``'s enemy units killed or devoured in the battle that ended in ``events``; 0 when no
    battle ended there. Kill requirements are checked once, when the battle ends (factions.md:
    "in one battle"; HRF's checkKillSpellbooks at the Eliminate step), not at each Kill."""
    for event in events:
        if isinstance(event, BattleEnded):
            return tally(state, pid)
    return 0


def met_now(pid: str, requirement: str, events: Events) -> bool:
    """Whether ``pid`` met ``requirement`` among ``events`` (this command), not before it."""
    return any(isinstance(e, RequirementMet) and e.player == pid and e.requirement == requirement for e in events)


def battle_goo(state: GameState, pid: str, name: str) -> bool:
    """Whether ``pid``'s ``name`` was in the battle under way (or just ended) when declared."""
    return (pid, name) in state.abilities.fighters


def battle_enemy(state: GameState, pid: str) -> str | None:
    """``pid``'s opponent in the battle under way (or just ended), None when it is not a side."""
    sides = [who for who, goo in state.abilities.fighters if not goo]
    return sides[1 - sides.index(pid)] if pid in sides and len(sides) == 2 else None


def just_declared(state: GameState, seen: Events) -> bool:
    """A battle the referee resolves whole was declared by the command just applied."""
    return state.battle is not None and state.battle.whole and any(isinstance(e, BattleDeclared) for e in seen)


def fodder(state: GameState, index: int, pid: str) -> tuple[str, ...]:
    """The names of ``pid``'s Monsters and Cultists in area ``index`` (what Devour, Abduct and
    Ghroth take), each once."""
    return tuple(dict.fromkeys(u.name for u in stacks_named(state, index, pid, (UnitKind.MONSTER, UnitKind.CULTIST))))


def plays(state: GameState, pid: str, faction: Faction) -> bool:
    """Whether ``pid`` is seated and plays ``faction`` (each faction module's own check)."""
    seat = state.seat(pid)
    return seat is not None and state.players[seat].faction is faction


def send_one(state: GameState, index: int, owner: str, name: str, to: str, events: Events) -> GameState:
    """One of ``owner``'s ``name`` units sent from area ``index`` to the area named ``to`` (a
    pained unit placed by an ability: Howl, Dread Curse); a gate its controller left is abandoned
    by the move.  Raises Refusal when no such unit is there."""
    unit = unit_here(state, index, owner, name)
    state, moved = bd.move(state, index, bd.area_index(state, to), owner, unit.kind, name, 1)
    events += moved
    return state


def unit_here(state: GameState, index: int, pid: str, name: str) -> Units:
    unit = next((u for u in state.areas[index].units_of(pid) if u.name == name), None)
    if unit is None:
        raise Refusal(Code.NO_SUCH_UNITS, "{pid} has no {name} in {area}.", pid=pid, name=name, area=state.area_name(index))
    return unit


def acolytes_left(state: GameState, pid: str) -> int:
    """``pid``'s Acolytes in its pool: six less those on the map and those captured (Bubastis
    has none, factions.md section 9)."""
    if plays(state, pid, Faction.BUBASTIS):
        return 0
    out = sum(a.count(owner=pid, kind=UnitKind.CULTIST, name="Acolyte") for a in state.areas)
    out += sum(p.captured.count(pid) for p in state.players)
    # A captured High Priest (the High Priests option) is held apart from the Acolytes.
    out -= sum(u.count for box, u in state.abilities.boxed if box.split(":")[0] == "captive" and u.owner == pid)
    return 6 - out


def go_on(state: GameState, seat: int, events: Events) -> GameState:
    """The turn goes on after an unlimited action or a first action (Fertility Cult, The
    Screaming Dead), unless it left the player without Power: then the turn passes, since a
    player with no Power takes no action (core rules)."""
    if state.players[seat].power > 0:
        player = state.players[seat]
        return evolve(
            state,
            prompt=evolve(
                state.prompt, text=say("{player}: take an action ({power} Power).", player=player.label, power=player.power)
            ),
        )
    return end_action(state, events)


def without(units: tuple[Units, ...], exempt: tuple[Units, ...]) -> tuple[Units, ...]:
    """``units`` less the ``exempt`` ones (Invisibility, Necrophagy's Ghouls: not in the battle)."""
    out: dict[tuple[str, UnitKind, str], int] = {}
    for e in exempt:
        out[e.key] = out.get(e.key, 0) + e.count
    kept: list[Units] = []
    for u in units:
        left = u.count - out.get(u.key, 0)
        if left > 0:
            kept.append(u if left == u.count else Units(u.owner, u.kind, u.name, left))
    return tuple(kept)
