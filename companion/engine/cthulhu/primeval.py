"""Primeval Earth's glaciers, modelled as far as the Astral Acolyte needs them
(cthulhu-wars.md section 2.4; the map itself is not public).

End of the first Doom Phase: a glacier on each player's start area.  Every later Doom Phase: the
first player chooses two glacier-glyph areas without one.  A gate under a glacier counts as
abandoned and cannot be controlled; whoever held it (a unit, or the Astral Acolyte) is bumped off.
Yog-Sothoth is never covered.  13 glaciers in all.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.core import COMMANDS, EVENTS, Command, Event
from companion.engine.cthulhu import actions, flow
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.model import GLACIER, MOON, NO_PROMPT, GameState, Gate, Prompt, PromptKind
from companion.engine.says import say
from companion.engine.values import dataclass, evolve

Events = flow.Events
GLACIERS_IN_BOX = 13
GLACIERS_PER_DOOM_PHASE = 2


@COMMANDS.register("place_glacier")
@dataclass(frozen=True, slots=True)
class PlaceGlacier(Command):
    player: str
    area: str


@EVENTS.register("glacier_placed")
@dataclass(frozen=True, slots=True)
class GlacierPlaced(Event):
    """``covered``: the gate there is now under the ice (abandoned); ``bumped``: who held it."""

    area: str
    covered: bool
    bumped: str


def glaciers_used(state: GameState) -> int:
    return sum(1 for a in state.areas if GLACIER in a.markers)


def cover(state: GameState, index: int, events: Events) -> GameState:
    """A glacier arrives: the gate (if any) is covered and counts as abandoned."""
    area = state.areas[index]
    gate = area.gate
    held = bd.gate_label(gate) if gate is not None and not gate.abandoned else ""
    state = state.with_area(index, evolve(area, markers=(*area.markers, GLACIER)))
    events.append(GlacierPlaced(state.area_name(index), gate is not None, held))
    if gate is not None and not gate.abandoned:
        state, changed = bd.set_gate(state, index, Gate(None), "covered by a glacier")
        events += changed
    return state


def open_glyph_areas(state: GameState) -> tuple[str, ...]:
    return tuple(
        state.area_name(i) for i, a in enumerate(state.board.areas) if a.glacier and GLACIER not in state.areas[i].markers
    )


def step_glaciers(state: GameState, events: Events) -> GameState:
    if not state.glaciers_begun:
        for player in state.players:
            if player.start_area >= 0 and GLACIER not in state.areas[player.start_area].markers:
                if state.area_name(player.start_area) == MOON:
                    continue  # Bubastis' glacier "goes on the Moon but has no effect" (factions.md section 14)
                state = cover(state, player.start_area, events)
        return flow.done(evolve(state, glaciers_begun=True))
    if state.queue is None:
        state = evolve(state, queue=(state.first,) * GLACIERS_PER_DOOM_PHASE)
    choices = open_glyph_areas(state)
    if not state.queue or not choices or glaciers_used(state) >= GLACIERS_IN_BOX:
        return flow.done(state)
    first = state.players[state.first]
    text = say("{first}: place a glacier on a glacier-glyph area.", first=first.label)
    return evolve(state, prompt=Prompt(PromptKind.GLACIER, first.pid, text, choices))


def place_glacier(state: GameState, cmd: PlaceGlacier, events: Events) -> GameState:
    actions.expect(state, PromptKind.GLACIER, cmd.player)
    actions.choice(state, cmd.area)
    state = cover(state, bd.area_index(state, cmd.area), events)
    return flow.run(flow.answered(evolve(state, prompt=NO_PROMPT)), events)


def answers(state: GameState) -> Iterator[Command]:
    return (PlaceGlacier(state.prompt.actor, area) for area in state.prompt.choices)
