"""The companion's configuration file (TOML), with defaults for every setting.

``companion.toml`` lives in the config directory (:mod:`companion.paths`); every section is
optional.  A broken file is refused with the line and the problem, never half-read.  See
docs/configuration.md for every key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import paths
from hardware.config import HardwareConfigError, panel_config


class ConfigError(ValueError):
    """The configuration file cannot be used; the message says where and what to do."""


@dataclass(frozen=True)
class JournalConfig:
    location: str = ""  # a file path, ":memory:", or a redis:// URL; "" = the state directory
    snapshot_every: int = 32

    def resolved(self) -> str:
        return self.location or str(paths.default_journal())


@dataclass(frozen=True)
class Config:
    journal: JournalConfig = field(default_factory=JournalConfig)
    hardware: dict[str, Any] = field(default_factory=dict)
    tower: dict[str, Any] = field(default_factory=dict)
    source: Path | None = None
    problems: tuple[str, ...] = ()  # what could not be used, for the screen (the appliance keeps going)


KNOWN_SECTIONS = {"journal", "hardware", "tower", "ui"}


def load_config(path: Path | None = None) -> Config:
    """Read the config file (the default location when ``path`` is None; missing is fine there).

    :raises ConfigError: naming the file, the line where TOML says so, and the bad key.
    """
    explicit = path is not None
    path = path or paths.config_file()
    if not path.exists():
        if explicit:
            raise ConfigError(f"The config file {path} does not exist.")
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}). Fix the line or move the file aside.") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror}).") from None
    unknown = sorted(set(data) - KNOWN_SECTIONS)
    if unknown:
        raise ConfigError(f"{path}: unknown section [{unknown[0]}]; known: {', '.join(sorted(KNOWN_SECTIONS))}.")
    hardware = data.get("hardware", {})
    try:
        panel_config(hardware)
    except HardwareConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return Config(
        journal=_journal(path, data.get("journal", {})),
        hardware=hardware,
        tower=_tower(path, data.get("tower", {})),
        source=path,
    )


def _tower(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(data) - {"url", "baudrate"})
    if unknown:
        raise ConfigError(f"{path}: [tower] has no key {unknown[0]!r} (keys: url, baudrate).")
    if not isinstance(data.get("url", ""), str):
        raise ConfigError(f"{path}: [tower] url must be text: a device path, /dev/serial/by-id/..., or loop://.")
    baudrate = data.get("baudrate", 115_200)
    if isinstance(baudrate, bool) or not isinstance(baudrate, int) or baudrate <= 0:
        raise ConfigError(f"{path}: [tower] baudrate must be a positive whole number.")
    return data


def _journal(path: Path, data: dict[str, Any]) -> JournalConfig:
    unknown = sorted(set(data) - {"location", "snapshot_every"})
    if unknown:
        raise ConfigError(f"{path}: [journal] has no key {unknown[0]!r} (keys: location, snapshot_every).")
    location = data.get("location", "")
    every = data.get("snapshot_every", 32)
    if not isinstance(location, str):
        raise ConfigError(f"{path}: [journal] location must be text (a path or a redis:// URL).")
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise ConfigError(f"{path}: [journal] snapshot_every must be a whole number of at least 1.")
    return JournalConfig(str(Path(location).expanduser()) if location and "://" not in location else location, every)
