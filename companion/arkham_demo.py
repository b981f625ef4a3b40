"""``companion demo --game arkham``: seeded Mythos Phases, journaled, then narrated.

The flow is the table's: command -> Arkham engine -> events -> durable journal (an
:class:`~companion.session.ArkhamSession`) -> the words on the terminal.  Arkham games live in
their own journal file (``arkham.sqlite3`` in the state directory, or ``--journal``) because the
table loop, the screen and ``companion run`` referee Cthulhu Wars only so far; keeping them apart
means ``run`` never resumes an Arkham game.
The demo's investigators are placeholders ("Investigator 1"...) at seeded places with seeded
Sneak values: the companion does not ship investigator sheets.
"""

from __future__ import annotations

import random
from typing import TextIO

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ANCIENT_ONES, ARKHAM
from companion.engine.codec import from_canonical
from companion.engine.core import Command, Event, Rejected
from companion.narrate import describe
from companion.session import ArkhamSession
from companion.store import Journal


def demo_setup(seed: int, players: int, pick: random.Random | None = None) -> m.NewArkhamGame:
    """A seeded set-up: an Ancient One and placeholder investigators at seeded places.

    :raises ValueError: for a player count outside 1-8.
    """
    if not 1 <= players <= 8:
        raise ValueError(f"Arkham Horror seats 1 to 8 investigators, not {players}.")
    pick = pick or random.Random(seed)
    seats = tuple(m.Seated(f"Investigator {i + 1}", pick.choice(ARKHAM), pick.randint(0, 4)) for i in range(players))
    return m.NewArkhamGame(pick.choice(sorted(ANCIENT_ONES)), seats, seed)


def run_arkham_window(journal: Journal, name: str, seed: int, players: int, size: tuple[int, int]) -> None:
    """The Arkham screen in a window on a seeded game: Draw Mythos, pick a card, undo."""
    from companion.ui.arkham_screen import ArkhamScreen

    session = ArkhamSession.start(journal, name, demo_setup(seed, players))
    if isinstance(session, Rejected):
        raise AssertionError(f"the demo's own set-up was refused: {session.message}")
    ArkhamScreen(session, size).run()


def run_arkham_demo(journal: Journal, name: str, seed: int, players: int, out: TextIO, phases: int = 8) -> m.ArkhamState:
    """Set up, then run up to ``phases`` Mythos Phases; between them the investigators move and
    now and then close a gate, as they would at the table.  Each step is journaled by the
    session before its listener narrates it.

    :raises ValueError: for a player count outside 1-8.
    """
    pick = random.Random(seed)
    setup = demo_setup(seed, players, pick)
    session = ArkhamSession.start(journal, name, setup)
    if isinstance(session, Rejected):
        raise AssertionError(f"the demo's own set-up was refused: {session.message}")
    first = journal.entry(name, 1)
    _narrate(tuple(from_canonical(tuple[Event, ...], first.events)), out)
    session.listeners.append(lambda events, state, entry: _narrate(events, out))
    for _ in range(phases):
        state = session.state
        for seat in state.investigators:
            if not seat.delayed and seat.place in ARKHAM and pick.random() < 0.5:
                _submit(session, m.MoveInvestigator(seat.name, pick.choice(ARKHAM)), out, quiet=True)
        if session.state.gates and pick.random() < 0.4:  # the investigators close a gate now and then
            _submit(session, m.CloseGate(pick.choice(session.state.gates).location, seal=pick.random() < 0.3), out)
        setup_step = " (the last step of set-up)" if session.state.setup else ""
        out.write(f"\n-- Mythos Phase {session.state.mythos_phases + 1}{setup_step} --\n")
        _submit(session, m.Mythos(), out)
        if session.state.awakened:
            break
    return session.state


def _submit(session: ArkhamSession, command: Command, out: TextIO, quiet: bool = False) -> None:
    """Submit one of the demo's own commands (a refusal would be a bug in the demo)."""
    listeners = session.listeners
    if quiet:
        session.listeners = []
    try:
        result = session.submit(command)
    finally:
        session.listeners = listeners
    if isinstance(result, Rejected):
        raise AssertionError(f"the demo's own command was refused: {result.message}")


def _narrate(events: tuple[Event, ...], out: TextIO) -> None:
    for event in events:
        words = describe(event)
        if words:
            out.write(f"  {words}\n")
    out.flush()
