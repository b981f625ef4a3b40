"""Issue #31 item 6: the Gather Power line counts gates, and says the Power each source gave.

Today: "gathers 10 Power (6 cultists, 4 controlled gates)" with 2 gates (each gives 2 Power,
factions.md's Gather Power). The line names the sources with their count and the Power each gave,
in English and in the German catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.narrate import describe_data
from tests.engine.cthulhu.scripted import BG, CC, GC, new_game, passes, play


@pytest.fixture
def german() -> Iterator[None]:
    yield
    i18n.use("en")


def gathered() -> dict[str, object]:
    played = play(*new_game(), passes(GC), passes(CC), passes(BG))
    assert played.refused() == []
    return next(e for e in played.events("power_gathered") if e["player"] == GC)


def test_the_line_counts_the_gates_apart_from_their_power() -> None:
    line = describe_data(gathered())
    assert line == "Great Cthulhu gathers 8 Power (6 from 6 cultists, 2 from 1 controlled gate)."


def test_the_german_line_too(german: None) -> None:
    event = gathered()  # (the command line sets the table's language: German after it)
    i18n.use("de")
    line = describe_data(event)
    assert line == "Great Cthulhu sammelt 8 Macht (6 aus 6 Kultisten, 2 aus 1 kontrolliertem Tor)."
