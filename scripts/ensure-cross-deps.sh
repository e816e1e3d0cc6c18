#!/bin/sh
# Installs what cross-building SnapLayout for arm64 Linux and testing it under emulation needs on
# a fresh Debian/Ubuntu machine: the arm64 architecture in dpkg, the aarch64 cross compiler and
# binutils, the arm64 C library headers, json-c for arm64 (libjson-c-dev:arm64, which also brings
# the arm64 loader and libc under / for `qemu-aarch64 -L /`) and qemu's user-mode emulator.
# Does nothing when everything is already there. Runs as root or through sudo.
#
#   scripts/ensure-cross-deps.sh
#
# It first checks that the Swift toolchain has the Embedded stdlib for aarch64-none-none-elf:
# no package provides it, so without it the script stops with a message.
set -eu

fail() { echo "ensure-cross-deps: $*" >&2; exit 1; }

swiftc=${SWIFTC:-swiftc}
command -v "$swiftc" >/dev/null 2>&1 || fail "$swiftc not found: install a Swift toolchain first"
resources=$("$swiftc" -print-target-info 2>/dev/null |
  sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
embedded="$resources/embedded/aarch64-none-none-elf"
if [ -z "$resources" ] || [ ! -f "$embedded/libswiftUnicodeDataTables.a" ]; then
  fail "this Swift toolchain has no Embedded stdlib for aarch64:" \
    "$embedded/libswiftUnicodeDataTables.a is missing." \
    "Use a Swift 6 toolchain whose lib/swift/embedded has aarch64-none-none-elf."
fi

add_arch=""
native=$(dpkg --print-architecture 2>/dev/null || echo unknown)
if [ "$native" != arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  add_arch=yes
fi

need=""
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu"
for tool in readelf objdump nm strip; do
  if ! command -v "aarch64-linux-gnu-$tool" >/dev/null 2>&1; then
    need="$need binutils-aarch64-linux-gnu"
    break
  fi
done
[ -f /usr/aarch64-linux-gnu/include/stdio.h ] || need="$need libc6-dev-arm64-cross"
[ -e /usr/lib/aarch64-linux-gnu/libjson-c.so ] || need="$need libjson-c-dev:arm64"
if ! command -v qemu-aarch64 >/dev/null 2>&1 && ! command -v qemu-aarch64-static >/dev/null 2>&1
then
  need="$need qemu-user"
fi
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" ${add_arch:+--add-arch arm64} $need
