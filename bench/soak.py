"""A long table: at least 10,000 commands through the screen, the buttons and the dice tower.

One process as on the Pi: the app (SDL dummy driver, 800x480) with its table on its own thread,
the simulated tower on a real pty linked like a real one, the panel on gpiozero's mock pins.  The demo's
players make their moves by tapping the screen's buttons; every fifth roll is asked of the roll
button (its mock pin driven), the others come from the tower.  Games follow each other (on
Yuggoth and Shaggai demo layouts) until the count is reached, all in one on-disk SQLite journal.
Sampled: resident memory every 1,000 commands, and each command's time from the tap (or the
tower's frame) to the redrawn screen.

``make soak`` runs it after the power cuts and writes both into docs/reliability.md.
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion import demo
from companion.appliance import Appliance
from companion.engine.cthulhu.model import Phase, PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from companion.table import Table
from companion.ui.app import App, Extras
from companion.ui.scene import Submit
from firmware_bridge.link import LinkState
from hardware.config import panel_config

COMMANDS = 10_000
SAMPLE_EVERY = 1_000
WARM_UP_SAMPLES = 1  # samples before memory counts as warm (the first 1,000 commands)
WAIT = 10.0
MAPS = ("yuggoth-demo", "shaggai-demo")
ROLL_PIN = 4


@dataclass
class Soak:
    commands: int = 0
    games: int = 0
    tower_rolls: int = 0
    button_rolls: int = 0
    rss_mb: list[float] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)


def resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def run(commands: int = COMMANDS) -> Soak:
    soak = Soak()
    rnd = random.Random(11)
    factory = MockFactory(pin_class=MockPWMPin)
    wiring = panel_config(
        {"watcher_light": 18, "worm_light": 23, "doom_bar": [5, 6, 13, 19, 26], "roll_button": ROLL_PIN, "bounce_time": 0.0}
    )
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        journal = SqliteJournal(Path(tmp) / "journal.sqlite3")
        with contextlib.ExitStack() as stack:  # the window demo's house: simulated tower, mock panel
            house = Appliance(new_game(journal, 0), stack)
            house.simulated_tower(seed=11)
            link = house.link
            house.add_panel(wiring, pin_factory=factory)
            house.play_with_bots(seed=11)  # only their losses after a battle: the soak taps the moves
            app = App(house.client(threaded=True), extras=Extras(demo=True))
            table = house.table
            wait(lambda: link.status.state is LinkState.LINKED, app, table)
            next_sample = 0
            while soak.commands < commands:
                if app.state.phase is Phase.GAME_OVER:
                    soak.games += 1
                    table.post_call(lambda: next_game(table, journal, soak.games))
                    wait(lambda: app.state.phase is not Phase.GAME_OVER, app, table)
                if soak.commands >= next_sample:
                    soak.rss_mb.append(resident_mb())
                    next_sample += SAMPLE_EVERY
                step(app, table, rnd, soak, factory)
            soak.rss_mb.append(resident_mb())
            app.close()
        journal.close()
    return soak


def next_game(table: Table[Any], journal: SqliteJournal, n: int) -> None:
    """(On the table's thread.)  Open the next game; the screen follows it."""
    table.open(lambda: new_game(journal, n))


def new_game(journal: SqliteJournal, n: int) -> GameSession:
    setup = demo.demo_setup(n, MAPS[n % len(MAPS)], 4)
    session = GameSession.start(journal, f"soak-{n}", setup.command())
    assert isinstance(session, GameSession)
    return session


def step(app: App, table: Table[Any], rnd: random.Random, soak: Soak, factory: MockFactory) -> None:
    """One command, the way the table gets it: a roll from the tower or the roll button, or a tap."""
    session, shown_state = table.session, app.state
    before, started = session.seq, time.perf_counter()
    if shown_state.prompt.kind is PromptKind.ROLL:
        if rnd.random() < 0.2:
            pin = factory.pin(ROLL_PIN)
            pin.drive_low()
            pin.drive_high()
            soak.button_rolls += 1
        else:
            soak.tower_rolls += 1
        # The tower rolls as soon as it is asked, so its roll may already be journaled (and the
        # table waiting on the screen) when ``before`` is read: wait for the state to move past
        # the roll the screen showed, not for one more entry.
        wait(lambda: session.state is not shown_state, app, table)
    else:
        app.do(Submit(demo.choose(app.state, rnd)))
    wait(lambda: shown(app, table), app, table)  # the command (and any losses it brought) decided, and on the screen
    soak.latencies_ms.append((time.perf_counter() - started) * 1000)
    soak.commands += session.seq - before if session.seq > before else 1


def shown(app: App, table: Table[Any]) -> bool:
    """The table's thread has nothing of the screen's left, and the screen shows where it is."""
    return not table.busy and app.state is table.session.state and not app.dirty


def wait(condition: object, app: App, table: Table[Any]) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError(f"the table did not move within {WAIT:.0f} s: {where(app, table)}")
        pygame.event.wait(5)  # the table's thread wakes the loop when something arrives
        app.tick()


def where(app: App, table: Table[Any]) -> str:
    """What a stuck table was waiting for, for the error."""
    notices = "; ".join(n.text for n in table.notices[-3:])
    link = app.client.tower()
    return (
        f"prompt {table.session.state.prompt}, tower asked {table.tower.requested}, last roll {table.tower.last_roll!r}, "
        f"waiting {len(table.waiting)}, posted {table.posted} decided {table.decided}, link {link}, notices: {notices}"
    )


def report(soak: Soak, seconds: float) -> list[str]:
    lat = sorted(soak.latencies_ms)
    p99 = lat[int(len(lat) * 0.99)]
    rss = soak.rss_mb
    warm = rss[min(WARM_UP_SAMPLES, len(rss) - 1)]
    growth = rss[-1] - warm
    verdict = "meets" if max(rss) < 150 and growth < 5 else "MISSES"
    return [
        "## A long table",
        "",
        f"{soak.commands:,} commands in {seconds:.0f} s over {soak.games + 1} games (Yuggoth and Shaggai demo layouts): "
        f"taps on the screen's buttons, {soak.tower_rolls:,} rolls from the simulated tower over a pty, "
        f"{soak.button_rolls:,} from the roll button's mock pin; one on-disk SQLite journal; the app drawn after each.",
        "",
        "| resident memory (MB) at the start and each 1,000 commands | start | warm | last | growth since warm | peak |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| {' '.join(f'{v:.1f}' for v in rss)} | {rss[0]:.1f} | {warm:.1f} | {rss[-1]:.1f} | {growth:+.1f} | {max(rss):.1f} |",
        "",
        f"Warm is after the first {WARM_UP_SAMPLES * SAMPLE_EVERY:,} commands: by then the caches that are full by design "
        "(SQLite's pages, the recent states undo reads, the screen's fonts and map layouts) are full, and growth "
        f"after it is what a long evening would pile up. From the start it is {rss[-1] - rss[0]:+.1f} MB.",
        "",
        f"Command to redrawn screen: median {statistics.median(lat):.2f} ms, p99 {p99:.2f} ms.",
        "",
        f"Verdict: under 150 MB and growing by less than 5 MB once warm: {verdict}.",
        "",
    ]


BY_HAND = "<!-- Written by hand from here on; make soak keeps it. -->"


def main() -> int:
    import argparse

    from bench import power_cut
    from bench.power_cut import ROOT

    parser = argparse.ArgumentParser(description="power cuts, then a long table; writes docs/reliability.md")
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--commands", type=int, default=COMMANDS)
    args = parser.parse_args()
    started = time.monotonic()
    try:
        tallies = power_cut.runs(args.trials)
    except RuntimeError as exc:  # no FUSE here: say why rather than measure kills as power cuts
        print(exc)
        return 2
    cut_seconds = time.monotonic() - started
    started = time.monotonic()
    soak = run(args.commands)
    text = power_cut.report(tallies, cut_seconds) + "\n" + "\n".join(report(soak, time.monotonic() - started))
    target = ROOT / "docs" / "reliability.md"
    written = target.read_text(encoding="utf-8") if target.exists() else ""
    if BY_HAND in written:  # the hand-written part after the figures is kept
        text = text.rstrip("\n") + "\n\n" + written[written.index(BY_HAND) :]
    target.write_text(text, encoding="utf-8")
    print(text)
    return 0 if power_cut.passed(tallies) else 1


if __name__ == "__main__":
    raise SystemExit(main())
