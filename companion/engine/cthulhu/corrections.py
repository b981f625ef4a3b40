"""Corrections: the table is always right.  Every fact on a Cthulhu Wars board can be set by one
journaled command, with an optional ``reason`` shown in the log, undone and redone like any other.

A correction takes no turn and costs nothing; it is accepted at any time until the game is over
(while a prompt waits, too: the prompt stays).  It starts its events with one
:class:`CorrectionMade` (the sentence :func:`summary` gives, which the screen also shows before
the correction is recorded), then the board's own events.  A correction that would break an
invariant is refused with a stable code and changes nothing:

- ``bad_value``: a negative count, a number beyond a sane maximum (:data:`LIMITS`), a value the
  game does not have (an Elder Sign worth 4, a 7th Spellbook, a Watcher token of 13);
- ``no_such_units``: more units than the faction's pool holds (:mod:`.pools`), units not there;
- ``eradicated``: anything put into an eradicated area;
- ``unknown_area`` / ``unknown_player``; ``not_now``: a piece this map or game does not use (a
  Loyalty Card it was not set up with, a neutral unit other than Abhoth's Filth with Abhoth in the
  game or the Slime Molds on Yuggoth).

Joining a game in progress (``new_game`` with ``join``) starts from an empty board at a named
round and phase and waits on a ``join`` prompt: the table enters the board by corrections, then
``begin_play`` starts that phase (docs/commands.md, "Corrections (Cthulhu Wars)").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal, tag_of
from companion.engine.cthulhu import actions, flow, primeval, shaggai
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BY_HAND, EndTriggered, IndependentSpellbookChanged, MarkerChanged
from companion.engine.cthulhu.factions import NEUTRAL_UNITS
from companion.engine.cthulhu.factions import high_priests as hp
from companion.engine.cthulhu.factions import independents as ind
from companion.engine.cthulhu.model import (
    ELDER_SIGN_BAG,
    ERADICATED,
    GLACIER,
    NEUTRAL,
    NO_PROMPT,
    SPELLBOOKS_TO_WIN,
    WATCHER_TOKEN_START,
    AcolyteStatus,
    Direction,
    GameState,
    Gate,
    Phase,
    Prompt,
    PromptKind,
    Step,
    UnitKind,
    Worms,
    spellbook_count,
)
from companion.engine.cthulhu.pools import MAX_UNITS, UNITS, pool
from companion.engine.cthulhu.unit_words import unit_words
from companion.engine.says import say, sentence
from companion.engine.values import dataclass, evolve

Events = flow.Events
LIMITS = {"power": 99, "doom": 99, "spellbooks": SPELLBOOKS_TO_WIN, "hidden_elder_signs": sum(ELDER_SIGN_BAG)}
MAX_ROUND = 99
MAX_NAME = 40  # characters in a Spellbook's name
MAX_REASON = 200  # characters in a correction's reason (a sentence, not a document)


# -- the commands (the older corrections are in commands.py: correct, place, eliminate,
# set_gate, place_marker, remove_marker) -----------------------------------------------------


@COMMANDS.register("set_spellbooks")
@dataclass(frozen=True, slots=True)
class SetSpellbooks(Command):
    """The Spellbooks ``player`` holds, by name (the faction's own names where known; any name
    for a neutral, independent or unknown faction's book; "" for one not named)."""

    player: str
    names: tuple[str, ...]
    reason: str = ""


@COMMANDS.register("set_revealed_elder_signs")
@dataclass(frozen=True, slots=True)
class SetRevealedElderSigns(Command):
    """The values (1, 2 or 3) of the Elder Signs ``player`` has turned face up.  Doom is not
    changed (correct it with ``correct``); the bag's contents follow."""

    player: str
    values: tuple[int, ...]
    reason: str = ""


@COMMANDS.register("set_ritual")
@dataclass(frozen=True, slots=True)
class SetRitual(Command):
    """The ritual marker's space: 0 is the first (cheapest) space; the track's length is
    Instant Death (the end is then triggered)."""

    position: int
    reason: str = ""


@COMMANDS.register("set_first_player")
@dataclass(frozen=True, slots=True)
class SetFirstPlayer(Command):
    """The first player, and the direction of play ("clockwise", "counterclockwise"; "" keeps it)."""

    first: str
    direction: str = ""
    reason: str = ""


@COMMANDS.register("set_captured")
@dataclass(frozen=True, slots=True)
class SetCaptured(Command):
    """The cultists ``player`` holds captured, by their owners' ids (one entry per cultist).

    ``high_priests`` (the High Priests option): the owners of the High Priests among them, each
    also in ``victims``; absent (None), the High Priests held stay as they are (those whose owner
    is no longer among ``victims`` go back to their pool)."""

    player: str
    victims: tuple[str, ...]
    reason: str = ""
    high_priests: tuple[str, ...] | None = None


@COMMANDS.register("set_worm")
@dataclass(frozen=True, slots=True)
class SetWorm(Command):
    """Shaggai: Worm number ``worm`` placed in ``area`` (from the supply, or moved from where it
    was), or taken back to the supply (``present`` false)."""

    area: str
    worm: int
    present: bool = True
    reason: str = ""


@COMMANDS.register("set_eradicated")
@dataclass(frozen=True, slots=True)
class SetEradicated(Command):
    """Shaggai: eradicate ``area`` by hand (its gate, markers, units and any Worm go) or restore
    it.  ``rewards`` must be said: true pays the eradication's Power, Elder Signs and Doom."""

    area: str
    eradicated: bool
    rewards: bool
    reason: str = ""


@COMMANDS.register("set_watcher")
@dataclass(frozen=True, slots=True)
class SetWatcher(Command):
    """Yuggoth: the Watcher awake in ``area`` with its token at ``token`` (1-12), or asleep
    (token dark at 12, off the map: ``area`` "")."""

    awake: bool
    token: int = WATCHER_TOKEN_START
    area: str = ""
    reason: str = ""


@COMMANDS.register("set_acolyte")
@dataclass(frozen=True, slots=True)
class SetAcolyte(Command):
    """The Astral Acolyte stands in ``area`` (its controller follows from the units there)."""

    area: str
    reason: str = ""


@COMMANDS.register("set_glacier")
@dataclass(frozen=True, slots=True)
class SetGlacier(Command):
    """Primeval Earth: a glacier on ``area`` (its gate goes under the ice, abandoned) or taken off."""

    area: str
    present: bool = True
    reason: str = ""


@COMMANDS.register("set_loyalty")
@dataclass(frozen=True, slots=True)
class SetLoyalty(Command):
    """The Loyalty Card ``card`` (an independent Great Old One or a neutral monster of this
    game) is held by ``holder``, or is back in the supply (``holder`` "").  Only the card: its
    figures are placed or removed with ``place`` and ``eliminate``.

    ``spellbook`` (an independent Great Old One's card, with the abilities option): whether the
    holder also holds the card's Spellbook (:data:`~.factions.independents.BOOKS`); absent
    (None), the book goes with the card: kept by whoever holds the card next when it was held,
    lost when the card goes back to the supply."""

    card: str
    holder: str
    reason: str = ""
    spellbook: bool | None = None


@COMMANDS.register("move_units")
@dataclass(frozen=True, slots=True)
class MoveUnits(Command):
    """Move units by hand: ``unit`` names them and the area they leave, ``to`` the area they go
    to (any other area, never an eradicated one; no turn, no cost).  One correction, undone as
    one; a gate its controller left is abandoned, as when the units move in play."""

    owner: str
    unit: c.UnitRef
    to: str
    reason: str = ""


@COMMANDS.register("begin_play")
@dataclass(frozen=True, slots=True)
class BeginPlay(Command):
    """A joined game's board is entered: play the named phase from its start."""


@EVENTS.register("correction_made")
@dataclass(frozen=True, slots=True)
class CorrectionMade(Event):
    """A correction was recorded: ``command`` its type, ``summary`` what it set, in words."""

    command: str
    summary: str
    reason: str


@EVENTS.register("game_joined")
@dataclass(frozen=True, slots=True)
class GameJoined(Event):
    """The game was joined in progress at ``round`` and ``phase``; the board is entered next."""

    round: int
    phase: str


# -- words ------------------------------------------------------------------------------------


def _who(state: GameState, pid: str) -> str:
    seat = state.seat(pid)
    return state.players[seat].label if seat is not None else pid.replace("_", " ").title()


def _unit_words(ref: c.UnitRef) -> str:
    return unit_words(ref.count, bd.unit_name(ref.kind, ref.name))


def _gate_words(state: GameState, value: str) -> str:
    words = {"none": sentence("no gate"), "abandoned": sentence("an abandoned gate")}
    return words.get(value) or say("a gate controlled by {who}", who=_who(state, value))


def _spellbooks_words(state: GameState, cmd: SetSpellbooks) -> str:
    """The books by name, then how many are unnamed (as the editor's stepper counts them)."""
    who, count = _who(state, cmd.player), len(cmd.names)
    books = [name for name in cmd.names if name]
    if not count:
        return say("{who} holds no Spellbooks", who=who)
    if not books:
        if count == 1:
            return say("{who} holds {count} unnamed Spellbook", who=who, count=count)
        return say("{who} holds {count} unnamed Spellbooks", who=who, count=count)
    if unnamed := count - len(books):
        books.append(say("{count} unnamed", count=unnamed))  # last in the list: its words follow its value
    if count == 1:
        return say("{who} holds {count} Spellbook: {books}", who=who, count=count, books=", ".join(books))
    return say("{who} holds {count} Spellbooks: {books}", who=who, count=count, books=", ".join(books))


# The lists below are joined by ", " from phrases of one shape, "{count} <words> {who|value}": a
# catalogue matches a stored summary back to its templates (companion.i18n.sentence), and a phrase
# with words only between its two values is matched whole wherever a list's split falls, so the
# translated list comes out phrase by phrase.  Singular and plural are separate templates chosen by
# the count (English's and German's one rule: 1, or any other number).


def _revealed_words(state: GameState, cmd: SetRevealedElderSigns) -> str:
    """How many Elder Signs of each value, as the editor's steppers count them."""
    who = _who(state, cmd.player)
    signs = [
        say("{count} Elder Sign worth {value}", count=n, value=v)
        if n == 1
        else say("{count} Elder Signs worth {value}", count=n, value=v)
        for v in sorted(set(cmd.values))
        if (n := cmd.values.count(v))
    ]
    if not signs:
        return say("{who} has revealed no Elder Signs", who=who)
    return say("{who} has revealed {signs}", who=who, signs=", ".join(signs))


def ritual_space(state: GameState, position: int) -> tuple[int, int, bool]:
    """The ritual marker's ``position`` (``set_ritual``'s, from 0) as a player counts the track's
    spaces on the board: (its space from 1, the spaces in all, whether it is the last: Instant
    Death).  The summary and the Corrections page's stepper both say it so."""
    count = len(state.ritual_track) + 1
    return position + 1, count, position + 1 == count


def _ritual_words(state: GameState, cmd: SetRitual) -> str:
    position, count, instant_death = ritual_space(state, cmd.position)
    if instant_death:
        return say("the ritual marker is on space {position} of {count} (Instant Death)", position=position, count=count)
    return say("the ritual marker is on space {position} of {count}", position=position, count=count)


def _captured_words(state: GameState, cmd: SetCaptured) -> str:
    """How many cultists of each victim, and how many of those are High Priests: one phrase per
    victim, so a table of eight's forty captives fit the preview."""
    priests = list(_priests_named(state, cmd))
    phrases = []
    for victim in dict.fromkeys(cmd.victims):
        count = cmd.victims.count(victim)
        phrases.append(_captives_words(_who(state, victim), count, min(count, priests.count(victim))))
    who = _who(state, cmd.player)
    if not phrases:
        return say("{who} holds no captured cultists", who=who)
    return say("{who} holds captured {captives}", who=who, captives=", ".join(phrases))


def _captives_words(who: str, count: int, priests: int) -> str:
    """``count`` cultists of ``who``, ``priests`` of them High Priests.  The High Priests are
    words, not a value, between the two values (a box holds three at most: Tcho-Tcho's)."""
    if priests == count:
        if count == 1:
            return say("{count} High Priest of {who}", count=count, who=who)
        return say("{count} High Priests of {who}", count=count, who=who)
    if priests == 0:
        if count == 1:
            return say("{count} cultist of {who}", count=count, who=who)
        return say("{count} cultists of {who}", count=count, who=who)
    if priests == 1:
        return say("{count} cultists (one a High Priest) of {who}", count=count, who=who)
    if priests == 2:
        return say("{count} cultists (two of them High Priests) of {who}", count=count, who=who)
    if priests == 3:
        return say("{count} cultists (three of them High Priests) of {who}", count=count, who=who)
    return say("{count} cultists ({priests} of them High Priests) of {who}", count=count, priests=priests, who=who)


def _priests_named(state: GameState, cmd: SetCaptured) -> tuple[str, ...]:
    """The owners of the High Priests the correction leaves held: ``cmd.high_priests`` as named
    (never refused here: a preview shows the engine's refusal beside its words), or, absent,
    those ``cmd.player`` holds now whose owner is still among the victims."""
    if cmd.high_priests is not None:
        return cmd.high_priests
    left, kept = list(cmd.victims), []
    for owner in hp.held_by(state, cmd.player):
        if owner in left:
            left.remove(owner)
            kept.append(owner)
    return tuple(kept)


def _eradicated_words(state: GameState, cmd: SetEradicated) -> str:
    if not cmd.eradicated:
        return say("{area} is restored (no longer eradicated)", area=cmd.area)
    if not cmd.rewards:
        return say("{area} is eradicated by hand, without the eradication's rewards", area=cmd.area)
    index = state.board.area_index(cmd.area)
    rewards = shaggai.compensation(state, index)[1] if index is not None else ()
    paid = "; ".join(
        say(
            "{who} +{power} Power, +{elder_signs} Elder Sign(s), +{doom} Doom",
            who=_who(state, r.player),
            power=r.power,
            elder_signs=r.elder_signs,
            doom=r.doom,
        )
        if r.doom
        else say(
            "{who} +{power} Power, +{elder_signs} Elder Sign(s)",
            who=_who(state, r.player),
            power=r.power,
            elder_signs=r.elder_signs,
        )
        for r in rewards
    )
    if not paid:
        return say("{area} is eradicated by hand, with the eradication's rewards (nobody gains anything)", area=cmd.area)
    return say("{area} is eradicated by hand, with the eradication's rewards ({paid})", area=cmd.area, paid=paid)


def _loyalty_words(state: GameState, cmd: SetLoyalty) -> str:
    """Who holds the card after the correction, and its Spellbook when the card has one in
    play (the abilities option): the result, as the table sees it on the board."""
    if not cmd.holder:
        return say("the {card} Loyalty Card is back in the supply", card=cmd.card)
    who, book = _who(state, cmd.holder), ind.BOOKS.get(cmd.card, "")
    if not book or not state.options.abilities:
        return say("{who} holds the {card} Loyalty Card", who=who, card=cmd.card)
    if _keeps_book(state, cmd):
        return say("{who} holds the {card} Loyalty Card and its Spellbook, {book}", who=who, card=cmd.card, book=book)
    return say("{who} holds the {card} Loyalty Card, without its Spellbook", who=who, card=cmd.card)


def _keeps_book(state: GameState, cmd: SetLoyalty) -> bool:
    """Whether the card's holder is to hold its Spellbook after ``cmd``: as said, else as the
    card's book is held now (it goes with the card); never in the supply."""
    book = ind.BOOKS.get(cmd.card, "")
    if not cmd.holder or not book:
        return False
    if cmd.spellbook is not None:
        return cmd.spellbook
    return ind.holder(state, book) != ""


def _watcher_words(state: GameState, cmd: SetWatcher) -> str:
    if cmd.awake:
        return say("the Watcher is awake in {area}, token at {token}", area=cmd.area, token=cmd.token)
    return sentence("the Watcher is asleep (token dark at 12, off the map)")


# A counter's correction in words, a whole sentence each (so each is translated whole, its
# counter named as the rules name it: "Doom", not the command's "doom").
COUNTER_WORDS = {
    "power": sentence("{who}'s Power: {value}"),
    "doom": sentence("{who}'s Doom: {value}"),
    "spellbooks": sentence("{who}'s Spellbooks: {value}"),
    "hidden_elder_signs": sentence("{who}'s hidden Elder Signs: {value}"),
}


def _correct_words(state: GameState, cmd: c.Correct) -> str:
    template = COUNTER_WORDS.get(cmd.counter)
    if template is None:  # a counter the command refuses: said as typed
        return say("{who}'s {counter}: {value}", who=_who(state, cmd.player), counter=cmd.counter, value=cmd.value)
    return template.format(who=_who(state, cmd.player), value=cmd.value)


SUMMARIES: dict[type[Command], Callable[[GameState, Any], str]] = {
    c.Correct: _correct_words,
    c.Place: lambda s, cmd: say(
        "{who}: {unit_words} placed in {area}", who=_who(s, cmd.owner), unit_words=_unit_words(cmd.unit), area=cmd.unit.area
    ),
    c.Eliminate: lambda s, cmd: say(
        "{who}: {unit_words} removed from {area}", who=_who(s, cmd.owner), unit_words=_unit_words(cmd.unit), area=cmd.unit.area
    ),
    c.SetGate: lambda s, cmd: say("{area} has {gate_words}", area=cmd.area, gate_words=_gate_words(s, cmd.state)),
    c.PlaceMarker: lambda s, cmd: say("a {marker} marker is placed on {area}", marker=cmd.marker, area=cmd.area),
    c.RemoveMarker: lambda s, cmd: say("the {marker} marker is taken off {area}", marker=cmd.marker, area=cmd.area),
    SetSpellbooks: _spellbooks_words,
    SetRevealedElderSigns: _revealed_words,
    SetRitual: _ritual_words,
    SetFirstPlayer: lambda s, cmd: (
        say("{who} is the first player, play {direction}", who=_who(s, cmd.first), direction=cmd.direction)
        if cmd.direction
        else say("{who} is the first player", who=_who(s, cmd.first))
    ),
    SetCaptured: _captured_words,
    SetWorm: lambda s, cmd: (
        say("Worm {worm} is placed in {area}", worm=cmd.worm, area=cmd.area)
        if cmd.present
        else say("Worm {worm} is taken back from {area}", worm=cmd.worm, area=cmd.area)
    ),
    SetEradicated: _eradicated_words,
    SetWatcher: _watcher_words,
    SetAcolyte: lambda s, cmd: say("the Astral Acolyte stands in {area}", area=cmd.area),
    SetLoyalty: _loyalty_words,
    MoveUnits: lambda s, cmd: say(
        "{who}: {unit_words} moved from {area} to {to}",
        who=_who(s, cmd.owner),
        unit_words=_unit_words(cmd.unit),
        area=cmd.unit.area,
        to=cmd.to,
    ),
    SetGlacier: lambda s, cmd: (
        say("a glacier is placed on {area}", area=cmd.area)
        if cmd.present
        else say("a glacier is taken off {area}", area=cmd.area)
    ),
}


def summary(state: GameState, command: Command) -> str:
    """The correction in words, as the log and the screen's preview show it (without the reason)."""
    words = SUMMARIES[type(command)](state, command)
    return words[0].upper() + words[1:]


def is_correction(command: Command) -> bool:
    return type(command) in SUMMARIES


# -- the handlers -----------------------------------------------------------------------------

Body = Callable[[GameState, Any, Events], GameState]
# The corrections' own table: installed into the core's (actions.HANDLERS) when first used
# (game.corrections), not at import.
HANDLERS: dict[type[Command], actions.Handler] = {}


def corrects(cls: type[Command]) -> Callable[[Body], Body]:
    """Register a correction's handler: refused once the game is over; its first event says
    what was corrected and why."""

    def register(body: Body) -> Body:
        def handler(state: GameState, cmd: Any, events: Events) -> GameState:
            actions.in_play(state)
            check_count(len(cmd.reason), "A reason's length", MAX_REASON)
            events.append(CorrectionMade(tag_of(cmd), summary(state, cmd), cmd.reason.strip()))
            return body(state, cmd, events)

        HANDLERS[cls] = handler
        return body

    return register


def check_count(value: int, what: str, most: int) -> int:
    if value < 0:
        raise Refusal(Code.BAD_VALUE, "{what} cannot be negative ({value}).", what=what, value=value)
    if value > most:
        raise Refusal(
            Code.BAD_VALUE, "{what} is at most {most} at this table, not {short}.", what=what, most=most, short=_short(value)
        )
    return value


def _short(value: int) -> str:
    text = str(value)
    return text if len(text) <= 12 else f"a {len(text)}-digit number"


@corrects(c.Correct)
def correct(state: GameState, cmd: c.Correct, events: Events) -> GameState:
    seat = actions.seat_of(state, cmd.player)
    if cmd.counter not in LIMITS:
        raise Refusal(
            Code.BAD_VALUE, "{counter!r} cannot be corrected; use one of {limits}.", counter=cmd.counter, limits=", ".join(LIMITS)
        )
    value = check_count(cmd.value, cmd.counter.replace("_", " ").capitalize(), LIMITS[cmd.counter])
    player = state.players[seat]
    if cmd.counter == "power":  # (the action prompt waiting names it: flow.action_words, after every command)
        return state.with_player(seat, power=value)
    if cmd.counter == "spellbooks":
        books = player.spellbooks[:value] + ("",) * (value - spellbook_count(player))
        return state.with_player(seat, spellbooks=books)
    if cmd.counter == "hidden_elder_signs":
        return set_hidden_signs(state, seat, value, events)
    state = state.with_player(seat, doom=value)
    state = flow.doom_changed(state, seat, player.doom, value, events)
    return flow.check_doom_trigger(state, value, events)


def set_hidden_signs(state: GameState, seat: int, count: int, events: Events) -> GameState:
    """Face-down Elder Signs: a digital bag draws the new ones (refused when it has too few)
    and takes the dropped ones back; physical tokens are unknown (0) until revealed."""
    player = state.players[seat]
    held = player.elder_signs
    if count <= len(held):
        dropped, kept = held[count:], held[:count]
        bag = list(state.elder_sign_bag)
        for value in dropped:
            if value:
                bag[value - 1] += 1
        state = evolve(state, elder_sign_bag=(bag[0], bag[1], bag[2]))
        return state.with_player(seat, elder_signs=kept)
    more = count - len(held)
    if not state.options.digital_elder_signs:
        out = sum(len(p.elder_signs) + len(p.revealed) for p in state.players)
        check_count(out + more, "Elder Signs in play", sum(ELDER_SIGN_BAG))
        return state.with_player(seat, elder_signs=(*held, *(0,) * more))
    if sum(state.elder_sign_bag) < more:
        raise Refusal(
            Code.BAD_VALUE,
            "The Elder Sign bag holds only {elder_sign_bag}; {more} cannot be drawn.",
            elder_sign_bag=sum(state.elder_sign_bag),
            more=more,
        )
    for _ in range(more):
        state = flow.draw_elder_sign(state, seat, BY_HAND, events)
    return state


@corrects(SetSpellbooks)
def set_spellbooks(state: GameState, cmd: SetSpellbooks, events: Events) -> GameState:
    seat = actions.seat_of(state, cmd.player)
    names = tuple(name.strip() for name in cmd.names)
    check_count(len(names), "Spellbooks", SPELLBOOKS_TO_WIN)
    named = [name for name in names if name]
    if any(len(name) > MAX_NAME for name in named):
        raise Refusal(Code.BAD_VALUE, "A Spellbook's name is at most {max_name} characters.", max_name=MAX_NAME)
    twice = sorted({name for name in named if named.count(name) > 1})
    if twice:
        raise Refusal(Code.BAD_VALUE, "{twice} is listed twice: a player holds each Spellbook once.", twice=twice[0])
    return state.with_player(seat, spellbooks=names)


@corrects(SetRevealedElderSigns)
def set_revealed(state: GameState, cmd: SetRevealedElderSigns, events: Events) -> GameState:
    """The bag loses (or gets back) the difference, in either mode: a digital bag holds what
    was never drawn, a physical one (as the referee counts it) what was never revealed."""
    seat = actions.seat_of(state, cmd.player)
    check_count(len(cmd.values), "Revealed Elder Signs", sum(ELDER_SIGN_BAG))
    if any(v not in (1, 2, 3) for v in cmd.values):
        raise Refusal(Code.BAD_VALUE, "An Elder Sign is worth 1, 2 or 3.")
    old = state.players[seat].revealed
    bag = [state.elder_sign_bag[v - 1] - (cmd.values.count(v) - old.count(v)) for v in (1, 2, 3)]
    for v in (1, 2, 3):
        if bag[v - 1] < 0:
            raise Refusal(
                Code.BAD_VALUE,
                "All {elder_sign_bag} Elder Signs worth {v} are already out of the bag.",
                elder_sign_bag=ELDER_SIGN_BAG[v - 1],
                v=v,
            )
    state = evolve(state, elder_sign_bag=(bag[0], bag[1], bag[2]))
    return state.with_player(seat, revealed=tuple(cmd.values))


@corrects(SetRitual)
def set_ritual(state: GameState, cmd: SetRitual, events: Events) -> GameState:
    track = state.ritual_track
    position = check_count(cmd.position, "The ritual marker's space", len(track))
    state = evolve(state, ritual=position)
    if position == len(track) and not state.end_trigger:
        events.append(EndTriggered("instant_death", "at the end of the Doom Phase"))
        state = evolve(state, end_trigger="instant_death")
    return state


@corrects(SetFirstPlayer)
def set_first_player(state: GameState, cmd: SetFirstPlayer, events: Events) -> GameState:
    first = actions.seat_of(state, cmd.first)
    directions = {"clockwise": Direction.CLOCKWISE, "counterclockwise": Direction.COUNTERCLOCKWISE, "": state.direction}
    if cmd.direction not in directions:
        raise Refusal(
            Code.BAD_VALUE, "The direction is clockwise or counterclockwise, not {direction!r}.", direction=cmd.direction
        )
    return evolve(state, first=first, direction=directions[cmd.direction])


@corrects(SetCaptured)
def set_captured(state: GameState, cmd: SetCaptured, events: Events) -> GameState:
    seat = actions.seat_of(state, cmd.player)
    for victim in cmd.victims:
        actions.seat_of(state, victim)
        if victim == cmd.player:
            raise Refusal(Code.BAD_VALUE, "A player never holds its own cultists captured.")
    state = state.with_player(seat, captured=tuple(cmd.victims))
    state = hp.set_held(state, cmd.player, _high_priests_held(state, cmd))
    for victim in sorted(set(cmd.victims)):
        check_pool(state, victim, UnitKind.CULTIST, UnitKind.CULTIST.default_name)
        check_pool(state, victim, UnitKind.CULTIST, hp.HIGH_PRIEST)
    return state


def _high_priests_held(state: GameState, cmd: SetCaptured) -> tuple[str, ...]:
    """The owners of the High Priests ``cmd.player`` is to hold: ``cmd.high_priests``, each one
    of the victims; or, absent, those it holds now whose owner is still among the victims.

    :raises Refusal: NOT_NOW for High Priests without the option, BAD_VALUE for one whose owner
        is not among the victims so many times.
    """
    if cmd.high_priests is None:
        return _priests_named(state, cmd)
    if cmd.high_priests and not hp.in_use(state):
        raise Refusal(Code.NOT_NOW, "Captured High Priests are kept only with the High Priests option.")
    for owner in set(cmd.high_priests):
        if cmd.high_priests.count(owner) > cmd.victims.count(owner):
            raise Refusal(
                Code.BAD_VALUE,
                "Each captured High Priest is one of the victims too: list {who} in victims for it.",
                who=_who(state, owner),
            )
    return tuple(cmd.high_priests)


def units_out(state: GameState, owner: str, kind: UnitKind, name: str) -> int:
    """Units of one type in play: on the map, and (Acolytes) held captured by anyone."""
    on_map = sum(a.count(owner=owner, kind=kind, name=name) for a in state.areas)
    if kind is UnitKind.CULTIST and name == UnitKind.CULTIST.default_name:
        # A captured High Priest is in ``captured`` too, and held apart in its box.
        on_map += sum(p.captured.count(owner) for p in state.players) - hp.captive(state, owner)
    elif kind is UnitKind.CULTIST and name == hp.HIGH_PRIEST:
        on_map += hp.captive(state, owner)
    return on_map


def check_pool(state: GameState, owner: str, kind: UnitKind, name: str) -> None:
    """Refuse a board holding more of a unit type than the owner's box has (MAX_UNITS when
    factions.md does not give the pool)."""
    seat = state.seat(owner)
    if kind is UnitKind.CULTIST and name == hp.HIGH_PRIEST and hp.in_use(state):
        most = hp.pool(state, owner)  # the option's one (Tcho-Tcho's three, Bubastis' none)
        out = units_out(state, owner, kind, name)
        if out > most:
            raise Refusal(
                Code.NO_SUCH_UNITS,
                "{who} has {most} High Priests in all (the High Priests option), and {out} would be in play, on the"
                " map or held captured: eliminate the one in play first, or set_captured without it.",
                who=_who(state, owner),
                most=most,
                out=out,
            )
        return
    known = pool(state.players[seat].faction, kind, name) if seat is not None else None
    most = MAX_UNITS if known is None else known
    out = units_out(state, owner, kind, name)
    if out > most:
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "{who} has {most} {name} in all; {out} would be in play.",
            who=_who(state, owner),
            most=most,
            name=name,
            out=out,
        )


