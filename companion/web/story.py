"""The game's story as the TV draws it: each faction's Doom and Power at the end of each round.

Gathered from the states the server hears (its own start onwards: a game resumed mid-way starts
its chart at the round it was resumed in).  An undo that goes back a round takes the later
rounds off the chart with it.  Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from companion.engine import is_arkham


class Story:
    """Doom and Power by round, for each player (Cthulhu Wars; Arkham has none)."""

    def __init__(self) -> None:
        self.rounds: dict[int, tuple[tuple[int, int], ...]] = {}  # round -> each player's (Doom, Power)
        self.names: tuple[str, ...] = ()

    def record(self, state: Any) -> None:
        """The state an entry led to: its round's figures are now these."""
        if is_arkham(state):
            return
        self.names = tuple(p.label for p in state.players)
        for later in [r for r in self.rounds if r > state.round]:  # undone back across a round
            del self.rounds[later]
        self.rounds[state.round] = tuple((p.doom, p.power) for p in state.players)

    def as_data(self) -> dict[str, Any]:
        """``{"rounds": [...], "players": [{"name", "doom": [...], "power": [...]}]}`` for the pages."""
        rounds = sorted(self.rounds)
        players = [
            {
                "name": name,
                "doom": [self.rounds[r][n][0] for r in rounds if n < len(self.rounds[r])],
                "power": [self.rounds[r][n][1] for r in rounds if n < len(self.rounds[r])],
            }
            for n, name in enumerate(self.names)
        ]
        return {"rounds": rounds, "players": players}
