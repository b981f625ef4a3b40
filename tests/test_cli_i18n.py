"""The CLI speaks the system locale's language (LANGUAGE, then LC_ALL / LC_MESSAGES / LANG); the
screen's choice of Settings over the system is tested in tests/ui/test_screen_i18n.py."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.cli import main

ROOT = Path(__file__).parents[1]
NO_GAMES = {
    "en": "No stored games yet. `companion demo` plays one.",
    "de": "Noch keine gespeicherten Spiele. `companion demo` spielt eines.",
}
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")  # main() sets the process's language: the next test starts in English


def locale(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize(
    ("variables", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "de", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL decides; no French catalogue
        ({}, "en"),
    ],
)
def test_the_cli_follows_the_system_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variables: dict[str, str], language: str
) -> None:
    locale(monkeypatch, **variables)
    assert main(["--journal", ":memory:", "games"]) == 0
    assert capsys.readouterr().out.strip() == NO_GAMES[language]


def test_the_cli_errors_are_german_on_a_german_system(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    locale(monkeypatch, LANG="de_DE.UTF-8")
    assert main(["--journal", ":memory:", "demo", "--headless", "--game", "arkham", "--map", "earth-3p"]) == 2
    assert "--map ist für Cthulhu Wars" in capsys.readouterr().err


def test_a_german_terminal_gets_german_help_and_messages_from_the_installed_command(tmp_path: Path) -> None:
    """As a user's shell starts it: a fresh process, the locale only in its environment."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env |= {"LANG": "de_DE.UTF-8", "PYTHONPATH": str(ROOT), "COMPANION_STATE_DIR": str(tmp_path)}
    games = subprocess.run([sys.executable, "-m", "companion", "games"], env=env, capture_output=True, text=True, timeout=60)
    assert games.returncode == 0 and games.stdout.strip() == NO_GAMES["de"], games.stderr
    helped = subprocess.run([sys.executable, "-m", "companion", "--help"], env=env, capture_output=True, text=True, timeout=60)
    assert "Ein Schiedsrichter am Tisch für Lovecraft-Brettspiele." in helped.stdout
    env["LANG"] = "C.UTF-8"
    english = subprocess.run([sys.executable, "-m", "companion", "games"], env=env, capture_output=True, text=True, timeout=60)
    assert english.stdout.strip() == NO_GAMES["en"]
