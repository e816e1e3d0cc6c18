#!/bin/sh
# Tests the Python wheels and sdist `make wheels` built (docs/PACKAGING.md, "Python wheels");
# `make test-wheels` builds them, then calls it. On an x86_64 machine:
#
#  1. each wheel as a file (scripts/check-wheel.py; the repair's input must fail that check),
#     and the libraries inside: NEEDED, RPATH, glibc 2.17 at most, the header's exports;
#  2. the x86_64 wheel in a fresh venv (pytest and hypothesis from PyPI first): its library
#     resolves json-c inside the wheel, the package's whole test suite passes against the
#     installed package and its own library ($SNAPLAYOUT_LIBRARY unset), then `pip uninstall`
#     leaves the venv exactly as it was;
#  3. the aarch64 wheel on x86_64: pip refuses it, naming its platform; installed anyway
#     (pip --target --platform), the package says "... is an aarch64 library, this Python runs
#     on x86_64";
#  4. that installed aarch64 package's library and json-c, linked into every C test
#     (Tests/c/test_*.c) and examples-c/minimal.c, run under qemu-aarch64; the loader's trace
#     shows the wheel's copies are the ones loaded;
#  5. the package's test suite under Debian's arm64 Python in qemu, against the same install,
#     and the x86_64 wheel's message there;
#  6. the sdist: what it holds, and a wheel built from it by pip in an empty directory (the
#     library compiled from its sources), installed and used.
#
#   scripts/test-wheels.sh WHEEL_DIR
#
# Environment (the defaults are the Makefile's):
#   TOOLS         scripts/ensure-wheel-deps.sh's environment (build/wheels/tools)
#   ARM64_PYTHON  its --arm64-python directory (build/wheels/arm64-python), whose
#                 usr/bin/python3-qemu runs Debian's arm64 Python under qemu
#   PYTHON        the interpreter the fresh venv is made with (python3)
#   AARCH64_CC, C_STD, C_WARN, CFLAGS   how the C tests are compiled (mk/cross.mk's)
#   QEMU_AARCH64  the emulator (qemu-aarch64)
#   SL_TEST_QUICK the C tests' mode: 1 by default (every test, smaller sweeps: make test-cross
#                 runs them in full on the same build); 0 runs them in full
#   SNAPLAYOUT_HYPOTHESIS_SCALE  the property tests' share under qemu: 0.1 by default
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)

fail() { echo "test-wheels: $*" >&2; exit 1; }

[ $# -eq 1 ] || fail "usage: scripts/test-wheels.sh WHEEL_DIR"
wheels=$(cd "$1" && pwd)
tools=$(cd "${TOOLS:-build/wheels/tools}" && pwd)
arm64=$(cd "${ARM64_PYTHON:-build/wheels/arm64-python}" && pwd)
python=${PYTHON:-python3}
aarch64_cc=${AARCH64_CC:-aarch64-linux-gnu-gcc}
qemu=${QEMU_AARCH64:-qemu-aarch64}
[ "$(uname -m)" = x86_64 ] ||
  fail "run it on an x86_64 machine (it tests the aarch64 wheel under qemu)"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' bindings/python/pyproject.toml)
wheel_x86_64=$wheels/snaplayout-$version-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
wheel_aarch64=$wheels/snaplayout-$version-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl
sdist=$wheels/snaplayout-$version.tar.gz
for file in "$wheel_x86_64" "$wheel_aarch64" "$sdist"; do
  [ -f "$file" ] || fail "no $file (make wheels)"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-wheels.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

now() { date +%s.%N; }
seconds_since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }
started=$(now)
step_started=$started
step() {
  [ "$step_started" = "$started" ] || echo "   ($(seconds_since "$step_started") s)"
  echo "== $*"
  step_started=$(now)
}
# expect TEXT FILE: FILE must contain TEXT (a fixed string).
expect() {
  grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "expected in the output above: $1"; }
}
# foreign PYTHON WHEEL SITE WHEEL-ARCH PYTHON-ARCH: WHEEL, installed into SITE for its own
# platform, must refuse to load in PYTHON with the loader's sentence naming both architectures.
foreign() {
  "$venv/bin/python" -m pip install --quiet --no-deps --target "$3" \
    --platform "manylinux2014_$4" --only-binary=:all: "$2"
  if PYTHONPATH=$3 "$1" -c 'import snaplayout; snaplayout.Layout({"sections": []})' \
    >"$tmp/foreign" 2>&1; then
    fail "the $4 package loaded in a Python on $5"
  fi
  expect "$3/snaplayout/libsnaplayout.so.0 is an $4 library, this Python runs on $5" "$tmp/foreign"
  tail -n 1 "$tmp/foreign" | sed 's/^/   /'
}
unset SNAPLAYOUT_LIBRARY LD_LIBRARY_PATH PYTHONPATH
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

