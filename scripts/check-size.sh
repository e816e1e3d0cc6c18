#!/bin/sh
# The size guard (docs/PERFORMANCE.md, "Size"): the stripped shipped library against
# bench/size.baseline. Fails when it grew more than TOLERANCE percent (default 2) over the
# baseline; prints where the bytes are, by area (scripts/size-areas.py: the engine, the
# configuration reader, the exports, the Swift standard library, the Unicode tables, C). `--update` writes this build's
# figures as the new baseline (commit it with the change that moved them).
#
#   scripts/check-size.sh [--update]
#
# LIBRARY (default build/libsnaplayout.so.0), BASELINE (default bench/size.baseline),
# TOLERANCE (percent), STRIP and NM (default strip, nm) may be set in the environment.
set -eu

cd "$(dirname "$0")/.."
LIBRARY=${LIBRARY:-build/libsnaplayout.so.0}
BASELINE=${BASELINE:-bench/size.baseline}
TOLERANCE=${TOLERANCE:-2}
STRIP=${STRIP:-strip}
NM=${NM:-nm}

update=0
case "${1:-}" in
  --update) update=1 ;;
  "") ;;
  *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

[ -f "$LIBRARY" ] || { echo "check-size: $LIBRARY is not built (make lib)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
"$STRIP" -o "$work/stripped.so" "$LIBRARY"
size=$(wc -c <"$work/stripped.so" | tr -d ' ')

# Bytes of code and data by area, from the unstripped library's symbol sizes, demangled and
# attributed to the sources that define them (scripts/size-areas.py). Shown, not checked; skipped
# without swift-demangle (SWIFT_DEMANGLE).
demangle=${SWIFT_DEMANGLE:-$(command -v swift-demangle || true)}
if [ -z "$demangle" ] && command -v swiftc >/dev/null 2>&1; then
  candidate="$(dirname "$(command -v swiftc)")/swift-demangle"
  [ -x "$candidate" ] && demangle=$candidate
fi
: >"$work/areas"
if [ -n "$demangle" ]; then
  "$NM" -S --defined-only "$LIBRARY" | "$demangle" --simplified | python3 scripts/size-areas.py \
    >"$work/areas"
fi

if [ "$update" = 1 ]; then
  {
    echo "# The stripped size of build/libsnaplayout.so.0 in bytes (x86_64), checked by"
    echo "# \`make test-size\` (scripts/check-size.sh, +${TOLERANCE}% allowed); written by"
    echo "# \`make update-size\` on $(date -u +%Y-%m-%d) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')."
    echo "stripped $size"
  } >"$BASELINE"
  echo "check-size: baseline written: $size bytes stripped"
  exit 0
fi

[ -f "$BASELINE" ] || { echo "check-size: no baseline $BASELINE (make update-size)" >&2; exit 2; }
base=$(awk '$1 == "stripped" { print $2 }' "$BASELINE")
[ -n "$base" ] || { echo "check-size: $BASELINE has no 'stripped' line" >&2; exit 2; }
limit=$(awk -v b="$base" -v t="$TOLERANCE" 'BEGIN { printf "%d", b * (1 + t / 100) }')
ratio=$(awk -v s="$size" -v b="$base" 'BEGIN { printf "%.4f", s / b }')
echo "stripped $LIBRARY: $size bytes; baseline $base, ratio $ratio, limit $limit (+$TOLERANCE%)"
echo "by area (symbol sizes, unstripped):"
awk -F '\t' '{ printf "  %-36s %10d\n", $1, $2 }' "$work/areas"
if [ "$size" -gt "$limit" ]; then
  echo "FAIL: the library grew more than $TOLERANCE% over $BASELINE. If the growth is intended," \
    "run \`make update-size\` and commit the baseline with the change." >&2
  exit 1
fi
