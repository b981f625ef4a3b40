"""The pages in a real browser (Debian's headless chromium): joined by the QR code's address, a
private Elder Sign only on its own seat, a phone's command journaled and on the TV, the line
lost and back without a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.appliance import LocalClient
from companion.web import views
from tests.web import browser
from tests.web.serving import Touchscreen, on_table, served, state_of

pytestmark = pytest.mark.skipif(
    not browser.available(), reason="chromium or playwright is not installed (make test installs them)"
)
WAIT_MS = 10_000


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser.chromium() as opened:
        yield opened


def _links(server: Any) -> dict[str, str]:
    return {seat: url for seat, _label, url in server.links()}


def test_join_by_the_codes_address_and_see_only_your_own_elder_signs(chromium: Any, tmp_path: Path) -> None:
    with served(until=lambda state: any(p.elder_signs for p in state.players)) as (house, server):
        state = state_of(house)
        holder = next(p for p in state.players if p.elder_signs)
        other = next(p for p in state.players if p.pid != holder.pid)
        links = _links(server)
        phones = LocalClient(house, threaded=True).phones()  # what the Phones page shows (not connected)
        address = browser.scanned(phones, holder.pid, tmp_path)  # read off the screen by zbar
        assert address == links[holder.pid] and "/seat#" in address
        mine = browser.page(chromium, address, browser.PHONE)
        theirs = browser.page(chromium, links[other.pid], browser.PHONE)
        tv = browser.page(chromium, links[views.SPECTATOR], browser.TV)
        for opened in (mine, theirs, tv):
            opened.wait_for_selector("#players tr:nth-child(2)", timeout=WAIT_MS)
        signs = [int(v) for v in mine.locator("#signs span.sign").all_inner_texts()]
        assert signs == list(holder.elder_signs)
        assert theirs.locator("#signs span.sign").all_inner_texts() == [str(v) for v in other.elder_signs]
        assert tv.locator("#mine").is_hidden() and tv.locator("#signs span").count() == 0
        assert "tv" in (tv.locator("body").get_attribute("class") or "")
        for opened in (mine, theirs, tv):
            opened.context.close()


def test_a_phones_action_is_journaled_and_reaches_the_tv_and_a_lost_line_comes_back(chromium: Any) -> None:
    touchscreen = Touchscreen()
    with served(screen=touchscreen) as (house, server):
        actor = state_of(house).prompt.actor
        links = _links(server)
        phone = browser.page(chromium, links[actor], browser.PHONE)
        tv = browser.page(chromium, links[views.SPECTATOR], browser.TV)
        phone.wait_for_selector("#offers button", timeout=WAIT_MS)
        tv.wait_for_selector("#players tr:nth-child(2)", timeout=WAIT_MS)
        tv.evaluate("window.notReloaded = true")
        before = house.session.seq
        label = phone.locator("#offers button").first.inner_text()
        phone.locator("#offers button").first.click()
        phone.wait_for_selector("#note:not(.bad)", timeout=WAIT_MS)
        tv.wait_for_selector(f'#log li[data-seq="{before + 1}"]', timeout=WAIT_MS)
        entry = on_table(house, lambda: house.session.journal.last(house.session.name))
        assert entry.seq == before + 1 and entry.input.startswith(f"web:{actor}:")
        touchscreen.wait_for(lambda state: state is house.session.state)  # and the touchscreen was handed it
        assert label

        # The line goes: the pages say so and keep trying; the table moves on meanwhile.
        server.pause()
        tv.wait_for_selector("#offline", state="visible", timeout=WAIT_MS)

        def move() -> bool:
            state = state_of(house)
            return house.table.decide(views.seat_commands(state, state.prompt.actor)[0])

        assert on_table(house, move) and on_table(house, move)
        server.resume()
        tv.wait_for_selector("#offline", state="hidden", timeout=WAIT_MS)
        last = house.session.seq
        tv.wait_for_selector(f'#log li[data-seq="{last}"]', timeout=WAIT_MS)
        assert tv.evaluate("window.notReloaded") is True  # resumed in place, no reload
        kept = dict(server._kept)  # each entry's words, as the server pushed them
        for seq in (before + 1, last - 1, last):  # each entry shown once: nothing lost, nothing doubled
            assert tv.locator(f'#log li[data-seq="{seq}"]').count() == len(kept[seq]) >= 1
        phone.context.close()
        tv.context.close()


def _colour_share(png: bytes, colour: tuple[int, int, int]) -> float:
    """The share of a screenshot's pixels within a few levels of ``colour`` (its lines drawn)."""
    import io

    import pygame

    picture = pygame.image.load(io.BytesIO(png), "story.png")
    width, height = picture.get_size()
    near = sum(
        1
        for x in range(0, width, 2)
        for y in range(0, height, 2)
        if all(abs(a - b) <= 12 for a, b in zip(picture.get_at((x, y))[:3], colour, strict=True))
    )
    return near / ((width // 2 + 1) * (height // 2 + 1))


def test_a_finished_game_opens_with_its_story_on_the_tv_and_the_seats(chromium: Any) -> None:
    with served(players=3, seed=2, until=lambda state: state.outcome is not None) as (house, server):
        state = state_of(house)
        links = _links(server)
        tv = browser.page(chromium, links[views.SPECTATOR], browser.TV)
        seat = browser.page(chromium, links[state.players[0].pid], browser.PHONE)
        for opened in (tv, seat):
            opened.wait_for_selector("#ending", state="visible", timeout=WAIT_MS)
            assert opened.locator("#ending").inner_text().startswith("Game over")
            story, table = opened.locator("#story").bounding_box(), opened.locator("#table").bounding_box()
            assert story is not None and table is not None and story["y"] <= table["y"]  # the story comes first
            for chart in ("#doom", "#power"):
                assert opened.locator(f"{chart} polyline").count() == len(state.players) + 1  # a line each, the axes
        books = tv.locator("#books li").all_inner_texts()
        assert len(books) == sum(len(p.spellbooks) for p in state.players) >= 1
        assert tv.locator("#moments li").last.inner_text().endswith("won")
        shot = tv.locator("#chart").screenshot()
        assert _colour_share(shot, (0x7F, 0xC4, 0xA8)) > 0.002  # the first faction's lines are drawn
        for opened in (tv, seat):
            opened.context.close()