# --- 1. the wheels as files, the libraries inside ---------------------------------------------
step "1. the wheels' files and libraries"
for arch in x86_64 aarch64; do
  case $arch in
    x86_64) wheel=$wheel_x86_64 loader=ld-linux-x86-64.so.2 ;;
    aarch64) wheel=$wheel_aarch64 loader=ld-linux-aarch64.so.1 ;;
  esac
  "$tools/bin/python" scripts/check-wheel.py "$wheel" "$arch"
  mkdir -p "$tmp/unzipped/$arch"
  (cd "$tmp/unzipped/$arch" && unzip -q "$wheel")
  lib=$tmp/unzipped/$arch/snaplayout/libsnaplayout.so.0
  json_c=$(ls "$tmp/unzipped/$arch"/snaplayout.libs/libjson-c-*.so.5.2.0)
  needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' | LC_ALL=C sort |
    tr '\n' ' ')
  want=$(printf '%s\n' "$(basename "$json_c")" libc.so.6 libm.so.6 "$loader" | LC_ALL=C sort |
    tr '\n' ' ')
  [ "$needed" = "$want" ] || fail "$arch: the library needs '$needed', expected '$want'"
  rpath=$(readelf -d "$lib" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]$/\1/p')
  # shellcheck disable=SC2016
  [ "$rpath" = '$ORIGIN/../snaplayout.libs' ] || fail "$arch: the library's RPATH is '$rpath'"
  soname=$(readelf -d "$json_c" | sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p')
  [ "$soname" = "$(basename "$json_c")" ] || fail "$arch: json-c's SONAME is '$soname'"
  scripts/check-glibc.sh "$lib" "$arch-linux-gnu-objdump" 2.17
  scripts/check-glibc.sh "$json_c" "$arch-linux-gnu-objdump" 2.17
  scripts/check-exports.sh include/snaplayout.h "$lib"
done
# The checks can fail: the wheel auditwheel repaired (no json-c, linux_x86_64) does.
linux=$wheels/work/x86_64/linux/snaplayout-$version-py3-none-linux_x86_64.whl
if [ -f "$linux" ] && "$tools/bin/python" scripts/check-wheel.py "$linux" x86_64 2>/dev/null; then
  fail "scripts/check-wheel.py accepts $linux, which has no json-c and a linux tag"
fi

# --- 2. x86_64: fresh venv, the test suite, uninstall -----------------------------------------
step "2. the x86_64 wheel in a fresh venv"
venv=$tmp/venv
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet pytest hypothesis
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
(cd "$venv" && find . | LC_ALL=C sort) >"$tmp/before"
install_started=$(now)
"$venv/bin/python" -m pip install --quiet "$wheel_x86_64"
echo "   pip install: $(seconds_since "$install_started") s"
(cd "$venv" && find . | LC_ALL=C sort) >"$tmp/installed"
expect "./$(echo "$site" | sed "s|^$venv/||")/snaplayout.libs/libjson-c-" "$tmp/installed"
if ldconfig -p 2>/dev/null | grep -q 'libsnaplayout\.so\.0 '; then
  echo "   note: this machine has a system libsnaplayout.so.0; it must not be the one loaded"
fi
ldd "$site/snaplayout/libsnaplayout.so.0" >"$tmp/ldd"
resolved=$(sed -n 's/.*libjson-c.* => \(.*\) (0x.*/\1/p' "$tmp/ldd")
case $(readlink -f "$resolved" 2>/dev/null) in
  "$site"/snaplayout.libs/libjson-c-*) ;;
  *) cat "$tmp/ldd" >&2; fail "the installed library does not resolve json-c inside the wheel" ;;
