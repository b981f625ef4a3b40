"""The companion's configuration file (TOML), with defaults for every setting.

``companion.toml`` lives in the config directory (:mod:`companion.paths`); every section is
optional.  A broken file (bytes that are not UTF-8, TOML errors, unknown keys, values of the
wrong type) is refused with the file, the line and the problem, never half-read; ``companion run``
then plays on the defaults and shows that sentence (see :mod:`companion.cli`).  See
docs/configuration.md for every key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import paths
from companion.i18n import _
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
class WebSettings:
    """``[web]``: the phones' and the TV's server (docs/web.md)."""

    enabled: bool = True
    listen: tuple[str, ...] = ("lan",)  # addresses; "lan": this machine's private LAN address and loopback
    port: int = 8080
    mdns: bool = True  # announce companion.local (when zeroconf is installed)
    names: tuple[str, ...] = ()  # more host names the pages may be reached by (Host and Origin)


@dataclass(frozen=True)
class Config:
    journal: JournalConfig = field(default_factory=JournalConfig)
    hardware: dict[str, Any] = field(default_factory=dict)
    tower: dict[str, Any] = field(default_factory=dict)
    web: WebSettings = field(default_factory=WebSettings)
    listen: bool = False  # [voice] listen: spoken commands through a microphone (docs/voice.md)
    source: Path | None = None
    problems: tuple[str, ...] = ()  # what could not be used, for the screen (the appliance keeps going)


KNOWN_SECTIONS = {"journal", "hardware", "tower", "ui", "voice", "web"}


def load_config(path: Path | None = None) -> Config:
    """Read the config file (the default location when ``path`` is None; missing is fine there).

    :raises ConfigError: naming the file, the line where TOML says so, and the bad key.
    """
    explicit = path is not None
    path = path or paths.config_file()
    if not path.exists():
        if explicit:
            raise ConfigError(_("The config file {path} does not exist.").format(path=path))
        return Config()
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        where = _("line {line}: ").format(line=found.group(1)) if found else ""
        words = _("{path}: {where}not valid TOML ({problem}). Fix the line or move the file aside.")
        raise ConfigError(words.format(path=path, where=where, problem=exc)) from None
    except RecursionError:
        raise ConfigError(
            _("{path}: not valid TOML (nested too deep to read). Fix it or move the file aside.").format(path=path)
        ) from None
    try:
        return _config(path, data)
    except ConfigError as exc:
        raise ConfigError(_with_line(str(exc), path, text)) from None
    except (TypeError, ValueError, AttributeError) as exc:  # a shape no check above expected
        raise ConfigError(
            _("{path}: a value of the wrong type ({problem}); see docs/configuration.md.").format(path=path, problem=exc)
        ) from None


def _read(path: Path) -> str:
    """The file's text; a byte that is not UTF-8 is named with its line."""
    try:
        return paths.read_utf8(path)
    except OSError as exc:
        raise ConfigError(_("{path}: cannot be read ({problem}).").format(path=path, problem=exc.strerror)) from None
    except paths.NotUtf8 as exc:
        raise ConfigError(str(exc)) from None


def _config(path: Path, data: dict[str, Any]) -> Config:
    unknown = sorted(set(data) - KNOWN_SECTIONS)
    if unknown:
        words = _("{path}: unknown section [{section}]; known: {known}.")
        raise ConfigError(words.format(path=path, section=unknown[0], known=", ".join(sorted(KNOWN_SECTIONS))))
    for section in sorted(KNOWN_SECTIONS & set(data)):
        if not isinstance(data[section], dict):
            words = _("{path}: [{section}] must be a section (a table of keys), not {value}.")
            raise ConfigError(words.format(path=path, section=section, value=repr(data[section])))
    hardware = data.get("hardware", {})
    try:
        panel_config(hardware)
    except HardwareConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return Config(
        journal=_journal(path, data.get("journal", {})),
        hardware=hardware,
        tower=_tower(path, data.get("tower", {})),
        web=_web(path, data.get("web", {})),
        listen=_listen(path, data.get("voice", {})),
        source=path,
    )


