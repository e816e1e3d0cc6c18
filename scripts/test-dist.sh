#!/bin/sh
# Checks the release files `make dist` wrote in build/dist/ (docs/PACKAGING.md, "Release files"):
#
#  - make without a Swift toolchain stops with one line saying where it comes from;
#  - SHA256SUMS lists every other file, and they match;
#  - the source tarball is the repository's HEAD, LICENSE included, under snaplayout-<version>/;
#  - each library tarball, unpacked into a scratch prefix: exactly the expected files, a
#    library and tool of its architecture (the ELF header's machine), LICENSE; examples-c/
#    minimal.c built against it with pkg-config alone (the .pc finds the prefix from where it
#    lies) and with CMake (scripts/test-consumers.sh), and run: natively on the build machine's
#    architecture, under qemu-user for the others;
#  - per architecture, the three .debs, of that architecture, their library identical to the
#    tarball's;
#  - the wheels (their own checks are scripts/test-wheels.sh).
#
#   scripts/test-dist.sh ARCH...
set -eu

fail() { echo "test-dist: $*" >&2; exit 1; }
say() { echo "test-dist: $*"; }

cd "$(dirname "$0")/.."
top=$(pwd)
. scripts/arch-table.sh
dist=build/dist
[ -f "$dist/SHA256SUMS" ] || fail "no $dist/SHA256SUMS: run make dist"
version=$(sed -n 's/^.define SL_VERSION_STRING "\(.*\)".*/\1/p' include/snaplayout.h)
realname=libsnaplayout.so.$(sed -n 's/^.define SL_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
  include/snaplayout.h | paste -sd.)
cc_flags="-std=c11 -Wall -Wextra -Werror -pedantic -O2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

# --- without Swift ------------------------------------------------------------------------------
# A machine without the toolchain gets one line from make: what is missing, where it comes
# from, and that the release files need none. SWIFTC names a compiler that does not exist.
status=0
make --no-print-directory -C "$top" SWIFTC=/nonexistent/swiftc lib > "$tmp/noswift.txt" 2>&1 ||
  status=$?
[ "$status" -ne 0 ] || fail "make without swiftc succeeded"
[ "$(wc -l < "$tmp/noswift.txt")" -eq 1 ] ||
  { cat "$tmp/noswift.txt" >&2; fail "make without swiftc printed more than one line"; }
for words in "swiftc not found" "swift.org/install" "need no Swift"; do
  grep -qF "$words" "$tmp/noswift.txt" || fail "make without swiftc does not say '$words'"
done
say "without Swift: make stops with one line ($(cut -c1-60 "$tmp/noswift.txt")…)"

# --- checksums ----------------------------------------------------------------------------------
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the files"
listed=$(sed 's/^[0-9a-f]*  //' "$dist/SHA256SUMS" | LC_ALL=C sort)
present=$(cd "$dist" && ls | grep -vx SHA256SUMS | LC_ALL=C sort)
[ "$listed" = "$present" ] || fail "SHA256SUMS lists '$(echo $listed)', build/dist holds '$(echo $present)'"

# --- the sources ------------------------------------------------------------------------------
source=$dist/snaplayout-$version.tar.gz
[ -f "$source" ] || fail "no $source"
mkdir "$tmp/source"
tar -xzf "$source" -C "$tmp/source"
[ "$(ls "$tmp/source")" = "snaplayout-$version" ] || fail "$source: not all under snaplayout-$version/"
git ls-tree -r --name-only HEAD | LC_ALL=C sort > "$tmp/head.list"
(cd "$tmp/source/snaplayout-$version" && find . -type f -printf '%P\n' -o -type l -printf '%P\n' |
  LC_ALL=C sort) > "$tmp/source.list"
cmp -s "$tmp/head.list" "$tmp/source.list" || fail "$source does not hold exactly HEAD's files"
cmp -s "$tmp/source/snaplayout-$version/LICENSE" LICENSE || fail "$source: LICENSE differs"
say "sources: $(wc -l < "$tmp/source.list") files of HEAD under snaplayout-$version/, LICENSE"

