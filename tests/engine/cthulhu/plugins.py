"""Test helpers: try a rule by swapping an installed faction plugin's field for one test."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.engine.cthulhu.factions import contract, powers
from companion.engine.cthulhu.factions.contract import FactionPlugin
from companion.engine.cthulhu.model import Faction


def swap(monkeypatch: pytest.MonkeyPatch, faction: Faction, **fields: Any) -> None:
    """``faction``'s installed plugin has ``fields`` changed until the test ends."""
    monkeypatch.setitem(contract.PLUGINS, faction, dataclasses.replace(contract.PLUGINS[faction], **fields))


def swap_requirements(
    monkeypatch: pytest.MonkeyPatch, plugin: FactionPlugin, requirements: tuple[powers.Requirement, ...]
) -> None:
    """``plugin``'s faction plays ``requirements`` instead of its own until the test ends."""
    swap(monkeypatch, plugin.faction, requirements=requirements)
