"""The documents stay true: every command and event is documented, the README shows the two
set-up commands, and CI runs the README's test command."""

from __future__ import annotations

from pathlib import Path

from companion.engine import COMMANDS, EVENTS

ROOT = Path(__file__).parents[1]


def test_every_command_and_event_is_in_docs_commands() -> None:
    text = (ROOT / "docs" / "commands.md").read_text()
    missing = [name for name in COMMANDS.names() + EVENTS.names() if f"`{name}`" not in text]
    assert missing == []


def test_readme_shows_the_two_set_up_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make demo" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_docs_links_in_the_readme_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    pages = ("commands.md", "rules-notes.md", "maps.md", "configuration.md", "performance.md", "architecture.md")
    for name in (*pages, "cthulhu-wars.md", "arkham-horror.md"):  # the two games' pages: the front door links them
        assert f"docs/{name}" in readme and (ROOT / "docs" / name).exists(), name
