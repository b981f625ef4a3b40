"""The panel's rules without pins: ``cues(state, events)`` is a pure function of the game.

No gpiozero here: the cues are values, compared as values.  The shell that puts them on the
pins is tested with MockFactory in test_panel.py.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import hardware.cues
from companion.engine import Event
from companion.engine.cthulhu.events import GameEnded
from companion.engine.cthulhu.model import Watcher
from companion.engine.cthulhu.shaggai import AreaEradicated
from companion.engine.cthulhu.watcher import WatcherAwakened
from companion.engine.values import evolve
from companion.palette import colour_of
from hardware.cues import AWAKENING_BEEP, MOMENT_BEEP, WATCHER_BEEP, PanelCues, cues
from tests.helpers import set_players, started
from tests.source_imports import imported_modules

AWOKE = WatcherAwakened("die", "Watcher Postern", 12)
ERADICATED = AreaEradicated("X", 1, "none", (), (), ())


def test_the_cues_module_needs_no_gpio_library() -> None:
    modules = imported_modules(ast.parse(Path(hardware.cues.__file__).read_text()))
    assert not {m for m in modules if m.startswith(("gpiozero", "hardware.panel", "time", "threading"))}


def test_the_watcher_light_is_dark_asleep_and_token_over_twelve_awake() -> None:
    state = started("yuggoth-demo")
    assert cues(state).watcher == 0.0
    assert cues(evolve(state, watcher=Watcher(awake=True, token=9, area=6))).watcher == 9 / 12


def test_the_doom_bar_is_the_leaders_doom_out_of_30_and_the_status_the_first_players_colour() -> None:
    state = set_players(started(), black_goat={"doom": 15}, great_cthulhu={"doom": 4})
    shown = cues(state)
    assert shown.doom == 0.5
    assert shown.status == pytest.approx(tuple(v / 255 for v in colour_of(state.players[state.first].faction)))
    assert cues(set_players(started(), black_goat={"doom": 45})).doom == 1.0  # a full bar, never more


def test_the_worm_light_is_lit_while_a_worm_is_threatened_and_flashes_on_eradication() -> None:
    assert cues(started()).worm is False  # no worms on Earth
    shaggai = started("shaggai-demo")
    assert cues(shaggai) == PanelCues(
        watcher=cues(shaggai).watcher, doom=cues(shaggai).doom, worm=True, status=cues(shaggai).status
    )
    flashed = cues(shaggai, (ERADICATED,))
    assert flashed.worm and flashed.worm_flash and flashed.beep == MOMENT_BEEP


@pytest.mark.parametrize(
    "events, beep",
    [
        ((), None),
        ((AWOKE,), WATCHER_BEEP),
        ((ERADICATED,), MOMENT_BEEP),
        ((GameEnded("doom", ("great_cthulhu",), ()),), MOMENT_BEEP),
        ((ERADICATED, AWOKE), WATCHER_BEEP),  # one cue per entry: the Watcher's, the bigger moment
    ],
)
def test_the_big_moments_have_their_beeps(events, beep) -> None:
    assert cues(started("yuggoth-demo"), events).beep == beep


def test_events_are_matched_by_their_class_not_by_their_name() -> None:
    @dataclass(frozen=True)
    class WatcherAwakened(Event):  # same name, not the engine's event
        cause: str = "die"

    assert cues(started("yuggoth-demo"), (WatcherAwakened(),)).beep is None
    assert cues(started("yuggoth-demo"), (AWOKE,)).beep == WATCHER_BEEP


def test_arkham_the_doom_bar_is_the_doom_track_the_status_the_terror_and_the_awakening_beeps() -> None:
    from companion.engine.arkham.model import AncientOneAwakens, DoomAdded
    from tests.engine.arkham.helpers import board

    state = board(doom=6, terror=5)
    shown = cues(state, (DoomAdded(6, 13, "no gate"),))
    assert shown.doom == 6 / 13 and shown.status == (0.5, 0.5, 0.0)
    assert shown.watcher == 0.0 and not shown.worm and shown.beep is None  # the Cthulhu Wars lights stay dark
    assert cues(evolve(state, awakened="the doom track is full")).status == (1.0, 0.0, 0.0)
    assert cues(board(doom=13), (AncientOneAwakens("Cthulhu", "the doom track is full"),)).beep == AWAKENING_BEEP


def test_the_watcher_level_alone_is_the_cues_watcher() -> None:
    """The panel moves the Watcher's light from this before working out the rest of the cues."""
    from hardware.cues import watcher_level
    from tests.engine.arkham.helpers import board

    awake = evolve(started("yuggoth-demo"), watcher=Watcher(awake=True, token=6, area=6))
    assert watcher_level(awake) == cues(awake).watcher == 0.5
    assert watcher_level(started()) == 0.0 and watcher_level(board(doom=1)) == 0.0
