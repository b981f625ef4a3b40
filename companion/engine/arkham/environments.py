"""The base Environments whose printed text changes a step the referee performs (issue 31, item 15).

Each card's words, as the published card reads (the fandom wiki's card pages, the source of the
data's card list; docs/rules-notes.md quotes them and says which other Environments stay the
table's).  Only the Environment in play (``ArkhamState.environment``) counts: a card drawn this
phase enters play in step 4, after the gate, the Clue and the monsters' move.
"""

from __future__ import annotations

from companion.engine.arkham import model as m

EVIL_FOG = "An Evil Fog"  # "Fliers do not move."
ICY_CONDITIONS = "Icy Conditions"  # "Fast Monsters move like normal monsters."
HAPPY_DAYS = "Happy Days are Here Again"  # "the terror level cannot increase."
NO_ONE_CAN_HELP = "No One Can Help You Now"  # "Gates cannot be sealed, although they can still be closed."
# "Return any Fire Vampires in play to the cup. If a Fire Vampire enters play, return it to the
# cup and draw a different monster."  Sunny and Clear says the same of the "Hunter in Darkness",
# a monster no set has: the card's errata reads the Haunter of the Dark.
KEPT_OUT = {"Raining Cats and Dogs": "Fire Vampire", "Sunny and Clear": "Haunter of the Dark"}


def kept_out(state: m.ArkhamState) -> str:
    """The monster kind the Environment in play keeps out of play, or ""."""
    return KEPT_OUT.get(state.environment, "")


def fliers_stay(state: m.ArkhamState) -> bool:
    return state.environment == EVIL_FOG


def fast_moves_as_normal(state: m.ArkhamState) -> bool:
    return state.environment == ICY_CONDITIONS


def terror_held(state: m.ArkhamState) -> bool:
    return state.environment == HAPPY_DAYS


def seals_barred(state: m.ArkhamState) -> bool:
    return state.environment == NO_ONE_CAN_HELP
