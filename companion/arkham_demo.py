"""``companion demo --game arkham``: seeded Mythos Phases, journaled, then narrated.

The flow is the table's: command (the demo's moves go on the table's queue like any input) ->
Arkham engine -> events -> durable journal (an :class:`~companion.session.ArkhamSession`) -> the
words on the terminal, or the table's screen.
The demo's investigators are placeholders ("Investigator 1"...) at seeded places with seeded
Sneak values: the companion does not ship investigator sheets.
"""

from __future__ import annotations

import contextlib
import random
from typing import TextIO

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ANCIENT_ONES, ARKHAM, MAX_INVESTIGATORS
from companion.engine.codec import from_canonical
from companion.engine.core import Command, Event, Rejected
from companion.i18n import _
from companion.narrate import describe
from companion.session import ArkhamSession
from companion.store import Journal
from companion.table import Table


class SeatingError(ValueError):
    """The demo was asked for a player count the game does not seat."""


def demo_setup(seed: int, players: int, pick: random.Random | None = None) -> m.NewArkhamGame:
    """A seeded set-up: an Ancient One and placeholder investigators at seeded places.

    :raises SeatingError: for a player count the game does not seat.
    """
    if not 1 <= players <= MAX_INVESTIGATORS:
        raise SeatingError(
            _("Arkham Horror seats 1 to {most} investigators, not {players}.").format(most=MAX_INVESTIGATORS, players=players)
        )
    pick = pick or random.Random(seed)
    seats = tuple(
        m.Seated(_("Investigator {number}").format(number=i + 1), pick.choice(ARKHAM), pick.randint(0, 4)) for i in range(players)
    )
    return m.NewArkhamGame(pick.choice(sorted(ANCIENT_ONES)), seats, seed)


def run_arkham_window(
    journal: Journal, name: str, seed: int, players: int, size: tuple[int, int], location: str, *, voice: bool = True
) -> None:
    """The table's screen in a window on a seeded Arkham game: draw or pick the card, move the
    investigators, close gates, undo; the mock LED panel beside it.

    :raises SeatingError: for a player count the game does not seat (nothing is stored).
    """
    from companion import appliance

    appliance.run_arkham_window(_start(journal, name, demo_setup(seed, players)), seed, size, location, voice=voice)


def run_arkham_demo(journal: Journal, name: str, seed: int, players: int, out: TextIO, phases: int = 8) -> m.ArkhamState:
    """Set up, then run up to ``phases`` Mythos Phases; between them the investigators move and
    now and then close a gate, as they would at the table.  Each step is journaled by the
    session before its listener narrates it (the investigators' moves quietly).

    :raises SeatingError: for a player count the game does not seat (nothing is stored).
    """
    from companion.appliance import Appliance

    pick = random.Random(seed)
    session = _start(journal, name, demo_setup(seed, players, pick))
    narrator = Narrator(out)
    narrator(tuple(from_canonical(tuple[Event, ...], journal.entry(name, 1).events)))
    with contextlib.ExitStack() as stack:  # the house the window uses; the narration is its output
        table = Appliance(session, stack).table
        table.session.listeners.append(lambda events, state, entry: narrator(events))
        for _phase in range(phases):
            for seat in session.state.investigators:
                if not seat.delayed and seat.place in ARKHAM and pick.random() < 0.5:
                    narrator.muted = True
                    _submit(table, m.MoveInvestigator(seat.name, pick.choice(ARKHAM)))
                    narrator.muted = False
            if session.state.gates and pick.random() < 0.4:  # the investigators close a gate now and then
                _submit(table, m.CloseGate(pick.choice(session.state.gates).location, seal=pick.random() < 0.3))
            setup_step = _(" (the last step of set-up)") if session.state.setup else ""
            heading = _("-- Mythos Phase {number}{setup_step} --").format(
                number=session.state.mythos_phases + 1, setup_step=setup_step
            )
            out.write(f"\n{heading}\n")
            _submit(table, m.Mythos())
            if session.state.awakened:
                break
    return session.state


def _start(journal: Journal, name: str, setup: m.NewArkhamGame) -> ArkhamSession:
    session = ArkhamSession.start(journal, name, setup)
    if isinstance(session, Rejected):
        raise AssertionError(f"the demo's own set-up was refused: {session.message}")
    return session


def _submit(table: Table[ArkhamSession], command: Command) -> None:
    """Put one of the demo's own commands on the table's queue, as any input, and let the table
    decide it (a refusal would be a bug in the demo)."""
    said = len(table.notices)
    table.post(command)
    table.drain()
    if len(table.notices) > said:
        raise AssertionError(f"the demo's own command was refused: {table.notices[-1].text}")


class Narrator:
    """Writes each event's sentence; ``muted`` while the demo's quiet steps go through."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.muted = out, False

    def __call__(self, events: tuple[Event, ...]) -> None:
        if self.muted:
            return
        for event in events:
            words = describe(event)
            if words:
                self.out.write(f"  {words}\n")
        self.out.flush()
