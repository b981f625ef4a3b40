"""The players' names on the table read at 3.5 mm, whatever the factions and however many players
(issue 33, section 4: 37 px type inks 19 px at 800x480).  The players' side widens from 55% of
the screen up to 60% as far as it takes more names there, and no further (the prompt and the
last action keep the rest).  From five players the Doom track moves to the Detail screen (each
player's Doom stays in its column), from six the ritual track too, and a name that needs two lines
gets a taller row than a one-line name's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction
from companion.ui.app import App
from companion.ui.table_scene import TableScene
from companion.ui.widgets import NAME_LEAST, SEATS_FLOOR, Drawn
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


def counters_and_track(app: App) -> tuple[list[Drawn], list[Drawn]]:
    """(the counters' numerals, the Doom track's numbers) drawn on the table."""
    app.scene_name = "table"
    found = frame(app)
    return [d for d in found if d.tag == "counter"], [d for d in found if d.tag == "doom track"]


@pytest.mark.parametrize("count", [5, 6])
def test_five_and_six_players_names_read_at_3_5_mm_with_the_doom_track_on_details(count: int) -> None:
    """The longest names (Opener of the Way, Crawling Chaos, Great Cthulhu, then Yellow Sign,
    Black Goat, Windwalker) on Earth's board for that many: 27 px with six players and 30 with
    five while the Doom track took 53 px above them."""
    app = seats.cthulhu("earth-6p" if count == 6 else "earth-5p", seats.SEATS[:count])
    _split, sizes = drawn(app)
    assert len(sizes) >= count and min(sizes) >= NAMED, sizes
    counters, track = counters_and_track(app)
    assert not track and len(counters) == 4 * count
    assert min(d.size for d in counters) >= 50, [d.size for d in counters]  # numerals of 50 px ink 26 px: 5 mm
    app.scene_name = "table"
    ritual_on_the_table = [d for d in frame(app) if d.tag == "ritual"]
    assert bool(ritual_on_the_table) == (count < 6), ritual_on_the_table  # from six players: on Details
    app.scene_name = "detail"
    on_details = frame(app)
    assert len([d for d in on_details if d.tag == "doom track"]) == 7 + count  # 0, 5 ... 30 and a marker each
    assert len([d for d in on_details if d.tag == "ritual"]) == 2 + len(app.view().state.ritual_track)  # its head, costs, death
    app.close()


def test_six_german_players_with_the_longest_names_read_at_3_5_mm(german: None) -> None:
    """German's staggered headings take 20 px more than English's: with the ritual track still on
    the table, the three two-line names' rows and three one-line rows needed 294 px and had 284,
    and the three longest names were drawn at 30 px."""
    app = seats.cthulhu("earth-6p", seats.SEATS[:6])
    _split, sizes = drawn(app)
    assert len(sizes) >= 6 and min(sizes) >= NAMED, sizes
    counters, _track = counters_and_track(app)
    assert min(d.size for d in counters) >= 50, [d.size for d in counters]
    app.close()


def test_four_players_keep_the_doom_track_on_the_table() -> None:
    app = seats.cthulhu("earth-4p-35", seats.SEATS[:4])
    counters, track = counters_and_track(app)
    assert len(track) == 7 + 4 and len(counters) == 16
    app.close()


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
    """German's headings are staggered on two lines ("Verdammnis" is wider than a column), so its
    rows start lower and its names are laid out for its own words; English's again after the
    switch back (it kept German's)."""
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))  # the settings file is the test's own
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    named = (c.Seat(Faction.SLEEPER), c.Seat(Faction.BUBASTIS), c.Seat(Faction.ANCIENTS), c.Seat(Faction.BLACK_GOAT, "Friedrich"))
    app = seats.cthulhu("earth-4p-35", named)
    english = drawn(app), rows(app)
    assert english[0][0] == 448 and min(english[0][1]) >= NAMED  # "Friedrich" (131 px at 37) reads at 3.5 mm at 55%
    try:
        switch(app)
        assert i18n.language() == "de"
        german = drawn(app), rows(app)
        assert min(german[0][1]) >= NAMED, german
        assert german[1][0].y - english[1][0].y == 20  # the headings' second line
        switch(app)
        assert i18n.language() == "en"
        assert (drawn(app), rows(app)) == english
    finally:
        i18n.use("en")
    app.close()


def rows(app: App) -> list[Any]:
    """The players' rows on the table now."""
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    view = app.view()
    return scene.player_rows(tuple(p.label for p in view.state.players), scene.regions(view)[0])


@pytest.mark.parametrize("count", [4, 6])
def test_german_counters_headings_read_from_the_seats_and_overlap_nothing(
    count: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Verdammnis" (115 px at 27 px type) took a column of 80 px at most, at 17 px: the headings
    are staggered on two lines instead, every one at 27 px or more, none over another."""
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    app = seats.cthulhu("earth-6p" if count == 6 else "earth-4p-35", seats.SEATS[:count])
    try:
        switch(app)
        app.scene_name = "table"
        heads = [d for d in frame(app) if d.tag == "heading"]
        assert [d.wanted for d in heads] == ["Macht", "Verdammnis", "Zeichen", "Bücher"]
        assert min(d.size for d in heads) >= SEATS_FLOOR, [(d.wanted, d.size) for d in heads]
        assert not any(a.rect.colliderect(b.rect) for n, a in enumerate(heads) for b in heads[n + 1 :])
        scene = app.scenes["table"]
        assert isinstance(scene, TableScene)
        assert max(d.rect.right for d in heads) <= scene.regions(app.view())[0].right
    finally:
        i18n.use("en")
    app.close()
