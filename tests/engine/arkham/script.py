"""Arkham commands run through `companion script` (the command line, a journal in memory): the
regression tests of issue 31 play the rule's situation as a table would enter it."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from typing import Any

from companion.cli import main
from companion.engine.arkham import model as m
from companion.engine.codec import from_canonical

Line = dict[str, Any]


def game(*places: str, ancient_one: str = "Cthulhu", sneaks: tuple[int, ...] = ()) -> Line:
    """A new_arkham_game line: one investigator per place (Amanda, Bob, ...), Sneak 2 unless given."""
    names = ("Amanda", "Bob", "Carolyn", "Darrell", "Gloria", "Harvey", "Jenny", "Kate")
    seats = [{"name": names[i], "place": place, "sneak": sneaks[i] if i < len(sneaks) else 2} for i, place in enumerate(places)]
    return {"type": "new_arkham_game", "ancient_one": ancient_one, "seed": 1, "investigators": seats}


def script(*lines: Line) -> tuple[list[Line], m.ArkhamState]:
    """Each answer of `companion script` for ``lines`` (the first starts the game), and the state it
    printed last.  A refused line is an answer with ``ok`` false: the caller checks each one."""
    stdin, out = io.StringIO("".join(json.dumps(line) + "\n" for line in lines)), io.StringIO()
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out):
            main(["--journal", ":memory:", "script"])
    finally:
        sys.stdin = saved
    printed = out.getvalue().splitlines()
    return [json.loads(line) for line in printed[:-1]], from_canonical(m.ArkhamState, printed[-1])


def accepted(*lines: Line) -> tuple[list[Line], m.ArkhamState]:
    """:func:`script` where every line must be accepted."""
    answers, state = script(*lines)
    refused = [(n, a) for n, a in enumerate(answers, 1) if not a["ok"]]
    assert not refused, refused
    return answers, state


def events(answer: Line, kind: str) -> list[Line]:
    """The events of type ``kind`` (their journal name, e.g. "gate_opened") in one answer."""
    return [e for e in answer["events"] if e["type"] == kind]
