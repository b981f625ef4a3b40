"""The settings screen's switches: sound cues reach the panel's buzzer, brightness reaches the
backlight (a sysfs-shaped folder here) or dims the drawing, and both are remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import i18n
from companion.client import VoiceChoice
from companion.ui.app import App
from companion.ui.backlight import Backlight, DisplaySettings, load_settings, save_settings
from companion.ui.other_scenes import SettingsScene
from companion.ui.scene import Toggle
from companion.ui.widgets import font
from tests.readonly import read_only


@pytest.fixture
def settings(app_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
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
    saved = load_settings(tmp_path / "state" / "display.json")
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


def test_brightness_and_sound_survive_a_restart_of_the_app(settings: App, app_for) -> None:
    press(settings, "Sound cues")
    press(settings, "Brightness")
    press(settings, "Brightness")  # 50%
    settings.close()
    again = app_for("earth-3p")  # a new App, as after the service restarts
    assert (again.display.brightness, again.display.sound) == (0.5, False)
    assert again.dim == 0.5  # and it is applied, not only read
    again.scene_name = "settings"
    again.draw()
    assert "Brightness: 50%" in [b.label for b in again.scenes["settings"].buttons]


def test_under_the_service_the_settings_live_in_its_state_directory(
    settings: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "var-lib-companion"))
    with read_only(tmp_path / "config"):  # /etc/companion under ProtectSystem=full
        press(settings, "Sound cues")
    assert load_settings(tmp_path / "var-lib-companion" / "display.json").sound is False
    assert not (tmp_path / "config" / "display.json").exists()


def test_a_failed_save_is_said_on_the_settings_screen_and_the_choice_holds(settings: App, tmp_path: Path) -> None:
    with read_only(tmp_path / "state") as how:
        assert press(settings, "Brightness") == "Brightness: 75%"  # the choice holds for this run
    problem = settings.display.problem
    assert problem.startswith("Not saved") and str(tmp_path / "state") in problem, how
    words = [w for w, _ in SettingsScene.status_lines(settings.view())]
    assert f"Brightness and sound: {problem}" in words
    assert press(settings, "Brightness") == "Brightness: 50%"  # writable again: saved, the line goes
    assert settings.display.problem == ""
    assert load_settings(tmp_path / "state" / "display.json").brightness == 0.5


def test_a_save_under_a_file_reports_the_reason(tmp_path: Path) -> None:
    """No privilege needed: the folder's place is taken by a regular file (ENOTDIR)."""
    (tmp_path / "file").write_text("")
    choice = DisplaySettings(0.75, False)
    problem = save_settings(choice, tmp_path / "file" / "state" / "display.json")
    assert "Not a directory" in problem and choice.problem == problem


def test_settings_an_older_version_kept_in_the_config_directory_are_still_read(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "display.json").write_text('{"brightness": 0.25, "sound": false}')
    assert load_settings() == DisplaySettings(0.25, False)


def test_the_voice_switches_reach_the_speaker_and_are_remembered_after_a_restart(settings: App, app_for, tmp_path: Path) -> None:
    assert press(settings, "Voice") == "Voice: off"
    assert press(settings, "Says") == "Says: big moments"
    assert press(settings, "Volume") == "Volume: 60%"
    language = next(b for b in settings.scenes["settings"].buttons if b.label.startswith("Language"))
    settings.tap(language.rect.center)
    settings.draw()
    assert any(b.label == "Sprache: Deutsch" for b in settings.scenes["settings"].buttons)  # the screen speaks German now
    assert settings.client.voice_choice == VoiceChoice(speech=False, volume=0.6, big_only=True)  # type: ignore[attr-defined]
    assert i18n.language() == "de"
    again = app_for("earth-3p")  # a restart: a new App reads the saved file
    assert (again.display.speech, again.display.volume, again.display.big_only, again.display.language) == (
        False,
        0.6,
        True,
        "de",
    )
    settings.tap(language.rect.center)
    assert i18n.language() == "en"


def test_the_settings_buttons_fit_at_every_size(app_for) -> None:
    for size in ((800, 480), (1024, 600), (1280, 720), (720, 1280)):
        app = app_for("earth-3p", size)
        app.scene_name = "settings"
        app.draw()
        buttons = [b for b in app.scenes["settings"].buttons if isinstance(b.intent, Toggle)]
        assert len(buttons) == 6
        for button in buttons:
            assert app.window.get_rect().contains(button.rect), (size, button.label)
            smallest = font(app.metrics.px(17)).size(button.label)[0]  # Button.draw's smallest label size
            assert smallest <= button.rect.width - app.metrics.px(10), (size, button.label)
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1 :])
