"""Turn the engine's English f-strings into templates with named values (companion/engine/says.py).

    python scripts/engine_says.py FILE...            # rewrite in place
    python scripts/engine_says.py --out DIR FILE...  # write the converted copies into DIR
    python scripts/engine_says.py --check FILE...    # exit 1 if a file would change

What it rewrites (everything else is left as it is):

- ``Refusal(code, f"...")``           -> ``Refusal(code, "...{name}...", name=expr)``
- ``Rejected(code, f"..." or "...")`` -> ``Rejected.of(code, "...", name=expr)``
- ``Prompt(kind, actor, f"...")`` and the other sentences by position (``PROSE_ARGUMENTS``), a
  ``text=``, ``reason=``, ``cause=``, ``detail=`` keyword given an
  f-string or a literal, and ``text = f"..."`` -> ``say("...", name=expr)`` (the English ``str``,
  so what is stored and journaled is unchanged; the mark lets Babel extract the template)
- ``AbilityUsed(player, ability, f"...")`` (its ``detail``, in the log) -> ``say(...)``
- ``say(f"...")`` -> the template form: wrap any other sentence by hand
  in ``say(...)`` and run the script again.

Each ``{expr!r:spec}`` keeps its conversion and format spec; its name comes from the expression
(``cmd.area`` -> ``area``, ``state.players[seat].label`` -> ``player``, ``len(values)`` -> ``count``;
the same expression twice shares a name, two different ones get ``area``, ``area2``).  Literal
braces are doubled.  It is idempotent: a template is a plain literal, which it leaves alone.  An
f-string it cannot turn (a nested field inside a format spec) is reported and left unchanged.

After rewriting it adds ``from companion.engine.says import say`` where ``say`` is newly used,
then runs ``ruff check --select I --fix`` and ``ruff format`` on the files it wrote (when ruff is
found beside the Python running it, or on PATH), so the result is formatted like the project.
"""

from __future__ import annotations

import argparse
import ast
import keyword
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

SAY_IMPORT = "from companion.engine.says import say"
WIDTH = 90  # a template longer than this is written as adjacent literals, to fit ruff's 130 columns
PROSE_KEYWORDS = frozenset({"text", "reason", "cause", "detail"})
# The positional argument (from 0) that is a sentence: a prompt's text (Prompt, roll_now, roll_prompt), an
# ability's detail (the log), the reason a unit is placed or removed or Power spent (the log, a refusal),
# Arkham's reasons for Doom, the awakening and the Outskirts.
PROSE_ARGUMENTS = {
    "Prompt": 2,
    "AbilityUsed": 2,
    "roll_now": 3,
    "roll_prompt": 3,
    "pay": 3,
    "place": 6,
    "remove": 6,
    "place_one": 5,
    "remove_one": 3,
    "awaken": 0,
    "add_doom": 0,
    "clear_outskirts": 0,
    "doom_gained": 4,
    "_slumber_doom": 2,
    "Part": 0,
}
WORDS = frozenset({"Part"})  # its label is words even without a space ("cultists")
GENERIC = frozenset({"label", "name", "value", "title", "text"})  # a name that says less than its owner
PLURALS = {"players": "player", "areas": "area", "units": "unit", "values": "value", "choices": "choices"}


@dataclass
class Site:
    """One converted sentence: where, the old f-string's source, the template, name -> expression."""

    line: int
    old: str
    template: str
    values: dict[str, str]
    call: str  # "Refusal", "Rejected", "say"


@dataclass
class Result:
    source: str
    sites: list[Site] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


class Unconvertible(Exception):
    """An f-string the script cannot turn into a template."""


def _singular(word: str) -> str:
    return PLURALS.get(word, word)


def placeholder(expr: ast.expr) -> str:
    """A readable field name for ``expr``."""
    match expr:
        case ast.Name(id=name):
            return name
        case ast.Attribute(value=owner, attr=attr):
            if attr in GENERIC and not isinstance(owner, ast.Call):
                inner = placeholder(owner)
                if inner not in {"state", "cmd", "command", "self", "s", "b", "x"}:
                    return inner
            return attr.removesuffix("_name") if attr.endswith("_name") else attr
        case ast.Subscript(value=owner):
            return _singular(placeholder(owner))
        case ast.Call(func=ast.Name(id="len"), args=[_]):
            return "count"
        case ast.Call(func=ast.Attribute(attr="join"), args=[arg]):
            return placeholder(arg.elt if isinstance(arg, (ast.GeneratorExp, ast.ListComp)) else arg)
        case ast.Call(func=ast.Name(id="str" | "int" | "repr" | "abs" | "sum" | "min" | "max" | "sorted"), args=[arg, *_]):
            return placeholder(arg)
        case ast.Call(func=func):
            return placeholder(func)
        case ast.BinOp(left=left):
            return placeholder(left)
        case ast.BoolOp(values=[first, *_]):
            return placeholder(first)
        case ast.IfExp(body=body):
            return placeholder(body)
        case ast.UnaryOp(operand=operand):
            return placeholder(operand)
    return "value"


