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
[ -z "$need" ] && exit 0

echo "installing:$need"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq $need
