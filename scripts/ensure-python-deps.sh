#!/bin/sh
# Installs what the Python binding's tests need (pytest and hypothesis) when they are missing:
# with pip, or on a Debian/Ubuntu system Python that refuses pip installs (PEP 668), with apt.
# Does nothing when both import. PYTHON names the interpreter (default python3).
set -eu

apt_install="$(dirname "$0")/apt-install.sh"
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
  echo "ensure-python-deps: $python not found (install python3)" >&2
  exit 1
fi

need=""
"$python" -c "import pytest" >/dev/null 2>&1 || need="$need pytest"
"$python" -c "import hypothesis" >/dev/null 2>&1 || need="$need hypothesis"
[ -z "$need" ] && exit 0

echo "installing for $python:$need"
if ! "$python" -m pip --version >/dev/null 2>&1; then
  "$apt_install" python3-pip
fi
# shellcheck disable=SC2086
if ! "$python" -m pip install --quiet $need; then
  # An externally managed system Python: the distribution's packages instead.
  packages=""
  for name in $need; do packages="$packages python3-$name"; done
  # shellcheck disable=SC2086
  "$apt_install" $packages
fi
