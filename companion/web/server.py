"""The phones' and the TV's server: aiohttp on its own thread, with its own event loop.

A peer output of the session: :meth:`WebServer.hear` is a session listener (on the table's
thread); it hands each journaled entry (its number, its words, the state it led to) to the
server's loop, which pushes it over every open WebSocket: nothing is shown before it is
journaled.  An input source: a seat's command is put on the table's queue
(:meth:`companion.table.Table.post_call`) and decided on the table's thread like a tap, with the
input id ``web:<seat>:<key>`` (the journal applies an input once).

The security model (docs/web.md): the page and its assets come from a fixed table (nothing
else is served); the socket checks Origin and Host; a seat's secret is needed to act, and shows
only that seat's private view; frames, requests, rates, connections and the time to send a
request are bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from companion.config import WebSettings
from companion.engine import Command, DecodeError, Event, parse_command
from companion.engine.cthulhu import commands as c
from companion.listening.talk import LISTENING
from companion.narrate import describe, names_of
from companion.store import Entry
from companion.web import protocol, views
from companion.web.guard import Bucket, Guard
from companion.web.seats import SeatKeys
from companion.web.story import Story
from companion.web.venue_feed import VenueFeed

log = logging.getLogger(__name__)

HELLO_WITHIN = 5.0  # seconds a socket has to say hello
REQUEST_WITHIN = 10.0  # seconds a connection has to send a whole request (a slow client is closed)
MAX_SOCKETS = 64  # open WebSockets at most
OUTBOX = 256  # messages waiting for a slow reader before it is dropped (it reconnects and resumes)
KEPT_ENTRIES = 256  # entries' words kept for a reconnect to resume from
DONE_KEYS = 4096  # idempotency keys remembered
START_WITHIN = 10.0  # seconds to bind the addresses
TALK_GAP = 0.5  # seconds between two presses of one seat's talk control at least (a flood is refused)
TALK_HOLD = 15.0  # seconds a page holds the table's talk key at most: then it is let go by itself
TALK_SETTLE = 1.0  # seconds a hold is trusted before the cycle's status is (the cycle takes a press on its own thread)

CLOSE_REVOKED = "close: revoked"  # put in an outbox: the writer closes that page (code 4001)

PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
# The whole of what is served besides the socket: the path, the asset and its type.
ASSETS = {
    "/": ("page.html", "text/html"),
    "/seat": ("page.html", "text/html"),
    "/tv": ("page.html", "text/html"),
    "/app.js": ("app.js", "text/javascript"),
    "/app.css": ("app.css", "text/css"),
}

VENUE_ASSETS = {"/venue": ("venue.html", "text/html"), "/venue.js": ("venue.js", "text/javascript")}


@dataclass(frozen=True)
class Snapshot:
    """A journaled entry as the pages get it: the game, the entry's number, its words, the state."""

    game: str
    seq: int
    lines: tuple[str, ...]
    state: Any
    reset: bool = False  # another game, or a jump: the pages start over
    entry: Entry | None = None  # the journaled entry (the story hears it)
    story: Story | None = None  # on a reset: the new game's story, read back from its journal


@dataclass(eq=False)
class Socket:
    """One open page: its seat ("" for the TV), its outbox and its rate bucket."""

    ws: web.WebSocketResponse
    seat: str
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    bucket: Bucket = field(default_factory=Bucket)
    closing: bool = False


def lan_addresses() -> list[str]:
    """This machine's private IPv4 address on the LAN (if any) and loopback.  Found by asking the
    kernel which address a datagram to a private address would leave from: nothing is sent."""
    import ipaddress
    import socket

    found = ["127.0.0.1"]
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 9))
        address = probe.getsockname()[0]
        if ipaddress.ip_address(address).is_private and address not in found:
            found.insert(0, address)
    return found


