"""Issue #32, items 2 to 4 on the command line: export writes every readable entry and lists the
damaged ones; `games` lists a game whose entry's time is text; `replay` and `script` say what is
wrong with an entry, never with a traceback."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine.codec import canonical
from tests import damaged_journal
from tests.helpers import new_game

NEW_GAME = canonical(new_game())  # as an export holds it


@pytest.fixture
def issue_journal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.sqlite3"
    damaged_journal.write(path)
    return path


def run_cli(capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = "") -> tuple[int, str, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_export_writes_every_readable_entry_and_lists_the_damaged(
    issue_journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged_journal.damage(issue_journal, damaged_journal.CUT_COMMAND_60)
    damaged_journal.damage(issue_journal, damaged_journal.CUT_EVENTS_110)
    code, out, err = run_cli(capsys, ["--journal", str(issue_journal), "export", "g"])
    seqs = [json.loads(line)["seq"] for line in out.splitlines()]
    assert seqs == [n for n in range(1, 121) if n not in (60, 110)]
    assert "entry 60 of game 'g' is damaged" in err and "entry 110 of game 'g' is damaged" in err
    assert "118 of 120 entries exported" in err and "Traceback" not in err
    assert code == 1  # the export is not whole


def test_export_to_a_file_writes_the_readable_entries(
    issue_journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged_journal.damage(issue_journal, damaged_journal.CUT_COMMAND_60)
    out_file = tmp_path / "g.jsonl"
    code, _, err = run_cli(capsys, ["--journal", str(issue_journal), "export", "g", "-o", str(out_file)])
    assert code == 1 and len(out_file.read_text().splitlines()) == 119 and "entry 60" in err


def test_a_game_with_a_damaged_snapshot_is_resumed_by_a_script(
    issue_journal: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    damaged_journal.damage(issue_journal, damaged_journal.CUT_SNAPSHOT_96)
    code, out, err = run_cli(capsys, ["--journal", str(issue_journal), "script", "--game", "g"], '{"type": "undo"}\n')
    answer, state = out.splitlines()
    assert code == 0 and json.loads(answer)["ok"] and state.startswith("{") and "Traceback" not in err
    assert "node 96 is damaged" in caplog.text  # said (stderr: journald), and passed over


def test_games_lists_a_game_whose_entry_time_is_text(issue_journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged_journal.damage(issue_journal, "UPDATE entries SET at = 'yesterday' WHERE game = 'g' AND seq = 120")
    code, out, err = run_cli(capsys, ["--journal", str(issue_journal), "games"])
    assert code == 0 and err == ""
    assert [line.split()[0] for line in out.splitlines()] == ["g", "e"]


def exported_line(**changes: object) -> str:
    line: dict[str, object] = {
        "seq": 1,
        "kind": "command",
        "parent": 0,
        "head": 1,
        "depth": 1,
        "redo": [],
        "command": json.loads(NEW_GAME),
        "events": [],
        "at": 1.0,
    }
    line.update(changes)
    return json.dumps(line)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('{"seq": 1, "command": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        (exported_line(command={"type": "new_game", "deep": json.loads("[" * 900 + "]" * 900)}), ""),
        (exported_line().replace('"at": 1.0', '"at": NaN'), "NaN is not a number a journal holds"),
        (exported_line(at=float("inf")), "Infinity is not a number a journal holds"),
        (exported_line(command={**json.loads(NEW_GAME), "seed": float("nan")}), "NaN is not a number a journal holds"),
    ],
    ids=["deeper than JSON reads", "deep but readable", "time NaN", "time Infinity", "NaN in the command"],
)
def test_replay_says_what_is_wrong_with_an_entry(
    line: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / "g.jsonl"
    exported.write_text(line + "\n")
    code, out, err = run_cli(capsys, ["replay", str(exported)])
    assert code in (1, 2) and out == "" and "Traceback" not in err
    assert err.startswith("companion: ") and err.count("\n") == 1
    assert "line 1" in err or "entry 1" in err.lower()
    assert problem in err


def test_replay_of_an_export_with_an_entry_left_out_stops_before_it(
    issue_journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged_journal.damage(issue_journal, damaged_journal.CUT_COMMAND_60)
    out_file = tmp_path / "g.jsonl"
    assert run_cli(capsys, ["--journal", str(issue_journal), "export", "g", "-o", str(out_file)])[0] == 1
    code, out, err = run_cli(capsys, ["replay", str(out_file)])
    whole = [line for line in out_file.read_text().splitlines() if json.loads(line)["seq"] < 60]
    (tmp_path / "first.jsonl").write_text("\n".join(whole) + "\n")
    assert run_cli(capsys, ["replay", str(tmp_path / "first.jsonl")])[1] == out  # the state after entry 59
    assert code == 1 and "Entry 60 is not in" in err and "no longer applies" not in err
