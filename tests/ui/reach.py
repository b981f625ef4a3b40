"""What the table screen lets a person enter at one decision, found by walking its own offers.

The walk goes through the table scene's buttons as a person taps them: the list of areas and its
pages, every area's choices (the map's tap on the area), the Move composer with one unit of each
stack picked, Pass behind its arming tap, the choice lists and their pages, the die pad, and each
player's out-of-turn control.  A button's intent is taken as a tap takes it (a panel tap changes
the panel; a Submit is a command the screen would send).  Shared by the reachability tests.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from companion import demo
from companion.engine import Accepted, Command, apply
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.actions import die_faces
from companion.engine.cthulhu.model import Faction, GameState, Options, PromptKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.ui.app import App
from companion.ui.entry import listed
from companion.ui.scene import DieFace, Submit
from companion.ui.table_scene import TableScene
from companion.ui.turn_panel import Draft, Local
from companion.ui.widgets import Button

MAX_PAGES = 12
F = Faction
GAMES = {  # the reachability games: every faction in some game; the options vary
    "core four, independents": (
        (F.GREAT_CTHULHU, F.CRAWLING_CHAOS, F.BLACK_GOAT, F.YELLOW_SIGN),
        "earth-4p-35",
        Options(abilities=True, independents=("Byatis", "Abhoth", "Ghast", "Gug", "Shantak", "Star Vampire"), tribes=True),
    ),
    "expansions, neutral Spellbooks": (
        (F.SLEEPER, F.WINDWALKER, F.OPENER_OF_THE_WAY, F.ANCIENTS),
        "earth-4p-53",
        Options(abilities=True, neutral_spellbooks=True, tribes=True, published_start_order=True),
    ),
    "the newest, five": (
        (F.TCHO_TCHO, F.BUBASTIS, F.DAEMON_SULTAN, F.GREAT_CTHULHU, F.YELLOW_SIGN),
        "earth-5p",
        Options(abilities=True, tribes=True, published_start_order=True),
    ),
}


def scene_of(app: App) -> TableScene:
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    return scene


def shown(app: App) -> list[Button]:
    """The table scene's buttons for the panel as it is now (a fresh layout, as a frame makes)."""
    scene = scene_of(app)
    return [b for b in scene.layout(app.view()) if b.enabled]


def pages(app: App) -> Iterator[Button]:
    """Every enabled button of the view in the panel, through its "More" pages."""
    scene = scene_of(app)
    seen: set[tuple[tuple[str, str], ...]] = set()
    for _ in range(MAX_PAGES):
        buttons = shown(app)
        key = tuple((b.label, repr(b.intent)) for b in buttons)
        if key in seen:
            return
        seen.add(key)
        yield from buttons
        more = next((b for b in buttons if b.intent == Local("page")), None)
        if more is None:
            return
        scene.panel.handle(app.state, more.intent)


def submits(buttons: Iterator[Button]) -> set[Command]:
    return {b.intent.command for b in buttons if isinstance(b.intent, Submit)}


STEPS = ("group", "group_area")  # a list's taps that lead a step further into its choices


def explore(app: App, depth: int = 3) -> set[Command]:
    """The commands of the view in the panel through its pages, and through every step further
    (a type's group, then its areas), the panel's view put back after each."""
    scene = scene_of(app)
    kept = dataclasses.replace(scene.panel.draft)
    buttons = list(pages(app))
    found = submits(iter(buttons))
    if depth:
        for button in buttons:
            if isinstance(button.intent, Local) and button.intent.what in STEPS and button.intent.arg:
                scene.panel.draft = dataclasses.replace(kept, page=0)
                scene.panel.handle(app.state, button.intent)
                found |= explore(app, depth - 1)
    scene.panel.draft = kept
    return found


def reset(app: App, **fields: Any) -> None:
    scene = scene_of(app)
    scene.panel.draft = Draft(step=app.state.step, **fields)


def reachable(app: App) -> set[Command]:
    """Every command the table screen offers now, by taps through its own buttons."""
    state: GameState = app.state
    scene = scene_of(app)
    found: set[Command] = set()
    reset(app)
    top = list(pages(app))
    found |= explore(app)
    controls = [b.intent.arg for b in shown(app) if isinstance(b.intent, Local) and b.intent.what == "outsider"]
    if state.prompt.kind is PromptKind.ACTION:
        for button in pages(app):  # "Pass..." on whichever page it is, then its confirming tap
            if button.intent == Local("arm_pass"):
                scene.panel.handle(state, button.intent)
                found |= submits(iter(shown(app)))
                break
        for i in range(len(state.areas)):  # each area by a tap on the map
            reset(app)
            scene.panel.focus(state, i)
            found |= submits(pages(app))
            found |= moves_from(app, i)
            found |= watcher_battle(app, i)
    pickers = {b.intent.arg for b in top if isinstance(b.intent, Local) and b.intent.what == "reveal"}
    for pid in controls:  # each player's own control: their out-of-turn commands
        reset(app)
        scene.panel.handle(state, Local("outsider", pid))
        offered = list(pages(app))
        found |= explore(app)
        pickers |= {b.intent.arg for b in offered if isinstance(b.intent, Local) and b.intent.what == "reveal"}
    for pid in pickers:  # "Reveal an Elder Sign": the holder's picker, a sign by its place
        reset(app, reveal=pid)
        found |= explore(app)
    reset(app)
    return found


