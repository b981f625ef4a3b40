"""Seeded games of all ten factions give the same events and canonical states as on the code
they were recorded on (``data/replay_digests.json``, made by ``replay_games --regenerate``
before the factions' house was rebuilt, issue 30): a rebuild changes no behaviour."""

from __future__ import annotations

import dataclasses
import json

import pytest

from companion.engine.cthulhu.model import Faction
from tests.engine.cthulhu.replay_games import DATA, GAMES, Game, play, seeds

RECORDED: dict[str, list[str]] = json.loads(DATA.read_text())


def test_the_games_seat_all_ten_factions_and_every_optional_rule() -> None:
    assert {f for game in GAMES for f in game.seats} == set(Faction) - {Faction.DAEMON_SULTAN, Faction.OTHER}
    assert any(g.independents for g in GAMES) and any(g.neutral_spellbooks for g in GAMES)
    assert any(g.priests for g in GAMES) and any(g.acolyte for g in GAMES)
    assert {g.map_name.split("-")[0] for g in GAMES} >= {"earth", "yuggoth", "shaggai", "primeval"}
    assert set(RECORDED) == {f"{g.name}/{s}" for g in GAMES for s in seeds(g)}, "regenerate the digests"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_seeded_games_replay_with_identical_events_and_states(game: Game) -> None:
    for seed in seeds(game):
        name = f"{game.name}/{seed}"
        digests = play(dataclasses.replace(game, seed=seed))
        recorded = RECORDED[name]
        first = next((i for i, (a, b) in enumerate(zip(digests, recorded, strict=False)) if a != b), None)
        assert first is None, f"{name}: command {first} differs (events {digests[first][:12] != recorded[first][:12]})"
        assert len(digests) == len(recorded), f"{name}: {len(digests)} commands, recorded {len(recorded)}"
