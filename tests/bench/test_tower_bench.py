"""The tower bench's battle path, a few rounds: it runs, it measures the battle's resolving roll
(not foreseen, the Spellbook asked, no LED moved: checked each round), and its figures are sane."""

from __future__ import annotations

from pathlib import Path

from bench import tower_bench
from companion.engine.cthulhu.model import PromptKind
from companion.session import GameSession
from companion.store.sqlite import SqliteJournal


def test_the_battle_game_stands_at_the_resolving_roll_and_opens_again_from_its_journal(tmp_path: Path) -> None:
    journal = SqliteJournal(tmp_path / "battle.sqlite3")
    session, roll = tower_bench.battle_session(journal)
    assert session.state.prompt.kind is PromptKind.ROLL and session.state.prompt.dice == len(roll) == 4
    assert not session.foreseen()
    journal.close()
    again = SqliteJournal(tmp_path / "battle.sqlite3")
    assert GameSession.resume(again, "battle").state == session.state
    again.close()


def test_the_battle_path_is_measured_with_its_floors(tmp_path: Path) -> None:
    run = tower_bench.measure_battle(tmp_path, rolls=5, warm_up=1)
    assert run.path.samples == run.floor.samples == run.design.samples == 5
    assert run.frames >= 1  # each roll's commit wrote WAL frames, and the floors wrote as many bytes
    # The path holds a durable append, as the floor does (both fdatasync): it cannot beat it by much.
    assert run.path.median > 0 and run.floor.median > 0


def test_the_section_has_the_battle_rows(tmp_path: Path) -> None:
    lines = tower_bench.battle_lines(tower_bench.measure_battle(tmp_path, rolls=3, warm_up=1))
    table = [line for line in lines if line.startswith("| battle's resolving roll frame")]
    assert len(table) == 2 and table[0].endswith("| p99 < 5 ms |")  # the path against the floor, then the design's
    assert "-> journaled entry heard, against the design's floor |" in table[1]
    assert any(line.startswith("Verdict: the battle's path") for line in lines)
