"""The server's connection guard: how many connections, how long to send a request, how fast a
socket may talk, and which Host and Origin are this table's (docs/web.md, "The security model").

A connection that has not begun a request within its time is closed (a slow client holds
nothing); connections beyond :data:`MAX_CONNECTIONS` are closed at once; a socket's messages
are metered by a token bucket (:class:`Bucket`); a request's Host must name this table (a
DNS-rebinding page's name is refused) and a socket's Origin must be the page's own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

MAX_CONNECTIONS = 128  # open TCP connections at most (a phone holds one)
RATE = 5.0  # a socket's messages per second, on average...
BURST = 10.0  # ...with this many at once


@dataclass
class Bucket:
    """A socket's rate: :data:`RATE` messages a second on average, :data:`BURST` at once."""

    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)

    def allowed(self) -> bool:
        """Whether one more message may pass now (it takes a token if so)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Guard:
    """The connections of one server (on its loop): ``hosts`` the names this table answers to,
    ``count(reason)`` told of each refusal."""

    def __init__(self, hosts: set[str], count: Callable[[str], None]) -> None:
        self.hosts = hosts
        self.count = count
        self._served: set[Any] = set()  # transports that began a request
        self._connections: list[Any] = []

    def connection(self, runner: web.AppRunner, within: float) -> Any:
        """A new connection's protocol handler (the server's factory): closed unless it begins a
        request within ``within`` seconds, and at once when there are too many."""
        server: Any = runner.server  # set by setup()
        handler = server()
        self._connections = [h for h in self._connections if h.transport is None or not h.transport.is_closing()]
        self._connections.append(handler)
        loop = asyncio.get_running_loop()
        loop.call_later(within, self._close_if_silent, handler)
        if len(self._connections) > MAX_CONNECTIONS:
            self.count("too many connections")
            loop.call_soon(self._close, handler)
        return handler

    def _close_if_silent(self, handler: Any) -> None:
        transport = handler.transport
        if transport is not None and transport not in self._served and not transport.is_closing():
            self.count("slow request")
            transport.close()
        self._served.discard(transport)

    @staticmethod
    def _close(handler: Any) -> None:
        if handler.transport is not None:
            handler.transport.close()

    @web.middleware
    async def mark_served(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """The app's middleware: this connection began a request (it is not a slow client)."""
        self._served.add(request.transport)
        response: web.StreamResponse = await handler(request)
        return response

    def host_ok(self, request: web.Request) -> bool:
        """The Host names this table (a DNS-rebinding page's name is refused)."""
        host = request.host.rsplit(":", 1)[0] if request.host.count(":") == 1 else request.host
        return host.strip("[]") in self.hosts

    def origin_ok(self, request: web.Request) -> bool:
        """The socket's Origin is this table's own page (a cross-site page is refused)."""
        origin = request.headers.get("Origin", "")
        return bool(origin) and origin == f"http://{request.host}" and self.host_ok(request)
