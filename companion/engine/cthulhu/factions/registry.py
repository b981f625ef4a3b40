"""The factions the referee plays, in one place and in order (issue 30).

An explicit tuple of the faction modules' plugins (:class:`~.contract.FactionPlugin`): nothing
registers itself at import.  The order is the order the core goes through them where several
act on one thing (guards and wraps of one command, Gather Power's "others", the rolls wrapped):
today's order, which the replay-identity test (tests/engine/cthulhu/test_replay_identity.py)
holds.  The assembly (:mod:`companion.engine.cthulhu.abilities`) installs them
(:func:`~.contract.install`); the core reads them through the contract.
"""

from __future__ import annotations

from companion.engine.cthulhu.factions import (
    ancients,
    black_goat,
    bubastis,
    crawling_chaos,
    great_cthulhu,
    opener_of_the_way,
    sleeper,
    tcho_tcho,
    windwalker,
    yellow_sign,
)
from companion.engine.cthulhu.factions.contract import FactionPlugin

PLUGINS: tuple[FactionPlugin, ...] = (
    great_cthulhu.PLUGIN,
    crawling_chaos.PLUGIN,
    black_goat.PLUGIN,
    yellow_sign.PLUGIN,
    opener_of_the_way.PLUGIN,
    sleeper.PLUGIN,
    windwalker.PLUGIN,
    ancients.PLUGIN,
    bubastis.PLUGIN,
    tcho_tcho.PLUGIN,
)
