#!/bin/sh
# Builds the consumer projects of Tests/consumers against an installed SnapLayout tree and runs
# what they build (docs/PACKAGING.md, "CMake and Meson"):
#
#  - CMake: find_package(SnapLayout 0.1 REQUIRED) and SnapLayout::snaplayout; the versions the
#    installation must refuse (1.0, a minor newer than it, a range that excludes it, a
#    32/64-bit mismatch) are refused; the tree still works after being moved elsewhere;
#  - Meson: dependency('snaplayout') through pkg-config, and through the CMake package.
#
#   scripts/test-consumers.sh ROOT PREFIX LIBDIR [--run | --no-run]
#
# ROOT is where the tree is (a DESTDIR, an unpacked archive; / for the live system), PREFIX
# and LIBDIR the paths it was installed for (/usr/local and /usr/local/lib, /usr and
# /usr/lib/<triplet>). --no-run builds only.
#
# A tree for another architecture: set CC to its cross compiler (CMake then checks the tree's
# pointer size against that compiler's) and RUN_WRAPPER to what runs its programs here
# ("qemu-aarch64 -L /"); the Meson project is skipped, since Meson would need a cross file.
# Environment: CC, LDFLAGS (e.g. -Wl,-rpath-link for a json-c outside the compiler's paths),
# RUN_WRAPPER, LD_PATH_EXTRA (more directories for LD_LIBRARY_PATH when running), CMAKE, MESON.
set -eu

fail() { echo "test-consumers: $*" >&2; exit 1; }
say() { echo "test-consumers: $*"; }

[ $# -ge 3 ] || fail "usage: test-consumers.sh ROOT PREFIX LIBDIR [--run | --no-run]"
root=$(cd "$1" && pwd)
prefix=$2
libdir=$3
run=${4:---run}
top=$(cd "$(dirname "$0")/.." && pwd)
cmake=${CMAKE:-cmake}
meson=${MESON:-meson}
cc=${CC:-cc}
wrapper=${RUN_WRAPPER:-}
extra=${LD_PATH_EXTRA:+:$LD_PATH_EXTRA}
command -v "$cmake" >/dev/null 2>&1 || fail "$cmake not found (Debian: cmake)"
command -v "$meson" >/dev/null 2>&1 || fail "$meson not found (Debian: meson, ninja-build)"
[ "$root" = / ] && root=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expected="item 42: x=0 y=1820 width=130 height=130"
soname=libsnaplayout.so.0
version=$(sed -n 's/^.define SL_VERSION_STRING "\(.*\)".*/\1/p' "$top/include/snaplayout.h")
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}

# check_program PROGRAM LIBDIR WHAT: PROGRAM loads SnapLayout from LIBDIR and prints the
# minimal example's line.
check_program() {
  [ -x "$1" ] || fail "$3: $1 was not built"
  [ "$run" = --run ] || return 0
  if [ -z "$wrapper" ]; then
    LD_LIBRARY_PATH=$2$extra ldd "$1" | grep -qF "$soname => $2/$soname " ||
      fail "$3: $(basename "$1") does not load $2/$soname"
  fi
  # shellcheck disable=SC2086  # the wrapper is a command and its options
  out=$(LD_LIBRARY_PATH=$2$extra $wrapper "$1") || fail "$3: $(basename "$1") failed"
  [ "$out" = "$expected" ] || fail "$3: $(basename "$1") printed: $out"
}

# cmake_configure BUILD PREFIX-PATH VERSION: configures the CMake consumer.
cmake_configure() {
  CC=$cc "$cmake" -S "$top/Tests/consumers/cmake" -B "$1" -DCMAKE_PREFIX_PATH="$2" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
    -DSNAPLAYOUT_FIND_VERSION="$3" -DSNAPLAYOUT_EXAMPLE="$top/examples-c/minimal.c"
}

# cmake_build TREE-ROOT WHAT: configure, build and run against the tree at TREE-ROOT.
cmake_build() {
  build=$tmp/cmake-$2
  cmake_configure "$build" "$1$prefix" "$major.$minor" > "$tmp/cmake.txt" 2>&1 ||
    { cat "$tmp/cmake.txt" >&2; fail "$2: CMake configure failed"; }
  grep -qF -- "-- SnapLayout $version from $1$libdir/cmake/SnapLayout" "$tmp/cmake.txt" ||
    { cat "$tmp/cmake.txt" >&2; fail "$2: CMake did not find SnapLayout $version in the tree"; }
  "$cmake" --build "$build" > "$tmp/build.txt" 2>&1 ||
    { cat "$tmp/build.txt" >&2; fail "$2: CMake build failed"; }
  check_program "$build/minimal" "$1$libdir" "$2 (CMake)"
}

