"""The systemd units and the udev rule: systemd-analyze verify accepts them (where it exists),
and they say what the appliance promises."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

SYSTEMD = Path(__file__).parents[2] / "systemd"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(SYSTEMD / name)
    return parser


def test_the_companion_unit_is_a_notify_service_with_a_watchdog_as_an_unprivileged_user() -> None:
    service = unit("companion.service")["Service"]
    assert service["Type"] == "notify" and int(service["WatchdogSec"]) > 0
    assert service["Restart"] == "on-failure" and int(service["RestartSec"]) >= 2
    assert service["User"] == "companion"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "dialout", "video", "input", "render"}
    text = (SYSTEMD / "companion.service").read_text()
    assert "SDL_VIDEODRIVER=kmsdrm" in text and "GPIOZERO_PIN_FACTORY=lgpio" in text


def test_redis_listens_on_loopback_only_and_fsyncs_every_write() -> None:
    settings = dict(
        line.split(None, 1)
        for line in (SYSTEMD / "redis.conf").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert settings["bind"].split() == ["127.0.0.1", "-::1"]
    assert settings["appendonly"] == "yes" and settings["appendfsync"] == "always"


def test_the_udev_rule_gives_the_tower_a_stable_name() -> None:
    rule = (SYSTEMD / "99-dicetower.rules").read_text()
    assert 'SYMLINK+="dicetower"' in rule and 'SUBSYSTEM=="tty"' in rule


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
@pytest.mark.parametrize("name", ["companion.service", "companion-tower.service"])
def test_systemd_analyze_verify_accepts_the_units(tmp_path: Path, name: str) -> None:
    # Verify each unit as written, with only what cannot exist on a test machine swapped out:
    # the installed program, and the user and groups the installer creates.
    text = (SYSTEMD / name).read_text()
    text = text.replace("/opt/companion/.venv/bin/companion run --fullscreen", "/bin/true")
    text = text.replace("/opt/companion/.venv/bin/companion bridge", "/bin/true")
    text = text.replace("dev-dicetower.device", "")
    text = text.replace("User=companion", "User=root").replace("Group=companion", "Group=root")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("SupplementaryGroups="))
    path = tmp_path / name
    path.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Unknown" not in done.stderr and "ignoring" not in done.stderr, done.stderr
