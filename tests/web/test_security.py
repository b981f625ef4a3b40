"""Hostile pages on loopback: the table keeps running, nothing is applied, nothing private leaks."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import aiohttp
import pytest

from companion.engine import State
from companion.web import server as web_server
from tests.web.serving import WAIT, Page, on_table, run, secret_of, served, state_of


def _other_seat(state: State, seat: str) -> str:
    return next(p.pid for p in state.players if p.pid != seat)


def test_a_wrong_a_revoked_and_another_seats_secret() -> None:
    with served(until=lambda state: any(p.elder_signs for p in state.players)) as (house, server):
        state = state_of(house)
        actor = state.prompt.actor
        holder = next(p for p in state.players if p.elder_signs)
        other = _other_seat(state, holder.pid)
        seq = house.session.seq

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                wrong = await Page(server, http, "A" * 32).open()
                with pytest.raises(ConnectionError):
                    await wrong.next("state")
                assert any(m["type"] == "error" for m in wrong.messages)
                # another seat's page: its own private view only, never the holder's signs
                page = await Page(server, http, secret_of(server, other)).open()
                shown = await page.next("state")
                assert shown["private"]["seat"] == other
                assert shown["private"]["elder_signs"] == list(state.player(other).elder_signs)
                assert all(isinstance(p["elder_signs"], int) for p in shown["public"]["players"])  # counts only
                # ...and it cannot act for the seat whose turn it is
                offers = await Page(server, http, secret_of(server, actor)).open()
                command = (await offers.next("state"))["private"]["offers"][0]["command"]
                await offers.close()
                if other != actor:
                    refused = await page.act(seq, "not-mine-0001", command=command)
                    assert not refused["ok"] and "not one of your choices" in refused["text"]
                # a re-issued link: the old secret is refused, its open page closed
                old = secret_of(server, other)
                server.reissue(other)
                with pytest.raises(ConnectionError):
                    await page.next("never")
                assert page.closed_with == 4001
                again = await Page(server, http, old).open()
                with pytest.raises(ConnectionError):
                    await again.next("state")
                fresh = await Page(server, http, secret_of(server, other)).open()
                assert (await fresh.next("welcome"))["seat"] == other
                await fresh.close()

        run(check())
        assert on_table(house, lambda: house.session.seq) == seq
        assert server.refused["secret"] == 2


def test_the_private_view_of_a_seat_holds_no_other_seats_signs() -> None:
    with served(until=lambda state: sum(bool(p.elder_signs) for p in state.players) >= 1) as (house, _server):
        state = state_of(house)
        from companion.web.views import private_view, public_view

        for player in state.players:
            mine = private_view(state, player.pid)
            assert mine["elder_signs"] == list(player.elder_signs)
            assert set(mine) == {"seat", "name", "elder_signs", "sheet", "offers", "dice"}
        assert all(isinstance(p["elder_signs"], int) for p in public_view(state)["players"])


def test_a_spectator_cannot_act_and_bad_messages_change_nothing() -> None:
    with served() as (house, server):
        state = state_of(house)
        seq = house.session.seq

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                actor_page = await Page(server, http, secret_of(server, state.prompt.actor)).open()
                command = (await actor_page.next("state"))["private"]["offers"][0]["command"]
                tv = await Page(server, http).open()
                await tv.next("state")
                refused = await tv.act(seq, "tv-acts-0001", command=command)
                assert not refused["ok"]
                assert actor_page.ws is not None
                for bad in (
                    "{",
                    "[]",
                    '{"type": "act"}',
                    '{"type": "act", "key": "short", "at": 1, "command": {}}',
                    '{"type": "act", "key": "good-key-01", "at": -1, "command": {}}',
                    '{"type": "act", "key": "good-key-02", "at": 1, "command": {"type": "no_such"}}',
                    '{"type": "act", "key": "good-key-03", "at": 1, "roll": [7]}',
                    '{"type": "bye"}',
                ):
                    await actor_page.ws.send_str(bad)
                    answer = await actor_page.next("result")
                    assert not answer["ok"] and answer["text"].startswith("Refused"), bad
                    await asyncio.sleep(0.25)  # under the rate limit
                # an oversized frame closes the socket (1009), nothing applied
                await actor_page.ws.send_str(json.dumps({"type": "act", "key": "big-key-0001", "at": seq, "pad": "x" * 9000}))
                with pytest.raises(ConnectionError):
                    await actor_page.next("never")
                assert actor_page.closed_with == 1009
                await tv.close()

        run(check())
        assert on_table(house, lambda: house.session.seq) == seq
        assert server.applied == 0


def test_a_flood_of_messages_is_cut_off() -> None:
    with served() as (house, server):
        seq = house.session.seq

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                page = await Page(server, http, secret_of(server, state_of(house).prompt.actor)).open()
                await page.next("state")
                assert page.ws is not None
                for n in range(40):
                    await page.ws.send_str(json.dumps({"type": "act", "key": f"flood-{n:04}", "at": 0, "command": {}}))
                with pytest.raises(ConnectionError):
                    while True:
                        await page.next("never")
                assert page.closed_with == 1008

        run(check())
        assert server.refused["rate"] == 1
        assert on_table(house, lambda: house.session.seq) == seq


def test_origin_and_host_are_checked() -> None:
    with served() as (_house, server):

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                url = f"http://127.0.0.1:{server.port}"
                for origin in ("http://evil.example", "null", f"http://127.0.0.1:{server.port + 1}"):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await http.ws_connect(url + "/ws", headers={"Origin": origin})
                    assert refused.value.status == 403
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await http.ws_connect(url + "/ws")  # no Origin at all (aiohttp sends none)
                # a DNS-rebinding page: its own name as Host and Origin
                rebound = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await http.ws_connect(url + "/ws", headers=rebound)
                async with http.get(url + "/tv", headers={"Host": "evil.example"}) as page:
                    assert page.status == 421

        run(check())
        assert server.refused["origin"] == 5 and server.refused["host"] == 1


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_nothing_is_served_outside_the_apps_assets() -> None:
    with served() as (_house, server):
        host = f"Host: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode()
        for path in (
            "/../companion/config.py",
            "/static/../server.py",
            "/%2e%2e/%2e%2e/etc/passwd",
            "/app.js/../../seats.py",
            "/server.py",
            "/static/app.js",
            "//etc/passwd",
            "/seat/../../pyproject.toml",
        ):
            answer = _raw(server.port, b"GET " + path.encode() + b" HTTP/1.1\r\n" + host)
            status = answer.split(b"\r\n", 1)[0]
            assert b" 404 " in status or b" 400 " in status, (path, status)
            assert b"import" not in answer and b"root:" not in answer, path
        page = _raw(server.port, b"GET /app.js HTTP/1.1\r\n" + host)
        assert b" 200 " in page.split(b"\r\n", 1)[0] and b"Content-Security-Policy" in page
        big = _raw(server.port, b"GET /tv HTTP/1.1\r\nX-Pad: " + b"y" * 9000 + b"\r\n" + host)
        assert b" 400 " in big.split(b"\r\n", 1)[0] or b" 431 " in big.split(b"\r\n", 1)[0]
        posted = _raw(server.port, b"POST /tv HTTP/1.1\r\nContent-Length: 5\r\n" + host[:-2] + b"\r\nhello")
        assert b" 405 " in posted.split(b"\r\n", 1)[0]


def test_a_slow_client_is_closed_and_the_table_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_server, "REQUEST_WITHIN", 0.5)
    with served() as (house, server):
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        slow.sendall(b"GET /tv HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        started = time.monotonic()
        assert slow.recv(1) == b""  # closed by the server...
        assert time.monotonic() - started < 5  # ...soon after REQUEST_WITHIN
        slow.close()
        state = state_of(house)

        async def still_plays() -> None:
            async with aiohttp.ClientSession() as http:
                page = await Page(server, http, secret_of(server, state.prompt.actor)).open()
                shown = await page.next("state")
                result = await page.act(shown["seq"], "after-slow-01", command=shown["private"]["offers"][0]["command"])
                assert result["ok"], result
                await page.close()

        run(still_plays())
        assert server.refused["slow request"] == 1


def test_a_thousand_reconnects_leave_nothing_open() -> None:
    with served() as (house, server):
        seq = house.session.seq

        async def churn() -> None:
            async with aiohttp.ClientSession() as http:
                for _n in range(1000):
                    page = await Page(server, http).open()
                    await page.next("state")
                    await page.close()
                deadline = time.monotonic() + WAIT
                while server.sockets and time.monotonic() < deadline:
                    await asyncio.sleep(0.01)
                assert not server.sockets

        started = time.monotonic()
        run(churn())
        print(f"1000 reconnects in {time.monotonic() - started:.1f} s")
        assert on_table(house, lambda: house.session.seq) == seq
        assert house.table.notices == [] or all("web" not in n.text for n in house.table.notices)