def moves_from(app: App, i: int) -> set[Command]:
    """The Moves the composer offers from area ``i`` with one unit of each stack picked in turn."""
    state, scene = app.state, scene_of(app)
    stacks = state.areas[i].units_of(state.prompt.actor)
    found: set[Command] = set()
    if not any(b.intent == Local("move") for b in shown(app)):
        return found
    for stack in stacks:
        reset(app)
        scene.panel.focus(state, i)
        scene.panel.handle(state, Local("move"))
        key = (stack.kind.value, stack.name)
        scene.panel.draft.picks = {k: (1 if k == key else 0) for k in scene.panel.draft.picks}
        found |= submits(pages(app))
    return found


def watcher_battle(app: App, i: int) -> set[Command]:
    """The Watcher's battle from area ``i``: "Battle the Watcher..." among its choices opens a
    composer (the dice guessed, a stepper) whose button sends it (the engine does not list it)."""
    state, scene = app.state, scene_of(app)
    reset(app)
    scene.panel.focus(state, i)
    if not any(b.intent == Local("watcher") for b in pages(app)):
        return set()
    reset(app)
    scene.panel.focus(state, i)
    scene.panel.handle(state, Local("watcher"))
    return submits(iter(shown(app)))


def die_pad_complete(app: App) -> bool:
    """A roll's pad: every face of the die and the generator's roll ("Roll for me")."""
    state = app.state
    buttons = shown(app)
    faces = {b.intent.value for b in buttons if isinstance(b.intent, DieFace)}
    wanted = set(die_faces(state, state.prompt.die))  # the faces the engine takes (its list holds 6^dice rolls)
    generator = any(isinstance(b.intent, Submit) and b.intent.command == c.Roll(None, "generator") for b in buttons)
    return wanted <= faces and generator == state.options.digital_dice


def legal_now(state: GameState) -> set[Command]:
    """What the engine takes now: its list for the prompted player (a roll's faces apart), and
    for every other player the commands it accepts from them, found by brute force (the engine's
    whole list asked as if they were prompted, each command applied to the real state)."""
    wanted = set(listed(state))
    if state.prompt.kind in (PromptKind.ACTION, PromptKind.RITUAL):
        for player in state.players:
            if player.pid == state.prompt.actor:
                continue
            asked = dataclasses.replace(state, prompt=dataclasses.replace(state.prompt, actor=player.pid))
            for command in listed(asked):
                if getattr(command, "player", "") == player.pid and isinstance(apply(state, command), Accepted):
                    wanted.add(command)
    return wanted


def new_game(name: str, seed: int) -> c.NewGame:
    """The NewGame of a reachability game (:data:`GAMES`) or, named "replay:<name>", of a
    replay-identity game (tests/engine/cthulhu/replay_games.py: the High Priests, Shaggai's
    Worms, Primeval's Glacier, Yuggoth's Watcher ...), from ``seed``."""
    if name.startswith("replay:"):
        from tests.engine.cthulhu.replay_games import GAMES as REPLAYED
        from tests.engine.cthulhu.replay_games import setup

        game = next(g for g in REPLAYED if g.name == name.removeprefix("replay:"))
        return setup(dataclasses.replace(game, seed=seed)).command()
    factions, map_name, options = GAMES[name]
    return c.NewGame(load_map(map_name), tuple(c.Seat(f) for f in factions), seed, options)


def session_of(name: str, seed: int) -> GameSession:
    session = GameSession.start(SqliteJournal(":memory:"), "reach", new_game(name, seed))
    assert isinstance(session, GameSession)
    return session


def play_to(app: App, table: Any, seed: int, decisions: int) -> GameState:
    """The demo's bots' ``decisions`` first choices (``random.Random(seed)``), each submitted
    through the table; the screen then takes the state reached, which is returned."""
    rnd = random.Random(seed)
    for _ in range(decisions):
        table.submit(demo.choose(table.session.state, rnd))
    app.draw()
    assert app.state is table.session.state, "the screen is behind the table"
    state: GameState = app.state
    return state
