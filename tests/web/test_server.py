"""The server as the pages see it: a seat's and the TV's views, a phone's command journaled like a
tap, a reconnect that resumes, the stale and the repeated command."""

from __future__ import annotations

import aiohttp

from companion.engine import State
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import PromptKind
from companion.web import views
from tests.web.serving import Page, on_table, run, secret_of, served, state_of


def test_a_seat_sees_the_table_and_only_its_own_elder_signs_and_the_tv_none() -> None:
    with served(until=lambda state: any(p.elder_signs for p in state.players)) as (house, server):
        state = state_of(house)
        holders = [p for p in state.players if p.elder_signs]
        assert holders, "the demo game should have handed out an Elder Sign by now"
        owner = holders[0]

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                for player in state.players:
                    page = await Page(server, http, secret_of(server, player.pid)).open()
                    welcome = await page.next("welcome")
                    shown = await page.next("state")
                    assert welcome["seat"] == player.pid
                    assert shown["private"]["elder_signs"] == list(player.elder_signs)
                    assert all("elder_signs" not in p or isinstance(p["elder_signs"], int) for p in shown["public"]["players"])
                    await page.close()
                tv = await Page(server, http).open()
                shown = await tv.next("state")
                assert shown["private"] == {}
                assert shown["public"]["story"]["rounds"] == list(range(1, state.round + 1))  # read back from the journal
                assert shown["public"]["players"][0]["name"]
                await tv.close()

        run(check())
        assert owner.elder_signs


def test_a_phones_command_is_journaled_and_pushed_to_every_page() -> None:
    with served() as (house, server):
        actor = state_of(house).prompt.actor

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                phone = await Page(server, http, secret_of(server, actor)).open()
                tv = await Page(server, http).open()
                shown = await phone.next("state")
                await tv.next("state")
                offer = shown["private"]["offers"][0]
                before = shown["seq"]
                result = await phone.act(before, "first-key-0001", command=offer["command"])
                assert result["ok"], result
                pushed = await tv.next("state", lambda m: m["seq"] > before)
                assert pushed["seq"] == before + 1 and pushed["log"]
                # the same key again: applied once
                again = await phone.act(before, "first-key-0001", command=offer["command"])
                assert again["ok"] and again["text"] == result["text"]
                # a command decided on the state the table has left: refused, nothing applied
                stale = await phone.act(before, "second-key-002", command=offer["command"])
                assert not stale["ok"] and stale["text"].startswith("The table moved on")
                await phone.close()
                await tv.close()

        seq = house.session.seq
        run(check())
        assert on_table(house, lambda: house.session.seq) == seq + 1
        assert server.applied == 1
        entry = on_table(house, lambda: house.session.journal.last(house.session.name))
        assert entry.input.startswith(f"web:{actor}:first-key-0001")


def test_a_page_that_reconnects_gets_only_what_it_missed() -> None:
    with served() as (house, server):

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                tv = await Page(server, http).open()
                await tv.next("state")
                seen = tv.seq
                await tv.close()
                for _n in range(3):  # the table moves on while the page is away

                    def move() -> bool:
                        state = state_of(house)
                        return house.table.decide(views.seat_commands(state, state.prompt.actor)[0])

                    assert on_table(house, move)
                again = Page(server, http)
                again.game, again.seq = tv.game, seen
                await again.open()
                resumed = await again.next("state")
                assert not resumed["reset"]
                assert resumed["log"] and all(entry["seq"] > seen for entry in resumed["log"])
                assert len({entry["seq"] for entry in resumed["log"]}) == len(resumed["log"])
                await again.close()

        run(check())


