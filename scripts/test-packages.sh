#!/bin/sh
# Checks SnapLayout's installation and Debian packages end to end (`make test-packages`):
#
#  1. `make install` into a temporary DESTDIR (PREFIX=/usr/local): the exact list of files,
#     symlinks and modes, a stripped library with the right SONAME and exports, snaplayout.pc,
#     the snaplayout tool (stripped, without an rpath, loading the installed library) and its
#     manual page;
#     the C examples built with nothing but `pkg-config --cflags --libs snaplayout` and run;
#     then `make uninstall`, which must leave nothing of ours and everything else.
#  2. `make deb`: the three packages' names, control fields, dependencies (checked against the
#     library's and the tool's NEEDED entries and the packages that provide them here), control
#     files and contents; all extracted into an empty root with `dpkg-deb -x`, the examples
#     built there the same way and run, the packaged tool run; lintian.
#
# What to expect is worked out here from the header and the built library, not taken from
# mk/install.mk. Each check is also run once on a broken copy, so a check that cannot fail
# fails the test. Environment: MAKE, CC, CFLAGS (set by mk/install.mk).
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
make=${MAKE:-make}
cc=${CC:-cc}
cflags=${CFLAGS:--std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -pedantic -O2}
fail() { echo "test-packages: $*" >&2; exit 1; }
say() { echo "test-packages: $*"; }
umask 022
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- what to expect ---------------------------------------------------------------------------

header=include/snaplayout.h
define() { sed -n "s/^#define $1 \\(.*\\)\$/\\1/p" "$header"; }
major=$(define SL_VERSION_MAJOR)
minor=$(define SL_VERSION_MINOR)
patch=$(define SL_VERSION_PATCH)
version=$(define SL_VERSION_STRING | sed 's/^"\(.*\)"$/\1/')
case $version in
  "$major.$minor.$patch" | "$major.$minor.$patch"-*) ;;
  *) fail "SL_VERSION_STRING \"$version\" does not start with $major.$minor.$patch" ;;
esac
built=build/libsnaplayout.so
soname=$(objdump -p "$built" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "libsnaplayout.so.$major" ] || fail "SONAME $soname, expected libsnaplayout.so.$major"
realname=libsnaplayout.so.$major.$minor.$patch
lib_pkg=libsnaplayout$major
dev_pkg=libsnaplayout-dev
tools_pkg=snaplayout-tools
deb_version=$(echo "$version" | tr - '~')
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# The symbols the library exports, as a symbols file names them: "name@version", a version
# node "node@node", an unversioned symbol "name@Base".
exports() {
  nm -D --defined-only "$1" | awk 'NF == 3 { sub(/@@/, "@", $3)
    if ($3 !~ /@/) $3 = $3 "@" ($2 == "A" ? $3 : "Base"); print $3 }' | LC_ALL=C sort
}
exports "$built" > "$tmp/exports"
docs=$(cd docs && ls -- *.md)
licenses=""
for f in LICENSE LICENSE.md LICENSE.txt COPYING COPYING.md COPYRIGHT NOTICE; do
  [ -f "$f" ] && licenses="$licenses $f"
done
[ "$licenses" = " LICENSE" ] || fail "expected exactly one license file, LICENSE, found:${licenses:- none}"
grep -q '^License: Expat$' packaging/copyright || fail "packaging/copyright does not name the license"

