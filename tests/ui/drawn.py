"""What a whole frame draws: the lines of text the app's next full redraw puts on the screen."""

from __future__ import annotations

from typing import Any

from companion.ui import widgets
from companion.ui.app import App


def frame_drawn(app: App, monkeypatch: Any) -> list[widgets.Drawn]:
    """Every line of text drawn by a full redraw of ``app`` (dirty, so nothing is skipped)."""
    drawn: list[widgets.Drawn] = []
    monkeypatch.setattr(widgets, "RECORDER", drawn)
    app.dirty = True
    app.draw()
    monkeypatch.setattr(widgets, "RECORDER", None)
    return drawn
