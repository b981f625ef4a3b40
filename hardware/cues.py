"""What the panel should show, as a pure function of the game: ``cues(state, events)``.

No gpiozero here and no clock: :func:`cues` reads a state (and the events of the entry that led
to it) and gives the levels of the lights and the buzzer's pattern, so the rules of the panel
are tested without pins.  :class:`hardware.panel.Panel` applies them to the devices.  Events are
matched by their classes (``isinstance``), so a renamed event is a type error, not a silent
miss.

Cthulhu Wars: the Watcher light is dark asleep and breathes awake at token / 12; the Doom bar is
the leader's Doom out of 30; the worm light is lit while a Worm can be eradicated at the next
Doom Phase and flashes when an area is eradicated; the status light is the first player's
colour.  Arkham Horror: the Doom bar is the Ancient One's doom track; the status light goes from
green (terror 0) to red (terror 10, or the Ancient One awake); the Cthulhu Wars lights are dark.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from companion.engine import Event, State, is_arkham, worm_chances
from companion.engine.cthulhu.events import GameEnded
from companion.engine.cthulhu.model import DOOM_TO_WIN, WATCHER_TOKEN_START
from companion.engine.cthulhu.shaggai import AreaEradicated, WorldsEnd
from companion.engine.cthulhu.watcher import WatcherAwakened
from companion.engine.says import sentence
from companion.engine.values import dataclass
from companion.palette import colour_of

if TYPE_CHECKING:
    from companion.engine.arkham.model import ArkhamState


@dataclass(frozen=True)
class Beep:
    """A buzzer pattern: ``times`` beeps of ``on`` seconds with ``off`` seconds between."""

    on: float
    off: float
    times: int


WATCHER_BEEP = Beep(0.08, 0.08, 3)  # the Watcher wakes
MOMENT_BEEP = Beep(0.08, 0.08, 2)  # an area eradicated, the world's end, the game's end
AWAKENING_BEEP = Beep(0.3, 0.15, 3)  # Arkham: the Ancient One awakens
MOMENTS = (AreaEradicated, WorldsEnd, GameEnded)


@dataclass(frozen=True)
class PanelCues:
    """The panel's lights and sound for one moment of the game.

    ``watcher``: 0 (dark) to 1, the breathing light's peak; ``doom``: the lit fraction of the Doom
    bar, 0 to 1; ``worm``: the worm light's steady value; ``worm_flash``: flash it first;
    ``status``: red, green, blue from 0 to 1; ``beep``: the buzzer's pattern, or None.
    """

    watcher: float = 0.0
    doom: float = 0.0
    worm: bool = False
    worm_flash: bool = False
    status: tuple[float, float, float] = (0.0, 0.0, 0.0)
    beep: Beep | None = None


@dataclass(frozen=True)
class PanelLabels:
    """What each light means in the game being played (the demo's virtual panel prints them);
    an empty label: the light has no part in this game and stays dark."""

    watcher: str = ""
    worm: str = ""
    doom: str = ""
    status: str = ""


# Marked for the catalogue (the screen that prints them translates them; the cues stay pure).
CTHULHU_LABELS = PanelLabels(sentence("Watcher"), sentence("Worm"), sentence("Doom: leader of 30"), sentence("First player"))
ARKHAM_LABELS = PanelLabels(doom=sentence("Doom track"), status=sentence("Terror"))


def labels(state: State | ArkhamState) -> PanelLabels:
    """The lights' meanings for the game ``state`` belongs to."""
    return ARKHAM_LABELS if is_arkham(state) else CTHULHU_LABELS


def watcher_level(state: State | ArkhamState) -> float:
    """The Watcher light's peak: 0 asleep (or no Watcher, or Arkham), token / 12 awake."""
    watcher = state.watcher if isinstance(state, State) else None
    return watcher.token / WATCHER_TOKEN_START if watcher is not None and watcher.awake else 0.0


def cues(state: State | ArkhamState, events: Iterable[Event] = ()) -> PanelCues:
    """The panel's cues for ``state``, reached by ``events`` (none: just show the state)."""
    happened = tuple(events)
    if is_arkham(state):
        return _arkham(state, happened)
    leader = max(p.doom for p in state.players)
    red, green, blue = colour_of(state.players[state.first].faction)
    eradicated = any(isinstance(event, AreaEradicated) for event in happened)
    beep = None
    if any(isinstance(event, WatcherAwakened) for event in happened):
        beep = WATCHER_BEEP
    elif any(isinstance(event, MOMENTS) for event in happened):
        beep = MOMENT_BEEP
    return PanelCues(
        watcher=watcher_level(state),
        doom=min(1.0, leader / DOOM_TO_WIN),
        worm=any(chance > 0 for _, _, chance in worm_chances(state)),
        worm_flash=eradicated,
        status=(red / 255, green / 255, blue / 255),
        beep=beep,
    )


def _arkham(state: ArkhamState, events: tuple[Event, ...]) -> PanelCues:
    from companion.engine.arkham.data import TERROR_TOP  # loaded: the state is Arkham's
    from companion.engine.arkham.model import AncientOneAwakens

    dread = 1.0 if state.awakened else min(1.0, state.terror / TERROR_TOP)
    awakens = any(isinstance(event, AncientOneAwakens) for event in events)
    return PanelCues(
        doom=min(1.0, state.doom / state.doom_track),
        status=(dread, 1.0 - dread, 0.0),
        beep=AWAKENING_BEEP if awakens else None,
    )
