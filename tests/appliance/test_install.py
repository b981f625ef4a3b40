"""scripts/install-pi.sh into a scratch root: it lays out the appliance, keeps the owner's
config, and a second run changes nothing."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "install-pi.sh"


def install(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_ROOT": str(root)}
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
