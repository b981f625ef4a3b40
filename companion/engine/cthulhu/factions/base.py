"""The shape of a faction's rules: its roster, its Great Old Ones' awakenings, its combat, and the
battle hooks a faction's unique abilities fill (in its plugin, contract.py).

A faction module (``great_cthulhu.py`` ...) builds one :class:`FactionRules` from data and small
functions; :mod:`companion.engine.cthulhu.factions` collects them by :class:`Faction`.  Facts are
from ../shared/data/factions.md (section per faction); readings are in docs/rules-notes.md.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.core import Code, Event, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.model import (
    NEUTRAL,
    Faction,
    GameState,
    UnitKind,
    Units,
    spellbook_count,
)
from companion.engine.says import say
from companion.engine.values import dataclass

Events = list[Event]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle as the combat formulas see it: ``pid``'s ``units`` in area ``area``,
    fighting ``enemy`` (a player id or :data:`NEUTRAL`); ``attacking`` when ``pid`` declared it."""

    state: GameState
    area: int
    pid: str
    enemy: str
    units: tuple[Units, ...]
    attacking: bool = False

    def count(self, name: str) -> int:
        """How many units called ``name`` this side has in the battle."""
        return sum(u.count for u in self.units if u.name == name)

    @property
    def enemy_spellbooks(self) -> int:
        """The opponent's Spellbooks (0 for neutral units and the Watcher: they have none)."""
        seat = self.state.seat(self.enemy)
        return 0 if seat is None else spellbook_count(self.state.players[seat])

    @property
    def enemy_power(self) -> int:
        seat = self.state.seat(self.enemy)
        return 0 if seat is None else self.state.players[seat].power

    @property
    def enemy_doom(self) -> int:
        seat = self.state.seat(self.enemy)
        return 0 if seat is None else self.state.players[seat].doom


# The combat dice a whole stack of one unit type gives: (side, how many of them) -> dice.
Formula = Callable[[Side, int], int]


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit of a faction's roster.

    ``pool``: how many the box holds; ``cost``: the printed summon (or first awaken) cost;
    ``combat``: dice per unit, or a :data:`Formula` for the whole stack (None: the referee does
    not know it, so a battle with this unit needs the dice given)."""

    name: str
    kind: UnitKind
    pool: int
    cost: int = 0
    combat: int | Formula | None = 0

    def dice(self, side: Side, count: int) -> int | None:
        """The combat dice ``count`` of these units give ``side`` (None when unknown)."""
        if self.combat is None:
            return None
        if isinstance(self.combat, int):
            return self.combat * count
        return self.combat(side, count)


# "" when met, else the reason (a sentence) it is not.
AreaCheck = Callable[[GameState, str, int], str]
StateCheck = Callable[[GameState, str], str]
CostRule = Callable[[GameState, str], int]
# What awakening does besides placing the Great Old One: (state, player, area, sacrificed units,
# events) -> state.  It may refuse (a Refusal) when the sacrifice named is not legal.
AwakenEffect = Callable[[GameState, str, int, tuple[tuple[int, UnitKind, str, int], ...], Events], GameState]


def no_check(state: GameState, pid: str, *_: int) -> str:
    return ""


@dataclass(frozen=True, slots=True)
class Awakening:
    """How one Great Old One is awakened (factions.md, "Awaken ..." of each faction).

    ``where``: the area restriction (the Cosmic Power may bypass it on Shaggai);
    ``needs``: every other requirement (never bypassed); ``cost``: the Power it costs now;
    ``effect``: what else happens (cultists eliminated, a Spawn replaced, a gate destroyed)."""

    name: str
    cost: CostRule
    where: AreaCheck = no_check
    needs: StateCheck = no_check
    effect: AwakenEffect | None = None


# -- the battle's hooks for the unique abilities ------------------------------------------------
#
# Each is optional; the battle calls them at the step factions.md section 11 names.  The hooks of
# the abilities the option `abilities` plays read ``state.options.abilities`` themselves
# (Vengeance, applied by the battle before the option, does not).  The pre- and post-battle
# abilities are reactions to BattleDeclared and BattleEnded (contract.FactionPlugin.reaction),
# Gather Power's extras the plugin's ``gather_power``.

# Who assigns the Kills and Pains ``pid``'s dice inflict on its enemy (Vengeance: Yellow Sign
# itself while Hastur fights); None leaves it to the units' owner.
Assigner = Callable[[Side], str | None]
# A Kill or Pain about to land on one of this faction's units (Emissary of the Outer Gods,
# Eternal): (side, unit name, "kill" or "pain") -> the result that lands instead ("kill",
# "pain" or "" for none).  Also asked with "nowhere" for a pained unit with nowhere to retreat:
# "" keeps it where it is (Emissary), anything else eliminates it as usual.
OnHit = Callable[[Side, str, str], str]
# The names of this side's units that each take up to two results (Regenerate's Starspawn).
Double = Callable[[Side], tuple[str, ...]]
# Whether ``pid`` chooses where every pained unit of a battle retreats (Madness), any battle.
Retreater = Callable[[GameState, str], bool]
# The name of ``pid``'s units that may join any battle after its Kills, each adding a Pain to
# both sides without being in it (Necrophagy's Ghouls), or "".
AfterKills = Callable[[GameState, str], str]


@dataclass(frozen=True, slots=True)
class Hooks:
    """The places the unique abilities plug into a battle (see the aliases above)."""

    assigner: Assigner | None = None
    on_hit: OnHit | None = None
    double: Double | None = None
    retreater: Retreater | None = None
    after_kills: AfterKills | None = None


@dataclass(frozen=True, slots=True)
class FactionRules:
    """One faction: its units (with the Great Old Ones), how each Great Old One is awakened, what
    a summon costs now, its Spellbooks' names, and its automatic Kills."""

    faction: Faction
    units: tuple[UnitType, ...]
    spellbooks: tuple[str, ...]
    awakenings: tuple[Awakening, ...] = ()
    # The summon cost now, where a Spellbook or the pool changes the printed one; None: printed.
    summon_cost: Callable[[GameState, str, UnitType], int] | None = None
    # Kills a side scores without dice, each also cancelling one of the enemy's (Bastet); None: 0.
    automatic_kills: Callable[[Side], int] | None = None

    def unit(self, name: str) -> UnitType | None:
        return next((u for u in self.units if u.name == name), None)

    def awakening(self, name: str) -> Awakening | None:
        return next((a for a in self.awakenings if a.name == name), None)

    def cost_of(self, state: GameState, pid: str, unit: UnitType) -> int:
        return unit.cost if self.summon_cost is None else self.summon_cost(state, pid, unit)


