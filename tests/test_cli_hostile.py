"""Hostile script lines through `companion script` (beside tests/test_cli.py's hostile JSON): every
command type of both games, each text field 10,000 characters long, each field of the wrong
type, the other game's commands, unknown types and fields of any length.  No answer and no
error line may be longer than MESSAGE_MOST characters (a quoted value is cut to about 80, with
an ellipsis), and no refusal may name a Python class."""

from __future__ import annotations

import dataclasses
import enum
import io
import json
import re
import sys
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from companion.cli import UsageError, main, read_commands
from companion.engine import COMMANDS
from companion.engine.core import Command

LONG = "Ab" * 5_000  # 10,000 characters: a name nobody types, and a CamelCase-looking one
MESSAGE_MOST = 400  # characters in any answer's message or any error line
CTHULHU = '{"type": "new_game", "board": "earth-3p", "seats": ["great_cthulhu", "crawling_chaos", "black_goat"]}'
ARKHAM = (
    '{"type": "new_arkham_game", "ancient_one": "Cthulhu", "seed": 3, "investigators": '
    '[{"name": "Amanda", "place": "Woods", "sneak": 1}, {"name": "Bob", "place": "Northside", "sneak": 3}]}'
)


def command_classes() -> dict[str, type]:
    """Every registered command type by its name (the pending modules imported first)."""
    COMMANDS.find("")  # loads the modules that register their members on first need
    return {name: cls for name in COMMANDS.names() if (cls := COMMANDS.find(name)) is not None}


def sample(tp: Any, text: str) -> Any:
    """Plain data of type ``tp`` with ``text`` for every text field (numbers 1, enums' first value)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return sample(next(arg for arg in typing.get_args(tp) if arg is not type(None)), text)
    if origin is tuple:
        args = typing.get_args(tp)
        return [sample(args[0], text)] if len(args) == 2 and args[1] is Ellipsis else [sample(a, text) for a in args]
    if origin is typing.Literal:
        return typing.get_args(tp)[0]
    if tp is str:
        return text
    if tp is bool:
        return False
    if tp in (int, float):
        return 1
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp)).value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return {f.name: sample(hints[f.name], text) for f in dataclasses.fields(tp) if f.init}
    return None


def hostile_lines() -> Iterator[str]:
    for name, cls in sorted(command_classes().items()):
        hints = typing.get_type_hints(cls)
        fields = [f.name for f in dataclasses.fields(cls) if f.init]
        yield json.dumps({"type": name, **{f: sample(hints[f], LONG) for f in fields}})  # every text field long
        yield json.dumps({"type": name, **dict.fromkeys(fields, LONG)})  # every field long text (wrong types)
        yield json.dumps({"type": name, **{f: [LONG] for f in fields}})  # every field a list
    yield json.dumps({"type": LONG})
    yield json.dumps({"type": "pass", LONG: 1})
    yield json.dumps({"type": "new_game", "board": LONG, "seats": []})
    yield json.dumps({"type": "new_game", "board": "earth-3p", "seats": [LONG, LONG, LONG]})


def run_script(first: str, lines: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Every message `companion script` gives for ``first`` then ``lines``: the answers' and stderr's lines."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([first, *lines]) + "\n"))
    main(["--journal", ":memory:", "script"])
    out, err = capsys.readouterr()
    answers = [json.loads(line) for line in out.splitlines()[:-1]]
    return [a["message"] for a in answers if "message" in a] + err.splitlines()


def messages(first: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines that decode go in one script (each is answered); each other line is a script of
    its own (the first bad line stops a script before anything is applied)."""
    good, bad = [], []
    for line in hostile_lines():
        try:
            read_commands([line], 0)
            good.append(line)
        except UsageError:
            bad.append(line)
    said = run_script(first, good, monkeypatch, capsys)
    for line in bad:
        said += run_script(first, [line], monkeypatch, capsys)
    assert len(good) > 100 and len(bad) > 100, (len(good), len(bad))  # both paths are exercised
    return said


@pytest.mark.parametrize("first", [CTHULHU, ARKHAM], ids=["cthulhu_wars", "arkham_horror"])
def test_no_message_for_a_hostile_line_is_long_or_names_a_python_class(first: str, monkeypatch, capsys) -> None:
    said = messages(first, monkeypatch, capsys)
    long = [m for m in said if len(m) > MESSAGE_MOST]
    assert long == [], f"{len(long)} of {len(said)} messages over {MESSAGE_MOST} characters, e.g. {long[0][:300]!r}"
    classes = {cls.__name__ for cls in command_classes().values()} | {cls.__name__ for cls in Command.__subclasses__()}
    named = [m for m in said if set(re.findall(r"\b[A-Z][a-z]+[A-Z]\w*\b", m)) & classes]
    assert named == [], f"{len(named)} refusals name a Python class, e.g. {named[:3]}"
    assert any("Cthulhu Wars command" in m or "Arkham Horror command" in m for m in said)
