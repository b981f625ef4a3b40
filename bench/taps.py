"""Taps per action: a scripted game entered on the touchscreen, counted by kind of action.

``python -m bench.taps`` plays a seeded 4-player Yuggoth game through the App headless (SDL's
dummy driver) with synthetic taps.  At each action turn a scripted player picks what to do (a
rotation over recruit, summon, awaken, build, a one-group Move and a battle, whichever is
possible; otherwise any legal action), then a driver enters exactly that command by tapping
the buttons on the screen, as a person would, counting every tap until the journal holds it.
Rolls, directions and casualties are answered too but not counted.  The figures (median, p90
per kind) go to docs/ui.md beside the figures measured on the screen before issue 18.

With ``strict`` (:func:`run`), every step of the game must be a tap on the screen: a prompt
the screen could not answer, or a command the driver could not enter, raises :class:`NotATap`
(tests/ui/test_whole_game.py plays a whole game so).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion import demo
from companion.appliance import LocalClient, screen_only
from companion.engine import Command, legal_commands
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.events import BattleRolled
from companion.engine.cthulhu.model import GameState, Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Table
from companion.ui.app import App
from companion.ui.backlight import Backlight
from companion.ui.map_scene import MapScene
from companion.ui.scene import Go, Page, Submit
from companion.ui.table_scene import TableScene
from companion.ui.turn_panel import Local, area_answers, summonable
from companion.ui.widgets import Button

KINDS = ("recruit", "summon", "awaken", "build", "move", "battle")
TARGETS = {"recruit": 3, "summon": 3, "awaken": 3, "build": 3, "move": 3, "battle": 5}
MAX_TAPS = 40  # a driver that has not entered the command by then has failed
OUTPUT = Path("docs/ui.md")

# Measured with this script's paged driver on the screen before issue 18 (main at 9382dfa, the
# prompt as pages of buttons with "More"): kind -> (actions, median, p90, actions not enterable).
BEFORE: dict[str, tuple[int, float, float, int]] = {
    "recruit": (7, 2, 2, 0),
    "summon": (71, 3, 6, 0),
    "awaken": (0, float("nan"), float("nan"), 10),
    "build": (15, 1, 8, 0),
    "move": (117, 5, 9, 0),
    "battle": (0, float("nan"), float("nan"), 24),
}


@dataclass
class Tally:
    taps: dict[str, list[int]] = field(default_factory=lambda: {k: [] for k in KINDS})
    impossible: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))


def table_of(app: App) -> Table[Any]:
    """The table behind the screen's client (the tests and the bench enter their set-up there)."""
    client = app.client
    assert isinstance(client, LocalClient)
    return client.table


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


class NotATap(AssertionError):
    """A step of a game that the screen could not take by taps (a strict run's failure)."""


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


def paged(app: App, target: Command) -> int | None:
    """The screen before issue 18: one button per legal choice, in pages with "More"."""
    app.scene_name = "table"
    taps, seen = 0, 0
    while taps < MAX_TAPS:
        shown = buttons(app)
        hit = next((b for b in shown if isinstance(b.intent, Submit) and b.intent.command == target), None)
        if hit is not None:
            tap(app, hit)
            return taps + 1
        more = next((b for b in shown if isinstance(b.intent, Page)), None)
        seen += 1
        if more is None or seen > 60:
            return None
        tap(app, more)
        taps += 1
    return None


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
        index = next(i for i, command in answers.items() if command == first)
        tap_area(app, index)
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


def play(driver: Driver, *, seed: int = 5, actions: int = 240, size: tuple[int, int] = (800, 480)) -> Tally:
    """Play the scripted game through ``driver``; the taps it took per kind."""
    setup = demo.demo_setup(seed, "yuggoth-demo", 4)
    session = GameSession.start(SqliteJournal(":memory:"), "taps", setup.command())
    assert isinstance(session, GameSession)
    app = App(screen_only(session), size=size, backlight=Backlight(Path("/nonexistent")))
    try:
        return run(app, driver, random.Random(seed), actions=actions)
    finally:
        app.close()


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


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(share * len(ordered)))])


def rows(tally: Tally) -> dict[str, tuple[int, float, float, int]]:
    return {
        kind: (
            len(values),
            float(statistics.median(values)) if values else float("nan"),
            percentile(values, 0.9) if values else float("nan"),
            tally.impossible[kind],
        )
        for kind, values in tally.taps.items()
    }


