"""Tcho-Tcho (factions.md section 10, from the gjremus fork and the wiki): roster, costs,
Ubbo-Sathla's awakening (in the Action Phase, for 6) and his combat, the Growth counter
(``GameState.growth``, 0 at set-up).

Hell's Banquet (:func:`after_command`): from the Doom Phase after Ubbo-Sathla's first awakening,
every Doom Phase Tcho-Tcho rolls one die and adds it to Growth (a roll prompt, purpose
``hells_banquet``, that interrupts the prompt under way and gives it back).  Ubbo-Sathla is also
awakened in the Doom Phase for 0 (:class:`AwakenInDoomPhase`).

With the abilities option: Sycophancy, the six Spellbook requirements, the tribe (asked at the
start when the set-up's ``Options.tribes`` says so, as new games do; ``GameState.tribe``: its
:func:`library` is the three shared Spellbooks and the tribe's three) and every Spellbook:
Hierophants, Soulless, Terror (shared); Idolatry, Martyrdom, Tablets of the Gods (Tsang); Dark
Rituals, Fulmination, Surprise! (Leng); Doomsday, Inerrant, Otherworld Alliances (Sarkomand).
Readings: docs/rules-notes.md, "Bubastis, Tcho-Tcho and the independents".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.engine.core import COMMANDS, Code, Command, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.commands import UnitRef
from companion.engine.cthulhu.events import (
    BattleEnded,
    ElderSignDrawn,
    HitTaken,
    Part,
    PhaseStarted,
    RitualPerformed,
    SpellbookGained,
    UnitsPlaced,
    UnitsRemoved,
)
from companion.engine.cthulhu.factions import NEUTRAL_UNITS, high_priests
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.factions.base import (
    ACOLYTE,
    Awakening,
    C,
    Events,
    FactionRules,
    G,
    M,
    UnitType,
    controls_gate_here,
    fixed,
    in_play,
    sacrifice,
)
from companion.engine.cthulhu.factions.contract import FactionPlugin, core
from companion.engine.cthulhu.factions.independents import IGOO_COSTS, UNMOVABLE, LoyaltyCardChanged, holder
from companion.engine.cthulhu.factions.lunacy import lunacy_acolyte
from companion.engine.cthulhu.model import (
    ERADICATED,
    WATCHER,
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

HIGH_PRIEST = "High Priest"
PRIEST = UnitType(HIGH_PRIEST, C, 3, 3, 0)  # its three High Priests: the one place the number is written


FULMINATED = "Fulmination (once per game)"  # Ubbo-Sathla removed from the game for good


def ubbo_needs(state: GameState, pid: str) -> str:
    if (pid, FULMINATED) in state.abilities.used:
        return say("Ubbo-Sathla was removed from the game by Fulmination")
    return "" if in_play(state, pid, HIGH_PRIEST) else "Ubbo-Sathla needs a Tcho-Tcho High Priest in play"


def ubbo_effect(
    state: GameState, pid: str, index: int, chosen: tuple[tuple[int, UnitKind, str, int], ...], events: Events
) -> GameState:
    """A High Priest is eliminated."""
    return sacrifice(state, pid, chosen, 1, (HIGH_PRIEST,), "High Priest", events)


RULES = FactionRules(
    Faction.TCHO_TCHO,
    units=(
        ACOLYTE,
        PRIEST,
        UnitType("Proto-Shoggoth", M, 6, 2, 1),
        UnitType("Ubbo-Sathla", G, 1, 6, lambda side, count: count * side.state.growth),
    ),
    # Three shared books and three of the secretly chosen tribe's.
    spellbooks=(
        "Hierophants",
        "Soulless",
        "Terror",
        "Idolatry",
        "Martyrdom",
        "Tablets of the Gods",
        "Dark Rituals",
        "Fulmination",
        "Surprise!",
        "Doomsday",
        "Inerrant",
        "Otherworld Alliances",
    ),
    awakenings=(Awakening("Ubbo-Sathla", fixed(6), controls_gate_here, ubbo_needs, ubbo_effect),),
)


# == Growth and Hell's Banquet (always: Ubbo-Sathla's combat is the counter) ========================


UBBO = "Ubbo-Sathla"
BANQUET = "hells_banquet"


def tcho(state: GameState) -> str | None:
    """Tcho-Tcho's player, None when no seat plays it."""
    return next((p.pid for p in state.players if p.faction is Faction.TCHO_TCHO), None)


def after_command(state: GameState, events: pw.Events) -> GameState:
    """Ubbo-Sathla's first awakening starts Hell's Banquet from the next Doom Phase; in each Doom
    Phase from then on, Tcho-Tcho rolls one die for Growth."""
    pid = tcho(state)
    if pid is None or state.phase is Phase.GAME_OVER:
        return state
    for event in list(events):
        if isinstance(event, UnitsPlaced) and event.owner == pid and event.name == UBBO and event.reason == "awakened":
            if not state.banquet_from:
                state = evolve(state, banquet_from=state.round + 1)
        elif isinstance(event, PhaseStarted) and event.phase == Phase.DOOM.value and _banquet_due(state):
            roll = Prompt(PromptKind.ROLL, pid, say("Tcho-Tcho: roll 1 die for Hell's Banquet (Growth)."), (), 1, purpose=BANQUET)
            resume = (state.prompt, *state.abilities.resume)
            state = evolve(state, prompt=roll, abilities=evolve(state.abilities, resume=resume))
    return state


def _banquet_due(state: GameState) -> bool:
    return bool(state.banquet_from) and state.round >= state.banquet_from and state.prompt.kind is not PromptKind.NONE


