"""The screen knows the engine, the palette and its client of the table, and nothing else.

Checked on the source, as the engine's purity is (tests/engine/test_purity.py): an import of the
store, the session, the table, the hardware or the tower anywhere in companion/ui fails here
even if it is never executed.  The house is wired outside (companion/appliance.py).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import companion.ui
from tests.source_imports import imported_modules

UI = Path(companion.ui.__file__).parent
# The engine's words (companion.narrate: events in sentences) count as the engine's: a pure
# module over the engine alone (checked below), which the log and the corrections' preview read.
# The screen's words go through the language's catalogue (companion.i18n: gettext, a leaf module).
ALLOWED = ("companion.engine", "companion.palette", "companion.narrate", "companion.client", "companion.ui", "companion.i18n")
# The one other module of the project the screen reads, and why: where the screen keeps its own
# display settings (brightness, sound), a file of the screen's, not the table's.
EXCEPTIONS = {"companion.paths": "the display settings' directory (companion/ui/backlight.py)"}
FOREIGN = ("hardware", "firmware_bridge", "gpiozero", "serial", "redis", "sqlite3", "fakeredis")


def project_imports(path: Path) -> set[str]:
    """The modules ``path`` imports from the project (``from companion import x`` counts as x)."""
    names: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "companion":
            names.update(f"companion.{alias.name}" for alias in node.names)
    names.update(imported_modules(tree))
    return {name for name in names if name != "companion"}


def within(module: str, roots: tuple[str, ...] | set[str]) -> bool:
    return any(module == root or module.startswith(root + ".") for root in roots)


def forbidden(path: Path) -> list[str]:
    wrong = []
    for module in sorted(project_imports(path)):
        if within(module, FOREIGN) or (
            module.startswith("companion.") and not within(module, ALLOWED) and module not in EXCEPTIONS
        ):
            wrong.append(module)
    return wrong


def test_the_screen_imports_only_the_engine_the_palette_and_its_client() -> None:
    sources = sorted(UI.rglob("*.py"))
    assert len(sources) >= 10
    problems = {str(path.relative_to(UI.parent)): forbidden(path) for path in sources}
    assert {name: wrong for name, wrong in problems.items() if wrong} == {}


def test_the_client_contract_itself_imports_only_the_engine() -> None:
    import companion.client

    path = Path(companion.client.__file__)
    ours = {module for module in project_imports(path) if within(module, ("companion", *FOREIGN))}
    assert ours and all(within(module, ("companion.engine",)) for module in ours), ours


# The log's sentences go through the language's catalogue (companion.i18n: gettext, a leaf module).
PURE_EXTRAS = {"companion.narrate": ("companion.i18n",)}


@pytest.mark.parametrize("module", ["companion.narrate", "companion.palette"])
def test_what_the_screen_may_read_besides_the_engine_is_as_pure_as_the_engine(module: str) -> None:
    path = Path(importlib.import_module(module).__file__ or "")
    ours = {name for name in project_imports(path) if within(name, ("companion", *FOREIGN))}
    assert all(within(name, ("companion.engine", *PURE_EXTRAS.get(module, ()))) for name in ours), ours
    assert not project_imports(path) & {"os", "io", "pathlib", "socket", "threading", "time", "subprocess"}


def test_the_checker_catches_each_kind_of_trespass(tmp_path: Path) -> None:
    cases = {
        "from companion.store import Entry": "companion.store",
        "from companion import session": "companion.session",
        "import companion.table": "companion.table",
        "from hardware.panel import Panel": "hardware.panel",
        "from firmware_bridge.link import TowerLink": "firmware_bridge.link",
        "    from companion.maps import load_map": "companion.maps",  # inside a function, too
    }
    for source, module in cases.items():
        path = tmp_path / "scene.py"
        path.write_text(f"def f():\n{source}\n" if source.startswith(" ") else source + "\n")
        assert forbidden(path) == [module], source
    path = tmp_path / "fine.py"
    path.write_text("from companion.engine import Command\nfrom companion import palette\nfrom companion.client import Leds\n")
    assert forbidden(path) == []
