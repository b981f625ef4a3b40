"""`companion run` starts whatever files it finds, as systemd runs it: STATE_DIRECTORY from
``StateDirectory=``, the config directory only read.  A broken companion.toml (a byte that is
not UTF-8, TOML errors, values of the wrong type) runs on the defaults; broken map files (one of
them shadowing the shipped map the first game is set on) are listed; each problem is one line on
stderr (journald) naming the file and the line, and a notice on the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion import demo
from companion.cli import main
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal
from tests.appliance.service_run import run_until_ready

CONFIGS = {
    "not-utf8": (b'[journal]\nsnapshot_every = 32\n[tower]\nurl = "/dev/caf\xe9"\n', "companion.toml: line 4: not UTF-8 text"),
    "bad-toml": (b"[hardware\n", "companion.toml: line 1: not valid TOML"),
    "wrong-type": (b'[journal]\nsnapshot_every = 32\n\n[tower]\nbaudrate = "fast"\n', "companion.toml: line 5: [tower] baudrate"),
    "section-not-table": (b"tower = 5\n", "companion.toml: line 1: [tower] must be a section"),
    "nul-in-location": (b'[journal]\nlocation = "a\\u0000b"\n', "companion.toml: line 2: [journal] location must be text"),
}


def broken_maps(config: Path, state: Path) -> None:
    """A broken copy of the first game's map, a list as an area name, and bad TOML in the saved maps."""
    (config / "maps").mkdir(parents=True)
    (config / "maps" / "earth-3p.toml").write_bytes(b'[map]\nname = "earth-3p"\ntitle = "Earth \xff"\n')
    listy = '[map]\nname = "listy"\ntitle = "L"\nstatus = "transcribed"\nplayers = [3]\n\n[[area]]\nname = ["A", "B"]\n'
    (config / "maps" / "listy.toml").write_text(listy)
    (state / "maps").mkdir(parents=True)
    (state / "maps" / "saved.toml").write_text("[map]\nname = \n")


@pytest.mark.parametrize("case", sorted(CONFIGS))
def test_the_service_starts_on_broken_files_and_says_which_file_and_line(tmp_path: Path, case: str) -> None:
    content, said = CONFIGS[case]
    config, state = tmp_path / "etc-companion", tmp_path / "var-lib-companion"
    config.mkdir()
    state.mkdir()
    (config / "companion.toml").write_bytes(content)
    broken_maps(config, state)
    # systemd's variable only: no COMPANION_STATE_DIR
    errors = run_until_ready(
        tmp_path, {"COMPANION_CONFIG_DIR": str(config), "STATE_DIRECTORY": str(state)}, drop=("COMPANION_STATE_DIR",)
    )
    assert said in errors and "Running with the default settings" in errors, errors
    assert "earth-3p.toml: line 3: not UTF-8 text" in errors
    assert "listy.toml: line 7: area #1: name must be text" in errors
    assert "saved.toml: line 2: not valid TOML" in errors
    assert "Traceback" not in errors
    journal = SqliteJournal(state / "journal.sqlite3")  # the journal went to STATE_DIRECTORY
    try:
        assert GameSession.resume(journal).state.board.title == "Earth, 3 players"  # the shipped map
    finally:
        journal.close()


def test_every_start_up_problem_reaches_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same code path, in-process: what `companion run` hands the table to show as notices."""
    config = tmp_path / "config"
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(config))
    config.mkdir()
    (config / "companion.toml").write_bytes(b"[ui]\ntheme = 'd\xe9j\xe0 vu'\n")
    broken_maps(config, tmp_path / "state")
    shown: list[str] = []

    def table(
        journal: object,
        config: object,
        game: object,
        size: object,
        fullscreen: object,
        problems: list[str],
        later: Callable[[], list[str]],
    ) -> None:
        shown.extend(problems)
        shown.extend(later())  # after the first frame: the map files' check

    monkeypatch.setattr("companion.appliance.run_table", table)
    assert main(["run"]) == 0
    assert any("companion.toml: line 2: not UTF-8 text" in p and "default settings" in p for p in shown)
    assert any("earth-3p.toml: line 3" in p for p in shown) and any("listy.toml: line 7" in p for p in shown)
    assert all(p.isprintable() for p in shown)  # the font draws every one


def test_a_state_folder_nothing_can_be_written_in_still_starts_the_table_and_says_the_game_is_not_kept(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # a state directory under a file: nothing can be made there
    errors = run_until_ready(
        tmp_path,
        {"COMPANION_CONFIG_DIR": str(tmp_path / "config"), "STATE_DIRECTORY": str(blocker / "state")},
        drop=("COMPANION_STATE_DIR",),
    )
    assert "kept in memory only and is lost when the table stops" in errors and "Traceback" not in errors, errors


def test_a_stored_game_with_a_nul_in_its_names_does_not_stop_the_service(tmp_path: Path) -> None:
    """A journal written before names were checked: a game called "evening\\x00" whose seat is
    named "Cult\\x01". The table starts on it (the names drawn escaped) and no traceback is written."""
    state = tmp_path / "state"
    state.mkdir()
    journal = SqliteJournal(state / "journal.sqlite3")
    setup = demo.demo_setup(2, None, 3).command()
    journal.create_game("evening\x00", "Evening", 1.0)
    stored = GameSession.start(journal, "later", setup)  # a game whose entries carry the odd name
    assert isinstance(stored, GameSession)
    journal._db.execute("UPDATE entries SET game = ? WHERE game = ?", ("evening\x00", "later"))
    journal._db.execute("UPDATE snapshots SET game = ? WHERE game = ?", ("evening\x00", "later"))
    journal._db.execute(
        "UPDATE entries SET command = replace(command, ?, ?) WHERE seq = 1", ('"name":""', '"name":"Cult\\u0001"')
    )
    journal._db.execute("DELETE FROM games WHERE name = ?", ("later",))
    journal.close()
    errors = run_until_ready(
        tmp_path, {"COMPANION_CONFIG_DIR": str(tmp_path / "config"), "STATE_DIRECTORY": str(state)}, drop=("COMPANION_STATE_DIR",)
    )
    assert "Traceback" not in errors, errors
