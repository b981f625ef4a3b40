"""Flight's two-area moves in the engine's legal list (factions.md section 2, Flight: "All CC
units (cultists too) move up to 2 areas per move and may pass over areas with enemy units"), for
Crawling Chaos and for Sleeper borrowing it (Ancient Sorcery), with the Ice Age's tax where the
Move ends in its area (factions.md section 0) and none where it only passes over it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Accepted, State, apply, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.sleeper import AncientSorcery
from companion.engine.cthulhu.factions.windwalker import IceAge
from companion.engine.cthulhu.model import Faction, Options, PromptKind, UnitKind
from tests.engine.cthulhu.factions.kit import CC, GC, SL, WW, A, M, game, turn, units
from tests.helpers import clear_board, run, set_board, started


def move_targets(state: State, source: str) -> set[str]:
    """The areas the legal list moves the actor's units from ``source`` to."""
    return {g.to for m in legal_commands(state) if isinstance(m, c.Move) for g in m.groups if g.area == source}


def walk(pid: str, source: str, to: str) -> c.Move:
    return c.Move(pid, groups=(c.MoveGroup(source, to, UnitKind.CULTIST, "Acolyte", 1),))


def europe_acolyte(**more: dict[str, Any]) -> State:
    """Earth (4 players): a Crawling Chaos Acolyte in Europe, a Deep One in the North Atlantic."""
    return game(Europe={"units": [(CC, A, "Acolyte", 1)]}, North_Atlantic={"units": [(GC, M, "Deep One", 1)]}, **more)


def test_flight_the_legal_list_moves_crawling_chaos_two_areas_over_enemy_units() -> None:
    state = turn(europe_acolyte(), CC, power=3)
    targets = move_targets(state, "Europe")
    assert {"Arctic Ocean", "Asia", "North Atlantic"} <= targets  # next door
    assert {"Africa", "Indian Ocean", "South Atlantic", "North Pacific", "Central America"} <= targets  # two away
    assert "Europe" not in targets and "South Pacific" not in targets  # three away: not in one Move


def test_flight_every_listed_move_is_taken_at_one_power_a_unit() -> None:
    state = turn(europe_acolyte(), CC, power=3)
    for move in (m for m in legal_commands(state) if isinstance(m, c.Move)):
        result = apply(state, move)
        assert isinstance(result, Accepted), move
        assert result.state.player(CC).power == 2, move
    state = run(state, walk(CC, "Europe", "South Atlantic"))  # over the Deep One in the North Atlantic
    assert units(state, "South Atlantic", CC, "Acolyte") == 1


def test_without_flight_the_legal_list_moves_only_next_door() -> None:
    adjacent = {"Arctic Ocean", "Asia", "North Atlantic"}
    other = game(Europe={"units": [(GC, A, "Acolyte", 1)]})
    assert move_targets(turn(other, GC, power=3), "Europe") == adjacent  # another faction
    table_plays = europe_acolyte()
    table_plays = replace(table_plays, options=replace(table_plays.options, abilities=False))
    assert move_targets(turn(table_plays, CC, power=3), "Europe") == adjacent  # the referee does not play the abilities


def test_flight_does_not_pass_over_an_eradicated_area() -> None:
    # The Indian Ocean is two from Europe only through Asia.
    state = turn(europe_acolyte(Asia={"markers": ["eradicated"]}), CC, power=3)
    targets = move_targets(state, "Europe")
    assert "Indian Ocean" not in targets and "Asia" not in targets
    assert "Africa" in targets  # through the North Atlantic still


# -- Ice Age's tax (Windwalker), Sleeper's borrowed Flight -----------------------------------------

SIX = (
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.SLEEPER,
    Faction.WINDWALKER,
    Faction.OPENER_OF_THE_WAY,
    Faction.YELLOW_SIGN,
)


def iced(area: str, **areas: dict[str, Any]) -> State:
    """Earth (6 players) with Crawling Chaos, Sleeper and Windwalker; the Ice Age in ``area``."""
    state = started("earth-6p", SIX, options=Options(abilities=True))
    state = set_board(clear_board(state), **areas)
    return run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, area))


def test_flight_into_the_ice_age_two_areas_away_pays_its_tax_and_is_listed_only_when_affordable() -> None:
    # Europe - Scandinavia or North Atlantic - Arctic Ocean (the Ice Age).
    state = iced("Arctic Ocean", Europe={"units": [(CC, A, "Acolyte", 1)]})
    assert "Arctic Ocean" not in move_targets(turn(state, CC, power=1), "Europe")
    assert "North America East" in move_targets(turn(state, CC, power=1), "Europe")
    rich = turn(state, CC, power=2)
    assert "Arctic Ocean" in move_targets(rich, "Europe")
    assert run(rich, walk(CC, "Europe", "Arctic Ocean")).player(CC).power == 0  # 1 for the Acolyte, 1 for the Ice Age


def test_flight_over_the_ice_age_pays_no_tax() -> None:
    state = iced("Scandinavia", Europe={"units": [(CC, A, "Acolyte", 1)]})
    poor = turn(state, CC, power=1)
    assert "Arctic Ocean" in move_targets(poor, "Europe")  # passes over Scandinavia, ends elsewhere
    assert run(poor, walk(CC, "Europe", "Arctic Ocean")).player(CC).power == 0


def test_ancient_sorcery_borrowed_flight_puts_sleepers_two_area_moves_in_the_legal_list() -> None:
    state = iced("Arctic Ocean", Europe={"units": [(SL, M, "Serpent Man", 1), (SL, A, "Acolyte", 1)]})
    before = move_targets(turn(state, SL, power=3, books=("Ancient Sorcery",)), "Europe")
    assert "North America East" not in before
    state = run(turn(state, SL, power=3, books=("Ancient Sorcery",)), AncientSorcery(SL, "Europe", CC))
    after = turn(state, SL, power=1, books=("Ancient Sorcery",))
    targets = move_targets(after, "Europe")
    assert "North America East" in targets and "Arctic Ocean" not in targets  # the Ice Age's tax: 2 Power
    assert run(after, walk(SL, "Europe", "North America East")).player(SL).power == 0


def test_every_one_unit_move_the_engine_takes_is_listed_in_seeded_games() -> None:
    """Crawling Chaos and Sleeper in seeded demo games: each unit moved alone to any area, where
    the engine takes it (no crossing of an eradicated area), is in the legal list."""
    from tests.engine.cthulhu.sampled_games import sampled

    tried = 0
    for faction in (Faction.CRAWLING_CHAOS, Faction.SLEEPER):
        for state, pid in sampled(faction, 1):
            if state.prompt.kind is not PromptKind.ACTION:
                continue
            listed = {m for m in legal_commands(state) if isinstance(m, c.Move)}
            for i, area in enumerate(state.areas):
                for stack in area.units_of(pid):
                    for to in range(len(state.areas)):
                        group = c.MoveGroup(state.area_name(i), state.area_name(to), stack.kind, stack.name, 1)
                        move = c.Move(pid, groups=(group,))
                        if isinstance(apply(state, move), Accepted):
                            tried += 1
                            assert move in listed, move
    assert tried >= 20
