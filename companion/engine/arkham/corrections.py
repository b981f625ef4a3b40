"""Corrections: the table's word on any fact of the Arkham board, journaled like any command.

A physical table and its referee drift apart: a monster defeated and kept as a trophy, a doom
token removed by an Elder Sign, a Headline's "return all Cultists to the cup".  Each correction
sets one fact to what the board shows, with an optional ``reason`` the log repeats; it is undone
and redone like any other command.  The rules then run on the corrected board: the monster limit
counts the monsters in Arkham and the Sky, the Outskirts count what is in them, terror rises from
the corrected level.  Where a corrected fact has a consequence the Rulebook spells out (terror
closing a shop, a full doom track awaking the Ancient One, a closed gate sending its monsters to
the cup), the consequence follows, and is told in the log; the readings are in docs/rules-notes.md.

A correction that would leave a board no table can show (a negative count, a gate where none can
open, a seal without a gate, more monsters in the Outskirts than they hold) is refused with a
stable code and a sentence, and changes nothing.  Corrections are accepted after the Ancient One
has awoken too: the table may have to put right the very fact that woke it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from companion.engine.arkham import model as m
from companion.engine.arkham.data import (
    ARKHAM,
    CARD,
    LOCATION_STREET,
    LOCATIONS,
    MONSTER,
    OUTSKIRTS,
    SKY,
    TERROR_CLOSES,
    TERROR_TOP,
    UNSTABLE,
    WORLD,
    WORLDS,
    CardKind,
    Movement,
)
from companion.engine.arkham.mythos import LOST, Turn, gate_limit, outskirts_limit
from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

MAX_CLUES = 20  # Clue tokens on one location: far above any game's; a guard against a slip of the finger
TROPHIES = "trophies"  # where a monster defeated and kept waits (``spent`` sends it back to the cup)
MONSTER_PLACES = frozenset((*ARKHAM, SKY, OUTSKIRTS))
INVESTIGATOR_PLACES = frozenset((*ARKHAM, *(w.name for w in WORLDS), LOST))


class GateAction(StrEnum):
    OPEN = "open"  # a gate at ``location`` to ``world`` (its gate marker leaves the stack)
    CLOSE = "close"  # the gate there is closed: its dimension's monsters return to the cup
    SEAL = "seal"  # closed and sealed with an elder sign
    UNSEAL = "unseal"  # the elder sign there is gone


class MonsterAction(StrEnum):
    PLACE = "place"  # from the cup to ``to``
    MOVE = "move"  # from ``place`` to ``to``
    DEFEATED = "defeated"  # from ``place`` to an investigator's trophies (not the cup)
    CUP = "cup"  # from ``place`` back to the cup
    BOX = "box"  # from ``place`` back to the box, out of the game
    SPENT = "spent"  # a trophy spent: back to the cup


class CardSlot(StrEnum):
    ENVIRONMENT = "environment"
    RUMOR = "rumor"


@COMMANDS.register("arkham_doom")
@dataclass(frozen=True, slots=True)
class CorrectDoom(Command):
    """Doom tokens on the Ancient One's track now (0 to the track's length; a full track awakes it)."""

    doom: int
    reason: str = ""


@COMMANDS.register("arkham_terror")
@dataclass(frozen=True, slots=True)
class CorrectTerror(Command):
    """The terror level now (0-10).  Rising past 3, 6 or 9 closes that shop for the game; reaching
    10 empties the Outskirts and lifts the monster limit.  Lowering it reopens nothing."""

    terror: int
    reason: str = ""


@COMMANDS.register("arkham_gate")
@dataclass(frozen=True, slots=True)
class CorrectGate(Command):
    """Open a gate at an unstable ``location`` to ``world``; close, seal or unseal one there."""

    location: str
    action: GateAction
    world: str = ""
    reason: str = ""


@COMMANDS.register("arkham_monster")
@dataclass(frozen=True, slots=True)
class CorrectMonster(Command):
    """One monster of ``kind``: placed from the cup, moved, defeated (a trophy), returned to the
    cup or the box, or a trophy spent (see :class:`MonsterAction` for the fields each uses)."""

    kind: str
    action: MonsterAction
    place: str = ""  # where it is now (move, defeated, cup, box)
    to: str = ""  # where it goes (place, move)
    reason: str = ""


@COMMANDS.register("arkham_clues")
@dataclass(frozen=True, slots=True)
class CorrectClues(Command):
    """Clue tokens on a location now (0-20; none where a gate is open)."""

    location: str
    clues: int
    reason: str = ""


@COMMANDS.register("arkham_investigator")
@dataclass(frozen=True, slots=True)
class CorrectInvestigator(Command):
    """Where an investigator is and how: ``place`` (in Arkham, an Other World or Lost in Time
    and Space), ``delayed``, or off the board (``standing`` devoured or retired; place ignored)."""

    name: str
    place: str = ""
    delayed: bool = False
    standing: m.Standing = m.Standing.PLAYING
    reason: str = ""


@COMMANDS.register("arkham_card")
@dataclass(frozen=True, slots=True)
class CorrectCard(Command):
    """The Environment or the Rumor in play, by name ("" for none).  The card replaced goes to the
    bottom of the deck with its markers; the new one comes out of the deck."""

    slot: CardSlot
    card: str
    reason: str = ""


@COMMANDS.register("arkham_marker")
@dataclass(frozen=True, slots=True)
class CorrectMarker(Command):
    """A closed marker on a location (closed for the game; anyone inside goes to the street) or an
    activity marker on a place in Arkham, placed or (``placed=False``) removed."""

    kind: m.MarkerKind
    place: str
    placed: bool = True
    reason: str = ""


@COMMANDS.register("arkham_awake")
@dataclass(frozen=True, slots=True)
class CorrectAwake(Command):
    """The Ancient One is awake (its doom track fills) or, a mistake put right, asleep again."""

    awake: bool
    reason: str = ""


@EVENTS.register("arkham_corrected")
@dataclass(frozen=True, slots=True)
class Corrected(Event):
    """The table corrected ``fact`` (of ``subject``, when it has one) from ``old`` to ``new``."""

    fact: str
    subject: str
    old: str
    new: str
    reason: str


def _refuse_same(old: object, new: object, what: str) -> None:
    if old == new:
        raise Refusal(Code.BAD_VALUE, "Nothing to correct: {what} is already {new}.", what=what, new=new)


def _check_range(value: int, top: int, what: str) -> None:
    if not 0 <= value <= top:
        raise Refusal(Code.BAD_VALUE, "{what} runs from 0 to {top}, not {value}.", what=what, top=top, value=value)


# -- counters ---------------------------------------------------------------------------------


def correct_doom(turn: Turn, command: CorrectDoom) -> None:
    state = turn.state
    _check_range(command.doom, state.doom_track, "The doom track")
    _refuse_same(state.doom, command.doom, "doom")
    turn.update(doom=command.doom)
    turn.emit(Corrected("doom", "", str(state.doom), str(command.doom), command.reason))
    if command.doom >= state.doom_track and not state.awakened:
        turn.awaken(say("the doom track is full"))


def correct_terror(turn: Turn, command: CorrectTerror) -> None:
    """Set terror; a rise applies what each level reached does to the board (Rulebook p.20),
    except the Allies, which the companion does not count."""
    old, new = turn.state.terror, command.terror
    _check_range(new, TERROR_TOP, "The terror track")
    _refuse_same(old, new, "terror")
    turn.update(terror=new)
    turn.emit(Corrected("terror", "", str(old), str(new), command.reason))
    for level, shop in sorted(TERROR_CLOSES.items()):
        if old < level <= new and shop not in turn.state.closed:
            turn.update(closed=(*turn.state.closed, shop))
            turn.emit(Corrected("location", shop, "open", "closed for the game", say("terror reached {level}", level=level)))
            turn.empty_closed(shop)
    if old < TERROR_TOP <= new:
        turn.clear_outskirts(
            say("terror reached {terror_top}: Arkham is overrun and the monster limit is gone", terror_top=TERROR_TOP)
        )


def correct_clues(turn: Turn, command: CorrectClues) -> None:
    state = turn.state
    if command.location not in LOCATIONS:
        raise Refusal(
            Code.UNKNOWN_AREA, "{location!r} is not a location in Arkham (Clues lie on locations).", location=command.location
        )
    _check_range(command.clues, MAX_CLUES, "Clues on a location")
    if command.clues and state.gate_at(command.location) is not None:
        raise Refusal(Code.GATE_PRESENT, "A gate is open at {location}: no Clue lies there.", location=command.location)
    old = state.clues_at(command.location)
    _refuse_same(old, command.clues, f"the Clue count at {command.location}")
    clues = list(state.clues)
    clues[LOCATIONS.index(command.location)] = command.clues
    turn.update(clues=tuple(clues))
    turn.emit(Corrected("clues", command.location, str(old), str(command.clues), command.reason))


def correct_awake(turn: Turn, command: CorrectAwake) -> None:
    state = turn.state
    if bool(state.awakened) == command.awake:
        raise Refusal(
            Code.BAD_VALUE,
            "Nothing to correct: {ancient_one} is already {value}.",
            ancient_one=state.ancient_one,
            value="awake" if command.awake else "asleep",
        )
    if command.awake:
        turn.emit(Corrected("awake", state.ancient_one, "asleep", "awake", command.reason))
        turn.awaken(command.reason or "the table says so")
        return
    if state.doom >= state.doom_track:
        raise Refusal(
            Code.NOT_NOW,
            "The doom track is full ({doom}/{doom_track}): correct the doom first.",
            doom=state.doom,
            doom_track=state.doom_track,
        )
    if len(state.gates) >= gate_limit(state.players):
        raise Refusal(Code.NOT_NOW, "{count} gates are open, enough to wake it: correct the gates first.", count=len(state.gates))
    turn.update(awakened="")
    turn.emit(Corrected("awake", state.ancient_one, "awake", "asleep", command.reason))


# -- gates ----------------------------------------------------------------------------------------


def correct_gate(turn: Turn, command: CorrectGate) -> None:
    if command.location not in LOCATIONS:
        raise Refusal(Code.UNKNOWN_AREA, "{location!r} is not a location in Arkham.", location=command.location)
    {
        GateAction.OPEN: _open_gate,
        GateAction.CLOSE: _close_gate,
        GateAction.SEAL: _close_gate,
        GateAction.UNSEAL: _unseal,
    }[command.action](turn, command)


def _open_gate(turn: Turn, command: CorrectGate) -> None:
    """A gate the table has: its marker leaves the stack, the Clues there are lost (Rulebook p.9).
    No doom token and no monster: those are the table's to enter, as it saw them."""
    state, where = turn.state, command.location
    if where not in UNSTABLE:
        raise Refusal(Code.BAD_VALUE, "{where} is a stable location: gates open only on unstable ones.", where=where)
    if state.gate_at(where) is not None:
        raise Refusal(Code.GATE_PRESENT, "A gate is already open at {where}.", where=where)
    if where in state.seals:
        raise Refusal(Code.NOT_NOW, "{where} is sealed: unseal it first (a gate burst breaks a seal).", where=where)
    if command.world not in WORLD:
        raise Refusal(
            Code.BAD_VALUE, "Unknown Other World {world!r}; one of: {world2}.", world=command.world, world2=", ".join(WORLD)
        )
    markers = state.gate_markers
    if command.world not in markers:
        raise Refusal(
            Code.BAD_VALUE, "No unused gate marker leads to {world}: both are on the board or taken.", world=command.world
        )
    i = markers.index(command.world)
    clues = list(state.clues)
    lost, clues[LOCATIONS.index(where)] = clues[LOCATIONS.index(where)], 0
    turn.update(
        gate_markers=markers[:i] + markers[i + 1 :], clues=tuple(clues), gates=(*state.gates, m.Gate(where, command.world))
    )
    turn.emit(Corrected("gate", where, "none", f"open to {command.world}", command.reason))
    if lost:
        turn.emit(Corrected("clues", where, str(lost), "0", "a gate is open there"))
    if len(turn.state.gates) >= gate_limit(state.players) and not state.awakened:
        turn.awaken(say("{count} gates are open", count=len(turn.state.gates)))


