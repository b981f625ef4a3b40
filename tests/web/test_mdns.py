"""mDNS is optional: without zeroconf, or with no LAN address, the table is reached by its address."""

from __future__ import annotations

import builtins
import contextlib
import os
from typing import Any

import pytest

from companion.config import WebSettings
from companion.web import mdns
from companion.web.server import WebServer
from tests.web.serving import served


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


MDNS_GROUP = ("224.0.0.251", 5353)


def loopback_multicast_works() -> tuple[bool, str]:
    """Whether a datagram sent to the mDNS group on the loopback interface comes back to a socket
    that joined the group there (the condition the announcement test needs), and what was seen."""
    import socket

    listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with contextlib.suppress(AttributeError, OSError):
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listener.bind(("", MDNS_GROUP[1]))
        membership = socket.inet_aton(MDNS_GROUP[0]) + socket.inet_aton("127.0.0.1")
        listener.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
        listener.settimeout(2.0)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        probe = b"\x00" * 12  # an empty DNS header: harmless to any responder on the group
        sender.sendto(probe, MDNS_GROUP)
        while True:
            data, source = listener.recvfrom(2048)
            if data == probe:
                return True, f"probe came back from {source}"
    except OSError as exc:  # includes the timeout: nothing came back
        return False, f"a datagram to {MDNS_GROUP} on 127.0.0.1 did not come back: {exc!r}"
    finally:
        listener.close()
        sender.close()


def test_announced_on_loopback_a_second_zeroconf_resolves_it() -> None:
    """A table announced on 127.0.0.1 only is found by another Zeroconf there: its address, its port."""
    zeroconf = pytest.importorskip("zeroconf")  # a project dependency: present wherever it is installed
    works, seen = loopback_multicast_works()
    if not works:
        pytest.skip(f"multicast on loopback does not work here: {seen}")
    name = f"companion-test-{os.getpid()}"
    title = f"Table companion test {os.getpid()}"
    announced = mdns.announce(["127.0.0.1"], 18765, name=name, title=title, loopback=True)
    assert announced is not None, "a Zeroconf bound to 127.0.0.1 did not register"
    finder = zeroconf.Zeroconf(interfaces=["127.0.0.1"], ip_version=zeroconf.IPVersion.V4Only)
    try:
        found = zeroconf.ServiceInfo("_http._tcp.local.", f"{title}._http._tcp.local.")
        assert found.request(finder, 5000), "the announced service was not resolved"
        assert found.parsed_addresses() == ["127.0.0.1"]
        assert found.port == 18765
        assert found.server == f"{name}.local."
    finally:
        finder.close()
        announced.close()


def test_a_running_table_is_announced_and_resolved() -> None:
    """The server announces itself once serving (zeroconf on a worker thread, not on the server's
    loop, where its blocking calls refuse to run), and withdraws the announcement when stopped."""
    zeroconf = pytest.importorskip("zeroconf")
    works, seen = loopback_multicast_works()
    if not works:
        pytest.skip(f"multicast on loopback does not work here: {seen}")
    with served(moves=4, players=3) as (house, _phones):
        server = WebServer(house.table, WebSettings(listen=("127.0.0.1",), port=0, mdns=True))
        server.mdns_loopback = True  # the table's own rule announces LAN addresses only
        server.start()
        finder = zeroconf.Zeroconf(interfaces=["127.0.0.1"], ip_version=zeroconf.IPVersion.V4Only)
        try:
            found = zeroconf.ServiceInfo("_http._tcp.local.", "Table companion._http._tcp.local.")
            assert found.request(finder, 8000), "the running table was not resolved"
            assert found.parsed_addresses() == ["127.0.0.1"]
            assert found.port == server.port
            assert found.server == "companion.local."
        finally:
            finder.close()
            server.stop()
    assert server.mdns is not None
