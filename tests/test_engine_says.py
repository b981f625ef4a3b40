"""scripts/engine_says.py: the f-strings become templates that say exactly the same English.

The engine has no f-string sentence left (checked below), so the script is run on a small sample
module with one sentence of each kind it turns, into a temporary directory: the converted file
compiles, is clean for ruff and idempotent, and each converted sentence, formatted with sample
values, equals what the old f-string said with them."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUFF = Path(sys.executable).with_name("ruff")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_says", ROOT / "scripts" / "engine_says.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_says"] = module
    spec.loader.exec_module(module)
    return module


says = _script()
ENGINE = sorted((ROOT / "companion" / "engine").rglob("*.py"))


def old_and_new(old: str, template: str) -> tuple[str, str]:
    """What the f-string ``old`` and ``template`` say with the same sample values (a sample is
    the field's name, or a number where its format spec needs one)."""
    source = f"({old})"  # an implicit concatenation may span lines
    joined = ast.parse(source, mode="eval").body
    if not isinstance(joined, ast.JoinedStr):  # a literal: the template is the sentence
        return ast.literal_eval(source), template
    _template, values = says.template_of(joined, source)
    names = {ast.unparse(ast.parse(expr, mode="eval").body): name for name, expr in values.items()}
    specs = {p.value for p in joined.values if isinstance(p, ast.FormattedValue) and p.format_spec is not None}
    samples: dict[str, Any] = {}
    for piece in joined.values:
        if isinstance(piece, ast.FormattedValue):
            name = names[ast.unparse(piece.value)]
            samples[name] = 7 if piece.value in specs else f"<{name}>"
            piece.value = ast.Name(name, ast.Load())
    said = eval(compile(ast.fix_missing_locations(ast.Expression(joined)), "<old>", "eval"), {}, samples)
    return said, (template.format(**samples) if samples else template)


def test_a_sentence_keeps_its_repr_its_format_spec_and_its_braces() -> None:
    source = 'raise Refusal(Code.X, f"{cmd.area!r} {{x}} {state.players[seat].label} {n:+d} {len(v)} {cmd.area!r}.")\n'
    result = says.convert_source(source)
    [site] = result.sites
    assert site.template == "{area!r} {{x}} {player} {n:+d} {count} {area!r}."
    assert site.values == {"area": "cmd.area", "player": "state.players[seat].label", "n": "n", "count": "len(v)"}
    assert "Refusal(Code.X, " + '"{area!r} {{x}} {player} {n:+d} {count} {area!r}."' in result.source
    said = "'<area>' {x} <player> +7 <count> '<area>'."
    assert old_and_new(site.old, site.template) == (said, said)
    assert says.convert_source(result.source).sites == []  # idempotent


def test_prompts_reasons_and_rejections_become_say_and_rejected_of() -> None:
    source = (
        "text = f'{p.label}: go.'\n"
        "Prompt(K.A, pid, f'{pid}: choose.', ())\n"
        "Event(reason=f'because {why}', code='no_space')\n"
        "Rejected(Code.X, 'No game.')\n"
    )
    result = says.convert_source(source)
    assert 'text = say("{p}: go.", p=p.label)' in result.source
    assert 'Prompt(K.A, pid, say("{pid}: choose.", pid=pid), ())' in result.source
    assert "reason=say(\"because {why}\", why=why), code='no_space'" in result.source
    assert 'Rejected.of(Code.X, "No game.")' in result.source
    assert "from companion.engine.says import say" in result.source
    assert says.convert_source(result.source).sites == []


# A small engine module whose sentences are still f-strings and literals, of every kind the script
# turns (a refusal, a rejection, a prompt, a reason, a text, an ability's detail, a sentence over
# two lines, one long enough to be split, !r, a format spec, a literal brace): the
# engine itself has none left (test_no_engine_file_is_left_to_convert), so the script is run on this.
SAMPLE = """\
\"\"\"A made-up engine module for tests/test_engine_says.py.\"\"\"

from __future__ import annotations

from companion.engine.core import Code, Rejected, Refusal
from companion.engine.cthulhu.factions.powers import AbilityUsed
from companion.engine.cthulhu.model import Prompt, PromptKind


def refuse(cmd, state, seat, n, values):
    raise Refusal(Code.ILLEGAL, f"{cmd.area!r} {{x}} {state.players[seat].label} {n:+d} {len(values)} {cmd.area!r}.")


def reject(state):
    if state is None:
        return Rejected(Code.ILLEGAL, "No game.")
    return Rejected(Code.ILLEGAL, f"{state.phase} is not the "
                                  f"action phase.")


def ask(pid, power):
    return Prompt(PromptKind.ACTION, pid, f"{pid}: choose an action ({power} Power left, "
                  f"each costs {power - 1:d} or more, and the Gate in the area you name is yours to keep).", ())


def used(player, area, why, text=None):
    text = f"{player.label}: moved to {area}."
    event = AbilityUsed(player.id, "Flight", f"to {area}")
    return text, event, dict(reason=f"because {why}")
"""
SAMPLE_SENTENCES = 7  # the f-strings and literals above the script turns into templates


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample run through the script (``--out``, as on an engine file): the converted copy."""
    work = tmp_path_factory.mktemp("says")
    sample = work / "sample.py"
    sample.write_text(SAMPLE)
    out = work / "out"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "engine_says.py"), "--out", str(out), str(sample)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    [written] = out.rglob("sample.py")
    return written


def test_the_script_turns_every_sentence_of_the_sample() -> None:
    sites = says.convert_source(SAMPLE).sites
    assert len(sites) == SAMPLE_SENTENCES, [site.old for site in sites]
    assert {site.call for site in sites} >= {"Refusal", "Rejected", "say"}


def test_the_converted_file_compiles_is_idempotent_and_clean_for_ruff(converted: Path) -> None:
    text = converted.read_text()
    compile(text, str(converted), "exec")
    assert 'f"' not in text and "f'" not in text, text  # no sentence left as an f-string
    assert says.SAY_IMPORT in text  # say is imported where it is newly used
    assert says.convert_source(text).sites == [], "not idempotent"
    assert RUFF.exists(), "ruff (the dev extra) checks the script's output"
    config = ["--config", str(ROOT / "pyproject.toml")]
    lint = subprocess.run([str(RUFF), "check", *config, str(converted)], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout
    form = subprocess.run([str(RUFF), "format", "--check", *config, str(converted)], capture_output=True, text=True)
    assert form.returncode == 0, form.stdout


def test_every_converted_sentence_says_the_same_english() -> None:
    sites = says.convert_source(SAMPLE).sites
    said = [old_and_new(site.old, site.template) for site in sites]
    assert len(said) == SAMPLE_SENTENCES
    assert [old for old, new in said if old != new] == []


def test_no_engine_file_is_left_to_convert() -> None:
    """Every engine sentence is a template: the script finds nothing to turn in companion/engine."""
    left = [str(path.relative_to(ROOT)) for path in ENGINE if says.convert_source(path.read_text()).sites]
    assert left == [], "run scripts/engine_says.py on: " + ", ".join(left)
