#!/bin/sh
# Installs what cross-building SnapLayout for other Linux architectures and testing it under
# emulation needs on a fresh Debian/Ubuntu machine, for each TARGET named (all three when none is):
#
#   aarch64  gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, libjson-c-dev:arm64 (which also brings
#            the arm64 loader and libc under / for `qemu-aarch64 -L /`)
#   armhf    gcc-arm-linux-gnueabihf, libc6-dev-armhf-cross, libjson-c-dev:armhf (likewise)
#   riscv64  gcc-riscv64-linux-gnu, libc6-dev-riscv64-cross (its loader and libc are under
#            /usr/riscv64-linux-gnu); Debian 12 has no riscv64 port, so json-c is built from
#            source by scripts/build-json-c.sh, which needs cmake and curl
#
# and for all of them binutils for the target (readelf, objdump, nm, objcopy, ar) and qemu's
# user-mode emulators (qemu-user). Adds the foreign dpkg architectures the json-c packages need.
# Does nothing when everything is already there. Runs as root or through sudo.
#
#   scripts/ensure-cross-deps.sh [aarch64] [armhf] [riscv64]
#
# It first checks that the Swift toolchain has the Embedded stdlib for each target's bare-metal
# triple: no package provides it, so without it the script stops with a message.
set -eu

fail() { echo "ensure-cross-deps: $*" >&2; exit 1; }

[ $# -gt 0 ] || set -- aarch64 armhf riscv64

swiftc=${SWIFTC:-swiftc}
command -v "$swiftc" >/dev/null 2>&1 || fail "$swiftc not found: install a Swift toolchain first"
resources=$("$swiftc" -print-target-info 2>/dev/null |
  sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')

native=$(dpkg --print-architecture 2>/dev/null || echo unknown)
foreign=$(dpkg --print-foreign-architectures 2>/dev/null || true)
add_archs=""
need=""
# add WORD LIST: LIST with WORD at its end, unless it holds WORD already.
add() {
  case " $2 " in *" $1 "*) printf '%s' "$2" ;; *) printf '%s' "$2 $1" ;; esac
}
# need_tool TOOL PACKAGE: PACKAGE when TOOL is not on the PATH.
need_tool() {
  command -v "$1" >/dev/null 2>&1 || need=$(add "$2" "$need")
}
# need_file FILE PACKAGE: PACKAGE when FILE does not exist.
need_file() {
  [ -e "$1" ] || need=$(add "$2" "$need")
}
# need_arch ARCH: ARCH added to dpkg unless it is the native or an added one.
need_arch() {
  [ "$native" = "$1" ] && return 0
  printf '%s\n' "$foreign" | grep -qx "$1" && return 0
  add_archs=$(add "$1" "$add_archs")
}

for target in "$@"; do
  case $target in
    aarch64) gnu=aarch64-linux-gnu swift_triple=aarch64-none-none-elf deb_arch=arm64
      qemu=qemu-aarch64 ;;
    armhf) gnu=arm-linux-gnueabihf swift_triple=armv7-none-none-eabi deb_arch=armhf
      qemu=qemu-arm ;;
    riscv64) gnu=riscv64-linux-gnu swift_triple=riscv64-none-none-eabi deb_arch=riscv64
      qemu=qemu-riscv64 ;;
    *) fail "unknown target '$target' (aarch64, armhf or riscv64)" ;;
  esac

  embedded="$resources/embedded/$swift_triple"
  if [ -z "$resources" ] || [ ! -f "$embedded/libswiftUnicodeDataTables.a" ]; then
    fail "this Swift toolchain has no Embedded stdlib for $target:" \
      "$embedded/libswiftUnicodeDataTables.a is missing." \
      "Use a Swift 6 toolchain whose lib/swift/embedded has $swift_triple."
  fi

  need_tool "$gnu-gcc" "gcc-$gnu"
  for tool in readelf objdump nm objcopy ar strip; do
    if ! command -v "$gnu-$tool" >/dev/null 2>&1; then
      need=$(add "binutils-$gnu" "$need")
      break
    fi
  done
  need_file "/usr/$gnu/include/stdio.h" "libc6-dev-$deb_arch-cross"
  if [ "$target" = riscv64 ]; then
    need_tool cmake cmake
    command -v curl >/dev/null 2>&1 || command -v wget >/dev/null 2>&1 || need=$(add curl "$need")
  else
    need_arch "$deb_arch"
    need_file "/usr/lib/$gnu/libjson-c.so" "libjson-c-dev:$deb_arch"
  fi
  command -v "$qemu" >/dev/null 2>&1 || command -v "$qemu-static" >/dev/null 2>&1 ||
    need=$(add qemu-user "$need")
done

# Each foreign architecture but the last is added on its own (apt-install.sh takes one).
set -- $add_archs
while [ $# -gt 1 ]; do
  "$(dirname "$0")/apt-install.sh" --add-arch "$1"
  shift
done
# One apt run for the packages.
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" ${1:+--add-arch "$1"} $need
