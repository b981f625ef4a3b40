"""The demo's window on a house with the LED panel on mock pins (tests/ui/test_app.py and the German screens' test)."""

from __future__ import annotations

from pathlib import Path

from companion.ui.app import App


def demo_app(tmp_path: Path, size: tuple[int, int]) -> tuple[App, object]:
    import contextlib

    from companion.appliance import Appliance
    from companion.session import GameSession
    from companion.store.sqlite import SqliteJournal
    from companion.ui.app import Extras
    from companion.ui.backlight import Backlight
    from hardware.config import panel_config
    from tests.helpers import new_game

    session = GameSession.start(SqliteJournal(":memory:"), "g", new_game("yuggoth-demo", seed=4))
    assert isinstance(session, GameSession)
    stack = contextlib.ExitStack()
    house = Appliance(session, stack)
    house.add_panel(panel_config({"watcher_light": 18, "worm_light": 23, "doom_bar": [5, 6, 13], "pin_factory": "mock"}))
    app = App(house.client(threaded=False), size=size, extras=Extras(demo=True), backlight=Backlight(Path("/nonexistent")))
    stack.callback(app.close)
    return app, stack