def check_roster(state: GameState, owner: str, kind: UnitKind, name: str) -> None:
    """Refuse a unit its owner's faction has not, or has of another kind (factions.md's roster:
    a Black Goat "Deep One", a Starspawn as a Terror). Independent Great Old Ones, neutral
    monsters (Loyalty Cards), High Priests, an unnamed unit (the kind's own name, "Monster", as
    journals and the screen place one) and a faction factions.md does not describe pass."""
    seat = state.seat(owner)
    roster = UNITS.get(state.players[seat].faction) if seat is not None else None
    if roster is None or kind is UnitKind.IGOO or name in NEUTRAL_UNITS or name in (hp.HIGH_PRIEST, kind.default_name):
        return
    if any(u.name == name and u.kind is kind for u in roster):
        return
    kinds = [u.kind.value for u in roster if u.name == name]
    if kinds:
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "{who} has no {name} of kind {kind}: its {name} is a {actual}.",
            who=_who(state, owner),
            name=name,
            kind=kind.value,
            actual=kinds[0],
        )
    raise Refusal(
        Code.NO_SUCH_UNITS, "{who} has no {name}: no unit of its faction is called that.", who=_who(state, owner), name=name
    )


@corrects(c.Place)
def place(state: GameState, cmd: c.Place, events: Events) -> GameState:
    owner = actions.owner_of(state, cmd.owner)
    name = bd.unit_name(cmd.unit.kind, cmd.unit.name)
    box = shared_box(state, cmd.unit.kind, name)
    if owner == NEUTRAL and box is None:
        _no_neutral(state, name)
    index = bd.area_index(state, cmd.unit.area)
    if cmd.unit.count < 1:
        raise Refusal(Code.BAD_VALUE, "Place at least one unit.")
    check_count(cmd.unit.count, "Units placed at once", MAX_UNITS)
    check_roster(state, owner, cmd.unit.kind, name)
    state, placed = bd.place(state, index, owner, cmd.unit.kind, name, cmd.unit.count, BY_HAND)
    check_pool(state, owner, cmd.unit.kind, name)
    if box is not None and (out := sum(area.count(kind=cmd.unit.kind, name=name) for area in state.areas)) > box:
        raise Refusal(
            Code.NO_SUCH_UNITS,
            "There are {box} {name} in all, neutral or not; {out} would be in play.",
            box=box,
            name=name,
            out=out,
        )
    events += placed
    seat = state.seat(owner)
    if cmd.unit.kind is UnitKind.GOO and seat is not None and name not in state.players[seat].awakened:
        # A Great Old One on the board has been awakened (Immortal's 4, Ithaqua's requirement).
        state = state.with_player(seat, awakened=(*state.players[seat].awakened, name))
    return state


