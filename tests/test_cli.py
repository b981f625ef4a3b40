"""The command line: script, replay, export, games, demo, and clear errors for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import decode_state

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


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = ""
) -> tuple[int, list[str], str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


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


def test_a_corrupt_journal_file_is_a_clear_error(monkeypatch, capsys, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"\x00garbage" * 200)
    code, _, err = run_cli(monkeypatch, capsys, ["--journal", str(broken), "games"])
    assert code == 2 and "cannot be read" in err and "move it aside" in err


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
