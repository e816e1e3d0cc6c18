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

# carousel.c: the card carousel, card k at rest at k * 327 - 34 (hand-computed lines).
build/carousel > "$tmp/carousel.txt"
# after HEADING N: the Nth line after the exact line HEADING of the carousel's output.
after() { grep -x -A"$2" -- "$1" "$tmp/carousel.txt" | sed -n "$(($2 + 1))p"; }
expect() { [ "$1" = "$2" ] || fail "carousel printed '$1', expected '$2'"; }
grep -qx "content 3263, contentInset 34 / 34, offsets -34 ... 2907, 10 rest positions" \
  "$tmp/carousel.txt" || fail "carousel: wrong bounds"
# A slow 54-pt drag (0.165 of a card) goes back: -34.
expect "$(after "1. slow small drag, released back" 2)" \
  "   target -34.00: page 0, card 0 (from page 0, +0); progress at release 0.165"
# A gentle fling from card 0: 0 + 0.6 * 99 = 59.4 is nearer card 0, but never behind: 293.
expect "$(after "2. gentle fling from card 0" 2)" \
  "   target 293.00: page 1, card 1 (from page 0, +1); progress at release 0.104"
# A hard fling projects to 660 + 8 * 99 = 1452 (card 5) but moves one page: 947.
expect "$(after "4. hard fling (one page at most)" 2)" \
  "   target 947.00: page 3, card 3 (from page 2, +1); progress at release 2.122"
# Re-grabbed in flight toward card 8, a backward fling goes on to card 7: 7 * 327 - 34.
expect "$(after "8. re-grab and fling back again" 2)" \
  "   target 2255.00: page 7, card 7 (from page 8, -1); progress at release 8.462"
grep -qx "   rests at 293.00, card 1 centred: scale 0.9997 (on screen: #0 0.9000, #1 0.9997, #2 0.9003)" \
  "$tmp/carousel.txt" || fail "carousel: wrong scales at card 1"
# The targetContentOffset pattern lets the hard fling run to the end: round((660 + 3992 - 34) / 327) = 14, clamped.
grep -Eq "^4\. hard fling .* 947\.00 p3 +2907\.00 p9 +DIFFERS\$" "$tmp/carousel.txt" ||
  fail "carousel: the targetContentOffset comparison of the hard fling"
n=$(grep -c " yes\$" "$tmp/carousel.txt" || true)
[ "$n" -eq 7 ] || fail "carousel: $n motions settled, expected 7"

# The built-in layout as a table and as JSON.
build/snaplayout > "$tmp/table.txt"
grep -q "built-in App Store layout, container 390 x 844" "$tmp/table.txt" || fail "table header"
# The legend line names every column it explains (README.md shows it).
legend=$(sed -n 2p "$tmp/table.txt")
for column in x y width height section z scale; do
  printf '%s\n' "$legend" | grep -qw "$column" || fail "the legend does not explain $column: $legend"
done
grep -qxF "$legend" README.md || fail "README.md does not show the legend: $legend"
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
