"""A seat's talk control: held on the phone, the TABLE's microphone listens (docs/web.md).

Real parts: a table on its own thread with its server on loopback, pocketsphinx listening through
the microphone's path (a FileSource fed espeak-ng's speech).  A seat's page holds its control,
says a command, lets go; the table reads it back; a second press on the phone says yes and the
command is journaled.  Hostile: the TV's page, no secret, a flood of presses; a page gone while
holding lets the microphone go; a hold past its limit is let go once, and one the touchscreen let
go is forgotten.  The control shows only where the table listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from bench.speech import available, said_in_a_room
from companion.appliance import Appliance
from companion.config import WebSettings
from companion.engine import tag_of
from companion.engine.cthulhu import commands as c
from companion.listening.microphone import FileSource
from companion.listening.phrases import phrasebook
from companion.session import GameSession
from companion.store import Entry
from companion.store.sqlite import SqliteJournal
from companion.table import TableThread
from companion.web import views
from companion.web.server import TALK_GAP, WebServer
from tests.helpers import new_game
from tests.web import browser
from tests.web.serving import Page, run, secret_of, served, state_of

TIMEOUT = 20.0  # s: a bound, never a pause


@dataclass
class Listening:
    house: Appliance
    server: WebServer
    source: FileSource
    said: queue.Queue[str]  # the table's notices (the read-back among them)
    entries: queue.Queue[Entry]
    presses: list[bool]  # what the server handed the client's talk key, in order


@pytest.fixture
def listening() -> Iterator[Listening]:
    """A real table that listens (pocketsphinx, a FileSource), its server on loopback."""
    if available():
        pytest.skip(available())
    journal = SqliteJournal(":memory:")
    session = GameSession.start(journal, "talk", new_game("earth-3p", seed=2))
    assert isinstance(session, GameSession)
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        said: queue.Queue[str] = queue.Queue()
        house.table.on_notice = lambda notice: said.put(notice.text)
        entries: queue.Queue[Entry] = queue.Queue()
        house.output(lambda events, state, entry: entries.put(entry))
        sources: list[FileSource] = []

        def open_source(sink: Any) -> FileSource:
            sources.append(FileSource(sink))
            return sources[0]

        assert house.add_listening(open_source) is not None, house.table.notices
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None, house.table.notices
        presses: list[bool] = []
        real_talk = server.client.talk

        def talk(pressed: bool, holder: str = "") -> None:  # the real client's key, its presses kept for the test
            presses.append(pressed)
            real_talk(pressed, holder)

        server.client.talk = talk
        worker = TableThread(house.table).start()
        stack.callback(worker.stop)
        yield Listening(house, server, sources[0], said, entries, presses)
    journal.close()


async def hold(page: Page, pressed: bool) -> dict[str, Any] | None:
    assert page.ws is not None
    await page.ws.send_json({"type": "talk", "pressed": pressed})
    return await page.next("talk") if pressed else None


async def holding(server: WebServer, http: aiohttp.ClientSession, seat: str) -> Page:
    """``seat``'s page opened, its state seen, its talk control held (the server said yes)."""
    page = await Page(server, http, secret_of(server, seat)).open()
    await page.next("state")
    answer = await hold(page, True)
    assert answer is not None and answer["ok"], answer
    return page


def test_a_phone_holds_the_tables_microphone_and_a_second_press_confirms(listening: Listening) -> None:
    house, server = listening.house, listening.server
    state = state_of(house)
    seat = state.prompt.actor
    book = phrasebook(state)
    phrase = next(p for p in book.values() if p.command is not None and not isinstance(p.command, (c.Correct, c.Redo)))
    seq = house.session.seq

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            page = await Page(server, http, secret_of(server, seat)).open()
            shown = await page.next("state")
            assert shown["private"]["talk"] is True  # the table listens: the control shows
            answer = await hold(page, True)
            assert answer is not None and answer["ok"], answer
            assert listening.source.listening.wait(TIMEOUT)  # the table's microphone is open
            listening.source.queue(said_in_a_room(phrase.text))
            await hold(page, False)
            assert listening.said.get(timeout=TIMEOUT) == f"Did you say: {phrase.text}?"
            await asyncio.sleep(TALK_GAP)  # a person's second press comes after the read-back; here, past the gap
            answer = await hold(page, True)  # the second press: yes
            assert answer is not None and answer["ok"], answer
            await hold(page, False)
            entry = listening.entries.get(timeout=TIMEOUT)
            assert entry.seq == seq + 1
            assert json.loads(entry.command)["type"] == tag_of(phrase.command)  # type: ignore[arg-type]
            await page.close()

    run(scenario())
    assert listening.presses == [True, False, True, False]


