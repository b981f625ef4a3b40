#!/usr/bin/env bash
# Install the system packages the companion's tests and demo use, where they are missing.
# Usage: scripts/system-deps.sh BINARY:PACKAGE [...]   e.g. redis-server:redis-server
#        (py.MODULE:PACKAGE: a module the system's python3 must import, e.g. py.pyfuse3:python3-pyfuse3;
#         lib.SONAME:PACKAGE: a shared library the loader must find, e.g. lib.libportaudio.so.2:libportaudio2)
# As root with apt-get: installs what is missing (apt-get update first). Otherwise: says what to
# install and carries on (the tests that need a missing binary are skipped with the reason).
set -u
missing=()
for pair in "$@"; do
  binary=${pair%%:*}; package=${pair#*:}
  case $binary in
    py.*) /usr/bin/python3 -c "import ${binary#py.}" >/dev/null 2>&1 || missing+=("$package") ;;
    lib.*) /sbin/ldconfig -p 2>/dev/null | grep -qF "${binary#lib.} " || missing+=("$package") ;;
    *) command -v "$binary" >/dev/null 2>&1 || missing+=("$package") ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || echo "WARNING: apt-get could not install ${missing[*]}; the tests that need them will be skipped."
else
  echo "NOTE: missing system packages: ${missing[*]}."
  echo "      Install them (sudo apt-get install ${missing[*]}); until then the tests that need them are skipped."
fi
exit 0
