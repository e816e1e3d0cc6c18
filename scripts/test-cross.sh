#!/bin/sh
# Checks the arm64 (aarch64) build of the library and runs its C programs under qemu's user-mode
# emulator. `make cross-aarch64` and `make test-cross` build what it needs, then call it.
#
#   scripts/test-cross.sh --check-lib   the library alone: machine, SONAME, NEEDED, exports
#   scripts/test-cross.sh               that, then every C test and examples-c/minimal.c
#
# Environment (the defaults are the Makefile's paths):
#   AARCH64_BUILD   build/aarch64: the library, tests/test_* and minimal
#   SONAME          libsnaplayout.so.0
#   HOST_LIB        build/libsnaplayout.so.0, the x86_64 library whose exports must be the same;
#                   --check-lib skips that comparison when it is absent, a full run needs it
#   QEMU_AARCH64    the emulator: qemu-aarch64, else qemu-aarch64-static
#   QEMU_LD_PREFIX  where the arm64 loader and libraries live: / (Debian multiarch) by default
#   SL_TEST_QUICK   when set, passed as it is to every test; when unset, every test runs in full
#   SL_TEST_TIME_SCALE  how many times the tests' wall-clock limits are stretched: 20 by default
#                   (test_abi gives each 2^63-item rect query 5 s, ~12x its native time; emulated
#                   it takes ~15x)
set -eu
cd "$(dirname "$0")/.."

build=${AARCH64_BUILD:-build/aarch64}
soname=${SONAME:-libsnaplayout.so.0}
host_lib=${HOST_LIB:-build/$soname}
lib=$build/$soname
prefix=${QEMU_LD_PREFIX:-/}

fail() { echo "test-cross: $*" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-cross.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

# The highest GLIBC_x.y among the versioned symbols a library imports.
glibc_needed() {
  "$1" -T "$2" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -n 1
}

check_lib() {
  [ -r "$lib" ] || fail "no $lib (run 'make cross-aarch64')"
  aarch64-linux-gnu-readelf -h "$lib" | grep -q 'Machine:.*AArch64' ||
    fail "$lib is not an AArch64 ELF file"
  aarch64-linux-gnu-readelf -d "$lib" >"$tmp/dynamic"
  if grep -q TEXTREL "$tmp/dynamic"; then fail "$lib has text relocations (not PIC)"; fi

  found=$(sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p' "$tmp/dynamic")
  [ "$found" = "$soname" ] || fail "$lib has SONAME '$found', expected '$soname'"

  # The dynamic loader appears because glibc's arm64 loader defines __stack_chk_guard.
  needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' "$tmp/dynamic" | LC_ALL=C sort |
    tr '\n' ' ' | sed 's/ $//')
  for name in $needed; do
    case $name in
      libc.so.6 | libm.so.6 | libjson-c.so.[0-9]* | ld-linux-aarch64.so.1) ;;
      *) fail "$lib needs $name; only libc, libm, libjson-c and the loader are expected" ;;
    esac
  done

  # The public header's functions, and the same symbols and versions as the x86_64 library.
  scripts/check-exports.sh include/snaplayout.h "$lib"
  aarch64-linux-gnu-nm -D --defined-only "$lib" | awk '{ print $NF }' | LC_ALL=C sort \
    >"$tmp/aarch64.exports"
  if [ -r "$host_lib" ]; then
    nm -D --defined-only "$host_lib" | awk '{ print $NF }' | LC_ALL=C sort >"$tmp/host.exports"
    if ! cmp -s "$tmp/host.exports" "$tmp/aarch64.exports"; then
      echo "exports of $host_lib (<) and $lib (>) differ:" >&2
      diff "$tmp/host.exports" "$tmp/aarch64.exports" >&2 || true
      exit 1
    fi
    host_note="the same as $host_lib's; x86_64 needs $(glibc_needed objdump "$host_lib")"
  elif [ "${1:-}" = --need-host ]; then
    fail "no $host_lib to compare the exports with (run 'make lib')"
  else
    host_note="no $host_lib to compare them with"
  fi
  scripts/check-glibc.sh "$lib" aarch64-linux-gnu-objdump
  echo "test-cross: $lib: AArch64, SONAME $soname, NEEDED $needed"
  echo "test-cross: $(wc -l <"$tmp/aarch64.exports" | tr -d ' ') dynamic symbols exported," \
    "$host_note; aarch64 needs $(glibc_needed aarch64-linux-gnu-objdump "$lib")"
}

if [ "${1:-}" = --check-lib ]; then
  check_lib
  exit 0
fi
[ $# -eq 0 ] || { echo "usage: scripts/test-cross.sh [--check-lib]" >&2; exit 2; }
check_lib --need-host

qemu=${QEMU_AARCH64:-}
if [ -z "$qemu" ]; then
  for candidate in qemu-aarch64 qemu-aarch64-static; do
    if command -v "$candidate" >/dev/null 2>&1; then qemu=$candidate; break; fi
  done
fi
[ -n "$qemu" ] || fail "no qemu-aarch64 (run scripts/ensure-cross-deps.sh)"

now() { date +%s.%N; }
seconds_since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }

passed=0
failed=0
started=$(now)
for source in Tests/c/test_*.c; do
  name=$(basename "$source" .c)
  test=$build/tests/$name
  [ -x "$test" ] || fail "no $test (run 'make test-cross')"
  mode="SL_TEST_TIME_SCALE=${SL_TEST_TIME_SCALE:-20}"
  if [ -n "${SL_TEST_QUICK+set}" ]; then
    mode="$mode SL_TEST_QUICK=$SL_TEST_QUICK"
  fi
  echo "== $test (qemu${mode:+, $mode})"
  start=$(now)
  # Run from the repository root: test_fixtures reads Tests/Fixtures. $mode holds no spaces
  # inside its words.
  # shellcheck disable=SC2086
  if env $mode "$qemu" -L "$prefix" "$test"; then
    passed=$((passed + 1))
    echo "   passed in $(seconds_since "$start") s"
  else
    failed=$((failed + 1))
    echo "   FAILED after $(seconds_since "$start") s"
  fi
done

echo "== $build/minimal (qemu)"
out=$("$qemu" -L "$prefix" "$build/minimal") || out="(exit status $?) $out"
if [ "$out" = "item 42: x=0 y=1820 width=130 height=130" ]; then
  passed=$((passed + 1))
  echo "   $out"
else
  failed=$((failed + 1))
  echo "   FAILED: minimal printed: $out"
fi

echo "test-cross: aarch64 under $qemu in $(seconds_since "$started") s"
echo "test-cross: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
