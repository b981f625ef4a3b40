"""Plural forms in the log (issue 33, section 5): "1 Kill and 2 Pains", never "Kill(s)"; in
German too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.engine.cthulhu.events import BattleRolled
from companion.narrate import describe

NAMES = {"great_cthulhu": "Great Cthulhu", "black_goat": "Black Goat"}


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use("de")
    yield
    i18n.use("en")


def test_a_battle_roll_reads_in_plural_forms() -> None:
    line = describe(BattleRolled("Asia", "great_cthulhu", "black_goat", 1, 2, 0, 1), NAMES)
    assert line == "Battle in Asia: Great Cthulhu rolls 1 Kill and 2 Pains; Black Goat rolls 0 Kills and 1 Pain."
    assert "(s)" not in str(line)


def test_a_battle_roll_reads_in_german_plural_forms(german: None) -> None:
    line = describe(BattleRolled("Asia", "great_cthulhu", "black_goat", 1, 2, 0, 1), NAMES)
    assert line == "Kampf in Asia: Great Cthulhu würfelt 1 Kill und 2 Pains; Black Goat würfelt 0 Kills und 1 Pain."
