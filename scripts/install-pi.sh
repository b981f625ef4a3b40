#!/usr/bin/env bash
# Set up a Raspberry Pi (Raspberry Pi OS Lite, Bookworm or later) as a table companion.
# Idempotent: running it again changes nothing that is already right.
#
#   sudo scripts/install-pi.sh            # from a checkout of this repository
#
# It installs the system packages, creates the unprivileged user `companion` (groups gpio,
# video, render, audio; not dialout or input: the udev rules give the tower's and the
# touchscreen's nodes the group `companion`), puts the code in /opt/companion with its own venv,
# writes /etc/companion/companion.toml once (never overwriting your edits), installs the systemd
# units, the Redis settings and the udev rules, the drop-in that lets the screen write the
# backlight's brightness file (and no other file in /sys), and enables the service. Set COMPANION_ROOT to install
# into another root (the tests use a scratch directory; no packages, users or services then).
# COMPANION_NO_SERVICES=1 (a chroot, as in scripts/pi-rehearsal.sh): everything, but the units
# are only enabled, not started, and udev is not asked to reload (no systemd or udevd running).
set -euo pipefail

ROOT="${COMPANION_ROOT:-}"
SOURCE="$(cd "$(dirname "$0")/.." && pwd)"
SYSFS="${COMPANION_SYSFS:-/sys}"  # where the backlights are looked for (the tests give a scratch one)
DEST="$ROOT/opt/companion"
ETC="$ROOT/etc/companion"
UNITS="$ROOT/etc/systemd/system"
UDEV="$ROOT/etc/udev/rules.d"
log() { echo "install-pi: $*"; }

system_setup() {
  [ -n "$ROOT" ] && return 0
  [ "$(id -u)" -eq 0 ] || { echo "install-pi: run as root (sudo)"; exit 1; }
  apt-get update -qq
  apt-get install -y -qq python3-venv python3-dev redis-server libsdl2-2.0-0 libportaudio2 >/dev/null  # libportaudio2: the microphone ([voice] listen)
  # lgpio is in Raspberry Pi OS's archive (and Debian trixie's), not in Debian bookworm's.
  if apt-cache show liblgpio1 >/dev/null 2>&1; then
    apt-get install -y -qq liblgpio1 python3-lgpio >/dev/null
  else
    log "liblgpio1 is not in this archive: no GPIO pin factory (Raspberry Pi OS has it)"
  fi
  getent group companion >/dev/null || groupadd --system companion
  id companion >/dev/null 2>&1 || useradd --system --gid companion --home-dir /var/lib/companion --shell /usr/sbin/nologin companion
  for group in gpio video render audio; do
    getent group "$group" >/dev/null && usermod -a -G "$group" companion
  done
  # An older install put the user in dialout and input (every serial port, every keyboard): out.
  for group in dialout input; do
    if id -nG companion | tr ' ' '\n' | grep -qx "$group"; then gpasswd -d companion "$group" >/dev/null; fi
  done
}

copy_code() {
  mkdir -p "$DEST"
  # Copy the project (not its venv or caches); rsync only copies what changed.
  if command -v rsync >/dev/null; then
    rsync -a --delete --exclude .venv --exclude .git --exclude '__pycache__' --exclude '*.sqlite3*' "$SOURCE/" "$DEST/src/"
  else
    mkdir -p "$DEST/src" && (cd "$SOURCE" && tar --exclude=.venv --exclude=.git -cf - .) | (cd "$DEST/src" && tar -xf -)
  fi
  if [ -z "$ROOT" ]; then
    [ -x "$DEST/.venv/bin/python" ] || python3 -m venv --system-site-packages "$DEST/.venv"
    "$DEST/.venv/bin/pip" install --quiet --upgrade "$DEST/src"
  fi
}

write_config() {
  mkdir -p "$ETC"
  if [ ! -f "$ETC/companion.toml" ]; then
    cat > "$ETC/companion.toml" <<'TOML'
# The table companion's configuration (see /opt/companion/src/docs/configuration.md).
[journal]
location = "/var/lib/companion/journal.sqlite3"
# To share the game with the tower's own service (companion-tower), use Redis on its Unix socket
# (Redis listens on no TCP port here):
# location = "unix:///run/redis/redis-server.sock?db=0"

[hardware]
pin_factory = "lgpio"
# watcher_light = 18
# doom_bar = [5, 6, 13, 19, 26, 12, 16, 20, 21, 25]
# worm_light = 23
# status_rgb = [17, 27, 22]
# buzzer = 24
# next_button = 2
# undo_button = 3
# roll_button = 4

[tower]
# url = "/dev/dicetower"
TOML
    log "wrote $ETC/companion.toml"
  fi
  install -m 0644 "$SOURCE/systemd/redis.conf" "$ETC/redis.conf"
}

# The screen may write each backlight's brightness file and nothing else in /sys: one
# ReadWritePaths= per backlight found now (systemd follows /sys/class/backlight/<name> to the
# device's file; "-": a display taken off later is no error). None found: no drop-in.
backlight_drop_in() {
  local drop_in="$UNITS/companion.service.d/backlight.conf" lines="" file
  for file in "$SYSFS"/class/backlight/*/brightness; do
    [ -e "$file" ] || continue
    lines+="ReadWritePaths=-/sys/class/backlight/$(basename "$(dirname "$file")")/brightness"$'\n'
  done
  if [ -z "$lines" ]; then
    rm -f "$drop_in"
    return 0
  fi
  mkdir -p "$(dirname "$drop_in")"
  printf '# Written by scripts/install-pi.sh: the backlights found at install time.\n[Service]\n%s' "$lines" > "$drop_in.new"
  if cmp -s "$drop_in.new" "$drop_in"; then rm "$drop_in.new"; else mv "$drop_in.new" "$drop_in"; fi
}

install_units() {
  mkdir -p "$UNITS/redis-server.service.d" "$UDEV"
  install -m 0644 "$SOURCE/systemd/companion.service" "$UNITS/companion.service"
  install -m 0644 "$SOURCE/systemd/companion-tower.service" "$UNITS/companion-tower.service"
  install -m 0644 "$SOURCE/systemd/redis-server.service.d/companion.conf" "$UNITS/redis-server.service.d/companion.conf"
  install -m 0644 "$SOURCE/systemd/99-dicetower.rules" "$UDEV/99-dicetower.rules"
  install -m 0644 "$SOURCE/systemd/99-companion-backlight.rules" "$UDEV/99-companion-backlight.rules"
  install -m 0644 "$SOURCE/systemd/99-companion-devices.rules" "$UDEV/99-companion-devices.rules"
  backlight_drop_in
  [ -n "$ROOT" ] && return 0
  if [ -n "${COMPANION_NO_SERVICES:-}" ]; then
    systemctl enable redis-server.service companion.service
    return 0
  fi
  systemctl daemon-reload
  udevadm control --reload-rules
  # Apply the devices rule now, not at the next boot: the display's device unit must exist
  # before companion.service (which waits for it) starts.
  udevadm trigger --settle --subsystem-match=drm --subsystem-match=input --subsystem-match=tty
  systemctl enable --now redis-server.service companion.service
}

system_setup
copy_code
write_config
install_units
log "done: systemctl status companion"
