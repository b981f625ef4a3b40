"""The command line on storage problems: one line saying what is wrong and what to do, exit 2,
no traceback; a damaged journal moved aside says where it went."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.helpers import new_game
from tests.mounts import fill


def companion(*args: str, state: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_STATE_DIR": str(state), "COMPANION_CONFIG_DIR": str(state.parent / "config")}
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True, text=True, timeout=60)


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


def played(state: Path) -> None:
    with SqliteJournal(state / "journal.sqlite3") as journal:
        assert isinstance(GameSession.start(journal, "evening", new_game()), GameSession)


def test_export_into_a_missing_folder_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    state = tmp_path / "state"
    played(state)
    target = tmp_path / "no" / "such" / "folder" / "evening.jsonl"
    done = companion("export", "evening", "-o", str(target), state=state)
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert f"the folder {target.parent} does not exist" in line and "mkdir -p" in line
    assert not (tmp_path / "no").exists()


def test_export_writes_the_file_whole(tmp_path: Path) -> None:
    state = tmp_path / "state"
    played(state)
    target = tmp_path / "evening.jsonl"
    assert companion("export", "evening", "-o", str(target), state=state).returncode == 0
    assert target.read_text().count("\n") == 1 and not list(tmp_path.glob(".*.partial"))


def test_export_onto_a_folder_is_one_line(tmp_path: Path) -> None:
    state = tmp_path / "state"
    played(state)
    done = companion("export", "evening", "-o", str(tmp_path), state=state)
    assert done.returncode == 2 and "cannot be written" in one_line(done.stderr)


def test_a_missing_state_directory_is_created(tmp_path: Path) -> None:
    state = tmp_path / "not" / "yet" / "state"
    done = companion("games", state=state)
    assert done.returncode == 0 and "No stored games yet" in done.stdout and (state / "journal.sqlite3").exists()


def test_a_damaged_journal_on_the_command_line_is_moved_aside_and_said(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "journal.sqlite3").write_bytes(b"")
    done = companion("games", state=state)
    assert done.returncode == 0 and "No stored games yet" in done.stdout
    line = one_line(done.stderr)
    assert "was damaged (it is cut to 0 bytes)" in line and "moved aside whole to" in line
    (aside,) = state.glob("journal.sqlite3.damaged-*[0-9]")
    assert aside.read_bytes() == b""


def test_a_read_only_state_folder_is_one_line(read_only_view: tuple[Path, Path]) -> None:
    _, view = read_only_view
    subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], check=True)
    done = companion("games", state=view / "state")
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert "cannot be created (Read-only file system)" in line and "writable" in line


def test_export_onto_a_full_disk_is_one_line_and_leaves_no_half_file(tmp_path: Path, small_disk: Path) -> None:
    state = tmp_path / "state"
    played(state)
    fill(small_disk)
    done = companion("export", "evening", "-o", str(small_disk / "evening.jsonl"), state=state)
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert "cannot be written (No space left on device)" in line and "nothing was exported" in line
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]
