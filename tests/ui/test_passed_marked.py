"""Passed players are marked on the table (issue 33, section 5): in the Action Phase a player who
passed (0 Power: the engine's mark of a Pass) reads "passed" in their row's Power column, their
name dimmed at the size it had (read from the seats at 3.5 mm, issue 33 section 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.ui.app import App
from companion.ui.table_scene import TableScene
from companion.ui.widgets import SEATS_FLOOR
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
    before = frame_drawn(app, monkeypatch)
    assert not any("passed" in d.shown for d in before)
    table.submit(c.Pass(who.pid))
    app.draw()
    after = frame_drawn(app, monkeypatch)
    marks = [d for d in after if d.tag == "passed"]
    assert [d.shown for d in marks] == ["passed"], [d.shown for d in after][:20]  # one row says it
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    players = scene.regions(app.view())[0]
    power_column = scene.columns(players.right)[0]
    assert power_column[0] <= marks[0].rect.x and marks[0].rect.right <= sum(power_column)  # in the Power column
    assert marks[0].size >= SEATS_FLOOR
    names = {d.shown: d.size for d in before if d.tag == "name"}
    assert {d.shown: d.size for d in after if d.tag == "name"} == names  # no name shrinks for the mark
