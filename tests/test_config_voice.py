"""companion.toml's [voice] section: ``listen`` turns spoken commands on (off by default)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, load_config


def config_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "companion.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_listening_is_off_unless_the_file_turns_it_on(tmp_path: Path) -> None:
    assert load_config(config_file(tmp_path, "")).listen is False
    assert load_config(config_file(tmp_path, "[voice]\nlisten = true\n")).listen is True


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[voice]\nlisten = 1\n", r"line 2: \[voice\] listen must be true or false"),
        ("[voice]\nhear = true\n", r"line 2: \[voice\] has no key 'hear' \(keys: listen\)"),
        ("voice = true\n", r"\[voice\] must be a section"),
    ],
)
def test_a_bad_voice_section_names_its_line_and_what_to_write(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        load_config(config_file(tmp_path, text))
