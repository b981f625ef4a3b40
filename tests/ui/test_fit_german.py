"""The screens around the game fit in German too (German is longer than English): the Cthulhu
Wars Corrections page's every editor and chooser, the eight-player steppers, the set-up screens
(settings, new game and its pickers, the map builder and its keyboard, the factions' sheets), at
every size, with no text cut or overlapping and fingertip buttons.  The table, the map, whole
games and Arkham's screens are checked in German by tests/ui/test_screen_i18n.py; the keyboards
and the Arkham Corrections page by tests/ui/test_keyboard_german.py."""

from __future__ import annotations

import pytest

from companion.ui.app import SIZES
from tests.ui import corrections_scene, screens_fit


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize(("map_name", "options"), corrections_scene.MAPS, ids=[m for m, _ in corrections_scene.MAPS])
def test_every_corrections_editor_fits_in_german(app_on, map_name, options, size, german) -> None:
    corrections_scene.check_every_editor_and_chooser_renders_without_cut_text(app_on, map_name, options, size)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_eight_players_steppers_fit_in_german(app_on, size, german) -> None:
    corrections_scene.check_a_table_of_eight_gets_its_steppers_in_columns_without_cut_text(app_on, size)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_screens_around_the_game_fit_in_german(app_on, size, monkeypatch, german) -> None:
    screens_fit.check_the_screens_around_the_game_fit(app_on, size, monkeypatch)
