"""Prepared Arkham boards for the rule tests."""

from __future__ import annotations

from typing import Any

from companion.engine.arkham import model as m
from companion.engine.arkham.game import apply, new_arkham_game
from companion.engine.core import Accepted, Command, Event, Rejected
from companion.engine.values import evolve

NAMES = ("Amanda", "Bob", "Carolyn", "Darrell", "Gloria", "Harvey", "Jenny", "Kate")


def board(players: int = 3, places: tuple[str, ...] = (), sneaks: tuple[int, ...] = (), **changes: Any) -> m.ArkhamState:
    """A game after set-up, the first card already resolved (``setup=False``), then ``changes``.

    Investigators start at the Train Station unless ``places`` says otherwise; every Clue is
    removed so tests count only what they do.
    """
    seats = tuple(
        m.Seated(NAMES[i], places[i] if i < len(places) else "Train Station", sneaks[i] if i < len(sneaks) else 2)
        for i in range(players)
    )
    result = new_arkham_game(m.NewArkhamGame("Cthulhu", seats, seed=1))
    assert isinstance(result, Accepted)
    state = evolve(result.state, setup=False, clues=(0,) * len(result.state.clues))
    return evolve(state, **changes) if changes else state


def monsters(*pairs: tuple[str, str]) -> tuple[m.Monster, ...]:
    return tuple(m.Monster(kind, place) for kind, place in pairs)


def mythos(state: m.ArkhamState, card: str, gate: str = "", monsters: tuple[str, ...] = ()) -> Accepted[m.ArkhamState]:
    result = apply(state, m.Mythos(card, gate, monsters))
    assert isinstance(result, Accepted), result
    return result


def rejected(state: m.ArkhamState, command: Command) -> Rejected:
    result = apply(state, command)
    assert isinstance(result, Rejected), result
    return result


def of(events: tuple[Event, ...], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# Heat Wave: Environment (Weather); gate Woods; clue Independence Square; black circle; white diamond, square.
HEAT_WAVE = "Heat Wave"
