"""An out-of-turn player's control (their name in their colour) is a fingertip's button, 48 px
at least: on its row (six players' one-line rows were 38-39 px: the rows now keep 50 px where
the room allows: English six; German six 44 px, 10 px short), and below a wide prompt (an
outsider's own commands open in the prompt's place, a die pad), where a long prompt had squeezed
the status region and its names to 25 px."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion import demo
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction as F
from companion.engine.cthulhu.model import Options, Phase
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.turn_panel import Local
from companion.ui.widgets import MIN_TOUCH
from tests.helpers import table_of
from tests.ui import seated
from tests.ui.reach import GAMES, reset, scene_of

ABILITIES = Options(abilities=True)


def outsider_heights(app: App) -> list[tuple[int, str]]:
    """Each out-of-turn control's height on the table now, and the screen's shape."""
    scene = scene_of(app)
    shape = scene.shape(app.view())
    return [(b.rect.height, shape) for b in scene.buttons if isinstance(b.intent, Local) and b.intent.what == "outsider"]


SIX = ((F.OPENER_OF_THE_WAY, F.CRAWLING_CHAOS, F.GREAT_CTHULHU, F.YELLOW_SIGN, F.BLACK_GOAT, F.WINDWALKER), "earth-6p", ABILITIES)
TABLES = {**GAMES, "six, the longest names": SIX}


@pytest.mark.parametrize("name", ["core four, independents", "expansions, neutral Spellbooks", "six, the longest names"])
def test_an_out_of_turn_control_is_a_fingertips_button(name: str) -> None:
    factions, map_name, options = TABLES[name]
    setup = c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), 3, options)
    session = GameSession.start(SqliteJournal(":memory:"), "touch", setup)
    assert isinstance(session, GameSession)
    app = seated.build(session)
    app.scene_name = "table"
    table, rnd, seen = table_of(app), random.Random(3), Counter[str]()
    for _ in range(150):
        state = app.state
        if state.phase is Phase.GAME_OVER:
            break
        app.draw()
        controls = [b.intent.arg for b in scene_of(app).buttons if isinstance(b.intent, Local) and b.intent.what == "outsider"]
        for pid in controls:
            reset(app)
            scene_of(app).panel.handle(state, Local("outsider", pid))  # their commands in the prompt's place
            app.draw()
            for height, shape in outsider_heights(app):
                assert height >= MIN_TOUCH, (state.step, shape, height)
                seen[shape or "on the rows"] += 1
            reset(app)
            app.draw()
        for height, shape in outsider_heights(app):
            assert height >= MIN_TOUCH, (state.step, shape, height)
            seen[shape or "on the rows"] += 1
        table.submit(demo.choose(state, rnd))
    app.close()
    assert seen["on the rows"] >= 10 and (seen["wide"] >= 10 or len(factions) == 6), seen
