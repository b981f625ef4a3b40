"""The board's occupancy (board.occupancy, a one-entry memo the requirements read after every
command) is what a plain reading of the areas gives, on every board of seeded games: the owners
of each area, each faction's areas and gates (Yog-Sothoth a gate), the markers' areas, and each
unit's first area, which is gathered only when first asked."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine.cthulhu import abilities
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu.factions import independents, powers
from companion.engine.cthulhu.model import YOG_SOTHOTH, Faction, GameState, UnitKind
from tests.engine.cthulhu.checked_games import EXPANSION_SEATS, INDEPENDENT_SEATS, play_checked


def plainly(state: GameState, board: bd.Occupancy) -> None:
    areas = state.areas
    assert board.areas is areas
    assert board.owners == tuple(frozenset(u.owner for u in a.units) for a in areas)
    assert board.spread == dict(Counter(o for a in areas for o in {u.owner for u in a.units}))
    gates = Counter(a.gate.controller for a in areas if a.gate is not None and a.gate.controller is not None)
    for a in areas:
        for u in a.units:
            if u.name == YOG_SOTHOTH and u.kind is UnitKind.GOO:
                gates[u.owner] += u.count
    assert board.gates == dict(gates)
    assert board.marked == {m: tuple(i for i, a in enumerate(areas) if m in a.markers) for a in areas for m in a.markers}
    first: dict[tuple[str, str], int] = {}
    for i, a in enumerate(areas):
        for u in a.units:
            first.setdefault((u.owner, u.name), i)
    assert board.first == first and board.first is board.first


@pytest.mark.parametrize(
    ("map_name", "players", "seats", "cards"),
    [("earth-4p-53", 4, (), ()), ("earth-6p", 6, EXPANSION_SEATS, ()), ("earth-5p", 5, INDEPENDENT_SEATS, independents.CARDS)],
)
def test_the_occupancy_is_a_plain_reading_of_every_board(
    monkeypatch: pytest.MonkeyPatch, map_name: str, players: int, seats: tuple[Faction, ...], cards: tuple[str, ...]
) -> None:
    original, boards = abilities.check_requirements, []

    def checked(state: GameState, events: powers.Events, every: bool = False) -> GameState:
        plainly(state, bd.occupancy(state))
        boards.append(state.areas)
        return original(state, events, every)

    monkeypatch.setattr(abilities, "check_requirements", checked)
    play_checked(map_name, players, 0, seats=seats, independents=cards)
    assert len(set(map(id, boards))) > 50, "too few boards read: the comparison proved little"
