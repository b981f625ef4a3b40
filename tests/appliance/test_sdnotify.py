"""sd_notify against a real Unix datagram socket, as systemd listens."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.sdnotify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2)
    yield sock, path
    sock.close()


def test_ready_status_and_stopping_arrive_as_datagrams(listener) -> None:
    sock, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.ready("table up")
    assert sock.recv(256) == b"READY=1\nSTATUS=table up"
    assert notifier.stopping()
    assert sock.recv(256) == b"STOPPING=1"


def test_the_watchdog_is_pinged_at_half_its_interval(listener) -> None:
    sock, path = listener
    now = [100.0]
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000"}, clock=lambda: now[0])
    assert notifier.watchdog_interval == 10.0
    assert notifier.ping() and sock.recv(64) == b"WATCHDOG=1"
    now[0] += 5
    assert not notifier.ping()  # too soon
    now[0] += 5
    assert notifier.ping() and sock.recv(64) == b"WATCHDOG=1"


def test_an_abstract_socket_name_is_understood() -> None:
    name = f"companion-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2)
    try:
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).status("hello")
        assert sock.recv(64) == b"STATUS=hello"
    finally:
        sock.close()


def test_outside_systemd_nothing_is_sent() -> None:
    notifier = Notifier({})
    assert not notifier.enabled and not notifier.ready() and not notifier.ping()


def test_a_vanished_socket_is_not_an_error(tmp_path: Path) -> None:
    assert not Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone")}).ready()
