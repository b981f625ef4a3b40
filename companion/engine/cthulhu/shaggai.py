"""Shaggai: the Worms of Ghroth, eradication, the Cosmic Power and the World's End
(../shared/rules/shaggai-worms.txt).

At the end of every Doom Phase one degradation die is rolled per player; every Worm whose base
number came up is eradicated with its area: gate, Cathedral and markers removed, every unit
eliminated, and the losers compensated (Power per unit, Elder Signs for a controlled gate and
for each faction Great Old One; Doom to the Ancients for a Cathedral).  Then, from the first
player, each player places a new Worm next to The Worm that Gnaws in the Night or to an
eradicated area.  Fewer than 2 areas per player left: the World's End.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import actions, flow
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.commands import GainSpellbook
from companion.engine.cthulhu.events import Part
from companion.engine.cthulhu.factions import independents as ind
from companion.engine.cthulhu.model import (
    ERADICATED,
    NEUTRAL,
    NO_PROMPT,
    SPELLBOOKS_TO_WIN,
    YOG_SOTHOTH,
    DieKind,
    Faction,
    GameState,
    Prompt,
    PromptKind,
    Step,
    UnitKind,
    Worms,
    spellbook_count,
)
from companion.engine.cthulhu.pools import SPELLBOOKS
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

Events = flow.Events
COSMIC_SPELLBOOK_COST = 6
AREAS_PER_PLAYER = 2  # the World's End comes when fewer than this many areas per player remain
CATHEDRAL = "cathedral"
# Expansions that react to an area's eradication (the Astral Acolyte) register here.
ERADICATION_HOOKS: list[Callable[[GameState, int, Events], GameState]] = []


# -- commands and events --------------------------------------------------------------------


@COMMANDS.register("place_worm")
@dataclass(frozen=True, slots=True)
class PlaceWorm(Command):
    """Place a new Worm in one of the offered areas; ``worm`` is the number on its base
    (the next worm in the supply when omitted)."""

    player: str
    area: str
    worm: int | None = None


@COMMANDS.register("cosmic_spellbook")
@dataclass(frozen=True, slots=True)
class CosmicSpellbook(Command):
    """The Cosmic Power action: any Spellbook for 6 Power, with a gate in a Worm's area."""

    player: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class Reward:
    """What one player gains from an eradication."""

    player: str
    power: int
    elder_signs: int
    doom: int


@EVENTS.register("worm_placed")
@dataclass(frozen=True, slots=True)
class WormPlaced(Event):
    area: str
    worm: int
    player: str = ""


@EVENTS.register("worms_degraded")
@dataclass(frozen=True, slots=True)
class WormsDegraded(Event):
    """The degradation dice, and the worm numbers they matched."""

    values: tuple[int, ...]
    matched: tuple[int, ...]


@EVENTS.register("area_eradicated")
@dataclass(frozen=True, slots=True)
class AreaEradicated(Event):
    """One summary the table can check: what was removed and what each player gains."""

    area: str
    worm: int
    gate: str  # "none", "abandoned" or the controller's id
    markers: tuple[str, ...]
    units: tuple[Part, ...]  # owner id -> units eliminated
    rewards: tuple[Reward, ...]


@EVENTS.register("worm_placement_ended")
@dataclass(frozen=True, slots=True)
class WormPlacementEnded(Event):
    """From ``player`` on, nobody places a Worm: ``reason`` is "no worms left" or "no legal area"."""

    player: str
    reason: str


@EVENTS.register("worlds_end")
@dataclass(frozen=True, slots=True)
class WorldsEnd(Event):
    remaining: int
    needed: int


# -- set-up ---------------------------------------------------------------------------------


def setup(state: GameState, events: Events) -> GameState:
    """One Worm on The Worm that Gnaws in the Night: the first number the map lists."""
    start = state.board.worm_start
    if start is None:
        return state
    numbers = state.board.worm_numbers
    events.append(WormPlaced(state.area_name(start), numbers[0]))
    return evolve(state, worms=Worms(on_map=((start, numbers[0]),), supply=numbers[1:]))


def worms(state: GameState) -> Worms:
    assert state.worms is not None, "not a Shaggai game"
    return state.worms


def eradicated(state: GameState, index: int) -> bool:
    return ERADICATED in state.areas[index].markers


# -- Degrade Worms --------------------------------------------------------------------------


def step_degrade(state: GameState, events: Events) -> GameState:
    """Doom Phase, after everything else: one degradation die per player."""
    if state.queue is not None or not worms(state).on_map:
        return flow.done(state)
    dice = len(state.players)
    text = say("Roll {dice} worm degradation dice.", dice=dice)
    prompt = actions.roll_prompt("", dice, "worms_degrade", text, DieKind.DEGRADATION)
    return evolve(state, queue=(), prompt=prompt)


def degraded(state: GameState, values: tuple[int, ...], events: Events) -> GameState:
    on_map = worms(state).on_map
    hit = [area for area, number in on_map if number in values]
    events.append(WormsDegraded(values, tuple(sorted({n for _, n in on_map if n in values}))))
    for index in hit:
        state = eradicate(state, index, events)
    return flow.run(check_worlds_end(state, events), events)