@corrects(c.Eliminate)
def eliminate(state: GameState, cmd: c.Eliminate, events: Events) -> GameState:
    owner = actions.owner_of(state, cmd.owner)
    index = bd.area_index(state, cmd.unit.area)
    name = bd.unit_name(cmd.unit.kind, cmd.unit.name)
    state, removed = bd.remove(state, index, owner, cmd.unit.kind, name, cmd.unit.count, BY_HAND)
    events += removed
    return state


@corrects(MoveUnits)
def move_units(state: GameState, cmd: MoveUnits, events: Events) -> GameState:
    owner = actions.owner_of(state, cmd.owner)
    source, to = bd.area_index(state, cmd.unit.area), bd.area_index(state, cmd.to)
    if cmd.unit.count < 1:
        raise Refusal(Code.BAD_VALUE, "Move at least one unit.")
    if source == to:
        raise Refusal(Code.BAD_VALUE, "The units are in {area} already: move them to another area.", area=cmd.to)
    name = bd.unit_name(cmd.unit.kind, cmd.unit.name)
    state, moved = bd.move(state, source, to, owner, cmd.unit.kind, name, cmd.unit.count)
    events += moved
    return state


@corrects(c.SetGate)
def set_gate(state: GameState, cmd: c.SetGate, events: Events) -> GameState:
    index = bd.area_index(state, cmd.area)
    if cmd.state == "none":
        gate = None
    elif cmd.state == "abandoned":
        gate = Gate(None)
    else:
        actions.owner_of(state, cmd.state)
        if cmd.state == NEUTRAL:
            raise Refusal(Code.BAD_VALUE, "Only a player controls a gate.")
        if not actions.has_units(state, index, cmd.state):
            raise Refusal(Code.NO_SUCH_UNITS, "{state} has no unit in {area} to control a gate.", state=cmd.state, area=cmd.area)
        if GLACIER in state.areas[index].markers:
            raise Refusal(Code.BAD_VALUE, "The gate in {area} is under a glacier: it stays abandoned.", area=cmd.area)
        gate = Gate(cmd.state)
    bd.refuse_eradicated(state, index)
    state, changed = bd.set_gate(state, index, gate, BY_HAND)
    events += changed
    return state


