"""The command line: script, replay, export, games, demo, and clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.engine import decode_state
from tests.cli_runs import run_cli

ROOT = Path(__file__).resolve().parents[1]
NEW_GAME = '{"type": "new_game", "board": "earth-3p", "seats": ["great_cthulhu", "crawling_chaos", "black_goat"]}'
SCRIPT = (
    "\n".join(
        [
            NEW_GAME,
            '{"type": "choose_direction", "player": "great_cthulhu", "direction": "clockwise"}',
            '{"type": "move", "player": "great_cthulhu", "to": "North Pacific",'
            ' "units": [{"area": "South Pacific", "kind": "cultist"}]}',
            '{"type": "pass", "player": "black_goat"}',
        ]
    )
    + "\n"
)


def test_script_answers_each_line_then_prints_the_canonical_state(monkeypatch, capsys) -> None:
    code, lines, _ = run_cli(monkeypatch, capsys, ["script", "--seed", "5"], SCRIPT)
    answers = [json.loads(line) for line in lines[:-1]]
    assert [a["ok"] for a in answers] == [True, True, True, False]
    assert answers[1]["prompt"]["actor"] == "great_cthulhu"
    assert answers[3]["code"] == "not_your_turn"
    state = decode_state(lines[-1])
    assert state.rng.seed == 5 and state.player("great_cthulhu").power == 7
    assert code == 1  # one command was rejected


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("{not json", "line 2: not JSON"),
        ('{"type": "teleport"}', "line 2: type: unknown command 'teleport'"),
        ('{"type": "pass", "player": 7}', "line 2: player: must be text, not 7"),
        ('{"type": "new_game", "board": "atlantis", "seats": []}', "line 2: No map called 'atlantis'"),
    ],
)
def test_bad_input_names_the_line_and_changes_nothing(monkeypatch, capsys, bad_line: str, message: str) -> None:
    code, lines, err = run_cli(monkeypatch, capsys, ["script", "--game", "kept"], NEW_GAME + "\n" + bad_line + "\n")
    assert code == 2 and message in err and lines == []
    code, lines, err = run_cli(monkeypatch, capsys, ["games"])
    assert lines == ["No stored games yet. `companion demo` plays one."]


def test_a_stored_game_continues_across_script_runs_and_exports_and_replays(monkeypatch, capsys, tmp_path: Path) -> None:
    code, _, _ = run_cli(monkeypatch, capsys, ["script", "--game", "friday"], SCRIPT)
    more = '{"type": "pass", "player": "crawling_chaos"}\n{"type": "undo"}\n'
    code, lines, _ = run_cli(monkeypatch, capsys, ["script", "--game", "friday"], more)
    assert code == 0 and json.loads(lines[1])["events"][0]["type"] == "undone"
    _, games, _ = run_cli(monkeypatch, capsys, ["games"])
    assert games[0].startswith("friday") and "5 entries" in games[0]  # the rejected pass wrote nothing
    exported = tmp_path / "friday.jsonl"
    assert run_cli(monkeypatch, capsys, ["export", "friday", "-o", str(exported)])[0] == 0
    code, lines, err = run_cli(monkeypatch, capsys, ["replay", str(exported)])
    assert code == 0 and err == ""
    assert decode_state(lines[-1]).prompt.actor == "crawling_chaos"


def test_replay_reports_a_tampered_journal(monkeypatch, capsys, tmp_path: Path) -> None:
    run_cli(monkeypatch, capsys, ["script", "--game", "g"], SCRIPT)
    exported = tmp_path / "g.jsonl"
    run_cli(monkeypatch, capsys, ["export", "g", "-o", str(exported)])
    lines = exported.read_text().splitlines()
    entry = json.loads(lines[2])
    entry["events"][0]["count"] = 5
    lines[2] = json.dumps(entry)
    exported.write_text("\n".join(lines) + "\n")
    code, _, err = run_cli(monkeypatch, capsys, ["replay", str(exported)])
    assert code == 1 and "entry 3: events differ" in err
    exported.write_text("garbage\n")
    code, _, err = run_cli(monkeypatch, capsys, ["replay", str(exported)])
    assert code == 2 and "line 1: not a journal entry" in err


def test_a_corrupt_journal_file_is_moved_aside_and_said(monkeypatch, capsys, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"\x00garbage" * 200)
    code, out, err = run_cli(monkeypatch, capsys, ["--journal", str(broken), "games"])
    assert code == 0 and "No stored games yet" in "".join(out)
    assert "was damaged" in err and "moved aside whole to" in err
    (aside,) = tmp_path.glob("broken.sqlite3.damaged-*[0-9]")
    assert aside.read_bytes() == b"\x00garbage" * 200


def test_a_broken_config_is_a_clear_error(monkeypatch, capsys, tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text("[journal]\nlocation = 3\n")
    code, _, err = run_cli(monkeypatch, capsys, ["--config", str(config), "games"])
    assert code == 2 and "location must be text" in err
    config.write_text("[journal\n")
    code, _, err = run_cli(monkeypatch, capsys, ["--config", str(config), "games"])
    assert code == 2 and "not valid TOML" in err


def test_headless_demo_is_reproducible_from_its_seed(monkeypatch, capsys) -> None:
    first = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--seed", "11"])
    second = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--seed", "11"])
    assert first[0] == 0
    body = [line for line in first[1] if not line.startswith(("Demo game", "Stored as"))]
    assert body == [line for line in second[1] if not line.startswith(("Demo game", "Stored as"))]
    text = "\n".join(first[1])
    for phase in ("Gather Power --", "Doom --", "Action --", "Final standings:", "gathers", "first player"):
        assert phase in text


def test_demo_on_other_player_counts_and_maps(monkeypatch, capsys) -> None:
    code, lines, _ = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--players", "5"])
    assert code == 0 and "Earth, 5 players" in lines[0]
    code, lines, _ = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--map", "yuggoth-demo"])
    assert code == 0 and "NOT the printed board" in lines[1]
    code, _, err = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--players", "7"])
    assert code == 2 and "transcribe" in err


def test_demo_with_the_independents_plays_them(monkeypatch, capsys) -> None:
    args = ["--journal", ":memory:", "demo", "--headless", "--independents", "--seed", "3"]
    code, lines, _ = run_cli(monkeypatch, capsys, args)
    assert code == 0 and any("Loyalty Card" in line for line in lines), "no independent awakened or taken"


def test_the_console_script_runs_as_a_program(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--journal", ":memory:", "script"],
        input=NEW_GAME + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["prompt"]["kind"] == "direction"


def test_demo_rolls_on_the_simulated_tower_and_shows_the_virtual_panel(monkeypatch, capsys) -> None:
    args = ["--journal", ":memory:", "demo", "--headless", "--map", "yuggoth-demo", "--players", "4", "--tower", "--panel"]
    code, lines, _ = run_cli(monkeypatch, capsys, args)
    assert code == 0
    assert any(line.startswith("Simulated dice tower linked on /dev/") for line in lines)
    dice = [line for line in lines if line.startswith("Dice (")]
    assert dice and all("tower)" in line for line in dice)
    assert any(line.startswith("[panel] Watcher") for line in lines)


def test_a_bad_hardware_or_tower_section_is_refused_with_the_key(monkeypatch, capsys, tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text("[hardware]\nwatcher_light = 18\nworm_light = 18\n")
    code, _, err = run_cli(monkeypatch, capsys, ["--config", str(config), "games"])
    assert code == 2 and "pin 18 is used by both" in err
    config.write_text('[tower]\nport = "/dev/ttyACM0"\n')
    code, _, err = run_cli(monkeypatch, capsys, ["--config", str(config), "games"])
    assert code == 2 and "[tower] has no key 'port'" in err


def test_arkham_demo_narrates_mythos_phases_only_after_journaling_them(monkeypatch, capsys, tmp_path: Path) -> None:
    journal = tmp_path / "arkham.sqlite3"
    args = ["--journal", str(journal), "demo", "--headless", "--game", "arkham", "--seed", "4", "--players", "4"]
    code, lines, _ = run_cli(monkeypatch, capsys, args)
    assert code == 0 and lines[0].strip().startswith("Arkham Horror: Azathoth sleeps")
    phases = sum(1 for line in lines if line.startswith("-- Mythos Phase"))
    assert phases == 8 or any("AWAKENS" in line for line in lines)
    assert any("opens at" in line for line in lines) and any("At the table:" in line for line in lines)
    from companion.store import open_journal

    stored = open_journal(journal)
    try:
        (game,) = stored.games()
        kinds = [json.loads(e.command)["type"] for e in stored.entries(game.name)]
    finally:
        stored.close()
    assert kinds[0] == "new_arkham_game" and kinds.count("mythos") == phases >= 5
    code, _, err = run_cli(
        monkeypatch, capsys, ["--journal", ":memory:", "demo", "--headless", "--game", "arkham", "--players", "9"]
    )
    assert code == 2 and "1 to 8" in err


ARKHAM = (
    '{"type": "new_arkham_game", "ancient_one": "Cthulhu", "seed": 3, "investigators": '
    '[{"name": "Amanda", "place": "Woods", "sneak": 1}, {"name": "Bob", "place": "Northside", "sneak": 3}]}\n'
    '{"type": "mythos", "card": "Heat Wave", "gate": "Yuggoth", "monsters": ["Cultist"]}\n'
    '{"type": "mythos", "card": "No Such Card"}\n'
)


def test_script_referees_arkham_and_the_table_never_resumes_it_as_cthulhu_wars(monkeypatch, capsys, tmp_path) -> None:
    journal = str(tmp_path / "j.sqlite3")
    code, lines, _ = run_cli(monkeypatch, capsys, ["--journal", journal, "script", "--game", "ark"], ARKHAM)
    answers = [json.loads(line) for line in lines[:-1]]
    assert [a["ok"] for a in answers] == [True, True, False] and code == 1
    opened = [e for e in answers[1]["events"] if e["type"] == "gate_opened"]
    assert opened[0]["location"] == "Woods" and opened[0]["drawn_through"] == ["Amanda"]
    assert answers[2]["code"] == "bad_value" and "prompt" not in answers[1]
    more = '{"type": "close_gate", "location": "Woods", "seal": true}\n'
    code, lines, _ = run_cli(monkeypatch, capsys, ["--journal", journal, "script", "--game", "ark"], more)
    assert code == 0 and json.loads(lines[0])["events"][0]["type"] == "gate_closed"

    from companion.session import GameSession
    from companion.store import JournalError, open_journal

    stored = open_journal(journal)
    try:
        with pytest.raises(JournalError, match="not a game of Cthulhu Wars"):
            GameSession.resume(stored, "ark")
        with pytest.raises(JournalError, match="no stored game"):
            GameSession.resume(stored)  # the only game is Arkham's: nothing for the table to resume
    finally:
        stored.close()


def test_without_a_display_the_demo_says_so_or_falls_back_to_the_terminal(monkeypatch, capsys) -> None:
    for variable in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(variable, raising=False)
    code, _, err = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--game", "arkham"])
    assert code == 2 and "--headless" in err
    code, lines, err = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", "--or-headless", "--game", "arkham"])
    assert code == 0 and "terminal demo instead" in err and lines[0].strip().startswith("Arkham Horror:")


CORRECT = '{"type": "correct", "player": "great_cthulhu", "counter": "power", "value": %s}'


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "line 2: nested too deep to read"),
        ('{"a": ' * 100_000 + "1" + "}" * 100_000, "line 2: nested too deep to read"),
        (CORRECT % ("9" * 4400), "line 2: a number with 4400 digits"),
        (CORRECT % ("1" + "0" * 4000), "line 2: a number with 4001 digits"),
        (CORRECT % "-1e5000", "line 2: "),
        (CORRECT % "NaN", "line 2: NaN is not a number"),
        ('{"type": "pass", "player": "\\ud800"}', "line 2: the text '\\ud800' holds a lone surrogate"),
        ('{"type": "pass", "\\udfff": 1}', "line 2: the text '\\udfff' holds a lone surrogate"),
    ],
)
def test_hostile_json_is_refused_with_its_line(monkeypatch, capsys, bad_line: str, message: str) -> None:
    code, lines, err = run_cli(monkeypatch, capsys, ["script", "--game", "kept"], NEW_GAME + "\n" + bad_line + "\n")
    assert code == 2 and message in err and "nothing was applied" in err and lines == [], err[:300]
    assert "Traceback" not in err and "\ud800" not in err
    assert run_cli(monkeypatch, capsys, ["games"])[1] == ["No stored games yet. `companion demo` plays one."]


def test_a_byte_that_is_not_utf8_on_stdin_is_named_by_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--journal", ":memory:", "script"],
        input=NEW_GAME.encode() + b'\n{"type": "pass", "player": "gr\xffeat"}\n',
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2 and b"line 2: not UTF-8 (byte 0xFF at column 31)" in done.stderr, done.stderr


def test_an_absurd_correction_is_refused_by_the_engine_too(monkeypatch, capsys) -> None:
    """10^4000 is refused when read (above, with its line); a number JSON holds easily is the engine's to refuse."""
    code, lines, _ = run_cli(monkeypatch, capsys, ["script"], NEW_GAME + "\n" + CORRECT % "1000" + "\n")
    assert code == 1 and json.loads(lines[1])["code"] == "bad_value"
    code, lines, _ = run_cli(monkeypatch, capsys, ["script"], NEW_GAME + "\n" + CORRECT % "30" + "\n")
    assert code == 0 and decode_state(lines[-1]).player("great_cthulhu").power == 30


