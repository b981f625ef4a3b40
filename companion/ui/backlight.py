"""Screen brightness and the sound-cue switch, remembered between runs.

On a Pi the official display's backlight is a sysfs device (``/sys/class/backlight/*``): the
brightness is written there (the udev rule in ``systemd/99-companion-backlight.rules`` lets the
``video`` group write it).  Without one (a laptop window) the app dims what it draws instead.
The choices are kept in ``display.json`` in the config directory, written whole then renamed.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from companion import paths

log = logging.getLogger(__name__)

LEVELS = (1.0, 0.75, 0.5, 0.25)  # the brightness button steps through these
SYSFS = Path("/sys/class/backlight")


@dataclass
class DisplaySettings:
    brightness: float = 1.0  # 0.25..1.0 of the backlight's maximum
    sound: bool = True  # the buzzer's cues for the big moments

    def next_brightness(self) -> float:
        later = [level for level in LEVELS if level < self.brightness - 1e-6]
        return later[0] if later else LEVELS[0]


def settings_file() -> Path:
    return paths.config_dir() / "display.json"


def load_settings(path: Path | None = None) -> DisplaySettings:
    """The saved choices; defaults when there are none or the file is unreadable (logged)."""
    path = path or settings_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        brightness = float(data.get("brightness", 1.0))
        return DisplaySettings(min(1.0, max(LEVELS[-1], brightness)), bool(data.get("sound", True)))
    except FileNotFoundError:
        return DisplaySettings()
    except (OSError, ValueError, AttributeError) as exc:
        log.warning("ignoring %s (%s); using the default brightness and sound", path, exc)
        return DisplaySettings()


def save_settings(settings: DisplaySettings, path: Path | None = None) -> None:
    """Keep the choices; a failure is logged, never raised (the table plays on)."""
    path = path or settings_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.write_text(json.dumps({"brightness": settings.brightness, "sound": settings.sound}), encoding="utf-8")
        os.replace(part, path)
    except OSError as exc:
        log.warning("could not save %s: %s", path, exc)


class Backlight:
    """The first sysfs backlight under ``root``, or none (then :meth:`set` returns False)."""

    def __init__(self, root: Path = SYSFS) -> None:
        devices = sorted(root.glob("*/max_brightness")) if root.is_dir() else []
        self.device = devices[0].parent if devices else None

    def set(self, fraction: float) -> bool:
        """Set the backlight to ``fraction`` (0.25..1) of its maximum; False when there is none
        or it cannot be written (the app then dims its drawing)."""
        if self.device is None:
            return False
        try:
            top = int((self.device / "max_brightness").read_text().strip())
            (self.device / "brightness").write_text(str(max(1, round(top * fraction))))
        except (OSError, ValueError) as exc:
            log.warning("backlight %s: %s", self.device, exc)
            return False
        return True
