#!/bin/sh
# Fills build/dist/ with a release's files (`make dist`; docs/PACKAGING.md, "Release files"):
#
#   snaplayout-<version>.tar.gz                 the sources (git archive of HEAD)
#   snaplayout-<version>-linux-<arch>.tar.gz    per architecture: the stripped library and its
#                                               links, the header, snaplayout.pc and the CMake
#                                               files (relocatable), the documentation, LICENSE
#   <package>_<version>_<debarch>.deb           per architecture: the Debian packages
#   snaplayout-<version>-py3-none-*.whl         the Python wheels (build/wheels/)
#   SHA256SUMS                                  `sha256sum -c SHA256SUMS` checks them all
#
#   scripts/make-dist.sh ARCH...
#
# Each ARCH (x86_64, aarch64, armhf, riscv64) must be built already (mk/dist.mk builds them
# first). Environment: MAKE, DIST_WHEELS (the wheels to copy, from mk/wheels.mk).
set -eu

fail() { echo "make-dist: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
. scripts/arch-table.sh
make=${MAKE:-make}
version=$(sed -n 's/^.define SL_VERSION_STRING "\(.*\)".*/\1/p' include/snaplayout.h)
[ -n "$version" ] || fail "no SL_VERSION_STRING in include/snaplayout.h"
dist=build/dist
rm -rf "$dist" build/dist-work
mkdir -p "$dist" build/dist-work
work=$(cd build/dist-work && pwd)

# Reproducible archives: file times clamped to the last commit's.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
export SOURCE_DATE_EPOCH
# tar_gz DIR NAME OUT: DIR's entry NAME as a reproducible .tar.gz (sorted, owned by root, times
# clamped).
tar_gz() {
  tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    --clamp-mtime -cf - "$2" | gzip -9n > "$3"
}

# --- the sources ------------------------------------------------------------------------------
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "make-dist: warning: the source tarball is HEAD; uncommitted changes are not in it" >&2
fi
git archive --format=tar --prefix="snaplayout-$version/" HEAD | gzip -9n > "$dist/snaplayout-$version.tar.gz"

# --- per architecture -------------------------------------------------------------------------
arches=$*
for arch in $arches; do
  arch_table "$arch" || fail "unknown architecture $arch (x86_64, aarch64, armhf, riscv64)"
  [ -f "$arch_lib" ] || fail "$arch_lib is not built (make $arch_target)"
  name=snaplayout-$version-linux-$arch
  stage=$work/$arch
  # What `make install` installs for this architecture: its library, its strip, and the tool
  # compiled by its gcc (into build/ARCH/install/).
  tool=build/install/snaplayout
  [ -n "$arch_tools" ] && tool=${arch_lib%/*}/install/snaplayout
  set -- SL_INSTALL_LIB="$arch_lib" STRIP="${arch_tools}strip" SL_POINTER_SIZE="$arch_pointer_size" \
    SL_TOOL="$tool" SL_TOOL_CC="${arch_tools}gcc" \
    SL_TOOL_LDFLAGS="${arch_jsonc:+-Wl,-rpath-link,$(pwd)/$arch_jsonc/lib}"
  # The tarball is a `make install` tree, PREFIX at its top; snaplayout.pc finds its prefix
  # from where it lies (${pcfiledir}), the CMake files from theirs.
  "$make" --no-print-directory install "$@" DESTDIR="$stage" PREFIX=/usr/local \
    SL_PC_PREFIX='$${pcfiledir}/../..' LDCONFIG=: > "$work/install-$arch.log" 2>&1 ||
    { cat "$work/install-$arch.log" >&2; fail "$arch: make install failed"; }
  mv "$stage/usr/local" "$work/$name"
  cp LICENSE "$work/$name/LICENSE"
  tar_gz "$work" "$name" "$dist/$name.tar.gz"

  # Debian 12 has no riscv64 port: its .debs take their Depends from Debian 13's packages.
  search=""
  if [ -n "$arch_deb_suite" ]; then
    scripts/fetch-debian-packages.sh "$arch_deb_suite" "$arch_deb" "build/debian-$arch_deb_suite-$arch_deb" \
      libc6 libjson-c5
    search="$(pwd)/build/debian-$arch_deb_suite-$arch_deb/libc6 $(pwd)/build/debian-$arch_deb_suite-$arch_deb/libjson-c5"
  fi
  SHLIBDEPS_SEARCH=$search \
  "$make" --no-print-directory deb "$@" DEB_ARCH="$arch_deb" SL_MULTIARCH="$arch_triplet" \
    SL_DEB_DIR="$work/deb-$arch" > "$work/deb-$arch.log" 2>&1 ||
    { cat "$work/deb-$arch.log" >&2; fail "$arch: make deb failed"; }
  cp "$work/deb-$arch"/*.deb "$dist/"
done

# --- wheels -----------------------------------------------------------------------------------
for wheel in ${DIST_WHEELS:-}; do
  [ -f "$wheel" ] || fail "no $wheel (make wheels)"
  cp "$wheel" "$dist/"
done

(cd "$dist" && sha256sum -- * > SHA256SUMS.part && mv SHA256SUMS.part SHA256SUMS)
rm -rf "$work"
echo "make-dist: $(ls "$dist" | wc -l) files in $dist:"
(cd "$dist" && ls -l | sed -n 's/^[^ ]* *[^ ]* *[^ ]* *[^ ]* *\([0-9]*\) .* \([^ ]*\)$/  \2  \1 B/p')