def marker_name(text: str) -> str:
    marker = text.strip().lower().replace(" ", "_")
    if not marker:
        raise Refusal(Code.BAD_VALUE, "Name the marker, e.g. cathedral or ice_age.")
    if marker == ERADICATED:
        raise Refusal(Code.BAD_VALUE, "An area is eradicated or restored with set_eradicated (its rewards said).")
    check_count(len(marker), "A marker's name", MAX_NAME)
    return marker


@corrects(c.PlaceMarker)
def place_marker(state: GameState, cmd: c.PlaceMarker, events: Events) -> GameState:
    index = bd.area_index(state, cmd.area)
    marker = marker_name(cmd.marker)
    bd.refuse_eradicated(state, index)
    area = state.areas[index]
    if marker in area.markers:
        raise Refusal(Code.BAD_VALUE, "{area} already has a {marker} marker.", area=cmd.area, marker=marker)
    events.append(MarkerChanged(cmd.area, marker, True, BY_HAND))
    return state.with_area(index, evolve(area, markers=(*area.markers, marker)))


@corrects(c.RemoveMarker)
def remove_marker(state: GameState, cmd: c.RemoveMarker, events: Events) -> GameState:
    index = bd.area_index(state, cmd.area)
    marker = marker_name(cmd.marker)
    area = state.areas[index]
    if marker not in area.markers:
        raise Refusal(Code.BAD_VALUE, "{area} has no {marker} marker.", area=cmd.area, marker=marker)
    events.append(MarkerChanged(cmd.area, marker, False, BY_HAND))
    return state.with_area(index, evolve(area, markers=tuple(m for m in area.markers if m != marker)))


