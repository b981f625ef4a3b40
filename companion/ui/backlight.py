"""Screen brightness and the sound-cue switch, remembered between runs.

On a Pi the official display's backlight is a sysfs device (``/sys/class/backlight/*``): the
brightness is written there (the udev rule in ``systemd/99-companion-backlight.rules`` lets the
``video`` group write it).  Without one (a laptop window) the app dims what it draws instead.
The choices are kept in ``display.json`` in the state directory (the service's ``StateDirectory=``,
or ``~/.local/state/companion``: somewhere the table may write, unlike ``/etc/companion`` under
``ProtectSystem=full``), written whole, synced, then renamed.  A save that fails is said on the
settings screen; the choice still holds until the table stops.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from companion import i18n, paths
from companion.i18n import _

log = logging.getLogger(__name__)

LEVELS = (1.0, 0.75, 0.5, 0.25)  # the brightness button steps through these
VOLUMES = (1.0, 0.8, 0.6, 0.4, 0.2)  # the volume button steps through these
SYSFS = Path("/sys/class/backlight")


@dataclass
class DisplaySettings:
    brightness: float = 1.0  # 0.25..1.0 of the backlight's maximum
    sound: bool = True  # the cues for the big moments (buzzer and speaker)
    speech: bool = True  # the voice says what the table must know
    volume: float = 0.8  # the speaker's volume, 0.2..1
    big_only: bool = False  # the voice says only the big moments
    language: str = ""  # "en", "de", or "" for the system's locale
    problem: str = field(default="", compare=False)  # why the last save failed ("" when it did not)

    def next_brightness(self) -> float:
        later = [level for level in LEVELS if level < self.brightness - 1e-6]
        return later[0] if later else LEVELS[0]

    def next_volume(self) -> float:
        later = [level for level in VOLUMES if level < self.volume - 1e-6]
        return later[0] if later else VOLUMES[0]

    def saved(self) -> dict[str, object]:
        """The choices as the settings file keeps them."""
        return {
            "brightness": self.brightness,
            "sound": self.sound,
            "speech": self.speech,
            "volume": self.volume,
            "big_only": self.big_only,
            "language": self.language,
        }


def settings_file() -> Path:
    return paths.settings_file()


def load_settings(path: Path | None = None) -> DisplaySettings:
    """The saved choices; defaults when there are none or the file is unreadable (logged).

    Without ``path``: the state directory's file, else one an older version left in the config
    directory.
    """
    if path is None:
        path = settings_file()
        older = paths.config_dir() / "display.json"
        if not path.exists() and older.exists():
            path = older
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        brightness = float(data.get("brightness", 1.0))
        volume = float(data.get("volume", 0.8))
        language = str(data.get("language", ""))
        return DisplaySettings(
            min(1.0, max(LEVELS[-1], brightness)),
            bool(data.get("sound", True)),
            speech=bool(data.get("speech", True)),
            volume=min(1.0, max(VOLUMES[-1], volume)),
            big_only=bool(data.get("big_only", False)),
            language=language if language in i18n.LANGUAGES else "",
        )
    except FileNotFoundError:
        return DisplaySettings()
    except (OSError, ValueError, AttributeError) as exc:
        log.warning("ignoring %s (%s); using the default brightness and sound", path, exc)
        return DisplaySettings()


def save_settings(settings: DisplaySettings, path: Path | None = None) -> str:
    """Keep the choices; never raises (the table plays on).

    :returns: "" when saved, else the sentence the settings screen shows (also logged, and kept in
        ``settings.problem`` until a save succeeds).
    """
    path = path or settings_file()
    try:
        paths.write_whole(path, json.dumps(settings.saved()), make_folder=True)
    except OSError as exc:
        log.warning("could not save %s: %s", path, exc)
        settings.problem = _("Not saved ({folder}: {error}); this choice lasts until the table stops.").format(
            folder=path.parent, error=exc.strerror or exc
        )
        return settings.problem
    settings.problem = ""
    return ""


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
