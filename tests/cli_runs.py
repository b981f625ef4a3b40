"""Running the companion command in a subprocess, as a user does (tests/test_cli.py and the demos' tests)."""

from __future__ import annotations

import io
import sys

import pytest

from companion.cli import main


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = ""
) -> tuple[int, list[str], str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err