# -- neutral units: Abhoth's lost Filth, Yuggoth's Slime Molds ------------------------------------

# A Slime Mold of the Yuggoth map (not modelled: entered by correction): six in the box, neutral
# when the Overlook's gate is abandoned (cthulhu-wars.md section 2.2, "Slime Sea / Slime Molds").
SLIME_MOLD = "Slime Mold"
SLIME_MOLDS = 6


def shared_box(state: GameState, kind: UnitKind, name: str) -> int | None:
    """How many units called ``name`` the game has in all when they may stand neutral in it (one
    box, whoever holds them), else None: Abhoth's Filth with Abhoth in the game (Lost Abhoth,
    factions.md section 12), the Slime Molds on Yuggoth (its Watcher passes neutral ones by)."""
    if kind is not UnitKind.MONSTER:
        return None
    if name == ind.FILTH and ind.ABHOTH in state.options.independents:
        return NEUTRAL_UNITS[ind.FILTH].pool
    return SLIME_MOLDS if name == SLIME_MOLD and state.board.is_yuggoth else None


def _no_neutral(state: GameState, name: str) -> None:
    """Refuse ``name`` placed as no player's (:func:`shared_box` says it cannot be neutral here)."""
    if name == ind.FILTH:
        raise Refusal(
            Code.NOT_NOW,
            "No Filth is neutral in this game: neutral Filth are Abhoth's, and Abhoth is not in it."
            " Place the units for the player who owns them.",
        )
    raise Refusal(
        Code.NOT_NOW,
        "No {name} is neutral in this game: neutral units are Abhoth's Filth (with Abhoth in the game) and the"
        " Slime Molds (on Yuggoth). Place the units for the player who owns them.",
        name=name,
    )


