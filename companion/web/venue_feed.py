"""The venue page's live feed: every table's row pushed when any table's entry lands.

The shared Redis journal publishes each append (:meth:`companion.store.redis.RedisJournal.follow`);
on the first notice the rows are read again (off the loop: it asks Redis) and pushed to every open
venue page as a Server-Sent Event (``/venue.events``, one ``data:`` line of JSON: the rows of
``/venue.json``).  Notices that come while the rows are being read are folded into one more read,
so a busy venue costs at most one read in flight and one waiting, whatever the number of tables.
A page that stops reading keeps only the latest rows waiting (older ones are dropped unread).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

MAX_STREAMS = 16  # venue pages open at once on one table's server
RETRY_MS = 1000  # the browser's EventSource reconnects after this long when the line goes


def event(rows: list[dict[str, Any]]) -> bytes:
    """One Server-Sent Event carrying ``rows`` (JSON has no newline: one ``data:`` line)."""
    return f"data: {json.dumps(rows)}\n\n".encode()


class VenueFeed:
    """The open venue pages of one server and the push that keeps them current (on its loop)."""

    def __init__(self, venue: Any, headers: dict[str, str]) -> None:
        self.venue = venue  # companion.web.venue.Venue
        self.headers = headers
        self.pushed = 0  # reads pushed (the tests and the bench read it)
        self._streams: dict[asyncio.Queue[bytes | None], Any] = {}  # each open page's queue -> its transport
        self._busy = False
        self._again = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unfollow: Callable[[], None] | None = None
        self._task: asyncio.Future[Any] | None = None

    def start(self) -> None:
        """Follow the journal's appends (on the server's loop; a journal that cannot be followed:
        the pages get the rows once, when they open)."""
        self._loop = asyncio.get_running_loop()
        follow = getattr(self.venue.journal, "follow", None)
        if follow is not None:
            self._unfollow = follow(self._moved)

    def stop(self) -> None:
        """Stop following, and end every open stream (so the server's shutdown does not wait; a
        page that stopped reading has its connection closed)."""
        if self._unfollow is not None:
            self._unfollow()
            self._unfollow = None
        for queue, transport in list(self._streams.items()):
            self._offer(queue, None)
            if transport is not None and queue.qsize() > 1:  # still holding rows: not reading
                transport.close()

    def _moved(self, _game: str, _seq: int) -> None:
        """On the journal's follower thread: some table's entry landed."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (stopping)
                loop.call_soon_threadsafe(self._dirty)

    def _dirty(self) -> None:
        if not self._streams:
            return  # nobody is looking: nothing read
        if self._busy:
            self._again = True
            return
        self._busy = True
        self._task = asyncio.ensure_future(self._push())

    async def _push(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                self._again = False
                rows = await loop.run_in_executor(None, self.venue.as_json)
                message = event(rows)
                for queue in list(self._streams):
                    self._offer(queue, message)
                self.pushed += 1
                if not self._again:
                    return
        except Exception:  # Redis away: the next notice tries again; the pages keep their rows
            log.exception("venue: the rows could not be read")
        finally:
            self._busy = False

    @staticmethod
    def _offer(queue: asyncio.Queue[bytes | None], message: bytes | None) -> None:
        """Put ``message`` in; a full queue (a page not reading) drops its oldest first."""
        if queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                queue.get_nowait()
        queue.put_nowait(message)

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """``/venue.events``: the rows now, then again whenever a table's entry lands."""
        if len(self._streams) >= MAX_STREAMS:
            return web.Response(status=503, text="Too many venue pages open; close one and retry.")
        response = web.StreamResponse(headers={**self.headers, "Content-Type": "text/event-stream"})
        await response.prepare(request)
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(2)
        self._streams[queue] = request.transport
        try:
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            rows = await asyncio.get_running_loop().run_in_executor(None, self.venue.as_json)
            await response.write(event(rows))
            while (message := await queue.get()) is not None:
                await response.write(message)
        except ConnectionError:  # the page went
            pass
        finally:
            self._streams.pop(queue, None)
        return response
