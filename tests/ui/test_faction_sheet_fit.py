"""The factions' sheets with 3 to 8 factions at the four sizes: side by side while every sheet
fits whole; else a tab per faction and the open one's sheet across the screen.  Drawn with the
factions whose open requirements read longest ("Every enemy summons its most expensive
Monster", "Pay 3: every other player gains 1") and a player's 30-character name: every line
whole, in its panel, clear of the others; every faction's Pool shown; no button off the screen,
too small or over another.  And the seeded 5-player game where Sleeper's requirements were cut
and no Pool was shown (primeval-demo, seed 9, round 3)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pygame
import pytest

from companion.engine.cthulhu.model import Faction, GameState, Options
from companion.ui import widgets
from companion.ui.app import SIZES, App
from companion.ui.faction_sheet import FactionSheetScene, OpenSheet, flow, sheet_lines
from companion.ui.scene import View
from companion.ui.widgets import Metrics
from tests.helpers import started
from tests.ui.drawn import frame_drawn
from tests.ui.screens_fit import crowded
from tests.ui.text_fit import LONG_NAME, problems
from tests.ui.turn_panel_fit import late_game

# The longest open requirements first (Ancients, Tcho-Tcho, Bubastis, Sleeper, Windwalker, Opener).
LONGEST = (
    Faction.ANCIENTS,
    Faction.TCHO_TCHO,
    Faction.BUBASTIS,
    Faction.SLEEPER,
    Faction.WINDWALKER,
    Faction.OPENER_OF_THE_WAY,
)
MAPS = {3: "earth-3p", 4: "earth-4p-35", 5: "earth-5p", 6: "earth-6p"}


def seated(count: int) -> GameState:
    """``count`` factions after set-up, the longest requirements seated, the last player named at
    the 30-character limit.  No map seats more than six: seven and eight join a six-player game's
    state from another game's (the sheets read only each player's own facts)."""
    state = started(MAPS[min(count, 6)], LONGEST[: min(count, 6)], options=Options(abilities=True))
    if count > 6:
        more = started(
            "earth-3p", (Faction.YELLOW_SIGN, Faction.GREAT_CTHULHU, Faction.BLACK_GOAT), options=Options(abilities=True)
        )
        state = replace(state, players=state.players + more.players[: count - 6])
    named = replace(state.players[-1], name=LONG_NAME)
    return replace(state, players=(*state.players[:-1], named))


def record(scene: FactionSheetScene, state: GameState, size: tuple[int, int], monkeypatch: Any) -> list[widgets.Drawn]:
    surface = pygame.Surface(size)
    scene.update(View(state, {}))
    drawn: list[widgets.Drawn] = []
    monkeypatch.setattr(widgets, "RECORDER", drawn)
    scene.draw(surface, View(state, {}))
    monkeypatch.setattr(widgets, "RECORDER", None)
    return drawn


def views(
    scene: FactionSheetScene, state: GameState, size: tuple[int, int], monkeypatch: Any
) -> list[tuple[list[widgets.Drawn], list[str]]]:
    """What the sheets screen shows, with the pids whose sheets it shows: the overview, or each
    faction's tab opened in turn."""
    first = record(scene, state, size, monkeypatch)
    tabs = [b for b in scene.buttons if isinstance(b.intent, OpenSheet)]
    if not tabs:
        return [(first, [p.pid for p in state.players])]
    shown = []
    for tab in tabs:
        assert scene.tap(tab.rect.center) is None  # a tab changes only the screen
        shown.append((record(scene, state, size, monkeypatch), [tab.intent.pid]))
        assert scene.shown(state) == tab.intent.pid
    return shown


@pytest.mark.parametrize("count", range(3, 9))
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_every_sheet_is_whole_with_three_to_eight_factions(size: tuple[int, int], count: int, monkeypatch: Any) -> None:
    pygame.font.init()
    widgets.forget_pictures()
    widgets.font.cache_clear()
    state = seated(count)
    scene = FactionSheetScene(Metrics(*size))
    found: list[str] = []
    pools = 0
    for drawn, pids in views(scene, state, size, monkeypatch):
        found += problems(drawn, size)
        found += crowded(scene.buttons, size)
        pools += sum(1 for d in drawn if d.wanted == "Pool")
        shown = " ".join(d.wanted for d in drawn).replace("\u00a0", " ")
        for pid in pids:  # each line of a sheet shown is there whole (wrapped, never cut)
            found += [f"missing: {w!r}" for w, _c in sheet_lines(state, state.player(pid)) if w.strip() not in shown]
        found += [f"a figure alone: {d.shown!r}" for d in drawn if re.fullmatch(r"×?\d+", d.shown.strip())]
    assert pools == count  # every faction's pool, on its own page or side by side
    assert not found, "\n".join(found[:20])


def test_four_factions_sit_side_by_side_and_five_take_tabs() -> None:
    pygame.font.init()
    widgets.font.cache_clear()
    m = Metrics(800, 480)
    assert (
        FactionSheetScene(m).overview(
            started("earth-4p-53", (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT, Faction.YELLOW_SIGN))
        )
        is not None
    )
    assert FactionSheetScene(m).overview(seated(5)) is None


def test_a_sheet_flows_into_its_columns_or_says_it_cannot() -> None:
    """The flow keeps each section in a column of its own where it can, and gives up rather than cut."""
    pygame.font.init()
    widgets.font.cache_clear()
    m = Metrics(800, 480)
    lines = [("Spellbooks 1/6", (0, 0, 0)), (" Dreams", (0, 0, 0)), ("Pool", (0, 0, 0)), (" Acolyte ×6", (0, 0, 0))]
    placed = flow(lines, pygame.Rect(0, 0, 600, 200), 3, (20,), m)
    assert placed is not None and len({x for _w, _c, x, _y, _s in placed if not _w.startswith("Acolyte") and _w != "Dreams"}) == 2
    assert flow(lines * 10, pygame.Rect(0, 0, 100, 60), 1, (20,), m) is None


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_seeded_five_player_sheets_fit(app_on: Any, size: tuple[int, int], monkeypatch: Any) -> None:
    """primeval-demo with 5 players, seed 9, round 3: Sleeper's "Pay 3: every other player
    gains 1" was cut, no Pool was shown and the fifth sheet sat alone in a second row."""
    app: App = app_on(late_game(9, "primeval-demo", 5, 3), size)
    app.scene_name = "sheets"
    app.draw()
    scene = app.scenes["sheets"]
    assert isinstance(scene, FactionSheetScene)
    tabs = [b for b in scene.buttons if isinstance(b.intent, OpenSheet)]
    assert len(tabs) == 5
    found: list[str] = []
    seen = ""
    for n in range(5):
        tab = [b for b in scene.buttons if isinstance(b.intent, OpenSheet)][n]
        app.tap(tab.rect.center)
        drawn = frame_drawn(app, monkeypatch)
        found += [f"{tab.label}: {p}" for p in problems(drawn, size)]
        assert any(d.wanted == "Pool" for d in drawn), tab.label
        seen += " ".join(d.wanted for d in drawn).replace("\u00a0", " ") + "\n"
        found += [f"{tab.label}: a figure alone: {d.shown!r}" for d in drawn if re.fullmatch(r"×?\d+", d.shown.strip())]
    assert "Pay 3: every other player gains 1" in seen and "Pay 3: every other player loses 1" in seen
    assert not found, "\n".join(found[:20])
