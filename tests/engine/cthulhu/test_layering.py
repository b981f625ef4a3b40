"""The factions' house has one direction of dependency (issue 30; docs/architecture.md, "The
factions' contract"), checked on the source like the screen's layering (tests/ui/test_layering.py):

- only the registry (factions/registry.py) imports a faction module: the core, the shared layer,
  the screen and the house read the factions through the installed plugins;
- a faction module imports no other faction module;
- no import cycle anywhere in companion/.

Every import counts, inside functions too (a late import still ties two modules together); those
under ``if TYPE_CHECKING:`` are the checker's only.  ``from package import name`` counts as the
submodule ``package.name`` where there is one, as the CEO's checker (imports_check.py) reads it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).parent
REGISTRY = "companion.engine.cthulhu.factions.registry"
CONTRACT = "companion.engine.cthulhu.factions.contract"


def modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        name = ".".join(("companion", *path.relative_to(ROOT).with_suffix("").parts))
        found[name.removesuffix(".__init__")] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    return skip


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` (at ``path``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t for t in subs if t in known] + ([base] if any(t not in known for t in subs) else [])
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def factions(edges: dict[str, set[str]]) -> set[str]:
    """The faction modules: those the registry lists (it imports the contract besides)."""
    return {m for m in edges[REGISTRY] if m.startswith("companion.engine.cthulhu.factions.") and m != CONTRACT}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    return graph()


def test_the_registry_lists_the_ten_factions(edges: dict[str, set[str]]) -> None:
    assert len(factions(edges)) == 10


def test_only_the_registry_imports_a_faction(edges: dict[str, set[str]]) -> None:
    listed = factions(edges)
    wrong = {m: sorted(deps & listed) for m, deps in edges.items() if m != REGISTRY and m not in listed and deps & listed}
    assert wrong == {}


def test_no_faction_imports_another(edges: dict[str, set[str]]) -> None:
    listed = factions(edges)
    assert {m: sorted(edges[m] & listed) for m in listed if edges[m] & listed} == {}


def test_no_import_cycle_in_the_project(edges: dict[str, set[str]]) -> None:
    assert cycles(edges) == []


def test_the_checks_catch_a_cycle_and_a_late_import(tmp_path: Path) -> None:
    """The check can fail: a late import inside a function counts, and a cycle is found."""
    known = {"companion.a": tmp_path / "a.py", "companion.b": tmp_path / "b.py"}
    known["companion.a"].write_text("def f() -> None:\n    from companion import b\n")
    assert imports("companion.a", known["companion.a"], known) == {"companion.b"}
    assert cycles({"companion.a": {"companion.b"}, "companion.b": {"companion.a"}}) == [["companion.a", "companion.b"]]