@pytest.mark.parametrize(
    "command", [["script", "--game", ""], ["run", "--game", ""], ["export", ""], ["script", "--game", "a\x1bb"]]
)
def test_an_empty_or_unshowable_game_name_is_refused(monkeypatch, capsys, command: list[str]) -> None:
    code, _, err = run_cli(monkeypatch, capsys, command, NEW_GAME + "\n")
    assert code == 2 and "The game's name" in err and "\x1b" not in err, err
    assert run_cli(monkeypatch, capsys, ["games"])[1] == ["No stored games yet. `companion demo` plays one."]


def test_control_characters_in_stored_game_names_are_escaped_when_listed(monkeypatch, capsys) -> None:
    from companion import paths
    from companion.session import GameSession
    from companion.store import open_journal
    from tests.helpers import new_game

    journal = open_journal(str(paths.default_journal()))
    try:
        GameSession.start(journal, "evil\x1b[2J\x07", new_game(), title="Title\x00\r")  # written before names were checked
    finally:
        journal.close()
    code, lines, _ = run_cli(monkeypatch, capsys, ["games"])
    assert code == 0 and lines[0].startswith("evil\\x1b[2J\\x07") and "Title\\x00\\r" in lines[0]
    assert not any(ch in "".join(lines) for ch in "\x1b\x07\x00\r")


