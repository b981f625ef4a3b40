"""What a phone or a TV is shown: the public table, a seat's private view, a seat's commands.

Pure functions of an engine state (no I/O, no clock): the web server computes them on its own
thread from the immutable state a journaled entry led to.  The one rule the security model
rests on (docs/web.md): :func:`public_view` holds no private fact (a hidden Elder Sign's value),
and :func:`private_view` holds only its own seat's.

A seat's commands and how each is entered come from the touchscreen's own mapping
(companion/ui/entry.py, pygame-free): the two screens cannot offer different choices.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from companion.engine import Command, is_arkham, tag_of, to_data
from companion.engine.cthulhu.model import GameState, PromptKind
from companion.narrate import names_of
from companion.ui.entry import area_of, entry_of, listed, out_of_turn

if TYPE_CHECKING:
    from companion.engine.arkham.model import ArkhamState

MAX_OFFERS = 400  # a seat's commands listed at most (an action turn's moves can be many)
SPECTATOR = ""  # the seat id of the TV and spectators: the public view only


def seats_of(state: Any) -> list[tuple[str, str]]:
    """The seats of a game as (id, label): a faction per player, an investigator per seat in Arkham."""
    if is_arkham(state):
        return [(inv.name, inv.name) for inv in state.investigators]
    return [(p.pid, p.label) for p in state.players]


def owner(command: Command, state: GameState) -> str:
    """The seat a command belongs to: its ``player`` (or ``owner``) field, else the prompt's actor
    (a roll, a table-wide answer).  The engine names who acts; the phone only routes it."""
    for field_name in ("player", "owner"):
        value = getattr(command, field_name, None)
        if isinstance(value, str) and value:
            return value
    return state.prompt.actor


def seat_commands(state: Any, seat: str) -> list[Command]:
    """Every legal command of ``seat`` now (at most :data:`MAX_OFFERS`): the touchscreen's own
    (companion/ui/entry.py): the engine's list where it is the seat's, then what the engine
    accepts from the seat out of turn (Devolve, an Elder Sign revealed ...)."""
    if is_arkham(state):
        return _arkham_commands(state, seat)
    if seat == SPECTATOR:
        return []
    return list(itertools.islice(_mine(state, seat), MAX_OFFERS))


def _mine(state: GameState, seat: str) -> Iterator[Command]:
    # A roll's face combinations are left out (entry.listed): a seat enters its own dice as values.
    seen: set[Command] = set()
    for command in (*(c for c in listed(state) if owner(c, state) == seat), *out_of_turn(state).get(seat, ())):
        if command not in seen:
            seen.add(command)
            yield command


def is_seat_command(state: Any, seat: str, command: Command) -> bool:
    """Whether ``command`` is one of ``seat``'s legal commands now (the offers' cap aside)."""
    if is_arkham(state):
        return command in _arkham_commands(state, seat)
    return seat != SPECTATOR and any(command == mine for mine in _mine(state, seat))


def accepts_roll(state: Any, seat: str) -> int:
    """How many dice ``seat`` may enter now (0: no roll is asked of it)."""
    if is_arkham(state) or state.prompt.kind is not PromptKind.ROLL or state.prompt.actor != seat:
        return 0
    return int(state.prompt.dice)


def _arkham_commands(state: ArkhamState, seat: str) -> list[Command]:
    """An investigator's own choices on a phone (companion/web/arkham_seat.py)."""
    from companion.web import arkham_seat

    return arkham_seat.commands(state, seat)


def label_of(command: Command) -> str:
    """A command in a button's words (the touchscreen's labels, pygame-free)."""
    from companion.ui.labels import label

    if type(command).__module__.startswith("companion.engine.arkham"):
        from companion.web import arkham_seat

        return arkham_seat.label(command)
    try:
        return label(command)
    except (KeyError, ValueError, TypeError):  # a rule's command the labels do not word yet
        return tag_of(command).replace("_", " ").capitalize()


def offers(state: Any, seat: str) -> list[dict[str, Any]]:
    """A seat's commands for its page: words, the command's data (sent back as chosen), and how it
    is entered as the touchscreen derives it (companion/ui/entry.py: ``entry``, the ``area`` it
    names, ``out_of_turn`` when the seat is not the one prompted).  The page groups them so."""
    actor = "" if is_arkham(state) else state.prompt.actor
    return [
        {
            "label": label_of(command),
            "command": to_data(command),
            "entry": entry_of(command).value,
            "area": area_of(command),
            "out_of_turn": bool(actor) and seat != actor,
        }
        for command in seat_commands(state, seat)
    ]


