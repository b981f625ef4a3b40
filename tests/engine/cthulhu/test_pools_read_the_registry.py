"""The pools and Spellbook names are read from the installed factions when asked, whatever
module imported companion.engine.cthulhu.pools first (a copy made at import was once empty when
an engine module imported it before the factions were installed, and corrections then placed
more units than a faction's box holds)."""

from __future__ import annotations

from companion.engine import legal_commands  # noqa: F401  (the engine assembled, as at a table)
from companion.engine.cthulhu import pools
from companion.engine.cthulhu.factions import RULES


def test_every_installed_faction_has_its_units_and_spellbooks() -> None:
    assert len(RULES) == 10
    assert set(pools.UNITS) == set(RULES) == set(pools.SPELLBOOKS)
    for faction, rules in RULES.items():
        assert pools.SPELLBOOKS[faction] == rules.spellbooks
        for unit in rules.units:
            assert pools.pool(faction, unit.kind, unit.name) == unit.pool
