"""The tap bench's first scripted game (issue 18): the core actions entered by area.

At each action turn a scripted player picks what to do (a rotation over recruit, summon, awaken,
build, a one-group Move and a battle, whichever is possible; otherwise any legal action), then
:func:`by_area` enters exactly that command by tapping the table screen's buttons, counting the
taps until the journal holds it.  Rolls, directions and casualties are answered too but not
counted.  tests/ui/test_whole_game.py plays a whole 4-player Yuggoth game so (:func:`run` with
``strict``); issue 33's whole games of every faction, by any command, are bench/tap_games.py's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.tap_driver import NotATap, table_of
from companion import demo
from companion.engine import Command, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled
from companion.engine.cthulhu.model import GameState, Phase, PromptKind
from companion.ui.app import App
from companion.ui.map_scene import MapScene
from companion.ui.scene import Go, Submit
from companion.ui.table_scene import TableScene
from companion.ui.turn_panel import Local, area_answers, summonable
from companion.ui.widgets import Button

KINDS = ("recruit", "summon", "awaken", "build", "move", "battle")
MAX_TAPS = 40  # a driver that has not entered the command by then has failed


@dataclass
class Tally:
    taps: dict[str, list[int]] = field(default_factory=lambda: {k: [] for k in KINDS})
    impossible: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))


def kind_of(command: Command) -> str:
    if isinstance(command, c.Recruit):
        return "recruit"
    if isinstance(command, c.Summon):
        return "summon"
    if isinstance(command, c.Awaken):
        return "awaken"
    if isinstance(command, c.BuildGate):
        return "build"
    if isinstance(command, c.Move) and len(command.groups) == 1:
        return "move"
    if isinstance(command, c.BattleAction):
        return "battle"
    return "other"


def candidates(state: GameState, rnd: random.Random) -> dict[str, list[Command]]:
    """What the scripted player could do now, by kind."""
    pid = state.prompt.actor
    found: dict[str, list[Command]] = {k: [] for k in KINDS}
    for command in legal_commands(state):
        kind = kind_of(command)
        if kind in found:
            found[kind].append(command)
    awaken = demo._awaken(state, pid)
    if awaken is not None and not any(getattr(a, "name", "") == getattr(awaken, "name", None) for a in found["awaken"]):
        found["awaken"].append(awaken)  # the engine's own (naming the units it eliminates) comes first
    battle = demo._battle(state, pid, rnd)
    if battle is not None:
        found["battle"].append(battle)
    return found


def choose(state: GameState, rnd: random.Random, turn: int) -> Command:
    """The scripted player's action: the next kind in the rotation that is possible."""
    found = candidates(state, rnd)
    for step in range(len(KINDS)):
        kind = KINDS[(turn + step) % len(KINDS)]
        if found[kind]:
            return rnd.choice(found[kind])
    return c.Pass(state.prompt.actor)


def buttons(app: App) -> list[Button]:
    """The buttons of the screen in view (drawn first, as a person sees them)."""
    app.draw()
    return list(app.scenes[app.scene_name].buttons)


def tap(app: App, button: Button) -> None:
    app.tap(button.rect.center)


def show(app: App, name: str) -> None:
    """Go to screen ``name`` by its button on the navigation bar (a tap, not counted)."""
    if app.scene_name != name:
        nav = next((b for b in buttons(app) if b.intent == Go(name)), None)
        if nav is None:
            raise NotATap(f"no way to the {name} screen from the {app.scene_name} screen")
        tap(app, nav)
    assert app.scene_name == name, app.scene_name


def tap_area(app: App, index: int) -> None:
    """Tap area ``index`` at its centre on the map."""
    show(app, "map")
    scene = app.scenes["map"]
    assert isinstance(scene, MapScene)
    app.draw()
    app.tap(scene.centres(app.view())[index])


Driver = Callable[[App, Command], "int | None"]


