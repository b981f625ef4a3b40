"""The players' names on the table read at 3.5 mm with up to four players, whatever the factions
(issue 33, section 4: 37 px type inks 19 px at 800x480): the players' side widens from 55% of
the screen up to 60% as far as it takes more names there, and no further (the prompt and the
last action keep the rest)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import i18n
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from companion.ui.app import App
from companion.ui.table_scene import TableScene
from companion.ui.widgets import NAME_LEAST, SEATS_FLOOR
from tests.helpers import frame
from tests.ui import seated as seats
from tests.ui.seated import switch

NAMED = NAME_LEAST
FOURS = {  # the factions, and where the players' side ends (px at 800x480: 448 is 55%, 480 is 60%)
    "the longest four": ((Faction.OPENER_OF_THE_WAY, Faction.CRAWLING_CHAOS, Faction.DAEMON_SULTAN, Faction.GREAT_CTHULHU), 464),
    "one long word": ((Faction.WINDWALKER, Faction.TCHO_TCHO, Faction.YELLOW_SIGN, Faction.BLACK_GOAT), 480),
}


def split_and_names(factions: tuple[Faction, ...]) -> tuple[int, list[int]]:
    """(where the players' side ends in px, the sizes of the names drawn) at 800x480."""
    app = seats.cthulhu("earth-4p-35", tuple(c.Seat(f) for f in factions))
    found = drawn(app)
    app.close()
    return found


def drawn(app: App) -> tuple[int, list[int]]:
    app.scene_name = "table"
    sizes = [d.size for d in frame(app) if d.tag == "name"]
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    return scene.regions(app.view())[0].right, sizes


@pytest.mark.parametrize("four", sorted(FOURS))
def test_four_players_names_read_at_3_5_mm(four: str) -> None:
    factions, wanted = FOURS[four]
    split, sizes = split_and_names(factions)
    assert len(sizes) >= 4 and min(sizes) >= NAMED, sizes  # at 55% "Opener of" took 34 px, "Windwalker" 30
    assert split == wanted  # "Opener of" needs 142 px of name room (464), "Windwalker" 165 (480)


def test_the_players_side_widens_only_as_far_as_the_names_need() -> None:
    split, sizes = split_and_names((Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.SLEEPER))
    assert min(sizes) >= NAMED
    assert split == 448  # 55%: these names read at 3.5 mm there already


def test_a_language_switch_lays_the_names_out_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """German's headings ("Verdammnis") are wider, so its names have less room and its side is
    worked out for its own words; English's again after the switch back (it kept German's)."""
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))  # the settings file is the test's own
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    named = (c.Seat(Faction.SLEEPER), c.Seat(Faction.BUBASTIS), c.Seat(Faction.ANCIENTS), c.Seat(Faction.BLACK_GOAT, "Friedrich"))
    app = seats.cthulhu("earth-4p-35", named)
    english = drawn(app)
    assert english[0] == 448 and min(english[1]) >= NAMED  # "Friedrich" (131 px at 37) reads at 3.5 mm at 55%
    try:
        switch(app)
        assert i18n.language() == "de"
        german = drawn(app)
        assert german[0] != english[0] and min(german[1]) >= SEATS_FLOOR, german
        switch(app)
        assert i18n.language() == "en"
        assert drawn(app) == english
    finally:
        i18n.use("en")
    app.close()
