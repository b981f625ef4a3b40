"""Debian's headless chromium, driven by Playwright's Python package (no browser downloaded:
``executable_path`` is the system's), for the web tests and the README's screenshots."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 640}
TV = {"width": 1280, "height": 720}


def available() -> bool:
    """Chromium, zbar's reader and Playwright's package are installed (make test installs them)."""
    if shutil.which("chromium") is None or shutil.which("zbarimg") is None:
        return False
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless chromium (Playwright's Browser), closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def scanned(links: list[Any], seat: str, folder: Path) -> str:
    """The address a phone's camera reads off the touchscreen's Phones page showing ``seat``'s
    code: the page drawn (SDL's dummy driver), saved, and read by zbar (``zbarimg``)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui.phones_scene import PhonesScene
    from companion.ui.scene import View
    from companion.ui.widgets import Metrics

    pygame.init()
    try:
        surface = pygame.display.set_mode((800, 480))
        view = View(state=None, names={}, options={"phones": links, "phone": seat})
        scene = PhonesScene(Metrics(800, 480))
        scene.update(view)
        scene.draw(surface, view)
        picture = folder / "phones.png"
        pygame.image.save(surface, str(picture))
    finally:
        pygame.quit()  # as the screen's tests leave it
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(picture)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def page(browser: Any, url: str, size: dict[str, int]) -> Any:
    """A new page (its own context: its own storage) of ``size`` opened at ``url``."""
    context = browser.new_context(viewport=size)
    opened = context.new_page()
    opened.goto(url)
    return opened
