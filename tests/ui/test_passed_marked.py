"""Passed players are marked on the table (issue 33, section 5): in the Action Phase a player who
passed (0 Power: the engine's mark of a Pass) reads "(passed)" on their row, dimmed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.ui.app import App
from tests.helpers import table_of
from tests.ui.drawn import frame_drawn


def test_a_player_who_passed_is_marked(app_for: Callable[..., App], monkeypatch: Any) -> None:
    app = app_for("earth-3p")
    table = table_of(app)
    for _ in range(40):  # set-up answered by the first choice, to the first action turn
        if app.state.prompt.kind is PromptKind.ACTION:
            break
        table.submit(next(iter(legal_commands(app.state))))
        app.draw()
    assert app.state.phase is Phase.ACTION
    who = app.state.player(app.state.prompt.actor)
    before = [d.shown for d in frame_drawn(app, monkeypatch)]
    assert not any("(passed)" in line for line in before)
    table.submit(c.Pass(who.pid))
    app.draw()
    after = [d.shown for d in frame_drawn(app, monkeypatch)]
    assert any("(passed)" in line for line in after), after[:20]  # (the name may wrap before it)
