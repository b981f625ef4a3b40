"""The table's panel: LEDs, buzzer and buttons through gpiozero, following the game.

The panel holds no rules: :func:`hardware.cues.cues` decides, from a state and the events that
led to it, what the lights and the buzzer should do, and :meth:`Panel.apply` puts those cues on
the devices.  :meth:`Panel.show` draws a state; :meth:`Panel.on_events` is a session listener
(one of the appliance's outputs, a peer of the screen).  Buttons only report intents
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

from companion.engine import Event, State
from companion.engine.arkham.model import ArkhamState
from hardware.config import PanelConfig
from hardware.cues import PanelCues, cues, watcher_level

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
        self.cues = PanelCues()  # the last cues applied (the demo's virtual LEDs read the pins)
        self.on_talk: Callable[[bool], None] = lambda pressed: None  # set once the table listens (add_listening)
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
        if config.talk_button is not None:  # held while speaking: its press and release both count
            talk = add(Button(config.talk_button, bounce_time=config.bounce_time or None, pin_factory=factory))
            talk.when_pressed = lambda: self.on_talk(True)
            talk.when_released = lambda: self.on_talk(False)

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
        self.apply(cues(state))

    def on_events(self, events: tuple[Event, ...], state: State | ArkhamState, entry: object = None) -> None:
        """A session listener: redraw, and give the big moments their cue.  The Watcher light
        moves first, before the rest is worked out: it is the light a tower's roll changes (the
        decay die), and the worm's odds cost more than the light's whole path otherwise."""
        self._show_watcher(watcher_level(state))
        self.apply(cues(state, events))

    def apply(self, cue: PanelCues) -> None:
        """Put ``cue`` on the devices: the Watcher light first (the light a tower's roll changes,
        the decay die), then the Doom bar, the worm light, the status light and the buzzer."""
        self._show_watcher(cue.watcher)
        if self.doom is not None:
            self.doom.value = cue.doom
        self._show_worm(cue.worm, flash=cue.worm_flash)
        if self.status is not None:
            self.status.color = cue.status
        if cue.beep is not None and self.sound and self.buzzer is not None:
            self.buzzer.beep(on_time=cue.beep.on, off_time=cue.beep.off, n=cue.beep.times, background=True)
        self.cues = cue

    def _show_watcher(self, target: float) -> None:
        """Dark asleep; awake, one breathing source runs for as long as it is awake and reads the
        target brightness, so a new token only rescales it (and the pin moves at once)."""
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

    def _show_worm(self, threatened: bool, *, flash: bool) -> None:
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
