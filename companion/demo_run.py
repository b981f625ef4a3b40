"""The demo's games run on the house: the seeded players (:mod:`companion.demo`) wired by
:mod:`companion.appliance` as at a real table.

One direction of dependency: this module imports the house and the demo's players; the house
imports the players (:class:`companion.appliance.Bots` asks them for a move); the players import
neither.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, TextIO

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


PACE = 0.5  # seconds after each entry's words when a person watches (`make demo`'s game: 331 entries, ~3 min)


def pace_here() -> float:
    """The pace a person watches at: :data:`PACE`, or ``$COMPANION_DEMO_PACE`` s (the tests: 0)."""
    try:
        return max(0.0, float(os.environ.get("COMPANION_DEMO_PACE", PACE)))
    except ValueError:
        return PACE


def run_headless(
    journal: Journal,
    name: str,
    setup: DemoSetup,
    out: TextIO,
    *,
    tower: bool = False,
    panel: bool = False,
    voice: bool = False,
    web: Any = None,
    person: bool | None = None,
    pace: float | None = None,
    stdin: TextIO | None = None,
) -> State:
    """Start a stored demo game, narrate every event to ``out`` and print the final standings.
    ``tower``: roll on a simulated tower over a real pty; ``panel``: print the mock LED panel;
    ``voice``: speak the big moments (where there is an audio device).
    The house is wired as the window's (:func:`companion.appliance.run_headless`).

    With a person at the terminal (``person``; None: ``stdin`` is a TTY), the phones' server is
    started too (``web``: ``[web]``, the config file's when None), its addresses printed, the
    game played at ``pace`` s an entry (:func:`pace_here` when None), and at its end the story kept on the phones and the TV
    until Enter or Ctrl-C.  Without (CI, scripts): played at once, and it returns at the end."""
    session = GameSession.start(journal, name, setup.command(), title=f"Demo on {setup.board.title}")
    if not isinstance(session, GameSession):
        raise RuntimeError(session.message)
    out.write(_("Demo game {game} on {map}, seed {seed}.").format(game=repr(name), map=setup.board.title, seed=setup.seed) + "\n")
    if setup.board.status.value == "demo":
        out.write(_("NOTE: this is a demo layout, NOT the printed board.") + "\n")
    stdin = stdin if stdin is not None else sys.stdin
    if not (person if person is not None else _is_tty(stdin)):
        final = appliance.run_headless(session, setup, out, tower=tower, panel=panel, voice=voice)
        out.write(standings(final))
        return final

    told: list[State] = []

    def linger(final: State) -> None:
        told.append(final)
        out.write(standings(final))
        out.write(_("Game over. The phones and the TV keep its story: press Enter (or Ctrl-C) to stop.") + "\n")
        out.flush()
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            stdin.readline()

    pace = pace_here() if pace is None else pace
    if web is None:
        from companion.config import load_config

        web = load_config().web
    try:
        final = appliance.run_headless_served(
            session, setup, out, tower=tower, panel=panel, voice=voice, web=web, pace=pace, linger=linger
        )
    except KeyboardInterrupt:  # Ctrl-C while it plays: stopped where it is (the journal holds it)
        out.write("\n" + _("Stopped.") + "\n")
        stopped = session.state
        assert isinstance(stopped, State)
        return stopped
    if not told:  # no phones (off, or the port taken): the standings all the same
        out.write(standings(final))
    return final


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a file
        return False
