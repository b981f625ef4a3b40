"""scripts/install-pi.sh into a scratch root: it lays out the appliance, keeps the owner's
config, and a second run changes nothing."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "install-pi.sh"


def install(root: Path, sysfs: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_ROOT": str(root), "COMPANION_SYSFS": str(sysfs or root / "no-sys")}
    return subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)


def tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def test_install_lays_out_the_appliance_and_twice_changes_nothing(tmp_path: Path) -> None:
    first = install(tmp_path)
    assert first.returncode == 0, first.stderr
    for path in (
        "etc/systemd/system/companion.service",
        "etc/systemd/system/redis-server.service.d/companion.conf",
        "etc/udev/rules.d/99-dicetower.rules",
        "etc/udev/rules.d/99-companion-backlight.rules",
        "etc/udev/rules.d/99-companion-devices.rules",
        "etc/systemd/system/companion-tower.service",
        "etc/companion/companion.toml",
        "etc/companion/redis.conf",
        "opt/companion/src/companion/engine/__init__.py",
    ):
        assert (tmp_path / path).is_file(), path
    for name in ("companion.service", "companion-tower.service", "redis-server.service.d/companion.conf"):
        shipped = (SCRIPT.parents[1] / "systemd" / name).read_bytes()
        assert (tmp_path / "etc/systemd/system" / name).read_bytes() == shipped, name  # the sandboxed units, as tested
    assert (tmp_path / "etc/companion/redis.conf").read_bytes() == (SCRIPT.parents[1] / "systemd/redis.conf").read_bytes()
    assert 'location = "unix:///run/redis/redis-server.sock?db=0"' in (tmp_path / "etc/companion/companion.toml").read_text()
    (tmp_path / "etc/companion/companion.toml").write_text('[tower]\nurl = "/dev/dicetower"\n')  # the owner's edit
    before = tree(tmp_path)
    second = install(tmp_path)
    assert second.returncode == 0, second.stderr
    assert tree(tmp_path) == before  # idempotent, and the owner's config is kept
    assert "wrote" not in second.stdout


def test_install_lets_the_screen_write_each_backlights_brightness_file_and_nothing_else(tmp_path: Path) -> None:
    """The drop-in opens exactly the brightness files of the backlights found (the unit itself
    opens nothing under /sys); none found, no drop-in; a second run changes nothing."""
    sysfs, root = tmp_path / "sys", tmp_path / "root"
    for name in ("10-0045", "rpi_backlight"):
        device = sysfs / "devices" / "platform" / name
        device.mkdir(parents=True)
        (device / "brightness").write_text("255\n")
        (sysfs / "class" / "backlight").mkdir(parents=True, exist_ok=True)
        (sysfs / "class" / "backlight" / name).symlink_to(device)
    done = install(root, sysfs)
    assert done.returncode == 0, done.stderr
    drop_in = root / "etc/systemd/system/companion.service.d/backlight.conf"
    lines = [line for line in drop_in.read_text().splitlines() if not line.startswith("#")]
    assert lines == [
        "[Service]",
        "ReadWritePaths=-/sys/class/backlight/10-0045/brightness",
        "ReadWritePaths=-/sys/class/backlight/rpi_backlight/brightness",
    ]
    before = tree(root)
    assert install(root, sysfs).returncode == 0 and tree(root) == before
    bare = tmp_path / "bare"
    assert install(bare).returncode == 0 and not (bare / "etc/systemd/system/companion.service.d").exists()


def test_install_puts_the_user_in_no_group_that_reads_every_serial_port_or_keyboard() -> None:
    script = SCRIPT.read_text()
    joined = next(line for line in script.splitlines() if line.strip().startswith("for group in") and "usermod -a" in script)
    assert joined.split("in", 1)[1].split(";")[0].split() == ["gpio", "video", "render", "audio"]
    assert 'gpasswd -d companion "$group"' in script  # and takes an older install's dialout and input away
