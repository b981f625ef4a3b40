"""How each command the engine offers is entered on a screen, derived from the command itself.

No hand-written list of command types: a command's fields say how a person gives it (an area
tapped, units chosen, a number, a yes/no, a choice among named things, or nothing beyond the
button).  A rule added to the engine therefore reaches every screen that reads this module (the
touchscreen's turn panel; a web page later: this module imports no pygame).

Out-of-turn commands (Great Cthulhu's Devolve, and any other the engine accepts from a player who
is not the one prompted) are the engine's own answer for every faction
(:func:`companion.engine.cthulhu.game.out_of_turn`: each faction declares its out-of-turn
abilities), asked once per state (:func:`out_of_turn`).
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from companion.engine import Command, legal_commands, tag_of, to_data
from companion.engine.cthulhu import game
from companion.engine.cthulhu.model import GameState


class Entry(StrEnum):
    """How a person enters a command."""

    AREA = "area"  # an area tapped (on the map or in the list of areas)
    UNITS = "units"  # units chosen (steppers, then where they go)
    NUMBER = "number"  # a number (dice, a cost, an amount)
    YES_NO = "yes_no"  # yes or no
    CHOICE = "choice"  # one named thing among a few (a player, a unit, a Spellbook)
    NOTHING = "nothing"  # the button alone


# The fields every command has that say nothing about how it is entered.
_FRAME = frozenset({"type", "player"})
# Fields holding units or groups of units (a Move's groups, a sacrifice, Dematerialize's units).
_UNIT_FIELDS = frozenset({"units", "groups", "sacrifice", "areas"})


def entry_of(command: Command) -> Entry:
    """How ``command`` is entered, from its fields' names and values (first match wins: units,
    an area, a number, a yes/no, a named choice, nothing)."""
    data = to_data(command)
    fields = {k: v for k, v in data.items() if k not in _FRAME and v not in (None, "", (), [])}
    if _UNIT_FIELDS & fields.keys():
        return Entry.UNITS
    if "area" in fields:
        return Entry.AREA
    if any(isinstance(v, int) and not isinstance(v, bool) for v in fields.values()):
        return Entry.NUMBER
    if any(isinstance(v, bool) for v in fields.values()):
        return Entry.YES_NO
    if fields:
        return Entry.CHOICE
    return Entry.NOTHING


def area_of(command: Command) -> str:
    """The area a command names (its ``area``; a Move's first group's), else ""."""
    area = getattr(command, "area", "")
    if isinstance(area, str) and area:
        return area
    groups = getattr(command, "groups", ())
    return str(groups[0].area) if groups else ""


def player_of(command: Command) -> str:
    """The player who gives ``command`` ("" for a roll or anyone)."""
    return str(getattr(command, "player", "") or "")


def entries(commands: list[Command]) -> dict[str, Entry]:
    """Each command type among ``commands`` (by its journal tag) and how it is entered."""
    return {tag_of(command): entry_of(command) for command in commands}


def listed(state: GameState) -> Iterator[Command]:
    """The engine's legal commands, without a roll's every face combination (the die pad enters
    those face by face: only the generator's roll is listed)."""
    for command in legal_commands(state):
        if tag_of(command) == "roll" and getattr(command, "source", "") == "screen":
            return  # the faces come last in a roll's list, and there are 6^dice of them
        yield command


# The state last asked about and its answers, one tuple swapped whole: the screen's thread and
# the phones' server both ask, and two separate slots could pair one state with another's answers.
_KEPT: list[tuple[Any, dict[str, list[Command]]]] = [(None, {})]


def out_of_turn(state: GameState) -> dict[str, list[Command]]:
    """Each player who is not prompted and what the engine accepts from them now (only players
    with something), in seating order: the engine's query, asked once per state (the table
    scene asks it several times a frame)."""
    kept_state, kept = _KEPT[0]
    if kept_state is not state:
        kept = {pid: list(commands) for pid, commands in game.out_of_turn(state).items()}
        _KEPT[0] = (state, kept)
    return dict(kept)
