"""scripts/engine_says.py: the f-strings become templates that say exactly the same English.

Run on every engine file (the ones already converted are left alone, the others are converted
into a temporary directory): each converted file compiles and is clean for ruff, and each
converted sentence, formatted with sample values, equals what the old f-string said with them."""

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


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every engine file run through the script into a temporary directory: name -> its sites."""
    out = tmp_path_factory.mktemp("says")
    sites = {path: says.convert_source(path.read_text()).sites for path in ENGINE}
    changed = [path.relative_to(ROOT) for path, found in sites.items() if found]
    if not changed:  # every engine file is converted: test_no_engine_file_is_left_to_convert
        return {"out": out, "changed": changed, "sites": sites}
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "engine_says.py"), "--out", str(out), *map(str, changed)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return {"out": out, "changed": changed, "sites": sites}


def test_the_converted_files_compile_and_are_clean_for_ruff(converted: dict[str, Any]) -> None:
    out: Path = converted["out"]
    written = [out / path for path in converted["changed"]]
    assert all(path.exists() for path in written)
    for path in written:
        compile(path.read_text(), str(path), "exec")
        assert says.convert_source(path.read_text()).sites == [], f"{path}: not idempotent"
    if RUFF.exists():
        config = ["--config", str(ROOT / "pyproject.toml")]
        lint = subprocess.run([str(RUFF), "check", *config, *map(str, written)], capture_output=True, text=True)
        assert lint.returncode == 0, lint.stdout
        form = subprocess.run([str(RUFF), "format", "--check", *config, *map(str, written)], capture_output=True, text=True)
        assert form.returncode == 0, form.stdout


def test_every_converted_sentence_says_the_same_english(converted: dict[str, Any]) -> None:
    differ = [
        f"{path.name}:{site.line}: {said!r} != {now!r}"
        for path, found in converted["sites"].items()
        for site in found
        for said, now in [old_and_new(site.old, site.template)]
        if said != now
    ]
    assert not differ, "\n".join(differ)


def test_no_engine_file_is_left_to_convert(converted: dict[str, Any]) -> None:
    """Every engine sentence is a template (the checks above ran on the last files converted,
    at the merge that emptied tests/engine/test_says.py's NOT_YET, and passed there)."""
    assert converted["changed"] == [], "run scripts/engine_says.py on: " + ", ".join(map(str, converted["changed"]))
