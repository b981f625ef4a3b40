"""The headless demo (``companion demo --headless``) plays its seeded games to their end on every
shipped map the referee can play, at every player count the map seats, with and without the
options the demo takes: each prints a result, which only a game over has (the end waits for the
ending command's after-command work and its questions, which the bots answer)."""

from __future__ import annotations

import pytest

from companion.maps import list_maps, load_map
from tests.cli_runs import run_cli

PLAYABLE = [
    (info.name, players)
    for info in list_maps()
    if info.shipped and info.status.value != "partial"  # a map of public facts only is not played
    for players in load_map(info.name).players
]


def test_every_playable_shipped_map_is_covered() -> None:
    names = {name for name, _players in PLAYABLE}
    assert {"earth-3p", "earth-4p-35", "earth-4p-53", "earth-5p", "earth-6p", "yuggoth-demo", "shaggai-demo"} <= names
    assert "primeval-demo" in names


@pytest.mark.parametrize(("map_name", "players"), PLAYABLE, ids=[f"{m}-{p}" for m, p in PLAYABLE])
@pytest.mark.parametrize("extra", [("--seed", "1"), ("--seed", "2", "--acolyte", "--independents")], ids=["plain", "options"])
def test_the_headless_demo_reaches_its_result_on_every_map(monkeypatch, capsys, map_name, players, extra) -> None:
    args = ["--journal", ":memory:", "demo", "--headless", "--mute", "--map", map_name, "--players", str(players), *extra]
    code, lines, err = run_cli(monkeypatch, capsys, args)
    assert code == 0, err
    assert any(line.startswith("Result: ") for line in lines), (map_name, players, extra, lines[-8:])
