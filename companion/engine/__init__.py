"""The pure rules core of the companion.

``apply(state, command)`` returns :class:`Accepted` (events and the new state) or
:class:`Rejected` (a stable :class:`Code` and a sentence).  This package does no I/O, reads no
clock and imports no hardware, storage or UI library (``tests/engine/test_purity.py`` checks).
Dice are input: a :class:`~companion.engine.cthulhu.commands.Roll` carries the values, or asks
the seeded generator whose seed and position live in the state.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from companion.engine.codec import DecodeError, canonical, from_canonical, from_data, to_data
from companion.engine.core import COMMANDS, EVENTS, Accepted, Code, Command, Event, Rejected, tag_of
from companion.engine.cthulhu.assembly import assemble
from companion.engine.cthulhu.by_area import area_actions, recruit_areas
from companion.engine.cthulhu.commands import NewGame
from companion.engine.cthulhu.game import apply as _apply_cthulhu
from companion.engine.cthulhu.game import legal_commands, new_game
from companion.engine.cthulhu.model import SPELLBOOKS_TO_WIN, GameState
from companion.engine.cthulhu.odds import battle_odds, eradication_gains, watcher_odds, worlds_end_within, worm_chances

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13; only the checker reads it

    from companion.engine.arkham.model import ArkhamState

# Imported on first use, not at start (docs/performance.md, "Start-up"): Arkham Horror's rules
# (its commands, events and state), and Cthulhu Wars' corrections (commands that put the board
# right, and their handlers).  Each is imported when a command or event of its is decoded (a
# stored game opened, a script), or when one is made (its screen, a new game of it): a Cthulhu
# Wars table starts without them.
for _later in ("companion.engine.arkham.game", "companion.engine.cthulhu.corrections"):
    COMMANDS.later(_later)
    EVENTS.later(_later)

# The rules modules' steps, hooks and handlers, installed into the core's tables in order, once
# (nothing registers itself at import: cthulhu/assembly.py).
assemble()

State = GameState
Result = Accepted[GameState] | Rejected


__all__ = [
    "COMMANDS",
    "EVENTS",
    "Accepted",
    "Code",
    "Command",
    "DecodeError",
    "Event",
    "NewGame",
    "Rejected",
    "Result",
    "State",
    "apply",
    "area_actions",
    "battle_odds",
    "canonical",
    "decode_state",
    "eradication_gains",
    "is_arkham",
    "legal_commands",
    "parse_command",
    "recruit_areas",
    "tag_of",
    "to_data",
    "watcher_odds",
    "worlds_end_within",
    "worm_chances",
]


def apply(state: State | None, command: Command) -> Result:
    """Apply ``command`` to ``state`` (None before the game's first command, a NewGame)."""
    if state is None:
        if isinstance(command, NewGame):
            return new_game(command)
        return Rejected.of(Code.NO_GAME, "No game has started: the first command must be new_game.")
    return _apply_cthulhu(state, command)


def is_arkham(state: object) -> TypeIs[ArkhamState]:
    """Whether ``state`` is an Arkham Horror game's.  Imports nothing: before Arkham's model is
    imported no Arkham state can exist."""
    model = sys.modules.get("companion.engine.arkham.model")
    return model is not None and isinstance(state, model.ArkhamState)


def parse_command(data: Any) -> Command:
    """Decode a command from JSON data; raises :class:`DecodeError` naming the bad field."""
    command: Command = from_data(Command, data)
    return command


def decode_state(text: str) -> State:
    """Decode a state from its canonical text; raises :class:`DecodeError`.

    A snapshot written before Spellbooks had names holds their count: it becomes that many
    unnamed ones."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return from_canonical(GameState, text)  # the decoder says what is wrong
    for player in data.get("players", []) if isinstance(data, dict) else []:
        books = player.get("spellbooks") if isinstance(player, dict) else None
        if isinstance(books, int) and not isinstance(books, bool) and 0 <= books <= SPELLBOOKS_TO_WIN:
            player["spellbooks"] = [""] * books
    state: State = from_data(GameState, data)
    return state
