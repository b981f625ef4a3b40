"""The tests' own house rule: shared helpers live in helper modules, never in a test module.

Checked on the source, as the engine's purity is: no module under tests/ (a test, a helper, a
conftest) imports a test module (``test_*.py``), in any spelling: ``import tests.a.test_b``,
``from tests.a.test_b import x``, ``from tests.a import test_b``, or the relative forms.  A test
module imported by another is run twice over, couples two files' tests, and hides the helper.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def module_name(path: Path) -> str:
    """``tests/ui/test_app.py`` -> ``tests.ui.test_app`` (a package's ``__init__`` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def absolute(module: str | None, level: int, importer: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``importer``."""
    if level == 0:
        return module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imported_test_modules(source: str, importer: str, is_package: bool = False) -> list[str]:
    """The test modules ``source`` (the text of module ``importer``) imports, sorted."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.update(".".join(parts[: i + 1]) for i, part in enumerate(parts) if part.startswith("test_"))
        elif isinstance(node, ast.ImportFrom):
            module = absolute(node.module, node.level, importer, is_package)
            parts = module.split(".")
            found.update(".".join(parts[: i + 1]) for i, part in enumerate(parts) if part.startswith("test_"))
            found.update(f"{module}.{alias.name}" for alias in node.names if alias.name.startswith("test_"))
    return sorted(name for name in found if name.startswith("tests.") and is_test_module(name))


def test_the_check_finds_every_spelling_of_importing_a_test_module() -> None:
    source = (
        "import tests.ui.test_app\n"
        "from tests.engine.test_purity import imported_modules\n"
        "from tests.ui import test_text_fit, drawn\n"
        "from .test_flight_taps import labels\n"
        "from . import test_map_answers\n"
        "from ..engine.test_codec import LATE\n"
        "from tests.ui.drawn import frame_drawn\n"  # a helper module: allowed
        "from tests.helpers import started\n"
        "import companion.test_words\n"  # not under tests: not this rule's
    )
    assert imported_test_modules(source, "tests.ui.test_cold_text") == [
        "tests.engine.test_codec",
        "tests.engine.test_purity",
        "tests.ui.test_app",
        "tests.ui.test_flight_taps",
        "tests.ui.test_map_answers",
        "tests.ui.test_text_fit",
    ]
    assert imported_test_modules("from .test_x import y\n", "tests.engine", is_package=True) == ["tests.engine.test_x"]


def test_no_module_under_tests_imports_a_test_module() -> None:
    sources = sorted(TESTS.rglob("*.py"))
    assert len(sources) >= 150, len(sources)  # the whole tree was read
    wrong = {
        module_name(path): imported
        for path in sources
        if (imported := imported_test_modules(path.read_text(), module_name(path), path.name == "__init__.py"))
    }
    assert wrong == {}, "move the shared helpers into a helper module (not test_*.py) or a conftest: " + repr(wrong)
