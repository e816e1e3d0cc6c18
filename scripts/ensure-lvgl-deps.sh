#!/bin/sh
# Installs what the LVGL host (examples-python/lvgl, mk/lvgl.mk, docs/LVGL.md) needs: LVGL 9's
# CPython binding, the PyPI package pydevices-lvgl (`import lvgl`), pinned so that the pictures
# and the pixel checks stay those of one LVGL.
#
#   scripts/ensure-lvgl-deps.sh DIR
#
# It goes into DIR with `pip install --target` (the tests put DIR on PYTHONPATH): nothing is
# installed into the interpreter itself, so a Debian/Ubuntu system Python that refuses pip
# installs (PEP 668, "externally-managed-environment") needs no --break-system-packages, and no
# venv (python3-venv) either. pip itself comes from apt (python3-pip) when missing.
# Does nothing when DIR already imports that version. PYTHON names the interpreter (default
# python3). The wheels are CPython 3.10 to 3.14 on Linux x86_64; elsewhere pip says there is
# none and this fails.
set -eu

version=9.5.37
dir=${1:?usage: scripts/ensure-lvgl-deps.sh DIR}
python=${PYTHON:-python3}
command -v "$python" >/dev/null 2>&1 || "$(dirname "$0")/apt-install.sh" python3
command -v "$python" >/dev/null 2>&1 || {
  echo "ensure-lvgl-deps: $python not found (install python3)" >&2
  exit 1
}

have=$(PYTHONPATH="$dir" "$python" -c \
  "from importlib.metadata import version; import lvgl; print(version('pydevices-lvgl'))" \
  2>/dev/null || true)
[ "$have" = "$version" ] && exit 0

echo "installing pydevices-lvgl==$version for $python into $dir"
if ! "$python" -m pip --version >/dev/null 2>&1; then
  "$(dirname "$0")/apt-install.sh" --no-recommends python3-pip
fi
rm -rf "$dir"
"$python" -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --target "$dir" "pydevices-lvgl==$version"
PYTHONPATH="$dir" "$python" -c "import lvgl" || {
  echo "ensure-lvgl-deps: pydevices-lvgl installed into $dir but does not import" >&2
  exit 1
}
