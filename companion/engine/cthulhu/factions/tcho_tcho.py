"""Tcho-Tcho (factions.md section 10, from the gjremus fork and the wiki): roster, costs,
Ubbo-Sathla's awakening (in the Action Phase, for 6) and his combat, the Growth counter
(``GameState.growth``, 0 at set-up).

Hell's Banquet (:func:`after_command`): from the Doom Phase after Ubbo-Sathla's first awakening,
every Doom Phase Tcho-Tcho rolls one die and adds it to Growth (a roll prompt, purpose
``hells_banquet``, that interrupts the prompt under way and gives it back).  With the abilities
option: Sycophancy, Soulless, Hierophants and the six Spellbook requirements (the part below).  Ubbo-Sathla is also awakened
in the Doom Phase for 0 (:class:`AwakenInDoomPhase`).  Not yet modelled: the tribes and their
Spellbooks' effects.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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
from companion.engine.cthulhu.model import Faction, GameState, Phase, Prompt, PromptKind, UnitKind

HIGH_PRIEST = "High Priest"


def ubbo_needs(state: GameState, pid: str) -> str:
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
        UnitType(HIGH_PRIEST, C, 3, 3, 0),
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

from companion.engine.core import COMMANDS, Code, Command, Refusal  # noqa: E402
from companion.engine.cthulhu import board as bd  # noqa: E402
from companion.engine.cthulhu import flow  # noqa: E402
from companion.engine.cthulhu.commands import UnitRef  # noqa: E402
from companion.engine.cthulhu.events import (  # noqa: E402
    ElderSignDrawn,
    HitTaken,
    Part,
    PhaseStarted,
    RitualPerformed,
    SpellbookGained,
    UnitsPlaced,
)
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import Ask  # noqa: E402
from companion.engine.values import evolve  # noqa: E402

UBBO = "Ubbo-Sathla"
BANQUET = "hells_banquet"


def tcho(state: GameState) -> str | None:
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
            roll = Prompt(PromptKind.ROLL, pid, "Tcho-Tcho: roll 1 die for Hell's Banquet (Growth).", (), 1, purpose=BANQUET)
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
        return "only Tcho-Tcho awakens Ubbo-Sathla"
    if state.phase is not Phase.DOOM or state.prompt.kind is not PromptKind.RITUAL or state.prompt.actor != pid:
        return "in the Doom Phase, on Tcho-Tcho's ritual turn"
    if any(a.count(owner=pid, name=UBBO) for a in state.areas):
        return "Ubbo-Sathla is in play"
    return ubbo_needs(state, pid) or controls_gate_here(state, pid, index)


def awaken_in_doom_phase(state: GameState, cmd: AwakenInDoomPhase, events: pw.Events) -> GameState:
    index = bd.area_index(state, cmd.area)
    problem = doom_awaken_problem(state, cmd.player, index)
    if problem:
        raise Refusal(Code.NOT_NOW, f"Ubbo-Sathla cannot be awakened in {cmd.area} now: {problem}.")
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
    events.append(pw.AbilityUsed(pid, "Hell's Banquet", f"rolled {sum(values)}: Growth {growth}"))
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
    pw.Requirement("Another player performs a Ritual or has 15 Doom", _ritual_by_other),
    pw.Requirement("Earn an Elder Sign", _sign_earned),
    pw.Requirement("Own 3 Elder Signs", _three_signs),
    pw.Requirement(REMOVE_GATE, _gate_removed),
    pw.Requirement("A Great Old One is killed in battle", _goo_killed),
    pw.Requirement("Awaken Ubbo-Sathla", _ubbo_awakened),
)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Sycophancy: an enemy's Ritual of Annihilation asks that enemy whether Tcho-Tcho gains 1
    Doom or it gains 1 Doom less."""
    pid = tcho(state)
    for event in seen:
        if pid is not None and isinstance(event, RitualPerformed) and event.player != pid:
            state = pw.queue_ask(state, Ask(SYCOPHANCY, event.player, (pid,)))
        elif isinstance(event, SpellbookGained) and event.player == pid and event.name != HIEROPHANTS:
            state = _hierophants(state, event.player, events) if pw.holds(state, event.player, HIEROPHANTS) else state
    return state