# --- per architecture -------------------------------------------------------------------------
# The files of a library tarball, below snaplayout-<version>-linux-<arch>/.
{
  echo "LICENSE"
  echo "bin/snaplayout"
  echo "include/snaplayout.h"
  echo "include/snaplayout.hpp"
  echo "lib/$realname"
  echo "lib/libsnaplayout.so"
  echo "lib/libsnaplayout.so.0"
  echo "lib/cmake/SnapLayout/SnapLayoutConfig.cmake"
  echo "lib/cmake/SnapLayout/SnapLayoutConfigVersion.cmake"
  echo "lib/pkgconfig/snaplayout.pc"
  echo "share/doc/snaplayout/CHANGELOG.md"
  echo "share/doc/snaplayout/LICENSE"
  echo "share/doc/snaplayout/README.md"
  for f in docs/*.md; do echo "share/doc/snaplayout/$f"; done
  echo "share/man/man1/snaplayout.1"
  echo "share/snaplayout/snaplayout-config.schema.json"
} | LC_ALL=C sort > "$tmp/tarball.list"

# machine FILE: the ELF machine readelf names.
machine() { readelf -h "$1" | sed -n 's/^ *Machine: *//p'; }
machine "$(readlink -f build/libsnaplayout.so.0)" > /dev/null

for arch in "$@"; do
  arch_table "$arch" || fail "unknown architecture $arch"
  name=snaplayout-$version-linux-$arch
  tarball=$dist/$name.tar.gz
  [ -f "$tarball" ] || fail "no $tarball"
  # A scratch prefix the tarball never heard of.
  root=$tmp/$arch
  prefix=/opt/snaplayout-test
  mkdir -p "$root$prefix"
  tar -xzf "$tarball" -C "$root$prefix"
  [ "$(ls "$root$prefix")" = "$name" ] || fail "$tarball: not all under $name/"
  tree=$root$prefix/$name
  (cd "$tree" && find . ! -type d -printf '%P\n' | LC_ALL=C sort) > "$tmp/found.list"
  cmp -s "$tmp/tarball.list" "$tmp/found.list" ||
    { diff -u "$tmp/tarball.list" "$tmp/found.list" | sed -n '3,$p' >&2; fail "$tarball: the files differ (- expected, + found)"; }
  cmp -s "$tree/LICENSE" LICENSE || fail "$tarball: LICENSE differs"
  cmp -s "$tree/include/snaplayout.h" include/snaplayout.h || fail "$tarball: the header differs"
  cmp -s "$tree/include/snaplayout.hpp" include/snaplayout.hpp || fail "$tarball: the C++ header differs"
  expected_machine=$(machine "$(readlink -f "$arch_lib")")
  for file in "lib/$realname" bin/snaplayout; do
    [ "$(machine "$tree/$file")" = "$expected_machine" ] ||
      fail "$tarball: $file is for $(machine "$tree/$file"), not $expected_machine"
  done
  if readelf -S "$tree/lib/$realname" | grep -Eq '\.(symtab|debug_info)\b'; then
    fail "$tarball: the library is not stripped"
  fi
  [ "$(readlink "$tree/lib/libsnaplayout.so.0")" = "$realname" ] || fail "$tarball: the SONAME link"

  # pkg-config alone: no sysroot, no --define-prefix; the .pc finds the tree by itself.
  export PKG_CONFIG_PATH=$tree/lib/pkgconfig
  [ "$(pkg-config --modversion snaplayout)" = "$version" ] || fail "$arch: pkg-config --modversion"
  flags=$(pkg-config --cflags --libs snaplayout)
  cmp -s "$(pkg-config --variable=schema snaplayout)" schema/snaplayout-config.schema.json ||
    fail "$arch: pkg-config's schema variable does not name the tarball's schema"
  case " $flags " in *" -I$tree/"*) ;; *) fail "$arch: no -I into the tarball's tree in '$flags'" ;; esac
  link_extra=""
  run_path=$tree/lib
  if [ -n "$arch_jsonc" ]; then
    link_extra="-Wl,-rpath-link,$top/$arch_jsonc/lib"
    run_path=$run_path:$top/$arch_jsonc/lib
  fi
  # shellcheck disable=SC2086  # flags are words
  "${arch_tools}gcc" $cc_flags examples-c/minimal.c -o "$tmp/minimal-$arch" $flags $link_extra ||
    fail "$arch: minimal.c does not build with pkg-config's flags"
  wrapper=""
  [ -n "$arch_qemu" ] && wrapper="$arch_qemu -L $arch_sysroot"
  # shellcheck disable=SC2086
  out=$(LD_LIBRARY_PATH=$run_path $wrapper "$tmp/minimal-$arch") || fail "$arch: minimal failed"
  [ "$out" = "item 42: x=0 y=1820 width=130 height=130" ] || fail "$arch: minimal printed: $out"
  # shellcheck disable=SC2086
  out=$(LD_LIBRARY_PATH=$run_path $wrapper "$tree/bin/snaplayout" --version) ||
    fail "$arch: the tool failed"
  [ "$out" = "snaplayout $version" ] || fail "$arch: the tool printed: $out"
  unset PKG_CONFIG_PATH

  # CMake, from the same tree (it finds everything relative to its own files).
  CC=${arch_tools}gcc LDFLAGS=$link_extra RUN_WRAPPER=$wrapper \
    LD_PATH_EXTRA=${arch_jsonc:+$top/$arch_jsonc/lib} \
    scripts/test-consumers.sh "$root" "$prefix/$name" "$prefix/$name/lib" > "$tmp/consumers.txt" 2>&1 ||
    { cat "$tmp/consumers.txt" >&2; fail "$arch: the CMake consumer (above)"; }

  # The Debian packages of this architecture.
  for pkg in libsnaplayout0 libsnaplayout-dev snaplayout-tools; do
    deb=$dist/${pkg}_$(echo "$version" | tr - '~')_$arch_deb.deb
    [ -f "$deb" ] || fail "no $deb"
    [ "$(dpkg-deb -f "$deb" Architecture)" = "$arch_deb" ] || fail "$deb: Architecture"
  done
  mkdir "$tmp/deb-$arch"
  dpkg-deb -x "$dist/libsnaplayout0_$(echo "$version" | tr - '~')_$arch_deb.deb" "$tmp/deb-$arch"
  cmp -s "$tmp/deb-$arch/usr/lib/$arch_triplet/$realname" "$tree/lib/$realname" ||
    fail "$arch: the .deb's library is not the tarball's"
  say "$arch: $name.tar.gz (built and run with pkg-config and CMake${wrapper:+ under $arch_qemu}), 3 .debs"
done

# --- wheels -----------------------------------------------------------------------------------
wheels=$(cd "$dist" && ls ./*.whl 2>/dev/null | wc -l)
[ "$wheels" -ge 2 ] || fail "expected the x86_64 and aarch64 wheels in $dist, found $wheels"
say "wheels: $wheels"
say "all release files checked ($(($(date +%s) - start)) s)"
