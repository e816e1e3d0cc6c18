#!/bin/sh
# Checks the C examples end to end: output, JSON validity and exit statuses.
set -eu
cd "$(dirname "$0")/.."
fail() { echo "test-examples: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# minimal.c: item 42 of a 3-column grid of 130-pt rows is in row 14, column 0.
out=$(build/minimal)
[ "$out" = "item 42: x=0 y=1820 width=130 height=130" ] || fail "minimal printed: $out"

# The built-in layout as a table and as JSON.
build/snaplayout > "$tmp/table.txt"
grep -q "built-in App Store layout, container 390 x 844" "$tmp/table.txt" || fail "table header"
grep -Eq "^cell +cell +2 +19 " "$tmp/table.txt" || fail "the table lacks the list's last item"
build/snaplayout --json > "$tmp/layout.json"
python3 -c "
import json, sys
doc = json.load(open('$tmp/layout.json'))
cells = [e for e in doc['elements'] if e['category'] == 'cell']
assert len(cells) == 6 + 9 + 20, len(cells)
assert doc['contentSize']['width'] == 390
kinds = {e['kind'] for e in doc['elements']}
assert kinds == {'cell', 'title', 'header', 'footer', 'badge', 'background'}, kinds
" || fail "the JSON output is wrong"

# The built-in config round-trips through a file and standard input.
build/snaplayout --print-default > "$tmp/default.json"
build/snaplayout --json "$tmp/default.json" | cmp -s - "$tmp/layout.json" || fail "file differs"
build/snaplayout --json - < "$tmp/default.json" | cmp -s - "$tmp/layout.json" || fail "stdin differs"

# A rect and an orthogonal offset.
n=$(build/snaplayout --rect 0,0,390,300 --offset 0=331.6666666666667 | grep -c '^cell' || true)
[ "$n" -ge 2 ] || fail "rect query listed $n cells"

# Errors: bad config -> 1 with the JSON Pointer; bad command line -> 2.
printf '{"sections": [{"itemCount": -1}]}' > "$tmp/bad.json"
if build/snaplayout "$tmp/bad.json" 2> "$tmp/err.txt"; then fail "bad config accepted"; fi
grep -q "/sections/0/itemCount" "$tmp/err.txt" || fail "error lacks the path: $(cat "$tmp/err.txt")"
set +e
build/snaplayout --size nonsense > /dev/null 2>&1
[ $? -eq 2 ] || fail "usage errors must exit with 2"
set -e
echo "test-examples: all examples behave"
