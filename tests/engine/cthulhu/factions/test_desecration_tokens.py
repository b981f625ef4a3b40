"""Desecrate's token supply: [HRF:FactionYS.scala] offers Desecrate only while at most 12 areas
are desecrated (the printed token count is NOT CONFIRMED, factions.md section 4), driven through
commands."""

from __future__ import annotations

from typing import Any

from companion.engine import Code, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions.yellow_sign import DESECRATED_MOST, Desecrate
from tests.engine.cthulhu.factions.kit import YS, A, G, already, game, turn
from tests.helpers import rejected, run

KING_MET = "Awaken the King in Yellow"
# Earth (4 players) areas other than Europe, where the King stands.
OTHERS = (
    "Arctic Ocean",
    "Asia",
    "Africa",
    "North Atlantic",
    "South Atlantic",
    "Antarctica",
    "South Pacific",
    "South America West",
    "South America East",
    "North America West",
    "North America East",
    "Central America",
    "North Pacific",
)


def desecrated(count: int) -> State:
    """The King in Yellow with an Acolyte in Europe (not desecrated); ``count`` other areas
    desecrated; Yellow Sign's action with 2 Power."""
    areas: dict[str, dict[str, Any]] = {name.replace(" ", "_"): {"markers": ["desecration"]} for name in OTHERS[:count]}
    state = game(Europe={"units": [(YS, G, "King in Yellow", 1), (YS, A, "Acolyte", 1)]}, **areas)
    return turn(already(state, YS, KING_MET), YS, power=2)


def test_desecration_tokens_desecrate_is_refused_once_more_than_12_areas_are_desecrated() -> None:
    state = desecrated(DESECRATED_MOST + 1)
    assert Desecrate(YS) not in list(legal_commands(state))
    refused = rejected(state, Desecrate(YS))
    assert refused.code is Code.NOT_NOW and "13" in refused.message
    assert state.player(YS).power == 2


def test_desecration_tokens_with_12_desecrated_the_king_may_still_desecrate() -> None:
    state = desecrated(DESECRATED_MOST)
    assert Desecrate(YS) in list(legal_commands(state))
    state = run(state, Desecrate(YS), c.Roll((1,)))
    europe = state.board.area_index("Europe")
    assert europe is not None and "desecration" in state.areas[europe].markers
