"""All six Spellbooks: a battle is an unlimited action, each area at most once per turn.

factions.md section 11, step 0 ([HRF:Game.scala], the declaration): "One battle per area per
turn for the attacker. Declaring is the attacker's main action unless it has all 6
spellbooks".  With the referee playing the abilities (``Options.abilities``; older journals,
off, replay unchanged), a faction holding six Spellbooks when it declares keeps its turn once the
battle is over (while it has Power), and may not declare a second battle in an area it has
already battled in this turn.

Two marks in ``state.abilities.used`` carry it, both cleared when a turn starts (the
bookkeeping of :class:`TurnStarted`, abilities.py) and when an Action Phase starts:
``(pid, BATTLED + area)`` for each area battled in this turn, and ``(pid, GOING_ON)`` while a
six-Spellbook battle is under way, read by :func:`hold` when the battle hands the turn on.
"""

from __future__ import annotations

from companion.engine.core import Code, Refusal
from companion.engine.cthulhu import board as bd
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu import flow
from companion.engine.cthulhu.factions import powers as pw
from companion.engine.cthulhu.model import GameState, Phase, Prompt, PromptKind, spellbook_count
from companion.engine.says import say
from companion.engine.values import evolve

ALL_BOOKS = 6
BATTLED = "battled this turn in "  # + the area's name
GOING_ON = "a battle as an unlimited action"


def marks_of_turn(mark: str) -> bool:
    """Whether a ``used`` mark is one of this module's (cleared when a turn starts)."""
    return mark == GOING_ON or mark.startswith(BATTLED)


def battled_here(state: GameState, pid: str, area: str) -> bool:
    """Whether ``pid`` has declared a battle in ``area`` this turn (as a six-Spellbook faction)."""
    return (pid, BATTLED + area) in state.abilities.used


def unlimited(state: GameState, pid: str) -> bool:
    """Whether ``pid``'s battles are unlimited actions now (the referee plays the abilities and
    it holds all six Spellbooks)."""
    seat = state.seat(pid)
    return state.options.abilities and seat is not None and spellbook_count(state.players[seat]) >= ALL_BOOKS


def on_battle(handler: pw.Handler) -> pw.Handler:
    """The battle declaration, wrapped: refused in an area already battled in this turn; marked
    so that the battle's end keeps the turn (:func:`hold`)."""

    def run(state: GameState, cmd: object, events: flow.Events) -> GameState:
        if not isinstance(cmd, c.BattleAction) or not unlimited(state, cmd.player):
            return handler(state, cmd, events)
        area = state.area_name(bd.area_index(state, cmd.area))
        if battled_here(state, cmd.player, area):
            raise Refusal(
                Code.NOT_NOW,
                "{pid} has battled in {area} this turn already: one battle per area per turn (factions.md section 11).",
                pid=cmd.player,
                area=area,
            )
        marks = ((cmd.player, BATTLED + area), (cmd.player, GOING_ON))
        return handler(pw.with_abilities(state, used=(*state.abilities.used, *marks)), cmd, events)

    return run


def hold(state: GameState) -> GameState | None:
    """A turn hold (:data:`flow.TURN_HOLDS`): when a six-Spellbook battle is over, the same
    player takes another action if it has Power left; None otherwise (the turn passes, and the
    mark is cleared with the next turn's start)."""
    used = state.abilities.used
    if not used or state.turn < 0 or state.battle is not None or state.phase is not Phase.ACTION:
        return None  # (no mark at all: the usual turn's end, decided before any other read)
    player = state.players[state.turn]
    mark = (player.pid, GOING_ON)
    if mark not in used or player.power <= 0:
        return None
    used = tuple(u for u in used if u != mark)
    text = say("{player}: take an action ({power} Power).", player=player.label, power=player.power)
    return evolve(pw.with_abilities(state, used=used), prompt=Prompt(PromptKind.ACTION, player.pid, text, flow.ACTION_CHOICES))