# -- the public table ------------------------------------------------------------------------------


def public_view(state: Any) -> dict[str, Any]:
    """Everything every seat and the TV may see (never a hidden Elder Sign's value)."""
    if is_arkham(state):
        return _arkham_public(state)
    names = names_of(state)
    return {
        "game": "cthulhu",
        "title": state.board.title,
        "round": state.round,
        "phase": str(state.phase),
        "turn": names.get(state.prompt.actor, state.prompt.actor),
        "prompt": state.prompt.text,
        "ritual": {"at": state.ritual, "track": list(state.ritual_track)},
        "players": [_public_player(p) for p in state.players],
        "areas": _areas(state, names),
        "watcher": _watcher(state, names),
        "worms": _worms(state),
        "outcome": _outcome(state, names),
    }


def _public_player(player: Any) -> dict[str, Any]:
    return {
        "seat": player.pid,
        "name": player.label,
        "faction": str(player.faction),
        "power": player.power,
        "doom": player.doom,
        "elder_signs": len(player.elder_signs),  # how many, never their values
        "revealed": list(player.revealed),
        "spellbooks": len(player.spellbooks),
    }


def _areas(state: GameState, names: dict[str, str]) -> list[dict[str, Any]]:
    """The board as a list by area: only the areas with a gate, units or markers."""
    listed = []
    for area, held in zip(state.board.areas, state.areas, strict=False):
        if held.gate is None and not held.units and not held.markers:
            continue
        gate = None
        if held.gate is not None:
            gate = names.get(held.gate.controller or "", "open") if held.gate.controller else "open"
        units = [f"{u.count}× {u.name} ({names.get(u.owner, u.owner)})" for u in held.units]
        listed.append({"area": area.name, "gate": gate, "units": units, "markers": list(held.markers)})
    return listed


def _watcher(state: GameState, names: dict[str, str]) -> dict[str, Any] | None:
    watcher = state.watcher
    if watcher is None:
        return None
    area = state.board.areas[watcher.area].name if 0 <= watcher.area < len(state.board.areas) else ""
    return {"awake": watcher.awake, "token": watcher.token, "area": area}


def _worms(state: GameState) -> dict[str, Any] | None:
    worms = state.worms
    if worms is None:
        return None
    areas = state.board.areas
    on_map = [{"area": areas[a].name if 0 <= a < len(areas) else str(a), "value": v} for a, v in worms.on_map]
    return {"on_map": on_map, "supply": len(worms.supply)}


def _outcome(state: GameState, names: dict[str, str]) -> dict[str, Any] | None:
    if state.outcome is None:
        return None
    return {"reason": state.outcome.reason, "winners": [names.get(w, w) for w in state.outcome.winners]}


def _arkham_public(state: ArkhamState) -> dict[str, Any]:
    from companion.web import arkham_seat

    return arkham_seat.public(state)


# -- a seat's private view ---------------------------------------------------------------------------


def private_view(state: Any, seat: str) -> dict[str, Any]:
    """What only ``seat`` sees: its hidden Elder Signs with their values, its faction sheet, its
    commands (and how many dice it may enter).  Empty for the spectators."""
    if seat == SPECTATOR:
        return {}
    if is_arkham(state):
        from companion.web import arkham_seat

        if arkham_seat.investigator(state, seat) is None:
            return {}
        sheet = arkham_seat.sheet(state, seat)
        return {"seat": seat, "name": seat, "sheet": sheet, "offers": offers(state, seat), "dice": 0, "elder_signs": []}
    player = next((p for p in state.players if p.pid == seat), None)
    if player is None:
        return {}
    return {
        "seat": seat,
        "name": player.label,
        "elder_signs": list(player.elder_signs),
        "sheet": sheet_lines(state, player),
        "offers": offers(state, seat),
        "dice": accepts_roll(state, seat),
    }


def sheet_lines(state: GameState, player: Any) -> list[str]:
    """A faction's sheet in words: Spellbooks held, requirements still open."""
    from companion.engine.cthulhu.abilities import open_requirements
    from companion.narrate import requirement_words

    lines = [f"Spellbooks {len(player.spellbooks)}/6"]
    lines += [f"  {name or '(unnamed)'}" for name in player.spellbooks]
    still = open_requirements(state, player.pid)
    if still:
        lines.append("Requirements open")
        lines += [f"  {requirement_words(name)}" for name in still]
    return lines