# The examples' sources, copied away from the source tree, with the generated header
# snaplayout.c includes. Only pkg-config tells the compiler where SnapLayout is.
# The snaplayout tool is the files of TOOL_SOURCES in the Makefile.
mkdir "$tmp/src"
cp examples-c/*.c examples-c/*.h "$tmp/src" 2>/dev/null || cp examples-c/*.c "$tmp/src"
tool_sources="snaplayout.c tool.c cmd_render.c cmd_check.c cmd_resolve.c json_locate.c render.c"
scripts/embed-text.sh snaplayout_default_config examples-c/appstore.json > "$tmp/src/appstore_json.h"

# --- checks -----------------------------------------------------------------------------------

# tree ROOT: every entry below ROOT but directories, one a line: "f MODE PATH" or
# "l PATH -> TARGET"; fails on anything else, or on a directory that is not 0755.
tree() {
  (cd "$1" && find . ! -path . \( -type f -printf 'f %m %P\n' -o -type l -printf 'l %P -> %l\n' \
    -o -type d ! -perm 0755 -printf 'bad directory mode %m: %P\n' \
    -o ! -type d -printf 'bad file type %y: %P\n' \)) | LC_ALL=C sort
}

# check_tree ROOT EXPECTED-FILE WHAT: ROOT holds exactly what EXPECTED-FILE lists.
check_tree() {
  tree "$1" > "$tmp/actual"
  LC_ALL=C sort "$2" > "$tmp/expected"
  if ! cmp -s "$tmp/expected" "$tmp/actual"; then
    diff -u "$tmp/expected" "$tmp/actual" | sed -n '3,$p' >&2 || true
    fail "$3: the files differ from the expected list (- expected, + found)"
  fi
}

# check_library FILE WHAT: a stripped shared library with our SONAME and exports.
check_library() {
  [ "$(objdump -p "$1" | awk '$1 == "SONAME" { print $2 }')" = "$soname" ] ||
    fail "$2: the library's SONAME is not $soname"
  if readelf -S "$1" | grep -Eq '\.(symtab|debug_info)\b'; then fail "$2: the library is not stripped"; fi
  exports "$1" | cmp -s - "$tmp/exports" || fail "$2: the library does not export what build/ exports"
}

# check_tool FILE LIBDIR WHAT: the installed tool: stripped, no rpath or runpath (it must load
# the installed library, not build/'s), NEEDED our SONAME; run with LIBDIR's library, it prints
# this version and checks a configuration.
check_tool() {
  [ -x "$1" ] || fail "$3: $1 is not executable"
  if readelf -S "$1" | grep -Eq '\.(symtab|debug_info)\b'; then
    fail "$3: the tool is not stripped"
  fi
  if readelf -d "$1" | grep -Eq '\((RPATH|RUNPATH)\)'; then fail "$3: the tool has an rpath"; fi
  readelf -d "$1" | grep -qF "Shared library: [$soname]" ||
    fail "$3: the tool does not need $soname"
  LD_LIBRARY_PATH=$2 ldd "$1" | grep -qF "$soname => $2/$soname " ||
    fail "$3: the tool does not load $2/$soname"
  [ "$(LD_LIBRARY_PATH=$2 "$1" --version)" = "snaplayout $version" ] ||
    fail "$3: snaplayout --version"
  [ "$(LD_LIBRARY_PATH=$2 "$1" check examples-c/appstore.json)" = \
    "examples-c/appstore.json: ok" ] || fail "$3: snaplayout check"
}

# check_man FILE WHAT: the manual page, as examples-c/snaplayout.1 (FILE.gz: compressed with
# gzip -9n, no name or time stored); man renders it without a warning.
check_man() {
  case $1 in
    *.gz) gzip -dc "$1" | cmp -s - examples-c/snaplayout.1 || fail "$2: the manual page differs"
          [ "$(od -An -tx1 -j3 -N5 "$1" | tr -d ' \n')" = 0000000000 ] ||
            fail "$2: the manual page's gzip header stores a name or a time" ;;
    *) cmp -s "$1" examples-c/snaplayout.1 || fail "$2: the manual page differs" ;;
  esac
  warnings=$(MANWIDTH=80 man --warnings -l "$1" 2>&1 >/dev/null) || fail "$2: man -l fails"
  [ -z "$warnings" ] || fail "$2: man warns: $warnings"
}

# check_pc FILE PREFIX LIBDIR WHAT: snaplayout.pc for this version and these directories.
check_pc() {
  for line in "prefix=$2" "libdir=$3" "Version: $version" "Libs: -L\${libdir} -lsnaplayout" \
    "Cflags: -I\${includedir}" "Libs.private: -ljson-c -lm" \
    "schema=\${prefix}/share/snaplayout/snaplayout-config.schema.json"; do
    grep -qxF "$line" "$1" || fail "$4: snaplayout.pc lacks the line '$line'"
  done
}

# build_and_run NAME LIBDIR [pkg-config options...]: builds the examples with the flags
# pkg-config gives (PKG_CONFIG_PATH and the rest set by the caller), checks that the compiler
# and linker used SnapLayout's files from NAME's tree, runs them there and checks their output.
build_and_run() {
  name=$1 libdir=$2
  shift 2
  root=$tmp/$name
  [ "$(pkg-config "$@" --modversion snaplayout)" = "$version" ] ||
    fail "$name: pkg-config --modversion snaplayout is not $version"
  flags=$(pkg-config "$@" --cflags --libs snaplayout) || fail "$name: pkg-config failed"
  case " $flags " in *" -I$root/"*) ;; *) fail "$name: no -I into the tree in '$flags'" ;; esac
  case " $flags " in *" -L$libdir "*) ;; *) fail "$name: no -L$libdir in '$flags'" ;; esac
  case $flags in *"$top/include"* | *"$top/build"*) fail "$name: flags into the source tree" ;; esac
  mkdir -p "$tmp/bin-$name"
  for example in minimal carousel snaplayout; do
    sources=$example.c
    [ "$example" = snaplayout ] && sources=$tool_sources
    # shellcheck disable=SC2086  # the flags and sources are words
    (cd "$tmp/src" && $cc $cflags $sources -o "$tmp/bin-$name/$example" $flags -Wl,-t) \
      > "$tmp/link.txt" 2>&1 || { cat "$tmp/link.txt" >&2; fail "$name: $example does not build"; }
    grep -qxF "$libdir/libsnaplayout.so" "$tmp/link.txt" ||
      fail "$name: $example was not linked with $libdir/libsnaplayout.so"
  done
  LD_LIBRARY_PATH=$libdir ldd "$tmp/bin-$name/minimal" | grep -qF "$soname => $libdir/$soname " ||
    fail "$name: minimal does not load $libdir/$soname"
  run() { LD_LIBRARY_PATH=$libdir "$tmp/bin-$name/$@"; }
  out=$(run minimal) || fail "$name: minimal failed"
  [ "$out" = "item 42: x=0 y=1820 width=130 height=130" ] || fail "$name: minimal printed: $out"
  run carousel > "$tmp/carousel.txt" || fail "$name: carousel failed"
  grep -qx "content 3263, contentInset 34 / 34, offsets -34 ... 2907, 10 rest positions" \
    "$tmp/carousel.txt" || fail "$name: carousel: wrong bounds"
  grep -Eq "^4\. hard fling .* 947\.00 p3 +2907\.00 p9 +DIFFERS\$" "$tmp/carousel.txt" ||
    fail "$name: carousel: the hard fling"
  run snaplayout > "$tmp/table.txt" || fail "$name: snaplayout failed"
  grep -q "^built-in App Store layout, container 390 x 844, content 390 x 2104, 49 elements" \
    "$tmp/table.txt" || fail "$name: snaplayout: wrong table header"
  run snaplayout --print-default | cmp -s - examples-c/appstore.json ||
    fail "$name: snaplayout: the embedded configuration differs from appstore.json"
}

# expect_failure WHAT COMMAND...: COMMAND (a check, on something broken on purpose) must fail.
expect_failure() {
  what=$1
  shift
  if ("$@") > /dev/null 2>&1; then fail "a check missed $what"; fi
}

# --- 1. make install / make uninstall -------------------------------------------------------

start=$(date +%s)
dest=$tmp/install
prefix=/usr/local
doc=$prefix/share/doc/snaplayout
# Files that are not ours, which uninstall must leave alone.
mkdir -p "$dest$prefix/lib" "$dest$doc/../other" "$dest$prefix/bin" "$dest$prefix/share/man/man1"
echo keep > "$dest$prefix/lib/libother.so.1"
echo keep > "$dest$doc/../other/README"
echo keep > "$dest$prefix/bin/other"
echo keep > "$dest$prefix/share/man/man1/other.1"
{
  echo "f 644 usr/local/lib/libother.so.1"
  echo "f 644 usr/local/share/doc/other/README"
  echo "f 644 usr/local/bin/other"
  echo "f 644 usr/local/share/man/man1/other.1"
} > "$tmp/foreign.list"
{
  cat "$tmp/foreign.list"
  echo "f 644 usr/local/include/snaplayout.h"
  echo "f 644 usr/local/include/snaplayout.hpp"
  echo "f 644 usr/local/lib/$realname"
  echo "l usr/local/lib/$soname -> $realname"
  echo "l usr/local/lib/libsnaplayout.so -> $realname"
  echo "f 644 usr/local/lib/pkgconfig/snaplayout.pc"
  echo "f 644 usr/local/lib/cmake/SnapLayout/SnapLayoutConfig.cmake"
  echo "f 644 usr/local/lib/cmake/SnapLayout/SnapLayoutConfigVersion.cmake"
  echo "f 644 usr/local/share/snaplayout/snaplayout-config.schema.json"
  echo "f 755 usr/local/bin/snaplayout"
  echo "f 644 usr/local/share/man/man1/snaplayout.1"
  for f in README.md CHANGELOG.md $licenses; do echo "f 644 ${doc#/}/$f"; done
  for f in $docs; do echo "f 644 ${doc#/}/docs/$f"; done
} > "$tmp/install.list"

# Twice: installing over an installation works.
for i in 1 2; do
  "$make" --no-print-directory install DESTDIR="$dest" PREFIX=$prefix > "$tmp/make.txt" 2>&1 ||
    { cat "$tmp/make.txt" >&2; fail "make install failed"; }
done
check_tree "$dest" "$tmp/install.list" "make install"
check_library "$dest$prefix/lib/$realname" "make install"
cmp -s "$dest$prefix/include/snaplayout.h" "$header" || fail "make install: the header differs"
cmp -s "$dest$prefix/include/snaplayout.hpp" include/snaplayout.hpp ||
  fail "make install: the C++ header differs"
check_pc "$dest$prefix/lib/pkgconfig/snaplayout.pc" "$prefix" "\${prefix}/lib" "make install"
check_tool "$dest$prefix/bin/snaplayout" "$dest$prefix/lib" "make install"
check_man "$dest$prefix/share/man/man1/snaplayout.1" "make install"

# The checks catch what they are for: a missing symlink, a wrong version, an unstripped library.
cp -a "$dest" "$tmp/broken"
rm "$tmp/broken$prefix/lib/$soname"
expect_failure "a missing SONAME link" check_tree "$tmp/broken" "$tmp/install.list" broken
ln -sf "$soname" "$tmp/broken$prefix/lib/$soname"
expect_failure "a SONAME link to itself" check_tree "$tmp/broken" "$tmp/install.list" broken
sed -i "s/^Version: .*/Version: $version.1/" "$tmp/broken$prefix/lib/pkgconfig/snaplayout.pc"
expect_failure "a wrong Version" check_pc "$tmp/broken$prefix/lib/pkgconfig/snaplayout.pc" \
  "$prefix" "\${prefix}/lib" broken