def by_area(app: App, target: Command) -> int | None:
    """The screen after issue 18: tap the area, then its choice (steppers set, then the button
    that does it).  A person reads the steppers' rows by their labels; the driver finds the
    same buttons by what they do."""
    scene = app.scenes["table"]
    assert isinstance(scene, TableScene)
    show(app, "table")
    state = table_of(app).session.state
    area = target.groups[0].area if isinstance(target, c.Move) else getattr(target, "area", "")
    index = state.board.area_index(area)
    taps = 0

    def press(test: Callable[[Any], bool]) -> bool:
        nonlocal taps
        hit = next((b for b in buttons(app) if b.enabled and test(b.intent)), None)
        if hit is not None:
            tap(app, hit)
            taps += 1
        return hit is not None

    def submit() -> int | None:
        return taps if press(lambda i: isinstance(i, Submit) and i.command == target) else None

    def set_number(key: Any, want: int) -> None:
        for _ in range(MAX_TAPS):
            have = scene.panel.draft.picks.get(key, 0) if isinstance(key, tuple) else scene.panel.draft.numbers.get(key, 0)
            if have == want:
                return
            press(Local("step", (key, 1 if want > have else -1)).__eq__)

    if isinstance(target, c.Pass):  # "Pass...", then the confirming tap
        press(lambda i: i == Local("arm_pass"))
        return submit()
    for _ in range(10):  # the area, paging on if ever needed
        if press(lambda i: i == Local("area", index)) or not press(lambda i: i == Local("page")):
            break
    if not isinstance(target, c.Move):  # a choice of the area itself (the referee's costs and dice)
        done = submit()
        if done is not None or isinstance(target, (c.Recruit, c.BuildGate, c.Capture)):
            return done
    if isinstance(target, c.Summon):
        press(lambda i: i == Local("summon"))
        units = summonable(state.player(target.player).faction)
        for _ in range(units.index((target.name, target.kind))):
            press(lambda i: i == Local("kind"))
        set_number("cost", target.cost or 0)
        return submit()
    if isinstance(target, c.Awaken):
        press(lambda i: isinstance(i, Local) and i.what == "awaken")
        set_number("cost", target.cost or 0)
        return submit()
    if isinstance(target, c.BattleAction):
        press(lambda i: i == Local("battle", target.defender))
        set_number("yours", target.attacker_dice or 0)
        set_number("theirs", target.defender_dice or 0)
        return submit()
    if isinstance(target, c.Move) and len(target.groups) == 1:
        group = target.groups[0]
        press(lambda i: i == Local("move"))
        wanted = {(group.kind.value, group.name): group.count}
        for key in list(scene.panel.draft.picks):
            set_number(key, wanted.get(key, 0))
        done = submit()
        for _ in range(10):  # a destination on a later page (Flight reaches many): "More", counted
            if done is not None or not press(lambda i: i == Local("page")):
                break
            done = submit()
        return done
    return None


def answer_other(app: App, rnd: random.Random, strict: bool = False) -> None:
    """A prompt that is not an action turn: the first choice (dice from "Roll for me"); a
    prompt naming an area by a tap on that area on the map."""
    state = table_of(app).session.state
    answers = area_answers(state)
    if answers:
        first = next(iter(legal_commands(state)))  # the table's first button, tapped on the map
        show(app, "map")
        app.draw()
        # Its circle, or its button in the list beside the map where the list covers the circle.
        offered = [b for b in buttons(app) if isinstance(b.intent, Submit) and b.intent.command == first]
        tap(app, min(offered, key=lambda b: bool(b.label)))
        return
    if state.prompt.kind is PromptKind.COMBAT_DICE and not strict:
        table_of(app).submit(demo.choose(state, rnd))
        return
    show(app, "table")
    shown = [b for b in buttons(app) if isinstance(b.intent, Submit)]
    roll = [b for b in shown if b.label == "Roll for me"]
    if state.prompt.kind is PromptKind.COMBAT_DICE:  # the count the referee computed, as the demo's players
        wanted = demo.choose(state, rnd)
        roll = [b for b in shown if isinstance(b.intent, Submit) and b.intent.command == wanted]
    if roll or shown:
        tap(app, (roll or shown)[0])
    elif strict:
        raise NotATap(f"no button answers the {state.prompt.kind.value} prompt: {state.prompt.text!r}")
    else:
        table_of(app).submit(demo.choose(state, rnd))


def run(app: App, driver: Driver, rnd: random.Random, *, actions: int = 240, strict: bool = False) -> Tally:
    """The scripted players' game on ``app`` until it ends or ``actions`` actions were taken;
    the taps per kind.  ``strict``: every command and answer by taps on the screen, else
    :class:`NotATap` (otherwise what the screen cannot enter is entered for the table, and
    battles are settled by the table, uncounted)."""
    tally, turn = Tally(), 0
    for _ in range(actions * 20):
        session = table_of(app).session
        state = session.state
        if state.phase is Phase.GAME_OVER or turn >= actions:
            break
        if state.prompt.kind is not PromptKind.ACTION:
            before = session.seq
            answer_other(app, rnd, strict)
            if strict and session.seq == before:
                raise NotATap(f"the taps did not answer the {state.prompt.kind.value} prompt: {state.prompt.text!r}")
            continue
        target = choose(state, rnd, turn)
        turn += 1
        kind, before = kind_of(target), session.seq
        taps = driver(app, target)
        if session.seq == before:  # not enterable on the screen: entered for the table
            if strict:
                raise NotATap(f"{target} could not be entered by taps")
            taps = None
            table_of(app).submit(target)
        if kind in tally.taps:
            if taps is None:
                tally.impossible[kind] += 1
            else:
                tally.taps[kind].append(taps)
        if isinstance(target, c.BattleAction) and not strict:
            settle_battle(app, rnd)
    return tally


def settle_battle(app: App, rnd: random.Random) -> None:
    """Roll the battle's dice and take the losses (the table's edits, not counted)."""
    session = table_of(app).session
    while session.state.prompt.kind is PromptKind.ROLL and session.state.battle is not None:
        accepted = session.submit(c.Roll(None, "generator"))
        for event in getattr(accepted, "events", ()):
            if isinstance(event, BattleRolled):
                for order in demo.casualties(session.state, (event,)):
                    session.submit(order)
