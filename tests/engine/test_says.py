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


def test_a_quoted_value_is_cut_to_80_characters_with_an_ellipsis() -> None:
    """A name from anyone is quoted whole up to QUOTE_MOST characters, cut with an ellipsis after
    (a 10 MB name made a 10 MB sentence); the screen's translation gets the same cut values."""
    from companion.engine.says import QUOTE_MOST, TEXT_MOST, clipped, quoted

    long = "x" * 10_000_000
    refusal = Refusal(Code.UNKNOWN_PLAYER, "{player!r} is not playing.", player=long)
    assert len(refusal.message) == QUOTE_MOST + len("'' is not playing.")
    assert refusal.message.endswith("\u2026' is not playing.") and refusal.message.startswith("'xxx")
    assert dict(refusal.says.values)["player"] == "x" * (QUOTE_MOST - 1) + "\u2026"
    assert (
        str(Says.of("{a!r} and {b!r}", a="Arkham", b=("y" * 200, "Dunwich"))) == f"'Arkham' and ('{'y' * 79}\u2026', 'Dunwich')"
    )
    # A value the template does not quote is the engine's own words (a list "one of: ..."): it
    # is kept whole up to TEXT_MOST characters.
    words = ", ".join(["Another Dimension"] * 7)  # 131 characters
    assert str(Says.of("One of: {worlds}.", worlds=words)) == f"One of: {words}."
    assert len(str(Says.of("One of: {worlds}.", worlds="w" * 10_000))) == len("One of: .") + TEXT_MOST
    assert clipped("x" * QUOTE_MOST) == "x" * QUOTE_MOST and clipped(7) == 7
    assert quoted("z" * 1000) == repr("z" * 79 + "\u2026")


def test_a_command_of_the_other_game_is_refused_in_the_games_words() -> None:
    """Not its Python class ("AbandonGate is not an Arkham Horror command."): its spoken name,
    and the game it belongs to."""
    from companion.engine.core import other_games_command, spoken_name
    from companion.engine.cthulhu import commands as c

    gate = c.AbandonGate("great_cthulhu", "Arctic Ocean")
    assert spoken_name(gate) == "Abandon gate"
    refused = other_games_command(gate, "Arkham Horror")
    assert refused.code is Code.BAD_COMMAND
    assert refused.message == "Abandon gate is a Cthulhu Wars command, not an Arkham Horror one."
    assert other_games_command(c.Pass("black_goat"), "Cthulhu Wars").message == "Pass is not a Cthulhu Wars command."