@COMMANDS.register("awaken_in_doom_phase")
@dataclass(frozen=True, slots=True)
class AwakenInDoomPhase(Command):
    """Tcho-Tcho awakens Ubbo-Sathla in the Doom Phase, on its ritual prompt, for 0 Power (at a
    gate it controls in ``area``, a High Priest eliminated: ``sacrifice`` names which when
    there is a choice); the ritual question stays open."""

    player: str
    area: str
    sacrifice: tuple[UnitRef, ...] = ()


def doom_awaken_problem(state: GameState, pid: str, index: int) -> str:
    """Why ``pid`` may not awaken Ubbo-Sathla in area ``index`` now ("" when it may)."""
    if state.seat(pid) is None or state.player(pid).faction is not Faction.TCHO_TCHO:
        return say("only Tcho-Tcho awakens Ubbo-Sathla")
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != pid:
        return say("in the Doom Phase, on Tcho-Tcho's ritual turn")
    if any(a.count(owner=pid, name=UBBO) for a in state.areas):
        return say("Ubbo-Sathla is in play")
    return ubbo_needs(state, pid) or controls_gate_here(state, pid, index)


def awaken_in_doom_phase(state: GameState, cmd: AwakenInDoomPhase, events: pw.Events) -> GameState:
    index = bd.area_index(state, cmd.area)
    problem = doom_awaken_problem(state, cmd.player, index)
    if problem:
        raise Refusal(Code.NOT_NOW, "Ubbo-Sathla cannot be awakened in {area} now: {problem}.", area=cmd.area, problem=problem)
    state = pw.place_one(state, index, cmd.player, G, UBBO, "awakened", events)
    chosen = tuple((bd.area_index(state, r.area), r.kind, bd.unit_name(r.kind, r.name), r.count) for r in cmd.sacrifice)
    state = ubbo_effect(state, cmd.player, index, chosen, events)
    seat = pw.seat_of(state, cmd.player)
    if UBBO not in state.players[seat].awakened:
        state = state.with_player(seat, awakened=(*state.players[seat].awakened, UBBO))
    return state


def doom_offers(state: GameState) -> Iterator[Command]:
    """Ubbo-Sathla's Doom Phase awakening where it is legal (the High Priest named when two
    stacks could pay)."""
    pid = state.prompt.actor
    if state.prompt.kind is not PromptKind.RITUAL or not pid or tcho(state) != pid:
        return
    priests = [(i, u) for i, a in enumerate(state.areas) for u in a.units_of(pid) if u.name == HIGH_PRIEST]
    for index, area in enumerate(state.areas):
        if area.gate is not None and area.gate.controller == pid and not doom_awaken_problem(state, pid, index):
            where, unit = priests[0]
            yield AwakenInDoomPhase(pid, state.area_name(index), (UnitRef(state.area_name(where), unit.kind, unit.name),))


def banquet_rolled(state: GameState, values: tuple[int, ...], events: pw.Events) -> GameState:
    """The die is added to Growth; the interrupted prompt comes back."""
    pid = tcho(state)
    assert pid is not None
    growth = state.growth + sum(values)
    events.append(
        pw.AbilityUsed(pid, "Hell's Banquet", say("rolled {values}: Growth {growth}", values=sum(values), growth=growth))
    )
    stack = state.abilities.resume
    return evolve(state, growth=growth, prompt=stack[0], abilities=evolve(state.abilities, resume=stack[1:]))


# == Sycophancy and the Spellbook requirements (the abilities option) ==============================

SYCOPHANCY = "Sycophancy"
TT_GAINS, ONE_LESS = "tcho_tcho_gains_1_doom", "gain_1_doom_less"
REMOVE_GATE = "Remove your controlled gate in your start area"


@COMMANDS.register("tcho_tcho_remove_gate")
@dataclass(frozen=True, slots=True)
class TchoTchoRemoveGate(Command):
    """Tcho-Tcho's requirement action: remove the gate it controls in its start area (on the
    Primeval and Shaggai maps, any gate it controls) from the board."""

    player: str
    area: str


def _ritual_by_other(state: GameState, pid: str, events: pw.Events) -> bool:
    rituals = any(isinstance(e, RitualPerformed) and e.player != pid for e in events)
    return rituals or any(p.doom >= 15 for p in state.players if p.pid != pid)


def _sign_earned(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, ElderSignDrawn) and e.player == pid for e in events)


def _three_signs(state: GameState, pid: str, events: pw.Events) -> bool:
    player = state.player(pid)
    return len(player.elder_signs) + len(player.revealed) >= 3


def _goo_killed(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, HitTaken) and e.hit == "kill" and e.kind in (G.value, UnitKind.IGOO.value) for e in events)


def _gate_removed(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, pw.AbilityUsed) and e.player == pid and e.ability == REMOVE_GATE for e in events)


def _ubbo_awakened(state: GameState, pid: str, events: pw.Events) -> bool:
    return any(isinstance(e, UnitsPlaced) and e.owner == pid and e.name == UBBO and e.reason == "awakened" for e in events)