esac
if grep -q 'not found' "$tmp/ldd"; then cat "$tmp/ldd" >&2; fail "a library is not found"; fi
echo "   json-c: $(readlink -f "$resolved")"
(cd "$tmp" && SNAPLAYOUT_TEST_INSTALLED=$site "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$repo/bindings/python/tests") || fail "the package's tests failed against the installed wheel"
"$venv/bin/python" -m pip uninstall --quiet --yes snaplayout
(cd "$venv" && find . | LC_ALL=C sort) >"$tmp/after"
if ! cmp -s "$tmp/before" "$tmp/after"; then
  diff "$tmp/before" "$tmp/after" >&2 || true
  fail "pip uninstall left the venv different from before the install (above)"
fi
echo "   pip uninstall: the venv is as before ($(wc -l <"$tmp/before" | tr -d ' ') paths)"

# --- 3. the aarch64 wheel on x86_64 -----------------------------------------------------------
step "3. a wheel for another architecture"
if "$venv/bin/python" -m pip install "$wheel_aarch64" >"$tmp/pip-aarch64" 2>&1; then
  fail "pip installed the aarch64 wheel on x86_64"
fi
expect "$(basename "$wheel_aarch64") is not a supported wheel on this platform" "$tmp/pip-aarch64"
sed 's/^/   pip: /' "$tmp/pip-aarch64"
aarch64_site=$tmp/aarch64-site
foreign "$venv/bin/python" "$wheel_aarch64" "$aarch64_site" aarch64 x86_64

# --- 4. the aarch64 wheel's library: the C tests under qemu -----------------------------------
step "4. the C tests against the aarch64 wheel's library, under $qemu"
libdir=$aarch64_site/snaplayout
json_c=$(ls "$aarch64_site"/snaplayout.libs/libjson-c-*.so.5.2.0)
mkdir -p "$tmp/c"
# Linked against the wheel's json-c too (the tests parse fixtures with it), so that the process
# has one json-c, the wheel's.
link="-L$libdir -l:libsnaplayout.so.0 $json_c -Wl,-rpath,$libdir:$aarch64_site/snaplayout.libs"
programs=""
for source in Tests/c/test_*.c examples-c/minimal.c; do
  name=$(basename "$source" .c)
  # shellcheck disable=SC2086
  "$aarch64_cc" ${C_STD:--std=c11 -D_POSIX_C_SOURCE=200809L} \
    ${C_WARN:--Wall -Wextra -Werror -pedantic} ${CFLAGS:--O2 -g} -Iinclude -ITests/c "$source" \
    -o "$tmp/c/$name" $link -lpthread -lm
  programs="$programs $name"
done
QEMU_LD_PREFIX=/ "$qemu" -E LD_TRACE_LOADED_OBJECTS=1 "$tmp/c/test_abi" >"$tmp/trace"
expect "libsnaplayout.so.0 => $libdir/libsnaplayout.so.0" "$tmp/trace"
expect "$(basename "$json_c") => $json_c" "$tmp/trace"
if grep -q 'libjson-c\.so' "$tmp/trace"; then
  cat "$tmp/trace" >&2
  fail "a json-c other than the wheel's is loaded"
fi
echo "   loaded: $libdir/libsnaplayout.so.0, $json_c"
passed=0
failed=0
for name in $programs; do
  start=$(now)
  if [ "$name" = minimal ]; then
    out=$(QEMU_LD_PREFIX=/ "$qemu" "$tmp/c/minimal") || out="(exit status $?) $out"
    [ "$out" = "item 42: x=0 y=1820 width=130 height=130" ] && status=0 || status=1
  else
    status=0
    SL_TEST_QUICK=${SL_TEST_QUICK:-1} SL_TEST_TIME_SCALE=${SL_TEST_TIME_SCALE:-20} \
      QEMU_LD_PREFIX=/ "$qemu" "$tmp/c/$name" >"$tmp/c/$name.out" 2>&1 || status=$?
  fi
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    echo "   $name passed in $(seconds_since "$start") s"
  else
    failed=$((failed + 1))
    cat "$tmp/c/$name.out" 2>/dev/null || echo "$out"
    echo "   $name FAILED (exit status $status)"
  fi
done
[ "$failed" -eq 0 ] || fail "$failed of the C programs failed against the aarch64 wheel's library"

