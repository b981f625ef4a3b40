"""The table's panel: LEDs, buzzer and buttons through gpiozero, following the game.

The panel holds no rules.  :meth:`Panel.show` draws a state (the Watcher light, the Doom bar,
the worm warning light, the first player's colour; for Arkham Horror the doom track and the
terror level) and :meth:`Panel.on_events` is a session
listener that adds the cues (beeps, the worm light's flash).  Buttons only report intents
("next", "undo", "roll") to ``on_button``, on gpiozero's own thread: give it
:meth:`companion.table.Table.button`, which queues them for the main loop.

Devices take their pin factory by injection (gpiozero's ``pin_factory=``), so tests and the
demo run the same code on gpiozero's MockFactory.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from gpiozero import LED, PWMLED, RGBLED, Button, Buzzer, LEDBarGraph
from gpiozero.exc import BadPinFactory
from gpiozero.tools import scaled, sin_values

from companion.engine import Event, State, worm_chances
from companion.engine.arkham.data import TERROR_TOP
from companion.engine.arkham.model import ArkhamState
from companion.engine.cthulhu.model import DOOM_TO_WIN, WATCHER_TOKEN_START
from companion.palette import colour_of
from hardware.config import PanelConfig

BREATH_STEPS = 100  # a breathing Watcher light: one sine period in this many steps
BREATH_PERIOD = 3.0  # seconds for one breath
FLASH_STEP = 0.15  # seconds per on/off step of the worm light's flash
FLASHES = 4
PRESS_GUARD = 0.25  # seconds: a second press of the same button within this is a bounce
FACTORIES = {
    "lgpio": "gpiozero.pins.lgpio:LGPIOFactory",
    "rpigpio": "gpiozero.pins.rpigpio:RPiGPIOFactory",
    "pigpio": "gpiozero.pins.pigpio:PiGPIOFactory",
    "native": "gpiozero.pins.native:NativeFactory",
}


class HardwareUnavailable(RuntimeError):
    """No GPIO back end could be opened; the message says what to set."""


def make_factory(name: str) -> Any:
    """The pin factory named in the config: "mock" for a PC, "" for gpiozero's own choice."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    if not name:
        return None
    module, cls = FACTORIES[name].split(":")
    try:
        return getattr(importlib.import_module(module), cls)()
    except Exception as exc:
        raise HardwareUnavailable(
            f'The {name} pin factory cannot start ({exc}). On a PC, set [hardware] pin_factory = "mock".'
        ) from None


