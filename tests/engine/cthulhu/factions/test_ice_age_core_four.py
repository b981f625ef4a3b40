"""Ice Age (factions.md section 0: "any action by a faction other than the Ice Age owner that
ends in (targets) the Ice Age area costs +1 Power ... spellbook actions targeting it"): the core
four's ability actions ending in the token's area pay it too, and the legal commands leave out
the ones the tax makes unaffordable."""

from __future__ import annotations

from typing import Any

from companion.engine import State, legal_commands
from companion.engine.cthulhu.factions.black_goat import Avatar, FertilityCult
from companion.engine.cthulhu.factions.great_cthulhu import Dreams
from companion.engine.cthulhu.factions.windwalker import IceAge
from companion.engine.cthulhu.factions.yellow_sign import Desecrate, Zingaya
from companion.engine.cthulhu.model import Faction, Options
from tests.engine.cthulhu.factions.kit import BG, CC, GC, WW, YS, A, G, M, already, turn, units
from tests.helpers import clear_board, rejected, run, set_board, started

SEATS = (
    Faction.GREAT_CTHULHU,
    Faction.CRAWLING_CHAOS,
    Faction.BLACK_GOAT,
    Faction.YELLOW_SIGN,
    Faction.WINDWALKER,
    Faction.SLEEPER,
)


def iced(**areas: dict[str, Any]) -> State:
    """Earth (6 players) with the core four and Windwalker, whose Ice Age token is in Europe."""
    state = set_board(clear_board(started("earth-6p", SEATS, options=Options(abilities=True))), **areas)
    return run(turn(state, WW, power=1, books=("Ice Age",)), IceAge(WW, "Europe"))


def test_ice_age_taxes_the_core_fours_ability_actions_ending_there() -> None:
    state = iced(
        Europe={
            "gate": BG,
            "units": [(CC, A, "Acolyte", 2), (YS, M, "Undead", 1), (BG, A, "Acolyte", 1), (YS, G, "King in Yellow", 1)],
        },
        West_Africa={"units": [(BG, G, "Shub-Niggurath", 1)]},
    )
    after = run(turn(state, GC, power=3, books=("Dreams",)), Dreams(GC, "Europe", CC))
    assert after.player(GC).power == 0 and units(after, "Europe", GC, "Acolyte") == 1  # 2 + 1
    after = run(turn(state, YS, power=2, books=("Zingaya",)), Zingaya(YS, "Europe", CC))
    assert after.player(YS).power == 0  # 1 + 1
    after = run(turn(state, BG, power=3), FertilityCult(BG, "Europe", "Ghoul"))
    assert after.player(BG).power == 1 and units(after, "Europe", BG, "Ghoul") == 1  # 1 + 1, the turn goes on
    after = run(turn(state, BG, power=2), Avatar(BG, "Europe", CC))
    assert after.player(BG).power == 0  # 1 + 1
    after = run(already(turn(state, YS, power=3), YS, "Awaken the King in Yellow"), Desecrate(YS))
    assert after.player(YS).power == 0  # 2 + 1, the King's area
    assert rejected(turn(state, GC, power=2, books=("Dreams",)), Dreams(GC, "Europe", CC))


def test_ice_age_the_legal_commands_leave_out_a_core_four_ability_its_tax_makes_unaffordable() -> None:
    board = {"Europe": {"units": [(CC, A, "Acolyte", 1)]}, "Scandinavia": {"units": [(CC, A, "Acolyte", 1)]}}
    state = iced(**board)
    offered = [m for m in legal_commands(turn(state, GC, power=2, books=("Dreams",))) if isinstance(m, Dreams)]
    assert offered and all(m.area != "Europe" for m in offered)
    offered = [m for m in legal_commands(turn(state, GC, power=3, books=("Dreams",))) if isinstance(m, Dreams)]
    assert any(m.area == "Europe" for m in offered)
