#!/bin/sh
# Installs what the JSON Schema's tests (make test-schema, mk/schema.mk) need beyond the Python
# binding's (scripts/ensure-python-deps.sh: pytest, hypothesis): the jsonschema package, with
# pip, or on a Debian/Ubuntu system Python that refuses pip installs (PEP 668) from apt
# (python3-jsonschema). Does nothing when a jsonschema with draft 2020-12 imports.
# Usage: PYTHON=python3 scripts/ensure-schema-deps.sh
set -eu

apt_install="$(dirname "$0")/apt-install.sh"
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
  echo "ensure-schema-deps: $python not found (install python3)" >&2
  exit 1
fi

has_draft_2020_12() {
  "$python" -c "from jsonschema import Draft202012Validator" >/dev/null 2>&1
}
has_draft_2020_12 && exit 0

echo "installing for $python: jsonschema"
if ! "$python" -m pip --version >/dev/null 2>&1; then
  "$apt_install" python3-pip
fi
if ! "$python" -m pip install --quiet "jsonschema>=4"; then
  # An externally managed system Python: the distribution's package instead.
  "$apt_install" python3-jsonschema
fi
if ! has_draft_2020_12; then
  echo "ensure-schema-deps: $python's jsonschema has no Draft202012Validator (need 4.0+)" >&2
  exit 1
fi