REQUIREMENTS = (
    pw.Requirement("Another player performs a Ritual or has 15 Doom", _ritual_by_other, when=pw.DOOM),
    pw.Requirement("Earn an Elder Sign", _sign_earned, when=pw.SIGN_DRAWN),
    pw.Requirement("Own 3 Elder Signs", _three_signs, when=pw.SIGNS),
    pw.Requirement(REMOVE_GATE, _gate_removed, when=pw.ABILITY),
    pw.Requirement("A Great Old One is killed in battle", _goo_killed, when=pw.HIT),
    pw.Requirement("Awaken Ubbo-Sathla", _ubbo_awakened, when=pw.ARRIVAL),
)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Sycophancy: an enemy's Ritual of Annihilation asks that enemy whether Tcho-Tcho gains 1
    Doom or it gains 1 Doom less."""
    pid = tcho(state)
    for event in seen:
        if pid is not None and isinstance(event, RitualPerformed) and event.player != pid:
            state = pw.queue_ask(state, Ask(SYCOPHANCY, event.player, (pid,)))
        elif isinstance(event, SpellbookGained) and event.player == pid and pw.holds(state, pid, HIEROPHANTS):
            if event.name == HIEROPHANTS:  # every faction's High Priest first (the option's clause)
                state = _every_faction(state, pid, events)
            # "When you earn a Faction Spellbook (including this one)": Hierophants itself too.
            state = _hierophants(state, pid, events)
    return state if pid is None else _tribe_react(state, pid, seen, events)


def _sycophancy_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return (TT_GAINS, ONE_LESS) if state.player(ask.actor).doom >= 1 else (TT_GAINS,)


def _sycophancy(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    pid = ask.data[0]
    if choice == TT_GAINS:
        events.append(pw.AbilityUsed(pid, SYCOPHANCY, say("{actor}'s ritual: Tcho-Tcho gains 1 Doom", actor=ask.actor)))
        return flow.gain_doom(state, pw.seat_of(state, pid), 1, SYCOPHANCY, events)
    seat = pw.seat_of(state, ask.actor)
    doom = state.players[seat].doom - 1
    events.append(
        pw.AbilityUsed(pid, SYCOPHANCY, say("{actor} gains 1 Doom less from its ritual: {doom}", actor=ask.actor, doom=doom))
    )
    return state.with_player(seat, doom=doom)


ASKS = {SYCOPHANCY: pw.AskRule(_sycophancy_choices, _sycophancy, "Sycophancy: Tcho-Tcho gains 1 Doom, or you 1 Doom less?")}


def _removable(state: GameState, pid: str) -> tuple[int, ...]:
    """The gates Tcho-Tcho may remove for the requirement: its start area's, or any it controls
    on the Primeval and Shaggai maps (factions.md section 14)."""
    mine = tuple(i for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == pid)
    if state.board.is_primeval or state.board.is_shaggai:
        return mine
    return tuple(i for i in mine if i == state.player(pid).start_area)


def remove_gate(state: GameState, cmd: TchoTchoRemoveGate, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.TCHO_TCHO, "Removing the start gate")
    index = bd.area_index(state, cmd.area)
    if index not in _removable(state, cmd.player):
        raise Refusal(Code.NOT_NOW, "Tcho-Tcho removes a gate it controls in its start area, not {area}'s.", area=cmd.area)
    state, changed = bd.set_gate(state, index, None, REMOVE_GATE.lower())
    events += changed
    events.append(pw.AbilityUsed(cmd.player, REMOVE_GATE, say("the gate in {area} is gone", area=cmd.area)))
    return pw.end_action(state, events)


# -- Soulless and Hierophants ----------------------------------------------------------------------

HIEROPHANTS, SOULLESS = "Hierophants", "Soulless"
HIGH_PRIESTS = PRIEST.pool  # its own three (the roster above; high_priests.pool reads the same)


def soulless(state: GameState, pid: str) -> list[Part]:
    """Soulless: Tcho-Tcho's cultists another faction captured give it no Power at Gather Power."""
    tt = tcho(state)
    if tt is None or pid == tt or not state.options.abilities or not pw.holds(state, tt, SOULLESS):
        return []
    taken = state.player(pid).captured.count(tt)
    return [Part(say("Soulless: Tcho-Tcho's cultists give nothing"), -taken)] if taken else []


def _gates(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == pid)


def _hierophants(state: GameState, pid: str, events: pw.Events) -> GameState:
    """A Spellbook earned while Hierophants is held: a High Priest at one of Tcho-Tcho's gates
    (asked when there are several), or 1 Growth when none is left in the pool."""
    if _priests_left(state, pid) <= 0:
        events.append(pw.AbilityUsed(pid, HIEROPHANTS, say("no High Priest left: Growth {growth}", growth=state.growth + 1)))
        return evolve(state, growth=state.growth + 1)
    if _gates(state, pid):
        state = pw.queue_ask(state, Ask(HIEROPHANTS, pid))
    return state


def _hierophant_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _gates(state, ask.actor) if _priests_left(state, ask.actor) > 0 else ()


def _priests_left(state: GameState, pid: str) -> int:
    """Tcho-Tcho's High Priests in its pool (with the High Priests option a captured one is not)."""
    if high_priests.in_use(state):
        return HIGH_PRIESTS - high_priests.out(state, pid)
    return pw.pool_left(state, pid, HIGH_PRIEST, HIGH_PRIESTS)


def _place_hierophant(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    index = bd.area_index(state, choice)
    events.append(pw.AbilityUsed(ask.actor, HIEROPHANTS, say("a High Priest at the gate in {choice}", choice=choice)))
    return pw.place_one(state, index, ask.actor, C, HIGH_PRIEST, HIEROPHANTS, events)


EVERY_FACTION = "Hierophants: every faction"
EVERY_FACTION_ONCE = f"{EVERY_FACTION} {pw.ONCE_PER_GAME}"


def _every_faction(state: GameState, pid: str, events: pw.Events) -> GameState:
    """Hierophants first taken with the High Priests option: every other faction with its High
    Priest in its pool places it at one of its gates, else in an area with its units (asked in
    seating order, before Tcho-Tcho's own placement; the fork's Game.scala)."""
    if not high_priests.in_use(state) or pw.used(state, pid, EVERY_FACTION_ONCE):
        return state
    state = pw.mark_used(state, pid, EVERY_FACTION_ONCE)
    for p in state.players:
        if p.pid != pid and _every_faction_areas(state, p.pid):
            state = pw.queue_ask(state, Ask(EVERY_FACTION, p.pid))
    return state


def _every_faction_areas(state: GameState, pid: str) -> tuple[str, ...]:
    if high_priests.out(state, pid) >= high_priests.pool(state, pid):
        return ()
    return _gates(state, pid) or tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.count(owner=pid))


