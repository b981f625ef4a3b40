"""The dice tower's port on the table: the protocol's work, beside the table loop, not inside it.

The table loop (:class:`companion.table.Table`) hands this port every roll frame the tower sent
and calls :meth:`TowerPort.sync` after each input.  The port:

- **requests**: lights the tower's "roll N dice" when the game asks for a roll (once per roll
  asked for, and only once it reached the tower) and puts it out when not; and asks again when
  the link comes back (the tower's hello answers the link's query at every opening of the port):
  a Pico powered over USB reboots on every replug and forgets what it was asked, and a request
  written just before the cable came out is lost with it;
- **foresees**: while one die is asked for, decides each of its faces ahead
  (:meth:`companion.session.Session.foresee`), so the roll goes straight to the journal;
- **applies** a roll only if it fits the pending roll prompt (count and die), through the
  table's own submit (so it waits, in order, while the journal is away);
- **acknowledges** only once the roll is journaled, and **deduplicates** by the roll's
  reference ``tower:<boot>:<sequence>``, remembered from the journal's recent entries when a
  game is opened, so a repeat is acknowledged as a duplicate and never applied twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from companion.engine import Command, State, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import DieKind, Prompt, PromptKind
from companion.session import Session

if TYPE_CHECKING:  # the protocol's frames are imported when the first roll is asked for (not at start)
    from firmware_bridge.protocol import AckStatus, Frame, Hello, Request, RollFrame

TOWER_DIE = {DieKind.D6: "d6", DieKind.DEGRADATION: "deg"}
REMEMBERED_ROLLS = 256  # journal entries searched for tower rolls when a game is opened
OUTCOMES = ("applied", "a repeat, already applied", "not asked for")  # by AckStatus: OK, DUPLICATE, IGNORED


class TableSide(Protocol):
    """What the port needs of the table loop (:class:`companion.table.Table`)."""

    session: Any

    def decide(self, command: Command, input_id: str = "") -> bool:
        """Decide and journal ``command`` (made by input ``input_id``) now; False if refused or
        waiting for the journal."""

    def waits(self, input_id: str) -> bool:
        """Whether the input ``input_id`` made a command that waits for the journal."""

    def say(self, text: str) -> None:
        """Tell the players something that is not a game event."""


def roll_prompt(state: Any) -> Prompt | None:
    """The roll the game waits for, if any (Arkham's Mythos Phase never asks for dice: its chance
    is the cup, the gate markers and the deck)."""
    return state.prompt if isinstance(state, State) and state.prompt.kind is PromptKind.ROLL else None


def unlinked(frame: Frame) -> bool:
    """A table's tower port before (or without) a tower: every frame fails to go out."""
    return False


