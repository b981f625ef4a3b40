"""The canonical text form: stable, round-trips exactly, and decoding refuses bad input clearly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import DecodeError, canonical, decode_state, parse_command
from companion.engine.codec import to_data
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
from tests.engine.late_things import LATE
from tests.helpers import started


def test_state_round_trips_exactly() -> None:
    state = started()
    text = canonical(state)
    assert canonical(decode_state(text)) == text
    assert decode_state(text) == state


def test_canonical_text_has_sorted_keys_and_no_spaces() -> None:
    text = canonical(c.Recruit("great_cthulhu", "Asia"))
    # ("unit": "" is the Acolyte; a journal line written before the field decodes to the same command.)
    assert text == '{"area":"Asia","cost":1,"player":"great_cthulhu","type":"recruit","unit":""}'
    assert parse_command(json.loads('{"area":"Asia","cost":1,"player":"great_cthulhu","type":"recruit"}')) == c.Recruit(
        "great_cthulhu", "Asia"
    )


def test_canonical_text_is_the_sorted_key_json_of_a_whole_state() -> None:
    # canonical() relies on to_data building every dict in sorted order instead of sorting again.
    state = started()
    assert canonical(state) == json.dumps(to_data(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_values_that_are_not_engine_values_are_refused() -> None:
    with pytest.raises(TypeError, match="cannot encode dict"):
        to_data({"a": 1})


def test_commands_round_trip() -> None:
    move = c.Move("black_goat", "Asia", (c.UnitRef("Africa", UnitKind.CULTIST, "Acolyte", 2),), None)
    assert parse_command(json.loads(canonical(move))) == move


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "dance"}, "type: unknown command 'dance'"),
        ({"player": "x"}, "type: must name the command type"),
        ({"type": "recruit", "player": "great_cthulhu"}, "area: is required"),
        ({"type": "recruit", "player": "great_cthulhu", "area": 3}, "area: must be text, not 3"),
        ({"type": "recruit", "player": "great_cthulhu", "area": "Asia", "cost": "1"}, "cost: must be a whole number"),
        ({"type": "recruit", "player": "great_cthulhu", "area": "Asia", "cost": True}, "cost: must be a whole number"),
        ({"type": "recruit", "player": "g", "area": "Asia", "colour": "red"}, "colour: is not a known field"),
        ({"type": "roll", "values": [1, "six"]}, "values[1]: must be a whole number"),
        ({"type": "summon", "player": "g", "area": "A", "name": "n", "cost": 1, "kind": "dragon"}, "is not one of"),
        ([1, 2], "must be an object"),
    ],
)
def test_bad_commands_name_the_field(data: object, message: str) -> None:
    with pytest.raises(DecodeError) as caught:
        parse_command(data)
    assert message in str(caught.value)


def test_a_bad_state_text_is_refused() -> None:
    with pytest.raises(DecodeError, match="not JSON"):
        decode_state("{not json")


@given(st.lists(st.integers(min_value=1, max_value=6), max_size=20), st.sampled_from(["tower", "screen", "button"]))
def test_roll_commands_round_trip(values: list[int], source: str) -> None:
    roll = c.Roll(tuple(values), source)
    data = to_data(roll)
    assert parse_command(json.loads(json.dumps(data))) == roll


def test_a_registry_imports_its_later_modules_only_for_a_name_it_does_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TagRegistry.later: the module is imported on the first unknown name (or when every name is
    asked for), once; a known name imports nothing."""

    @LATE.register("known")
    class Known: ...

    (tmp_path / "late_things_for_the_codec_test.py").write_text(
        "from tests.engine.late_things import LATE\n\n@LATE.register('late')\nclass Late: ...\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    LATE.later("late_things_for_the_codec_test")
    assert LATE.find("known") is Known and "late_things_for_the_codec_test" not in sys.modules
    late = LATE.find("late")
    assert late is not None and late.__name__ == "Late" and "late_things_for_the_codec_test" in sys.modules
    assert LATE.find("nothing") is None and LATE.pending == []  # imported once, not again
    assert LATE.names() == ["known", "late"]
    monkeypatch.delitem(sys.modules, "late_things_for_the_codec_test")


def test_a_cthulhu_wars_process_knows_arkham_horror_and_the_corrections_only_once_it_meets_them() -> None:
    """Arkham Horror's rules and Cthulhu Wars' corrections cost a process nothing until one of
    their commands is decoded; then they are there (the correction's handler with it), and
    is_arkham tells Arkham's states from Cthulhu Wars'."""
    check = """
import sys
from companion.engine import apply, is_arkham, parse_command
from tests.helpers import started
later = ("companion.engine.arkham.", "companion.engine.cthulhu.corrections")
assert not [name for name in sys.modules if name.startswith(later)], sorted(sys.modules)
assert not is_arkham(started()) and not is_arkham(None)
state = started()
from companion.engine import Code
from companion.engine.cthulhu import commands as c
from companion.engine.cthulhu.model import UnitKind
area = state.board.areas[0].name  # a correction defined with the commands: decided, not refused as unknown
placed = apply(state, c.Place(state.players[0].pid, c.UnitRef(area, UnitKind.CULTIST, "Acolyte")))
assert getattr(placed, "code", None) is not Code.BAD_COMMAND, placed
fix = parse_command({"type": "set_spellbooks", "player": state.players[0].pid, "names": ["x"], "reason": "a slip"})
assert "companion.engine.cthulhu.corrections" in sys.modules and apply(state, fix).ok
first = parse_command({"type": "new_arkham_game", "ancient_one": "Cthulhu", "seed": 3,
                       "investigators": [{"name": "Amanda", "place": "Woods", "sneak": 1}]})
from companion.engine.arkham import game
assert type(first).__name__ == "NewArkhamGame" and is_arkham(game.apply(None, first).state)
"""
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