# -- Loyalty Cards (independent Great Old Ones and neutral monsters) -------------------------------


def loyalty_card(state: GameState, card: str) -> str:
    """``card`` when it is one of this game's Loyalty Cards.

    :raises Refusal: BAD_VALUE for a name that is no Loyalty Card; NOT_NOW for one this game
        was not set up with (``options.independents``).
    """
    if card not in ind.CARDS:
        raise Refusal(Code.BAD_VALUE, "{card!r} is no Loyalty Card ({cards}).", card=card, cards=", ".join(ind.CARDS))
    if card not in state.options.independents:
        if not state.options.independents:
            raise Refusal(Code.NOT_NOW, "This game has no independent Great Old Ones or neutral monsters.")
        cards = ", ".join(state.options.independents)
        raise Refusal(Code.NOT_NOW, "{card} is not in this game (its Loyalty Cards: {cards}).", card=card, cards=cards)
    return card


def _check_book(state: GameState, cmd: SetLoyalty) -> None:
    """Refuse a Spellbook said to be held where the game has none to hold."""
    if not cmd.spellbook:
        return
    if cmd.card not in ind.BOOKS:
        raise Refusal(Code.BAD_VALUE, "The {card} card has no Spellbook: say spellbook false or leave it out.", card=cmd.card)
    if not state.options.abilities:
        raise Refusal(Code.NOT_NOW, "The independents' Spellbooks are played with the abilities option only.")
    if not cmd.holder:
        raise Refusal(Code.BAD_VALUE, "A card in the supply has no Spellbook held: give the card to a player with it.")


