"""The panel on gpiozero's MockFactory: lights follow the game, buttons give one intent each.

gpiozero runs sources and callbacks on its own threads: the tests wait on Events (or on a pin's
value with a deadline), never on a bare sleep.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from companion.engine.cthulhu.model import Watcher
from companion.engine.values import evolve
from companion.palette import colour_of
from hardware.config import HardwareConfigError, PanelConfig, panel_config
from hardware.panel import Panel
from tests.helpers import set_players, started

TIMEOUT = 5.0
WIRING = {
    "watcher_light": 18,
    "doom_bar": [5, 6, 13, 19, 26, 12, 16, 20, 21, 25],
    "worm_light": 23,
    "status_rgb": [17, 27, 22],
    "buzzer": 24,
    "next_button": 2,
    "undo_button": 3,
    "roll_button": 4,
}


class Presses:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.event = threading.Event()

    def __call__(self, name: str) -> None:
        self.names.append(name)
        self.event.set()


@pytest.fixture
def panel(mock_factory: MockFactory) -> Iterator[tuple[Panel, Presses, MockFactory]]:
    presses = Presses()
    with Panel(panel_config(WIRING), presses, pin_factory=mock_factory) as built:
        yield built, presses, mock_factory


def wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_the_wiring_is_checked() -> None:
    assert panel_config(WIRING).doom_bar == (5, 6, 13, 19, 26, 12, 16, 20, 21, 25)
    with pytest.raises(HardwareConfigError, match="used by both"):
        panel_config({"watcher_light": 18, "worm_light": 18})
    with pytest.raises(HardwareConfigError, match="no key 'lazer'"):
        panel_config({"lazer": 5})
    with pytest.raises(HardwareConfigError, match="BCM pin number"):
        panel_config({"buzzer": 40})
    with pytest.raises(HardwareConfigError, match="exactly three"):
        panel_config({"status_rgb": [1, 2]})
    assert PanelConfig().pins() == []


def test_the_watcher_light_is_dark_asleep_and_breathes_at_its_tokens_brightness(panel) -> None:
    built, _, factory = panel
    state = started("yuggoth-demo")
    built.show(state)
    assert built.watcher is not None and built.watcher.value == 0
    awake = evolve(state, watcher=Watcher(awake=True, token=9, area=6))
    built.show(awake)
    assert built.watcher_brightness == 9 / 12
    assert wait_until(lambda: built.watcher.value > 0.3)
    assert max(p.state for p in [factory.pin(18)]) <= 9 / 12 + 1e-9
    built.show(state)  # killed: dark again
    assert built.watcher.value == 0


def test_the_doom_bar_shows_the_leaders_doom_out_of_30(panel) -> None:
    built, _, _ = panel
    built.show(set_players(started(), black_goat={"doom": 15}, great_cthulhu={"doom": 4}))
    assert built.doom is not None and sum(1 for led in built.doom if led.value) == 5


def test_the_worm_light_is_lit_while_a_worm_is_threatened_and_flashes_on_eradication(panel) -> None:
    built, _, factory = panel
    built.show(started())
    assert built.worm is not None and built.worm.value == 0  # no worms on Earth
    shaggai = started("shaggai-demo")
    built.show(shaggai)
    assert built.worm.value == 1
    from companion.engine.cthulhu.shaggai import AreaEradicated

    pin = factory.pin(23)
    changes = len(pin.states)
    built.on_events((AreaEradicated("X", 1, "none", (), (), ()),), shaggai)
    assert wait_until(lambda: len(pin.states) >= changes + 8)  # on, off, four times
    assert wait_until(lambda: built.worm.value == 1)  # then steady again


def test_the_status_light_shows_the_first_players_colour(panel) -> None:
    built, _, _ = panel
    built.show(started())
    expected = tuple(v / 255 for v in colour_of(started().players[0].faction))
    assert built.status is not None and tuple(built.status.color) == pytest.approx(expected)


def test_a_press_gives_one_intent_even_in_a_bounce_storm(panel) -> None:
    _built, presses, factory = panel
    pin = factory.pin(2)
    for _ in range(20):  # a noisy switch
        pin.drive_low()
        pin.drive_high()
    assert presses.event.wait(TIMEOUT)
    assert presses.names == ["next"]


def test_undo_needs_a_one_second_hold(panel) -> None:
    _built, presses, factory = panel
    pin = factory.pin(3)
    pin.drive_low()
    pin.drive_high()  # a brush
    assert not presses.event.wait(1.5)
    pin.drive_low()
    assert presses.event.wait(TIMEOUT)
    assert presses.names == ["undo"]
    pin.drive_high()


def test_the_buzzer_sounds_for_the_watchers_awakening(panel) -> None:
    built, _, factory = panel
    from companion.engine.cthulhu.watcher import WatcherAwakened

    state = evolve(started("yuggoth-demo"), watcher=Watcher(awake=True, token=12, area=6))
    pin = factory.pin(24)
    built.on_events((WatcherAwakened("die", "Watcher Postern", 12),), state)
    assert wait_until(lambda: sum(1 for s in pin.states if s.state) >= 3)


def test_close_turns_everything_off_and_twice_is_safe(panel) -> None:
    built, _, _factory = panel
    built.show(evolve(started("yuggoth-demo"), watcher=Watcher(awake=True, token=12, area=6)))
    built.close()
    built.close()
    assert built.devices == []


def test_with_sound_cues_off_the_buzzer_stays_silent(panel) -> None:
    built, _, factory = panel
    from companion.engine.cthulhu.watcher import WatcherAwakened

    state = evolve(started("yuggoth-demo"), watcher=Watcher(awake=True, token=12, area=6))
    pin = factory.pin(24)
    built.sound = False
    built.on_events((WatcherAwakened("die", "Watcher Postern", 12),), state)
    built.sound = True  # the control: the same event with sound on does sound
    built.on_events((WatcherAwakened("die", "Watcher Postern", 12),), state)
    assert wait_until(lambda: sum(1 for s in pin.states if s.state) >= 3)
    assert sum(1 for s in pin.states if s.state) == 3  # one cue of three beeps, not two


def test_arkham_the_doom_bar_is_the_doom_track_and_the_status_light_the_terror(panel) -> None:
    from tests.engine.arkham.helpers import board

    built, _, _ = panel
    built.show(evolve(started("yuggoth-demo"), watcher=Watcher(awake=True, token=12, area=6)))  # lit by Cthulhu Wars
    state = board(doom=6, terror=5)  # Cthulhu's doom track has 13 spaces
    built.show(state)
    assert built.doom is not None and sum(1 for led in built.doom if led.value) == 4  # 6/13 of 10 LEDs, rounded down
    assert built.status is not None and tuple(built.status.color) == pytest.approx((0.5, 0.5, 0.0))
    assert built.watcher is not None and built.watcher.value == 0 and built.watcher_brightness == 0
    built.show(evolve(state, awakened="the doom track is full"))
    assert tuple(built.status.color) == pytest.approx((1.0, 0.0, 0.0))


def test_arkham_the_buzzer_sounds_when_the_ancient_one_awakens(panel) -> None:
    from companion.engine.arkham.model import AncientOneAwakens, DoomAdded
    from tests.engine.arkham.helpers import board

    built, _, factory = panel
    pin = factory.pin(24)
    built.on_events((DoomAdded(5, 13, "no gate"),), board(doom=5))  # the control: doom alone is silent
    assert not any(s.state for s in pin.states)
    built.on_events((AncientOneAwakens("Cthulhu", "the doom track is full"),), board(doom=13))
    assert wait_until(lambda: sum(1 for s in pin.states if s.state) >= 3)


def test_the_shell_puts_cues_on_the_pins(panel) -> None:
    """The thin gpiozero shell: whatever the cues say, the pins hold (no rules in between)."""
    from hardware.cues import Beep, PanelCues

    built, _, factory = panel
    built.apply(PanelCues(watcher=0.5, doom=0.3, worm=True, status=(1.0, 0.0, 0.5), beep=Beep(0.01, 0.01, 2)))
    assert built.watcher_brightness == 0.5 and wait_until(lambda: built.watcher is not None and built.watcher.value > 0.1)
    assert built.doom is not None and sum(1 for led in built.doom if led.value) == 3
    assert factory.pin(23).state == 1
    assert built.status is not None and tuple(built.status.color) == pytest.approx((1.0, 0.0, 0.5))
    assert wait_until(lambda: sum(1 for s in factory.pin(24).states if s.state) >= 2)
    built.apply(PanelCues())  # all dark
    assert built.watcher.value == 0 and factory.pin(23).state == 0
    assert sum(1 for led in built.doom if led.value) == 0 and built.cues == PanelCues()


def test_the_talk_button_reports_its_press_and_its_release(mock_factory: MockFactory) -> None:
    held: queue.Queue[bool] = queue.Queue()
    with Panel(panel_config({"talk_button": 14}), Presses(), pin_factory=mock_factory) as built:
        built.on_talk = held.put
        pin = mock_factory.pin(14)
        pin.drive_low()  # pressed (a button to ground)
        assert held.get(timeout=TIMEOUT) is True
        pin.drive_high()
        assert held.get(timeout=TIMEOUT) is False
