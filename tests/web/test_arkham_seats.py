"""Arkham Horror on the phones: a seat per investigator, the Mythos state, the monsters and gates,
and the choices the card gives that investigator, entered from its phone (issue 34).

An investigator's offers are compared with the engine's: every command concerning it that the
engine accepts now, found by brute force (every place and Sneak value tried, and the next card's
Clue given to it where that card leaves the players the choice).
"""

from __future__ import annotations

import random
from typing import Any

import aiohttp
import pytest

from companion.engine import Accepted, Command, parse_command
from companion.engine.arkham import model as am
from companion.engine.arkham.decisions import ClueChoice, next_decision
from companion.engine.arkham.game import PLACES, apply
from companion.session import ArkhamSession
from companion.store.sqlite import SqliteJournal
from companion.web import views
from tests.web import browser
from tests.web.serving import INVESTIGATORS, Page, on_table, run, secret_of, served_arkham

WAIT_MS = 10_000


def engine_accepts(state: am.ArkhamState, seat: str) -> set[Command]:
    """Every command concerning ``seat`` the engine accepts now (brute force)."""
    tried: list[Command] = [am.MoveInvestigator(seat, place) for place in (*PLACES, "Nowhere")]
    tried += [am.SetSneak(seat, sneak) for sneak in range(-1, am.MAX_SNEAK + 2)]
    decision = next_decision(state, am.Mythos()) if not state.table_draws else None
    if isinstance(decision, ClueChoice):  # the card's choice: one of those there takes the Clue
        tried.append(am.Mythos(clue_to=seat))
    here = next(i for i in state.investigators if i.name == seat)
    return {
        cmd
        for cmd in tried
        if isinstance(apply(state, cmd), Accepted)
        and getattr(cmd, "place", None) != here.place
        and getattr(cmd, "sneak", None) != here.sneak
    }


def offered(state: Any, seat: str) -> set[Command]:
    return {parse_command(offer["command"]) for offer in views.private_view(state, seat)["offers"]}


def test_every_investigators_offers_are_the_engines_over_a_seeded_game() -> None:
    seats = tuple(am.Seated(name, "Train Station", n + 1) for n, name in enumerate(INVESTIGATORS))
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", am.NewArkhamGame("Azathoth", seats, seed=5))
    assert isinstance(session, ArkhamSession)
    rnd = random.Random(5)
    checked = 0
    while checked < 12 and not session.state.awakened:
        state = session.state
        for name in INVESTIGATORS:
            assert offered(state, name) == engine_accepts(state, name), name
        checked += 1
        mover = rnd.choice(INVESTIGATORS)  # someone moves, then the Mythos Phase
        session.submit(am.MoveInvestigator(mover, rnd.choice(sorted(PLACES))))
        session.submit(am.Mythos())
    assert checked >= 6


def test_a_seat_per_investigator_shows_the_mythos_state_and_the_cards_choice() -> None:
    with served_arkham() as (house, server):
        state = house.session.state
        assert isinstance(state, am.ArkhamState)
        assert [seat for seat, _label, _url in server.links()] == [*INVESTIGATORS, views.SPECTATOR]
        public = views.public_view(state)
        assert public["doom"]["track"] == state.doom_track and public["terror"] == state.terror
        assert len(public["monsters"]) == len(state.monsters) and len(public["gates"]) == len(state.gates)
        assert public["gates"] and public["monsters"]  # phases were drawn: the board has both
        decision = next_decision(state, am.Mythos())
        assert isinstance(decision, ClueChoice) and set(decision.names) == set(INVESTIGATORS[:2])
        for name in INVESTIGATORS:
            assert offered(state, name) == engine_accepts(state, name)
        take = am.Mythos(clue_to=INVESTIGATORS[1])
        assert take in offered(state, INVESTIGATORS[1]) and am.Mythos(clue_to=INVESTIGATORS[2]) not in offered(
            state, INVESTIGATORS[2]
        )
        mine = views.private_view(state, INVESTIGATORS[1])
        assert any(decision.location in line for line in mine["sheet"])

        async def phones() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with aiohttp.ClientSession() as http:
                bob = await Page(server, http, secret_of(server, INVESTIGATORS[1])).open()
                carl = await Page(server, http, secret_of(server, INVESTIGATORS[2])).open()
                seen = await bob.next("state")
                await carl.next("state")
                assert (
                    seen["public"]["game"] == "arkham" and seen["private"]["offers"][0]["command"]["clue_to"] == INVESTIGATORS[1]
                )
                refused = await carl.act(seen["seq"], "carl-takes-bobs", command=seen["private"]["offers"][0]["command"])
                taken = await bob.act(seen["seq"], "bob-takes-clue", command=seen["private"]["offers"][0]["command"])
                later = [m for m in bob.messages if m.get("type") == "state" and m["seq"] > seen["seq"]]  # may come first
                after = later[0] if later else await bob.next("state", lambda m: m["seq"] > seen["seq"])
                await bob.close()
                await carl.close()
                return refused, taken, after

        refused, taken, after = run(phones())
        assert not refused["ok"] and taken["ok"], (refused, taken)
        clues = {i["name"]: i["clues"] for i in after["public"]["investigators"]}
        before = {i.name: i.clues for i in state.investigators}
        assert clues[INVESTIGATORS[1]] >= before[INVESTIGATORS[1]] + 1 and clues[INVESTIGATORS[0]] == before[INVESTIGATORS[0]]
        assert on_table(house, lambda: getattr(house.session.state, "mythos_phases", -1)) == state.mythos_phases + 1


@pytest.mark.skipif(not browser.available(), reason="chromium or playwright is not installed (make test installs them)")
def test_an_investigators_phone_in_a_real_browser() -> None:
    with served_arkham() as (house, server), browser.chromium() as chromium:
        state = house.session.state
        assert isinstance(state, am.ArkhamState)
        links = {seat: url for seat, _label, url in server.links()}
        phone = browser.page(chromium, links[INVESTIGATORS[0]], browser.PHONE)
        phone.wait_for_selector("#offers button", timeout=WAIT_MS)
        assert "Doom" in phone.locator("#turn").inner_text() and "Gates:" in phone.locator("#watcher").inner_text()
        assert state.monsters and phone.locator("#areas li").count() == len(state.monsters)
        phone.locator("#offers button", has_text="Take the Clue").click()
        # A locator's wait, not wait_for_function: the page's Content-Security-Policy forbids the
        # eval that a polled predicate needs (it failed whenever the first look came too early).
        phone.locator("#turn", has_text=f"Mythos Phases {state.mythos_phases + 1}").wait_for(timeout=WAIT_MS)
        after = house.session.state
        assert isinstance(after, am.ArkhamState)
        taker = next(i for i in after.investigators if i.name == INVESTIGATORS[0])
        assert taker.clues == next(i for i in state.investigators if i.name == INVESTIGATORS[0]).clues + 1
        phone.context.close()