def _check_figures(state: GameState, cmd: SetLoyalty) -> None:
    """Refuse the card taken from the figures it commands: a card's figures on the map are its
    holder's (Abhoth's owner's, the Ghasts' summoner's), so a card that left them would leave a
    Great Old One of the supply on the map, or a second box of its monsters to summon; his
    card's going back is what turns Abhoth's Filth neutral (Lost Abhoth), as eliminating him by
    correction does."""
    kinds = (UnitKind.IGOO, UnitKind.MONSTER)
    owners = sorted({u.owner for a in state.areas for u in a.units if u.name == cmd.card and u.kind in kinds})
    other = next((owner for owner in owners if owner != cmd.holder), None)
    if other is not None:
        raise Refusal(
            Code.NOT_NOW,
            "{card} is on the map as {who}'s, and the card goes with its figures: eliminate them first (a Great"
            " Old One's card then goes back to the supply by itself), then give the card.",
            card=cmd.card,
            who=_who(state, other),
        )


@corrects(SetLoyalty)
def set_loyalty(state: GameState, cmd: SetLoyalty, events: Events) -> GameState:
    """The card (and its Spellbook) where the table says; a ``loyalty_card_changed`` when the
    card moved, an ``independent_spellbook_changed`` when its book did."""
    card = loyalty_card(state, cmd.card)
    if cmd.holder:
        actions.seat_of(state, cmd.holder)
    _check_book(state, cmd)
    _check_figures(state, cmd)
    book = ind.BOOKS.get(card, "")
    held, book_held = ind.holder(state, card), ind.holder(state, book) if book else ""
    book_to = cmd.holder if _keeps_book(state, cmd) else ""
    if held == cmd.holder and book_held == book_to:
        if book and state.options.abilities:
            raise Refusal(
                Code.BAD_VALUE,
                "The {card} Loyalty Card and its Spellbook are already where this correction puts them.",
                card=card,
            )
        raise Refusal(Code.BAD_VALUE, "The {card} Loyalty Card is already where this correction puts it.", card=card)
    if held != cmd.holder:
        events.append(ind.LoyaltyCardChanged(card, cmd.holder, BY_HAND))
    if book_held != book_to:
        events.append(IndependentSpellbookChanged(book, card, book_to, BY_HAND))
    kept = tuple(entry for entry in state.loyalty if entry[0] not in (card, book))
    added = ((card, cmd.holder),) if cmd.holder else ()
    return evolve(state, loyalty=(*kept, *added, *(((book, book_to),) if book_to else ())))


# -- the maps' own pieces -------------------------------------------------------------------


def worms_of(state: GameState) -> Worms:
    if state.worms is None:
        raise Refusal(Code.NOT_NOW, "Only the Shaggai map has Worms of Ghroth and eradicated areas.")
    return state.worms


@corrects(SetWorm)
def set_worm(state: GameState, cmd: SetWorm, events: Events) -> GameState:
    worms = worms_of(state)
    index = bd.area_index(state, cmd.area)
    if cmd.worm not in state.board.worm_numbers:
        numbers = ", ".join(map(str, state.board.worm_numbers))
        raise Refusal(Code.BAD_VALUE, "No Worm is numbered {worm} (the Worms are {numbers}).", worm=cmd.worm, numbers=numbers)
    here = worms.in_area(index)
    if not cmd.present:
        if here != cmd.worm:
            raise Refusal(Code.BAD_VALUE, "Worm {worm} is not in {area}.", worm=cmd.worm, area=cmd.area)
        on_map = tuple(pair for pair in worms.on_map if pair[0] != index)
        return evolve(state, worms=Worms(on_map, (*worms.supply, cmd.worm)))
    bd.refuse_eradicated(state, index)
    if here is not None:
        raise Refusal(Code.BAD_VALUE, "{area} already has Worm {here}: one Worm per area.", area=cmd.area, here=here)
    on_map = (*(pair for pair in worms.on_map if pair[1] != cmd.worm), (index, cmd.worm))
    supply = tuple(n for n in worms.supply if n != cmd.worm)
    return evolve(state, worms=Worms(tuple(sorted(on_map)), supply))


@corrects(SetEradicated)
def set_eradicated(state: GameState, cmd: SetEradicated, events: Events) -> GameState:
    worms = worms_of(state)
    index = bd.area_index(state, cmd.area)
    area = state.areas[index]
    gone = ERADICATED in area.markers
    if not cmd.eradicated:
        if not gone:
            raise Refusal(Code.BAD_VALUE, "{area} is not eradicated.", area=cmd.area)
        if cmd.rewards:
            raise Refusal(Code.BAD_VALUE, "Restoring an area pays no rewards: say rewards false.")
        return state.with_area(index, evolve(area, markers=tuple(m for m in area.markers if m != ERADICATED)))
    if gone:
        raise Refusal(Code.ERADICATED, "{area} is already eradicated.", area=cmd.area)
    acolyte = state.acolyte
    if acolyte is not None and acolyte.status is AcolyteStatus.PLACED and acolyte.area == index:
        raise Refusal(Code.UNTOUCHABLE, "The Astral Acolyte stands in {area}: move it first (set_acolyte).", area=cmd.area)
    rewards = shaggai.compensation(state, index)[1]
    if area.gate is not None:
        state, changed = bd.set_gate(state, index, None, "eradicated")
        events += changed
    for stack in area.units:
        state, removed = bd.remove(state, index, stack.owner, stack.kind, stack.name, stack.count, "eradicated")
        events += removed
    state = state.with_area(index, evolve(state.areas[index], markers=(ERADICATED,)))
    worm = worms.in_area(index)
    if worm is not None:
        state = evolve(state, worms=Worms(tuple(p for p in worms.on_map if p[0] != index), (*worms.supply, worm)))
    if cmd.rewards:
        state = shaggai.pay_rewards(state, rewards, events)
    ended = shaggai.check_worlds_end(state, events)
    return state if ended is state else flow.run(ended, events)  # the World's End: the final reveal


@corrects(SetWatcher)
def set_watcher(state: GameState, cmd: SetWatcher, events: Events) -> GameState:
    watcher = state.watcher
    if watcher is None:
        raise Refusal(Code.NOT_NOW, "Only the Yuggoth map has the Watcher.")
    if watcher.fight is not None or watcher.controllers is not None:
        raise Refusal(Code.NOT_NOW, "The Watcher is attacking or in a battle: correct it when that is over.")
    if not cmd.awake:
        if cmd.token != WATCHER_TOKEN_START or cmd.area:
            raise Refusal(Code.BAD_VALUE, "An asleep Watcher's token is dark at 12 and the figure is off the map.")
        return evolve(state, watcher=evolve(watcher, awake=False, token=WATCHER_TOKEN_START, area=-1))
    if not 1 <= cmd.token <= WATCHER_TOKEN_START:
        raise Refusal(
            Code.BAD_VALUE,
            "An awake Watcher's token is 1 to {watcher_token_start}, not {short}.",
            watcher_token_start=WATCHER_TOKEN_START,
            short=_short(cmd.token),
        )
    if not cmd.area:
        raise Refusal(Code.BAD_VALUE, "Say where the awake Watcher stands.")
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    return evolve(state, watcher=evolve(watcher, awake=True, token=cmd.token, area=index, wake_pending=False))


