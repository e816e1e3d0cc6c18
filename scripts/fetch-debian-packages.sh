#!/bin/sh
# Downloads Debian binary packages of an architecture this machine's dpkg does not carry, and
# unpacks each into DEST/<package>/ with its control files in DEST/<package>/DEBIAN/ — the
# layout of a package build directory, which `dpkg-shlibdeps -S` reads. The release scripts use
# it for riscv64, which Debian 12 has no port of: the riscv64 .debs take their Depends from
# the symbols files of Debian 13's libc6 and libjson-c5 (docs/PACKAGING.md, "Release files").
#
#   scripts/fetch-debian-packages.sh SUITE ARCH DEST PACKAGE...
#
# The package index comes from deb.debian.org (DEBIAN_MIRROR overrides it); each .deb is
# checked against the index's SHA-256. Packages already in DEST are kept.
set -eu

fail() { echo "fetch-debian-packages: $*" >&2; exit 1; }

[ $# -ge 4 ] || fail "usage: fetch-debian-packages.sh SUITE ARCH DEST PACKAGE..."
suite=$1 arch=$2 dest=$3
shift 3
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$dest"

missing=""
for package in "$@"; do
  [ -f "$dest/$package/DEBIAN/control" ] || missing="$missing $package"
done
[ -n "$missing" ] || exit 0

fetch() {
  curl -fsSL --retry 3 -o "$2" "$1" || fail "cannot download $1"
}
index=$dest/Packages
fetch "$mirror/dists/$suite/main/binary-$arch/Packages.xz" "$index.xz"
xz -dc "$index.xz" > "$index" || fail "cannot read $mirror/dists/$suite/main/binary-$arch/Packages.xz"
rm -f "$index.xz"

for package in $missing; do
  # The stanza's Filename and SHA256.
  set -- $(awk -v p="$package" '
    $1 == "Package:" { found = ($2 == p) }
    found && $1 == "Filename:" { file = $2 }
    found && $1 == "SHA256:" { sum = $2 }
    found && /^$/ { exit }
    END { if (file != "") print file, sum }' "$index")
  [ $# -eq 2 ] || fail "no $package in $suite's $arch index"
  deb=$dest/$(basename "$1")
  echo "fetch-debian-packages: $package from $mirror/$1"
  fetch "$mirror/$1" "$deb.part"
  echo "$2  $deb.part" | sha256sum -c --status || fail "$1 does not have the index's SHA-256"
  rm -rf "$dest/$package"
  dpkg-deb -x "$deb.part" "$dest/$package"
  dpkg-deb -e "$deb.part" "$dest/$package/DEBIAN"
  rm -f "$deb.part"
done
rm -f "$index"
