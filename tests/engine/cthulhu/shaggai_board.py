"""The Shaggai demo map's boards and turns, shared by the Worms' tests."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import ERADICATED, Faction, Worms
from companion.engine.cthulhu.shaggai import (
    AreaEradicated,
)
from companion.engine.values import evolve
from tests.helpers import CORE3, events_of, run, set_board, set_players, started, to_end_of_doom_phase

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"


GNAWS = "The Worm that Gnaws in the Night"


def shaggai(factions: tuple[Faction, ...] = CORE3) -> State:
    return started("shaggai-demo", factions)


def index(state: State, name: str) -> int:
    found = state.board.area_index(name)
    assert found is not None
    return found


to_degradation = to_end_of_doom_phase


def degrade(state: State, *values: int) -> tuple[State, tuple[object, ...]]:
    command = c.Roll(values, "tower")
    return run(state, command), events_of(state, command)


def with_worms(state: State, *pairs: tuple[str, int]) -> State:
    on_map = tuple(sorted((index(state, name), number) for name, number in pairs))
    used = {n for _, n in on_map}
    return evolve(state, worms=Worms(on_map, tuple(n for n in state.board.worm_numbers if n not in used)))


def eradicate_gnaws(state: State, **area: object) -> tuple[State, AreaEradicated, tuple[object, ...]]:
    state = set_board(to_degradation(state), **{GNAWS.replace(" ", "_"): area})
    state, events = degrade(state, 1, 6, 6)
    summary = next(e for e in events if isinstance(e, AreaEradicated))
    return state, summary, events


def eradicated_board() -> State:
    """Glass Wastes eradicated.  Spires of Shaggai and Crimson Steppes reach The Worm that Gnaws
    in the Night only across it; Great Cthulhu has units in both."""
    state = shaggai()
    wastes = index(state, "Glass Wastes")
    state = state.with_area(wastes, evolve(state.areas[wastes], markers=(ERADICATED,)))
    return set_board(
        state,
        Spires_of_Shaggai={"units": [(GC, "cultist", "Acolyte", 2)]},
        Crimson_Steppes={"units": [(GC, "monster", "Deep One", 1)]},
    )


def ending_board(**players: dict[str, object]) -> State:
    """Every area but 6 eradicated; three players need 6: one more eradication ends the world."""
    state = to_degradation(set_players(shaggai(), **players))
    keep = {"Ocean Belt Middle", "Ash Fields", "Sulphur Dunes", GNAWS, "Conical Towers", "Lost Colony"}
    for i, area in enumerate(state.areas):
        if state.area_name(i) not in keep:
            state = state.with_area(i, evolve(area, markers=(ERADICATED,), units=(), gate=None))
    return with_worms(state, (GNAWS, 1), ("Lost Colony", 2))