def test_tower_sim_never_replaces_a_file_it_did_not_make(monkeypatch, capsys, tmp_path: Path) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_text("keep me")
    code, _, err = run_cli(monkeypatch, capsys, ["tower-sim", "--link", str(precious)])
    assert code == 2 and "existing file" in err and precious.read_text() == "keep me"
    other = tmp_path / "other-link"
    other.symlink_to(precious)
    code, _, err = run_cli(monkeypatch, capsys, ["tower-sim", "--link", str(other)])
    assert code == 2 and "not a simulated tower's" in err and other.resolve() == precious
    folder = tmp_path / "folder"
    folder.mkdir()
    assert run_cli(monkeypatch, capsys, ["tower-sim", "--link", str(folder)])[0] == 2 and folder.is_dir()
    assert run_cli(monkeypatch, capsys, ["tower-sim", "--link", str(tmp_path / "no" / "link")])[0] == 2


def test_tower_sim_replaces_its_own_stale_link_and_removes_it_when_done(monkeypatch, capsys, tmp_path: Path) -> None:
    from firmware_bridge.sim import SimTower

    link = tmp_path / "dicetower"
    link.symlink_to("/dev/pts/999")  # what an earlier simulator left behind
    neighbour = tmp_path / "dicetower.new"
    neighbour.write_text("not ours")  # the old code unlinked this name
    with SimTower(link=link) as tower:
        assert link.is_symlink() and str(link.resolve()) == tower.device
    assert not link.exists() and not link.is_symlink()
    assert neighbour.read_text() == "not ours"


