"""Every command the engine takes is reachable by taps on the table screen (issue 33, section 1).

Seeded games with every faction (abilities on; the independents and neutral monsters in one game,
the neutral Spellbooks in another) are played through the real App headless; at every decision the
screen's own offers are walked (tests/ui/reach.py): every command the engine lists for the
prompted player, and every command it accepts from a player who is not prompted (Devolve ...),
must be among them.  A roll's faces are checked on the die pad.  The command types met are
tallied, with how each is entered (companion/ui/entry.py).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable

import pytest

from companion import demo
from companion.engine import Command, tag_of
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.entry import entry_of, player_of
from tests.helpers import table_of
from tests.ui.reach import GAMES, die_pad_complete, legal_now, reachable

# Decisions walked per game (each a whole walk of the screen's offers); REACH_DECISIONS: more.
DECISIONS = int(os.environ.get("REACH_DECISIONS", "160"))
MET: Counter[str] = Counter()  # command types met, over the games (for docs/ui.md)
ENTRIES: dict[str, str] = {}  # each type met and how it is entered (companion/ui/entry.py)


def play(app: App, seed: int, decisions: int) -> tuple[int, list[str]]:
    """Walk ``decisions`` decisions of the seeded game; the decisions walked and what was missed."""
    rnd = random.Random(seed)
    missed: list[str] = []
    table = table_of(app)
    walked = 0
    while walked < decisions and table.session.state.phase is not Phase.GAME_OVER:
        state = app.state
        assert state is table.session.state, "the screen is behind the table"
        walked += 1
        if state.prompt.kind is PromptKind.ROLL:
            if not die_pad_complete(app):
                missed.append(f"{state.step}: the die pad")
        else:
            wanted = legal_now(state)
            for command in wanted:
                MET[tag_of(command) + (" (out of turn)" if player_of(command) not in ("", state.prompt.actor) else "")] += 1
                ENTRIES[tag_of(command)] = entry_of(command).value
            for command in wanted - reachable(app):
                missed.append(f"{state.step} {state.prompt.kind.value}: {command!r} ({entry_of(command).value})")
        choice: Command = demo.choose(state, rnd)
        table.submit(choice)
        app.draw()  # the screen takes what the table sent
    return walked, missed


@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_command_is_reachable_by_taps(app_on: Callable[..., App], name: str) -> None:
    factions, map_name, options = GAMES[name]
    seed = 3
    setup = c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), seed, options)
    session = GameSession.start(SqliteJournal(":memory:"), "reach", setup)
    assert isinstance(session, GameSession)
    app = app_on(session)
    walked, missed = play(app, seed, DECISIONS)
    assert walked >= 60, walked
    assert missed == [], sorted({line.split(": ", 1)[1].split("(")[0] for line in missed}) + missed[:6]