def _close_gate(turn: Turn, command: CorrectGate) -> None:
    """Close (and maybe seal) the gate there: its dimension's monsters return to the cup (p.18);
    the marker is the closer's trophy, not back in the stack."""
    gate = turn.state.gate_at(command.location)
    seal = command.action is GateAction.SEAL
    if gate is None:
        if seal:  # whole sentences, for the translations
            raise Refusal(Code.NO_GATE, "No gate is open at {location}: nothing to be sealed.", location=command.location)
        raise Refusal(Code.NO_GATE, "No gate is open at {location}: nothing to be closed.", location=command.location)
    dimension = WORLD[gate.world].dimension
    state = turn.state
    returned = tuple(x.kind for x in state.monsters if MONSTER[x.kind].dimension is dimension)
    kept = tuple(x for x in state.monsters if MONSTER[x.kind].dimension is not dimension)
    turn.update(
        gates=tuple(g for g in state.gates if g is not gate),
        seals=state.seals + ((command.location,) if seal else ()),
        monsters=kept,
        cup=tuple(sorted(state.cup + returned)),
    )
    turn.emit(Corrected("gate", command.location, f"open to {gate.world}", "sealed" if seal else "closed", command.reason))
    turn.emit(m.GateClosed(command.location, gate.world, seal, returned))


