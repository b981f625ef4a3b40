"""Cthulhu Wars events: small, stable facts the journal stores and the listeners follow.

The screen, the LEDs, the buzzer and the log react to these; their ``type`` names and fields
are documented in ``docs/commands.md`` and must stay stable.  Areas are named, not numbered,
so a log line reads on its own.
"""

from __future__ import annotations

from companion.engine.core import EVENTS, Event
from companion.engine.values import dataclass

BY_HAND = "correction"  # the reason the board's events carry when a correction caused them


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a computed sum, e.g. ("controlled gates", 4)."""

    label: str
    amount: int


@EVENTS.register("game_started")
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    board: str
    players: tuple[str, ...]
    seed: int


@EVENTS.register("start_chosen")
@dataclass(frozen=True, slots=True)
class StartChosen(Event):
    player: str
    area: str


@EVENTS.register("direction_chosen")
@dataclass(frozen=True, slots=True)
class DirectionChosen(Event):
    player: str
    direction: str


@EVENTS.register("phase_started")
@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    round: int
    phase: str


@EVENTS.register("power_gathered")
@dataclass(frozen=True, slots=True)
class PowerGathered(Event):
    player: str
    total: int
    parts: tuple[Part, ...]


@EVENTS.register("first_player_chosen")
@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    player: str
    tied: tuple[str, ...] = ()


@EVENTS.register("doom_gained")
@dataclass(frozen=True, slots=True)
class DoomGained(Event):
    player: str
    amount: int
    reason: str
    total: int


@EVENTS.register("ritual_performed")
@dataclass(frozen=True, slots=True)
class RitualPerformed(Event):
    player: str
    cost: int
    doom: int
    elder_signs: int
    instant_death: bool


@EVENTS.register("ritual_skipped")
@dataclass(frozen=True, slots=True)
class RitualSkipped(Event):
    player: str


@EVENTS.register("elder_sign_drawn")
@dataclass(frozen=True, slots=True)
class ElderSignDrawn(Event):
    """A hidden Elder Sign: its value is never in the event (the state keeps it hidden)."""

    player: str
    reason: str


@EVENTS.register("elder_sign_revealed")
@dataclass(frozen=True, slots=True)
class ElderSignRevealed(Event):
    player: str
    value: int
    doom: int


@EVENTS.register("power_spent")
@dataclass(frozen=True, slots=True)
class PowerSpent(Event):
    player: str
    amount: int
    action: str
    left: int


@EVENTS.register("units_placed")
@dataclass(frozen=True, slots=True)
class UnitsPlaced(Event):
    owner: str
    area: str
    kind: str
    name: str
    count: int
    reason: str


@EVENTS.register("units_removed")
@dataclass(frozen=True, slots=True)
class UnitsRemoved(Event):
    owner: str
    area: str
    kind: str
    name: str
    count: int
    reason: str


@EVENTS.register("units_moved")
@dataclass(frozen=True, slots=True)
class UnitsMoved(Event):
    owner: str
    source: str
    to: str
    kind: str
    name: str
    count: int


@EVENTS.register("gate_changed")
@dataclass(frozen=True, slots=True)
class GateChanged(Event):
    """``state`` is "none", "abandoned" or the controller's id; ``reason`` says why."""

    area: str
    state: str
    reason: str


@EVENTS.register("spellbook_gained")
@dataclass(frozen=True, slots=True)
class SpellbookGained(Event):
    player: str
    name: str
    total: int


@EVENTS.register("captured")
@dataclass(frozen=True, slots=True)
class Captured(Event):
    player: str
    victim: str
    area: str


@EVENTS.register("turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: str
    power: int


@EVENTS.register("passed")
@dataclass(frozen=True, slots=True)
class Passed(Event):
    player: str


@EVENTS.register("battle_declared")
@dataclass(frozen=True, slots=True)
class BattleDeclared(Event):
    attacker: str
    defender: str
    area: str


@EVENTS.register("dice_rolled")
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    purpose: str
    player: str
    values: tuple[int, ...]
    die: str
    source: str


@EVENTS.register("battle_rolled")
@dataclass(frozen=True, slots=True)
class BattleRolled(Event):
    """Kills (6) and Pains (4-5) each side rolled; the table assigns them."""

    area: str
    attacker: str
    defender: str
    attacker_kills: int
    attacker_pains: int
    defender_kills: int
    defender_pains: int


@EVENTS.register("marker_changed")
@dataclass(frozen=True, slots=True)
class MarkerChanged(Event):
    area: str
    marker: str
    placed: bool
    reason: str


@EVENTS.register("corrected")
@dataclass(frozen=True, slots=True)
class Corrected(Event):
    player: str
    counter: str
    old: int
    new: int


@EVENTS.register("end_triggered")
@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    """The game will end: ``reason`` is "doom" (30 reached) or "instant_death"; ``when`` says when."""

    reason: str
    when: str


@EVENTS.register("game_ended")
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    reason: str
    winners: tuple[str, ...]
    standings: tuple[Part, ...]


# -- a battle resolved whole (companion/engine/cthulhu/battle.py) -------------------------------


@EVENTS.register("combat_computed")
@dataclass(frozen=True, slots=True)
class CombatComputed(Event):
    """One side's combat dice for a battle: ``parts`` per unit type, or the count the table
    gave (``given``: an override for an effect the referee does not model)."""

    player: str
    area: str
    dice: int
    parts: tuple[Part, ...] = ()
    given: bool = False


@EVENTS.register("hit_taken")
@dataclass(frozen=True, slots=True)
class HitTaken(Event):
    """A Kill or a Pain (``hit``: "kill" or "pain") landed on one of ``player``'s units."""

    player: str
    area: str
    kind: str
    unit: str
    hit: str


@EVENTS.register("battle_ended")
@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """A battle resolved whole is over: Kills and Pains taken, pained units retreated."""

    area: str
    attacker: str
    defender: str


@EVENTS.register("independent_spellbook_changed")
@dataclass(frozen=True, slots=True)
class IndependentSpellbookChanged(Event):
    """By a correction (``set_loyalty``): ``book``, the independent ``igoo``'s Spellbook, is now
    held by ``holder`` ("" by nobody: it went back with its card, or was never earned)."""

    book: str
    igoo: str
    holder: str
    reason: str
