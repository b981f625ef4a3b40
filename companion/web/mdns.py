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


def announce(
    addresses: list[str], port: int, *, name: str = NAME, title: str = "Table companion", loopback: bool = False
) -> Announcement | None:
    """Announce the server's LAN addresses (IPv4; loopback only with ``loopback``, the tests') as
    ``<name>.local``, an ``_http._tcp`` service called ``title`` on ``port``; None when zeroconf
    is absent, there is no address to announce, or the network refuses multicast."""
    lan = [a for a in addresses if (loopback or not a.startswith("127.")) and ":" not in a]
    if not lan:
        return None
    try:
        from zeroconf import Error as ZeroconfError
        from zeroconf import IPVersion, ServiceInfo, Zeroconf
    except ImportError:
        log.info("mDNS off: the zeroconf package is not installed")
        return None
    try:
        info = ServiceInfo(
            "_http._tcp.local.",
            f"{title}._http._tcp.local.",
            addresses=[socket.inet_aton(a) for a in lan],
            port=port,
            server=f"{name}.local.",
        )
        zeroconf = Zeroconf(interfaces=lan, ip_version=IPVersion.V4Only)
    except (OSError, ValueError, ZeroconfError) as exc:  # no multicast here: the address still works
        log.info("mDNS off: %s", exc)
        return None
    try:
        zeroconf.register_service(info)
    except (OSError, ValueError, ZeroconfError) as exc:  # e.g. the name taken by another table
        zeroconf.close()
        log.info("mDNS off: %s", exc)
        return None
    return Announcement(zeroconf, info)
