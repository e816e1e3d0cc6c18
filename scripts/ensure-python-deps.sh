#!/bin/sh
# Installs what the Python binding's tests need (pytest and hypothesis) when they are missing:
# with pip, or on a Debian/Ubuntu system Python that refuses pip installs (PEP 668), with apt.
# pdoc (the API reference, make python-docs) is pinned to one version, since its pages are
# checked in: pip, with --break-system-packages on a PEP 668 Python (no distribution packages it).
# Does nothing when all import. PYTHON names the interpreter (default python3).
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

pdoc_version=16.0.0
need_pdoc=""
[ "$("$python" -c "import pdoc; print(pdoc.__version__)" 2>/dev/null || true)" = "$pdoc_version" ] ||
  need_pdoc="pdoc==$pdoc_version"
[ -z "$need$need_pdoc" ] && exit 0

echo "installing for $python:$need $need_pdoc"
if ! "$python" -m pip --version >/dev/null 2>&1; then
  "$apt_install" python3-pip
fi
if [ -n "$need_pdoc" ] && ! "$python" -m pip install --quiet "$need_pdoc"; then
  "$python" -m pip install --quiet --break-system-packages "$need_pdoc"
fi
[ -z "$need" ] && exit 0

# shellcheck disable=SC2086
if ! "$python" -m pip install --quiet $need; then
  # An externally managed system Python: the distribution's packages instead.
  packages=""
  for name in $need; do packages="$packages python3-$name"; done
  # shellcheck disable=SC2086
  "$apt_install" $packages
fi