def _every_faction_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _every_faction_areas(state, ask.actor)


def _place_every_faction(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    events.append(
        pw.AbilityUsed(ask.actor, HIEROPHANTS, say("{actor}'s High Priest placed in {choice}", actor=ask.actor, choice=choice))
    )
    return pw.place_one(state, bd.area_index(state, choice), ask.actor, C, HIGH_PRIEST, HIEROPHANTS, events)


ASKS[EVERY_FACTION] = pw.AskRule(
    _every_faction_choices,
    _place_every_faction,
    "Hierophants: your High Priest goes where (a gate of yours, else beside your units)?",
)
ASKS[HIEROPHANTS] = pw.AskRule(_hierophant_choices, _place_hierophant, "Hierophants: a High Priest goes to which of your gates?")
HANDLERS: dict[type[Command], Callable[..., GameState]] = {TchoTchoRemoveGate: remove_gate}
ROLLS = {BANQUET: banquet_rolled}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is not PromptKind.ACTION:
        return
    if (pid, REMOVE_GATE) not in state.abilities.met:
        yield from (TchoTchoRemoveGate(pid, state.area_name(i)) for i in _removable(state, pid))
    yield from tribe_offers(state, pid)


# == The tribes and their Spellbooks (factions.md section 10; docs/rules-notes.md) ================


TRIBE = "Tribe"
SHARED = (HIEROPHANTS, SOULLESS, "Terror")
TRIBES = {
    "Tsang": ("Idolatry", "Martyrdom", "Tablets of the Gods"),
    "Leng": ("Dark Rituals", "Fulmination", "Surprise!"),
    "Sarkomand": ("Doomsday", "Inerrant", "Otherworld Alliances"),
}
TERROR, REDUCE, BOOST = "Terror", "reduce_enemy", "boost_own"
TABLETS, INERRANT, ALLIANCES = "Tablets of the Gods", "Inerrant", "Otherworld Alliances"
DARK_RITUALS, SURPRISE, IDOLATRY, DOOMSDAY = "Dark Rituals", "Surprise!", "Idolatry", "Doomsday"
FULMINATION, MARTYRDOM = "Fulmination", "Martyrdom"
DOOMSDAY_ONCE = "Doomsday (once per game)"
UBBO_KILLED = "Ubbo-Sathla killed in this battle"  # a mark, until the battle ends
PROTO = "Proto-Shoggoth"
SURPRISE_COST, IDOLATRY_COST, DARK_RITUALS_PRICE = 2, 1, 2
DOOMSDAY_COSTS = (2, 4)  # the independent Great Old Ones Doomsday may take, by card cost


def library(state: GameState) -> tuple[str, ...]:
    """Tcho-Tcho's six Spellbooks: the three shared ones and its tribe's three (all twelve
    until the tribe is chosen, and in a game without the tribe question: Options.tribes)."""
    return (*SHARED, *TRIBES[state.tribe]) if state.tribe in TRIBES else RULES.spellbooks


def _tribe_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return () if state.tribe else tuple(TRIBES)


def _choose_tribe(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """The tribe is kept by the referee; the narration does not name it (it is secret until a
    tribal Spellbook is taken)."""
    events.append(pw.AbilityUsed(ask.actor, TRIBE, say("the tribe is chosen, in secret")))
    return evolve(state, tribe=choice)


ASKS[TRIBE] = pw.AskRule(_tribe_choices, _choose_tribe, "Tcho-Tcho: which tribe (secret): Tsang, Leng or Sarkomand?")


def _tribe_react(state: GameState, pid: str, seen: pw.Events, events: pw.Events) -> GameState:
    """The tribe question at the start; Terror and Otherworld Alliances when a battle is
    declared; Tablets of the Gods and Inerrant on Tcho-Tcho's ritual; Fulmination's question
    once a battle that killed Ubbo-Sathla ends."""
    # Asked only in a game whose set-up says so: a journal from before the tribes never had the
    # question, so its next command is not the answer (Options.tribes; docs/rules-notes.md).
    if state.options.tribes and not state.tribe and all(a.ability != TRIBE for a in state.abilities.asks):
        state = pw.queue_ask(state, Ask(TRIBE, pid))
    if pw.just_declared(state, seen):
        state = _battle_declared(state, pid, events)
    for event in seen:
        if isinstance(event, RitualPerformed) and event.player == pid:
            state = _ritual_signs(state, pid, events)
        elif isinstance(event, UnitsRemoved) and event.owner == pid and event.reason == "killed in battle":
            state = _killed(state, pid, event)
        elif isinstance(event, BattleEnded) and _martyrs(state, pid):
            state = _martyrdom(state, pid, event, events)
        if isinstance(event, BattleEnded) and pw.used(state, pid, UBBO_KILLED):
            used = tuple(u for u in state.abilities.used if u != (pid, UBBO_KILLED))
            state = pw.with_abilities(state, used=used)
            if pw.holds(state, pid, FULMINATION) and (pid, FULMINATED) not in used:
                # After the Watcher's battle, the Watcher is a unit killed when its token reached 0.
                slain = pw.watcher_slain(state) if event.attacker == WATCHER else 0
                state = pw.queue_ask(state, Ask(FULMINATION, pid, (str(_battle_kills(state) + slain),)))
    return state


# -- Martyrdom (after a battle that killed a Tcho-Tcho High Priest) --------------------------------

FALLEN = f"{MARTYRDOM}: killed "  # the mark of one Tcho-Tcho unit killed in the battle under way


def _killed(state: GameState, pid: str, event: UnitsRemoved) -> GameState:
    """Ubbo-Sathla's death is marked for Fulmination; with Martyrdom held, every unit killed is
    marked until the battle ends."""
    if event.name == UBBO:
        state = pw.mark_used(state, pid, UBBO_KILLED)
    if pw.holds(state, pid, MARTYRDOM):
        fallen = ((pid, f"{FALLEN}{event.kind}:{event.name}"),) * event.count
        state = pw.with_abilities(state, used=(*state.abilities.used, *fallen))
    return state


def _martyrs(state: GameState, pid: str) -> list[tuple[str, str]]:
    """The (kind, name) of each Tcho-Tcho unit killed in the battle just ended."""
    marks = (ability.removeprefix(FALLEN) for who, ability in state.abilities.used if who == pid and ability.startswith(FALLEN))
    return [(kind, name) for kind, _, name in (mark.partition(":") for mark in marks)]


def _martyrdom(state: GameState, pid: str, ended: BattleEnded, events: pw.Events) -> GameState:
    """Martyrdom: when a High Priest was among the units killed, the Kills on every other one
    become Pains: each comes back pained and retreats from the battle area (Tcho-Tcho chooses
    where; with nowhere to go it stays eliminated)."""
    fallen = _martyrs(state, pid)
    state = pw.with_abilities(state, used=tuple(u for u in state.abilities.used if not (u[0] == pid and u[1].startswith(FALLEN))))
    if (C.value, HIGH_PRIEST) not in fallen:
        return state
    fallen.remove((C.value, HIGH_PRIEST))
    if fallen:
        events.append(
            pw.AbilityUsed(
                pid,
                MARTYRDOM,
                say("a High Priest fell in {area}: {count} Kills become Pains", area=ended.area, count=len(fallen)),
            )
        )
    enemy = ended.defender if pid == ended.attacker else ended.attacker
    for kind, name in fallen:
        state = pw.queue_ask(state, Ask(MARTYRDOM, pid, (ended.area, enemy, kind, name)))
    return state


def _martyr_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    area, enemy = bd.area_index(state, ask.data[0]), ask.data[1]
    return tuple(
        state.area_name(i)
        for i in sorted(state.board.adjacent[area])
        if ERADICATED not in state.areas[i].markers and not state.areas[i].count(owner=enemy)
    )


def _martyr_retreat(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    kind, name = UnitKind(ask.data[2]), ask.data[3]
    events.append(pw.AbilityUsed(ask.actor, MARTYRDOM, say("a pained {name} retreats to {choice}", name=name, choice=choice)))
    return pw.place_one(state, bd.area_index(state, choice), ask.actor, kind, name, MARTYRDOM, events)


ASKS[MARTYRDOM] = pw.AskRule(_martyr_choices, _martyr_retreat, "Martyrdom: where does your pained unit retreat?")


# -- Terror and Otherworld Alliances (when a battle is declared) ------------------------------------


def _in_battle(state: GameState, pid: str) -> tuple[Units, ...]:
    b = state.battle
    if b is None or pid not in (b.attacker, b.defender):
        return ()
    units = state.areas[b.area].units_of(pid)
    return pw.without(units, b.exempt) if b.exempt else units


def _battle_declared(state: GameState, pid: str, events: pw.Events) -> GameState:
    units = _in_battle(state, pid)
    if pw.holds(state, pid, TERROR) and any(u.name == PROTO for u in units):
        state = pw.queue_ask(state, Ask(TERROR, pid))
    allies = sum(u.count for u in units if _neutral(u))
    if allies and pw.holds(state, pid, ALLIANCES):
        events.append(
            pw.AbilityUsed(pid, ALLIANCES, say("{allies} neutral Monsters and Terrors: +{allies} combat", allies=allies))
        )
        state = _add_bonus(state, pid, allies)
    return state


def _neutral(unit: Units) -> bool:
    """A neutral Monster or a Terror (Tcho-Tcho's own Proto-Shoggoths are neither)."""
    return unit.kind is UnitKind.TERROR or (unit.kind is M and RULES.unit(unit.name) is None)


def _add_bonus(state: GameState, pid: str, dice: int) -> GameState:
    """``dice`` more (or fewer) combat dice for ``pid`` in the battle being declared; the
    battle's dice are counted again (as Absorb's are)."""
    bonus = dict(state.abilities.bonus)
    bonus[pid] = bonus.get(pid, 0) + dice
    return pw.with_abilities(state, bonus=tuple(sorted(bonus.items())), recount=True)


def _terror_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return (REDUCE, BOOST) if any(u.name == PROTO for u in _in_battle(state, ask.actor)) else ()


def _terror(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """Terror: the enemy's combat 1 less per Proto-Shoggoth in the battle (never below 0), or
    Tcho-Tcho's 1 more."""
    pid, b = ask.actor, state.battle
    if b is None:
        return state
    protos = sum(u.count for u in _in_battle(state, pid) if u.name == PROTO)
    if choice == BOOST:
        events.append(pw.AbilityUsed(pid, TERROR, say("{protos} Proto-Shoggoths: +{protos} combat", protos=protos)))
        return _add_bonus(state, pid, protos)
    foe = b.defender if pid == b.attacker else b.attacker
    dice = core().computed_dice(state, b.area, foe, pid, foe == b.attacker) or 0
    cut = min(protos, dice + dict(state.abilities.bonus).get(foe, 0))
    events.append(
        pw.AbilityUsed(pid, TERROR, say("{protos} Proto-Shoggoths: the enemy's combat {cut} less", protos=protos, cut=cut))
    )
    return _add_bonus(state, foe, -max(0, cut))


ASKS[TERROR] = pw.AskRule(_terror_choices, _terror, "Terror: the enemy's combat less, or yours more, by your Proto-Shoggoths?")


def watcher_dice(state: GameState, index: int, pid: str) -> int:
    """Tcho-Tcho's combat dice added in a battle with the Watcher in area ``index``: Otherworld
    Alliances (+1 per neutral Monster or Terror) and Terror, whose only answer there is +1 per
    Proto-Shoggoth (the other, the enemy's combat less, would change the Watcher's: "they may only
    affect your own Units", yuggoth-watcher.txt; docs/rules-notes.md).  0 with the abilities off."""
    if not state.options.abilities:
        return 0
    units = state.areas[index].units_of(pid)
    extra = alliances_dice(state, index, pid)
    return extra + (sum(u.count for u in units if u.name == PROTO) if pw.holds(state, pid, TERROR) else 0)


def alliances_dice(state: GameState, index: int, pid: str) -> int:
    """Otherworld Alliances' dice for ``pid``'s side in area ``index`` (+1 per neutral Monster or
    Terror there; 0 without the book or the abilities): in force from a battle's declaration, so
    counted in its dice as it is declared (battle.IN_FORCE), and in the legal list's battles."""
    if not state.options.abilities or not pw.holds(state, pid, ALLIANCES):
        return 0
    return sum(u.count for u in state.areas[index].units_of(pid) if _neutral(u))


PRE_BATTLE = (TERROR,)


# -- Tablets of the Gods and Inerrant (on Tcho-Tcho's Ritual of Annihilation) ----------------------


def _ritual_signs(state: GameState, pid: str, events: pw.Events) -> GameState:
    """Tablets of the Gods: 1 Elder Sign per gate (anyone's) with a Tcho-Tcho High Priest, then every High
    Priest on the map is eliminated (not optional).  Inerrant: 1 Elder Sign per enemy-controlled
    gate where Tcho-Tcho has a Great Old One."""
    seat = pw.seat_of(state, pid)
    if pw.holds(state, pid, TABLETS):
        # "Each Gate at which you have any High Priests": whoever controls it (the card).
        gates = [i for i, a in enumerate(state.areas) if a.gate is not None and a.count(owner=pid, name=HIGH_PRIEST)]
        events.append(
            pw.AbilityUsed(
                pid,
                TABLETS,
                say("{count} gates with a High Priest: {count} Elder Signs; every High Priest is eliminated", count=len(gates)),
            )
        )
        for _ in gates:
            state = flow.draw_elder_sign(state, seat, TABLETS, events)
        for index, area in enumerate(state.areas):
            priests = area.count(owner=pid, name=HIGH_PRIEST)
            if priests:
                state, removed = bd.remove(state, index, pid, C, HIGH_PRIEST, priests, TABLETS)
                events += removed
    if pw.holds(state, pid, INERRANT):
        held = [
            i
            for i, a in enumerate(state.areas)
            if a.gate is not None
            and a.gate.controller not in (None, pid)
            and a.count(owner=pid, kind=G) + a.count(owner=pid, kind=UnitKind.IGOO)
        ]
        events.append(
            pw.AbilityUsed(pid, INERRANT, say("Great Old Ones at {count} enemy gates: {count} Elder Signs", count=len(held)))
        )
        for _ in held:
            state = flow.draw_elder_sign(state, seat, INERRANT, events)
    return state


# -- Fulmination (after a battle that killed Ubbo-Sathla) -------------------------------------------


def _battle_kills(state: GameState) -> int:
    """The units killed by either side in the battle under way (or just ended)."""
    return sum(n for _, n in state.abilities.tally)


def _fulmination_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return ("use", "skip") if (ask.actor, FULMINATED) not in state.abilities.used else ()


def _fulmination(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """ "use": Ubbo-Sathla leaves the game for good, and Tcho-Tcho draws 1 Elder Sign per unit
    killed in that battle."""
    if choice != "use":
        return state
    kills = int(ask.data[0])
    events.append(pw.AbilityUsed(ask.actor, FULMINATION, say("Ubbo-Sathla leaves the game: {kills} Elder Signs", kills=kills)))
    state = pw.mark_used(state, ask.actor, FULMINATED)
    seat = pw.seat_of(state, ask.actor)
    for _ in range(kills):
        state = flow.draw_elder_sign(state, seat, FULMINATION, events)
    return state


ASKS[FULMINATION] = pw.AskRule(
    _fulmination_choices, _fulmination, "Fulmination: remove Ubbo-Sathla for good, for 1 Elder Sign per unit killed?"
)


# -- Dark Rituals, Surprise!, Idolatry, Doomsday (actions) ------------------------------------------


@COMMANDS.register("dark_rituals")
@dataclass(frozen=True, slots=True)
class DarkRituals(Command):
    """Dark Rituals (Leng; action, 0 Power; then face down until the next Doom Phase): each
    faction with a Tcho-Tcho High Priest in its start area pays Tcho-Tcho 2 Power or 2 Doom,
    its choice (a faction with less than 2 of both is immune)."""

    player: str


@COMMANDS.register("surprise")
@dataclass(frozen=True, slots=True)
class Surprise(Command):
    """Surprise! (Leng; action, 2 Power): ``faction`` eliminates one of its Acolytes (its choice
    of area), replaced by a Proto-Shoggoth from Tcho-Tcho's pool."""

    player: str
    faction: str


@COMMANDS.register("idolatry")
@dataclass(frozen=True, slots=True)
class Idolatry(Command):
    """Idolatry (Tsang; action, 1 Power): Tcho-Tcho's ``units`` in areas adjacent to ``area`` (an
    area with another faction's start glyph) move into it."""

    player: str
    area: str
    units: tuple[UnitRef, ...]


@COMMANDS.register("doomsday")
@dataclass(frozen=True, slots=True)
class Doomsday(Command):
    """Doomsday (Sarkomand; once per game, an action): the independent Great Old One ``name``
    (card cost 2 or 4, its card in the supply) is placed free at the gate Tcho-Tcho controls in
    ``area``; Tcho-Tcho takes its Loyalty Card."""

    player: str
    area: str
    name: str


def _payers(state: GameState, pid: str) -> tuple[str, ...]:
    """The factions Dark Rituals makes pay: a Tcho-Tcho High Priest in their start area, and 2
    Power or 2 Doom to pay with."""
    return tuple(
        p.pid
        for p in state.players
        if p.pid != pid
        and p.start_area >= 0
        and state.areas[p.start_area].count(owner=pid, name=HIGH_PRIEST)
        and (p.power >= DARK_RITUALS_PRICE or p.doom >= DARK_RITUALS_PRICE)
    )


def dark_rituals_problem(state: GameState, pid: str) -> str:
    if not pw.holds(state, pid, DARK_RITUALS):
        return say("Tcho-Tcho does not hold Dark Rituals")
    if pw.used(state, pid, DARK_RITUALS):
        return say("Dark Rituals is face down until the Doom Phase")
    if not _payers(state, pid):
        return say("no faction with 2 Power or 2 Doom has a Tcho-Tcho High Priest in its start area")
    return ""


def dark_rituals(state: GameState, cmd: DarkRituals, events: pw.Events) -> GameState:
    pw.my_turn(state, cmd.player)
    problem = dark_rituals_problem(state, cmd.player)
    if problem:
        raise Refusal(Code.NOT_NOW, "Dark Rituals cannot be used now: {problem}.", problem=problem)
    payers = _payers(state, cmd.player)
    state = pw.mark_used(state, cmd.player, DARK_RITUALS)
    for payer in payers:
        state = pw.queue_ask(state, Ask(DARK_RITUALS, payer, (cmd.player,)))
    events.append(pw.AbilityUsed(cmd.player, DARK_RITUALS, say("{payers} pay 2 Power or 2 Doom", payers=", ".join(payers))))
    return pw.end_action(state, events)


def _dark_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    payer = state.player(ask.actor)
    return tuple(choice for choice, have in (("power", payer.power), ("doom", payer.doom)) if have >= DARK_RITUALS_PRICE)


def _dark_pay(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    payer, tt = pw.seat_of(state, ask.actor), pw.seat_of(state, ask.data[0])
    events.append(
        pw.AbilityUsed(ask.data[0], DARK_RITUALS, say("{actor} pays 2 {choice}", actor=ask.actor, choice=choice.title()))
    )
    if choice == "power":
        state = state.with_player(payer, power=state.players[payer].power - DARK_RITUALS_PRICE)
        return pw.gain_power(state, tt, DARK_RITUALS_PRICE, DARK_RITUALS, events)
    state = state.with_player(payer, doom=state.players[payer].doom - DARK_RITUALS_PRICE)
    return flow.gain_doom(state, tt, DARK_RITUALS_PRICE, DARK_RITUALS, events)


ASKS[DARK_RITUALS] = pw.AskRule(_dark_choices, _dark_pay, "Dark Rituals: pay Tcho-Tcho 2 Power or 2 Doom?")


def _acolyte_areas(state: GameState, pid: str) -> tuple[str, ...]:
    """The areas where Surprise! can take one of ``pid``'s Acolytes: an Acolyte there, or by
    Bubastis' Lunacy an Earth Cat off the Moon ("abilities that affect Cultists can target
    Earth Cats as if they are Acolytes"; docs/rules-notes.md)."""

    return tuple(state.area_name(i) for i in range(len(state.areas)) if lunacy_acolyte(state, i, pid) is not None)


def surprise_problem(state: GameState, pid: str, target: str) -> str:
    if not pw.holds(state, pid, SURPRISE):
        return say("Tcho-Tcho does not hold Surprise!")
    if target == pid or state.seat(target) is None:
        return say("{target} is no enemy faction", target=target)
    if not _acolyte_areas(state, target):
        return say("{target} has no Acolyte on the map", target=target)
    if pw.pool_left(state, pid, PROTO, 6) < 1:
        return say("no Proto-Shoggoth is left in Tcho-Tcho's pool")
    if state.player(pid).power < SURPRISE_COST:
        return say("it costs {surprise_cost} Power", surprise_cost=SURPRISE_COST)
    return ""


def surprise(state: GameState, cmd: Surprise, events: pw.Events) -> GameState:
    seat = pw.my_turn(state, cmd.player)
    problem = surprise_problem(state, cmd.player, cmd.faction)
    if problem:
        raise Refusal(Code.NOT_NOW, "Surprise! cannot be used on {faction}: {problem}.", faction=cmd.faction, problem=problem)
    state = pw.pay(state, seat, SURPRISE_COST, SURPRISE, events)
    state = pw.queue_ask(state, Ask(SURPRISE, cmd.faction, (cmd.player,)))
    events.append(
        pw.AbilityUsed(cmd.player, SURPRISE, say("{faction} eliminates an Acolyte for a Proto-Shoggoth", faction=cmd.faction))
    )
    return pw.end_action(state, events)


def _surprise_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _acolyte_areas(state, ask.actor)


def _surprise(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    """The Acolyte (or by Lunacy the Earth Cat) in the area chosen goes; a Proto-Shoggoth of
    Tcho-Tcho's takes its place."""

    index = bd.area_index(state, choice)
    victim = lunacy_acolyte(state, index, ask.actor)
    assert victim is not None  # the choices are the areas where there is one
    state = pw.remove_one(state, index, victim, SURPRISE, events)
    return pw.place_one(state, index, ask.data[0], M, PROTO, SURPRISE, events)


ASKS[SURPRISE] = pw.AskRule(
    _surprise_choices, _surprise, "Surprise!: which of your Acolytes is eliminated (a Proto-Shoggoth takes its place)?"
)


def glyph_areas(state: GameState, pid: str) -> tuple[int, ...]:
    """The areas with another faction's start glyph: every printed start area (even of a
    faction not in play), and the start areas the other factions chose."""
    printed = {i for i, a in enumerate(state.board.areas) if a.start}
    chosen = {p.start_area for p in state.players if p.pid != pid and p.start_area >= 0}
    return tuple(sorted((printed | chosen) - {i for i, a in enumerate(state.areas) if ERADICATED in a.markers}))


def idolatry(state: GameState, cmd: Idolatry, events: pw.Events) -> GameState:

    seat = pw.my_turn(state, cmd.player)
    pw.need_book(state, cmd.player, IDOLATRY)
    to = bd.area_index(state, cmd.area)
    if to not in glyph_areas(state, cmd.player):
        raise Refusal(
            Code.NOT_NOW, "Idolatry moves units into an area with another faction's start glyph, not {area}.", area=cmd.area
        )
    if not cmd.units:
        raise Refusal(Code.BAD_VALUE, "Idolatry names the units it moves.")
    state = pw.pay(state, seat, IDOLATRY_COST, IDOLATRY, events)
    for ref in cmd.units:
        source = bd.area_index(state, ref.area)
        name = bd.unit_name(ref.kind, ref.name)
        if source not in state.board.adjacent[to]:
            raise Refusal(
                Code.NOT_ADJACENT,
                "Idolatry moves units from areas next to {area}; {area2} is not.",
                area=cmd.area,
                area2=ref.area,
            )
        if name in UNMOVABLE:
            raise Refusal(Code.NOT_NOW, "{name} never moves ({unmovable}).", name=name, unmovable=UNMOVABLE[name])
        state, moved = bd.move(state, source, to, cmd.player, ref.kind, name, ref.count)
        events += moved
    events.append(
        pw.AbilityUsed(
            cmd.player, IDOLATRY, say("{value} units into {area}", value=sum(r.count for r in cmd.units), area=cmd.area)
        )
    )
    return pw.end_action(state, events)


def _idolatry_units(state: GameState, pid: str, to: int) -> tuple[UnitRef, ...]:

    return tuple(
        UnitRef(state.area_name(i), u.kind, u.name, u.count)
        for i in sorted(state.board.adjacent[to])
        for u in state.areas[i].units_of(pid)
        if u.name not in UNMOVABLE
    )


def doomsday_problem(state: GameState, pid: str, index: int, name: str) -> str:

    if not pw.holds(state, pid, DOOMSDAY):
        return say("Tcho-Tcho does not hold Doomsday")
    if (pid, DOOMSDAY_ONCE) in state.abilities.used:
        return say("Doomsday is used once")
    gate = state.areas[index].gate
    if gate is None or gate.controller != pid:
        return say("it needs a gate Tcho-Tcho controls in {area}", area=state.area_name(index))
    if name not in state.options.independents or IGOO_COSTS.get(name) not in DOOMSDAY_COSTS:
        return say("{name} is no independent Great Old One of this game costing exactly 2 or 4", name=name)
    if holder(state, name):
        return say("{name}'s card is held by {holder}", name=name, holder=holder(state, name))
    return ""


def doomsday(state: GameState, cmd: Doomsday, events: pw.Events) -> GameState:

    seat = pw.my_turn(state, cmd.player)
    index = bd.area_index(state, cmd.area)
    problem = doomsday_problem(state, cmd.player, index, cmd.name)
    if problem:
        raise Refusal(
            Code.NOT_NOW, "Doomsday cannot place {name} in {area}: {problem}.", name=cmd.name, area=cmd.area, problem=problem
        )
    state, placed = bd.place(state, index, cmd.player, UnitKind.IGOO, cmd.name, NEUTRAL_UNITS[cmd.name].pool, "awakened")
    events += placed
    events.append(LoyaltyCardChanged(cmd.name, cmd.player, DOOMSDAY))
    state = evolve(state, loyalty=(*(e for e in state.loyalty if e[0] != cmd.name), (cmd.name, cmd.player)))
    if cmd.name not in state.players[seat].awakened:
        state = state.with_player(seat, awakened=(*state.players[seat].awakened, cmd.name))
    events.append(
        pw.AbilityUsed(
            cmd.player,
            DOOMSDAY,
            say("{name} placed free in {area}; Doomsday is face down for good", name=cmd.name, area=cmd.area),
        )
    )
    return pw.end_action(pw.mark_used(state, cmd.player, DOOMSDAY_ONCE), events)


HANDLERS.update({DarkRituals: dark_rituals, Surprise: surprise, Idolatry: idolatry, Doomsday: doomsday})


def tribe_offers(state: GameState, pid: str) -> Iterator[Command]:
    """The tribal actions legal for Tcho-Tcho now (Idolatry moves every unit it can)."""

    if not dark_rituals_problem(state, pid):
        yield DarkRituals(pid)
    for p in state.players:
        if not surprise_problem(state, pid, p.pid):
            yield Surprise(pid, p.pid)
    if pw.holds(state, pid, IDOLATRY) and state.player(pid).power >= IDOLATRY_COST:
        for to in glyph_areas(state, pid):
            units = _idolatry_units(state, pid, to)
            if units:
                yield Idolatry(pid, state.area_name(to), units)
    for index, area in enumerate(state.areas):
        if area.gate is not None and area.gate.controller == pid:
            for name in IGOO_COSTS:
                if not doomsday_problem(state, pid, index, name):
                    yield Doomsday(pid, state.area_name(index), name)


PLUGIN = FactionPlugin(
    rules=RULES,
    requirements=REQUIREMENTS,
    asks=ASKS,
    handlers=HANDLERS,
    offers=offers,
    pre_battle=frozenset(PRE_BATTLE),
    reaction=react,
    rolls=ROLLS,
    library=library,
    power=soulless,
    core_handlers={AwakenInDoomPhase: awaken_in_doom_phase},
    after_command=after_command,
    in_force=alliances_dice,
    doom_offers=doom_offers,
    watcher_dice=watcher_dice,
)
