"""Tables seated for the readability tests at 800x480: the longest real factions' names, an App
on a real session with no hardware, and the language switched as a player switches it."""

from __future__ import annotations

from pathlib import Path

from companion.appliance import screen_only
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from companion.session import ArkhamSession, GameSession
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.widgets import NAME_LEAST
from tests.ui import text_fit

SIZE = (800, 480)
NAMED_LEAST = NAME_LEAST  # px of type: a name or the last action at 3.5 mm (19 px of ink at 800x480)

# The longest real factions' names, seated (a player's own 30-character name is the fit tests').
SEATS = tuple(
    c.Seat(f)
    for f in (
        Faction.OPENER_OF_THE_WAY,
        Faction.CRAWLING_CHAOS,
        Faction.GREAT_CTHULHU,
        Faction.YELLOW_SIGN,
        Faction.BLACK_GOAT,
        Faction.WINDWALKER,
    )
)


def build(session: GameSession | ArkhamSession) -> App:
    return App(screen_only(session), size=SIZE, backlight=Backlight(Path("/nonexistent")))


def cthulhu(map_name: str, seats: tuple[c.Seat, ...] = SEATS) -> App:
    """A Cthulhu Wars table on ``map_name`` at its first set-up prompt, at 800x480."""
    return text_fit.game(lambda session, size: build(session), map_name, SIZE, seats)


def switch(app: App) -> None:
    """The language changed as a player changes it: Settings, its Language button, then back
    to the table (the settings file is where COMPANION_CONFIG_DIR points)."""
    app.scene_name = "settings"
    app.draw()
    language = next(b for b in app.scenes["settings"].buttons if b.label.startswith(("Language", "Sprache")))
    app.tap(language.rect.center)
    app.draw()
    app.scene_name = "table"
    app.draw()
