#!/bin/sh
# Builds SnapLayout's three Debian packages (the library, its development files, the snaplayout
# tool) from a tree that `make install` staged with Debian's paths (PREFIX=/usr,
# LIBDIR=/usr/lib/<multiarch>, DOCDIR=/usr/share/doc/libsnaplayout-dev).
# `make deb` runs it; docs/PACKAGING.md describes the result.
#
#   packaging/build-deb.sh STAGE OUTDIR
#
# Environment (set by mk/install.mk): SL_VERSION (the header's SL_VERSION_STRING), DEB_VERSION,
# SONAME, REALNAME (libsnaplayout.so.X.Y.Z), MULTIARCH, DEB_MAINTAINER, DEB_HOMEPAGE (may be
# empty), DEB_ARCH (empty: the build machine's; another needs its libraries installed through
# multiarch, as the release scripts arrange), SHLIBDEPS_SEARCH (package build directories of the
# architecture's libc6 and libjson-c5 when dpkg has none: scripts/fetch-debian-packages.sh).
# Writes OUTDIR/<package>_<version>_<arch>.deb for
# each package, working in OUTDIR/work; every staged file must end up in exactly one package.
set -eu

fail() { echo "build-deb: $*" >&2; exit 1; }

[ $# -eq 2 ] || fail "usage: build-deb.sh STAGE OUTDIR"
: "${SL_VERSION:?}" "${DEB_VERSION:?}" "${SONAME:?}" "${REALNAME:?}" "${MULTIARCH:?}"
: "${DEB_MAINTAINER:?}"
homepage=${DEB_HOMEPAGE:-}
packaging=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$packaging")
mkdir -p "$2"
stage=$(cd "$1" && pwd)
out=$(cd "$2" && pwd)
umask 022

arch=${DEB_ARCH:-$(dpkg --print-architecture)}
# dpkg-shlibdeps reads the host architecture from the environment (dpkg-architecture's variables).
DEB_HOST_ARCH=$arch
export DEB_HOST_ARCH
libdir=usr/lib/$MULTIARCH
# Debian's name for a library package: the SONAME's stem and version, with a '-' between them
# when the stem ends in a digit (libsnaplayout.so.0 -> libsnaplayout0).
stem=${SONAME%%.so.*}
sover=${SONAME##*.so.}
case $stem in
  *[0-9]) lib_pkg=$stem-$sover ;;
  *) lib_pkg=$stem$sover ;;
esac
dev_pkg=libsnaplayout-dev
tools_pkg=snaplayout-tools
# Programs built against this version need at least this version (without a Debian revision).
min_version=${DEB_VERSION%-*}

# Reproducible archives: file times clamped to the last commit's, when there is one.
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
  SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct)
  export SOURCE_DATE_EPOCH
fi

# dpkg-shlibdeps wants to run from a source tree (it reads debian/control, which may be empty)
# and finds each binary's package from the debian/<package>/ directory it lies in.
work=$out/work
rm -rf "$work"
mkdir -p "$work/debian"
: > "$work/debian/control"
lib_root=$work/debian/$lib_pkg
dev_root=$work/debian/$dev_pkg
tools_root=$work/debian/$tools_pkg

# take ROOT PATH...: moves staged paths (files, symlinks, whole directories) into a package.
take() {
  root=$1
  shift
  for path in "$@"; do
    [ -e "$stage/$path" ] || [ -L "$stage/$path" ] || fail "make install did not install /$path"
    mkdir -p "$root/$(dirname "$path")"
    mv "$stage/$path" "$root/$path"
  done
}

take "$lib_root" "$libdir/$REALNAME" "$libdir/$SONAME"
take "$dev_root" "$libdir/libsnaplayout.so" "$libdir/pkgconfig/snaplayout.pc" \
  "$libdir/cmake/SnapLayout/SnapLayoutConfig.cmake" \
  "$libdir/cmake/SnapLayout/SnapLayoutConfigVersion.cmake" usr/include/snaplayout.h \
  usr/include/snaplayout.hpp \
  usr/share/snaplayout/snaplayout-config.schema.json
# The tool and its manual page, compressed as Debian policy 12.1 wants (gzip -9n).
take "$tools_root" usr/bin/snaplayout usr/share/man/man1/snaplayout.1
gzip -9n "$tools_root/usr/share/man/man1/snaplayout.1"
# Every package gets the copyright file and changelog.gz, as Debian wants in every package's doc
# directory; the rest of the documentation goes to -dev. With a native version (no Debian
# revision, the default) changelog.gz is in Debian's format: one entry for this build, then the
# project's CHANGELOG.md after the "Old Changelog:" line (which Debian's parsers leave alone).
# With a revision (DEB_VERSION=0.1.0-1), changelog.gz is CHANGELOG.md and the entry goes to
# changelog.Debian.gz.
staged_doc=$stage/usr/share/doc/$dev_pkg
[ -f "$staged_doc/CHANGELOG.md" ] || fail "make install did not install CHANGELOG.md"
date=$(date -u -R ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH})
entry() {
  printf 'snaplayout (%s) unstable; urgency=medium\n\n' "$DEB_VERSION"
  printf '  * Packaged from the SnapLayout %s sources by `make deb`.\n\n' "$SL_VERSION"
  printf ' -- %s  %s\n' "$DEB_MAINTAINER" "$date"
}
for pkg in "$lib_pkg" "$dev_pkg" "$tools_pkg"; do
  doc=$work/debian/$pkg/usr/share/doc/$pkg
  mkdir -p "$doc"
  case $DEB_VERSION in
    *-*)
      gzip -9n < "$staged_doc/CHANGELOG.md" > "$doc/changelog.gz"
      entry | gzip -9n > "$doc/changelog.Debian.gz"
      ;;
    *) { entry; printf '\nOld Changelog:\n'; cat "$staged_doc/CHANGELOG.md"; } |
         gzip -9n > "$doc/changelog.gz" ;;
  esac
  cp "$packaging/copyright" "$doc/copyright"
