#!/bin/sh
# Checks a cross build of the library (aarch64, armhf or riscv64) and runs its C programs under
# qemu's user-mode emulator. `make cross-TARGET` and `make test-cross-TARGET` build what it needs,
# then call it (docs/CROSS.md).
#
#   scripts/test-cross.sh --check-lib TARGET   the library alone: machine, float ABI, SONAME,
#                                               NEEDED, exports, glibc symbol versions
#   scripts/test-cross.sh TARGET                that, then every C test and examples-c/minimal.c
#
# Environment (the defaults are the Makefile's paths):
#   CROSS_BUILD     build/TARGET: the library, tests/test_* and minimal
#   SONAME          libsnaplayout.so.0
#   HOST_LIB        build/libsnaplayout.so.0, the x86_64 library whose exports must be the same;
#                   --check-lib skips that comparison when it is absent, a full run needs it
#   QEMU            the emulator: qemu-aarch64, qemu-arm or qemu-riscv64, else the -static one
#   QEMU_LD_PREFIX  where the target's loader and libraries live: / (Debian multiarch) for
#                   aarch64 and armhf, /usr/riscv64-linux-gnu for riscv64
#   CROSS_LIBRARY_PATH  LD_LIBRARY_PATH for the emulated programs (riscv64: the json-c that
#                   scripts/build-json-c.sh built); unset, none is set
#   SL_TEST_QUICK   passed to every test: by default empty (full runs) but for the tests named in
#                   CROSS_QUICK_TESTS; 1 runs every test with fewer iterations, as valgrind does
#   CROSS_QUICK_TESTS  the tests run quick unless SL_TEST_QUICK is set: test_numeric by default
#                   (its full sweep takes minutes under emulation: docs/CROSS.md)
#   SL_TEST_TIME_SCALE  how many times the tests' wall-clock limits are stretched: 20 by default
#                   (test_abi gives each 2^63-item rect query 5 s, ~12x its native time; emulated
#                   it takes ~15x)
set -eu
cd "$(dirname "$0")/.."

fail() { echo "test-cross: $*" >&2; exit 1; }
usage() { echo "usage: scripts/test-cross.sh [--check-lib] aarch64|armhf|riscv64" >&2; exit 2; }

check_only=""
if [ "${1:-}" = --check-lib ]; then
  check_only=yes
  shift
fi
[ $# -eq 1 ] || usage
target=$1

# Per target: binutils' prefix, readelf's machine name, the float ABI readelf -h must show (the
# ELF flags), glibc's loader, qemu, where the loader lives, and the newest glibc symbol version
# the library may import (docs/CROSS.md, "glibc symbol versions").
case $target in
  aarch64) gnu=aarch64-linux-gnu machine=AArch64 float_abi="" loader=ld-linux-aarch64.so.1
    qemu_name=qemu-aarch64 default_prefix=/ glibc_max=2.17 ;;
  armhf) gnu=arm-linux-gnueabihf machine=ARM float_abi="hard-float ABI" loader=ld-linux-armhf.so.3
    qemu_name=qemu-arm default_prefix=/ glibc_max=2.17 ;;
  riscv64) gnu=riscv64-linux-gnu machine=RISC-V float_abi="double-float ABI"
    loader=ld-linux-riscv64-lp64d.so.1 qemu_name=qemu-riscv64
    default_prefix=/usr/riscv64-linux-gnu glibc_max=2.27 ;;
  *) usage ;;
esac

build=${CROSS_BUILD:-build/$target}
soname=${SONAME:-libsnaplayout.so.0}
host_lib=${HOST_LIB:-build/$soname}
lib=$build/$soname
prefix=${QEMU_LD_PREFIX:-$default_prefix}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-cross.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

# The highest GLIBC_x.y among the versioned symbols a library imports.
glibc_needed() {
  "$1" -T "$2" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -n 1
}