def compensation(state: GameState, index: int) -> tuple[tuple[Part, ...], tuple[Reward, ...]]:
    """What an eradication of area ``index`` would remove and pay, from the board now:
    the units each owner loses, and per player Power (1 per unit), Elder Signs (1 for a
    controlled gate, 1 per faction Great Old One, 1 more for Yog-Sothoth, who counts as a gate)
    and Doom (1 to the Ancients for a Cathedral)."""
    area = state.areas[index]
    power: dict[str, int] = {}
    signs: dict[str, int] = {}
    doom: dict[str, int] = {}
    lost: dict[str, int] = {}
    if area.gate is not None and area.gate.controller is not None:
        signs[area.gate.controller] = signs.get(area.gate.controller, 0) + 1
    for stack in area.units:
        lost[stack.owner] = lost.get(stack.owner, 0) + stack.count
        if stack.owner == NEUTRAL:
            continue
        power[stack.owner] = power.get(stack.owner, 0) + stack.count
        if stack.kind is UnitKind.GOO:
            extra = 2 if stack.name == YOG_SOTHOTH else 1
            signs[stack.owner] = signs.get(stack.owner, 0) + extra * stack.count
    ancients = state.seat(Faction.ANCIENTS.value)
    if CATHEDRAL in area.markers and ancients is not None:
        doom[Faction.ANCIENTS.value] = 1
    players = sorted(set(power) | set(signs) | set(doom))
    rewards = tuple(Reward(p, power.get(p, 0), signs.get(p, 0), doom.get(p, 0)) for p in players)
    return tuple(Part(owner, count) for owner, count in sorted(lost.items())), rewards


def eradicate(state: GameState, index: int, events: Events) -> GameState:
    """Replace the Worm with an eradication marker; remove and compensate (one summary event)."""
    area = state.areas[index]
    name = state.area_name(index)
    worm = worms(state).in_area(index)
    assert worm is not None
    losses, rewards = compensation(state, index)
    gate = bd.gate_label(area.gate)
    markers = tuple(m for m in area.markers if m != ERADICATED)
    events.append(AreaEradicated(name, worm, gate, markers, losses, rewards))
    state = state.with_area(index, evolve(area, gate=None, markers=(ERADICATED,)))
    for stack in area.units:
        state, removed = bd.remove(state, index, stack.owner, stack.kind, stack.name, stack.count, "eradicated")
        events += removed
    on_map = tuple(pair for pair in worms(state).on_map if pair[0] != index)
    state = evolve(state, worms=Worms(on_map, (*worms(state).supply, worm)))
    for hook in ERADICATION_HOOKS:
        state = hook(state, index, events)
    return pay_rewards(state, rewards, events)


def pay_rewards(state: GameState, rewards: tuple[Reward, ...], events: Events) -> GameState:
    for reward in rewards:
        seat = state.seat(reward.player)
        assert seat is not None
        if reward.power:
            state = state.with_player(seat, power=state.players[seat].power + reward.power)
        for _ in range(reward.elder_signs):
            state = flow.draw_elder_sign(state, seat, "eradication", events)
        if reward.doom:
            state = flow.gain_doom(state, seat, reward.doom, "a Cathedral eradicated", events)
    return state


# -- the World's End ------------------------------------------------------------------------


def remaining_areas(state: GameState) -> int:
    return sum(1 for i in range(len(state.areas)) if not eradicated(state, i))


def check_worlds_end(state: GameState, events: Events) -> GameState:
    """Fewer than 2 non-eradicated areas per player: the game ends at once."""
    needed = AREAS_PER_PLAYER * len(state.players)
    remaining = remaining_areas(state)
    if remaining >= needed:
        return state
    events.append(WorldsEnd(remaining, needed))
    return evolve(state, end_trigger="worlds_end", pending=(Step.FINAL_REVEAL,), queue=None, prompt=NO_PROMPT)


# -- Place New Worms ------------------------------------------------------------------------


def legal_worm_areas(state: GameState) -> tuple[int, ...]:
    gone = frozenset(i for i in range(len(state.areas)) if eradicated(state, i))
    taken = frozenset(area for area, _ in worms(state).on_map)
    return worm_targets(state.board.adjacent, state.board.worm_start, gone, taken)


def worm_targets(
    adjacent: tuple[frozenset[int], ...], start: int | None, gone: frozenset[int], taken: frozenset[int]
) -> tuple[int, ...]:
    """Areas adjacent to The Worm that Gnaws in the Night or to an eradicated area, not
    eradicated themselves and without a Worm (one Worm per area)."""
    anchors = set(gone) | ({start} if start is not None else set())
    near: set[int] = set().union(*(adjacent[a] for a in anchors)) if anchors else set()
    return tuple(sorted(i for i in near if i not in gone and i not in taken))


