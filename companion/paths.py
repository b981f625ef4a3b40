"""Where the companion keeps its files (XDG base directories, overridable for services and tests).

- state: ``$COMPANION_STATE_DIR``, else systemd's ``$STATE_DIRECTORY`` (the service's
  ``StateDirectory=``), else ``$XDG_STATE_HOME/companion`` (``~/.local/state/companion``): the
  journal database and ``display.json`` (brightness, sound).
- config: ``$COMPANION_CONFIG_DIR`` or ``$XDG_CONFIG_HOME/companion`` (``~/.config/companion``):
  ``companion.toml`` and the owner's hand-placed ``maps/``.  Only read: under the service it is
  ``/etc/companion``, which ``ProtectSystem=full`` makes read-only.
- saved maps (what the map builder writes): ``maps/`` in the state directory when one is given
  (the service, or ``$COMPANION_STATE_DIR``), else ``$XDG_DATA_HOME/companion/maps``
  (``~/.local/share/companion/maps``).  Maps are read from both map folders.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from companion.i18n import _

APP = "companion"


def _xdg(variable: str, fallback: str) -> Path:
    base = os.environ.get(variable)
    return Path(base) if base else Path.home() / fallback


def _given_state_dir() -> Path | None:
    """The state directory the environment names (ours first, then systemd's), if any."""
    override = os.environ.get("COMPANION_STATE_DIR")
    if override:
        return Path(override)
    systemd = os.environ.get("STATE_DIRECTORY", "")  # a colon-separated list; ours is the first
    first = systemd.split(":")[0]
    return Path(first) if first else None


def state_dir() -> Path:
    return _given_state_dir() or _xdg("XDG_STATE_HOME", ".local/state") / APP


def config_dir() -> Path:
    override = os.environ.get("COMPANION_CONFIG_DIR")
    return Path(override) if override else _xdg("XDG_CONFIG_HOME", ".config") / APP


def maps_dir() -> Path:
    """The owner's hand-placed maps (read, never written: it may be read-only)."""
    return config_dir() / "maps"


def saved_maps_dir() -> Path:
    """Where the screen's map builder saves: a place the running table may write."""
    given = _given_state_dir()
    return given / "maps" if given else _xdg("XDG_DATA_HOME", ".local/share") / APP / "maps"


def config_file() -> Path:
    return config_dir() / "companion.toml"


def settings_file() -> Path:
    """The screen's own settings (brightness, sound): written by the table, so state."""
    return state_dir() / "display.json"


def default_journal() -> Path:
    return state_dir() / "journal.sqlite3"


# -- the table's own files, written and read the same way everywhere -----------------------------


class NotUtf8(ValueError):
    """A file of the owner's (a map, the configuration) holds a byte that is not UTF-8."""


def read_utf8(path: Path) -> str:
    """The text of ``path``.

    :raises OSError: when it cannot be read.
    :raises NotUtf8: naming the file, the line and the byte that is not UTF-8, and what to do.
    """
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        words = _("{path}: line {line}: not UTF-8 text (byte 0x{byte}); save the file as UTF-8.")
        raise NotUtf8(words.format(path=path, line=line, byte=f"{raw[exc.start]:02X}")) from None


def write_whole(path: Path, text: str, *, make_folder: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that a power cut leaves the old file or the new one,
    never half of either: a temporary beside it, synced, renamed into place, the folder synced.

    :raises OSError: when the folder is missing (unless ``make_folder``), read-only or full; the
        temporary is removed and ``path`` is as it was.
    """
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.partial")
    try:
        with temporary.open("w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    fsync_path(path.parent)


def fsync_path(path: Path) -> None:
    """Make ``path`` durable: a file's contents, or a folder's names (a rename into it)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
