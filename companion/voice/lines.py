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
from companion.i18n import _, ngettext

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
    text = _("{player} reaches {doom} Doom.").format(player=n(e.player), doom=e.total)
    return Line(text, Priority.BIG if passed[-1] >= 25 else Priority.ROUTINE)


def _game_ended(e: ev.GameEnded, n: Names) -> Line:
    if not e.winners:
        return Line(_("The game is over. Nobody wins."), Priority.BIG, Cue.GAME_OVER)
    who = _(" and ").join(n(p) for p in e.winners)
    text = ngettext("The game is over. {winners} wins.", "The game is over. {winners} win.", len(e.winners))
    return Line(text.format(winners=who), Priority.BIG, Cue.GAME_OVER)


def _awakened(e: WatcherAwakened, n: Names) -> Line:
    if e.cause == "die" or not e.player:
        text = _("The Watcher awakens on {area}.").format(area=e.area)
    else:
        text = _("The Watcher awakens on {area}: {player}'s Doom passed 12.").format(area=e.area, player=n(e.player))
    return Line(text, Priority.BIG, Cue.WATCHER)


def _battled(e: WatcherBattled, n: Names) -> Line:
    text = _("The Watcher deals {kills} kills and {pains} pains to {player} in {area}; its token falls to {token}.")
    return Line(text.format(kills=e.watcher_kills, pains=e.watcher_pains, player=n(e.defender), area=e.area, token=e.token))


def _eradicated(e: AreaEradicated, n: Names) -> Line:
    gains = [r for r in e.rewards if r.power or r.elder_signs or r.doom]
    text = _("{area} is eradicated by Worm {worm}.").format(area=e.area, worm=e.worm)
    for r in gains:
        text += " " + _("{player} gains {reward}.").format(player=n(r.player), reward=_reward(r))
    return Line(text, Priority.BIG, Cue.ERADICATION)


def _reward(r: Reward) -> str:
    gains = ((r.power, _("{n} Power")), (r.elder_signs, _("{n} Elder Signs")), (r.doom, _("{n} Doom")))
    return _(" and ").join(label.format(n=amount) for amount, label in gains if amount)


def _worms(e: WormsDegraded, n: Names) -> Line:
    if not e.matched:
        return Line(_("No Worm strikes."))
    text = ngettext("Worm {worms} strikes.", "Worms {worms} strike.", len(e.matched))
    return Line(text.format(worms=_(" and ").join(map(str, e.matched))))


def _acolyte(e: AcolyteControlChanged, n: Names) -> Line:
    if not e.new:
        return Line(_("The Astral Acolyte serves nobody now."))
    return Line(_("The Astral Acolyte now serves {player}.").format(player=n(e.new)))


def _monster(e: ah.MonsterAppeared, n: Names) -> Line | None:
    return None if e.place == e.gate else Line(_("{monster} goes to the Outskirts.").format(monster=e.monster))


def _terror(e: ah.TerrorRose, n: Names) -> Line:
    text = _("Terror rises to {terror}.").format(terror=e.terror)
    return Line(text + (" " + _("{shop} closes.").format(shop=e.closed) if e.closed else ""))


_SPEAKERS: dict[type[Event], _Speaker] = {
    ev.DoomGained: _doom,
    ev.GameEnded: _game_ended,
    ev.RitualPerformed: lambda e, n: Line(_("{player} performs the Ritual of Annihilation.").format(player=n(e.player))),
    ev.TurnStarted: lambda e, n: Line(_("{player}'s turn.").format(player=n(e.player))),
    WatcherAwakened: _awakened,
    WatcherAttackStarted: lambda e, n: Line(
        _("{player} sends the Watcher to attack {area}.").format(player=n(e.controller), area=e.destination)
    ),
    WatcherBattled: _battled,
    WatcherDecayed: lambda e, n: Line(_("The Watcher decays by {roll}, to {token}.").format(roll=e.roll, token=e.token)),
    WatcherKilled: lambda e, n: Line(_("The Watcher dies in {area}.").format(area=e.area), Priority.BIG, Cue.WATCHER),
    WormsDegraded: _worms,
    AreaEradicated: _eradicated,
    AcolyteControlChanged: _acolyte,
    ah.MythosDrawn: lambda e, n: Line(_("Mythos: {card}.").format(card=e.card), Priority.ROUTINE, Cue.MYTHOS),
    ah.GateOpened: lambda e, n: Line(_("A gate opens at {place}.").format(place=e.location)),
    ah.MonsterSurge: lambda e, n: Line(_("Monster surge at {place}!").format(place=e.location), Priority.BIG),
    ah.MonsterAppeared: _monster,
    ah.TerrorRose: _terror,
    ah.AncientOneAwakens: lambda e, n: Line(_("{name} awakens!").format(name=e.ancient_one), Priority.BIG, Cue.ANCIENT_ONE),
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
        return Line(ngettext("Roll one die.", "Roll {dice} dice.", prompt.dice).format(dice=prompt.dice))
    if prompt.kind is PromptKind.PLACE and prompt.actor:  # only the Worms of Ghroth ask to place
        return Line(_("{player} places a Worm.").format(player=n(prompt.actor)))
    return None
