"""[web] in companion.toml: the defaults, every key, and a clear refusal of a wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, WebSettings, load_config


def _load(tmp_path: Path, text: str) -> WebSettings:
    path = tmp_path / "companion.toml"
    path.write_text(text)
    return load_config(path).web


def test_the_server_is_on_by_default_on_the_lan_and_loopback(tmp_path: Path) -> None:
    assert _load(tmp_path, "") == WebSettings(enabled=True, listen=("lan",), port=8080, mdns=True, names=())


def test_every_key_is_read(tmp_path: Path) -> None:
    text = '[web]\nenabled = false\nlisten = ["192.168.1.20", "127.0.0.1"]\nport = 9000\nmdns = false\nnames = ["table.lan"]\n'
    assert _load(tmp_path, text) == WebSettings(False, ("192.168.1.20", "127.0.0.1"), 9000, False, ("table.lan",))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[web]\nport = 0\n", "port must be a whole number from 1 to 65535"),
        ("[web]\nport = true\n", "port must be a whole number"),
        ('[web]\nlisten = "0.0.0.0"\n', "listen must be a list of text"),
        ("[web]\nenabled = 1\n", "enabled must be true or false"),
        ("[web]\nhost = 'x'\n", "[web] has no key 'host'"),
    ],
)
def test_a_wrong_key_or_value_is_refused_with_its_line(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(ConfigError) as refused:
        _load(tmp_path, text)
    assert said in str(refused.value) and "line 2" in str(refused.value)