def _with_line(message: str, path: Path, text: str) -> str:
    """``message`` with the line of the section or key it names ("[tower] baudrate ..."), when found."""
    match = re.search(r"\[(\w+)\](?: has no key '([^']+)'| (\w+) )?", message)
    if match is None:
        return message
    line = _line_of(text, match.group(1), match.group(2) or match.group(3) or "")
    prefix = f"{path}: "
    if line is None or not message.startswith(prefix):
        return message
    return prefix + _("line {line}: ").format(line=line) + message[len(prefix) :]


def _line_of(text: str, section: str, key: str) -> int | None:
    """The line of ``key`` in ``[section]`` (or of the section itself when ``key`` is "" or absent)."""
    current, header = "", None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        table = re.match(r"\[\s*([\w.-]+)\s*\]", stripped)
        if table:
            current = table.group(1)
            header = number if current == section and header is None else header
            continue
        assignment = re.match(r"([\w-]+)\s*=", stripped)
        if assignment and current == "" and assignment.group(1) == section:
            return number  # `tower = 5` at the top
        if assignment and current == section and assignment.group(1) == key:
            return number
    return header


def _tower(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(data) - {"url", "baudrate"})
    if unknown:
        raise ConfigError(_("{path}: [tower] has no key {key} (keys: url, baudrate).").format(path=path, key=repr(unknown[0])))
    if not isinstance(data.get("url", ""), str) or not data.get("url", "").isprintable():
        raise ConfigError(
            _("{path}: [tower] url must be text: a device path, /dev/serial/by-id/..., or loop://.").format(path=path)
        )
    baudrate = data.get("baudrate", 115_200)
    if isinstance(baudrate, bool) or not isinstance(baudrate, int) or baudrate <= 0:
        raise ConfigError(_("{path}: [tower] baudrate must be a positive whole number.").format(path=path))
    return data


def _listen(path: Path, data: dict[str, Any]) -> bool:
    unknown = sorted(set(data) - {"listen"})
    if unknown:
        raise ConfigError(_("{path}: [voice] has no key {key} (keys: listen).").format(path=path, key=repr(unknown[0])))
    listen = data.get("listen", False)
    if not isinstance(listen, bool):
        raise ConfigError(_("{path}: [voice] listen must be true or false.").format(path=path))
    return listen


def _journal(path: Path, data: dict[str, Any]) -> JournalConfig:
    unknown = sorted(set(data) - {"location", "snapshot_every"})
    if unknown:
        words = _("{path}: [journal] has no key {key} (keys: location, snapshot_every).")
        raise ConfigError(words.format(path=path, key=repr(unknown[0])))
    location = data.get("location", "")
    every = data.get("snapshot_every", 32)
    if not isinstance(location, str) or not location.isprintable():  # a NUL would reach open() as a crash
        raise ConfigError(_("{path}: [journal] location must be text (a path or a redis:// URL).").format(path=path))
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise ConfigError(_("{path}: [journal] snapshot_every must be a whole number of at least 1.").format(path=path))
    return JournalConfig(str(Path(location).expanduser()) if location and "://" not in location else location, every)


def _web(path: Path, data: dict[str, Any]) -> WebSettings:
    keys = ("enabled", "listen", "port", "mdns", "names")
    unknown = sorted(set(data) - set(keys))
    if unknown:
        words = _("{path}: [web] has no key {key} (keys: {keys}).")
        raise ConfigError(words.format(path=path, key=repr(unknown[0]), keys=", ".join(keys)))
    for flag in ("enabled", "mdns"):
        if not isinstance(data.get(flag, True), bool):
            raise ConfigError(_("{path}: [web] {key} must be true or false.").format(path=path, key=flag))
    for listed in ("listen", "names"):
        value = data.get(listed, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.isprintable() and v for v in value):
            words = _('{path}: [web] {key} must be a list of text, e.g. ["lan"] or ["192.168.1.20"].')
            raise ConfigError(words.format(path=path, key=listed))
    port = data.get("port", 8080)
    if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise ConfigError(_("{path}: [web] port must be a whole number from 1 to 65535.").format(path=path))
    return WebSettings(
        enabled=data.get("enabled", True),
        listen=tuple(data.get("listen", ["lan"])),
        port=port,
        mdns=data.get("mdns", True),
        names=tuple(data.get("names", [])),
    )
