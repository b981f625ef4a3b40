"""Whole games of all ten factions played by taps alone, through the screen's own offers (issue 33).

Each game of bench/tap_games.py's GAMES (all ten factions, 3 to 5 players, the abilities on;
independents and neutral monsters, neutral Spellbooks and the Astral Acolyte in some; the Earth
maps and the three map expansions' demo boards) is set up on the new-game screen by taps
(map, factions in seat order, cards, rules options, Start), then played to its end: every
command a scripted player picks (the factions' abilities, Spellbooks, rolls on the die pad or
"Roll for me", rituals, Elder Signs, out-of-turn commands from a player's own control) is
entered by taps on buttons or map areas the screen offers (bench/tap_driver.py); a step the
screen cannot take by taps fails the game (NotATap).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pytest

import companion.ui.app as app_module
from bench.tap_driver import NotATap, enter
from bench.tap_games import GAMES, play
from companion.engine import Command
from companion.engine.cthulhu import commands as core
from companion.engine.cthulhu.factions.registry import PLUGINS
from companion.engine.cthulhu.model import Faction as F
from companion.engine.cthulhu.model import Phase, UnitKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.entry import player_of
from tests.helpers import new_game, set_board, started, table_of
from tests.ui.tap_driver import start_by_taps


def test_the_games_seat_every_faction_the_referee_plays() -> None:
    seated = {faction for game in GAMES.values() for faction in game.factions}
    assert {plugin.faction for plugin in PLUGINS} <= seated
    assert all(3 <= len(game.factions) <= 5 for game in GAMES.values())


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_is_played_by_taps_alone(app_on: Callable[..., App], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    game = GAMES[name]
    monkeypatch.setattr(app_module, "fresh_seed", lambda: game.seed)  # the same game each run
    before = GameSession.start(SqliteJournal(":memory:"), "earlier", new_game())
    app = app_on(before)
    start_by_taps(app, game)
    session = table_of(app).session
    assert session is not before
    assert tuple(p.faction for p in session.state.players) == game.factions
    assert session.state.options == game.options()
    own: dict[str, set[str]] = defaultdict(set)  # each player's own command types entered (not the core's)

    def entering(app: App, command: Command) -> int:
        taps = enter(app, command)
        if type(command).__module__ != core.__name__:
            own[player_of(command)].add(type(command).__name__)
        return taps

    tally = play(app, random.Random(game.seed), entered=entering)
    state = table_of(app).session.state
    assert state.phase is Phase.GAME_OVER and state.outcome is not None
    assert not tally.impossible and sum(map(len, tally.taps.values())) >= 80, tally
    assert all(own[player.pid] for player in state.players), dict(own)  # every faction's abilities, by taps
    assert any(kind.endswith("(out of turn)") for kind in tally.taps), sorted(tally.taps)
    kinds = {kind.removesuffix(" (out of turn)") for kind in tally.taps}
    assert {"roll (die pad)", "roll (Roll for me)", "ritual", "reveal_elder_sign", "choose_spellbook"} <= kinds, sorted(kinds)


def test_a_command_the_screen_does_not_offer_fails_the_run(app_for: Callable[..., App]) -> None:
    """The runner can fail: a command no button leads to is NotATap, and nothing is entered."""
    app = app_for("earth-3p", seed=1)
    session = table_of(app).session
    before = session.seq
    with pytest.raises(NotATap):
        enter(app, core.BuildGate(session.state.prompt.actor or "great_cthulhu", "Nowhere"))
    assert session.seq == before


def test_a_fifth_stack_in_an_area_moves_by_taps(app_on: Callable[..., App]) -> None:
    """Found by the whole games (core four, seed 1): Great Cthulhu's Starspawn, the fifth of five
    stacks in South Pacific, could not be moved by any taps (the composer showed 4 stacks); the
    re-laid-out composer pages its stacks."""
    four = (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN)
    app = app_on(GameSession.start(SqliteJournal(":memory:"), "g", new_game("earth-4p-35", four)))
    table = table_of(app)
    state = started("earth-4p-35", four)
    pid = state.prompt.actor
    stacks = [("cultist", "Acolyte", 2), ("monster", "Deep One", 1), ("monster", "Shoggoth", 1), ("monster", "Starspawn", 1)]
    units = [(pid, kind, name, count) for kind, name, count in [*stacks, ("goo", "Cthulhu", 1)]]
    table.session.state = app.state = set_board(state, South_Pacific={"units": units})
    move = core.Move(pid, groups=(core.MoveGroup("South Pacific", "Antarctica", UnitKind.MONSTER, "Starspawn"),))
    assert enter(app, move) >= 3


def test_the_taps_section_keeps_what_others_wrote_between_its_markers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """bench.taps rewrites its own subsections of docs/ui.md; one another helper added between
    its markers stays, after the subsection it followed; one it wrote once and no longer does
    goes."""
    from bench import taps

    retired = next(iter(taps.RETIRED))
    doc = tmp_path / "ui.md"
    old = ["## Taps per action", "", "old", "", retired, "", "old table", "", "### How a turn is entered", "", "old how", ""]
    old += ["### Readable from the seats", "", "theirs", "", "### Nothing cut", "", "old nothing"]
    doc.write_text("\n".join(["# Screen", "", taps.BEGIN, *old, taps.END, "", "after", ""]), encoding="utf-8")
    monkeypatch.setattr(taps, "OUTPUT", doc)
    new = [
        "## Taps per action",
        "",
        "new",
        "",
        "### How a turn is entered",
        "",
        "new how",
        "",
        "### Nothing cut",
        "",
        "new nothing",
    ]
    taps.write_section("\n" + "\n".join(new) + "\n")
    kept = ["### Readable from the seats", "", "theirs", ""]
    assert doc.read_text(encoding="utf-8") == "\n".join(
        ["# Screen", "", taps.BEGIN, *new[:8], *kept, *new[8:], taps.END, "", "after", ""]
    )
