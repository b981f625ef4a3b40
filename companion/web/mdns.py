"""The table's name on the LAN by mDNS (``companion.local``), when zeroconf is installed.

Optional: without the package, or where the network refuses multicast, the table is reached by
its address (the Phones page shows it, and the QR codes hold it); nothing else changes.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

log = logging.getLogger(__name__)

NAME = "companion"


class Announcement:
    """An open announcement; :meth:`close` withdraws it."""

    def __init__(self, zeroconf: Any, info: Any) -> None:
        self.zeroconf = zeroconf
        self.info = info

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


def announce(addresses: list[str], port: int) -> Announcement | None:
    """Announce the server's LAN addresses (not loopback) as ``companion.local``; None when
    zeroconf is absent, there is no LAN address, or the network refuses."""
    lan = [a for a in addresses if not a.startswith("127.") and ":" not in a]
    if not lan:
        return None
    try:
        from zeroconf import ServiceInfo, Zeroconf
    except ImportError:
        log.info("mDNS off: the zeroconf package is not installed")
        return None
    try:
        info = ServiceInfo(
            "_http._tcp.local.",
            "Table companion._http._tcp.local.",
            addresses=[socket.inet_aton(a) for a in lan],
            port=port,
            server=f"{NAME}.local.",
        )
        zeroconf = Zeroconf(interfaces=lan)
        zeroconf.register_service(info)
    except (OSError, ValueError) as exc:  # no multicast here: the address still works
        log.info("mDNS off: %s", exc)
        return None
    return Announcement(zeroconf, info)
