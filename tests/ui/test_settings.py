"""The settings screen's switches: sound cues reach the panel's buzzer, brightness reaches the
backlight (a sysfs-shaped folder here) or dims the drawing, and both are remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.app import App
from companion.ui.backlight import Backlight, DisplaySettings, load_settings


@pytest.fixture
def settings(app_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    app = app_for("earth-3p")
    assert isinstance(app, App)
    app.scene_name = "settings"
    app.draw()
    return app


def press(app: App, label_start: str) -> str:
    button = next(b for b in app.scenes["settings"].buttons if b.label.startswith(label_start))
    app.tap(button.rect.center)
    app.draw()
    return next(b.label for b in app.scenes["settings"].buttons if b.label.startswith(label_start))


def test_sound_and_brightness_switch_and_are_remembered(settings: App, tmp_path: Path) -> None:
    assert press(settings, "Sound cues") == "Sound cues: off"
    assert [press(settings, "Brightness") for _ in range(4)] == [
        "Brightness: 75%",
        "Brightness: 50%",
        "Brightness: 25%",
        "Brightness: 100%",
    ]
    press(settings, "Brightness")
    saved = load_settings(tmp_path / "config" / "display.json")
    assert saved == DisplaySettings(brightness=0.75, sound=False)


def test_without_a_backlight_the_drawing_is_dimmed(settings: App) -> None:
    settings.window.fill((0, 0, 0))
    settings.draw()
    bright = max(settings.window.get_at((x, 30))[1] for x in range(0, 400, 4))
    press(settings, "Brightness")
    press(settings, "Brightness")  # 50%
    assert settings.dim == 0.5
    dimmed = max(settings.window.get_at((x, 30))[1] for x in range(0, 400, 4))
    assert dimmed < bright * 0.6


def test_a_backlight_gets_the_fraction_of_its_maximum(tmp_path: Path) -> None:
    device = tmp_path / "backlight" / "rpi_backlight"
    device.mkdir(parents=True)
    (device / "max_brightness").write_text("255\n")
    (device / "brightness").write_text("255\n")
    light = Backlight(tmp_path / "backlight")
    assert light.set(0.5) and (device / "brightness").read_text() == "128"
    assert not Backlight(tmp_path / "none").set(0.5)


def test_a_broken_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "display.json"
    path.write_text("{not json")
    assert load_settings(path) == DisplaySettings()
    path.write_text('{"brightness": 0.01, "sound": false}')
    assert load_settings(path) == DisplaySettings(brightness=0.25, sound=False)


def test_the_tower_status_shows_the_link_its_counts_the_last_roll_and_the_last_error() -> None:
    from companion.ui.other_scenes import SettingsScene
    from companion.ui.scene import View
    from firmware_bridge.link import LinkState, LinkStatus

    status = LinkStatus(LinkState.LINKED, "/dev/ttyACM0", frames=12, bad_frames=1, reconnects=2, last_error="checksum")
    words = [w for w, _ in SettingsScene.status_lines(View(state=None, names={}, link=status, last_roll="6 4 (d6, #3): applied"))]
    assert "Dice tower: linked on /dev/ttyACM0" in words
    assert "  frames 12, bad frames 1, reconnects 2" in words
    assert "  last roll: 6 4 (d6, #3): applied" in words and "  last error: checksum" in words
    assert "Dice tower: none configured ([tower] url)" in [w for w, _ in SettingsScene.status_lines(View(state=None, names={}))]