def _unseal(turn: Turn, command: CorrectGate) -> None:
    state = turn.state
    if command.location not in state.seals:
        raise Refusal(Code.NOT_NOW, "{location} has no elder sign to remove.", location=command.location)
    turn.update(seals=tuple(s for s in state.seals if s != command.location))
    turn.emit(Corrected("seal", command.location, "sealed", "unsealed", command.reason))


# -- monsters -------------------------------------------------------------------------------------


def correct_monster(turn: Turn, command: CorrectMonster) -> None:
    if command.kind not in MONSTER:
        raise Refusal(Code.BAD_VALUE, "No monster is called {kind!r}; check the marker's name.", kind=command.kind)
    action = command.action
    if action is MonsterAction.PLACE:
        _take(turn, "cup", command.kind)
        _put(turn, command.kind, command.to)
        old = "the cup"
    elif action is MonsterAction.SPENT:
        _take(turn, "trophies", command.kind)
        turn.update(cup=tuple(sorted((*turn.state.cup, command.kind))))
        old = "a trophy"
    else:
        _lift(turn, command.kind, command.place)
        old = command.place
        if action is MonsterAction.MOVE:
            if command.to == command.place:
                raise Refusal(
                    Code.BAD_VALUE, "Nothing to correct: the {kind} is already in {to}.", kind=command.kind, to=command.to
                )
            _put(turn, command.kind, command.to)
        else:
            pile = {MonsterAction.DEFEATED: "trophies", MonsterAction.CUP: "cup", MonsterAction.BOX: "boxed"}[action]
            turn.update(**{pile: tuple(sorted((*getattr(turn.state, pile), command.kind)))})
    new = {
        MonsterAction.DEFEATED: "defeated, a trophy",
        MonsterAction.CUP: "the cup",
        MonsterAction.SPENT: "the cup",
        MonsterAction.BOX: "the box",
    }.get(action, command.to)
    turn.emit(Corrected("monster", command.kind, old, new, command.reason))


