"""mDNS is optional: without zeroconf, or with no LAN address, the table is reached by its address."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from companion.web import mdns


def test_without_zeroconf_there_is_no_announcement(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_zeroconf(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "zeroconf":
            raise ImportError("No module named 'zeroconf'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zeroconf)
    assert mdns.announce(["192.168.1.20", "127.0.0.1"], 8080) is None


def test_loopback_alone_is_never_announced() -> None:
    assert mdns.announce(["127.0.0.1"], 8080) is None  # returns before zeroconf is even imported
