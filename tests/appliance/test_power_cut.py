"""A few power cuts on every commit (the full run is `make soak`, into docs/reliability.md).

The cuts land on bench/fuse_cut.py, a FUSE file system that forgets every write not yet fsynced;
where FUSE cannot be mounted (no /dev/fuse, no fusermount3, no pyfuse3) they are skipped with the
reason (`make system-deps` installs fuse3 and python3-pyfuse3).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.power_cut import CutDisk, fuse_unavailable, recorded_game, run, sqlite_clean, verify
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game

TRIALS = 10
needs_fuse = pytest.mark.skipif(fuse_unavailable() is not None, reason=f"no FUSE mount here: {fuse_unavailable()}")
needs_redis = pytest.mark.skipif(
    shutil.which("redis-server") is None, reason="redis-server is not installed (make test installs it)"
)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[CutDisk]:
    disk = CutDisk(tmp_path / "image", tmp_path / "mount")
    disk.mount()
    yield disk
    disk.close()


def write(path: Path, data: bytes, *, sync: bool) -> None:
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_APPEND, 0o600)
    try:
        os.write(fd, data)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def reboot(disk: CutDisk) -> None:
    disk.cut()
    disk.unmount()
    disk.mount()


@needs_fuse
def test_a_cut_keeps_what_was_fsynced_and_forgets_the_rest(disk: CutDisk) -> None:
    where = disk.mountpoint
    write(where / "kept", b"synced", sync=True)
    write(where / "kept", b" then not", sync=False)
    write(where / "named", b"never synced", sync=False)  # its name is committed by the fsync below
    write(where / "other", b"x", sync=True)
    (where / "later").write_bytes(b"after the last fsync")
    assert (where / "kept").read_bytes() == b"synced then not"  # before the cut, reads see everything
    reboot(disk)
    assert (where / "kept").read_bytes() == b"synced"
    assert (where / "named").read_bytes() == b""  # ext4: the name survives, unsynced data does not
    assert not (where / "later").exists()


@needs_fuse
def test_a_hard_link_and_a_directory_fsync_make_a_name_durable(tmp_path: Path) -> None:
    disk = CutDisk(tmp_path / "image", tmp_path / "mount", names="strict")
    disk.mount()
    try:
        write(disk.mountpoint / "new", b"whole", sync=True)
        os.link(disk.mountpoint / "new", disk.mountpoint / "journal")  # how a journal is put in place
        (disk.mountpoint / "new").unlink()
        assert (disk.mountpoint / "journal").stat().st_nlink == 1
        fd = os.open(disk.mountpoint, os.O_RDONLY)
        os.fsync(fd)
        os.close(fd)
        reboot(disk)
        assert sorted(p.name for p in disk.mountpoint.iterdir()) == ["journal"]
        assert (disk.mountpoint / "journal").read_bytes() == b"whole"
    finally:
        disk.close()


@needs_fuse
def test_after_a_cut_nothing_more_is_written(disk: CutDisk) -> None:
    write(disk.mountpoint / "f", b"a", sync=True)
    disk.cut()
    with pytest.raises(OSError):
        write(disk.mountpoint / "f", b"b", sync=True)
    disk.unmount()
    disk.mount()
    assert (disk.mountpoint / "f").read_bytes() == b"a"


@needs_fuse
def test_a_torn_cut_keeps_a_prefix_of_the_unsynced_writes(disk: CutDisk) -> None:
    everything = b"s" + b"".join(bytes([65 + n % 26]) * 700 for n in range(40))
    kept = []
    for seed in range(6):
        name = f"f{seed}"
        write(disk.mountpoint / name, b"s", sync=True)
        for n in range(40):
            write(disk.mountpoint / name, bytes([65 + n % 26]) * 700, sync=False)
        disk.cut(torn=seed)
        disk.unmount()
        kept.append((disk.image / name).read_bytes())
        disk.mount()
    assert all(everything.startswith(image) and image.startswith(b"s") for image in kept)
    assert len(set(kept)) > 1  # different seeds keep different amounts


@needs_fuse
def test_strict_names_need_the_directory_or_the_file_fsynced(tmp_path: Path) -> None:
    disk = CutDisk(tmp_path / "image", tmp_path / "mount", names="strict")
    disk.mount()
    try:
        (disk.mountpoint / "d").mkdir()
        write(disk.mountpoint / "d" / "f", b"data", sync=True)  # f's name in d, but d's own name is not synced
        reboot(disk)
        assert not (disk.mountpoint / "d").exists()
    finally:
        disk.close()


@needs_fuse
def test_sqlite_keeps_every_acknowledged_command_through_power_cuts() -> None:
    tally = run("sqlite", TRIALS, seed=3, gap_share=0.5)
    assert tally.trials == TRIALS and tally.gap_trials >= 1 and tally.acknowledged >= TRIALS
    assert (tally.lost, tally.unreadable, tally.lost_later, tally.writer_failed) == (0, 0, 0, 0), tally.failures


@needs_fuse
@needs_redis
def test_redis_with_the_shipped_settings_keeps_every_acknowledged_command_through_power_cuts() -> None:
    tally = run("redis", TRIALS, seed=4, gap_share=0.5)
    assert tally.gap_trials >= 1 and tally.acknowledged >= TRIALS
    assert (tally.lost, tally.unreadable, tally.lost_later, tally.writer_failed) == (0, 0, 0, 0), tally.failures


@needs_fuse
@needs_redis
@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_a_torn_unsynced_tail_is_dropped_never_read_as_an_entry(store: str) -> None:
    tally = run(store, 4, seed=6, torn=True)
    assert tally.acknowledged > 0
    assert (tally.lost, tally.unreadable, tally.lost_later, tally.writer_failed) == (0, 0, 0, 0), tally.failures


@needs_fuse
@needs_redis
def test_the_cuts_bite_redis_without_fsync_loses_acknowledged_entries() -> None:
    tally = run("redis", 2, seed=5, durable=False)
    assert tally.acknowledged > 0 and tally.lost > 0


@needs_fuse
def test_the_cuts_bite_sqlite_without_fsync_loses_acknowledged_entries() -> None:
    tally = run("sqlite", 2, seed=5, durable=False)
    assert tally.acknowledged > 0 and tally.lost > 0


def test_the_harness_notices_a_journal_that_does_not_match(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = SqliteJournal(path)
    GameSession.start(journal, "cut", new_game(seed=9))  # a different game than the script's
    journal.close()
    found, sound = verify(str(path), "cut", recorded_game())
    assert found == 1 and not sound
    path.unlink()
    Path(f"{path}-wal").unlink(missing_ok=True)
    path.write_bytes(b"not a database" * 400)
    assert verify(str(path), "cut", recorded_game()) == (0, False)
    (aside,) = tmp_path.glob("journal.sqlite3.damaged-*[0-9]")  # opening it moved it aside whole
    with pytest.raises(Exception, match="not a database"):
        sqlite_clean(aside)
