"""The long-table soak's machinery on a short run (the 10,000-command run is `make soak`)."""

from __future__ import annotations

from bench.soak import run


def test_a_short_soak_plays_through_screen_buttons_and_tower_without_growing() -> None:
    # 1,000 commands: a game with the factions' abilities takes 150-330 (random taps, seeded), but
    # one once took over 600 on a machine loaded by eight other test runs.
    soak = run(1000)
    assert soak.commands >= 1000 and soak.games >= 1
    assert soak.tower_rolls > 0 and soak.button_rolls > 0
    assert len(soak.rss_mb) >= 2 and soak.rss_mb[-1] - soak.rss_mb[0] < 20