def test_map_new_into_a_missing_folder_is_one_line_and_writes_nothing(monkeypatch, capsys, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "mine.toml"
    code, _, err = run_cli(monkeypatch, capsys, ["map", "new", "--like", "yuggoth", "-o", str(target)])
    assert code == 2 and "does not exist; create it" in err and "Traceback" not in err
    assert not target.parent.exists()


def window_demo(monkeypatch, capsys, *extra: str) -> tuple[int, str, list[object]]:
    """`companion demo` for a window (SDL's dummy driver), the window itself stood in for: what
    it would have opened (the demo's set-up and size), or the refusal."""
    import companion.appliance

    opened: list[object] = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(companion.appliance, "run_window_demo", lambda *args, **options: opened.append(args))
    code, _, err = run_cli(monkeypatch, capsys, ["--journal", ":memory:", "demo", *extra])
    return code, err, opened


def test_the_window_demo_honours_the_player_count_or_refuses_it_with_the_reason(monkeypatch, capsys) -> None:
    code, _, opened = window_demo(monkeypatch, capsys, "--players", "3", "--size", "1024x600")
    args: Any = opened[0]
    assert code == 0 and len(args[2].seats) == 3 and args[3] == (1024, 600)  # 3 means 3, not 4
    code, _, opened = window_demo(monkeypatch, capsys)
    assert code == 0 and len(opened[0][2].seats) == 4  # type: ignore[index]  # the default the help names
    code, err, opened = window_demo(monkeypatch, capsys, "--players", "6", "--map", "yuggoth-demo")
    assert code == 2 and not opened and "seats 3 or 4 or 5 players, not 6" in err and "--players 3" in err


@pytest.mark.parametrize(
    "extra, said",
    [
        (("--tower",), "--tower is for the terminal demo"),
        (("--panel",), "--panel is for the terminal demo"),
        (("--game", "arkham", "--map", "earth-3p"), "--map is for Cthulhu Wars"),
        (("--game", "arkham", "--headless", "--tower"), "--tower is for Cthulhu Wars"),
        (("--game", "arkham", "--independents"), "--independents is for Cthulhu Wars"),
        (("--headless", "--size", "1024x600"), "--size is for the window"),
        (("--size", "640x480"), "--size must be one of"),
    ],
)
def test_options_the_demo_cannot_honour_are_refused_with_the_reason(monkeypatch, capsys, extra, said) -> None:
    code, err, opened = window_demo(monkeypatch, capsys, *extra)
    assert code == 2 and said in err and not opened


def test_the_demo_help_says_the_true_defaults(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    for default in ("default: 4 in the window, 3 in the terminal", "default: yuggoth-demo in the window", "800x480 (default)"):
        assert default in words


def test_make_demo_opens_the_window_when_there_is_a_display(monkeypatch, capsys) -> None:
    """`make demo` passes --or-headless with the terminal's --tower and --panel: with a display
    the window opens at 800x480 (the window always rolls on the tower and has the panel), rather
    than refusing options that were only meant for the terminal."""
    recipe = next(line for line in (ROOT / "Makefile").read_text().splitlines() if "companion demo" in line)
    flags = recipe.split("companion demo", 1)[1].split()
    assert "--or-headless" in flags and "--tower" in flags  # what the recipe passes today
    code, err, opened = window_demo(monkeypatch, capsys, *flags, "--mute")
    args: Any = opened[0] if opened else None
    assert code == 0 and args is not None and args[3] == (800, 480), err


def test_without_a_display_or_headless_takes_the_window_size_without_complaint(monkeypatch, capsys) -> None:
    for variable in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(variable, raising=False)
    args = ["--journal", ":memory:", "demo", "--or-headless", "--game", "arkham", "--size", "1024x600", "--mute"]
    code, lines, err = run_cli(monkeypatch, capsys, args)
    assert code == 0 and "terminal demo instead" in err and lines[0].strip().startswith("Arkham Horror:")


def test_the_help_says_where_the_journal_goes_and_what_fullscreen_does(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "default: the config file's [journal] location, else journal.sqlite3 in ~/.local/state/companion" in words
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    assert "fill the whole screen (default: a window of --size)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    "command, said",
    [
        (["tower-sim"], ("seed of the simulated rolls (default: 0)", "(0-1, default: 0)", "(default: 0, never)")),
        (["script"], ("seed for a new_game line that gives none (default: 0)",)),
    ],
)
def test_every_option_with_a_default_says_it(capsys, command: list[str], said: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert all(one in words for one in said), words
