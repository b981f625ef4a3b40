"""The Astral Acolyte, a game option on any map (../shared/rules/astral-acolyte.txt).

Placed by the first player at the end of the first Doom Phase in an area with no other units
(or not used at all); controlled by the player with the single highest-ranking unit in its
area; on a gate it holds the gate for its controller (uncontrolled, the gate is not abandoned
and pays nobody); untouchable by everything but a Shaggai eradication with no way out.

Control is evaluated after every accepted command (each command is one action at the table),
and every change is an event.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, EVENTS, Code, Command, Event, Refusal
from companion.engine.cthulhu import actions, flow, shaggai
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.model import (
    ERADICATED,
    GLACIER,
    NO_PROMPT,
    Acolyte,
    AcolyteStatus,
    GameState,
    Gate,
    Prompt,
    PromptKind,
    Step,
)
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

Events = flow.Events


@COMMANDS.register("place_acolyte")
@dataclass(frozen=True, slots=True)
class PlaceAcolyte(Command):
    """The first player puts the Astral Acolyte in one of the offered areas (at the end of the
    first Doom Phase, or when its Shaggai area is eradicated)."""

    player: str
    area: str


@EVENTS.register("acolyte_placed")
@dataclass(frozen=True, slots=True)
class AcolytePlaced(Event):
    area: str
    player: str
    reason: str


@EVENTS.register("acolyte_unused")
@dataclass(frozen=True, slots=True)
class AcolyteUnused(Event):
    reason: str


@EVENTS.register("acolyte_control_changed")
@dataclass(frozen=True, slots=True)
class AcolyteControlChanged(Event):
    """``new`` is "" when nobody controls it (no other unit, or a tie at the top rank)."""

    area: str
    old: str
    new: str


@EVENTS.register("acolyte_moved")
@dataclass(frozen=True, slots=True)
class AcolyteMoved(Event):
    player: str
    source: str
    to: str


@EVENTS.register("acolyte_eliminated")
@dataclass(frozen=True, slots=True)
class AcolyteEliminated(Event):
    area: str
    reason: str


@EVENTS.register("acolyte_gate_idle")
@dataclass(frozen=True, slots=True)
class AcolyteGateIdle(Event):
    """Gather Power: the uncontrolled Astral Acolyte holds this gate, which pays nobody."""

    area: str


# -- control --------------------------------------------------------------------------------


def acolyte(state: GameState) -> Acolyte:
    assert state.acolyte is not None, "the Astral Acolyte is not in this game"
    return state.acolyte


def controller_in(state: GameState, index: int) -> str:
    """The player with the single highest-ranking unit in the area, or "" (none, or a tie).
    Ranks: faction Great Old One, independent Great Old One, Terror, Monster, Cultist."""
    players = {p.pid for p in state.players}
    best: dict[str, int] = {}
    for stack in state.areas[index].units:
        if stack.owner in players:
            best[stack.owner] = min(best.get(stack.owner, 99), stack.kind.rank)
    if not best:
        return ""
    top = min(best.values())
    holders = [pid for pid, rank in best.items() if rank == top]
    return holders[0] if len(holders) == 1 else ""


def sync(state: GameState, events: Events) -> GameState:
    """After every command: re-evaluate control, and sit on the area's gate (unless a glacier
    covers it), holding it for the controller."""
    a = state.acolyte
    if a is None or a.status is not AcolyteStatus.PLACED or ERADICATED in state.areas[a.area].markers:
        return state
    new = controller_in(state, a.area)
    if new != a.controller:
        events.append(AcolyteControlChanged(state.area_name(a.area), a.controller, new))
        state = evolve(state, acolyte=evolve(a, controller=new))
    area = state.areas[a.area]
    wanted = Gate(new or None, acolyte=True)
    if area.gate is not None and GLACIER not in area.markers and area.gate != wanted:
        state, changed = bd.set_gate(state, a.area, wanted, "held by the Astral Acolyte")
        events += changed
    return state


# -- placement ------------------------------------------------------------------------------


def empty_areas(state: GameState) -> tuple[str, ...]:
    """Areas with no units (and not eradicated).  The Watcher, kept off the areas' units, is one
    ("The Watcher is a Great Old One", yuggoth-watcher.txt; docs/rules-notes.md)."""
    watcher = state.watcher.area if state.watcher is not None else -1
    return tuple(
        state.area_name(i)
        for i, area in enumerate(state.areas)
        if not area.units and ERADICATED not in area.markers and i != watcher
    )


def step_place(state: GameState, events: Events) -> GameState:
    """End of the first Doom Phase: the first player places it where no other unit is."""
    a = acolyte(state)
    if a.status is not AcolyteStatus.WAITING:
        return flow.done(state)
    choices = empty_areas(state)
    if not choices:
        events.append(AcolyteUnused("no area without units at the end of the first Doom Phase"))
        return flow.done(evolve(state, acolyte=evolve(a, status=AcolyteStatus.UNUSED)))
    first = state.players[state.first]
    text = say("{first}: place the Astral Acolyte in an area with no units.", first=first.label)
    return evolve(state, prompt=Prompt(PromptKind.ACOLYTE, first.pid, text, choices))


def place(state: GameState, cmd: PlaceAcolyte, events: Events) -> GameState:
    actions.expect(state, PromptKind.ACOLYTE, cmd.player)
    actions.choice(state, cmd.area)
    a = acolyte(state)
    reason = "first Doom Phase" if a.status is AcolyteStatus.WAITING else "its area was eradicated"
    if a.status is AcolyteStatus.PLACED:
        events.append(AcolyteMoved(cmd.player, state.area_name(a.area), cmd.area))
    else:
        events.append(AcolytePlaced(cmd.area, cmd.player, reason))
    index = bd.area_index(state, cmd.area)
    state = evolve(state, acolyte=Acolyte(AcolyteStatus.PLACED, index, ""))
    state = sync(state, events)
    return flow.run(flow.done(evolve(state, prompt=NO_PROMPT)), events)


# -- moving it --------------------------------------------------------------------------------


def move(state: GameState, pid: str, to: int, events: Events) -> tuple[GameState, bool]:
    """Its controller moves it with a normal Move action: from its area to ``to``, adjacent or
    across eradicated areas.  Returns the state and whether it crossed: a crossing is charged
    like any unit's, one of the Move's other units is lost (it never is, so it cannot cross
    alone; the Move checks that).  Leaving a gate abandons it."""
    a = state.acolyte
    if a is None or a.status is not AcolyteStatus.PLACED:
        raise Refusal(Code.NOT_NOW, "The Astral Acolyte is not on the map.")
    if a.controller != pid:
        raise Refusal(
            Code.NOT_CONTROLLER,
            "Only the Astral Acolyte's controller may move it (now: {controller}).",
            controller=a.controller or "nobody",
        )
    route = None if a.area == to else bd.crossing(state, a.area, to)
    if route is None:
        raise Refusal(
            Code.NOT_ADJACENT, "{area} is not adjacent to {area2}.", area=state.area_name(a.area), area2=state.area_name(to)
        )
    gate = state.areas[a.area].gate
    if gate is not None and gate.acolyte:
        state, changed = bd.set_gate(state, a.area, Gate(None), "the Astral Acolyte left it")
        events += changed
    events.append(AcolyteMoved(pid, state.area_name(a.area), state.area_name(to)))
    return evolve(state, acolyte=evolve(a, area=to)), route


# -- Gather Power, Shaggai, glaciers ------------------------------------------------------------


def idle_gate(state: GameState) -> list[Event]:
    a = state.acolyte
    if a is None or a.status is not AcolyteStatus.PLACED or a.controller:
        return []
    gate = state.areas[a.area].gate
    return [AcolyteGateIdle(state.area_name(a.area))] if gate is not None and gate.acolyte else []


def eradicated(state: GameState, index: int, events: Events) -> GameState:
    """Its area eradicated: the first player moves it to an adjacent existing area next."""
    a = state.acolyte
    if a is None or a.status is not AcolyteStatus.PLACED or a.area != index:
        return state
    head, rest = state.pending[:1], state.pending[1:]
    return evolve(state, pending=(*head, Step.ACOLYTE_RELOCATE, *rest))


def step_relocate(state: GameState, events: Events) -> GameState:
    a = acolyte(state)
    if a.status is not AcolyteStatus.PLACED or ERADICATED not in state.areas[a.area].markers:
        return flow.done(state)
    here = state.area_name(a.area)
    choices = tuple(state.area_name(i) for i in sorted(state.board.adjacent[a.area]) if ERADICATED not in state.areas[i].markers)
    if not choices:
        events.append(AcolyteEliminated(here, "its eradicated area is surrounded by eradicated areas"))
        return flow.done(evolve(state, acolyte=Acolyte(AcolyteStatus.ELIMINATED)))
    first = state.players[state.first]
    text = say("{first}: {here} is eradicated; move the Astral Acolyte to an adjacent area.", first=first.label, here=here)
    return evolve(state, prompt=Prompt(PromptKind.ACOLYTE, first.pid, text, choices))


def answers(state: GameState) -> Iterator[Command]:
    return (PlaceAcolyte(state.prompt.actor, area) for area in state.prompt.choices)


def setup(state: GameState, events: Events) -> GameState:
    return evolve(state, acolyte=Acolyte()) if state.options.astral_acolyte else state


flow.SETUP_HOOKS.append(setup)
flow.GATHER_NOTES.append(idle_gate)
flow.STEPS[Step.ACOLYTE_PLACE] = step_place
flow.STEPS[Step.ACOLYTE_RELOCATE] = step_relocate
shaggai.ERADICATION_HOOKS.append(eradicated)
actions.PROMPT_ANSWERS[PromptKind.ACOLYTE] = answers
actions.HANDLERS[PlaceAcolyte] = place
actions.MOVE_ACOLYTE = move
