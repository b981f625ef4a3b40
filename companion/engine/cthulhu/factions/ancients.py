"""The Ancients (factions.md section 8): roster and costs (Festival, Brainless, Extinction); no
Great Old One of their own.

Abilities not yet modelled (hooks): Cathedrals, Dematerialization, Festival's Power to an enemy,
Brainless' movement limit, Extinction's permanent loss, Unholy Ground, Consecration, Worship
Services.
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import ACOLYTE, FactionRules, M, T, UnitType, has_book
from companion.engine.cthulhu.model import Faction, GameState

# unit -> (Spellbook, its cost with the book)
BOOK_COSTS = {"Un-Man": ("Festival", 0), "Reanimated": ("Brainless", 1), "Yothan": ("Extinction", 3)}


def summon_cost(state: GameState, pid: str, unit: UnitType) -> int:
    book = BOOK_COSTS.get(unit.name)
    if book is not None and has_book(state, pid, book[0]):
        return book[1]
    return unit.cost


RULES = FactionRules(
    Faction.ANCIENTS,
    units=(
        ACOLYTE,
        UnitType("Un-Man", M, 3, 3, 0),
        UnitType("Reanimated", M, 3, 4, 2),
        UnitType("Yothan", T, 3, 6, 7),
    ),
    spellbooks=("Festival", "Brainless", "Extinction", "Unholy Ground", "Consecration", "Worship Services"),
    summon_cost=summon_cost,
)


# == unique abilities, Spellbooks and requirements (factions.md section 8) ========================
# Modelled: the Cathedral requirements (a Cathedral marker in an area of each glyph kind), the two
# summoning requirement actions, Worship Services and Consecration.  Not yet: building Cathedrals
# as an action (the table places the marker, a correction), Dematerialization, Festival's Power to
# an enemy, Brainless' limit, Extinction's permanent loss, Unholy Ground.

from collections.abc import Iterator  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from companion.engine.core import COMMANDS, Code, Command, Refusal  # noqa: E402
from companion.engine.cthulhu import flow  # noqa: E402
from companion.engine.cthulhu.events import Part, RitualPerformed  # noqa: E402
from companion.engine.cthulhu.factions import powers as pw  # noqa: E402
from companion.engine.cthulhu.model import PromptKind, UnitKind  # noqa: E402

CATHEDRAL = "cathedral"
CATHEDRALS = 4
CHEAPEST, DEAREST = "Every enemy summons its cheapest Monster", "Every enemy summons its most expensive Monster"


@COMMANDS.register("ancients_summons")
@dataclass(frozen=True, slots=True)
class AncientsSummons(Command):
    """The Ancients' requirement actions: every enemy summons, free, its cheapest (``dearest``
    false) or most expensive Monster left in its pool at the first gate it controls."""

    player: str
    dearest: bool = False


def _cathedral_in(glyph: str) -> pw.RequirementCheck:
    def met(state: GameState, pid: str, events: pw.Events) -> bool:
        return any(CATHEDRAL in a.markers and state.board.areas[i].glyph == glyph for i, a in enumerate(state.areas))

    return met


def _acted(name: str) -> pw.RequirementCheck:
    return lambda s, p, e: any(isinstance(x, pw.AbilityUsed) and x.player == p and x.ability == name for x in e)


REQUIREMENTS = (
    pw.Requirement("A Cathedral in an AA-glyph area", _cathedral_in("AA")),
    pw.Requirement("A Cathedral in an OO-glyph area", _cathedral_in("OO")),
    pw.Requirement("A Cathedral in a WW-glyph area", _cathedral_in("WW")),
    pw.Requirement("A Cathedral in an area without a glyph", _cathedral_in("")),
    pw.Requirement(CHEAPEST, _acted(CHEAPEST)),
    pw.Requirement(DEAREST, _acted(DEAREST)),
)


def cathedrals(state: GameState) -> int:
    return sum(1 for a in state.areas if CATHEDRAL in a.markers)


def react(state: GameState, seen: pw.Events, events: pw.Events) -> GameState:
    """Consecration: an Ancients' ritual gives 1 Elder Sign with 1-3 Cathedrals in play, 2 with 4."""
    for event in seen:
        if isinstance(event, RitualPerformed) and pw.holds(state, event.player, "Consecration") and cathedrals(state):
            seat = pw.seat_of(state, event.player)
            if state.players[seat].faction is not Faction.ANCIENTS:
                continue
            signs = 2 if cathedrals(state) >= CATHEDRALS else 1
            events.append(pw.AbilityUsed(event.player, "Consecration", f"{signs} Elder Sign(s) for the Cathedrals"))
            for _ in range(signs):
                state = flow.draw_elder_sign(state, seat, "Consecration", events)
    return state


def ancients_summons(state: GameState, cmd: AncientsSummons, events: pw.Events) -> GameState:
    from companion.engine.cthulhu.factions import RULES as ALL

    pw.my_turn(state, cmd.player)
    pw.need_faction(state, cmd.player, Faction.ANCIENTS, "The Ancients' summoning requirement")
    name = DEAREST if cmd.dearest else CHEAPEST
    if (cmd.player, name) in state.abilities.met:
        raise Refusal(Code.NOT_NOW, "That requirement is met already.")
    for other in state.players:
        rules = ALL.get(other.faction)
        gate = next((i for i, a in enumerate(state.areas) if a.gate is not None and a.gate.controller == other.pid), None)
        if other.pid == cmd.player or rules is None or gate is None:
            continue
        left = [u for u in rules.units if u.kind is UnitKind.MONSTER and pw.pool_left(state, other.pid, u.name, u.pool) > 0]
        if left:
            unit = (max if cmd.dearest else min)(left, key=lambda u: u.cost)
            state = pw.place_one(state, gate, other.pid, unit.kind, unit.name, f"summoned free for the Ancients ({name})", events)
    events.append(pw.AbilityUsed(cmd.player, name, "every enemy summoned a Monster free"))
    return pw.end_action(state, events)


HANDLERS = {AncientsSummons: ancients_summons}


def offers(state: GameState, pid: str) -> Iterator[Command]:
    if state.prompt.kind is PromptKind.ACTION:
        for dearest, name in ((False, CHEAPEST), (True, DEAREST)):
            if (pid, name) not in state.abilities.met:
                yield AncientsSummons(pid, dearest)


def gather_power(state: GameState, pid: str) -> list[Part]:
    """Worship Services: 1 Power per Cathedral sharing an area with an enemy-controlled gate (the
    enemy's own Power for it is not added yet: see docs/rules-notes.md)."""
    if not pw.holds(state, pid, "Worship Services"):
        return []
    worship = sum(
        1 for a in state.areas if CATHEDRAL in a.markers and a.gate is not None and a.gate.controller not in (None, pid)
    )
    return [Part("Worship Services", worship)] if worship else []
