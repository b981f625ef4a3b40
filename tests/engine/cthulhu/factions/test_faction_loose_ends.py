"""The loose ends of the factions' rules (issue 20), each driven through commands: Regenerate's
first Kill in the battle's Kill tally, the Doom Phase for a player who cannot afford the Ritual,
Ancient Sorcery's borrowed Flight and Fertility Cult, and the Watcher's battles."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import HitTaken
from companion.narrate import describe
from tests.engine.cthulhu.factions.kit import GC, YS, M, game, turn, units
from tests.helpers import events_of, run


def starspawn_vs_byakhee(starspawn: int = 1) -> State:
    """Yellow Sign's Byakhee (2: 3 dice) attack Great Cthulhu's Starspawn, Regenerate held."""
    state = game(Europe={"units": [(GC, M, "Starspawn", starspawn), (YS, M, "Byakhee", 2)]})
    state = turn(state, GC, books=("Regenerate",))
    return turn(state, YS, power=5)


def test_regenerate_a_first_kill_on_a_starspawn_is_not_in_the_kill_tally() -> None:
    state = run(starspawn_vs_byakhee(), c.BattleAction(YS, "Europe", GC), c.Roll((6, 1, 1)))
    events = events_of(state, c.Roll((1, 1, 1)))
    state = run(state, c.Roll((1, 1, 1)))
    hits = [e for e in events if isinstance(e, HitTaken)]
    assert [h.hit for h in hits] == ["regenerate"]  # a Kill that kills nothing yet
    assert describe(hits[0]) == (
        "Great Cthulhu's Starspawn in Europe takes a Kill and regenerates: a second Kill eliminates it."
    )
    assert dict(state.abilities.tally).get(YS, 0) == 0  # the Starspawn is pained, not killed
    state = run(state, c.ChooseRetreat(GC, "Asia"))
    assert units(state, "Asia", GC, "Starspawn") == 1 and dict(state.abilities.tally).get(YS, 0) == 0


def test_regenerate_two_kills_on_a_starspawn_count_one_kill_in_the_tally() -> None:
    state = run(starspawn_vs_byakhee(), c.BattleAction(YS, "Europe", GC), c.Roll((6, 6, 1)))
    events = events_of(state, c.Roll((1, 1, 1)))
    state = run(state, c.Roll((1, 1, 1)))
    assert [e.hit for e in events if isinstance(e, HitTaken)] == ["regenerate", "kill"]
    assert units(state, "Europe", GC, "Starspawn") == 0
    assert dict(state.abilities.tally)[YS] == 1  # one unit killed, not two
