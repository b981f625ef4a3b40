"""Entering any command the engine takes by taps on the screen's own offers (issue 33).

:func:`enter` takes a command the engine accepts now, from the prompted player or out of turn
from another, and taps the App's buttons until the table holds it, counting the taps.  Which
buttons: the fewest taps through what the screen itself offers, found by a breadth-first walk
of what each tap would show (the table's and the map's turn panels are copied and put back;
nothing is sent), then tapped for real at each button's centre, found by its intent in the scene's layout of what
it shows (each decision starts from a drawn frame), never by a position known in advance (the
screens' layouts change).  The walk goes through the table screen and the map (an area's circle
is a tap too) and the navigation bar between them.  A roll's faces (a table's own dice) are
tapped on the die pad; a hidden Elder Sign is revealed after a hold on "Hold to peek" (the
holder sees which sign is worth what).

A command the screen cannot take by taps raises :class:`NotATap`.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from companion.appliance import LocalClient
from companion.engine import Command, tag_of, to_data
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import GameState
from companion.engine.cthulhu.watcher import BattleWatcher
from companion.table import Table
from companion.ui.app import App
from companion.ui.entry import area_of, player_of
from companion.ui.scene import DieFace, Go, Intent, Submit
from companion.ui.turn_panel import Draft, Local, TurnPanel
from companion.ui.widgets import Button

SCENES = ("table", "map")  # the screens the walk goes through (the navigation bar joins them)
# The panel taps that never lead nearer a command (back out, drop a gathered Move, a peek).  A
# tap the walk does not know is followed like "More": a panel laid out anew is still walked.
AWAY = frozenset({"back", "drop", "noop", "peek"})
Tap = Intent | Local  # what a tap on a button asks for (a panel's own, or the App's)
PEEK = Local("peek")  # the Elder Signs' holder holds it to see their values (counted as a tap)
MAX_NODES = 3000  # what the screen would show after so many different taps: given up
# The panel taps that open what a command of each type needs (the composers' own buttons).
OPENS: dict[str, tuple[type, ...]] = {
    "move": (c.Move,),
    "summon": (c.Summon,),
    "kind": (c.Summon,),
    "awaken": (c.Awaken,),
    "watcher": (BattleWatcher,),
    "arm_pass": (c.Pass,),
}


class NotATap(AssertionError):
    """A step of a game that the screen could not take by taps (a strict run's failure)."""


def table_of(app: App) -> Table[Any]:
    """The table behind the screen's client (the tests and the bench enter their set-up there)."""
    client = app.client
    assert isinstance(client, LocalClient)
    return client.table


@dataclass(frozen=True)
class Shown:
    """What the screen shows, as far as taps change it: the screen in view and both turn
    panels' drafts (the table's and the map's)."""

    scene: str
    table: Draft
    map: Draft

    def key(self) -> tuple[str, str, str]:
        return (self.scene, repr(self.table), repr(self.map))

    def draft(self) -> Draft:
        return self.map if self.scene == "map" else self.table


def panel(app: App, scene: str) -> TurnPanel:
    found = getattr(app.scenes[scene], "panel", None)
    assert isinstance(found, TurnPanel), scene
    return found


def copied(draft: Draft) -> Draft:
    """A copy of ``draft`` a tap may change without changing ``draft`` (every list, dict and set
    it holds copied; what they hold is immutable)."""
    values = {f.name: getattr(draft, f.name) for f in fields(draft)}
    changes: Any = {name: copy.copy(value) for name, value in values.items() if isinstance(value, list | dict | set)}
    return replace(draft, **changes)


def look(app: App) -> Shown:
    """What the App shows now (copies: the walk changes the panels)."""
    return Shown(app.scene_name, copied(panel(app, "table").draft), copied(panel(app, "map").draft))


def put(app: App, shown: Shown) -> None:
    """The App back to showing ``shown``."""
    app.scene_name = shown.scene
    panel(app, "table").draft = copied(shown.table)
    panel(app, "map").draft = copied(shown.map)


def offers(app: App) -> list[Button]:
    """The buttons of the screen in view a finger can tap, as a frame lays them out: enabled,
    and the topmost at their centre (a button another covers is not offered)."""
    scene = app.scenes[app.scene_name]
    scene.update(app.view())
    return [b for b in scene.buttons if b.enabled and b.intent is not None and topmost(scene.buttons, b)]


def topmost(buttons: list[Button], button: Button) -> bool:
    """Whether a tap at ``button``'s centre is ``button``'s (the scenes take the last hit)."""
    centre = button.rect.center
    return next(b for b in reversed(buttons) if b.hit(centre)) is button


def mentioned(target: Command) -> set[str]:
    """Every word the command's fields hold (its areas' names among them)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(to_data(target))
    return found


def where(state: GameState, target: Command) -> set[str]:
    """The area a command is entered in that its fields do not name: the Watcher's, for a
    battle against it."""
    w = state.watcher
    if isinstance(target, BattleWatcher) and w is not None and w.area >= 0:
        return {state.area_name(w.area)}
    return set()


def wanted(state: GameState, draft: Draft, target: Command) -> dict[Any, int]:
    """The steppers' values ``target`` needs in the composer ``draft`` shows ({} for none): a
    Move's units picked in the area in view for its next groups (those from here to one place,
    in the order the composer lists them), a cost, both sides' dice."""
    if isinstance(target, c.Move):
        if draft.area < 0:
            return {}
        here, run = state.area_name(draft.area), list[c.MoveGroup]()
        for group in target.groups[len(draft.pending) :]:
            if group.area != here or (run and group.to != run[0].to):
                break
            run.append(group)
        picks: dict[Any, int] = dict.fromkeys(draft.picks, 0)
        picks.update({(g.kind.value, g.name): g.count for g in run})
        return picks if run else {}
    if isinstance(target, c.Summon | c.Awaken):
        return {"cost": target.cost or 0}
    if isinstance(target, c.BattleAction):
        return {"yours": target.attacker_dice or 0, "theirs": target.defender_dice or 0}
    if isinstance(target, BattleWatcher):
        return {"yours": target.dice or 0}
    return {}


