#!/bin/sh
# Checks that the shared library exports exactly the functions the public header declares.
#
#   scripts/check-exports.sh [header] [library]
#
# Defaults: include/snaplayout.h and build/libsnaplayout.so (relative to the repository root).
# The header's names come from its `SL_API ... sl_name(` declarations; the library's from
# `nm -D --defined-only`, without @@version suffixes and without the version-node symbol
# (LIBSNAPLAYOUT_0). Prints every difference and exits 1 on a mismatch, 2 on a usage error.
set -eu

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
header=${1:-$root/include/snaplayout.h}
library=${2:-$root/build/libsnaplayout.so}

if [ ! -r "$header" ]; then
  echo "check-exports: cannot read the header $header" >&2
  exit 2
fi
if [ ! -r "$library" ]; then
  echo "check-exports: cannot read the library $library (run 'make lib')" >&2
  exit 2
fi
if ! command -v nm >/dev/null 2>&1; then
  echo "check-exports: nm not found (install binutils)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/check-exports.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

# Declarations: from a line starting with SL_API (not the #define of the macro) up to the first
# "(", joined into one line; the name is the identifier right before that "(".
awk '
  collecting == 0 && /^[ \t]*SL_API[ \t]/ { collecting = 1; text = "" }
  collecting == 1 {
    text = text " " $0
    if (index(text, "(") > 0) {
      text = substr(text, 1, index(text, "(") - 1)
      sub(/[ \t]+$/, "", text)
      n = split(text, words, /[^A-Za-z0-9_]+/)
      print words[n]
      collecting = 0
    }
  }
' "$header" | LC_ALL=C sort >"$work/declared.raw"

# Every declared name must look like a public function name.
if grep -v '^sl_[A-Za-z0-9_]*$' "$work/declared.raw" >"$work/odd"; then
  echo "check-exports: could not parse these declarations in $header:" >&2
  sed 's/^/  /' "$work/odd" >&2
  exit 2
fi
LC_ALL=C sort -u "$work/declared.raw" >"$work/declared"
if [ ! -s "$work/declared" ]; then
  echo "check-exports: found no SL_API declarations in $header" >&2
  exit 2
fi
if [ "$(wc -l <"$work/declared")" -ne "$(wc -l <"$work/declared.raw")" ]; then
  echo "check-exports: $header declares a function more than once:" >&2
  LC_ALL=C uniq -d "$work/declared.raw" | sed 's/^/  /' >&2
  exit 1
fi

# Exports: the symbol name is the last field; drop @@VERSION / @VERSION and the version node.
if ! nm -D --defined-only "$library" >"$work/nm"; then
  echo "check-exports: nm failed on $library" >&2
  exit 2
fi
awk 'NF > 0 { name = $NF; sub(/@.*/, "", name); if (name != "LIBSNAPLAYOUT_0") print name }' \
  "$work/nm" | LC_ALL=C sort -u >"$work/exported"

LC_ALL=C comm -23 "$work/declared" "$work/exported" >"$work/missing"
LC_ALL=C comm -13 "$work/declared" "$work/exported" >"$work/extra"

status=0
if [ -s "$work/missing" ]; then
  echo "declared in $(basename "$header") but not exported by $(basename "$library"):"
  sed 's/^/  /' "$work/missing"
  status=1
fi
if [ -s "$work/extra" ]; then
  echo "exported by $(basename "$library") but not declared in $(basename "$header"):"
  sed 's/^/  /' "$work/extra"
  status=1
fi
if [ "$status" -eq 0 ]; then
  echo "check-exports: $(wc -l <"$work/declared" | tr -d ' ') functions declared and exported"
fi
exit "$status"