def test_an_undo_on_the_table_reaches_every_page_as_an_entry() -> None:
    with served() as (house, server):

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                tv = await Page(server, http).open()
                first = await tv.next("state")

                def move_then_undo() -> int:
                    state = state_of(house)
                    assert house.table.decide(views.seat_commands(state, state.prompt.actor)[0])
                    assert house.table.decide(c.Undo())
                    return house.session.seq

                undone_at = on_table(house, move_then_undo)
                shown = await tv.next("state", lambda m: m["seq"] == undone_at)
                public = {key: value for key, value in shown["public"].items() if key != "story"}  # the chart is the server's
                assert shown["log"] and public == views.public_view(state_of(house))
                assert shown["public"] == first["public"]  # back where it was, on every page
                await tv.close()

        run(check())


def test_arkham_has_a_seat_per_investigator_with_the_mythos_state() -> None:
    from companion.engine.arkham import model as am
    from companion.session import ArkhamSession
    from companion.store.sqlite import SqliteJournal

    seats = (am.Seated("Amanda Sharpe", "Train Station", 1), am.Seated("Bob Jenkins", "General Store", 2))
    session = ArkhamSession.start(SqliteJournal(":memory:"), "a", am.NewArkhamGame("Yig", seats, seed=9))
    assert isinstance(session, ArkhamSession)
    state = session.state
    assert views.seats_of(state) == [("Amanda Sharpe", "Amanda Sharpe"), ("Bob Jenkins", "Bob Jenkins")]
    public = views.public_view(state)
    assert public["game"] == "arkham" and public["doom"]["track"] > 0 and len(public["investigators"]) == 2
    mine = views.private_view(state, "Amanda Sharpe")
    assert mine["offers"] and all(o["command"]["name"] == "Amanda Sharpe" for o in mine["offers"])
    assert views.private_view(state, views.SPECTATOR) == {}


def _rolling(state: State) -> bool:
    return state.prompt.kind is PromptKind.ROLL and bool(state.prompt.actor) and state.prompt.dice > 0


def _revealing(state: State) -> bool:
    actor = state.prompt.actor
    return state.prompt.kind is PromptKind.RITUAL and any(p.elder_signs for p in state.players if p.pid == actor)


def test_a_seat_enters_its_own_dice_from_the_phone() -> None:
    with served(until=_rolling) as (house, server):
        state = state_of(house)
        actor, dice = state.prompt.actor, state.prompt.dice

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                phone = await Page(server, http, secret_of(server, actor)).open()
                shown = await phone.next("state")
                assert shown["private"]["dice"] == dice
                wrong = await phone.act(shown["seq"], "roll-wrong-01", roll=[3] * (dice + 1))
                assert not wrong["ok"] and "No roll of" in wrong["text"]
                other = next(p.pid for p in state.players if p.pid != actor)
                bystander = await Page(server, http, secret_of(server, other)).open()
                seen = await bystander.next("state")
                assert seen["private"]["dice"] == 0
                refused = await bystander.act(seen["seq"], "roll-other-01", roll=[3] * dice)
                assert not refused["ok"]
                rolled = await phone.act(shown["seq"], "roll-right-01", roll=[1] * dice)
                assert rolled["ok"], rolled

        run(check())
        entry = on_table(house, lambda: house.session.journal.last(house.session.name))
        assert '"source":"screen"' in entry.command and entry.input == f"web:{actor}:roll-right-01"


def test_an_elder_sign_is_revealed_from_its_owners_phone() -> None:
    with served(until=_revealing) as (house, server):
        state = state_of(house)
        actor = state.prompt.actor
        hidden = state.player(actor).elder_signs

        async def check() -> None:
            async with aiohttp.ClientSession() as http:
                phone = await Page(server, http, secret_of(server, actor)).open()
                shown = await phone.next("state")
                reveals = [o for o in shown["private"]["offers"] if o["command"]["type"] == "reveal_elder_sign"]
                assert sorted(o["command"]["value"] for o in reveals) == sorted(set(hidden))
                result = await phone.act(shown["seq"], "reveal-sign-01", command=reveals[0]["command"])
                assert result["ok"], result

        run(check())
        after = state_of(house).player(actor)
        assert len(after.elder_signs) == len(hidden) - 1 and len(after.revealed) == len(state.player(actor).revealed) + 1
