#!/bin/sh
# Generates the Python binding's API reference (docs/python-api/) with pdoc, deterministically:
# no search index, no source, no pdoc version in the pages. Usage: python-docs.sh OUTPUT_DIR
# (make python-docs writes docs/python-api; make test-python-docs diffs a fresh copy with it).
# PYTHON names the interpreter (default python3); pdoc comes from scripts/ensure-python-deps.sh.
set -eu

out=${1:?usage: python-docs.sh OUTPUT_DIR}
python=${PYTHON:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$out"
mkdir -p "$out"
# The package's own source (not an installed copy); pdoc imports it but loads no library.
PYTHONPATH="$root/bindings/python/src" "$python" -m pdoc --no-search --no-show-source \
  --docformat restructuredtext -o "$out" snaplayout 2>/dev/null
# The generator's version would make every pdoc upgrade a diff.
find "$out" -name '*.html' -exec sed -i -e 's/pdoc [0-9][0-9.]*/pdoc/g' {} +
