#!/bin/sh
# Installs and checks what `make test-asan` and `make test-tsan` need on a fresh Debian/Ubuntu
# machine (docs/SANITIZERS.md). Does nothing when everything is already there.
#
#   SWIFTC=swiftc SAN_CC=/opt/swift/usr/bin/clang scripts/ensure-sanitizer-deps.sh
#
# The compiler, the sanitizer runtimes, the linker and the symbolizer come from the Swift
# toolchain: the clang beside swiftc, its compiler-rt (ASan with UBSan, TSan), ld.lld and
# llvm-symbolizer. The runtimes must be of the same LLVM as the instrumentation swiftc emits, so
# Debian's clang-14 and libclang-rt-14-dev cannot stand in for them; without them the script stops
# with a message. The toolchain's TSan runtime needs the toolchain's libdispatch at load time.
# From Debian, only what may be missing around them: the C startup files and libgcc that clang
# links with (gcc), libstdc++ (the runtimes need it), python3 (the examples' checks), and lld or
# llvm only if the toolchain lacks ld.lld or llvm-symbolizer. json-c comes from
# scripts/ensure-deps.sh (`make deps`). A last check builds and runs a tiny program with each
# sanitizer, so a toolchain that cannot is reported here rather than halfway through a build.
set -eu

fail() { echo "ensure-sanitizer-deps: $*" >&2; exit 1; }

swiftc=${SWIFTC:-swiftc}
command -v "$swiftc" >/dev/null 2>&1 || fail "$swiftc not found: install a Swift toolchain first"
bin=$(dirname "$(readlink -f "$(command -v "$swiftc")")")
cc=${SAN_CC:-$bin/clang}
[ -x "$cc" ] || fail "no $cc: the sanitizer builds use the clang of the Swift toolchain"
resources=$("$swiftc" -print-target-info 2>/dev/null |
  sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
arch=$(uname -m)

need=""
# clang takes crtbeginS.o and libgcc from GCC's installation, and glibc's startup files.
case $("$cc" -print-file-name=crtbeginS.o) in /*) ;; *) need="$need gcc" ;; esac
[ -e "/usr/lib/$arch-linux-gnu/crti.o" ] || need="$need libc6-dev"
[ -e "/usr/lib/$arch-linux-gnu/libstdc++.so.6" ] || need="$need libstdc++6"
command -v python3 >/dev/null 2>&1 || need="$need python3"
[ -x "$bin/ld.lld" ] || command -v ld.lld >/dev/null 2>&1 || need="$need lld"
[ -x "$bin/llvm-symbolizer" ] || command -v llvm-symbolizer >/dev/null 2>&1 || need="$need llvm"
# shellcheck disable=SC2086
"$(dirname "$0")/apt-install.sh" --no-recommends $need

for runtime in asan tsan; do
  file=$("$cc" -print-file-name="libclang_rt.$runtime-$arch.so")
  [ -f "$file" ] || fail "$cc has no libclang_rt.$runtime-$arch.so:" \
    "use a Swift toolchain that ships compiler-rt's sanitizer runtimes (lib/clang/*/lib/linux)"
done
dispatch="$resources/linux"
[ -f "$dispatch/libdispatch.so" ] || fail "no $dispatch/libdispatch.so, which TSan's runtime needs"
rt=$(dirname "$("$cc" -print-file-name="libclang_rt.asan-$arch.so")")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sanitizer-deps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' >"$tmp/probe.c"
probe() { # probe NAME FLAGS...: builds the empty program with FLAGS and runs it
  name=$1
  shift
  if ! "$cc" "$@" -shared-libsan -fuse-ld=lld "$tmp/probe.c" -o "$tmp/$name" \
    -Wl,-rpath,"$rt" >"$tmp/log" 2>&1 || ! "$tmp/$name" >>"$tmp/log" 2>&1; then
    cat "$tmp/log" >&2
    fail "$cc cannot build and run a program with $*"
  fi
}
probe asan -fsanitize=address,undefined
probe tsan -fsanitize=thread -L"$dispatch" -Wl,--no-as-needed -ldispatch -Wl,-rpath,"$dispatch"
