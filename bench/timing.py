"""Small timing helpers shared by the benchmarks: samples, percentiles, the machine's name."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Figures:
    """Per-call times in microseconds."""

    median: float
    p99: float
    samples: int


def sample(call: Callable[[], object], count: int, warmup: int = 200) -> Figures:
    """Time ``count`` calls one by one (perf_counter_ns); the first ``warmup`` are dropped."""
    for _ in range(warmup):
        call()
    times = []
    clock = time.perf_counter_ns
    for _ in range(count):
        start = clock()
        call()
        times.append((clock() - start) / 1000)
    return figures(times)


def figures(times_us: list[float]) -> Figures:
    ordered = sorted(times_us)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return Figures(statistics.median(ordered), p99, len(ordered))


def machine() -> str:
    """The CPU model, core count, OS and Python, e.g. for the table's heading."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith(("model name", "Model")):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"
