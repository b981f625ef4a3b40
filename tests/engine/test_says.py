"""The engine writes its sentences as templates (companion/engine/says.py), never as f-strings.

Like test_purity.py, this reads the engine's source: a refusal, a ``Rejected``, a ``say()``, a
prompt's text and the other sentences by position (scripts/engine_says.py's ``PROSE_ARGUMENTS``)
must be given a literal template (or a sentence made elsewhere by ``say``/``sentence``/``Says``),
so Babel extracts it and the screen can translate it; an f-string, a ``+`` or a ``.format`` would
slip English past the catalogue.  ``NOT_YET`` lists the files other helpers were editing while
the engine was converted: the integrator runs the script on them and empties the list (the test
fails on a listed file that no longer needs it, so the list cannot go stale).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

from companion.engine import Code, Rejected
from companion.engine.core import Refusal
from companion.engine.says import Says, say, sentence

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "companion" / "engine"
NOT_YET: set[str] = set()


def _script_arguments() -> dict[str, int]:
    spec = importlib.util.spec_from_file_location("engine_says_script", ROOT / "scripts" / "engine_says.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_says_script"] = module
    spec.loader.exec_module(module)
    return dict(module.PROSE_ARGUMENTS)


PROSE = _script_arguments()
TEMPLATE_AT = {"Refusal": 1, "of": 1, "say": 0, "sentence": 0, **PROSE}


def _bad(node: ast.expr) -> str | None:
    """Why ``node`` is no template: an f-string, a concatenation, a .format/.join or str()."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp):
        return "a concatenation"
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in {"format", "join"}:
            return f"str.{func.attr}"
        if isinstance(func, ast.Name) and func.id == "str":
            return "str()"
    return None


def untemplated(source: str) -> list[str]:
    """Each sentence in ``source`` given as something other than a template, with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name == "of" and not (isinstance(func, ast.Attribute) and ast.unparse(func.value) == "Rejected"):
            continue
        where = TEMPLATE_AT.get(name)
        arguments = list(node.args)
        if name == "Rejected" and len(arguments) == 2:
            where = 1
        if where is not None and len(arguments) > where and (why := _bad(arguments[where])):
            found.append(f"line {node.lineno}: {name} takes {why}")
        for kw in node.keywords:
            if kw.arg in {"text", "reason", "cause", "detail"} and isinstance(kw.value, ast.JoinedStr):
                found.append(f"line {node.lineno}: {kw.arg}= takes an f-string")
    return found


def test_every_engine_sentence_is_a_template() -> None:
    problems = {}
    for path in sorted(ENGINE.rglob("*.py")):
        relative = path.relative_to(ENGINE).as_posix()
        found = untemplated(path.read_text())
        if relative in NOT_YET:
            assert found, f"{relative} is converted: take it out of NOT_YET"
        elif found:
            problems[relative] = found
    assert not problems, "run scripts/engine_says.py on them: " + repr(problems)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ('raise Refusal(Code.X, f"{a} is bad.")', True),
        ('raise Refusal(Code.X, "{a} is bad.", a=a)', False),
        ('Prompt(K.A, p, "Roll " + n + " dice.")', True),
        ('AbilityUsed(p, "Howl", "{x} left".format(x=x))', True),
        ('AbilityUsed(p, "Howl", say("{x} left", x=x))', False),
        ('Rejected.of(Code.X, f"{a}.")', True),
        ('Event(reason=f"because {a}")', True),
    ],
)
def test_the_check_catches_an_f_string(source: str, caught: bool) -> None:
    assert bool(untemplated(source)) is caught


def test_a_refusal_says_the_english_and_keeps_its_template() -> None:
    refusal = Refusal(Code.NO_GATE, "{area} has no abandoned gate.", area="Asia")
    rejected = refusal.rejected()
    assert rejected == Rejected(Code.NO_GATE, "Asia has no abandoned gate.")  # the template is not compared
    assert rejected.says == Says("{area} has no abandoned gate.", (("area", "Asia"),))
    assert str(Rejected.of(Code.NOT_NOW, "Play is under way. {why}", why=Says.of("Nothing is waiting.")).message) == (
        "Play is under way. Nothing is waiting."
    )
    assert say("{n:+d} and {name!r}", n=3, name="x") == "+3 and 'x'"
    assert say("no {braces}") == "no {braces}" and sentence("as it is") == "as it is"
