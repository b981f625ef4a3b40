"""Filling a real (tmpfs) disk to its last block, for the full-disk tests (the disk itself is
the small_disk fixture, tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path


def fill(disk: Path) -> Path:
    """Fill ``disk`` to the last block; the filler file."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"x" * 4096)
    except OSError as exc:
        assert exc.errno == 28  # ENOSPC
    finally:
        os.close(fd)
    return filler
