"""Taps per action type in whole games of every faction, written into docs/ui.md (issue 33).

``python -m bench.taps`` plays every game of :mod:`bench.tap_games` (the ten factions the
referee plays, 3 to 5 players a game, the abilities on) with seeds 1-5 through the App headless
(SDL's dummy driver) at 800x480: a scripted player picks each command, and
:func:`bench.tap_driver.enter` enters exactly that command by the fewest taps through the
screen's own offers, counting them.  The figures (median and p90 taps per action type, every
type met, with the issue's targets) go between this section's markers in docs/ui.md, beside the
figures measured on the screen before issue 18.  A command no taps reach is counted as not
enterable (and entered for the table, so the game goes on).

The older rotation over the core actions (tests/ui/test_whole_game.py's game) is
:mod:`bench.tap_rotation`; its names are kept here for the tests that use them.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import textwrap
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bench.tap_driver import NotATap, table_of
from bench.tap_games import GAMES, Tally, app_for, measure, play
from bench.tap_rotation import by_area, run, tap_area

__all__ = ["NotATap", "by_area", "main", "run", "table_of", "tap_area"]

SEEDS = (1, 2, 3, 4, 5)
OUTPUT = Path("docs/ui.md")
# Issue 33's targets: the median taps of these action types at most this many.
TARGETS = {"recruit": 3, "summon": 3, "awaken": 3, "build_gate": 3, "move": 3, "battle": 5, "move (2 groups)": 6}
Row = tuple[int, float, float, int]  # (entered, median taps, p90 taps, not enterable)

# Measured with this script's paged driver on the screen before issue 18 (main at 9382dfa, the
# prompt as pages of buttons with "More"): kind -> (actions, median, p90, actions not enterable).
BEFORE: dict[str, Row] = {
    "recruit": (7, 2, 2, 0),
    "summon": (71, 3, 6, 0),
    "awaken": (0, float("nan"), float("nan"), 10),
    "build": (15, 1, 8, 0),
    "move": (117, 5, 9, 0),
    "battle": (0, float("nan"), float("nan"), 24),
}


BEFORE_TARGETS = {"recruit": 3, "summon": 3, "awaken": 3, "build": 3, "move": 3, "battle": 5}


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(share * len(ordered)))])


def rows(tally: Tally) -> dict[str, Row]:
    """Each action type met: the targeted ones first (in :data:`TARGETS`' order), then the rest
    by name."""
    kinds = sorted(
        set(tally.taps) | set(tally.impossible),
        key=lambda k: (k not in TARGETS, list(TARGETS).index(k) if k in TARGETS else 0, k),
    )
    out: dict[str, Row] = {}
    for kind in kinds:
        values = tally.taps.get(kind, [])
        median = float(statistics.median(values)) if values else float("nan")
        out[kind] = (len(values), median, percentile(values, 0.9) if values else float("nan"), tally.impossible[kind])
    return out


def target_words(target: int | None, median: float) -> str:
    if target is None:
        return "-"
    return f"<= {target} ({'met' if median <= target else 'missed'})"


def table(figures: dict[str, Row], targets: dict[str, int]) -> list[str]:
    lines = ["| action | entered | median taps | p90 taps | not enterable | target |", "|---|---|---|---|---|---|"]
    for kind, (count, median, p90, impossible) in figures.items():
        shown = ("-", "-") if not count else (f"{median:g}", f"{p90:g}")
        lines.append(f"| {kind} | {count} | {shown[0]} | {shown[1]} | {impossible} | {target_words(targets.get(kind), median)} |")
    return lines


BEGIN, END = "<!-- bench.taps: begin -->", "<!-- bench.taps: end -->"
HEADER = """## Taps per action

This section is written by `python -m bench.taps` (do not edit it by hand).

The games of bench/tap_games.py are each played with seeds {seeds} through the App headless at
800x480:

{games}

At each decision a scripted player picks a command the engine takes: in half the action turns
the action type entered least so far (so the factions' abilities and Spellbooks come up),
otherwise as the demo's players would; when a player who is not prompted may act (Devolve, an
Elder Sign in the Doom Phase ...), that player does so 30% of the time, by their own control; a
quarter of the rolls are entered face by face on the die pad.  bench/tap_driver.py then enters
exactly that command by the fewest taps through what the screen offers (a walk of the buttons
each tap would show, on the table screen and the map, each found by its intent), counting every
tap until the journal holds the command.  Every count starts on the table screen with nothing
open; a battle's ends at its declaration (its dice are rolls).  A type's name is the command's
journal tag; "(out of turn)" marks a command of a player who was not prompted.
"""


def header() -> str:
    games = "\n".join(f"- {name}: {', '.join(f.label for f in game.factions)} on {game.map}" for name, game in GAMES.items())
    return HEADER.format(games=games, seeds=f"{SEEDS[0]}-{SEEDS[-1]}")


def summary(figures: dict[str, Row]) -> list[str]:
    """What the table says in words: how much was entered, and what was not."""
    entered = sum(row[0] for row in figures.values())
    missing = {kind: row[3] for kind, row in figures.items() if row[3]}
    lines = [f"{entered} commands of {len(figures)} action types were entered."]
    if missing:
        words = ", ".join(f"{kind} {count}" for kind, count in missing.items())
        lines.append(f"No taps reached {sum(missing.values())} of them ({words}).")
        lines += [
            "Each is a step the screen does not offer: bench/tap_driver.py's `enter` names it (NotATap),",
            "as tests/ui/test_whole_games.py does for its games, which must have none.",
        ]
    return lines


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
- A Move: one unit of the first stack is picked; a stack's name picks one of it alone, steppers
  count (never the units a group of the same Move already takes: 4 of 6 Acolytes gathered, the
  row says 2 and "+" stops at 2; none left, the row is dimmed); then a destination (the
  neighbours first): its name moves now, its "+ group" keeps the group and lets more areas join
  the same Move, which goes to the table as one command (a Shaggai crossing names its sacrifice
  itself).  While a Move is gathered an area's tap opens its units at once, and "Drop the move"
  follows the areas.  Stacks beyond the composer's rows are paged ("More units").
- On the map the composer's destinations are ringed too (the area the units leave in white),
  those the engine takes the whole Move to: a tap on one sends what its "-> Area" sends, the
  groups gathered so far included (the area, "Move units from here...", the circle: 3 taps, as
  by the list); a tap on any other area says why in the map's heading ("South Pacific is not
  adjacent to North America.", the engine's sentence) and changes nothing.  "+ group" stays in
  the list beside the map: a long press is not on every panel, and a mode ("the next tap adds a
  group") would cost the tap the list's "+ group" saves and let one ring mean two things; so a
  tap on the map always ends the Move, and a split gathers its first groups by "+ group" and
  taps its last destination.  Destinations under the panel are in its list only, named first.
- Pass is the last button and asks for a second tap ("Tap again to pass"); any other tap
  disarms it.  A list the panel cannot hold is paged, full pages with "More (n/m)" (the
  table's larger type: at 800x480 its list of areas, and a Move's destinations beside the
  stacks, four buttons a page).
- A prompt whose answer is an area (a start area, where the Watcher goes to attack, a Worm's,
  a glacier's or the Acolyte's place, a retreat) is answered on the map: only the legal areas
  are lit and take a tap (the others are dimmed and take none); the same choices stay as a
  list beside the map, and the table's list offers "Choose on the map".  (The Watcher's target
  once it has moved is a faction, not an area: that stays a list.)

""".splitlines()


PLAYED = """tests/ui/test_whole_games.py sets up each game above on the new-game screen by taps (the map,
the factions in seat order, the independents and neutral monsters, the rules options, Start and
its confirming tap) and plays it to its end by taps alone, at its own seed: every command the
scripted player picks goes through `bench.tap_driver.enter`, and any step no tap on an offered
button or map area takes raises `NotATap`.  The games end by their own rules (no round
limit; rounds, commands entered, CPU seconds of the headless App): {games}.  It also checks
that every seated faction entered commands of its own (abilities, Spellbooks) and that
out-of-turn commands, both kinds of roll, rituals and Elder Signs were entered.
tests/ui/test_whole_game.py plays a 4-player Yuggoth game the older way (bench/tap_rotation.py:
the core actions by area, the start area, the Watcher's move and the retreats tapped on the
map).  tests/ui/test_arkham_phases.py plays ten Arkham Mythos Phases by taps (drawn or picked by
typing, surges and Clues answered, gates closed, an investigator moved).
"""


LATER = """### Reading the table from 1.5 m

- Whose turn: the faction's name in its colour, 36 px (at 800x480), at the top left.
- Power, Doom, Elder Signs and Spellbooks: 54 px numerals, whose ink is 28 px tall at 800x480
  with up to five players (tests/ui/test_text_fit.py measures the rendered digits); with six,
  50-54 px (ink 26 px = 5.04 mm: a row is never under 39 px while the rows differ).
- The players' names: bold, on up to two lines, at 37-40 px (3.5 mm) where the row holds them so.
  The players' side takes 55% of the screen's width, and up to 60% as far as that takes more
  names to 37 px (`TableScene.players_split`; no further: the prompt and the last action keep the
  rest): with up to four players every faction's name reads at 3.5 mm ("Opener of" needs 142 px
  of room, "Windwalker" 165).  From five players the Doom track is on the Detail screen (each
  player's Doom stays in its column) and the rows take its 53 px; where even rows do not hold
  every name at 37 px, a name that needs two lines gets a 59 px row and a one-line name's row
  gives the room up, down to 39 px; what is left goes to the lowest rows first, up to 50 px (an
  out-of-turn name's 48 px button: English six players get it, German six 44 px), then evenly
  (`TableScene.row_heights`, tests/ui/test_out_of_turn_touch.py).  So every faction's name reads
  at 37-40 px with five and six players too (tests/ui/test_names_read.py).  From six players
  the ritual track is on the Detail screen too and the rows take its 33 px: German's staggered
  headings take 20 px more than English's, and six German players with the three longest names
  needed 294 px for three two-line rows and three at 39 px, with 284 left (30 px names).  A
  player who passed: the name dimmed, "passed" in their Power column
  (tests/ui/test_passed_marked.py).
- The Doom track (up to four players; from five on the Detail screen): every marker shows its
  Doom; tied markers sit side by side, each with a line to its space.  The ritual track (up to
  five players; from six on the Detail screen, and the ritual prompt says its cost): its costs,
  the marker's space lit, Instant Death at its end.
- The last action, in words, below the prompt, at 37-40 px (3.5 mm): whole, else by its first
  words ended by "…" ("Last: Opener of the Way rolls 0 combat dice in Slime Sea East…": a
  faction's or an area's name is never cut, nor is a bracket, and the cut does not end one word
  into a clause or on "in", "of", "from"); with no room for a line at 37 px it is left to Details,
  which shows it whole (`TableScene.status_plan`, tests/ui/test_last_action_read.py).  With three
  players a long prompt's squeezed status takes the screen's width below the rows.  A battle's
  odds go first, at their own size (28 px at least), and always show.
- On Details: the Watcher as a token (its value in a diamond, lit when awake) with "wakes at the
  next Doom Phase: 17%" (or where it is and "dies at the next Doom Phase"); each Worm with
  "eradicated at the next Doom Phase" and its chance.

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
labels are placed (`map_layout.place_labels`) where `map_layout.settle` made room for them, else
beside their circle where no other label or circle is, shrinking only before they would collide,
and a margin in from the screen's edge (tests/ui/test_map_label_sizes.py).  A button label that
needs three lines (an area's long name in a narrow column, "Bring units from North America West") wraps whole, its row of buttons
growing to hold it (tests/ui/test_turn_panel_fit.py walks every area's choices of a seeded late
game).  The factions' sheets sit side by side while each fits whole (up to four); with five or
more, or a sheet too long, a tab per faction opens one sheet across the screen, its sections in
columns (tests/ui/test_faction_sheet_fit.py draws 3 to 8 factions with the longest requirements).
""".splitlines()


# Headings this bench wrote once (its figures before issue 33's whole games): not others' work.
RETIRED = {"### Now: tap an area, then what to do there (steppers for counts, costs and dice)"}


def subsections(text: str) -> list[tuple[str, str]]:
    """``text`` cut at its "### " headings: (heading, its text) in order ("" for the text before
    the first)."""
    parts: list[tuple[str, str]] = [("", "")]
    for line in text.splitlines(keepends=True):
        if line.startswith("### "):
            parts.append((line.strip(), ""))
        heading, body = parts[-1]
        parts[-1] = (heading, body + line)
    return parts


def with_others(section: str, old: str) -> str:
    """``section`` with the subsections others wrote between the markers (a "### " heading this
    bench does not write, nor wrote once: :data:`RETIRED`), each kept after the subsection of
    this bench's it followed."""
    new = subsections(section)
    ours = {heading for heading, _ in new}
    after: dict[str, list[str]] = {}
    last = ""
    for heading, body in subsections(old):
        if heading in ours:
            last = heading
        elif heading not in RETIRED:
            after.setdefault(last, []).append(body.rstrip("\n") + "\n\n")
    out = []
    for heading, body in new:
        out.append(body)
        out += after.get(heading, [])
    return "".join(out)


def write_section(section: str) -> None:
    """Put ``section`` in docs/ui.md between the markers, in place of the last one written (at
    the end the first time); the rest of the file is other people's and stays as it is, and so
    do the subsections others added between the markers (:func:`with_others`)."""
    old = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else "# The screen\n"
    if BEGIN in old and END in old:
        body = with_others(section, old[old.index(BEGIN) + len(BEGIN) : old.index(END)])
        new = old[: old.index(BEGIN)] + BEGIN + body + old[old.index(END) :]
    else:
        new = old.rstrip("\n") + "\n\n" + BEGIN + section + END + "\n"
    OUTPUT.write_text(new, encoding="utf-8")


def played() -> list[str]:
    """The "Played by taps alone" subsection, with each of the tests' games measured now: its
    rounds, commands and seconds of taps (headless, CPU time, without the new-game screen)."""
    figures = []
    for name, game in GAMES.items():
        clock = time.process_time()
        app = app_for(game)
        try:
            tally = play(app, random.Random(game.seed))
            rounds = table_of(app).session.state.round
        finally:
            app.close()
        commands = sum(map(len, tally.taps.values()))
        figures.append(f"{name}, seed {game.seed}: {rounds} rounds, {commands} commands, {time.process_time() - clock:.1f} s")
    words = PLAYED.format(games="; ".join(figures))
    return ["### Played by taps alone", "", *textwrap.wrap(words, 96, break_on_hyphens=False)]


def main() -> int:
    figures = rows(measure(SEEDS, strict=False))
    lines = [
        header(),
        "### Every action type entered, all ten factions",
        "",
        *table(figures, TARGETS),
        "",
        *summary(figures),
        "",
        '### Before (main at 9382dfa: the prompt as pages of two buttons with "More")',
        "",
        *table(BEFORE, BEFORE_TARGETS),
        "",
        "Before, awakening a Great Old One and declaring a battle had no button at all (the legal",
        "list offered neither); only the generic Monster at cost 2 could be summoned, and one unit",
        "moved at a time.  (Measured then in five seeded 4-player Yuggoth games with a rotation over",
        "these six actions: the counts of actions differ from the games above.)",
        "",
        *NOTES,
        *played(),
        "",
        *LATER,
    ]
    write_section("\n" + "\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