done
rm "$staged_doc/CHANGELOG.md"
# The license text is in every package's copyright file (Debian policy 12.5); a second copy
# would be lintian's extra-license-file.
rm -f "$staged_doc/LICENSE"
for path in "$staged_doc"/* "$staged_doc"/.[!.]*; do
  if [ -e "$path" ]; then take "$dev_root" "usr/share/doc/$dev_pkg/${path##*/}"; fi
done

left=$(find "$stage" ! -type d)
[ -z "$left" ] || fail "staged files in no package (add them to packaging/build-deb.sh): $left"
rm -rf "$stage"

# The library's ABI for dpkg-shlibdeps: its SONAME, and each exported symbol with the first
# version providing it. The sources keep no history per symbol, so every symbol gets this
# version, which is what the shlibs line says too.
mkdir -p "$lib_root/DEBIAN"
echo "$stem $sover $lib_pkg (>= $min_version)" > "$lib_root/DEBIAN/shlibs"
{
  echo "$SONAME $lib_pkg #MINVER#"
  echo "* Build-Depends-Package: $dev_pkg"
  nm -D --defined-only "$lib_root/$libdir/$REALNAME" |
    awk -v v="$min_version" 'NF == 3 {
      sub(/@@/, "@", $3)
      if ($3 !~ /@/) $3 = $3 "@" ($2 == "A" ? $3 : "Base")   # a version node names itself
      print " " $3 " " v
    }' | LC_ALL=C sort
} > "$lib_root/DEBIAN/symbols"
grep -q ' sl_' "$lib_root/DEBIAN/symbols" || fail "no sl_* symbols exported by $REALNAME"
echo "activate-noawait ldconfig" > "$lib_root/DEBIAN/triggers"

# The runtime dependencies, from the library's NEEDED entries and the symbols files of the
# packages that provide them on this machine.
search=""
for dir in ${SHLIBDEPS_SEARCH:-}; do search="$search -S$dir"; done
# shellcheck disable=SC2086  # the options are words
depends=$(cd "$work" && dpkg-shlibdeps -O $search "-e$lib_root/$libdir/$REALNAME" |
  sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies for $REALNAME"
# The tool's: this version of the library exactly (it is built from the same sources), and what
# dpkg-shlibdeps finds for its other NEEDED entries (libc). It wants the package's DEBIAN/ first.
mkdir -p "$tools_root/DEBIAN"
# shellcheck disable=SC2086
tools_found=$(cd "$work" && dpkg-shlibdeps -O $search "-x$lib_pkg" "-l$lib_root/$libdir" \
  "-e$tools_root/usr/bin/snaplayout" | sed -n 's/^shlibs:Depends=//p')
tools_depends="$lib_pkg (= $DEB_VERSION)${tools_found:+, $tools_found}"

# installed_size ROOT: in KiB, counted as dpkg-gencontrol does: each file rounded up to a
# KiB, anything else (directories, symlinks) 1.
installed_size() {
  (cd "$1" && find . -path ./DEBIAN -prune -o ! -path . -printf '%y %s\n') |
    awk '{ n += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print n }'
}

# sed_value TEXT: TEXT made safe as the replacement of a s|...|...| command.
sed_value() { printf '%s' "$1" | sed 's/[|&\\]/\\&/g'; }

# control ROOT PACKAGE TEMPLATE DEPENDS: the control file, md5sums and modes of a package.
control() {
  root=$1
  mkdir -p "$root/DEBIAN"
  find "$root" -type d -exec chmod 0755 {} +
  find "$root" -type f -exec chmod 0644 {} +
  if [ -d "$root/usr/bin" ]; then find "$root/usr/bin" -type f -exec chmod 0755 {} +; fi
  sed -e "s|@package@|$2|" -e "s|@lib_package@|$lib_pkg|" -e "s|@version@|$DEB_VERSION|g" \
    -e "s|@arch@|$arch|" -e "s|@maintainer@|$(sed_value "$DEB_MAINTAINER")|" \
    -e "s|@installed_size@|$(installed_size "$root")|" -e "s|@depends@|$4|" \
    -e "s|@homepage@|$(sed_value "$homepage")|" -e '/^Homepage: *$/d' "$3" \
    > "$root/DEBIAN/control"
  (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort |
    xargs -r -d '\n' md5sum) > "$root/DEBIAN/md5sums"
  if grep -q '@[a-z_]*@' "$root/DEBIAN/control"; then
    fail "unfilled field in $root/DEBIAN/control: $(grep '@[a-z_]*@' "$root/DEBIAN/control")"
  fi
}

control "$lib_root" "$lib_pkg" "$packaging/libsnaplayout0.control.in" "$depends"
control "$dev_root" "$dev_pkg" "$packaging/libsnaplayout-dev.control.in" ""
control "$tools_root" "$tools_pkg" "$packaging/snaplayout-tools.control.in" "$tools_depends"

for pkg in "$lib_pkg" "$dev_pkg" "$tools_pkg"; do
  deb=$out/${pkg}_${DEB_VERSION}_$arch.deb
  dpkg-deb --build --root-owner-group "$work/debian/$pkg" "$deb" >/dev/null
  echo "built $deb"
done
rm -rf "$work"
