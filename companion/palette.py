"""Faction colours, shared by the screen and the panel's status LED.

The Okabe-Ito palette: its colours stay apart for the common colour-vision deficiencies.  The
screen always prints the faction's name beside its colour, so colour is never the only cue.
"""

from __future__ import annotations

from companion.engine.cthulhu.model import Faction

RGB = tuple[int, int, int]

FACTION_COLOURS: dict[Faction, RGB] = {
    Faction.GREAT_CTHULHU: (0, 158, 115),  # bluish green
    Faction.CRAWLING_CHAOS: (0, 114, 178),  # blue
    Faction.BLACK_GOAT: (213, 94, 0),  # vermilion
    Faction.YELLOW_SIGN: (240, 228, 66),  # yellow
    Faction.SLEEPER: (204, 121, 167),  # reddish purple
    Faction.WINDWALKER: (86, 180, 233),  # sky blue
    Faction.OPENER_OF_THE_WAY: (230, 159, 0),  # orange
    Faction.ANCIENTS: (255, 255, 255),
}
OTHER_COLOUR: RGB = (170, 170, 170)


def colour_of(faction: Faction) -> RGB:
    return FACTION_COLOURS.get(faction, OTHER_COLOUR)
