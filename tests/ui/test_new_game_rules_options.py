"""The new-game screen's Rules options chooser (issue 20's options at set-up): a button opening a
page of toggles, each saying its state in words; Neutral Spellbooks and High Priests always, the
Opener's 10 gates with 4 players only with the Opener of the Way seated in a 4-player game, the
Bubastis variant only with Bubastis seated; the heading says which are on; the choices reach the
new game's Options, tapped through the screen as a finger would."""

from __future__ import annotations

from typing import Any

from companion.ui.app import App
from tests.helpers import table_of, tap
from tests.ui.drawn import frame_drawn


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scenes[app.scene_name].buttons]


def seat(app: App, *names: str) -> None:
    """Game, then ``names`` seated in place of the default three."""
    tap(app, "Game")
    tap(app, next(label for label in labels(app) if label.startswith("Factions (")))
    for name in ("Great Cthulhu", "Crawling Chaos", "Black Goat"):
        tap(app, f"1. {name}")
    for name in names:
        tap(app, name)
    tap(app, "Done")


def drawn_words(app: App, monkeypatch: Any) -> list[str]:
    """Every line of text the frame draws."""
    drawn = frame_drawn(app, monkeypatch)
    return [d.shown for d in drawn]


def test_rules_options_tapped_on_reach_the_new_game(app_for: Any, monkeypatch: Any) -> None:
    app = app_for()
    seat(app, "Opener of the Way", "Great Cthulhu", "Crawling Chaos", "Black Goat")
    tap(app, "earth-4p-35")
    tap(app, "Rules options: none on")
    shown = labels(app)
    for off in ("Astral Acolyte: off", "Neutral Spellbooks: off", "High Priests: off", "Opener 10 gates with 4 players: off"):
        assert off in shown
    assert not [label for label in shown if label.startswith("Bubastis")]  # not seated: not offered
    tap(app, "Neutral Spellbooks: off")
    tap(app, "High Priests: off")
    tap(app, "Opener 10 gates with 4 players: off")
    assert {"Neutral Spellbooks: on", "High Priests: on", "Opener 10 gates with 4 players: on"} <= set(labels(app))
    tap(app, "Done")
    assert "Rules options: 3 on" in labels(app)
    assert "Rules options on: Neutral Spellbooks, High Priests, Opener 10 gates" in drawn_words(app, monkeypatch)
    tap(app, "Start")
    tap(app, "Start: tap again")  # a game was in play
    options = table_of(app).session.state.options
    assert options.neutral_spellbooks and options.high_priests and options.opener_ten_gates
    assert not options.astral_acolyte and not options.bubastis_variant


def test_left_off_the_options_stay_off(app_for: Any) -> None:
    app = app_for()
    seat(app, "Opener of the Way", "Great Cthulhu", "Crawling Chaos", "Black Goat")
    tap(app, "earth-4p-35")
    tap(app, "Start")
    tap(app, "Start: tap again")
    options = table_of(app).session.state.options
    assert not (options.neutral_spellbooks or options.high_priests or options.opener_ten_gates)


def test_the_opener_option_is_offered_only_where_it_applies_and_counts_only_there(app_for: Any, monkeypatch: Any) -> None:
    app = app_for()
    seat(app, "Opener of the Way", "Great Cthulhu", "Crawling Chaos")  # 3 players: 10 gates anyway
    tap(app, "Rules options: none on")
    assert not [label for label in labels(app) if label.startswith("Opener")]
    tap(app, "Done")
    tap(app, next(label for label in labels(app) if label.startswith("Factions (")))
    tap(app, "Black Goat")  # the fourth: now it applies
    tap(app, "Done")
    tap(app, "Rules options: none on")
    tap(app, "Opener 10 gates with 4 players: off")
    tap(app, "Done")
    assert "Rules options: 1 on" in labels(app)
    tap(app, next(label for label in labels(app) if label.startswith("Factions (")))
    tap(app, "Yellow Sign")  # a fifth: it applies no more, and is neither counted nor said
    tap(app, "Done")
    assert "Rules options: none on" in labels(app)
    assert not [w for w in drawn_words(app, monkeypatch) if w.startswith("Rules options on")]
    tap(app, "earth-5p")
    tap(app, "Start")
    tap(app, "Start: tap again")
    state = table_of(app).session.state
    assert len(state.players) == 5 and not state.options.opener_ten_gates


def test_the_acolyte_toggles_in_either_place_and_the_heading_names_it(app_for: Any, monkeypatch: Any) -> None:
    app = app_for()
    tap(app, "Game")
    tap(app, "Acolyte: off")  # where it always was: one tap
    tap(app, "Rules options: 1 on")
    assert "Astral Acolyte: on" in labels(app)
    tap(app, "Astral Acolyte: on")
    tap(app, "Done")
    assert "Acolyte: off" in labels(app) and "Rules options: none on" in labels(app)
    tap(app, "Acolyte: off")
    assert "Rules options on: Astral Acolyte" in drawn_words(app, monkeypatch)


def test_the_independents_picker_says_in_words_what_lit_means(app_for: Any, monkeypatch: Any) -> None:
    app = app_for()
    tap(app, "Game")
    tap(app, "Independents (0)")
    tap(app, "Byatis")
    words = drawn_words(app, monkeypatch)
    assert "Tap the independent Great Old Ones and neutral monsters in the game: lit ones are in" in " ".join(words)  # (wrapped)