expect_failure "an unstripped library" check_library "$(readlink -f "$built")" broken
expect_failure "a tool with the build tree's rpath" check_tool build/snaplayout "$dest$prefix/lib" \
  broken
echo changed >> "$tmp/broken$prefix/share/man/man1/snaplayout.1"
expect_failure "another manual page" check_man \
  "$tmp/broken$prefix/share/man/man1/snaplayout.1" broken
rm -rf "$tmp/broken"

PKG_CONFIG_PATH=$dest$prefix/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest \
  build_and_run install "$dest$prefix/lib"
# The tree is relocatable too: --define-prefix finds the prefix from the .pc file's place.
flags=$(PKG_CONFIG_PATH=$dest$prefix/lib/pkgconfig pkg-config --define-prefix --cflags --libs snaplayout)
[ "$(echo $flags)" = "-I$dest$prefix/include -L$dest$prefix/lib -lsnaplayout" ] ||
  fail "pkg-config --define-prefix gives '$flags'"
scripts/test-consumers.sh "$dest" "$prefix" "$prefix/lib"
say "make install: $(grep -vc other "$tmp/install.list") files, examples built with pkg-config and run"

# Twice: uninstalling what is not there is not an error.
for i in 1 2; do
  "$make" --no-print-directory uninstall DESTDIR="$dest" PREFIX=$prefix > "$tmp/make.txt" 2>&1 ||
    { cat "$tmp/make.txt" >&2; fail "make uninstall failed"; }
