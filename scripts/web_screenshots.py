"""Screenshots of a seat's page (a phone held upright, 360x640) and the TV page (1280x720) of a
seeded demo game, the TV page of a finished one (its story), and of the touchscreen's Phones
page, into docs/screenshots/ (for the README).

    .venv/bin/python scripts/web_screenshots.py

Needs Debian's chromium (make system-deps) and Playwright's Python package (no browser is
downloaded: the system's is driven).  The server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import demo  # noqa: E402
from companion.appliance import Appliance, LocalClient  # noqa: E402
from companion.client import PhoneLink  # noqa: E402
from companion.config import WebSettings  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.store.sqlite import SqliteJournal  # noqa: E402
from companion.table import TableThread  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip


def main() -> None:
    session = GameSession.start(SqliteJournal(":memory:"), "web", demo.demo_setup(5, None, 4).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(5)

    def shows_well(state: object) -> bool:  # the seat whose turn it is holds a hidden Elder Sign
        actor = session.state.prompt.actor
        return session.state.prompt.kind.value == "action" and any(p.elder_signs for p in session.state.players if p.pid == actor)

    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None
        for _move in range(2000):  # played with the server on: the TV's chart has every round
            if (session.state.round >= 4 and shows_well(session.state)) or session.state.outcome is not None:
                break
            house.table.submit(demo.choose(session.state, rnd))
        holder = session.state.prompt.actor
        stack.callback(TableThread(house.table).start().stop)
        links = {seat: url for seat, _label, url in server.links()}
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for name, url, size in (("web-seat", links[holder], (360, 640)), ("web-tv", links[""], (1280, 720))):
                page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
                page.goto(url)
                page.wait_for_selector("#players tr:nth-child(2)")
                page.screenshot(path=str(OUT / f"{name}.png"))
                print(f"wrote docs/screenshots/{name}.png")
            browser.close()
        phones_page(LocalClient(house, threaded=True).phones(), OUT / "phones.png")
        print("wrote docs/screenshots/phones.png")
    story_page(OUT / "web-story.png")
    print("wrote docs/screenshots/web-story.png")


def story_page(path: Path) -> None:
    """The TV page of a finished seeded game (3 players): the story it closes with."""
    session = GameSession.start(SqliteJournal(":memory:"), "story", demo.demo_setup(2, None, 3).command())
    assert isinstance(session, GameSession)
    rnd = random.Random(2)
    while session.state.outcome is None:
        session.submit(demo.choose(session.state, rnd))
    with contextlib.ExitStack() as stack:
        house = Appliance(session, stack)
        server = house.add_web(WebSettings(listen=("127.0.0.1",), port=0, mdns=False))
        assert server is not None
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(f"{server.base_url()}/tv")
            page.wait_for_selector("#ending", state="visible")
            page.screenshot(path=str(path))
            browser.close()


def phones_page(links: list[PhoneLink], path: Path) -> None:
    """The touchscreen's Phones page at 800x480, the first seat's code shown."""
    import pygame

    from companion.ui.phones_scene import PhonesScene
    from companion.ui.scene import View
    from companion.ui.widgets import Metrics

    pygame.init()
    surface = pygame.display.set_mode((800, 480))
    view = View(state=None, names={}, options={"phones": links})
    scene = PhonesScene(Metrics(800, 480))
    scene.update(view)
    scene.draw(surface, view)
    pygame.image.save(surface, str(path))
    pygame.quit()


if __name__ == "__main__":
    main()