def adds(state: GameState, draft: Draft, target: c.Move, to: int) -> bool:
    """Whether ``target``'s next groups (:func:`wanted`) go to area ``to`` and more follow."""
    picks, done = wanted(state, draft, target), len(draft.pending)
    run = sum(1 for count in picks.values() if count)
    rest = target.groups[done : done + run]
    return bool(rest) and rest[0].to == state.area_name(to) and done + run < len(target.groups)


def worth(app: App, shown: Shown, intent: Tap, target: Command, words: set[str]) -> bool:
    """Whether a tap on ``intent`` may lead towards ``target`` (the walk follows no other)."""
    if isinstance(intent, Go):
        return intent.scene in SCENES and intent.area < 0 and intent.scene != shown.scene
    if not isinstance(intent, Local):
        return False
    what, arg, state = intent.what, intent.arg, app.state
    if what in OPENS:
        return isinstance(target, OPENS[what])
    if what == "area":
        return state.area_name(arg) in words
    if what == "add":  # this area's units to ``arg``, and more groups after them
        return isinstance(target, c.Move) and adds(state, shown.draft(), target, arg)
    if what == "bring":
        return isinstance(target, c.Move) and state.area_name(arg) in words
    if what == "battle":
        return isinstance(target, c.BattleAction) and arg == target.defender
    if what in ("outsider", "reveal"):
        return bool(arg) and arg == player_of(target)
    if what == "group":
        return bool(arg) and arg == tag_of(target)
    if what == "group_area":
        return bool(arg == area_of(target))
    if what == "step":
        key, delta = arg
        draft = shown.draft()
        want = wanted(state, draft, target).get(key)
        have = draft.picks.get(key, 0) if isinstance(key, tuple) else draft.numbers.get(key, 0)
        return want is not None and (want - have) * delta > 0
    return what not in AWAY


def follow(app: App, shown: Shown, intent: Tap) -> Shown:
    """What the screen would show after a tap on ``intent`` (a Go or a panel's own tap)."""
    if isinstance(intent, Go):
        return replace(shown, scene=intent.scene)
    put(app, shown)
    assert isinstance(intent, Local)
    panel(app, shown.scene).handle(app.state, intent)
    return look(app)


def on_course(state: GameState, shown: Shown, target: Command) -> bool:
    """A Move's groups gathered so far (in either panel, for this decision) are the first of
    ``target``'s."""
    if not isinstance(target, c.Move):
        return True
    groups = list(target.groups)
    return all(d.pending == groups[: len(d.pending)] for d in (shown.table, shown.map) if d.step == state.step)