done
check_tree "$dest" "$tmp/foreign.list" "make uninstall"
[ ! -e "$dest$doc" ] || fail "make uninstall left $doc"
say "make uninstall: nothing left, other files kept ($(($(date +%s) - start)) s)"

# --- 2. Debian packages ------------------------------------------------------------------------

start=$(date +%s)
"$make" --no-print-directory deb > "$tmp/make.txt" 2>&1 ||
  { cat "$tmp/make.txt" >&2; fail "make deb failed"; }
lib_deb=build/deb/${lib_pkg}_${deb_version}_$arch.deb
dev_deb=build/deb/${dev_pkg}_${deb_version}_$arch.deb
tools_deb=build/deb/${tools_pkg}_${deb_version}_$arch.deb
debs="${dev_deb##*/} ${lib_deb##*/} ${tools_deb##*/}"
[ "$(ls build/deb)" = "$(printf '%s\n' $debs | LC_ALL=C sort)" ] ||
  fail "build/deb holds $(ls build/deb | tr '\n' ' '), expected $debs"

# field DEB NAME: one control field.
field() { dpkg-deb -f "$1" "$2"; }
# check_fields DEB PACKAGE SECTION DEPENDS [MULTI-ARCH]
check_fields() {
  for pair in "Package=$2" "Version=$deb_version" "Architecture=$arch" "Multi-Arch=${5:-same}" \
    "Section=$3" "Priority=optional" "Depends=$4" "Source=snaplayout"; do
    value=$(field "$1" "${pair%%=*}")
    [ "$value" = "${pair#*=}" ] || fail "$2: ${pair%%=*} is '$value', expected '${pair#*=}'"
  done
  [ -n "$(field "$1" Maintainer)" ] || fail "$2: no Maintainer"
  [ "$(field "$1" Description | wc -l)" -ge 3 ] || fail "$2: no long Description"
  size=$(field "$1" Installed-Size)
  expected_size=$(dpkg-deb -c "$1" | awk '{ n += ($1 ~ /^-/) ? int(($3 + 1023) / 1024) : 1 }
    END { print n - 1 }')   # every entry but ./, as dpkg-gencontrol counts
  [ "$size" = "$expected_size" ] || fail "$2: Installed-Size $size, expected $expected_size"
  if dpkg-deb -c "$1" | awk '$2 != "root/root"' | grep -q .; then fail "$2: files not owned by root"; fi
}

# The runtime dependencies, found here independently of dpkg-shlibdeps: the package of each
# library the built one loads. Depends must name exactly these packages.
needed_pkgs=$(ldd "$(readlink -f "$built")" | awk '/=>/ { print $3; next } /^\t\// { print $1 }' |
  while read -r path; do
    real=$(readlink -f "$path")
    pkg=""
    for candidate in "$path" "$real" "/usr$path" "/usr$real" "${path#/usr}" "${real#/usr}"; do
      pkg=$(dpkg -S "$candidate" 2>/dev/null | sed -n '1s/:.*//p') && [ -n "$pkg" ] && break
    done
    [ -n "$pkg" ] || { echo "test-packages: no package provides $path" >&2; echo "?"; }
    echo "$pkg"
  done | sort -u)
case $needed_pkgs in *"?"*) fail "the library loads a file no package provides" ;; esac
depends=$(field "$lib_deb" Depends)
depends_pkgs=$(echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/[ (].*//' | sort -u)
[ "$depends_pkgs" = "$needed_pkgs" ] ||
  fail "$lib_pkg: Depends names $(echo $depends_pkgs), the library loads files of $(echo $needed_pkgs)"
echo "$depends" | tr ',' '\n' | grep -Eq '^ ?[a-z0-9.+-]+ \(>= [^)]+\)$' ||
  fail "$lib_pkg: Depends '$depends' has no versions"
check_fields "$lib_deb" "$lib_pkg" libs "$depends"
check_fields "$dev_deb" "$dev_pkg" libdevel "$lib_pkg (= $deb_version), libjson-c-dev"

# The tool's Depends: this very version of the library, then the packages of the other
# libraries it needs (its NEEDED entries, found with ldd and dpkg -S), with versions.
tool_bin=$tmp/tool-bin
dpkg-deb -x "$tools_deb" "$tool_bin"
tools_needed=$(readelf -d "$tool_bin/usr/bin/snaplayout" |
  sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p' | grep -vxF "$soname" |
  while read -r name; do
    path=$(LD_LIBRARY_PATH=$(dirname "$(readlink -f "$built")") ldd "$tool_bin/usr/bin/snaplayout" |
      awk -v n="$name" '$1 == n { print $3 }')
    real=$(readlink -f "$path")
    pkg=""
    for candidate in "$path" "$real" "/usr$path" "/usr$real" "${path#/usr}" "${real#/usr}"; do
      pkg=$(dpkg -S "$candidate" 2>/dev/null | sed -n '1s/:.*//p') && [ -n "$pkg" ] && break
    done
    echo "${pkg:-?}"
  done | sort -u)
case $tools_needed in *"?"*) fail "the tool loads a file no package provides" ;; esac
tools_depends=$(field "$tools_deb" Depends)
case $tools_depends in
  "$lib_pkg (= $deb_version), "*) ;;
  *) fail "$tools_pkg: Depends '$tools_depends' does not start with $lib_pkg (= $deb_version)" ;;
