"""What the table must hear without looking: events (and the prompt) to spoken lines.

Pure: no I/O, no clock.  Events are matched by their classes.  Each line has a
:class:`Priority` (big moments jump the queue and are never dropped) and, for the biggest
moments, a :class:`Cue` played before the words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from companion.engine import Event
from companion.engine.arkham import model as ah
from companion.engine.cthulhu import events as ev
from companion.engine.cthulhu.acolyte import AcolyteControlChanged
from companion.engine.cthulhu.model import PromptKind
from companion.engine.cthulhu.shaggai import AreaEradicated, Reward, WormsDegraded
from companion.engine.cthulhu.watcher import (
    WatcherAttackStarted,
    WatcherAwakened,
    WatcherBattled,
    WatcherDecayed,
    WatcherKilled,
)

DOOM_MILESTONES = (12, 20, 25, 30)  # a player's Doom reaching one of these is announced


class Priority(IntEnum):
    """Lower goes first.  BIG lines are never dropped as stale."""

    BIG = 0
    ROUTINE = 1


class Verbosity(StrEnum):
    """How much is said: only the big moments, or everything worth a line."""

    BIG_ONLY = "big"
    EVERYTHING = "everything"


class Cue(StrEnum):
    """The generated sounds (:mod:`companion.voice.sounds`) played before a big line."""

    WATCHER = "watcher"
    ERADICATION = "eradication"
    MYTHOS = "mythos"
    ANCIENT_ONE = "ancient_one"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Line:
    """One thing to say: ``text`` in words for the ear, how urgent, and an optional cue."""

    text: str
    priority: Priority = Priority.ROUTINE
    cue: Cue | None = None


Names = Callable[[str], str]
_Speaker = Callable[[Any, Names], Line | None]


def _doom(e: ev.DoomGained, n: Names) -> Line | None:
    passed = [m for m in DOOM_MILESTONES if e.total - e.amount < m <= e.total]
    if not passed:
        return None
    return Line(f"{n(e.player)} reaches {e.total} Doom.", Priority.BIG if passed[-1] >= 25 else Priority.ROUTINE)


def _game_ended(e: ev.GameEnded, n: Names) -> Line:
    who = " and ".join(n(p) for p in e.winners)
    text = f"The game is over. {who} {'wins' if len(e.winners) == 1 else 'win'}." if who else "The game is over. Nobody wins."
    return Line(text, Priority.BIG, Cue.GAME_OVER)


def _awakened(e: WatcherAwakened, n: Names) -> Line:
    why = "the pyramid die" if e.cause == "die" else (f"{n(e.player)}'s Doom passed 12" if e.player else "Doom passed 12")
    return Line(f"The Watcher awakens, because of {why}, on {e.area}.", Priority.BIG, Cue.WATCHER)


def _battled(e: WatcherBattled, n: Names) -> Line:
    return Line(
        f"The Watcher deals {e.watcher_kills} kills and {e.watcher_pains} pains to {n(e.defender)} in {e.area}; "
        f"its token falls to {e.token}."
    )


def _eradicated(e: AreaEradicated, n: Names) -> Line:
    gains = [r for r in e.rewards if r.power or r.elder_signs or r.doom]
    said = "; ".join(f"{n(r.player)} gains {_reward(r)}" for r in gains)
    return Line(f"{e.area} is eradicated by Worm {e.worm}." + (f" {said}." if said else ""), Priority.BIG, Cue.ERADICATION)


def _reward(r: Reward) -> str:
    parts = [
        f"{amount} {label}" for amount, label in ((r.power, "Power"), (r.elder_signs, "Elder Signs"), (r.doom, "Doom")) if amount
    ]
    return " and ".join(parts)


def _worms(e: WormsDegraded, n: Names) -> Line:
    if not e.matched:
        return Line("No Worm strikes.")
    return Line(f"Worm {' and '.join(map(str, e.matched))} {'strikes' if len(e.matched) == 1 else 'strike'}.")


def _acolyte(e: AcolyteControlChanged, n: Names) -> Line:
    return Line(f"The Astral Acolyte now serves {n(e.new)}." if e.new else "The Astral Acolyte serves nobody now.")


def _monster(e: ah.MonsterAppeared, n: Names) -> Line | None:
    return None if e.place == e.gate else Line(f"{e.monster} goes to the {e.place}.")


def _terror(e: ah.TerrorRose, n: Names) -> Line:
    return Line(f"Terror rises to {e.terror}." + (f" {e.closed} closes." if e.closed else ""))


_SPEAKERS: dict[type[Event], _Speaker] = {
    ev.DoomGained: _doom,
    ev.GameEnded: _game_ended,
    ev.RitualPerformed: lambda e, n: Line(f"{n(e.player)} performs the Ritual of Annihilation."),
    ev.TurnStarted: lambda e, n: Line(f"{n(e.player)}'s turn."),
    WatcherAwakened: _awakened,
    WatcherAttackStarted: lambda e, n: Line(f"{n(e.controller)} sends the Watcher to attack {e.destination}."),
    WatcherBattled: _battled,
    WatcherDecayed: lambda e, n: Line(f"The Watcher decays by {e.roll}, to {e.token}."),
    WatcherKilled: lambda e, n: Line(f"The Watcher dies in {e.area}.", Priority.BIG, Cue.WATCHER),
    WormsDegraded: _worms,
    AreaEradicated: _eradicated,
    AcolyteControlChanged: _acolyte,
    ah.MythosDrawn: lambda e, n: Line(f"Mythos: {e.card}.", Priority.ROUTINE, Cue.MYTHOS),
    ah.GateOpened: lambda e, n: Line(f"A gate opens at {e.location}."),
    ah.MonsterSurge: lambda e, n: Line(f"Monster surge at {e.location}!", Priority.BIG),
    ah.MonsterAppeared: _monster,
    ah.TerrorRose: _terror,
    ah.AncientOneAwakens: lambda e, n: Line(f"{e.ancient_one} awakens!", Priority.BIG, Cue.ANCIENT_ONE),
}


def lines_for(
    events: Iterable[Event], state: Any, names: Mapping[str, str] | None = None, verbosity: Verbosity = Verbosity.EVERYTHING
) -> list[Line]:
    """The lines to say for one journaled entry: its events' lines, then what the table waits for.

    ``names`` maps player ids to labels; ``verbosity`` BIG_ONLY keeps only big moments.
    """
    label = names or {}

    def n(pid: str) -> str:
        return label.get(pid, pid.replace("_", " ").title())

    lines = [line for e in events if (speak := _SPEAKERS.get(type(e))) and (line := speak(e, n))]
    waiting = _waiting_for(state, n)
    if waiting is not None:
        lines.append(waiting)
    if verbosity is Verbosity.BIG_ONLY:
        lines = [line for line in lines if line.priority is Priority.BIG]
    return lines


def _waiting_for(state: Any, n: Names) -> Line | None:
    """The dice a Cthulhu Wars roll prompt waits for, and whose Worm it is to place."""
    prompt = getattr(state, "prompt", None)
    if prompt is None or not hasattr(prompt, "dice"):
        return None
    if prompt.kind is PromptKind.ROLL and prompt.dice:
        dice = "one die" if prompt.dice == 1 else f"{prompt.dice} dice"
        return Line(f"Roll {dice}" + (f" for {prompt.purpose.replace('_', ' ')}." if prompt.purpose else "."))
    if prompt.kind is PromptKind.PLACE and prompt.actor:  # only the Worms of Ghroth ask to place
        return Line(f"{n(prompt.actor)} places a Worm.")
    return None
