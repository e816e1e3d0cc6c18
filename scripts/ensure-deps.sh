#!/bin/sh
# Installs what building and testing SnapLayout needs on a fresh Debian/Ubuntu machine:
# json-c's headers (always) and, with --test, valgrind for the memory checks.
# Does nothing when everything is already there.
set -eu

need=""
[ -f /usr/include/json-c/json.h ] || need="$need libjson-c-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
if [ "${1:-}" = "--test" ]; then
  command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
fi
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" $need