class Panel:
    """The devices for the configured roles.  ``close()`` turns everything off (twice is safe)."""

    def __init__(
        self,
        config: PanelConfig,
        on_button: Callable[[str], None],
        *,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        factory = pin_factory if pin_factory is not None else make_factory(config.pin_factory)
        self.config = config
        self._on_button = on_button
        self._clock = clock
        self._last_press: dict[str, float] = {}
        self.devices: list[Any] = []
        self.watcher_brightness = 0.0
        self.worm_lit = False
        try:
            self._build(config, factory)
        except BadPinFactory as exc:
            self.close()
            raise HardwareUnavailable(
                f'No GPIO on this machine ({exc}). Set [hardware] pin_factory = "mock" to use virtual LEDs.'
            ) from None

    def _build(self, config: PanelConfig, factory: Any) -> None:
        def add(device: Any) -> Any:
            self.devices.append(device)
            return device

        self.watcher = add(PWMLED(config.watcher_light, pin_factory=factory)) if config.watcher_light is not None else None
        self.doom = add(LEDBarGraph(*config.doom_bar, pin_factory=factory)) if config.doom_bar else None
        self.worm = add(LED(config.worm_light, pin_factory=factory)) if config.worm_light is not None else None
        self.status = add(RGBLED(*config.status_rgb, pin_factory=factory)) if config.status_rgb else None
        self.buzzer = add(Buzzer(config.buzzer, pin_factory=factory)) if config.buzzer is not None else None
        self.sound = True  # the settings screen's "Sound cues" switch
        for name, pin, held in (
            ("next", config.next_button, False),
            ("roll", config.roll_button, False),
            ("undo", config.undo_button, True),
        ):
            if pin is None:
                continue
            button = add(Button(pin, bounce_time=config.bounce_time or None, hold_time=config.undo_hold, pin_factory=factory))
            if held:
                button.when_held = self._presser(name)
            else:
                button.when_pressed = self._presser(name)

    def _presser(self, name: str) -> Callable[[], None]:
        def press() -> None:
            now = self._clock()
            if now - self._last_press.get(name, -PRESS_GUARD) < PRESS_GUARD:
                return  # a bounce that got past gpiozero's own debounce
            self._last_press[name] = now
            self._on_button(name)

        return press

    # -- following the game --------------------------------------------------------------------

    def show(self, state: State | ArkhamState) -> None:
        """Draw ``state`` on the LEDs (cheap when nothing changed)."""
        if isinstance(state, ArkhamState):
            self._show_arkham(state)
            return
        self._show_watcher(state)
        if self.doom is not None:
            leader = max(p.doom for p in state.players)
            self.doom.value = min(1.0, leader / DOOM_TO_WIN)
        self._show_worm(state, flash=False)
        if self.status is not None:
            red, green, blue = colour_of(state.players[state.first].faction)
            self.status.color = (red / 255, green / 255, blue / 255)

    def _show_arkham(self, state: ArkhamState) -> None:
        """Arkham Horror: the Doom bar is the Ancient One's doom track; the status LED shows the
        terror level from green (0) to red (10), and red once the Ancient One is awake.  The
        Cthulhu Wars lights stay dark."""
        if self.doom is not None:
            self.doom.value = min(1.0, state.doom / state.doom_track)
        if self.status is not None:
            dread = 1.0 if state.awakened else min(1.0, state.terror / TERROR_TOP)
            self.status.color = (dread, 1.0 - dread, 0.0)
        for light in (self.watcher, self.worm):
            if light is not None:
                light.source = None
                light.off()
        self.watcher_brightness, self.worm_lit = 0.0, False

    def on_events(self, events: tuple[Event, ...], state: State | ArkhamState, entry: object = None) -> None:
        """A session listener: redraw, and give the big moments their cue."""
        if isinstance(state, ArkhamState):
            self.show(state)
            if self.sound and self.buzzer is not None and any(type(event).__name__ == "AncientOneAwakens" for event in events):
                self.buzzer.beep(on_time=0.3, off_time=0.15, n=3, background=True)
            return
        self._show_watcher(state)  # first: the light a tower's roll changes (the decay die)
        self.show(state)
        kinds = {type(event).__name__ for event in events}
        if "AreaEradicated" in kinds:
            self._show_worm(state, flash=True)
        if self.sound and self.buzzer is not None and kinds & {"WatcherAwakened", "AreaEradicated", "WorldsEnd", "GameEnded"}:
            self.buzzer.beep(on_time=0.08, off_time=0.08, n=3 if "WatcherAwakened" in kinds else 2, background=True)

    def _show_watcher(self, state: State) -> None:
        """Dark asleep; awake, one breathing source runs for as long as it is awake and reads the
        target brightness, so a new token only rescales it (and the pin moves at once)."""
        watcher = state.watcher
        target = watcher.token / WATCHER_TOKEN_START if watcher is not None and watcher.awake else 0.0
        if self.watcher is None or target == self.watcher_brightness:
            return
        previous, self.watcher_brightness = self.watcher_brightness, target
        if not target:
            self.watcher.source = None
            self.watcher.off()
        elif not previous:
            self.watcher.source_delay = BREATH_PERIOD / BREATH_STEPS
            self.watcher.source = self._breathing()
        else:
            self.watcher.value = min(1.0, self.watcher.value * target / previous)

    def _breathing(self) -> Iterator[float]:
        for level in scaled(sin_values(BREATH_STEPS), 0.05, 1.0):
            if not self.watcher_brightness:
                return
            yield min(1.0, max(0.0, level * self.watcher_brightness))  # rounding must not leave 0..1

    def _show_worm(self, state: State, *, flash: bool) -> None:
        threatened = any(chance > 0 for _, _, chance in worm_chances(state))
        if self.worm is None or (threatened == self.worm_lit and not flash):
            return
        self.worm_lit = threatened
        if flash:  # a finite source: its thread ends on the steady value, so idle costs nothing
            self.worm.source_delay = FLASH_STEP
            self.worm.source = _flash_then(threatened)
        else:
            self.worm.source = None
            self.worm.value = threatened

    def close(self) -> None:
        for device in reversed(self.devices):
            device.close()
        self.devices = []

    def __enter__(self) -> Panel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _flash_then(steady: bool) -> Iterator[bool]:
    yield from [True, False] * FLASHES
    yield steady