check_lib() {
  [ -r "$lib" ] || fail "no $lib (run 'make cross-$target')"
  "$gnu-readelf" -h "$lib" >"$tmp/header"
  found=$(sed -n 's/^ *Machine: *//p' "$tmp/header")
  [ "$found" = "$machine" ] || fail "$lib is an ELF file for '$found', not for $machine"
  if [ -n "$float_abi" ] && ! grep -q "Flags:.*$float_abi" "$tmp/header"; then
    fail "$lib does not have the $float_abi of Debian's $target: $(grep Flags: "$tmp/header")"
  fi
  if [ "$target" = armhf ]; then
    # Floating-point arguments in VFP registers, and no NEON in the library's own code (Debian's
    # armhf baseline is VFPv3-D16; the Unicode tables are another matter, docs/CROSS.md).
    "$gnu-readelf" -A "$lib" >"$tmp/attributes"
    grep -q 'Tag_ABI_VFP_args: VFP registers' "$tmp/attributes" ||
      fail "$lib does not pass floating-point arguments in VFP registers (Tag_ABI_VFP_args)"
    grep -q 'Tag_FP_arch: VFPv3-D16' "$tmp/attributes" ||
      fail "$lib is not built for VFPv3-D16: $(grep Tag_FP_arch "$tmp/attributes")"
    if grep -q Tag_Advanced_SIMD_arch "$tmp/attributes"; then
      fail "$lib's own code uses NEON: $(grep Tag_Advanced_SIMD_arch "$tmp/attributes")"
    fi
  fi
  "$gnu-readelf" -d "$lib" >"$tmp/dynamic"
  if grep -q TEXTREL "$tmp/dynamic"; then fail "$lib has text relocations (not PIC)"; fi

  found=$(sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p' "$tmp/dynamic")
  [ "$found" = "$soname" ] || fail "$lib has SONAME '$found', expected '$soname'"

  # The dynamic loader appears because glibc's loader defines __stack_chk_guard (aarch64, armhf,
  # riscv64) and __tls_get_addr (riscv64).
  needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' "$tmp/dynamic" | LC_ALL=C sort |
    tr '\n' ' ' | sed 's/ $//')
  for name in $needed; do
    case $name in
      libc.so.6 | libm.so.6 | libjson-c.so.[0-9]* | "$loader") ;;
      *) fail "$lib needs $name; only libc, libm, libjson-c and the loader are expected" ;;
    esac
  done

  # The public header's functions, and the same symbols and versions as the x86_64 library.
  scripts/check-exports.sh include/snaplayout.h "$lib"
  "$gnu-nm" -D --defined-only "$lib" | awk '{ print $NF }' | LC_ALL=C sort >"$tmp/cross.exports"
  if [ -r "$host_lib" ]; then
    nm -D --defined-only "$host_lib" | awk '{ print $NF }' | LC_ALL=C sort >"$tmp/host.exports"
    if ! cmp -s "$tmp/host.exports" "$tmp/cross.exports"; then
      echo "exports of $host_lib (<) and $lib (>) differ:" >&2
      diff "$tmp/host.exports" "$tmp/cross.exports" >&2 || true
      exit 1
    fi
    host_note="the same as $host_lib's; x86_64 needs $(glibc_needed objdump "$host_lib")"
  elif [ "${1:-}" = --need-host ]; then
    fail "no $host_lib to compare the exports with (run 'make lib')"
  else
    host_note="no $host_lib to compare them with"
  fi
  scripts/check-glibc.sh "$lib" "$gnu-objdump" "$glibc_max"
  echo "test-cross: $lib: $machine${float_abi:+, $float_abi}, SONAME $soname, NEEDED $needed"
  echo "test-cross: $(wc -l <"$tmp/cross.exports" | tr -d ' ') dynamic symbols exported," \
    "$host_note; $target needs $(glibc_needed "$gnu-objdump" "$lib")"
}

if [ -n "$check_only" ]; then
  check_lib
  exit 0
fi
check_lib --need-host

qemu=${QEMU:-}
if [ -z "$qemu" ]; then
  for candidate in "$qemu_name" "$qemu_name-static"; do
    if command -v "$candidate" >/dev/null 2>&1; then qemu=$candidate; break; fi
  done
fi
[ -n "$qemu" ] || fail "no $qemu_name (run scripts/ensure-cross-deps.sh $target)"

# -E sets the variable for the emulated program only. The path holds no spaces (the Makefile's
# build directory).
library_path=${CROSS_LIBRARY_PATH:+-E LD_LIBRARY_PATH=$CROSS_LIBRARY_PATH}

now() { date +%s.%N; }
seconds_since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }

passed=0
failed=0
started=$(now)
for source in Tests/c/test_*.c; do
  name=$(basename "$source" .c)
  test=$build/tests/$name
  [ -x "$test" ] || fail "no $test (run 'make test-cross-$target')"
  quick=${SL_TEST_QUICK-}
  if [ -z "${SL_TEST_QUICK+set}" ]; then
    case " ${CROSS_QUICK_TESTS-test_numeric} " in *" $name "*) quick=1 ;; esac
  fi
  mode="SL_TEST_TIME_SCALE=${SL_TEST_TIME_SCALE:-20} SL_TEST_QUICK=$quick"
  echo "== $test (qemu, $mode)"
  start=$(now)
  # Run from the repository root: test_fixtures reads Tests/Fixtures. $mode holds no spaces
  # inside its words.
  # shellcheck disable=SC2086
  if env $mode "$qemu" -L "$prefix" $library_path "$test"; then
    passed=$((passed + 1))
    echo "   passed in $(seconds_since "$start") s"
  else
    failed=$((failed + 1))
    echo "   FAILED after $(seconds_since "$start") s"
  fi
done

echo "== $build/minimal (qemu)"
# shellcheck disable=SC2086
out=$("$qemu" -L "$prefix" $library_path "$build/minimal") || out="(exit status $?) $out"
if [ "$out" = "item 42: x=0 y=1820 width=130 height=130" ]; then
  passed=$((passed + 1))
  echo "   $out"
else
  failed=$((failed + 1))
  echo "   FAILED: minimal printed: $out"
fi

echo "test-cross: $target under $qemu in $(seconds_since "$started") s"
echo "test-cross: $target: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
