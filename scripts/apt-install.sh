#!/bin/sh
# Installs Debian packages for the scripts/ensure-*deps.sh scripts: as root or through sudo,
# without questions, waiting for another apt run's locks (a few tries when apt stays busy).
#
#   scripts/apt-install.sh [--no-recommends] [--add-arch ARCH] PACKAGE...
#
# --add-arch adds a foreign architecture to dpkg first (multiarch packages such as
# libjson-c-dev:arm64). With no package and no architecture it does nothing.
set -eu

recommends=""
add_arch=""
while [ $# -gt 0 ]; do
  case $1 in
    --no-recommends) recommends="--no-install-recommends"; shift ;;
    --add-arch) add_arch=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || [ -n "$add_arch" ] || exit 0
command -v apt-get >/dev/null 2>&1 || {
  echo "apt-install: apt-get not found; install by hand: $*" >&2
  exit 1
}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
apt() {
  tries=0
  until $sudo apt-get -o DPkg::Lock::Timeout=300 "$@"; do
    tries=$((tries + 1))
    [ $tries -lt 3 ] || return 1
    sleep 10
  done
}
if [ -n "$add_arch" ]; then
  echo "adding the $add_arch architecture to dpkg"
  $sudo dpkg --add-architecture "$add_arch"
fi
# A mirror caught mid-sync fails one index ("File has unexpected size") while the others are
# fine: apt then keeps the old index, so the install is still tried, and fails only if a
# package really cannot be had.
apt update -qq || echo "apt-install: apt-get update failed (above); installing from the indexes apt has" >&2
[ $# -gt 0 ] || exit 0
echo "installing: $*"
# shellcheck disable=SC2086
apt install -y -qq $recommends "$@"
