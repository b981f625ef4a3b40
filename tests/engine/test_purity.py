"""The engine is pure: no I/O, no clock, no hardware, storage or UI library.

The rule is checked on the source, so a forbidden import anywhere in companion/engine fails
here even if it is never executed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion.engine
from tests.source_imports import imported_modules

ENGINE = Path(companion.engine.__file__).parent
FORBIDDEN = {
    "pygame",
    "gpiozero",
    "serial",
    "redis",
    "sqlite3",
    "socket",
    "threading",
    "asyncio",
    "time",
    "datetime",
    "random",
    "os",
    "subprocess",
    "io",
    "pathlib",
    "logging",
    "companion.store",
    "companion.session",
    "companion.ui",
    "hardware",
    "firmware_bridge",
}
FORBIDDEN_CALLS = {"open", "print", "input"}


def test_engine_imports_nothing_impure() -> None:
    sources = sorted(ENGINE.rglob("*.py"))
    assert len(sources) >= 8
    for path in sources:
        for module in imported_modules(ast.parse(path.read_text())):
            root_matches = {f for f in FORBIDDEN if module == f or module.startswith(f + ".")}
            assert not root_matches, f"{path.relative_to(ENGINE.parent)} imports {module}"


def test_engine_calls_no_io_builtins() -> None:
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_the_checker_catches_a_forbidden_import() -> None:
    assert "sqlite3" in imported_modules(ast.parse("import sqlite3"))
    assert "pygame.display" in imported_modules(ast.parse("from pygame.display import flip"))