def _take(turn: Turn, pile: str, kind: str) -> None:
    """One ``kind`` out of the cup or the trophies (a tuple of kinds on the state)."""
    held: tuple[str, ...] = getattr(turn.state, pile)
    if kind not in held:
        if pile == "cup":  # whole sentences, for the translations
            raise Refusal(Code.BAD_VALUE, "No {kind} is in the cup.", kind=kind)
        raise Refusal(Code.BAD_VALUE, "No {kind} is among the trophies.", kind=kind)
    i = held.index(kind)
    turn.update(**{pile: held[:i] + held[i + 1 :]})


def _lift(turn: Turn, kind: str, place: str) -> None:
    """One ``kind`` off the board at ``place``."""
    monsters = turn.state.monsters
    i = next((n for n, x in enumerate(monsters) if x.kind == kind and x.place == place), None)
    if i is None:
        raise Refusal(Code.NO_SUCH_UNITS, "No {kind} is in {place}.", kind=kind, place=place or "that place")
    turn.update(monsters=monsters[:i] + monsters[i + 1 :])


def _put(turn: Turn, kind: str, place: str) -> None:
    """``kind`` onto the board at ``place``: only flyers go to the Sky, nothing into a closed
    location, and the Outskirts hold at most 8 - players (more, and they would have emptied)."""
    state = turn.state
    if place not in MONSTER_PLACES:
        raise Refusal(Code.UNKNOWN_AREA, "{place!r} is not a place in Arkham, the Sky or the Outskirts.", place=place)
    if place == SKY and MONSTER[kind].movement is not Movement.FLYING:
        raise Refusal(Code.BAD_VALUE, "Only flying monsters wait in the Sky; the {kind} does not fly.", kind=kind)
    if state.is_closed(place):
        raise Refusal(Code.NOT_NOW, "{place} is closed: no monster stays there.", place=place)
    if place == OUTSKIRTS:
        if state.terror >= TERROR_TOP:
            raise Refusal(
                Code.NOT_NOW, "Terror is {terror_top}: Arkham is overrun and the Outskirts stay empty.", terror_top=TERROR_TOP
            )
        held, room = sum(1 for x in state.monsters if x.place == OUTSKIRTS), outskirts_limit(state.players)
        if held >= room:
            raise Refusal(
                Code.BAD_VALUE,
                "The Outskirts hold at most {room} monsters and have {held}: one more empties them and "
                "raises terror (correct the terror and return them to the cup instead).",
                room=room,
                held=held,
            )
    turn.update(monsters=(*state.monsters, m.Monster(kind, place)))


# -- investigators --------------------------------------------------------------------------------


