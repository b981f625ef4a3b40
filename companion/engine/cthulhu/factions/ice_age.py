"""The Windwalker's Ice Age as every faction meets it (shared layer; factions.md section 6):
an enemy action ending in the area of the Ice Age token costs 1 Power more.

The tax is charged by one guard (:func:`guard`), which the assembly puts innermost on every
action that takes place somewhere: the core's (:data:`CORE_ACTIONS`) and each faction's (its
plugin's ``places``: where each of its actions ends).  Innermost: every other check of the action
(Ferox, Brainless, Energy Nexus ...) has had its say when the tax is charged.  :func:`surcharge`
is what the legal list adds to an action's cost to keep it affordable.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.core import Command
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import Faction, GameState, PromptKind
from companion.engine.says import say

ICE_AGE = "ice_age"  # the token's marker
ICE_AGE_TAX = 1
ICE_AGE_BOOK = "Ice Age"
# The core's actions that end in an area (a Move's destinations, the others' area).
CORE_ACTIONS = (c.Move, c.Recruit, c.Summon, c.Awaken, c.BuildGate, c.BattleAction, c.Capture)
# Where an action ends: (state, command) -> area names.
Places = Callable[[GameState, Command], tuple[str, ...]]


def ice_owner(state: GameState) -> tuple[str, int] | None:
    """The Windwalker holding Ice Age and the area of its token."""
    # The players first: the legal list asks this for every action it offers, and most games
    # have no Windwalker holding Ice Age (six players against a board's areas).
    owner = next((p.pid for p in state.players if p.faction is Faction.WINDWALKER and ICE_AGE_BOOK in p.spellbooks), None)
    if owner is None:
        return None
    for i, area in enumerate(state.areas):
        if ICE_AGE in area.markers:
            return owner, i
    return None


def targets(state: GameState, cmd: Command) -> tuple[str, ...]:
    """The areas an action ends in: a Move's destinations, else its ``to`` or its ``area``."""
    if isinstance(cmd, c.Move):
        return tuple(g.to for g in cmd.groups) + ((cmd.to,) if cmd.to else ())
    return (str(getattr(cmd, "to", "") or getattr(cmd, "area", "")),)


def guard(places: Places = targets) -> Callable[[GameState, Command, pw.Events], tuple[GameState, Command]]:
    """The check before an action that ends in ``places``: an enemy action ending in the Ice
    Age's area costs 1 Power more (paid first: an action the player cannot then pay for is
    refused whole)."""

    def ice_tax(state: GameState, cmd: Command, events: pw.Events) -> tuple[GameState, Command]:
        return tax_in(state, str(getattr(cmd, "player", "")), places(state, cmd), events), cmd

    return ice_tax


def surcharge(state: GameState, pid: str, area: str) -> int:
    """The Ice Age's tax ``pid`` pays for an action ending in ``area`` now (0 or 1), for the
    legal commands: an ability action offered must stay affordable with it."""
    held = ice_owner(state)
    if held is None or pid == held[0] or state.prompt.kind is not PromptKind.ACTION:
        return 0
    return ICE_AGE_TAX if state.area_name(held[1]) == area else 0


def tax_in(state: GameState, pid: str, areas: tuple[str, ...], events: pw.Events) -> GameState:
    """Charge ``pid`` the Ice Age's tax when its action ends in one of ``areas`` (the token's)."""
    held = ice_owner(state)
    if held is None or pid == held[0] or state.seat(pid) is None or state.prompt.kind is not PromptKind.ACTION:
        return state
    if state.area_name(held[1]) not in areas:
        return state
    events.append(
        pw.AbilityUsed(held[0], ICE_AGE_BOOK, say("{pid} pays 1 Power more in {area}", pid=pid, area=state.area_name(held[1])))
    )
    return pw.pay(state, pw.seat_of(state, pid), ICE_AGE_TAX, say("the Ice Age"), events)
