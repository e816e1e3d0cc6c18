#!/bin/sh
# Installs what the C++ tests (Tests/cpp, mk/cpp.mk) need on a fresh Debian/Ubuntu machine:
# g++ with its sanitizer runtimes (Debian's g++ brings libasan and libubsan). The other
# compiler, clang++, and its linker ld.lld come with the Swift toolchain the library is built
# with; they are checked, not installed. Does nothing when everything is already there.
#
#   CPP_GXX=g++ CPP_CLANGXX=/opt/swift/usr/bin/clang++ scripts/ensure-cpp-deps.sh
set -eu

gxx=${CPP_GXX:-g++}
clangxx=${CPP_CLANGXX:-clang++}

# has_asan COMPILER: the compiler finds its AddressSanitizer runtime.
has_asan() {
  case $("$1" -print-file-name=libasan.so 2>/dev/null) in */*) return 0 ;; *) return 1 ;; esac
}

if ! command -v "$gxx" >/dev/null 2>&1 || ! has_asan "$gxx"; then
  "$(dirname "$0")/apt-install.sh" --no-recommends g++
fi
command -v "$gxx" >/dev/null 2>&1 || { echo "ensure-cpp-deps: $gxx is still missing" >&2; exit 1; }
has_asan "$gxx" || { echo "ensure-cpp-deps: $gxx has no libasan" >&2; exit 1; }

[ -x "$clangxx" ] || command -v "$clangxx" >/dev/null 2>&1 || {
  echo "ensure-cpp-deps: $clangxx not found: it comes with the Swift toolchain (set CPP_CLANGXX=)" >&2
  exit 1
}
dir=$(dirname "$(command -v "$clangxx" || echo "$clangxx")")
[ -x "$dir/ld.lld" ] || command -v ld.lld >/dev/null 2>&1 || {
  echo "ensure-cpp-deps: no ld.lld beside $clangxx" >&2
  exit 1
}
