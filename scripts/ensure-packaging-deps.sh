#!/bin/sh
# Installs what packaging SnapLayout needs on a fresh Debian/Ubuntu machine: dpkg-dev
# (dpkg-architecture, dpkg-shlibdeps), binutils (strip, nm, objdump, readelf), gzip and, with
# --test, pkg-config, lintian, man-db (man, for the tool's manual page), cmake and meson for
# scripts/test-packages.sh.
# Does nothing when everything is already there. Runs as root or through sudo.
#
#   scripts/ensure-packaging-deps.sh [--test]
set -eu

need=""
command -v dpkg-deb >/dev/null 2>&1 || {
  echo "ensure-packaging-deps: dpkg-deb not found: the packages need a Debian-based system" >&2
  exit 1
}
for tool in dpkg-architecture dpkg-shlibdeps; do
  command -v $tool >/dev/null 2>&1 || { need="$need dpkg-dev"; break; }
done
for tool in strip nm objdump readelf; do
  command -v $tool >/dev/null 2>&1 || { need="$need binutils"; break; }
done
command -v gzip >/dev/null 2>&1 || need="$need gzip"
if [ "${1:-}" = "--test" ]; then
  command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
  command -v lintian >/dev/null 2>&1 || need="$need lintian"
  # The consumer projects of scripts/test-consumers.sh.
  command -v cmake >/dev/null 2>&1 || need="$need cmake"
  command -v meson >/dev/null 2>&1 || need="$need meson"
  command -v ninja >/dev/null 2>&1 || need="$need ninja-build"
  command -v man >/dev/null 2>&1 || need="$need man-db"
fi
# Without recommends lintian is 16 MB instead of a toolchain's worth.
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" --no-recommends $need
