"""A running table with its web server on loopback, and a page's socket, for the web tests."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp

from companion import demo
from companion.appliance import Appliance
from companion.config import WebSettings
from companion.engine import State
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import TableThread
from companion.web.server import WebServer

WAIT = 10.0  # seconds any wait in these tests gives up after


def state_of(house: Appliance) -> State:
    """The Cthulhu Wars state in play (these tests play one)."""
    state = house.session.state
    assert isinstance(state, State)
    return state


@contextlib.contextmanager
def served(
    moves: int = 40,
    players: int = 4,
    seed: int = 3,
    until: Callable[[Any], bool] = lambda state: True,
    screen: Any = None,
) -> Iterator[tuple[Appliance, WebServer]]:
    """A demo game ``moves`` commands in (and on until ``until(state)``, 600 at most), its table on
    its own thread, served on 127.0.0.1 (a port the kernel picks); ``screen``: a
    :class:`companion.client.Screen` connected as the touchscreen is (its client runs the table)."""
    journal = SqliteJournal(":memory:")
    setup = demo.demo_setup(seed, None, players)
    session = GameSession.start(journal, "web-test", setup.command())
    assert isinstance(session, GameSession)
    rnd = random.Random(seed)
    for move in range(600):
        if move >= moves and until(session.state):
            break
        session.submit(demo.choose(session.state, rnd))
    assert until(session.state), "the demo game never reached the state the test needs"
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None, house.table.notices
        if screen is None:
            worker = TableThread(house.table).start()
            stack.callback(worker.stop)
        else:  # the touchscreen's client, threaded as on the table: it runs the table's thread
            client = house.client(threaded=True)
            client.connect(screen)
            stack.callback(client.close)
        yield house, server
    journal.close()


def on_table(house: Appliance, call: Callable[[], Any]) -> Any:
    """Run ``call`` on the table's thread and return what it returned."""
    done = threading.Event()
    box: list[Any] = []

    def called() -> None:
        box.append(call())
        done.set()

    house.table.post_call(called)
    assert done.wait(WAIT)
    return box[0]


class Page:
    """A page's socket: says hello, gathers what the server sends."""

    def __init__(self, server: WebServer, http: aiohttp.ClientSession, secret: str = "", origin: str | None = None) -> None:
        self.url = f"http://127.0.0.1:{server.port}"
        self.http = http
        self.secret = secret
        self.origin = origin if origin is not None else self.url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.messages: list[dict[str, Any]] = []
        self.game = ""
        self.seq = 0
        self.closed_with: int | None = None

    async def open(self, *, since: int | None = None) -> Page:
        self.ws = await self.http.ws_connect(self.url + "/ws", headers={"Origin": self.origin}, max_msg_size=0)
        since = self.seq if since is None else since
        await self.ws.send_json({"type": "hello", "secret": self.secret, "game": self.game, "since": since})
        return self

    async def next(self, kind: str, where: Callable[[dict[str, Any]], bool] = lambda m: True) -> dict[str, Any]:
        """The next message of ``kind`` (others are kept in :attr:`messages`)."""
        assert self.ws is not None
        while True:
            message = await asyncio.wait_for(self.ws.receive(), WAIT)
            if message.type is not aiohttp.WSMsgType.TEXT:
                if message.type is aiohttp.WSMsgType.CLOSE:  # the code the server closed with
                    self.closed_with = message.data  # (the socket's own close_code may say 1006 after)
                raise ConnectionError(f"closed: {message.type} {message.data!r} {message.extra!r}")
            data: dict[str, Any] = json.loads(message.data)
            self.messages.append(data)
            if data.get("type") == "state":
                self.game, self.seq = data["game"], data["seq"]
            if data.get("type") == kind and where(data):
                return data

    async def act(self, at: int, key: str, **body: Any) -> dict[str, Any]:
        assert self.ws is not None
        await self.ws.send_json({"type": "act", "at": at, "key": key, **body})
        return await self.next("result", lambda m: m.get("key") == key)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def secret_of(server: WebServer, seat: str) -> str:
    return server.keys.secret(seat)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


class Touchscreen:
    """A :class:`companion.client.Screen` that keeps what the touchscreen is handed."""

    def __init__(self) -> None:
        self.shown: list[Any] = []  # each journaled state, in order
        self.arrived = threading.Condition()

    def entered(self, state: Any, lines: list[str]) -> None:
        with self.arrived:
            self.shown.append(state)
            self.arrived.notify_all()

    def decided(self, state: Any, lines: list[str]) -> None:
        pass

    def withdrawn(self) -> None:
        pass

    def attached(self, state: Any, lines: list[str], games: list[Any], *, home: bool) -> None:
        pass

    def listed(self, games: list[Any]) -> None:
        pass

    def noticed(self) -> None:
        pass

    def wake(self) -> None:
        pass

    def wait_for(self, found: Callable[[Any], bool]) -> Any:
        """The first state handed over for which ``found`` holds (within :data:`WAIT` s)."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: any(found(s) for s in self.shown), WAIT), "the screen was not handed it"
            return next(s for s in self.shown if found(s))


INVESTIGATORS = ("Amanda Sharpe", "Bob Jenkins", "Carl Sanford")


@contextlib.contextmanager
def served_arkham(seed: int = 9) -> Iterator[tuple[Appliance, WebServer]]:
    """An Arkham Horror game three Mythos Phases in or more, whose next Mythos card leaves a Clue choice to two of its three
    investigators (Amanda Sharpe and Bob Jenkins stand where the Clue appears; Carl Sanford does
    not), its table on its own thread, served on 127.0.0.1."""
    from companion.engine.arkham import model as am
    from companion.engine.arkham.decisions import ClueChoice, next_decision
    from companion.engine.arkham.game import apply
    from companion.session import ArkhamSession

    journal = SqliteJournal(":memory:")
    seats = tuple(
        am.Seated(name, place, sneak) for name, place, sneak in zip(INVESTIGATORS, ("Train Station",) * 3, (1, 2, 3), strict=True)
    )
    session = ArkhamSession.start(journal, "arkham-web", am.NewArkhamGame("Yig", seats, seed=seed))
    assert isinstance(session, ArkhamSession)
    for phase in range(30):  # three Mythos Phases (gates, monsters), then on until the next leaves the choice
        preview = apply(session.state, am.Mythos())
        clue = next((e for e in getattr(preview, "events", ()) if isinstance(e, am.ClueAppeared) and e.location), None)
        if clue is not None and phase >= 3:
            moved = [am.MoveInvestigator(name, clue.location) for name in INVESTIGATORS[:2]]
            if isinstance(next_decision(functools.reduce(_applied, moved, session.state), am.Mythos()), ClueChoice):
                for move in moved:
                    session.submit(move)
                break
        session.submit(am.Mythos())
    else:
        raise AssertionError("no Mythos card of this seed leaves a Clue choice first")
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None, house.table.notices
        worker = TableThread(house.table).start()
        stack.callback(worker.stop)
        yield house, server
    journal.close()


def _applied(state: Any, command: Any) -> Any:
    from companion.engine import Accepted
    from companion.engine.arkham.game import apply

    result = apply(state, command)
    assert isinstance(result, Accepted), result
    return result.state