def table(figures: dict[str, tuple[int, float, float, int]]) -> list[str]:
    lines = ["| action | entered | median taps | p90 taps | not enterable on the screen | target |", "|---|---|---|---|---|---|"]
    for kind, (count, median, p90, impossible) in figures.items():
        shown = ("-", "-") if not count else (f"{median:g}", f"{p90:g}")
        lines.append(f"| {kind} | {count} | {shown[0]} | {shown[1]} | {impossible} | <= {TARGETS[kind]} |")
    return lines


SEEDS = (1, 2, 3, 4, 5)


def measure(driver: Driver, seeds: tuple[int, ...] = SEEDS) -> Tally:
    """Every seed's game through ``driver``, tallied together."""
    total = Tally()
    for seed in seeds:
        one = play(driver, seed=seed)
        for kind in KINDS:
            total.taps[kind] += one.taps[kind]
            total.impossible[kind] += one.impossible[kind]
    return total


BEGIN, END = "<!-- bench.taps: begin -->", "<!-- bench.taps: end -->"
HEADER = """## Taps per action

This section is written by `python -m bench.taps` (do not edit it by hand).

Five seeded 4-player Yuggoth games (seeds 1-5) are played through the App headless, with
synthetic taps: at each action turn a scripted player picks an action (a rotation over recruit,
summon, awaken, build, a one-group Move and a battle, whichever is possible), and a driver
enters exactly that command by tapping the screen's buttons as a person would, counting each
tap until the journal holds the command.  The table screen is where every count starts (no
tap to reach it); a battle's count ends at its declaration (the dice follow).
"""


