"""``companion demo --game arkham``: seeded Mythos Phases, journaled, then narrated.

The flow is the table's: command -> Arkham engine -> events -> durable journal -> the words on
the terminal.  Arkham games live in their own journal file (``arkham.sqlite3`` in the state
directory, or ``--journal``) because the table loop, the screen and ``companion run`` referee
Cthulhu Wars only so far; keeping them apart means ``run`` never resumes an Arkham game.
The demo's investigators are placeholders ("Investigator 1"...) at seeded places with seeded
Sneak values: the companion does not ship investigator sheets.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TextIO

from companion.engine.arkham import model as m
from companion.engine.arkham.data import ANCIENT_ONES, ARKHAM
from companion.engine.arkham.game import apply, new_arkham_game
from companion.engine.codec import canonical
from companion.engine.core import Accepted, Command, Event
from companion.narrate import describe
from companion.store import Entry, Journal
from companion.store.base import EntryKind

SNAPSHOT_EVERY = 32


class ArkhamLog:
    """Append-only journal of one Arkham game: every accepted command with its events."""

    def __init__(self, journal: Journal, name: str, clock: Callable[[], float] = time.time) -> None:
        self.journal, self.name, self.clock, self.seq = journal, name, clock, 0

    def record(self, command: Command, events: tuple[Event, ...], state: m.ArkhamState) -> None:
        """Durably store the step; raises the journal's errors (nothing is shown before this)."""
        if self.seq == 0:
            self.journal.create_game(self.name, f"Arkham Horror: {state.ancient_one}", self.clock())
        self.seq += 1
        snapshot = canonical(state) if self.seq == 1 or self.seq % SNAPSHOT_EVERY == 0 else None
        entry = Entry(
            self.seq, EntryKind.COMMAND, self.seq - 1, self.seq, self.seq, (), canonical(command), canonical(events), self.clock()
        )
        self.journal.append(self.name, entry, snapshot)


def run_arkham_demo(journal: Journal, name: str, seed: int, players: int, out: TextIO, phases: int = 8) -> m.ArkhamState:
    """Set up, then run up to ``phases`` Mythos Phases; between them the investigators move and
    now and then close a gate, as they would at the table.

    :raises ValueError: for a player count outside 1-8.
    """
    if not 1 <= players <= 8:
        raise ValueError(f"Arkham Horror seats 1 to 8 investigators, not {players}.")
    pick = random.Random(seed)
    seats = tuple(m.Seated(f"Investigator {i + 1}", pick.choice(ARKHAM), pick.randint(0, 4)) for i in range(players))
    setup = m.NewArkhamGame(pick.choice(sorted(ANCIENT_ONES)), seats, seed)
    log = ArkhamLog(journal, name)
    state = _step(log, setup, new_arkham_game(setup), out)
    for _ in range(phases):
        for seat in state.investigators:
            if not seat.delayed and seat.place in ARKHAM and pick.random() < 0.5:
                move = m.MoveInvestigator(seat.name, pick.choice(ARKHAM))
                state = _step(log, move, apply(state, move), out, quiet=True)
        if state.gates and pick.random() < 0.4:  # the investigators close a gate now and then
            close = m.CloseGate(pick.choice(state.gates).location, seal=pick.random() < 0.3)
            state = _step(log, close, apply(state, close), out)
        out.write(f"\n-- Mythos Phase {state.mythos_phases + 1}{' (the last step of set-up)' if state.setup else ''} --\n")
        mythos = m.Mythos()
        state = _step(log, mythos, apply(state, mythos), out)
        if state.awakened:
            break
    return state


def _step(log: ArkhamLog, command: Command, result: object, out: TextIO, quiet: bool = False) -> m.ArkhamState:
    """Journal an accepted step, then (only then) narrate it; a refusal changes nothing."""
    if not isinstance(result, Accepted):
        raise AssertionError(f"the demo's own command was refused: {result}")
    log.record(command, result.events, result.state)
    if not quiet:
        _narrate(result.events, out)
    state: m.ArkhamState = result.state
    return state


def _narrate(events: tuple[Event, ...], out: TextIO) -> None:
    for event in events:
        words = describe(event)
        if words:
            out.write(f"  {words}\n")
    out.flush()
