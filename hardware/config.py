"""The panel's wiring, read from the ``[hardware]`` section of companion.toml (docs/hardware.md).

Every role is optional; a pin (BCM number) may serve one role only.  ``pin_factory`` picks the
gpiozero back end: "mock" (a PC: gpiozero's MockFactory with PWM pins), "lgpio" (a Pi 5), or
"" to let gpiozero choose (``GPIOZERO_PIN_FACTORY`` still wins, as gpiozero documents).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

BCM_PINS = range(0, 28)


class HardwareConfigError(ValueError):
    """The [hardware] section cannot be used; the message names the key and what to fix."""


@dataclass(frozen=True)
class PanelConfig:
    pin_factory: str = ""
    watcher_light: int | None = None  # PWM: dark asleep, breathing awake, brightness = token / 12
    doom_bar: tuple[int, ...] = ()  # LEDBarGraph: the leader's Doom out of 30
    worm_light: int | None = None  # lit while a Worm is threatened; flashes on eradication
    status_rgb: tuple[int, ...] = ()  # red, green, blue pins: the first player's colour
    buzzer: int | None = None
    next_button: int | None = None
    undo_button: int | None = None  # held for ``undo_hold`` seconds, so a brush does not undo
    roll_button: int | None = None
    talk_button: int | None = None  # held while speaking a command (docs/voice.md)
    bounce_time: float = 0.02  # seconds
    undo_hold: float = 1.0  # seconds

    def pins(self) -> list[tuple[str, int]]:
        used: list[tuple[str, int]] = []
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in ("bounce_time", "undo_hold", "pin_factory") or value is None:
                continue
            for pin in value if isinstance(value, tuple) else (value,):
                used.append((field.name, pin))
        return used


PIN_FACTORIES = ("", "mock", "lgpio", "rpigpio", "pigpio", "native")


def panel_config(data: dict[str, Any]) -> PanelConfig:
    """Build and check the panel's config from the ``[hardware]`` table.

    :raises HardwareConfigError: for an unknown key, a wrong type, a pin outside 0-27 or used twice.
    """
    known = {f.name for f in fields(PanelConfig)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise HardwareConfigError(f"[hardware] has no key {unknown[0]!r}; keys: {', '.join(sorted(known))}.")
    values: dict[str, Any] = {}
    for field in fields(PanelConfig):
        if field.name in data:
            values[field.name] = _value(field.name, data[field.name])
    config = PanelConfig(**values)
    _check(config)
    return config


def _value(name: str, value: Any) -> Any:
    if name == "pin_factory":
        if value not in PIN_FACTORIES:
            raise HardwareConfigError(f"[hardware] pin_factory must be one of {', '.join(repr(p) for p in PIN_FACTORIES)}.")
        return value
    if name in ("bounce_time", "undo_hold"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 5:
            raise HardwareConfigError(f"[hardware] {name} must be a number of seconds from 0 to 5.")
        return float(value)
    if name in ("doom_bar", "status_rgb"):
        if not isinstance(value, list) or not all(_is_pin(v) for v in value):
            raise HardwareConfigError(f"[hardware] {name} must be a list of BCM pin numbers (0-27).")
        return tuple(value)
    if not _is_pin(value):
        raise HardwareConfigError(f"[hardware] {name} must be a BCM pin number (0-27), not {value!r}.")
    return value


def _is_pin(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in BCM_PINS


def _check(config: PanelConfig) -> None:
    if config.status_rgb and len(config.status_rgb) != 3:
        raise HardwareConfigError("[hardware] status_rgb needs exactly three pins: red, green, blue.")
    seen: dict[int, str] = {}
    for role, pin in config.pins():
        if pin in seen:
            raise HardwareConfigError(f"[hardware] pin {pin} is used by both {seen[pin]} and {role}.")
        seen[pin] = role
