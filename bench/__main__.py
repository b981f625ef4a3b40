"""``python -m bench``: run every benchmark and write docs/performance.md."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bench import (
    battle_bench,
    engine_bench,
    listen_bench,
    startup_bench,
    tap_bench,
    tower_bench,
    ui_bench,
    venue_bench,
    voice_bench,
    web_bench,
)
from bench.timing import machine

OUTPUT = Path("docs/performance.md")
SECTIONS = [
    engine_bench.run,
    battle_bench.run,
    tower_bench.run,
    ui_bench.run,
    tap_bench.run,
    startup_bench.run,
    voice_bench.run,
    web_bench.run,
    listen_bench.run,
    venue_bench.run,
]


def main() -> int:
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    sections: list[str] = []
    loads = [os.getloadavg()[0]]
    for section in SECTIONS:
        print(f"running {section.__module__} ...", file=sys.stderr)
        sections += section()
        loads.append(os.getloadavg()[0])
    lines = [
        "# Performance",
        "",
        "Written by `make bench` (`python -m bench`); do not edit by hand. Every figure stands beside a",
        "floor measured in the same run on the same machine, so the ratios compare across machines.",
        "",
        f"- Machine: {machine()}",
        f"- Measured: {started}",
        # Other work on the machine slows the figures and their floors alike: the ratios hold
        # better than the absolute times.  Say how busy it was.
        f"- Load average (1 min) at the start and after each section: {', '.join(f'{load:.1f}' for load in loads)}",
        "",
        *sections,
    ]
    OUTPUT.write_text("\n".join(lines), encoding="utf-8")
    print(OUTPUT.read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