def plan(app: App, target: Command) -> list[Tap] | None:
    """The fewest taps from what the App shows now to ``target`` sent (the intents in order), or
    None when the screen offers no way to it.  The App is left showing what it showed.

    The screen in view is walked first; then, where that takes more than two taps or finds no
    way, the table's and the map's screens together, up to one tap fewer (a way through the
    other screen costs the tap that goes there: a start area is two taps on the map, three
    through the table's list of areas grouped by region)."""
    here = walk(app, target, (app.scene_name,), MAX_NODES)
    if here is not None and len(here) <= 2:
        return here
    both = walk(app, target, SCENES, MAX_NODES, len(here) - 1 if here is not None else MAX_NODES)
    return both or here


def walk(app: App, target: Command, scenes: tuple[str, ...], nodes: int, depth: int = MAX_NODES) -> list[Tap] | None:
    """:func:`plan`'s breadth-first walk through ``scenes``: up to ``nodes`` different screens
    looked at, ways of up to ``depth`` taps."""
    start, goal, words = look(app), Submit(target), mentioned(target) | where(app.state, target)
    queue: deque[tuple[Shown, list[Tap]]] = deque([(start, [])])
    seen = {start.key()}
    try:
        while queue and len(seen) < nodes:
            shown, path = queue.popleft()
            put(app, shown)
            buttons = offers(app)
            if any(b.intent == goal for b in buttons):
                return [*path, goal]
            if len(path) + 1 >= depth:
                continue  # a way on from here would be longer than allowed
            tried: set[str] = set()
            for intent in (b.intent for b in buttons):
                if isinstance(intent, Go) and intent.scene not in scenes:
                    continue
                if repr(intent) in tried or not worth(app, shown, intent, target, words):
                    continue
                tried.add(repr(intent))
                child = follow(app, shown, intent)
                if child.key() not in seen and on_course(app.state, child, target):
                    seen.add(child.key())
                    queue.append((child, [*path, intent]))
        return None
    finally:
        put(app, start)


def press(app: App, intent: Tap) -> None:
    """Tap the button of the frame drawn now whose intent is ``intent``, at its centre, as a
    finger would (it must be the topmost there).  The buttons are the scene's layout for what it
    shows now (the frame's own; :func:`enter` draws the frame each decision starts from)."""
    scene = app.scenes[app.scene_name]
    scene.update(app.view())
    buttons = scene.buttons
    button = next((b for b in reversed(buttons) if b.enabled and b.intent == intent), None)
    if button is None:
        raise NotATap(f"no button {intent!r} on the {app.scene_name} screen")
    if not topmost(buttons, button):
        raise NotATap(f"{button.label!r} lies under another button")
    app.tap(button.rect.center)


def faces(app: App, values: tuple[int, ...]) -> Iterator[Tap]:
    """The die pad's taps for ``values`` (dice already entered cleared first)."""
    if app.dice:
        yield DieFace(None)
    yield from (DieFace(value) for value in values)


def peeked(state: GameState, target: Command, path: list[Tap]) -> list[Tap]:
    """``path`` with a hold on "Hold to peek" before its last tap where the holder must see
    which hidden Elder Sign is worth what (the signs' buttons name their places, not values)."""
    hidden = state.player(target.player).elder_signs if isinstance(target, c.RevealElderSign) else ()
    if len(set(hidden)) > 1 and state.options.digital_elder_signs:
        return [*path[:-1], PEEK, path[-1]]
    return path


def enter(app: App, target: Command) -> int:
    """Enter ``target`` by taps from the table screen; the taps it took (a tap back to the table
    screen first, from where the last command left the App, is not counted).  Raises
    :class:`NotATap` when the screen offers no way to it, or the taps did not bring it to the
    table."""
    session = table_of(app).session
    if app.scene_name != "table":
        press(app, Go("table"))
    app.draw()
    assert app.state is session.state, "the screen is behind the table"
    before = session.seq
    if isinstance(target, c.Roll) and target.values is not None:
        path: list[Tap] | None = list(faces(app, target.values))
    else:
        path = plan(app, target)
    if path is None:
        raise NotATap(f"no taps on the screen reach {target!r} ({app.state.prompt.kind.value})")
    path = peeked(app.state, target, path)
    for intent in path:
        press(app, intent)
        if intent == PEEK:
            app.release()  # the finger lifts: the values hide again
    if session.seq == before:
        raise NotATap(f"the taps {path!r} did not enter {target!r}")
    return len(path)
