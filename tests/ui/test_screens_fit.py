"""Nothing cut, nothing overlapping on the screens around the game: Settings, the new-game screen
(Cthulhu Wars with every faction seated, the faction and independents' pickers, a set-up problem,
the confirming Start, Arkham Horror's Ancient Ones, the Rules options chooser with every option
offered, off and on, and the heading naming them all), the map builder (areas with the longest real
name, the selected area's buttons, its keyboard) and the factions' sheets, at the four sizes, with
the longest real names; the same check as tests/ui/test_text_fit.py (every line recorded by
``widgets.text``, whole, on the screen, in its box, clear of the others)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.ui.app import SIZES, App
from tests.helpers import new_game
from tests.ui.screens_fit import check_the_screens_around_the_game_fit, longest_area_name
from tests.ui.text_fit import LONG_NAME


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_screens_around_the_game_fit(app_on: Callable[..., App], size, monkeypatch) -> None:
    check_the_screens_around_the_game_fit(app_on, size, monkeypatch)


def test_the_longest_names_are_the_real_ones() -> None:
    """The check draws what a table would meet: a real area name, the 30-character player name."""
    assert len(longest_area_name()) >= 27 and len(LONG_NAME) == 30
    assert new_game().board.areas
