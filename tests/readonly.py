"""A folder made read-only for real, as ProtectSystem=full makes /etc for the service.

As root, chmod does not stop writes, so root gets a read-only bind mount of the folder onto
itself (what systemd does); anyone else gets mode 0555.  Where neither is possible (root in a
container without mount rights) the test is skipped with that reason; the tests that need no
privilege use a path under a regular file (ENOTDIR) instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def read_only(folder: Path) -> Iterator[str]:
    """Make ``folder`` (created if missing) read-only while the block runs; yields how it was done."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield "mode 0555"
        finally:
            folder.chmod(0o755)
        return
    mount = shutil.which("mount")
    if mount is None or subprocess.run([mount, "--bind", str(folder), str(folder)], capture_output=True).returncode:
        pytest.skip("running as root without the right to mount: no way to make a folder read-only here")
    try:
        if subprocess.run([mount, "-o", "remount,ro,bind", str(folder)], capture_output=True).returncode:
            pytest.skip("running as root and a bind mount cannot be made read-only here")
        probe = folder / ".probe"
        with pytest.raises(OSError):
            probe.write_text("x")  # the mount really refuses writes
        yield "read-only bind mount"
    finally:
        subprocess.run(["umount", str(folder)], check=True)