# -- small helpers the faction modules share --------------------------------------------------


C, M, T, G = UnitKind.CULTIST, UnitKind.MONSTER, UnitKind.TERROR, UnitKind.GOO
ACOLYTE = UnitType("Acolyte", C, 6, 1, 0)


def has_book(state: GameState, pid: str, book: str) -> bool:
    seat = state.seat(pid)
    return seat is not None and book in state.players[seat].spellbooks


def on_map(state: GameState, pid: str, name: str) -> int:
    """How many of ``pid``'s units called ``name`` are on the map."""
    return sum(a.count(owner=pid, name=name) for a in state.areas)


def in_play(state: GameState, pid: str, name: str) -> bool:
    return on_map(state, pid, name) > 0


def awakened_before(state: GameState, pid: str, name: str) -> bool:
    seat = state.seat(pid)
    return seat is not None and name in state.players[seat].awakened


def fixed(cost: int) -> CostRule:
    return lambda state, pid: cost


def controls_gate_here(state: GameState, pid: str, index: int) -> str:
    gate = state.areas[index].gate
    if gate is None or gate.controller != pid:
        return say("it needs a gate {pid} controls in {area}", pid=pid, area=state.area_name(index))
    return ""


def sacrifice(
    state: GameState,
    pid: str,
    chosen: tuple[tuple[int, UnitKind, str, int], ...],
    count: int,
    kinds: tuple[str, ...],
    what: str,
    events: Events,
) -> GameState:
    """Eliminate ``count`` of ``pid``'s units whose names are in ``kinds`` for an awakening.
    ``chosen``: (area, kind, name, count) the player named; when nothing is named and all the
    candidates stand in one stack, that stack pays.

    :raises Refusal: SACRIFICE_REQUIRED when a choice is needed and none was named, NO_SUCH_UNITS
        when too few candidates exist or the named units are not candidates.
    """
    stacks = [(i, u) for i, a in enumerate(state.areas) for u in a.units_of(pid) if u.name in kinds]
    if sum(u.count for _, u in stacks) < count:
        raise Refusal(Code.NO_SUCH_UNITS, "Awakening needs {count} {what} of {pid} in play.", count=count, what=what, pid=pid)
    if not chosen:
        if len(stacks) != 1:
            raise Refusal(
                Code.SACRIFICE_REQUIRED,
                "Name the {count} {what} eliminated for the awakening in sacrifice.",
                count=count,
                what=what,
            )
        index, unit = stacks[0]
        chosen = ((index, unit.kind, unit.name, count),)
    if sum(n for *_, n in chosen) != count or any(name not in kinds for _, _, name, _ in chosen):
        raise Refusal(Code.NO_SUCH_UNITS, "The awakening eliminates exactly {count} {what}.", count=count, what=what)
    for index, kind, name, n in chosen:
        state, removed = bd.remove(state, index, pid, kind, name, n, say("eliminated for an awakening"))
        events += removed
    return state


def owner_label(pid: str) -> str:
    return "neutral units" if pid == NEUTRAL else pid
