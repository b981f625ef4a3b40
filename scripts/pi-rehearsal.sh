#!/usr/bin/env bash
# A rehearsal on the Pi's architecture: build an arm64 Debian root (debootstrap), run
# scripts/install-pi.sh in it under qemu-user-static, then `companion demo --headless --tower
# --panel` and a short test subset there, all as aarch64 code.  Slow (tens of minutes); not
# part of `make test`.  Needs root, debootstrap, qemu-user-static and binfmt-support (this
# script installs them with apt-get where missing), binfmt_misc, and the Debian mirror.
#
#   sudo scripts/pi-rehearsal.sh [WORKDIR]     # default /var/tmp/pi-rehearsal
#
# WORKDIR/root is the arm64 root; it is kept and reused by the next run (delete it for a fresh
# debootstrap).  Each step's time and the outcome go to WORKDIR/rehearsal.log.
#
# What a chroot cannot do is skipped, and said: install-pi.sh runs with COMPANION_NO_SERVICES=1
# (no systemctl --now or udevadm: there is no systemd running); the Debian archive has no lgpio
# packages (Raspberry Pi OS's own archive has them), so install-pi.sh leaves them out and says so.
set -euo pipefail

SOURCE="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-/var/tmp/pi-rehearsal}"
ROOT="$WORK/root"
SUITE="${PI_SUITE:-bookworm}"
MIRROR="${PI_MIRROR:-http://deb.debian.org/debian}"
LOG="$WORK/rehearsal.log"
# The tests that run under emulation: the pure rules core's property tests are the slow part,
# so a subset that still touches every layer the Pi uses (engine, journal, hardware, tower link).
TESTS="${PI_TESTS:-tests/engine/test_purity.py tests/store tests/hardware tests/firmware_bridge/test_link.py tests/test_session.py}"

mkdir -p "$WORK"
: > "$LOG"
started=$(date +%s)
say() { echo "pi-rehearsal: $*" | tee -a "$LOG"; }
step() {  # step NAME COMMAND...: run it, log its time, stop on failure with the step's name
  local name=$1; shift
  local t0; t0=$(date +%s)
  say "step '$name'..."
  if "$@" >>"$LOG.steps" 2>&1; then
    say "step '$name' passed in $(( $(date +%s) - t0 )) s"
  else
    local rc=$?
    say "step '$name' FAILED (exit $rc) after $(( $(date +%s) - t0 )) s; its last lines:"
    tail -n 30 "$LOG.steps" | tee -a "$LOG"
    say "total $(( $(date +%s) - started )) s: FAILED at '$name'"
    exit "$rc"
  fi
}
: > "$LOG.steps"

[ "$(id -u)" -eq 0 ] || { echo "pi-rehearsal: run as root (debootstrap, chroot, mounts)"; exit 1; }

host_tools() {
  local missing=()
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  [ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
  command -v update-binfmts >/dev/null || missing+=(binfmt-support)
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  # binfmt_misc lets the kernel hand aarch64 programs to qemu; the F flag (qemu-user-static's
  # default) opens the interpreter now, so it works inside the chroot without copying it there.
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable qemu-aarch64 || true
  grep -q enabled /proc/sys/fs/binfmt_misc/qemu-aarch64
}

build_root() {
  if [ -f "$ROOT/.rehearsal-root" ]; then
    echo "reusing $ROOT"
    return 0
  fi
  rm -rf "$ROOT"
  debootstrap --arch=arm64 --include=ca-certificates,python3 "$SUITE" "$ROOT" "$MIRROR"
  touch "$ROOT/.rehearsal-root"
}

mounted=()
mount_all() {
  for point in proc sys dev dev/pts; do
    mkdir -p "$ROOT/$point"
    mountpoint -q "$ROOT/$point" && continue
    case $point in
      proc) mount -t proc proc "$ROOT/proc" ;;
      sys) mount -t sysfs sysfs "$ROOT/sys" ;;
      dev) mount --bind /dev "$ROOT/dev" ;;
      dev/pts) mount -t devpts -o newinstance,ptmxmode=0666 devpts "$ROOT/dev/pts" ;;
    esac
    mounted=("$ROOT/$point" "${mounted[@]}")
  done
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
  # No service starts inside the chroot when a package is installed (as Debian's chroot builders do).
  [ ${#CERT_ENV[@]} -eq 0 ] || cp "$PIP_CERT" "$ROOT/etc/ssl/certs/rehearsal-pip.crt"
  printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"
  chmod 0755 "$ROOT/usr/sbin/policy-rc.d"
}
unmount_all() {
  for point in "${mounted[@]}"; do umount -l "$point" || true; done
}
trap unmount_all EXIT

# Behind a TLS-intercepting proxy the host's pip trusts an extra CA (PIP_CERT): the root's pip gets
# the same bundle, or it cannot reach PyPI.
CERT_ENV=()
if [ -n "${PIP_CERT:-}" ] && [ -f "$PIP_CERT" ]; then CERT_ENV=(PIP_CERT=/etc/ssl/certs/rehearsal-pip.crt); fi
in_root() {
  chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "${CERT_ENV[@]}" "$@"
}

copy_checkout() {
  rm -rf "$ROOT/root/companion"
  mkdir -p "$ROOT/root/companion"
  (cd "$SOURCE" && tar --exclude=.venv --exclude=.git --exclude=__pycache__ --exclude='*.sqlite3*' \
    --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.pytest_cache -cf - .) | (cd "$ROOT/root/companion" && tar -xf -)
}

check_arch() { [ "$(in_root uname -m)" = aarch64 ] && in_root python3 -c 'import platform; print(platform.machine())'; }
install_pi() { in_root /usr/bin/env COMPANION_NO_SERVICES=1 bash /root/companion/scripts/install-pi.sh; }
check_install() {
  for path in /etc/systemd/system/companion.service /etc/companion/companion.toml /opt/companion/.venv/bin/companion; do
    [ -e "$ROOT$path" ] || { echo "missing $path"; return 1; }
  done
  in_root id companion
  # enabled in the root (what the Pi boots with), though nothing could start here
  [ -L "$ROOT/etc/systemd/system/multi-user.target.wants/companion.service" ] || { echo "companion.service not enabled"; return 1; }
}
demo() {
  in_root /usr/bin/env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_CONFIG_DIR=/nonexistent \
    /opt/companion/.venv/bin/companion --journal /tmp/rehearsal.sqlite3 demo --headless --tower --panel | tail -n 8
}
tests() {
  in_root /opt/companion/.venv/bin/pip install --quiet pytest fakeredis hypothesis
  in_root /usr/bin/env -C /root/companion SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=/root/companion \
    /opt/companion/.venv/bin/python -m pytest -q -p no:cacheprovider $TESTS
}

say "source $SOURCE, arm64 root $ROOT ($SUITE from $MIRROR)"
step "host tools and binfmt_misc" host_tools
step "debootstrap arm64 $SUITE" build_root
mount_all
step "the root runs aarch64 code" check_arch
step "copy the checkout" copy_checkout
step "scripts/install-pi.sh (COMPANION_NO_SERVICES=1)" install_pi
step "the install is in place" check_install
step "companion demo --headless --tower --panel" demo
step "tests: $TESTS" tests
tail -n 12 "$LOG.steps" >> "$LOG"
say "total $(( $(date +%s) - started )) s: PASSED"
