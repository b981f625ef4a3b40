"""The demo's games run on the house: the seeded players (:mod:`companion.demo`) wired by
:mod:`companion.appliance` as at a real table.

One direction of dependency: this module imports the house and the demo's players; the house
imports the players (:class:`companion.appliance.Bots` asks them for a move); the players import
neither.
"""

from __future__ import annotations

import contextlib
from typing import TextIO

from companion import appliance
from companion.demo import MAX_COMMANDS, DemoSetup, standings
from companion.engine import State
from companion.i18n import _
from companion.session import GameSession
from companion.store import Journal


def play(session: GameSession, seed: int, limit: int = MAX_COMMANDS) -> State:
    """Play the session's game to the end (or ``limit`` moves) with the seeded demo players,
    through the table as the demos do (:func:`companion.appliance.play_out`)."""
    with contextlib.ExitStack() as stack:
        return appliance.play_out(appliance.demo_house(stack, session, seed, tower=False, panel=False), limit)


def run_headless(
    journal: Journal, name: str, setup: DemoSetup, out: TextIO, *, tower: bool = False, panel: bool = False, voice: bool = False
) -> State:
    """Start a stored demo game, narrate every event to ``out`` and print the final standings.
    ``tower``: roll on a simulated tower over a real pty; ``panel``: print the mock LED panel;
    ``voice``: speak the big moments (where there is an audio device).
    The house is wired as the window's (:func:`companion.appliance.run_headless`)."""
    session = GameSession.start(journal, name, setup.command(), title=f"Demo on {setup.board.title}")
    if not isinstance(session, GameSession):
        raise RuntimeError(session.message)
    out.write(_("Demo game {game} on {map}, seed {seed}.").format(game=repr(name), map=setup.board.title, seed=setup.seed) + "\n")
    if setup.board.status.value == "demo":
        out.write(_("NOTE: this is a demo layout, NOT the printed board.") + "\n")
    final = appliance.run_headless(session, setup, out, tower=tower, panel=panel, voice=voice)
    out.write(standings(final))
    return final