def test_the_tv_and_a_page_without_a_secret_cannot_talk(listening: Listening) -> None:
    server = listening.server

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            tv = await Page(server, http, "").open()  # no secret: the spectators' page
            shown = await tv.next("state")
            assert shown["private"] == {}  # no control either
            answer = await hold(tv, True)
            assert answer is not None and not answer["ok"]
            await hold(tv, False)
            await tv.close()

    run(scenario())
    assert listening.presses == []
    assert server.refused.get("talk refused") == 2  # the press and the release


def test_a_flood_of_presses_reaches_the_microphone_once_and_a_lost_page_lets_go(listening: Listening) -> None:
    server, house = listening.server, listening.house
    seat = state_of(house).prompt.actor

    async def scenario() -> int | None:
        async with aiohttp.ClientSession() as http:
            page = await Page(server, http, secret_of(server, seat)).open()
            await page.next("state")
            assert page.ws is not None
            for _ in range(40):  # a stuck or hostile page: press, press, press ...
                await page.ws.send_json({"type": "talk", "pressed": True})
            with contextlib.suppress(ConnectionError, TimeoutError):
                while True:
                    await page.next("never")
            for _ in range(int(TIMEOUT / 0.01)):  # the server's side of the close runs after the page's
                if server.talk_held is None:
                    break
                await asyncio.sleep(0.01)
            return page.closed_with

    closed = run(scenario())
    assert closed == 1008  # the socket's rate: closed
    assert listening.presses == [True, False]  # one press reached the key; the page gone, it let go
    assert server.talk_held is None
    assert server.refused.get("talk rate", 0) >= 8 and server.refused.get("rate") == 1
    assert listening.entries.empty()  # nothing journaled by the flood


async def until(found: Any, what: str) -> None:
    """Poll ``found()`` (state another thread changes) until true, :data:`TIMEOUT` s at most."""
    deadline = time.monotonic() + TIMEOUT
    while not found():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


def test_a_hold_past_its_limit_is_let_go_once_and_another_seat_may_then_hold(listening: Listening) -> None:
    server, house = listening.server, listening.house
    first, second = (seat for seat, _label in views.seats_of(state_of(house))[:2])
    server.talk_limit = 2.0  # s: the real one is 15
    server.talk_settle = TIMEOUT  # the limit alone (the cycle's status is another test's)

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            stuck = await Page(server, http, secret_of(server, first)).open()
            other = await Page(server, http, secret_of(server, second)).open()
            await stuck.next("state")
            await other.next("state")
            answer = await hold(stuck, True)  # pressed, and never let go
            assert answer is not None and answer["ok"], answer
            refused = await hold(other, True)  # meanwhile: one page at a time
            assert refused is not None and not refused["ok"] and refused["released"], refused  # the page shows it let go
            gone = await stuck.next("talk")  # the limit: the server let go by itself
            assert not gone["ok"] and gone["released"] and "at most" in gone["text"], gone
            assert listening.presses == [True, False]
            await hold(other, False)  # the refused page's release: nothing to let go
            await asyncio.sleep(TALK_GAP)  # the other seat's presses are rate-limited; past the gap
            answer = await hold(other, True)
            assert answer is not None and answer["ok"], answer  # the key is free again
            await hold(other, False)
            await until(lambda: listening.presses == [True, False, True, False], "the other seat let go")
            await hold(stuck, False)  # the stuck page's late release: already let go, not again
            answer = await hold(stuck, True)  # (answered after the release: one socket's messages keep order)
            assert answer is not None and answer["ok"], answer
            assert listening.presses == [True, False, True, False, True]
            await hold(stuck, False)
            await until(lambda: len(listening.presses) == 6, "the last release")
            await stuck.close()
            await other.close()

    run(scenario())
    assert listening.presses == [True, False, True, False, True, False]
    assert server.refused.get("talk too long") == 1 and server.refused.get("talk rate") == 1


def test_a_released_hold_is_not_let_go_again_by_its_limit(listening: Listening) -> None:
    server, house = listening.server, listening.house
    seat = state_of(house).prompt.actor
    server.talk_limit = 1.0  # s
    server.talk_settle = TIMEOUT  # the limit alone (the cycle's status is another test's)

    async def scenario() -> float:
        async with aiohttp.ClientSession() as http:
            page = await holding(server, http, seat)
            await hold(page, False)  # let go at once: its limit's timer must not fire
            await asyncio.sleep(TALK_GAP)  # past the seat's rate gap, well inside the first hold's limit
            pressed = time.monotonic()
            answer = await hold(page, True)  # a second hold, never let go
            assert answer is not None and answer["ok"], answer
            gone = await page.next("talk")
            held = time.monotonic() - pressed
            assert not gone["ok"], gone
            await page.close()
            return held

    held = run(scenario())
    assert held >= server.talk_limit  # the second hold's own limit, not the first hold's timer
    assert listening.presses == [True, False, True, False]  # each hold let go once
    assert server.refused.get("talk too long") == 1