def _clean(name: str) -> str:
    name = re.sub(r"\W", "_", name).strip("_").lower() or "value"
    if name[0].isdigit() or keyword.iskeyword(name):
        name = f"{name}_"
    return name


def template_of(joined: ast.JoinedStr, source: str) -> tuple[str, dict[str, str]]:
    """The ``str.format`` template of an f-string and its values' expressions (source text) by name."""
    parts: list[str] = []
    values: dict[str, str] = {}
    by_expr: dict[str, str] = {}
    for piece in joined.values:
        if isinstance(piece, ast.Constant):
            parts.append(str(piece.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(piece, ast.FormattedValue)
        text = ast.get_source_segment(source, piece.value) or ast.unparse(piece.value)
        text = " ".join(text.split()) if "\n" in text else text
        key = ast.unparse(piece.value)
        name = by_expr.get(key)
        if name is None:
            base = _clean(placeholder(piece.value))
            name, n = base, 2
            while name in values:
                name, n = f"{base}{n}", n + 1
            by_expr[key] = name
            values[name] = text
        conversion = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[piece.conversion]
        spec = ""
        if piece.format_spec is not None:
            assert isinstance(piece.format_spec, ast.JoinedStr)
            if any(not isinstance(p, ast.Constant) for p in piece.format_spec.values):
                raise Unconvertible("a field inside a format spec")
            spec = ":" + "".join(str(p.value) for p in piece.format_spec.values if isinstance(p, ast.Constant))
        parts.append("{" + name + conversion + spec + "}")
    return "".join(parts), values


def _literal(text: str, width: int = WIDTH) -> str:
    """``text`` as a Python string literal, double-quoted as ruff format writes it; a long one as
    adjacent literals of at most ``width`` characters, cut after a space (Babel joins them)."""
    pieces: list[str] = []
    rest = text
    while len(rest) > width and (cut := rest.rfind(" ", 0, width)) > 0:
        pieces.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    pieces.append(rest)
    return " ".join(_quoted(piece) for piece in pieces)


def _quoted(text: str) -> str:
    body = repr(text)
    if body.startswith("'") and '"' not in text:
        body = '"' + body[1:-1].replace("\\'", "'") + '"'
    return body


class _Finder(ast.NodeVisitor):
    """Collects (node to replace, replacement kind) in source order."""

    def __init__(self) -> None:
        self.found: list[tuple[ast.expr, str, ast.Call | None]] = []

    def _take(self, node: ast.expr | None, kind: str, call: ast.Call | None = None) -> None:
        if node is not None:
            self.found.append((node, kind, call))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name == "Refusal" and len(node.args) >= 2 and isinstance(node.args[1], ast.JoinedStr) and not node.keywords:
            self._take(node.args[1], "refusal", node)
        elif (
            name == "Rejected"
            and len(node.args) == 2
            and not node.keywords
            and isinstance(node.args[1], (ast.JoinedStr, ast.Constant))
            and isinstance(getattr(node.args[1], "value", ""), str)
        ):
            self._take(node.args[1], "rejected", node)
        elif name == "say" and node.args and isinstance(node.args[0], ast.JoinedStr):
            self._take(node.args[0], "say_args", node)
        else:
            where = PROSE_ARGUMENTS.get(name)
            if where is not None and len(node.args) > where and _is_sentence(node.args[where], word=name in WORDS):
                self._take(node.args[where], "say")
            for kw in node.keywords:
                if kw.arg in PROSE_KEYWORDS and _is_sentence(kw.value):
                    self._take(kw.value, "say")
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if (
            len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == "text"
            and isinstance(node.value, ast.JoinedStr)
        ):
            self._take(node.value, "say")
        self.generic_visit(node)


def _is_sentence(value: ast.expr, word: bool = False) -> bool:
    """An f-string, or a literal worded like a sentence (a space in it: not a key or a name;
    with ``word``, any literal)."""
    if isinstance(value, ast.JoinedStr):
        return True
    return isinstance(value, ast.Constant) and isinstance(value.value, str) and (word or " " in value.value.strip())


def _offsets(source: str) -> list[int]:
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def convert_source(source: str) -> Result:
    """``source`` with its sentences in the template form (see the module's docstring)."""
    tree = ast.parse(source)
    finder = _Finder()
    finder.visit(tree)
    starts = _offsets(source)

    def span(node: ast.AST) -> tuple[int, int]:
        assert node.end_lineno is not None and node.end_col_offset is not None
        lines = source.splitlines(keepends=True)
        start = starts[node.lineno - 1] + len(lines[node.lineno - 1].encode()[: node.col_offset].decode())
        end = starts[node.end_lineno - 1] + len(lines[node.end_lineno - 1].encode()[: node.end_col_offset].decode())
        return start, end

    edits: list[tuple[int, int, str]] = []
    result = Result(source)
    uses_say = False
    for node, kind, call in finder.found:
        try:
            if isinstance(node, ast.JoinedStr):
                template, values = template_of(node, source)
                if not values:  # f"..." without a field: a plain literal
                    template = template.replace("{{", "{").replace("}}", "}")
            else:
                assert isinstance(node, ast.Constant) and isinstance(node.value, str)
                template, values = node.value, {}
        except Unconvertible as why:
            result.skipped.append(f"line {node.lineno}: {why}")
            continue
        old = ast.get_source_segment(source, node) or ""
        args = _literal(template) + "".join(f", {k}={v}" for k, v in values.items())
        start, end = span(node)
        if kind == "say":
            edits.append((start, end, f"say({args})"))
            uses_say = True
            result.sites.append(Site(node.lineno, old, template, values, "say"))
        elif kind == "rejected":
            assert call is not None
            fstart, fend = span(call.func)
            edits.append((fstart, fend, source[fstart:fend] + ".of"))
            edits.append((start, end, args))
            result.sites.append(Site(node.lineno, old, template, values, "Rejected"))
        else:  # refusal, say_args: the literal and the values as keywords
            edits.append((start, end, args))
            result.sites.append(Site(node.lineno, old, template, values, "Refusal" if kind == "refusal" else "say"))
    text = source
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    if uses_say and not _imports_say(tree):
        text = _add_import(text)
    result.source = text
    return result


def _imports_say(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom) and node.module == "companion.engine.says" and any(a.name == "say" for a in node.names)
        for node in tree.body
    )


def _add_import(text: str) -> str:
    """``say``'s import after the module's last top-level import (ruff's isort orders it)."""
    tree = ast.parse(text)
    last = 0
    for node in tree.body:  # the imports at the top (a module may import again further down)
        if isinstance(node, (ast.Import, ast.ImportFrom)) or (node is tree.body[0] and isinstance(node, ast.Expr)):
            last = node.end_lineno or node.lineno
        else:
            break
    lines = text.splitlines(keepends=True)
    return "".join([*lines[:last], SAY_IMPORT + "\n", *lines[last:]])


def _ruff() -> list[str] | None:
    beside = Path(sys.executable).with_name("ruff")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ruff")
    return [found] if found else None


def tidy(paths: list[Path], config: Path | None = None) -> None:
    """Sort the imports and format ``paths`` as the project does (no-op without ruff)."""
    ruff = _ruff()
    if ruff is None or not paths:
        return
    settings = ["--config", str(config)] if config is not None else []
    names = [str(p) for p in paths]
    subprocess.run([*ruff, "check", *settings, "--select", "I", "--fix", "--quiet", *names], check=False)
    subprocess.run([*ruff, "format", *settings, "--quiet", *names], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, help="write converted copies into this directory")
    parser.add_argument("--check", action="store_true", help="exit 1 if a file would change")
    args = parser.parse_args(argv)
    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    written: list[Path] = []
    changed = 0
    for path in args.files:
        result = convert_source(path.read_text())
        for why in result.skipped:
            print(f"{path}: left as it is: {why}", file=sys.stderr)
        if not result.sites:
            continue
        changed += 1
        print(f"{path}: {len(result.sites)} sentence(s)")
        if args.check:
            continue
        target = args.out / Path(*path.parts[path.is_absolute() :]) if args.out else path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.source)
        written.append(target)
    tidy(written, project if project.exists() else None)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
