#!/bin/sh
# Builds json-c from Debian 12's source package (json-c 0.16-2, the version of the libjson-c5
# every other build here links) into a prefix, for any GNU triple Debian has a cross compiler
# for. Two builds need it:
#
#  - riscv64: Debian 12 has no riscv64 port, so there is no libjson-c-dev:riscv64 to install
#    (docs/CROSS.md);
#  - the Python wheels, which carry their own json-c: Debian's binary needs glibc 2.33 (`stat`)
#    and 2.25 (`getrandom`), while the wheels promise glibc 2.17 (docs/PACKAGING.md). With
#    --glibc-2.17 the random seed comes from /dev/urandom alone (no getrandom, no arc4random)
#    and the `stat` check before opening it is dropped (packaging/json-c/), so the library
#    imports nothing newer than GLIBC_2.17.
#
#   scripts/build-json-c.sh --host TRIPLE --prefix DIR [--glibc-2.17]
#
# TRIPLE is the cross compiler's prefix (aarch64-linux-gnu, arm-linux-gnueabihf,
# riscv64-linux-gnu; x86_64-linux-gnu uses the native cc). DIR receives lib/libjson-c.so.5*
# and include/json-c/. The sources are downloaded once into build/json-c/ and checked against
# the SHA-256 sums of Debian's .dsc. Needs cmake, curl (or wget), and the cross gcc.
set -eu

fail() { echo "build-json-c: $*" >&2; exit 1; }

host="" prefix="" compat=""
while [ $# -gt 0 ]; do
  case $1 in
    --host) host=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    --glibc-2.17) compat=yes; shift ;;
    *) fail "unknown argument $1 (usage: --host TRIPLE --prefix DIR [--glibc-2.17])" ;;
  esac
done
[ -n "$host" ] && [ -n "$prefix" ] || fail "usage: --host TRIPLE --prefix DIR [--glibc-2.17]"

top=$(cd "$(dirname "$0")/.." && pwd)
version=0.16
debian_revision=2
pool=${JSON_C_POOL:-http://deb.debian.org/debian/pool/main/j/json-c}
orig=json-c_$version.orig.tar.gz
orig_sha256=3ecaeedffd99a60b1262819f9e60d7d983844073abc74e495cb822b251904185
debian=json-c_$version-$debian_revision.debian.tar.xz
debian_sha256=64e4334da662d62b735a876567620121f9f07cac9ad01f989034cbcf45c8ac84
cache=$top/build/json-c
mkdir -p "$cache"

download() {
  [ -f "$cache/$1" ] && echo "$2  $cache/$1" | sha256sum -c --status && return 0
  echo "build-json-c: downloading $pool/$1"
  # A name of this process's own, renamed at once when checked: two builds at the same time
  # (make -j) may both download, and neither sees half a file.
  part=$cache/$1.part.$$
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 -o "$part" "$pool/$1" || fail "cannot download $pool/$1"
  else
    wget -q -O "$part" "$pool/$1" || fail "cannot download $pool/$1"
  fi
  echo "$2  $part" | sha256sum -c --status ||
    { rm -f "$part"; fail "$1 does not have the SHA-256 of Debian's json-c_$version-$debian_revision.dsc"; }
  mv "$part" "$cache/$1"
}
download "$orig" "$orig_sha256"
download "$debian" "$debian_sha256"

if [ "$host" = x86_64-linux-gnu ] && [ "$(uname -m)" = x86_64 ]; then
  cc=${CC:-cc}
  system=""
else
  cc=$host-gcc
  command -v "$cc" >/dev/null 2>&1 || fail "$cc not found (Debian: gcc-$host)"
  system="-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=${host%%-*}"
fi
command -v cmake >/dev/null 2>&1 || fail "cmake not found (Debian: cmake)"

work=$cache/work-$host${compat:+-glibc-2.17}
rm -rf "$work"
mkdir -p "$work/src"
tar -xzf "$cache/$orig" -C "$work/src" --strip-components=1
tar -xJf "$cache/$debian" -C "$work/src"
while read -r patch; do
  case $patch in ''|'#'*) continue ;; esac
  patch -s -p1 -d "$work/src" < "$work/src/debian/patches/$patch" || fail "Debian patch $patch"
done < "$work/src/debian/patches/series"

compat_flags=""
if [ -n "$compat" ]; then
  for patch in "$top"/packaging/json-c/*.patch; do
    patch -s -p1 -d "$work/src" < "$patch" || fail "patch $patch"
  done
  # Defined before the checks run, so CMake takes them as they are.
  compat_flags="-DHAVE_GETRANDOM= -DHAVE_SYS_RANDOM_H= -DHAVE_ARC4RANDOM= -DHAVE_BSD_STDLIB_H="
fi

# shellcheck disable=SC2086
(cd "$work" && cmake -S src -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
  $system -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_STATIC_LIBS=OFF \
  -DBUILD_TESTING=OFF -DDISABLE_WERROR=ON -DCMAKE_C_FLAGS="-O2 -g" $compat_flags >cmake.log 2>&1) ||
  { tail -20 "$work/cmake.log" >&2; fail "cmake configure failed ($work/cmake.log)"; }
(cd "$work" && cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >build.log 2>&1 &&
  cmake --install build >install.log 2>&1) ||
  { tail -20 "$work/build.log" >&2; fail "build failed ($work/build.log)"; }
[ -e "$prefix/lib/libjson-c.so.5" ] || fail "no $prefix/lib/libjson-c.so.5 after the install"
if [ -n "$compat" ]; then
  "$top/scripts/check-glibc.sh" "$prefix/lib/libjson-c.so.5" "${host}-objdump" 2.17 >/dev/null ||
    fail "the --glibc-2.17 build still needs a newer glibc"
fi
rm -rf "$work"
echo "build-json-c: json-c $version-$debian_revision for $host${compat:+ (glibc 2.17)} in $prefix"
