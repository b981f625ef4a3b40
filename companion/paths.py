"""Where the companion keeps its files (XDG base directories, overridable for services and tests).

- state: ``$COMPANION_STATE_DIR`` or ``$XDG_STATE_HOME/companion`` (``~/.local/state/companion``):
  the journal database.
- config: ``$COMPANION_CONFIG_DIR`` or ``$XDG_CONFIG_HOME/companion`` (``~/.config/companion``):
  ``companion.toml`` and the owner's ``maps/``.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "companion"


def _xdg(variable: str, fallback: str) -> Path:
    base = os.environ.get(variable)
    return Path(base) if base else Path.home() / fallback


def state_dir() -> Path:
    override = os.environ.get("COMPANION_STATE_DIR")
    return Path(override) if override else _xdg("XDG_STATE_HOME", ".local/state") / APP


def config_dir() -> Path:
    override = os.environ.get("COMPANION_CONFIG_DIR")
    return Path(override) if override else _xdg("XDG_CONFIG_HOME", ".config") / APP


def maps_dir() -> Path:
    return config_dir() / "maps"


def config_file() -> Path:
    return config_dir() / "companion.toml"


def default_journal() -> Path:
    return state_dir() / "journal.sqlite3"