NOTES = """### How a turn is entered

- The table lists the areas where the player to act has units (or, with none, may recruit); the
  map opens any area by a tap.  An area shows only what the engine accepts there now: recruit,
  build a gate, control an abandoned gate, summon, awaken, battle each enemy, capture, battle the
  Watcher, move units from here, bring units here from each neighbour (each probed with
  `apply` before it is offered).
- Summons, awakenings and battles the referee can cost and count (the factions it has rules
  for) are one button each ("Summon Shoggoth", "Awaken Cthulhu", "Battle Crawling Chaos"), at
  the cost and dice it computes.  Where it cannot (a faction without rules, units it does not
  know), a composer takes the cost or both sides' dice by steppers, filled with a first guess.
  A Move: units picked by steppers, then a destination: its name moves now; its "+" keeps the
  group and lets more areas join the same Move, which goes to the table as one command (a
  Shaggai crossing names its sacrifice itself).
- Pass is the last button and asks for a second tap ("Tap again to pass"); any other tap
  disarms it.  Nothing is paged while the choices fit (at 800x480: 12 buttons in the list of
  areas, 16 for an area's choices, which take the whole lower screen); when they ever do not,
  pages are full, with "More".
- A prompt whose answer is an area (a start area, where the Watcher goes to attack, a Worm's,
  a glacier's or the Acolyte's place, a retreat) is answered on the map: only the legal areas
  are lit and take a tap (the others are dimmed and take none); the same choices stay as a
  list beside the map, and the table's list offers "Choose on the map".  (The Watcher's target
  once it has moved is a faction, not an area: that stays a list.)

### Played by taps alone

tests/ui/test_whole_game.py plays a whole 4-player Yuggoth game on the screen: the game chosen
on the Game screen (map, a fourth faction, Start and its confirming tap), then every action by
area as above, every roll by "Roll for me", every casualty, ritual, Spellbook and direction by
its button, and the start area, the Watcher's move and the retreats by a tap on the map, to the
game's end (about 3 s of taps at 800x480).  Its runner (`bench.taps.run(..., strict=True)`)
raises `NotATap` at any step the screen could not take by taps.
tests/ui/test_arkham_phases.py plays ten Arkham Mythos Phases by taps (drawn or picked by
typing, surges and Clues answered, gates closed, an investigator moved).

### Reading the table from 1.5 m

- Whose turn: the faction's name in its colour, 36 px (at 800x480), at the top left.
- Power, Doom, Elder Signs and Spellbooks: 54 px numerals, whose ink is 28 px tall at 800x480
  with up to four players (tests/ui/test_text_fit.py measures the rendered digits); with five
  or more the rows share the height and the numerals shrink with them (about 25 px for five).
- The Doom track: every marker shows its Doom; tied markers sit side by side, each with a line
  to its space.  The ritual track: its costs, the marker's space lit, Instant Death at its end.
- The Watcher as a token (its value in a diamond, lit when awake) with "wakes at the next Doom
  Phase: 17%" (or where it is and "dies at the next Doom Phase"); each Worm with "eradicated at
  the next Doom Phase" and its chance; the last action in words.  These lines flow from beside
  the players into the prompt panel's room below its buttons, at the largest size (up to 20 px
  at 800x480) at which all of them show; a line that could not show would fail the text-fit
  test (it is recorded as cut).

### Nothing cut, nothing overlapping

Every line of text goes through `widgets.text`, which can record where it went, what was asked
and what was shown.  tests/ui/test_text_fit.py draws the table, the map, every area's choices
and composers, the set-up prompts, a battle's die pad, the area editor and the log at 800x480,
1024x600, 1280x720 and 720x1280, on every playable shipped map, with the longest faction name and
a 30-character player name, and every prompt met in whole seeded Yuggoth, Shaggai and Primeval
games; it fails on a line cut or ellipsised, off the screen, outside its button, or over another
line.  tests/ui/test_screens_fit.py does the same for Settings (with a long notice), the new-game
screen (eight factions with the longest names, the faction picker, a set-up problem, the
confirming Start, Arkham Horror's Ancient Ones, the Rules options chooser with every option
offered, off and on, and the heading naming them all), the map builder (the longest real area name,
every mark, its keyboard) and the factions' sheets, and fails on buttons off the screen or over
one another; the Arkham screens and both corrections pages are checked from the same record (the
Cthulhu Wars page also with the High Priests, neutral Spellbooks and Abhoth options on, every
chooser's every page, and a table of eight's captured cultists and High Priests, whose steppers
go to further pages, "More", once the editor's columns would be too narrow for their names; six
cultists of each of seven players held, 42, and the preview beside them still whole, in English
and German, one phrase a victim, "6 cultists (one a High Priest) of Yellow Sign", its size
stepping down from 22 to 19 or 17 px when the words need it:
tests/ui/test_captured_high_priests_taps.py, tests/ui/test_corrections_neutral_books_and_priests.py;
the Loyalty Cards editor, and every editor's preview and the on-screen keyboard with a reason typed
at its 60-character limit ("Other..."): tests/ui/test_corrections_loyalty_and_typed_reason.py).
A stepper reads in the preview's words and units: the ritual marker's "space 1 of 7" (the command
counts from 0), revealed Elder Signs counted per value and unnamed Spellbooks counted, as their
steppers count them.
Lines wrap at spaces, never at a no-break space ("Sneak 4" stays whole; the battle odds, the
Watcher's and the Worms' chances and the sheets' lines hold each figure to its words, "4 dice",
"at least one Kill 60%", "Doom Phase: 52%", tests/ui/test_battle_odds.py).  Map
labels are placed (`map_layout.place_labels`) beside their circle where no other label or circle
is, shrinking and wrapping before they would collide, and a margin in from the screen's edge
(tests/ui/test_map_label_sizes.py).  A button label that needs three lines (an area's long name
in a narrow column, "Bring units from North America West") wraps whole, its row of buttons
growing to hold it (tests/ui/test_turn_panel_fit.py walks every area's choices of a seeded late
game).  The factions' sheets sit side by side while each fits whole (up to four); with five or
more, or a sheet too long, a tab per faction opens one sheet across the screen, its sections in
columns (tests/ui/test_faction_sheet_fit.py draws 3 to 8 factions with the longest requirements).
""".splitlines()


def write_section(section: str) -> None:
    """Put ``section`` in docs/ui.md in place of the last one written (at the end the first
    time); the rest of the file is other people's and stays as it is."""
    old = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else "# The screen\n"
    if BEGIN in old and END in old:
        new = old[: old.index(BEGIN)] + section + old[old.index(END) + len(END) :]
    else:
        new = old.rstrip("\n") + "\n\n" + section + "\n"
    OUTPUT.write_text(new, encoding="utf-8")


def main() -> int:
    after = rows(measure(by_area))
    lines = [
        HEADER,
        "### Now: tap an area, then what to do there (steppers for counts, costs and dice)",
        "",
        *table(after),
        "",
        '### Before (main at 9382dfa: the prompt as pages of two buttons with "More")',
        "",
        *table(BEFORE),
        "",
        "Before, awakening a Great Old One and declaring a battle had no button at all (the legal",
        "list offered neither); only the generic Monster at cost 2 could be summoned, and one unit",
        "moved at a time.  (The engine has since learnt the factions' costs and combat, so the",
        "scripted players' choices, and the counts of actions, differ between the two runs.)",
        "",
        *NOTES,
    ]
    write_section("\n".join([BEGIN, *lines, END]))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
