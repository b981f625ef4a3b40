"""What the by-area offers guard, shared by the engine's and the turn panel's tests."""

from __future__ import annotations

from companion.engine.cthulhu.model import Faction

# The factions whose guards refuse or charge a core action (Ice Age's tax, the Sleeper's).
GUARDED = (Faction.WINDWALKER, Faction.SLEEPER, Faction.YELLOW_SIGN, Faction.OPENER_OF_THE_WAY)
