"""The Opener of the Way's "12 gates on the map" requirement with the "Opener 4P 10 gates"
option (factions.md section 7, [HRF:FactionOW.scala]: 10 gates in a 3-player game, and in a
4-player game with the option), driven through commands."""

from __future__ import annotations

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, Options
from tests.engine.cthulhu.factions.kit import OW, met, turn
from tests.helpers import clear_board, run, set_board, started

FOUR = (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.OPENER_OF_THE_WAY)
TEN = (
    "Europe",
    "Asia",
    "Africa",
    "Antarctica",
    "South America West",
    "South America East",
    "North America West",
    "North America East",
    "Central America",
    "Australia",
)


def four_players_with_ten_gates(ten_gates: bool) -> State:
    """Earth (4 players) with the Opener, ten abandoned gates on the map; the Opener recruits in
    Europe (a board change, so the requirements are checked)."""
    state = started("earth-4p-53", FOUR, options=Options(abilities=True, opener_ten_gates=ten_gates))
    state = set_board(clear_board(state), **{name: {"gate": "abandoned"} for name in TEN})
    return run(turn(state, OW, power=1), c.Recruit(OW, "Europe"))


def test_opener_4p_10_gates_the_12_gates_requirement_is_met_by_10_gates_with_the_option() -> None:
    assert "12 gates on the map" in met(four_players_with_ten_gates(ten_gates=True), OW)


def test_opener_4p_10_gates_without_the_option_a_4_player_game_still_needs_12() -> None:
    state = four_players_with_ten_gates(ten_gates=False)
    assert "8 gates on the map" in met(state, OW)
    assert "12 gates on the map" not in met(state, OW)
