"""The factions' house (issue 30; docs/architecture.md, "The factions' contract").

- :mod:`.base` and :mod:`.powers`: the shapes a faction's rules and abilities are made of;
- :mod:`.contract`: the one value a faction exports (:class:`~.contract.FactionPlugin`), and
  the installed plugins the core reads (:data:`RULES`: each faction's roster by :class:`Faction`;
  factions the data does not describe, Daemon Sultan and "other", are absent);
- the shared layer, rules several factions meet: :mod:`.roster` (every unit's entry,
  :func:`side_dice`, :data:`NEUTRAL_UNITS`), :mod:`.ice_age`, :mod:`.lunacy`, :mod:`.borrowed`,
  :mod:`.high_priests`, :mod:`.independents` (Loyalty Cards), :mod:`.neutral_spellbooks`;
- one module per faction (``great_cthulhu.py`` ...), each importing only the layers above;
- :mod:`.registry`: the ten plugins, in order.

This package's own names are the shared layer's (it imports no faction module).
"""

from __future__ import annotations

from companion.engine.cthulhu.factions.base import Awakening, FactionRules, Hooks, Side, UnitType
from companion.engine.cthulhu.factions.contract import RULES
from companion.engine.cthulhu.factions.roster import NEUTRAL_UNITS, rules_for, side_dice, unit_type

__all__ = [
    "NEUTRAL_UNITS",
    "RULES",
    "Awakening",
    "FactionRules",
    "Hooks",
    "Side",
    "UnitType",
    "rules_for",
    "side_dice",
    "unit_type",
]