class TowerPort:
    """The tower's side of one table.  ``send`` puts a frame on the wire (False: not linked)."""

    def __init__(self, send: Callable[[Frame], bool] | None = None) -> None:
        self.send: Callable[[Frame], bool] = send or unlinked
        self.applied: set[str] = set()  # references of the tower rolls already journaled
        self.requested: tuple[Request, int] | None = None  # the request sent, and for which state step
        self.last_roll = ""  # the tower's last roll and what became of it, for the settings screen

    def opened(self, session: Session[Any]) -> None:
        """A game is on the table (opened, resumed or switched to): remember its tower rolls."""
        self.applied = remembered_refs(session)

    def recorded(self, command: Command) -> None:
        """``command`` was journaled (a roll that waited for the journal, say): remember its ref."""
        if isinstance(command, c.Roll) and command.ref:
            self.applied.add(command.ref)

    def heard(self, frame: RollFrame | Hello, table: TableSide) -> None:
        """A frame the table's loop handed over: a roll to apply, or a hello (the link opened)."""
        from firmware_bridge.protocol import RollFrame

        if isinstance(frame, RollFrame):
            self.roll(frame, table)
        else:
            self.relinked()

    def relinked(self) -> None:
        """The tower said hello: the link (re)opened.  The request is sent again at the next
        :meth:`sync`: the tower may have rebooted (its hello names a new boot id) and forgotten
        it, or the request was written just before the cable came out.  A tower that has it
        already changes nothing (the reference firmware and the simulator take a request for the
        roll they have sent and not yet seen acknowledged as that roll's)."""
        self.requested = None

    def roll(self, frame: RollFrame, table: TableSide) -> None:
        """Apply the tower's roll if it fits, and answer the tower."""
        from firmware_bridge.protocol import Ack, AckStatus  # imported by then: the link made the frame

        status = self._apply(frame, table)
        answers = dict(zip((AckStatus.OK, AckStatus.DUPLICATE, AckStatus.IGNORED), OUTCOMES, strict=True))
        outcome = answers[status] if status is not None else "waiting for the journal"
        self.last_roll = f"{' '.join(map(str, frame.values))} ({frame.die}, #{frame.sequence}): {outcome}"
        if status is not None:
            self.send(Ack(frame.sequence, status))

    def _apply(self, frame: RollFrame, table: TableSide) -> AckStatus | None:
        """How to answer the tower; None while the roll waits for the journal (the tower repeats it,
        and the repeat is acknowledged once the roll is recorded)."""
        from firmware_bridge.protocol import AckStatus

        if frame.ref in self.applied:
            return AckStatus.DUPLICATE
        if table.waits(frame.ref):
            return None  # a repeat of a roll that waits for the journal: it is answered once recorded
        prompt = roll_prompt(table.session.state)
        wanted = prompt is not None and prompt.dice == len(frame.values) and TOWER_DIE[prompt.die] == frame.die
        if not wanted:
            rolled = " ".join(map(str, frame.values))
            table.say(f"The tower rolled {rolled} ({frame.die}), but no such roll is asked for: not applied.")
            return AckStatus.IGNORED
        roll = c.Roll(frame.values, "tower", frame.ref)
        if not table.decide(roll, frame.ref):  # the tower's reference is the roll's identity
            return None if table.waits(frame.ref) else AckStatus.IGNORED
        self.applied.add(frame.ref)
        return AckStatus.OK

    def sync(self, session: Session[Any]) -> None:
        """Light the tower's "roll N dice" when a roll is asked for, and foresee the roll; put it
        out when not.  Called after each input, so a roll's acknowledgement reaches the tower
        before the next request."""
        if self.send is unlinked:
            return  # no tower to light (nothing was requested either)
        state = session.state
        prompt = roll_prompt(state)
        if prompt is not None:
            from firmware_bridge.protocol import Request  # at the first roll asked for, not at start

            # One request per roll asked for: two rolls in a row may want the same dice.
            request = Request(prompt.dice, TOWER_DIE[prompt.die])
            if (request, state.step) != self.requested and self.send(request):
                self.requested = (request, state.step)  # only once it reached the tower: a link still
                # connecting gets it on a later step
            if self.requested is not None:
                foresee_roll(session, state, prompt)
        elif self.requested is not None and self.send(_cancel()):
            self.requested = None


def _cancel() -> Frame:
    from firmware_bridge.protocol import Cancel  # imported by then: a request was sent

    return Cancel()


def foresee_roll(session: Session[Any], state: State, prompt: Prompt) -> None:
    """While the tower is asked for one die, decide each of its faces ahead (six calls to the
    engine, once per roll asked for), so the roll, when it lands, goes straight to the
    journal and the LEDs: the engine's decision was a fifth of the tower's path to the LED.
    More dice have too many outcomes to try them all."""
    if prompt.dice != 1 or session.foreseen():
        return
    faces = [cmd for cmd in legal_commands(state) if isinstance(cmd, c.Roll) and cmd.values is not None]
    session.foresee(c.Roll(face.values, "tower") for face in faces)


def remembered_refs(session: Session[Any]) -> set[str]:
    """Tower rolls already in the journal's recent entries (a restart must not apply them again);
    a damaged entry is passed over (:meth:`Session.readable`: the table says which)."""
    refs: set[str] = set()
    start = max(1, session.seq - REMEMBERED_ROLLS + 1)
    for entry in session.readable(start):
        if entry.input.startswith("tower:"):
            refs.add(entry.input)
        command = json.loads(entry.command)
        if command.get("type") == "roll" and command.get("ref"):
            refs.add(command["ref"])
    return refs