def test_the_touchscreens_control_does_not_cut_a_phones_hold(listening: Listening) -> None:
    """A phone holds; someone taps the touchscreen's talk control meanwhile: the hold stays the
    phone's (its sentence is heard whole), the screen's let-go ends nothing."""
    server, house = listening.server, listening.house
    seat = views.seats_of(state_of(house))[0][0]
    screen = house.client(threaded=False)  # the touchscreen's talk control
    phrase = next(p for p in phrasebook(state_of(house)).values() if p.command is not None)

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            phone = await holding(server, http, seat)
            assert listening.source.listening.wait(TIMEOUT)  # the table's microphone is open
            screen.talk(True, "screen")  # a tap on the screen's control while the phone holds
            screen.talk(False, "screen")
            listening.source.queue(said_in_a_room(phrase.text))  # heard only if the hold goes on
            await hold(phone, False)
            assert listening.said.get(timeout=TIMEOUT) == f"Did you say: {phrase.text}?"
            await phone.close()

    run(scenario())


def test_a_hold_the_table_let_go_is_forgotten_at_the_next_press(listening: Listening) -> None:
    server, house = listening.server, listening.house
    first, second = (seat for seat, _label in views.seats_of(state_of(house))[:2])
    server.talk_settle = 0.0  # the test waits for the cycle's status itself
    screen = house.client(threaded=False)

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            phone = await Page(server, http, secret_of(server, first)).open()
            other = await Page(server, http, secret_of(server, second)).open()
            await phone.next("state")
            await other.next("state")
            answer = await hold(phone, True)
            assert answer is not None and answer["ok"], answer
            await until(lambda: screen.talking().doing == "listening", "the table listens")
            screen.talk(False, f"seat:{first}")  # the table's cycle lets the phone's hold go (as a restarted cycle would)
            await until(lambda: screen.talking().doing != "listening", "the recording ended")
            assert server.talk_held is not None  # the server still thinks the phone holds it
            answer = await hold(other, True)  # the next press: the phone's hold is stale, forgotten
            assert answer is not None and answer["ok"], answer
            await until(lambda: screen.talking().doing == "listening", "the other seat is heard")
            await hold(other, False)
            await until(lambda: len(listening.presses) == 3, "the other seat let go")
            await hold(phone, False)  # the phone's late release: its hold was forgotten, not let go
            await asyncio.sleep(TALK_GAP)
            answer = await hold(phone, True)  # answered after the release (one socket's messages keep order)
            assert answer is not None and answer["ok"], answer
            assert listening.presses == [True, True, False, True]
            await phone.close()
            await other.close()
            await until(lambda: server.talk_held is None, "the closed page let go")

    run(scenario())
    assert listening.presses == [True, True, False, True, False]
    assert server.refused.get("talk stale") == 1


def test_the_control_is_not_shown_where_the_table_does_not_listen() -> None:
    with served(moves=4, players=3) as (house, server):
        seat = state_of(house).prompt.actor

        async def scenario() -> tuple[dict[str, Any], dict[str, Any] | None]:
            async with aiohttp.ClientSession() as http:
                page = await Page(server, http, secret_of(server, seat)).open()
                shown = await page.next("state")
                answer = await hold(page, True)
                await page.close()
                return shown, answer

        shown, answer = run(scenario())
    assert shown["private"]["talk"] is False
    assert answer is not None and not answer["ok"]


@pytest.mark.skipif(not browser.available(), reason="chromium or playwright is not installed (make test installs them)")
def test_in_a_real_browser_holding_the_control_opens_the_tables_microphone(listening: Listening) -> None:
    server, house = listening.server, listening.house
    seat = state_of(house).prompt.actor
    links = {s: url for s, _label, url in server.links()}
    with browser.chromium() as chromium:
        phone = browser.page(chromium, links[seat], browser.PHONE)
        tv = browser.page(chromium, links[""], browser.TV)
        phone.wait_for_selector("#talk", state="visible", timeout=10_000)
        tv.wait_for_selector("#players tr:nth-child(2)", timeout=10_000)
        assert tv.locator("#talk").is_hidden()
        box = phone.locator("#talk").bounding_box()
        assert box is not None
        phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        phone.mouse.down()
        assert listening.source.listening.wait(TIMEOUT)  # held: the table's microphone is open
        phone.mouse.up()
        phone.locator("#talk:not(.held)").wait_for(timeout=10_000)  # a locator: the page's CSP forbids eval
        deadline = time.monotonic() + TIMEOUT
        while server.talk_held is not None and time.monotonic() < deadline:  # the release, on the server's loop
            time.sleep(0.01)
        assert server.talk_held is None
        for opened in (phone, tv):
            opened.context.close()
    assert listening.presses[:2] == [True, False]
