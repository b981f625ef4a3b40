"""The legal commands offer the awakenings the referee can check and cost (factions.md, "Awaken
..." of each faction): the turn panel and the bots awaken without typing a cost."""

from __future__ import annotations

from companion.engine import State, legal_commands
from companion.engine.cthulhu import commands as c
from tests.engine.cthulhu.factions.kit import BG, GC, YS, A, M, game, turn, units
from tests.helpers import run


def awakens(state: State) -> list[c.Awaken]:
    return [cmd for cmd in legal_commands(state) if isinstance(cmd, c.Awaken)]


def test_awaken_cthulhu_is_offered_at_his_gate_when_affordable() -> None:
    state = game(South_Pacific={"gate": GC, "units": [(GC, A, "Acolyte", 1)]})
    assert awakens(turn(state, GC, power=9)) == []
    offered = awakens(turn(state, GC, power=10))
    assert [(a.area, a.name) for a in offered] == [("South Pacific", "Cthulhu")]
    state = run(turn(state, GC, power=10), offered[0])
    assert units(state, "South Pacific", GC, "Cthulhu") == 1


def test_awaken_shub_niggurath_is_offered_with_the_two_cultists_it_eliminates() -> None:
    state = game(Africa={"gate": BG, "units": [(BG, A, "Acolyte", 1)]}, Europe={"units": [(BG, A, "Acolyte", 1)]})
    offered = awakens(turn(state, BG, power=8))
    assert [(a.area, a.name) for a in offered] == [("Africa", "Shub-Niggurath")]
    state = run(turn(state, BG, power=8), offered[0])
    assert units(state, "Africa", BG, "Shub-Niggurath") == 1
    assert units(state, "Africa", BG, "Acolyte") == 0 and units(state, "Europe", BG, "Acolyte") == 0


def test_awaken_the_king_in_yellow_where_yellow_sign_has_a_unit_and_no_gate() -> None:
    state = game(Europe={"gate": YS, "units": [(YS, A, "Acolyte", 1)]}, Asia={"units": [(YS, M, "Undead", 1)]})
    offered = awakens(turn(state, YS, power=4))
    assert [(a.area, a.name) for a in offered] == [("Asia", "King in Yellow")]