def _sycophancy_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return (TT_GAINS, ONE_LESS) if state.player(ask.actor).doom >= 1 else (TT_GAINS,)


def _sycophancy(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    pid = ask.data[0]
    if choice == TT_GAINS:
        events.append(pw.AbilityUsed(pid, SYCOPHANCY, f"{ask.actor}'s ritual: Tcho-Tcho gains 1 Doom"))
        return flow.gain_doom(state, pw.seat_of(state, pid), 1, SYCOPHANCY, events)
    seat = pw.seat_of(state, ask.actor)
    doom = state.players[seat].doom - 1
    events.append(pw.AbilityUsed(pid, SYCOPHANCY, f"{ask.actor} gains 1 Doom less from its ritual: {doom}"))
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
        raise Refusal(Code.NOT_NOW, f"Tcho-Tcho removes a gate it controls in its start area, not {cmd.area}'s.")
    state, changed = bd.set_gate(state, index, None, REMOVE_GATE.lower())
    events += changed
    events.append(pw.AbilityUsed(cmd.player, REMOVE_GATE, f"the gate in {cmd.area} is gone"))
    return pw.end_action(state, events)


# -- Soulless and Hierophants ----------------------------------------------------------------------

HIEROPHANTS, SOULLESS = "Hierophants", "Soulless"
HIGH_PRIESTS = 3


def soulless(state: GameState, pid: str) -> list[Part]:
    """Soulless: Tcho-Tcho's cultists another faction captured give it no Power at Gather Power."""
    tt = tcho(state)
    if tt is None or pid == tt or not state.options.abilities or not pw.holds(state, tt, SOULLESS):
        return []
    taken = state.player(pid).captured.count(tt)
    return [Part("Soulless: Tcho-Tcho's cultists give nothing", -taken)] if taken else []


flow.POWER_HOOKS.append(soulless)


def _gates(state: GameState, pid: str) -> tuple[str, ...]:
    return tuple(state.area_name(i) for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == pid)


def _hierophants(state: GameState, pid: str, events: pw.Events) -> GameState:
    """A Spellbook earned while Hierophants is held: a High Priest at one of Tcho-Tcho's gates
    (asked when there are several), or 1 Growth when none is left in the pool."""
    if pw.pool_left(state, pid, HIGH_PRIEST, HIGH_PRIESTS) <= 0:
        events.append(pw.AbilityUsed(pid, HIEROPHANTS, f"no High Priest left: Growth {state.growth + 1}"))
        return evolve(state, growth=state.growth + 1)
    if _gates(state, pid):
        state = pw.queue_ask(state, Ask(HIEROPHANTS, pid))
    return state


def _hierophant_choices(state: GameState, ask: Ask) -> tuple[str, ...]:
    return _gates(state, ask.actor) if pw.pool_left(state, ask.actor, HIGH_PRIEST, HIGH_PRIESTS) > 0 else ()


def _place_hierophant(state: GameState, ask: Ask, choice: str, events: pw.Events) -> GameState:
    index = bd.area_index(state, choice)
    events.append(pw.AbilityUsed(ask.actor, HIEROPHANTS, f"a High Priest at the gate in {choice}"))
    return pw.place_one(state, index, ask.actor, C, HIGH_PRIEST, HIEROPHANTS, events)


ASKS[HIEROPHANTS] = pw.AskRule(_hierophant_choices, _place_hierophant, "Hierophants: a High Priest goes to which of your gates?")
HANDLERS = {TchoTchoRemoveGate: remove_gate}
ROLLS = {BANQUET: banquet_rolled}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.ACTION and (pid, REMOVE_GATE) not in state.abilities.met:
        yield from (TchoTchoRemoveGate(pid, state.area_name(i)) for i in _removable(state, pid))