def step_place(state: GameState, events: Events) -> GameState:
    """From the starting player, each player places one Worm; when none is left or no area is
    legal, that player and all after place none."""
    if state.queue is None:
        state = evolve(state, queue=state.turn_order())
    if not state.queue:
        return flow.done(state)
    player = state.players[state.queue[0]]
    choices = tuple(state.area_name(i) for i in legal_worm_areas(state))
    reason = say("no worms left") if not worms(state).supply else say("no legal area") if not choices else ""
    if reason:
        events.append(WormPlacementEnded(player.pid, reason))
        return flow.done(state)
    text = say("{player}: place a Worm (next: {supply}).", player=player.label, supply=worms(state).supply[0])
    return evolve(state, prompt=Prompt(PromptKind.PLACE, player.pid, text, choices))


def place_worm(state: GameState, cmd: PlaceWorm, events: Events) -> GameState:
    actions.expect(state, PromptKind.PLACE, cmd.player)
    actions.choice(state, cmd.area)
    supply = list(worms(state).supply)
    number = supply[0] if cmd.worm is None else cmd.worm
    if number not in supply:
        raise Refusal(
            Code.BAD_VALUE,
            "No worm numbered {number} is left to place (left: {map}).",
            number=number,
            map=", ".join(map(str, supply)),
        )
    supply.remove(number)
    index = bd.area_index(state, cmd.area)
    on_map = tuple(sorted((*worms(state).on_map, (index, number))))
    events.append(WormPlaced(cmd.area, number, cmd.player))
    state = evolve(state, worms=Worms(on_map, tuple(supply)))
    return flow.run(flow.answered(state), events)


# -- the Cosmic Power -----------------------------------------------------------------------


def cosmic_spellbook(state: GameState, cmd: CosmicSpellbook, events: Events) -> GameState:
    """As an action, any Spellbook for 6 Power, with a controlled gate in a Worm's area."""
    seat = actions.my_turn(state, cmd.player)
    player = state.players[seat]
    if not bd.cosmic_gate(state, cmd.player):
        raise Refusal(
            Code.NOT_CONTROLLER,
            "The Cosmic Power needs a gate {player} controls (or Yog-Sothoth, who counts as one) in an area with a Worm.",
            player=player.label,
        )
    igoo = next((card for card, book in ind.BOOKS.items() if book == cmd.name), "")
    if igoo:
        return _independent_book(state, seat, igoo, events)
    if spellbook_count(player) >= SPELLBOOKS_TO_WIN:
        raise Refusal(
            Code.BAD_VALUE,
            "{player} already has all {spellbooks_to_win} spellbooks.",
            player=player.label,
            spellbooks_to_win=SPELLBOOKS_TO_WIN,
        )
    state = actions.pay(state, seat, COSMIC_SPELLBOOK_COST, say("a Spellbook by the Cosmic Power"), events)
    state = actions.gain_spellbook(state, GainSpellbook(cmd.player, cmd.name or "by the Cosmic Power"), events)
    return actions.end_action(state, events)


def cosmic_offers(state: GameState, pid: str) -> Iterator[Command]:
    """The Cosmic Power's action for ``pid`` (its action turn): one per Spellbook it may place by
    it now: each of its faction's not held yet (while it holds fewer than six), and each
    independent Great Old One's in the game that nobody holds.  Offered only with 6 Power and a
    gate it controls in a Worm's area (shaggai-worms.txt, "The Cosmic Power")."""
    player = state.player(pid)
    if state.worms is None or player.power < COSMIC_SPELLBOOK_COST or not bd.cosmic_gate(state, pid):
        return
    if spellbook_count(player) < SPELLBOOKS_TO_WIN:
        books = SPELLBOOKS.get(player.faction, ())
        yield from (CosmicSpellbook(pid, name) for name in books if name not in player.spellbooks)
    for igoo in state.options.independents:
        book = ind.BOOKS.get(igoo)
        if book and not ind.holder(state, book):
            yield CosmicSpellbook(pid, book)


def _independent_book(state: GameState, seat: int, igoo: str, events: Events) -> GameState:
    """An independent Great Old One's Spellbook by the Cosmic Power: held as that independent's
    book, beside the six (docs/rules-notes.md, "The independents' Spellbooks"), so its ability
    works for its holder; one copy, so not while another holds it."""
    pid, book = state.players[seat].pid, ind.BOOKS[igoo]
    if igoo not in state.options.independents:
        raise Refusal(Code.NOT_NOW, "{igoo} is not in this game.", igoo=igoo)
    if ind.holder(state, book):
        raise Refusal(Code.NOT_NOW, "{book} is held already.", book=book)
    state = actions.pay(state, seat, COSMIC_SPELLBOOK_COST, say("a Spellbook by the Cosmic Power"), events)
    events.append(ind.IndependentSpellbookGained(pid, igoo, book))
    state = evolve(state, loyalty=(*state.loyalty, (book, pid)))
    return actions.end_action(state, events)


def answers_place(state: GameState) -> Iterator[Command]:
    return (PlaceWorm(state.prompt.actor, area) for area in state.prompt.choices)