def correct_investigator(turn: Turn, command: CorrectInvestigator) -> None:
    people = turn.state.investigators
    who = next((i for i in people if i.name == command.name), None)
    if who is None:
        raise Refusal(Code.UNKNOWN_PLAYER, "No investigator is called {name!r}.", name=command.name)
    standing = m.Standing(command.standing)
    if standing is m.Standing.PLAYING:
        if command.place not in INVESTIGATOR_PLACES:
            raise Refusal(
                Code.UNKNOWN_AREA, "{place!r} is not a place in Arkham, an Other World or {lost}.", place=command.place, lost=LOST
            )
        if turn.state.is_closed(command.place):
            raise Refusal(Code.NOT_NOW, "{place} is closed: no one can be there.", place=command.place)
        changed = evolve(who, place=command.place, delayed=command.delayed, standing=standing)
    else:
        changed = evolve(who, place=m.UNPLACED, delayed=False, standing=standing)
    if changed == who:
        raise Refusal(
            Code.BAD_VALUE,
            "Nothing to correct: {who} is already {value}{where}.",
            who=who.name,
            value="at " if who.playing else "",
            where=_where(who),
        )
    turn.update(investigators=tuple(changed if i is who else i for i in people))
    turn.emit(Corrected("investigator", who.name, _where(who), _where(changed), command.reason))


def _where(who: m.Investigator) -> str:
    if not who.playing:
        return who.standing.value
    return (who.place or "not placed") + (", delayed" if who.delayed else "")


# -- cards and markers ----------------------------------------------------------------------------


def correct_card(turn: Turn, command: CorrectCard) -> None:
    slot = CardSlot(command.slot)
    old: str = getattr(turn.state, slot.value)
    card = command.card
    if card:
        if card not in CARD:
            raise Refusal(Code.BAD_VALUE, "No base Mythos card is called {card!r}.", card=card)
        if CARD[card].kind is not CardKind(slot.value):
            raise Refusal(
                Code.BAD_VALUE, "{card} is a {kind}, not an {slot}.", card=card, kind=CARD[card].kind.value, slot=slot.value
            )
    _refuse_same(old, card, f"the {slot.value}")
    if card and card not in turn.state.deck:
        raise Refusal(Code.NOT_A_CHOICE, "{card} is not in the Mythos deck now.", card=card)
    turn.emit(Corrected(slot.value, "", old or "none", card or "none", command.reason))
    if old:
        turn.leave_play(old)
    changes: dict[str, Any] = {slot.value: card}
    if slot is CardSlot.RUMOR:
        changes["rumor_track"] = 0
    if card:
        changes["deck"] = tuple(c for c in turn.state.deck if c != card)
    turn.update(**changes)
    if card:
        turn.enter_play(card)


def correct_marker(turn: Turn, command: CorrectMarker) -> None:
    kind, place, state = m.MarkerKind(command.kind), command.place, turn.state
    allowed = LOCATIONS if kind is m.MarkerKind.CLOSED else ARKHAM
    if place not in allowed:
        if kind is m.MarkerKind.CLOSED:  # whole sentences, for the translations
            raise Refusal(Code.UNKNOWN_AREA, "{place!r} is not a location in Arkham.", place=place)
        raise Refusal(Code.UNKNOWN_AREA, "{place!r} is not a place in Arkham.", place=place)
    pile = "closed" if kind is m.MarkerKind.CLOSED else "activity"
    held: tuple[str, ...] = getattr(state, pile)
    if command.placed and kind is m.MarkerKind.CLOSED and place in held:
        raise Refusal(Code.BAD_VALUE, "Nothing to correct: {place} is already closed.", place=place)
    if not command.placed and place not in held:
        raise Refusal(Code.NOT_NOW, "{place} has no {kind} marker to remove.", place=place, kind=kind.value)
    if command.placed:
        turn.update(**{pile: (*held, place)})
    else:
        i = held.index(place)
        turn.update(**{pile: held[:i] + held[i + 1 :]})
    turn.emit(
        Corrected(
            f"{kind.value} marker",
            place,
            "none" if command.placed else "placed",
            "placed" if command.placed else "removed",
            command.reason,
        )
    )
    if command.placed and kind is m.MarkerKind.CLOSED and place in LOCATION_STREET:
        turn.empty_closed(place)


HANDLERS: dict[type[Command], Callable[[Turn, Any], None]] = {
    CorrectDoom: correct_doom,
    CorrectTerror: correct_terror,
    CorrectGate: correct_gate,
    CorrectMonster: correct_monster,
    CorrectClues: correct_clues,
    CorrectInvestigator: correct_investigator,
    CorrectCard: correct_card,
    CorrectMarker: correct_marker,
    CorrectAwake: correct_awake,
}
CORRECTIONS = tuple(HANDLERS)
