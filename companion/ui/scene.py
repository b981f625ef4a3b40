"""What every scene shares: the view it draws, the intents a tap produces, the navigation bar.

A scene follows one contract, called in this order by the app: ``update(view)`` rebuilds its
buttons when something changed, ``draw(surface, view)`` only draws, ``tap(pos)`` returns the
intent of the button under a finger (or None).  Scenes never change the game: an intent goes
back to the app, which hands commands to the table loop.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

import pygame

from companion.engine import Command
from companion.engine.values import dataclass
from companion.i18n import N_, _
from companion.ui.keyboard import Key
from companion.ui.widgets import ACCENT, BUTTON, Button, Metrics

SCENES = ("table", "fix", "map", "log", "settings", "new")  # the navigation bar for Cthulhu Wars
ARKHAM_SCENES = ("arkham", "log", "settings", "new")  # and for Arkham Horror
NAV_LABELS = {
    "table": N_("Table"),
    "fix": N_("Fix"),
    "map": N_("Map"),
    "log": N_("Log"),
    "settings": N_("Settings"),
    "new": N_("Game"),
    "arkham": N_("Arkham"),
    "games": N_("Games"),
    "story": N_("Story"),
}


@dataclass(frozen=True)
class Submit:
    command: Command


@dataclass(frozen=True)
class Go:
    scene: str
    area: int = -1


@dataclass(frozen=True)
class DieFace:
    """A die pad key: a face value, or None to clear the dice entered so far."""

    value: int | None


@dataclass(frozen=True)
class Page:
    delta: int


@dataclass(frozen=True)
class Start:
    """Start a new game on ``map`` (its name) with the first ``players`` factions."""

    map: str
    players: int
    acolyte: bool = False
    physical_dice: bool = False  # the players roll real dice (the die pad or the tower); no "Roll for me"
    physical_signs: bool = False  # Elder Signs come from the real bag; their values are entered when revealed
    factions: tuple[str, ...] = ()  # the seats in order round the table; () seats the first ``players`` of the demo's
    independents: tuple[str, ...] = ()  # the independent Great Old Ones and neutral monsters in the game
    bubastis_variant: bool = False  # Bubastis plays Syzygy and Carnivore (Options.bubastis_variant)
    neutral_spellbooks: bool = False  # the six neutral Spellbooks are in the supply (Options.neutral_spellbooks)
    high_priests: bool = False  # every faction has a High Priest (Options.high_priests)
    opener_ten_gates: bool = False  # the Opener's 12 gates are 10 with 4 players (Options.opener_ten_gates)


@dataclass(frozen=True)
class StartArkham:
    """Start Arkham Horror against ``ancient_one`` with ``players`` investigators, placed on the screen."""

    ancient_one: str
    players: int
    table_draws: bool = False  # the real Mythos deck, gate markers and cup, entered on the screen


@dataclass(frozen=True)
class Resume:
    name: str


@dataclass(frozen=True)
class Toggle:
    option: str


@dataclass(frozen=True)
class Build:
    """A map-builder action: ``what`` with an area index or a position on the canvas (0..1)."""

    what: str
    area: int = -1
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class Manage:
    """The Games page's change to stored game ``name``: ``what`` is "rename" (to ``title``),
    "archive", "unarchive", "delete" (asked twice first) or "story" (a finished game's)."""

    what: str
    name: str
    title: str = ""


Intent = Submit | Go | DieFace | Page | Start | StartArkham | Resume | Toggle | Build | Key | Manage


@dataclass
class View:
    """Everything a scene may read (and nothing it may change)."""

    state: Any  # the engine state of the game in play (Cthulhu Wars or Arkham Horror)
    names: dict[str, str]
    log: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    link: Any = None  # firmware_bridge.link.LinkStatus, when a tower is configured
    panel: Any = None  # companion.client.Leds: the panel's lights and pins, when there is a panel
    games: list[Any] = field(default_factory=list)
    maps: list[Any] = field(default_factory=list)
    dice: tuple[int, ...] = ()  # faces entered on the die pad so far
    page: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    area: int = -1  # the area being edited on the map
    journal: str = ""
    demo: bool = False
    nav: tuple[str, ...] = SCENES
    last_roll: str = ""  # the tower's last roll and what became of it
    talking: Any = None  # companion.client.Talking: what the push-to-talk cycle does (None: not told)
    journaled: tuple[str, ...] = ()  # the inputs (ids) that made the entries journaled lately, newest last


class Scene:
    name = "scene"
    # Read by one person leaning in (a faction's sheet, the details, the map builder), not from
    # the seats: its lines may be smaller than the table's 2.5 mm (docs/ui.md).
    up_close = False

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.buttons: list[Button] = []

    def update(self, view: View) -> None:
        self.buttons = self.layout(view) + nav_buttons(self.metrics, self.name, view.nav)

    def layout(self, view: View) -> list[Button]:
        return []

    def draw(self, surface: pygame.Surface, view: View) -> None:
        for button in self.buttons:
            button.draw(surface, self.metrics)

    def covered(self, surface: pygame.Surface, view: View) -> list[pygame.Rect]:
        """The rectangles :meth:`draw` covers whole with opaque pictures before drawing anything
        else there (so the frame need not be cleared under them first); none by default."""
        return []

    def tap(self, pos: tuple[int, int]) -> Intent | None:
        for button in reversed(self.buttons):
            if button.hit(pos):
                intent: Intent = button.intent
                return intent
        return None

    def body(self) -> pygame.Rect:
        """The screen above the navigation bar."""
        m = self.metrics
        return pygame.Rect(0, 0, m.width, m.height - nav_height(m))


def nav_buttons(metrics: Metrics, current: str, scenes: tuple[str, ...] = SCENES) -> list[Button]:
    """The navigation bar's buttons (a new list; the buttons themselves are made once for each
    size, screen, set of screens and wording: every frame asks, and no one changes a button)."""
    labels = tuple(_(NAV_LABELS[name]) for name in scenes)
    key = (metrics, current, scenes, labels)
    made = _NAV.get(key)
    if made is None:
        if len(_NAV) >= NAV_KEPT:
            _NAV.clear()
        made = _NAV[key] = tuple(_nav_buttons(metrics, current, scenes, labels))
    return list(made)


NAV_KEPT = 64  # navigation bars kept (a few sizes, screens and languages)
_NAV: dict[tuple[Metrics, str, tuple[str, ...], tuple[str, ...]], tuple[Button, ...]] = {}


NAV_SIZES = (28, 24, 17)  # the navigation bar's label sizes at unit 1, largest first (17: a long German word)
NAV_STEP = 0.78  # a two-line label's second line, as a share of its size


def nav_rows(metrics: Metrics) -> int:
    """The navigation bar's rows: two in portrait, where six buttons in one row left "Settings"
    12 px of ink (a sixth of 720 px; issue 33 asks 2.5 mm from the seats), one in landscape."""
    return 2 if metrics.portrait else 1


def nav_height(metrics: Metrics) -> int:
    """The px the navigation bar takes at the bottom of the screen, its margins included."""
    m = metrics
    return nav_rows(m) * (m.touch + m.margin) + m.margin


def _nav_buttons(metrics: Metrics, current: str, scenes: tuple[str, ...], labels: tuple[str, ...]) -> list[Button]:
    m = metrics
    per_row = -(-len(scenes) // nav_rows(m))
    width = (m.width - m.margin * (per_row + 1)) // per_row
    top = m.height - nav_height(m) + m.margin
    column, row = width + m.margin, m.touch + m.margin
    return [
        Button(
            pygame.Rect(m.margin + (i % per_row) * column, top + (i // per_row) * row, width, m.touch),
            label,
            Go(name),
            ACCENT if name == current else BUTTON,
            labels=NAV_SIZES,  # read from the seats: 2.5 mm of ink at 800x480 (docs/ui.md)
            step=NAV_STEP,
        )
        for i, (name, label) in enumerate(zip(scenes, labels, strict=True))
    ]