# cmake_refuses VERSION WHY: find_package(SnapLayout VERSION) must fail on this tree.
cmake_refuses() {
  if cmake_configure "$tmp/cmake-refuse" "$root$prefix" "$1" > "$tmp/refuse.txt" 2>&1; then
    fail "CMake accepted SnapLayout $version for find_package(SnapLayout $1) ($2)"
  fi
  grep -q "SnapLayout" "$tmp/refuse.txt" || { cat "$tmp/refuse.txt" >&2; fail "$1: no reason given"; }
  rm -rf "$tmp/cmake-refuse"
}

# --- CMake ----------------------------------------------------------------------------------
cmake_build "$root" installed
cmake_refuses "$((major + 1)).0" "another major version"
cmake_refuses "$major.$((minor + 1))" "a newer minor version"
if [ "$minor" -gt 0 ]; then
  cmake_refuses "$major.0...<$major.$minor" "a range that ends before it"
fi
# The tree moved elsewhere as a whole still works: nothing in it names where it was installed.
mkdir -p "$tmp/moved"
cp -a "$root$prefix/." "$tmp/moved/"
# A Debian layout's libdir is outside PREFIX/lib only by its triplet, which moves with it.
moved_root=$tmp/moved-root
mkdir -p "$moved_root$(dirname "$prefix")"
mv "$tmp/moved" "$moved_root$prefix"
cmake_build "$moved_root" moved
# A tree for another pointer size is unsuitable (the version file's check).
versionfile=$moved_root$libdir/cmake/SnapLayout/SnapLayoutConfigVersion.cmake
grep -q '"[48]")$' "$versionfile" || fail "no pointer-size check in $versionfile"
sed -i 's/"\([48]\)")$/"\1\1")/' "$versionfile"
if cmake_configure "$tmp/cmake-size" "$moved_root$prefix" "$major.$minor" > "$tmp/size.txt" 2>&1
then
  fail "CMake accepted a tree built for another pointer size"
fi
grep -q 'bit)' "$tmp/size.txt" || { cat "$tmp/size.txt" >&2; fail "the pointer-size refusal does not say why"; }
# A tree whose library is missing is refused with the file's name.
sed -i 's/"\([48]\)\1")$/"\1")/' "$versionfile"
rm "$moved_root$libdir"/libsnaplayout.so.*.*.*
if cmake_configure "$tmp/cmake-missing" "$moved_root$prefix" "$major.$minor" > "$tmp/missing.txt" 2>&1
then
  fail "CMake accepted a tree without the library"
fi
grep -q 'does not exist' "$tmp/missing.txt" || { cat "$tmp/missing.txt" >&2; fail "the missing library is not named"; }
say "CMake: find_package(SnapLayout $major.$minor) and SnapLayout::snaplayout built and ran; other versions, a moved tree, another pointer size and a missing library checked"

# --- Meson ----------------------------------------------------------------------------------
if [ -n "$wrapper" ]; then
  say "Meson: skipped for a tree of another architecture"
  exit 0
fi
PKG_CONFIG_PATH=$root$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root CC=$cc \
  "$meson" setup "$tmp/meson" "$top/Tests/consumers/meson" \
  -Dexample="$top/examples-c/minimal.c" --cmake-prefix-path="$root$prefix" > "$tmp/meson.txt" 2>&1 ||
  { cat "$tmp/meson.txt" >&2; fail "Meson setup failed"; }
grep -Eq "Run-time dependency snaplayout found: YES $version" "$tmp/meson.txt" ||
  { cat "$tmp/meson.txt" >&2; fail "Meson did not find snaplayout $version through pkg-config"; }
grep -Eiq "Run-time dependency snaplayout \(modules: SnapLayout::snaplayout\) found: YES $version" \
  "$tmp/meson.txt" ||
  { cat "$tmp/meson.txt" >&2; fail "Meson did not find SnapLayout $version through CMake"; }
"$meson" compile -C "$tmp/meson" > "$tmp/ninja.txt" 2>&1 ||
  { cat "$tmp/ninja.txt" >&2; fail "Meson build failed"; }
check_program "$tmp/meson/minimal" "$root$libdir" "Meson (pkg-config)"
check_program "$tmp/meson/minimal-cmake" "$root$libdir" "Meson (CMake)"
say "Meson: dependency('snaplayout') through pkg-config and through CMake built and ran"
