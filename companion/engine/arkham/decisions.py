"""What the players must decide before a Mythos card resolves, found by resolving it in advance.

The engine is pure and a digital draw is seeded from the state, so the same command on the same
state draws the same card, gate marker and monsters.  A screen (or any other front end) can
therefore resolve the phase privately, see whether the rules leave a choice to the players, ask
the first player, and only then submit the command with the choice filled in: the journal holds
one Mythos Phase, already decided.

Two choices exist in the base game's Mythos Phase:

- a monster surge whose monsters do not divide evenly over the open gates, or that the monster
  limit sends partly to the Outskirts: the players place them ("the first player decides ties");
- a Clue appearing where several investigators stand: one of them takes it.

A table that draws for itself (``table_draws``) also says what it drew: the gate marker when a
gate opens, and each monster from the cup.  The phase is previewed with the companion drawing
the rest, which needs the same number of draws: how many monsters come out of the cup does not
depend on which ones do.  The order of the questions is the table's: the gate marker, the
surge's placement ("before the draw"), the monsters, then the Clue.
"""

from __future__ import annotations

from collections import Counter

from companion.engine.arkham import model as m
from companion.engine.arkham.data import OUTSKIRTS
from companion.engine.arkham.environments import kept_out
from companion.engine.arkham.game import apply
from companion.engine.arkham.mythos import check_placement, round_the_gates, surge_gates
from companion.engine.core import Refusal, Rejected
from companion.engine.values import dataclass, evolve


@dataclass(frozen=True)
class SurgeChoice:
    """Place ``count`` surge monsters on ``gates`` (the surge gate first), in draw order.

    ``to_outskirts`` of them go on to the Outskirts because of the monster limit: the last ones
    placed, so the order says which gates keep theirs.
    """

    location: str
    count: int
    gates: tuple[str, ...]
    to_outskirts: int

    def default(self) -> tuple[str, ...]:
        """The order the engine uses when the players do not choose: round the gates from the surge gate."""
        return round_the_gates(self.gates, self.count)

    def allows(self, start: tuple[str, ...]) -> bool:
        """Whether a placement beginning with ``start`` can still end in one the rule accepts.

        The fullest completion is tried against the engine's own check: the surge gate, then the
        gates already holding most, take the larger shares.
        """
        low, extra = divmod(self.count, len(self.gates))
        held = Counter(start)
        ranked = sorted(self.gates, key=lambda gate: (gate != self.location, -held[gate]))
        shares = {gate: low + (1 if rank < extra else 0) for rank, gate in enumerate(ranked)}
        if any(held[gate] > shares[gate] for gate in self.gates):
            return False
        completed = start + tuple(gate for gate in self.gates for _ in range(shares[gate] - held[gate]))
        try:
            check_placement(completed, self.gates, self.location, self.count)
        except Refusal:
            return False
        return True


@dataclass(frozen=True)
class ClueChoice:
    """Several investigators stand where the Clue appears: one of ``names`` takes it."""

    location: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class GateMarkerDrawn:
    """A gate opens at ``location``: which of ``worlds`` (the unused markers) did the table draw?"""

    location: str
    worlds: tuple[str, ...]


@dataclass(frozen=True)
class MonsterDrawn:
    """Monster ``number`` of ``count`` this phase (from 1): which of ``kinds`` came out of the cup?"""

    number: int
    count: int
    kinds: tuple[str, ...]


Decision = SurgeChoice | ClueChoice | GateMarkerDrawn | MonsterDrawn


def next_decision(state: m.ArkhamState, command: m.Mythos) -> Decision | None:
    """The first choice or draw ``command`` leaves open on ``state``, or None when it can be
    submitted as it is.

    A command the engine refuses (for anything but a missing draw) has no decision: submitting
    it reports the refusal.
    """
    result = apply(evolve(state, table_draws=False), command)
    if isinstance(result, Rejected):
        return None
    events = result.events
    if state.table_draws and not command.gate:
        opened = next((e for e in events if isinstance(e, m.GateOpened)), None)
        if opened is not None:
            return GateMarkerDrawn(opened.location, tuple(sorted(set(state.gate_markers))))
    if not command.placement:
        surge = _surge(state, events)
        if surge is not None:
            return surge
    drawn = sum(1 for e in events if isinstance(e, m.MonsterAppeared))
    if state.table_draws and len(command.monsters) < drawn:
        number = len(command.monsters) + 1
        left = cup_at_draw(state, events, number)
        out = kept_out(state)
        return MonsterDrawn(number, drawn, tuple(sorted(kind for kind in left if kind != out)))
    if not command.clue_to:
        clue = next((e for e in events if isinstance(e, m.ClueAppeared) and e.taken_by), None)
        here = state.investigators_at(clue.location) if clue is not None else ()
        if clue is not None and len(here) > 1:
            return ClueChoice(clue.location, tuple(i.name for i in here))
    return None


def cup_at_draw(state: m.ArkhamState, events: tuple[object, ...], number: int) -> Counter[str]:
    """The cup as it stands when monster ``number`` (from 1) of the phase is drawn: the cup before
    the phase, less the monsters drawn before it, plus those that came back to it in between (an
    Outskirts overflow, terror reaching 10).  The phase's events up to that draw depend only on
    the monsters already named, so the preview's own later draws do not matter."""
    cup = Counter(state.cup)
    seen = 0
    for event in events:
        if isinstance(event, m.MonsterAppeared):
            seen += 1
            if seen == number:
                break
            cup[event.monster] -= 1
        elif isinstance(event, m.OutskirtsCleared):
            cup.update(event.monsters)
    return +cup  # only the kinds still in it


def _surge(state: m.ArkhamState, events: tuple[object, ...]) -> SurgeChoice | None:
    """A surge with something to choose: an uneven spread, or monsters sent to the Outskirts."""
    start = next((n for n, e in enumerate(events) if isinstance(e, m.MonsterSurge)), None)
    if start is None:
        return None
    surge = events[start]
    assert isinstance(surge, m.MonsterSurge)
    placed = [e for e in events[start + 1 :] if isinstance(e, m.MonsterAppeared)][: surge.monsters]
    overflow = sum(1 for e in placed if e.place == OUTSKIRTS)
    if surge.monsters % surge.gates == 0 and not overflow:
        return None
    return SurgeChoice(surge.location, surge.monsters, surge_gates(state, surge.location), overflow)
