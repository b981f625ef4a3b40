"""Cthulhu Wars commands: everything the table, the screen, the buttons or the tower can ask.

Each command is a frozen dataclass registered under its ``type`` name; ``docs/commands.md`` has
an example of each.  ``player`` is always the player id of the seat that acts (the faction's
name, e.g. ``"great_cthulhu"``).  Costs default to the core rules and may be given explicitly
where a faction's ability changes them; the referee checks the player can pay.
"""

from __future__ import annotations

from dataclasses import field

from companion.engine.codec import RECORD_ONLY
from companion.engine.core import COMMANDS, Command
from companion.engine.cthulhu.model import Faction, Options, Phase, UnitKind
from companion.engine.mapdef import MapDef
from companion.engine.says import sentence
from companion.engine.values import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at set-up: the faction, and a name (required for ``other``)."""

    faction: Faction
    name: str = ""


@dataclass(frozen=True, slots=True)
class UnitRef:
    """Units of the acting player in ``area`` (by area name), of one kind and name."""

    area: str
    kind: UnitKind
    name: str = ""
    count: int = 1


@dataclass(frozen=True, slots=True)
class Join:
    """Join a game in progress at the start of ``phase`` (gather_power, first_player, doom or
    action) of ``round``: the board starts empty and the table enters it by corrections."""

    round: int
    phase: Phase


@COMMANDS.register("new_game")
@dataclass(frozen=True, slots=True)
class NewGame(Command):
    """Start a game: the board (the whole map, so the journal stands alone), seats in order.
    With ``join``, skip set-up: an empty board at a named round and phase (see Join)."""

    board: MapDef
    seats: tuple[Seat, ...]
    seed: int = 0
    options: Options = Options()
    join: Join | None = None


@COMMANDS.register("choose_start")
@dataclass(frozen=True, slots=True)
class ChooseStart(Command):
    player: str
    area: str


@COMMANDS.register("choose_direction")
@dataclass(frozen=True, slots=True)
class ChooseDirection(Command):
    player: str
    direction: str  # "clockwise" or "counterclockwise"


@COMMANDS.register("choose_first_player")
@dataclass(frozen=True, slots=True)
class ChooseFirstPlayer(Command):
    player: str
    first: str


@COMMANDS.register("ritual")
@dataclass(frozen=True, slots=True)
class Ritual(Command):
    """Perform the Ritual of Annihilation in the Doom Phase."""

    player: str


@COMMANDS.register("skip_ritual")
@dataclass(frozen=True, slots=True)
class SkipRitual(Command):
    player: str


@COMMANDS.register("roll")
@dataclass(frozen=True, slots=True)
class Roll(Command):
    """Dice for the pending roll; ``values`` omitted asks the seeded generator."""

    values: tuple[int, ...] | None = None
    source: str = "screen"  # tower, button, screen, generator
    # The input's own id (a tower roll's "tower:<boot>:<sequence>"), kept in the journal so a
    # repeat is known after a restart; the rules never read it.
    ref: str = field(default="", metadata=RECORD_ONLY)


@COMMANDS.register("recruit")
@dataclass(frozen=True, slots=True)
class Recruit(Command):
    """A cultist where ``player`` has a unit (anywhere with none on the map): an Acolyte, or with
    the High Priests option ``unit`` "High Priest" (``cost`` 3, factions/high_priests.py)."""

    player: str
    area: str
    cost: int = 1
    unit: str = ""  # "" is the Acolyte (journals written before the option)


@COMMANDS.register("summon")
@dataclass(frozen=True, slots=True)
class Summon(Command):
    """Summon a monster or terror at a gate the player controls.  ``cost`` omitted: the referee
    computes it from the faction's roster (and checks the pool); given: the table's override
    for an effect the referee does not model (the form stored journals carry)."""

    player: str
    area: str
    name: str
    cost: int | None = None
    kind: UnitKind = UnitKind.MONSTER
    cosmic: bool = False  # Shaggai: pay 2 more to ignore the area restriction (a gate in a Worm's area)


@COMMANDS.register("awaken")
@dataclass(frozen=True, slots=True)
class Awaken(Command):
    """Awaken a Great Old One.  ``cost`` omitted: the referee checks the requirements (where,
    what must be there) and computes the cost from the faction's rules; given: the table's
    override for an effect the referee does not model, checked only as before (the form stored
    journals carry).  ``sacrifice``: the units an awakening eliminates (Shub-Niggurath's two
    cultists, Ubbo-Sathla's High Priest) when there is a choice."""

    player: str
    area: str
    name: str
    cost: int | None = None
    kind: UnitKind = UnitKind.GOO
    cosmic: bool = False  # Shaggai: pay 2 more to ignore the area restriction (a gate in a Worm's area)
    sacrifice: tuple[UnitRef, ...] = ()


@COMMANDS.register("build_gate")
@dataclass(frozen=True, slots=True)
class BuildGate(Command):
    player: str
    area: str
    cost: int = 3


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """Units of the acting player going from ``area`` to ``to`` (by area names), of one kind
    and name: one part of a Move."""

    area: str
    to: str
    kind: UnitKind
    name: str = ""
    count: int = 1


@COMMANDS.register("move")
@dataclass(frozen=True, slots=True)
class Move(Command):
    """One Move action: any number of units, from any areas, each group into an area adjacent
    to its own (or across eradicated areas on Shaggai); cost 1 Power per unit unless given.

    ``groups`` says what goes where; ``acolyte_to`` moves the Astral Acolyte too (its controller
    only; 1 Power more).  The first form, kept so stored journals still replay, is ``to`` with
    ``units`` (every unit into ``to``) and ``acolyte`` (the Acolyte into ``to``); a command uses
    one form or the other.
    """

    player: str
    to: str = ""
    units: tuple[UnitRef, ...] = ()
    cost: int | None = None
    sacrifice: UnitRef | None = None  # Shaggai: the one unit lost crossing eradicated areas
    acolyte: bool = False
    groups: tuple[MoveGroup, ...] = ()
    acolyte_to: str = ""

    def legs(self) -> tuple[tuple[MoveGroup, ...], str]:
        """The Move in the groups form: (groups, the Acolyte's destination or "").

        :raises ValueError: when both forms are mixed, or ``acolyte`` is given without ``to``.
        """
        legacy = bool(self.to or self.units or self.acolyte)
        if legacy and (self.groups or self.acolyte_to):
            raise ValueError(sentence("Give either groups (and acolyte_to) or the older to with units (and acolyte), not both."))
        if not legacy:
            return self.groups, self.acolyte_to
        if not self.to:
            raise ValueError(sentence("Name the destination in to (or give groups, each with its own to)."))
        groups = tuple(MoveGroup(ref.area, self.to, ref.kind, ref.name, ref.count) for ref in self.units)
        return groups, self.to if self.acolyte else ""


@COMMANDS.register("ability_move")
@dataclass(frozen=True, slots=True)
class AbilityMove(Command):
    """Units relocated by a spellbook or ability (a table edit: no turn, no Power).  Teleports
    (Submerge, Avatar) go anywhere; walking abilities (Screaming Dead) need adjacency and, on
    Shaggai, lose one unit crossing eradicated areas, named in ``sacrifice``."""

    player: str
    ability: str
    to: str
    units: tuple[UnitRef, ...]
    teleport: bool = False
    sacrifice: UnitRef | None = None


@COMMANDS.register("place_marker")
@dataclass(frozen=True, slots=True)
class PlaceMarker(Command):
    """Put a marker on an area by hand: "cathedral", "ice_age", "desecration", ... (a correction)."""

    area: str
    marker: str
    reason: str = ""  # why the table corrects this (shown in the log)


@COMMANDS.register("remove_marker")
@dataclass(frozen=True, slots=True)
class RemoveMarker(Command):
    """Take a marker off an area by hand (a correction)."""

    area: str
    marker: str
    reason: str = ""  # why the table corrects this (shown in the log)


@COMMANDS.register("battle")
@dataclass(frozen=True, slots=True)
class BattleAction(Command):
    """Declare a battle.  The referee computes each side's combat dice from the units present
    (a count given overrides it, for an effect the referee does not model), asks for the dice,
    then asks the side that must choose which unit takes each Kill, then each Pain, and where
    each pained unit retreats.

    ``by_hand``: None (the default) resolves the battle whole unless BOTH dice counts are given,
    the form stored journals carry: that battle ends after the roll and the table assigns the
    Kills and Pains by hand (eliminate, retreat), as before.  False resolves it whole with the
    counts given; True always leaves the Kills and Pains to the table."""

    player: str
    area: str
    defender: str
    attacker_dice: int | None = None
    defender_dice: int | None = None
    cost: int = 1
    by_hand: bool | None = None

    @property
    def whole(self) -> bool:
        """Whether the referee resolves this battle whole (see ``by_hand``)."""
        if self.by_hand is None:
            return self.attacker_dice is None or self.defender_dice is None
        return not self.by_hand


@COMMANDS.register("capture")
@dataclass(frozen=True, slots=True)
class Capture(Command):
    """Take one of ``victim``'s cultists in ``area``: ``unit`` names which ("High Priest"), the
    one the victim chooses (factions.md section 0); "" takes its first there, as journals written
    before the field did."""

    player: str
    area: str
    victim: str
    cost: int = 1
    unit: str = ""


@COMMANDS.register("control_gate")
@dataclass(frozen=True, slots=True)
class ControlGate(Command):
    """An unlimited action: take control of an abandoned gate where the player has a unit."""

    player: str
    area: str


@COMMANDS.register("abandon_gate")
@dataclass(frozen=True, slots=True)
class AbandonGate(Command):
    player: str
    area: str


@COMMANDS.register("gain_spellbook")
@dataclass(frozen=True, slots=True)
class GainSpellbook(Command):
    player: str
    name: str = ""


@COMMANDS.register("reveal_elder_sign")
@dataclass(frozen=True, slots=True)
class RevealElderSign(Command):
    """Turn in one Elder Sign for its Doom; ``value`` is required for a physical token."""

    player: str
    value: int | None = None


@COMMANDS.register("pass")
@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Pass for the rest of the Action Phase: the player's Power drops to 0."""

    player: str


@COMMANDS.register("eliminate")
@dataclass(frozen=True, slots=True)
class Eliminate(Command):
    """Remove units after a battle or an ability, or by hand (a correction: no turn, no cost)."""

    owner: str
    unit: UnitRef
    reason: str = ""  # why the table corrects this (shown in the log)


@COMMANDS.register("retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Command):
    """Move pained units to an adjacent area (a table edit: no turn, no cost)."""

    owner: str
    unit: UnitRef
    to: str


@COMMANDS.register("place")
@dataclass(frozen=True, slots=True)
class Place(Command):
    """Put units on the board by hand (a correction: no turn, no cost); never more than the
    faction's pool holds, never in an eradicated area."""

    owner: str
    unit: UnitRef
    reason: str = ""  # why the table corrects this (shown in the log)


@COMMANDS.register("set_gate")
@dataclass(frozen=True, slots=True)
class SetGate(Command):
    """Correct an area's gate by hand: ``state`` is "none", "abandoned" or a controller's id."""

    area: str
    state: str
    reason: str = ""  # why the table corrects this (shown in the log)


@COMMANDS.register("correct")
@dataclass(frozen=True, slots=True)
class Correct(Command):
    """Set one of a player's counters by hand: ``power``, ``doom``, ``spellbooks`` (the count:
    unnamed books are added, the last ones dropped) or ``hidden_elder_signs`` (the count: a
    digital bag draws the new ones and takes back the dropped ones)."""

    player: str
    counter: str
    value: int
    reason: str = ""  # why the table corrects this (shown in the log)


# -- a battle resolved whole: Kills, Pains and retreats (see docs/commands.md) ------------------


@COMMANDS.register("assign_kill")
@dataclass(frozen=True, slots=True)
class AssignKill(Command):
    """The next Kill of a battle lands on one of the units named in the prompt's choices."""

    player: str
    unit: str


@COMMANDS.register("assign_pain")
@dataclass(frozen=True, slots=True)
class AssignPain(Command):
    """The next Pain of a battle lands on one of the units named in the prompt's choices."""

    player: str
    unit: str


@COMMANDS.register("choose_retreat")
@dataclass(frozen=True, slots=True)
class ChooseRetreat(Command):
    """The next pained unit of a battle retreats to one of the areas in the prompt's choices."""

    player: str
    area: str


@COMMANDS.register("undo")
@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Step back one accepted command (handled by the session, recorded in the journal)."""


@COMMANDS.register("redo")
@dataclass(frozen=True, slots=True)
class Redo(Command):
    """Step forward again after an undo."""
