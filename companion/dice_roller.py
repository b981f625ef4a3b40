"""The companion's own dice: a game whose dice are the companion's ("Dice: companion" on the
new-game screen, ``Options.digital_dice``) never waits for a roll entered by hand.

:class:`CompanionDice` is an input of the table that watches the state (a session listener, and
told when another game opens): when the game in play asks for a roll it draws the faces from the
random source it was given and decides them on the table's thread as the roll command
(``Roll(faces, "companion")``), with an input identity of its own, as "Roll for me" is decided.
The roll is asked of the table, not decided in the listener: a listener runs while the session
hands an entry out, and the roll must come after it, in the queue's order.  A roll answered
meanwhile (the die pad, the tower, an undo) makes the asked one moot: it is dropped, not applied
to whatever roll comes next.

A table with real dice (``digital_dice`` off) is never rolled for; nor, while ``stand_by()`` says
so, one whose dice tower is linked (the tower rolls for it).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import die_faces
from companion.engine.cthulhu.model import GameState
from companion.table import new_input_id
from companion.tower_port import roll_prompt

log = logging.getLogger(__name__)

SOURCE = "companion"  # the roll's source, journaled and shown in the log ("Dice (battle, companion): 6 3")


def rolls_itself(state: Any) -> bool:
    """Whether ``state`` waits for a roll the companion makes (Cthulhu Wars, its dice the companion's)."""
    return roll_prompt(state) is not None and bool(state.options.digital_dice)


def faces_for(state: GameState, rnd: random.Random) -> tuple[int, ...]:
    """The faces of the roll ``state`` asks for, each drawn from ``rnd`` among its die's faces
    (a degradation die's are the board's)."""
    prompt = state.prompt
    faces = die_faces(state, prompt.die)
    return tuple(rnd.choice(faces) for _ in range(prompt.dice))


class CompanionDice:
    """Rolls each roll the game in play asks for, when its dice are the companion's.

    ``table``: a :class:`companion.table.Table` (its ``session``, ``post_call`` and ``decide``);
    ``rnd``: where the faces come from (``random.SystemRandom()`` at a table, a seeded
    ``random.Random`` in the demo and the tests); ``stand_by()``: True while something else rolls
    (a linked tower)."""

    def __init__(self, table: Any, rnd: random.Random, stand_by: Callable[[], bool] = lambda: False) -> None:
        self.table = table
        self.rnd = rnd
        self.stand_by = stand_by
        self.asked: tuple[str, int] | None = None  # the game and entry a roll was last asked at

    def hear(self, events: Any, state: Any, entry: Any) -> None:
        """A session listener (on the table's thread): an entry was journaled."""
        self.look()

    def switched(self, session: Any) -> None:
        """Another game is on the table (it may be waiting for a roll already)."""
        self.look()

    def look(self) -> None:
        """Ask the table for a roll if the game in play waits for one of the companion's (once
        per entry: the same entry heard again asks nothing more)."""
        session = self.table.session
        at = (session.name, session.seq)
        if at == self.asked or self.stand_by() or not rolls_itself(session.state):
            return
        self.asked = at
        self.table.post_call(lambda: self.roll(at))

    def roll(self, at: tuple[str, int]) -> bool:
        """On the table's thread: roll, if the game is still where the roll was asked for (else
        nothing: it was answered meanwhile).  Whether a roll was decided."""
        session = self.table.session
        if (session.name, session.seq) != at or self.stand_by() or not rolls_itself(session.state):
            return False
        faces = faces_for(session.state, self.rnd)
        log.debug("companion dice: %s for %s", faces, session.state.prompt.purpose)
        return bool(self.table.decide(c.Roll(faces, SOURCE), new_input_id("dice")))
