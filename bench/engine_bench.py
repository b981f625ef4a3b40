"""The spine's figures: ``apply`` of a roll, a durable journal append, and resume time by length.

Floors, measured in the same run: a bare dict update (for ``apply``), a bare ``write`` + ``fsync``
of the same bytes in the same directory (for the append), and resuming a 20-entry game (for
resume at 2,000 and 20,000 entries).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.timing import Figures, sample
from companion.engine import apply, canonical
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import Faction, GameState, UnitKind
from companion.maps import load_map
from companion.session import GameSession
from companion.store import Entry, EntryKind
from companion.store.sqlite import SqliteJournal

ROLLS = 20_000
APPENDS = 1_000
RESUME_RUNS = 15
RESUME_LENGTHS = (20, 2_000, 20_000)
GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"


def roll_state() -> GameState:
    """A battle waiting for the attacker's single die (a typical tower roll)."""
    seats = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT))
    result = apply(None, c.NewGame(load_map("earth-3p"), seats, 1))
    state = result.state  # type: ignore[union-attr]
    for command in (
        c.ChooseDirection(GC, "clockwise"),
        c.Place(CC, c.UnitRef("South Pacific", UnitKind.MONSTER, "Nightgaunt")),
        c.BattleAction(GC, "South Pacific", CC, 1, 1),
    ):
        state = apply(state, command).state  # type: ignore[union-attr]
    return state


def bench_apply() -> tuple[Figures, Figures]:
    state = roll_state()
    roll = c.Roll((6,), "tower")
    assert apply(state, roll).ok
    measured = sample(lambda: apply(state, roll), ROLLS)
    table: dict[str, int] = {}
    floor = sample(lambda: table.__setitem__("die", 6), ROLLS)
    return measured, floor


def bench_append(folder: Path) -> tuple[Figures, Figures]:
    journal = SqliteJournal(folder / "append.sqlite3")
    journal.create_game("g", "bench", 0.0)
    command = canonical(c.Roll((6,), "tower"))
    events = '[{"die":"d6","player":"great_cthulhu","purpose":"battle","source":"tower","type":"dice_rolled","values":[6]}]'
    seq = iter(range(1, APPENDS * 2 + 1000))

    def append() -> None:
        n = next(seq)
        journal.append("g", Entry(n, EntryKind.COMMAND, n - 1, n, n, (), command, events, 0.0))

    measured = sample(append, APPENDS, warmup=50)
    journal.close()
    payload = (command + events).encode()
    fd = os.open(folder / "floor.bin", os.O_CREAT | os.O_WRONLY | os.O_APPEND, 0o600)

    def write_fsync() -> None:
        os.write(fd, payload)
        os.fsync(fd)

    floor = sample(write_fsync, APPENDS, warmup=50)
    os.close(fd)
    return measured, floor


def build_game(path: Path, entries: int) -> None:
    """A stored game of ``entries`` entries (bulk-loaded without fsync: only resume is measured)."""
    journal = SqliteJournal(path, synchronous="OFF")
    seats = tuple(c.Seat(f) for f in (Faction.GREAT_CTHULHU, Faction.CRAWLING_CHAOS, Faction.BLACK_GOAT))
    session = GameSession.start(journal, "g", c.NewGame(load_map("earth-3p"), seats, 1))
    assert isinstance(session, GameSession)
    session.submit(c.ChooseDirection(GC, "clockwise"))
    n = 0
    while session.seq < entries:
        session.submit(c.Correct((GC, CC, BG)[n % 3], "power", n % 13))
        n += 1
    journal.close()


def resume_time(path: Path) -> float:
    """Median wall time (ms) to open the journal and resume its game, over RESUME_RUNS runs."""
    times = []
    for _ in range(RESUME_RUNS):
        start = time.perf_counter()
        journal = SqliteJournal(path, check=False)  # resume alone: the start-up check reads every page (see its docstring)
        GameSession.resume(journal, "g")
        times.append((time.perf_counter() - start) * 1000)
        journal.close()
    return statistics.median(times)


def bench_resume(folder: Path) -> dict[int, float]:
    results = {}
    for length in RESUME_LENGTHS:
        path = folder / f"resume-{length}.sqlite3"
        build_game(path, length)
        results[length] = resume_time(path)
    return results


def run() -> list[str]:
    """Measure everything and return the Markdown section."""
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        folder = Path(tmp)
        apply_figures, dict_floor = bench_apply()
        append_figures, fsync_floor = bench_append(folder)
        resume = bench_resume(folder)
    ratio_resume = resume[20_000] / resume[20]
    return [
        "## The spine: engine, journal, resume",
        "",
        f"`apply` of a one-die roll ({apply_figures.samples:,} calls), a durable SQLite append "
        f"({append_figures.samples:,} appends, WAL + synchronous=FULL, on the disk of the working tree), "
        f"resume by game length (median of {RESUME_RUNS} opens, snapshot every 32 entries).",
        "",
        "| what | median | p99 | floor | floor median | floor p99 | p99 ratio | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        row("apply(roll)", apply_figures, "dict update", dict_floor, "p99 < 100 µs"),
        row("journal append", append_figures, "write + fsync", fsync_floor, "durable before listeners"),
        "",
        "| resume | 20 entries | 2,000 entries | 20,000 entries | 20,000 / 20 | target |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| median ms | {resume[20]:.2f} | {resume[2_000]:.2f} | {resume[20_000]:.2f} | {ratio_resume:.2f}x | within 2x |",
        "",
        f"Verdict: apply p99 {'meets' if apply_figures.p99 < 100 else 'MISSES'} the 100 µs target; "
        f"resume at 20,000 entries {'meets' if ratio_resume <= 2 else 'MISSES'} the 2x target.",
        "",
    ]


def row(name: str, measured: Figures, floor_name: str, floor: Figures, target: str) -> str:
    ratio = measured.p99 / floor.p99 if floor.p99 else float("inf")
    return (
        f"| {name} | {measured.median:.1f} µs | {measured.p99:.1f} µs | {floor_name} | "
        f"{floor.median:.1f} µs | {floor.p99:.1f} µs | {ratio:.1f}x | {target} |"
    )


__all__ = ["run"]


if __name__ == "__main__":
    import sys

    from bench.battle_bench import write_section

    section = run()
    print("\n".join(section))
    if "--write" in sys.argv:
        write_section(section)