# --- 5. the package's tests under an arm64 Python ---------------------------------------------
step "5. the package's tests under Debian's arm64 Python, in $qemu"
bin=$tmp/arm64-bin
mkdir -p "$bin"
# The C compiler the tests call (a stand-in library for the loader's tests, a program that
# prints the structs' layout): the aarch64 one, its programs wrapped the same way.
cat >"$bin/cc" <<EOF
#!/bin/sh
out=a.out; executable=yes; previous=""
for argument in "\$@"; do
  case \$argument in -shared | -c) executable="" ;; esac
  [ "\$previous" = -o ] && out=\$argument
  previous=\$argument
done
"$aarch64_cc" "\$@" || exit
[ -n "\$executable" ] || exit 0
mv "\$out" "\$out.aarch64"
printf '#!/bin/sh\nQEMU_LD_PREFIX=/ exec "%s" "%s" "\$@"\n' "$qemu" "\$out.aarch64" >"\$out"
chmod +x "\$out"
EOF
chmod +x "$bin/cc"
(cd "$tmp" && CC=$bin/cc PYTHONPATH=$aarch64_site:$arm64/site PYTHONDONTWRITEBYTECODE=1 \
  SNAPLAYOUT_TEST_INSTALLED=$aarch64_site \
  SNAPLAYOUT_HYPOTHESIS_SCALE=${SNAPLAYOUT_HYPOTHESIS_SCALE:-0.1} \
  "$arm64/usr/bin/python3-qemu" -m pytest -q -p no:cacheprovider "$repo/bindings/python/tests") ||
  fail "the package's tests failed under the arm64 Python"
foreign "$arm64/usr/bin/python3-qemu" "$wheel_x86_64" "$tmp/x86_64-site" x86_64 aarch64

# --- 6. the sdist ------------------------------------------------------------------------------
step "6. a wheel from the sdist, in an empty directory"
tar -tzf "$sdist" >"$tmp/sdist-files"
top=snaplayout-$version
for file in pyproject.toml PKG-INFO build_support/snaplayout_build/__init__.py \
    src/snaplayout/_loader.py libsnaplayout/Makefile libsnaplayout/LICENSE \
    libsnaplayout/include/snaplayout.h libsnaplayout/scripts/snaplayout.map \
    libsnaplayout/Sources/CSnapLayoutSupport/support.c libsnaplayout/Sources/SnapLayout/; do
  grep -qx "$top/$file" "$tmp/sdist-files" || fail "the sdist has no $top/$file"
done
for source in Sources/*/*.swift Sources/*/*/*.swift; do
  grep -qx "$top/libsnaplayout/$source" "$tmp/sdist-files" || fail "the sdist has no $source"
done
if [ -f schema/snaplayout-config.schema.json ]; then
  grep -qx "$top/libsnaplayout/schema/snaplayout-config.schema.json" "$tmp/sdist-files" ||
    fail "the sdist has no schema/snaplayout-config.schema.json"
fi
if grep -E '/(tests|__pycache__|build)/' "$tmp/sdist-files"; then
  fail "the sdist holds the files above"
fi
mkdir "$tmp/empty"
(cd "$tmp/empty" && "$venv/bin/python" -m pip wheel --quiet --no-deps --wheel-dir . "$sdist") ||
  fail "pip wheel $sdist failed"
built=$tmp/empty/snaplayout-$version-py3-none-linux_x86_64.whl
[ -f "$built" ] || fail "pip wheel made $(ls "$tmp/empty"), not $(basename "$built")"
"$venv/bin/python" -m pip install --quiet "$built"
check='import snaplayout
with snaplayout.Layout({"sections": [{"itemCount": 100, "group": {"group": "horizontal",
    "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 130}},
    "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                               "heightDimension": {"fractionalHeight": 1}}}, "count": 3}}]},
    container_size=(390, 844)) as layout:
    print(snaplayout.library_path(), layout.item_frame(0, 42))'
(cd "$tmp" && "$venv/bin/python" -c "$check") >"$tmp/from-sdist"
expect "$site/snaplayout/libsnaplayout.so.0 Rect(x=0.0, y=1820.0, width=130.0, height=130.0)" \
  "$tmp/from-sdist"
"$venv/bin/python" -m pip uninstall --quiet --yes snaplayout
echo "   $(basename "$built"): $(wc -c <"$built" | tr -d ' ') bytes, installed and used"

echo "   ($(seconds_since "$step_started") s)"
echo "test-wheels: 6 steps in $(seconds_since "$started") s"
echo "test-wheels: 6 passed, 0 failed"