esac
[ "$(echo "${tools_depends#*, }" | tr ',' '\n' | sed 's/^ *//; s/[ (].*//' | sort -u)" = \
  "$tools_needed" ] ||
  fail "$tools_pkg: Depends '$tools_depends', the tool loads files of $tools_needed"
check_fields "$tools_deb" "$tools_pkg" utils "$tools_depends" foreign
[ "$(field "$tools_deb" Suggests)" = librsvg2-bin ] ||
  fail "$tools_pkg: Suggests is not librsvg2-bin"

# Control files: shlibs, symbols listing every export, the ldconfig trigger, md5sums.
control=$tmp/control
dpkg-deb -e "$lib_deb" "$control"
min_version=${deb_version%-*}
[ "$(cat "$control/shlibs")" = "libsnaplayout $major $lib_pkg (>= $min_version)" ] ||
  fail "$lib_pkg: shlibs is '$(cat "$control/shlibs")'"
head -n 1 "$control/symbols" | grep -qxF "$soname $lib_pkg #MINVER#" || fail "$lib_pkg: symbols header"
sed -n "s/^ \\([^ ]*\\) $min_version\$/\\1/p" "$control/symbols" | LC_ALL=C sort |
  cmp -s - "$tmp/exports" || fail "$lib_pkg: symbols does not list every export at $min_version"
grep -qx "activate-noawait ldconfig" "$control/triggers" || fail "$lib_pkg: no ldconfig trigger"

# Contents: each package on its own, then both together in an empty root.
lib_path=usr/lib/$multiarch
{
  echo "f 644 $lib_path/$realname"
  echo "l $lib_path/$soname -> $realname"
  echo "f 644 usr/share/doc/$lib_pkg/copyright"
  echo "f 644 usr/share/doc/$lib_pkg/changelog.gz"
} > "$tmp/lib.list"
{
  echo "f 644 usr/include/snaplayout.h"
  echo "f 644 usr/include/snaplayout.hpp"
  echo "l $lib_path/libsnaplayout.so -> $realname"
  echo "f 644 $lib_path/pkgconfig/snaplayout.pc"
  echo "f 644 $lib_path/cmake/SnapLayout/SnapLayoutConfig.cmake"
  echo "f 644 $lib_path/cmake/SnapLayout/SnapLayoutConfigVersion.cmake"
  echo "f 644 usr/share/snaplayout/snaplayout-config.schema.json"
  # The license is in copyright (LICENSE itself stays out of the packages).
  for f in copyright changelog.gz README.md; do echo "f 644 usr/share/doc/$dev_pkg/$f"; done
  for f in $docs; do echo "f 644 usr/share/doc/$dev_pkg/docs/$f"; done
} > "$tmp/dev.list"
{
  echo "f 755 usr/bin/snaplayout"
  echo "f 644 usr/share/man/man1/snaplayout.1.gz"
  for f in copyright changelog.gz; do echo "f 644 usr/share/doc/$tools_pkg/$f"; done
} > "$tmp/tools.list"
for pkg in lib dev tools; do
  eval "deb=\$${pkg}_deb"
  dpkg-deb -x "$deb" "$tmp/only-$pkg"
  check_tree "$tmp/only-$pkg" "$tmp/$pkg.list" "${deb##*/}"
  dpkg-deb -e "$deb" "$tmp/only-$pkg/DEBIAN"
  (cd "$tmp/only-$pkg" && md5sum --quiet -c DEBIAN/md5sums) || fail "${deb##*/}: md5sums"
  [ "$(wc -l < "$tmp/only-$pkg/DEBIAN/md5sums")" -eq "$(grep -c '^f' "$tmp/$pkg.list")" ] ||
    fail "${deb##*/}: md5sums does not list every file"
  zcat "$tmp/only-$pkg/usr/share/doc/$(field "$deb" Package)/changelog.gz" |
    grep -qxF "$(head -n 1 CHANGELOG.md)" || fail "${deb##*/}: changelog.gz lacks CHANGELOG.md"
done
check_library "$tmp/only-lib/$lib_path/$realname" "$lib_pkg"
cmp -s "$tmp/only-dev/usr/include/snaplayout.h" "$header" || fail "$dev_pkg: the header differs"
cmp -s "$tmp/only-dev/usr/include/snaplayout.hpp" include/snaplayout.hpp ||
  fail "$dev_pkg: the C++ header differs"
check_pc "$tmp/only-dev/$lib_path/pkgconfig/snaplayout.pc" /usr "\${prefix}/lib/$multiarch" "$dev_pkg"
cmp -s "$tmp/only-lib/usr/share/doc/$lib_pkg/copyright" packaging/copyright ||
  fail "$lib_pkg: copyright is not packaging/copyright"
check_man "$tmp/only-tools/usr/share/man/man1/snaplayout.1.gz" "$tools_pkg"

root=$tmp/debroot
mkdir "$root"
for deb in "$lib_deb" "$dev_deb" "$tools_deb"; do dpkg-deb -x "$deb" "$root"; done
cat "$tmp/lib.list" "$tmp/dev.list" "$tmp/tools.list" > "$tmp/all.list"
check_tree "$root" "$tmp/all.list" "the three packages"
PKG_CONFIG_PATH=$root/$lib_path/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root \
  build_and_run debroot "$root/$lib_path"
scripts/test-consumers.sh "$root" /usr "/$lib_path"
check_tool "$root/usr/bin/snaplayout" "$root/$lib_path" "$tools_pkg"
say "packages: ${lib_deb##*/} (Depends: $depends), ${dev_deb##*/}, ${tools_deb##*/}"
say "  (Depends: $tools_depends); examples built and run, the packaged tool run"

# lintian, not counting the tags packaging/lintian-suppressed-tags explains.
status=0
lintian --fail-on error,warning --suppress-tags-from-file packaging/lintian-suppressed-tags \
  "$lib_deb" "$dev_deb" "$tools_deb" > "$tmp/lintian.txt" 2>&1 || status=$?
grep -v '^running with root privileges' "$tmp/lintian.txt" >&2 || true
[ "$status" -eq 0 ] || fail "lintian reports errors or warnings (above)"
say "lintian: no errors or warnings ($(($(date +%s) - start)) s)"
say "all package checks passed"