class WebServer:
    """The server of one table (``table``: a :class:`companion.table.Table`)."""

    def __init__(
        self, table: Any, settings: WebSettings, keys: SeatKeys | None = None, recent: list[str] | None = None, venue: Any = None
    ) -> None:
        self.table = table
        self.venue = venue  # companion.web.venue.Venue on a shared journal: /venue, /venue.json, /venue.csv
        self.venue_feed = VenueFeed(venue, PAGE_HEADERS) if venue is not None else None  # /venue.events
        self.settings = settings
        self.keys = keys or SeatKeys()
        self.addresses = [a for name in settings.listen for a in (lan_addresses() if name == "lan" else [name])]
        self.port = settings.port
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sockets: set[Socket] = set()
        self.refused: dict[str, int] = {}  # what was refused, by reason (the tests and the bench read it)
        self.applied = 0  # phone commands journaled
        self.accepting = True  # False: paused (Settings), no page served a socket
        session = table.session
        self._latest = Snapshot(session.name, session.seq, (), session.state, reset=True)
        self._kept: deque[tuple[int, tuple[str, ...]]] = deque(maxlen=KEPT_ENTRIES)
        self.story = Story().replay(session.readable(), session.state_at)  # on the server's loop once started
        self.story.record(session.state)
        if recent:  # the game's recent words, as the entry in play's (a page opened now reads them)
            self._kept.append((session.seq, tuple(recent)))
        self._done: OrderedDict[tuple[str, str], str] = OrderedDict()  # on the table's thread
        self.guard = Guard({*self.addresses, "localhost", "companion.local", *settings.names}, self._count)
        self._tasks: set[asyncio.Future[Any]] = set()
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._stop: asyncio.Event | None = None
        self._problem: BaseException | None = None
        self.client: Any = None  # the table's client (companion.client.TableClient): its talk key
        self.listens: Callable[[], bool] = lambda: False  # whether the table listens (a microphone)
        self.talk_held: Socket | None = None  # the page holding the table's talk key (one at a time)
        self._talk_pressed: dict[str, float] = {}  # each seat's last press forwarded (monotonic s)
        self.talk_limit = TALK_HOLD  # seconds a hold lasts at most (the tests shorten it)
        self.talk_settle = TALK_SETTLE  # seconds before a hold's cycle status is trusted (the tests shorten it)
        self._talk_since = 0.0  # when the hold in play began (the loop's clock, s)
        self._talk_timer: asyncio.TimerHandle | None = None  # lets the hold in play go at its limit
        self.mdns: Any = None  # the mDNS announcement (companion/web/mdns.py), once made
        self.mdns_loopback = False  # announce loopback too (the tests: no LAN there)

    # -- on the table's thread -------------------------------------------------------------------

    def hear(self, events: tuple[Event, ...], state: Any, entry: Entry) -> None:
        """A session listener: hand the journaled entry to the pages (on the server's loop)."""
        names = names_of(state)
        lines = tuple(line for line in (describe(event, names) for event in events) if line)
        self._hand(Snapshot(self.table.session.name, entry.seq, lines, state, entry=entry))

    def switched(self, session: Any) -> None:
        """Another game is on the table: every page starts over on it."""
        story = Story().replay(session.readable(), session.state_at)  # read here, on the table's thread
        self._hand(Snapshot(session.name, session.seq, (), session.state, reset=True, story=story))

    def _hand(self, snapshot: Snapshot) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (stopping)
                loop.call_soon_threadsafe(self._publish, snapshot)

    def _decide(self, seat: str, act: protocol.Act, command: Command, answer: Callable[[bool, str], None]) -> None:
        """On the table's thread: apply a seat's command if it was decided on the state in play
        and is one of that seat's legal commands; a key already applied is not applied again."""
        done = self._done.get((seat, act.key))
        if done is not None:
            answer(True, done)
            return
        session = self.table.session
        if act.at != session.seq:
            answer(False, self._moved_on(session.seq))
            return
        state = session.state
        if act.roll is not None:
            if views.accepts_roll(state, seat) != len(act.roll):
                answer(False, f"No roll of {len(act.roll)} dice is asked of you now.")
                return
        elif not views.is_seat_command(state, seat, command):
            answer(False, "That is not one of your choices now; choose again on the page as it is now.")
            return
        said = len(self.table.notices)
        self.table.decide(command, f"web:{seat}:{act.key}")
        if self.table.session.seq > act.at:
            text = f"Recorded as entry {self.table.session.seq}."
            self._done[(seat, act.key)] = text
            while len(self._done) > DONE_KEYS:
                self._done.popitem(last=False)
            self.applied += 1
            answer(True, text)
        else:
            notices = self.table.notices[said:]
            answer(False, notices[-1].text if notices else "The table did not record it.")

    def _moved_on(self, seq: int) -> str:
        latest = self._latest
        what = "; ".join(latest.lines[-2:]) if latest.seq == seq and latest.lines else f"entry {seq} was recorded"
        return f"The table moved on: {what}. Nothing was applied; choose again on the page as it is now."

    # -- the links --------------------------------------------------------------------------------

    def base_url(self) -> str:
        host = self.addresses[0] if self.addresses else "127.0.0.1"
        return f"http://{host}:{self.port}"

    def links(self) -> list[tuple[str, str, str]]:
        """(seat, label, url) for every seat of the game in play, then ("", "Spectators", url)."""
        base = self.base_url()
        state = self.table.session.state
        seats = [(seat, label, f"{base}/seat#{self.keys.secret(seat)}") for seat, label in views.seats_of(state)]
        return [*seats, (views.SPECTATOR, "Spectators (TV)", f"{base}/tv")]

    def reissue(self, seat: str) -> str:
        """Revoke ``seat``'s link (its open pages are closed) and return the new one."""
        self.keys.reissue(seat)
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._close_seat, seat)
        return next(url for s, _label, url in self.links() if s == seat)

    def _close_seat(self, seat: str) -> None:
        for sock in [s for s in self.sockets if s.seat == seat]:
            self._send(sock, {"type": "error", "text": "This seat's link was re-issued; ask the table for the new one."})
            self._send(sock, CLOSE_REVOKED)  # the writer closes it, after the words

    # -- on and off while the table plays (the Settings switch) ----------------------------------------

    def pause(self) -> None:
        """Close every page and take no new one (503) until :meth:`resume`; the pages say they
        are offline and keep trying.  From any thread."""
        self.accepting = False
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._close_all)

    def resume(self) -> None:
        """Take pages again; each resumes from the last entry it saw."""
        self.accepting = True

    def _close_all(self) -> None:
        for sock in list(self.sockets):
            self.sockets.discard(sock)
            self._later(sock.ws.close(code=1012, message=b"paused"))

    # -- start and stop -----------------------------------------------------------------------------

    def start(self) -> WebServer:
        """Serve on its own thread; returns once every address is bound.

        :raises OSError: an address could not be bound (in use, not this machine's)."""
        self._thread = threading.Thread(target=self._run, name="web", daemon=True)
        self._thread.start()
        if not self._started.wait(START_WITHIN):
            raise OSError("the web server did not start within 10 s")
        if self._problem is not None:
            raise OSError(f"the web server could not start: {self._problem}")
        return self

    def stop(self) -> None:
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(5.0)
        if self.mdns is not None:
            self.mdns.close()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # a bind refused: start() says so
            self._problem = exc
            self._started.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        app = web.Application(client_max_size=protocol.MAX_MESSAGE, middlewares=[self.guard.mark_served])
        app.router.add_get("/ws", self._socket)
        for path in ASSETS:
            app.router.add_get(path, self._asset)
        if self.venue is not None:
            for path in VENUE_ASSETS:
                app.router.add_get(path, self._asset)
            app.router.add_get("/venue.json", self._venue)
            app.router.add_get("/venue.csv", self._venue)
            app.router.add_get("/venue.events", self._venue_events)
        runner = web.AppRunner(
            app, access_log=None, max_line_size=2048, max_field_size=4096, max_headers=40, keepalive_timeout=30
        )
        await runner.setup()
        servers = []
        loop = asyncio.get_running_loop()
        announcing: asyncio.Future[None] | None = None
        try:
            for address in self.addresses:
                guarded = lambda: self.guard.connection(runner, REQUEST_WITHIN)  # REQUEST_WITHIN read at each (tests shorten it)
                server = await loop.create_server(guarded, address, self.port, backlog=64)
                servers.append(server)
                self.port = server.sockets[0].getsockname()[1]  # 0 (the tests): the one the kernel gave
            announcing = asyncio.ensure_future(self._announce())  # zeroconf probes ~1.7 s: not before serving
            if self.venue_feed is not None:
                self.venue_feed.start()
            self._started.set()
            await self._stop.wait()
        finally:
            if announcing is not None:  # finished before stop() withdraws the announcement
                with contextlib.suppress(Exception):
                    await announcing
            if self.venue_feed is not None:
                self.venue_feed.stop()
            for server in servers:
                server.close()
            for sock in list(self.sockets):
                await sock.ws.close(code=1001, message=b"server stopping")
            await runner.cleanup()

    async def _announce(self) -> None:
        """Announce the table by mDNS, on a worker thread: zeroconf's blocking calls refuse to run
        on an event loop (it would take this loop for its own and never register)."""
        if not self.settings.mdns:
            return
        from companion.web.mdns import announce

        loop = asyncio.get_running_loop()
        self.mdns = await loop.run_in_executor(
            None, functools.partial(announce, self.addresses, self.port, loopback=self.mdns_loopback)
        )

    def _later(self, coroutine: Any) -> None:
        """Run ``coroutine`` on the loop, holding it until done (a task nobody holds may vanish)."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _count(self, reason: str) -> None:
        self.refused[reason] = self.refused.get(reason, 0) + 1

    # -- the page --------------------------------------------------------------------------------

    async def _asset(self, request: web.Request) -> web.Response:
        if not self.guard.host_ok(request):
            self._count("host")
            return web.Response(status=421, text="Misdirected request: this table answers to its own address.")
        name, kind = {**ASSETS, **VENUE_ASSETS}[request.path]
        body = resources.files("companion.web").joinpath("static", name).read_bytes()
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=PAGE_HEADERS)

    async def _venue(self, request: web.Request) -> web.Response:
        """Every table of the shared journal, as JSON or CSV (read off the loop: it asks Redis)."""
        if not self.guard.host_ok(request):
            self._count("host")
            return web.Response(status=421, text="Misdirected request: this table answers to its own address.")
        loop = asyncio.get_running_loop()
        if request.path.endswith(".csv"):
            text = await loop.run_in_executor(None, self.venue.as_csv)
            headers = {**PAGE_HEADERS, "Content-Disposition": 'attachment; filename="venue.csv"'}
            return web.Response(text=text, content_type="text/csv", headers=headers)
        rows = await loop.run_in_executor(None, self.venue.as_json)
        return web.Response(text=json.dumps(rows), content_type="application/json", headers=PAGE_HEADERS)

    async def _venue_events(self, request: web.Request) -> web.StreamResponse:
        """Every table's rows, pushed when a table's entry lands (companion/web/venue_feed.py)."""
        if not self.guard.host_ok(request) or self.venue_feed is None:
            self._count("host")
            return web.Response(status=421, text="Misdirected request: this table answers to its own address.")
        return await self.venue_feed.stream(request)

    # -- the socket -------------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self.guard.origin_ok(request):
            self._count("origin")
            return web.Response(status=403, text="Forbidden: this socket answers only the table's own pages.")
        if not self.accepting:
            return web.Response(status=503, text="The table's phones are switched off for now.")
        if len(self.sockets) >= MAX_SOCKETS:
            self._count("too many sockets")
            return web.Response(status=503, text="Too many pages open on this table; close one and retry.")
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_MESSAGE, heartbeat=20.0, compress=False)
        await ws.prepare(request)
        hello = await self._hello(ws)
        if hello is None:
            await ws.close(code=4000, message=b"no hello")
            return ws
        seat = views.SPECTATOR
        if hello.secret:
            found = self.keys.seat_of(hello.secret)
            if found is None:
                self._count("secret")
                await ws.send_json({"type": "error", "text": "This seat link is not valid (wrong or re-issued): ask the table."})
                await ws.close(code=4001, message=b"bad secret")
                return ws
            seat = found
        sock = Socket(ws, seat)
        self.sockets.add(sock)
        writer = asyncio.ensure_future(self._write(sock))
        try:
            self._welcome(sock, hello)
            await self._read(sock)
        finally:
            self.sockets.discard(sock)
            self._let_go(sock)  # a page gone while its talk was held: the microphone stops
            if sock.closing:  # the writer is closing it (revoked): cut short, the page would see 1006
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(writer), HELLO_WITHIN)
            writer.cancel()
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> protocol.Hello | None:
        try:
            message = await ws.receive(timeout=HELLO_WITHIN)
        except TimeoutError:
            self._count("no hello")
            return None
        if message.type is not WSMsgType.TEXT:
            self._count("malformed")
            return None
        try:
            hello = protocol.parse(message.data)
        except protocol.Malformed as exc:
            self._count("malformed")
            await ws.send_json({"type": "error", "text": f"Refused: {exc}"})
            return None
        return hello if isinstance(hello, protocol.Hello) else None

    async def _read(self, sock: Socket) -> None:
        async for message in sock.ws:
            if message.type is not WSMsgType.TEXT:
                self._count("malformed")
                break
            if not sock.bucket.allowed():
                self._count("rate")
                await sock.ws.close(code=1008, message=b"too many messages")
                break
            try:
                act = protocol.parse(message.data)
            except protocol.Malformed as exc:
                self._count("malformed")
                self._send(sock, {"type": "result", "ok": False, "text": f"Refused: {exc}"})
                continue
            if isinstance(act, protocol.Act):
                self._act(sock, act)
            elif isinstance(act, protocol.Talk):
                self._talk(sock, act.pressed)
        if sock.ws.close_code == 1009:
            self._count("too large")

    async def _write(self, sock: Socket) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, asyncio.CancelledError):
            while True:
                text = await sock.outbox.get()
                if text is CLOSE_REVOKED:
                    self.sockets.discard(sock)
                    sock.closing = True  # the handler waits for the close to finish
                    await sock.ws.close(code=4001, message=b"revoked")
                    return
                await sock.ws.send_str(text)

    def _send(self, sock: Socket, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            sock.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a page that stopped reading: dropped; it reconnects and resumes
            self._count("slow reader")
            self.sockets.discard(sock)
            self._later(sock.ws.close(code=1013, message=b"too slow"))

    def _act(self, sock: Socket, act: protocol.Act) -> None:
        """A page's command: refused here unless a seat's (the TV cannot act), decoded, then put on
        the table's queue to be decided there."""
        if sock.seat == views.SPECTATOR:
            self._count("spectator act")
            self._send(sock, {"type": "result", "key": act.key, "ok": False, "text": "The TV page only shows the table."})
            return
        if act.roll is not None:
            command: Command = c.Roll(act.roll, "screen")
        else:
            try:
                command = parse_command(act.command)
            except (DecodeError, TypeError, ValueError) as exc:
                self._count("malformed")
                self._send(sock, {"type": "result", "key": act.key, "ok": False, "text": f"Refused: {exc}"})
                return
        loop = asyncio.get_running_loop()

        def answer(ok: bool, text: str) -> None:  # on the table's thread
            reply = {"type": "result", "key": act.key, "ok": ok, "text": text}
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._send, sock, reply)

        self.table.post_call(lambda: self._decide(sock.seat, act, command, answer))

    def _talk(self, sock: Socket, pressed: bool) -> None:
        """A seat's talk control: the table's microphone (``client.talk``), one page at a time, a
        press per seat every :data:`TALK_GAP` s at most; a release only after that page's press.
        A hold lasts :attr:`talk_limit` s at most; one the table stopped hearing (the touchscreen's
        control let go) is forgotten at the next press or release of any page."""
        if sock.seat == views.SPECTATOR or not self.listens() or self.client is None:
            self._count("talk refused")
            self._send(sock, {"type": "talk", "ok": False, "text": "This page cannot talk to the table."})
            return
        self._forget_stale_hold()
        if not pressed:
            self._let_go(sock)
            return
        now = time.monotonic()
        if self.talk_held is not None or now - self._talk_pressed.get(sock.seat, -TALK_GAP) < TALK_GAP:
            self._count("talk rate")
            self._send(sock, {"type": "talk", "ok": False, "released": True, "text": "Wait: the table is listening to someone."})
            return
        self._talk_pressed[sock.seat] = now
        self.talk_held = sock
        loop = asyncio.get_running_loop()
        self._talk_since = loop.time()
        self._talk_timer = loop.call_later(self.talk_limit, self._held_too_long, sock)
        self.client.talk(True, f"seat:{sock.seat}")
        self._send(sock, {"type": "talk", "ok": True, "text": "Listening: speak, then let go."})

    def _let_go(self, sock: Socket) -> None:
        """``sock``'s hold ends: the table's talk key is let go (nothing if it holds none)."""
        if self.talk_held is sock:
            self._end_hold()
            self.client.talk(False, f"seat:{sock.seat}")

    def _end_hold(self) -> None:
        self.talk_held = None
        if self._talk_timer is not None:
            self._talk_timer.cancel()
            self._talk_timer = None

    def _held_too_long(self, sock: Socket) -> None:
        """On the server's loop, :attr:`talk_limit` s after ``sock``'s press: let go as a release
        would (a page stuck holding would keep every other seat from talking); a hold the table
        stopped hearing is only forgotten."""
        self._forget_stale_hold()
        if self.talk_held is not sock:
            return
        self._count("talk too long")
        self._let_go(sock)
        limit = f"{self.talk_limit:g}"
        text = f"Let go: a hold lasts {limit} s at most. Press again to talk."
        self._send(sock, {"type": "talk", "ok": False, "released": True, "text": text})  # the page shows it let go

    def _forget_stale_hold(self) -> None:
        """A hold older than :attr:`talk_settle` s while the table's talk cycle no longer listens
        (the touchscreen's control let go, ending the recording) holds nothing: forgotten, and
        not let go again (the cycle already was)."""
        if self.talk_held is None:
            return
        held_for = asyncio.get_running_loop().time() - self._talk_since
        if held_for >= self.talk_settle and self.client.talking().doing != LISTENING:
            self._count("talk stale")
            self._end_hold()

    # -- pushing the journal ------------------------------------------------------------------------

    def _view(self, snapshot: Snapshot, seat: str) -> dict[str, Any]:
        public = {**views.public_view(snapshot.state), "story": self.story.as_data()}
        return {"public": public, "private": self._private(snapshot.state, seat)}

    def _private(self, state: Any, seat: str) -> dict[str, Any]:
        """A seat's private view, with whether its page shows the talk control (the table listens)."""
        private = views.private_view(state, seat)
        if private:
            private["talk"] = self.client is not None and self.listens()
        return private

    def _welcome(self, sock: Socket, hello: protocol.Hello) -> None:
        """The page's first answer: who it is, then what it missed (from ``hello.since``), or the
        whole recent log when it cannot resume (another game, too far behind)."""
        latest = self._latest
        label = dict(views.seats_of(latest.state)).get(sock.seat, "Spectators")
        self._send(sock, {"type": "welcome", "seat": sock.seat, "name": label})
        oldest = self._kept[0][0] if self._kept else latest.seq + 1
        resumes = hello.game == latest.game and hello.since <= latest.seq and hello.since >= oldest - 1
        log_part = [{"seq": seq, "lines": list(lines)} for seq, lines in self._kept if not resumes or seq > hello.since]
        message = {"type": "state", "game": latest.game, "seq": latest.seq, "reset": not resumes, "log": log_part}
        self._send(sock, {**message, **self._view(latest, sock.seat)})

    def _publish(self, snapshot: Snapshot) -> None:
        """On the server's loop: every page hears the entry (seats their own private view)."""
        if snapshot.reset:
            self._kept.clear()
            self.story = snapshot.story or Story()
        if snapshot.entry is not None:
            self.story.hear(snapshot.entry)
        self.story.record(snapshot.state)
        self._latest = snapshot
        if snapshot.lines:
            self._kept.append((snapshot.seq, snapshot.lines))
        public = {**views.public_view(snapshot.state), "story": self.story.as_data()}
        head = {"type": "state", "game": snapshot.game, "seq": snapshot.seq, "reset": snapshot.reset}
        head["log"] = [{"seq": snapshot.seq, "lines": list(snapshot.lines)}] if snapshot.lines else []
        texts: dict[str, str] = {}
        for sock in list(self.sockets):
            text = texts.get(sock.seat)
            if text is None:
                private = self._private(snapshot.state, sock.seat)
                text = texts[sock.seat] = json.dumps({**head, "public": public, "private": private})
            self._send(sock, text)