@corrects(SetAcolyte)
def set_acolyte(state: GameState, cmd: SetAcolyte, events: Events) -> GameState:
    """Placed where the table says; leaving a gate it held abandons it (as its Move does); its
    controller and the gate it lands on are settled after the command (acolyte.sync)."""
    acolyte = state.acolyte
    if acolyte is None:
        raise Refusal(Code.NOT_NOW, "This game does not use the Astral Acolyte.")
    index = bd.area_index(state, cmd.area)
    bd.refuse_eradicated(state, index)
    placed = acolyte.status is AcolyteStatus.PLACED
    if placed and acolyte.area == index:
        raise Refusal(Code.BAD_VALUE, "The Astral Acolyte is already in {area}.", area=cmd.area)
    if placed:
        gate = state.areas[acolyte.area].gate
        if gate is not None and gate.acolyte:
            state, changed = bd.set_gate(state, acolyte.area, Gate(None), "the Astral Acolyte left it")
            events += changed
    return evolve(state, acolyte=evolve(acolyte, status=AcolyteStatus.PLACED, area=index, controller=""))


@corrects(SetGlacier)
def set_glacier(state: GameState, cmd: SetGlacier, events: Events) -> GameState:
    if not state.board.is_primeval:
        raise Refusal(Code.NOT_NOW, "Only the Primeval Earth map has glaciers.")
    index = bd.area_index(state, cmd.area)
    area = state.areas[index]
    if not cmd.present:
        if GLACIER not in area.markers:
            raise Refusal(Code.BAD_VALUE, "{area} has no glacier.", area=cmd.area)
        return state.with_area(index, evolve(area, markers=tuple(m for m in area.markers if m != GLACIER)))
    if GLACIER in area.markers:
        raise Refusal(Code.BAD_VALUE, "{area} already has a glacier.", area=cmd.area)
    if primeval.glaciers_used(state) >= primeval.GLACIERS_IN_BOX:
        raise Refusal(Code.BAD_VALUE, "All {glaciers_in_box} glaciers are on the map.", glaciers_in_box=primeval.GLACIERS_IN_BOX)
    return primeval.cover(state, index, events)


# -- joining a game in progress ---------------------------------------------------------------

JOIN_PHASES = {
    Phase.GATHER_POWER: Step.GATHER_POWER,
    Phase.FIRST_PLAYER: Step.FIRST_PLAYER,
    Phase.DOOM: Step.DOOM_START,
    Phase.ACTION: Step.ACTION_START,
}
FIRST_DOOM_ROUND = 2  # round 1 is set-up and an Action Phase; round 2 holds the first Doom Phase


def join(state: GameState, joined: c.Join, events: Events) -> GameState:
    """An empty board at the start of ``joined.phase`` of ``joined.round``, waiting for the
    table to enter it (a ``join`` prompt); ``begin_play`` then runs that phase.  Every counter
    starts at 0, every Worm is in the supply; the Astral Acolyte waits for its placement and
    the first glaciers come only if the first Doom Phase is still ahead."""
    if joined.phase not in JOIN_PHASES:
        phases = ", ".join(p.value for p in JOIN_PHASES)
        raise Refusal(Code.BAD_VALUE, "A game is joined at {phases}; not {phase}.", phases=phases, phase=joined.phase.value)
    if not 1 <= joined.round <= MAX_ROUND:
        raise Refusal(
            Code.BAD_VALUE, "The round is 1 to {max_round}, not {short}.", max_round=MAX_ROUND, short=_short(joined.round)
        )
    if joined.round == 1 and joined.phase is not Phase.ACTION:
        raise Refusal(Code.BAD_VALUE, "Round 1 has only set-up and an Action Phase: join it at action.")
    before_first_doom = joined.round < FIRST_DOOM_ROUND or (joined.round == FIRST_DOOM_ROUND and joined.phase is not Phase.ACTION)
    players = tuple(evolve(p, power=0) for p in state.players)
    state = evolve(state, players=players, round=joined.round, phase=joined.phase, glaciers_begun=not before_first_doom)
    if state.worms is not None:
        state = evolve(state, worms=Worms((), state.board.worm_numbers))
    if state.acolyte is not None and not before_first_doom:
        state = evolve(state, acolyte=evolve(state.acolyte, status=AcolyteStatus.UNUSED))
    steps = flow.round_steps(state)
    pending = steps[steps.index(JOIN_PHASES[joined.phase]) :]
    phase = joined.phase.value.replace("_", " ")
    text = say(
        "Joined at round {round}, {phase} phase: enter the board with corrections, then begin play.",
        round=joined.round,
        phase=phase,
    )
    events.append(GameJoined(joined.round, joined.phase.value))
    return evolve(state, pending=pending, prompt=Prompt(PromptKind.JOIN, "", text, ("begin_play",)))


def begin_play(state: GameState, cmd: BeginPlay, events: Events) -> GameState:
    if state.prompt.kind is not PromptKind.JOIN:
        raise Refusal(Code.NOT_NOW, "Play is under way. {waiting_for}", waiting_for=actions.waiting_for(state))
    past_first_doom = state.round > FIRST_DOOM_ROUND or (state.round == FIRST_DOOM_ROUND and state.phase is Phase.ACTION)
    if state.options.abilities and past_first_doom:
        state = _met_before_the_join(state)
    return flow.run(evolve(state, prompt=NO_PROMPT), events)


def _met_before_the_join(state: GameState) -> GameState:
    """A game joined after its first Doom Phase: the Spellbook requirements the entered board
    meets were met before the join, so they are recorded as met without what meeting them gives
    (the table entered the Spellbooks, Elder Signs and Power it holds): beginning play draws no
    "First Doom Phase" Elder Sign again.  Read as in that round's Action Phase (the First Doom
    Phase is behind it); the check's own draws are on a copy, dropped."""
    from companion.engine.cthulhu import abilities  # (abilities imports the engine's modules)

    checked = abilities.check_requirements(evolve(state, phase=Phase.ACTION), [], every=True)
    return evolve(state, abilities=evolve(state.abilities, met=checked.abilities.met))


def answers_join(state: GameState) -> Iterator[Command]:
    yield BeginPlay()


HANDLERS[BeginPlay] = begin_play
PROMPT_ANSWERS: dict[PromptKind, Callable[[GameState], Iterator[Command]]] = {PromptKind.JOIN: answers_join}
