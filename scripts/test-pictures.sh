#!/bin/sh
# Checks `snaplayout render` and the committed pictures (make test-pictures):
#
# 1. every picture of scripts/make-pictures.sh is drawn again into a temporary folder and
#    compared with docs/pictures/: each SVG byte for byte; each PNG after decoding (same size,
#    and at most PICTURES_PNG_TOLERANCE of the pixels, default 1%, differing by more than 16 in
#    a channel: another rsvg-convert or FreeType may smooth edges differently), and no picture
#    may be missing or left over;
# 2. the subcommand: well-formed SVG, the same bytes twice, scale and labels, exit status 2 for
#    bad command lines and 1 for what the library refuses (with the JSON Pointer).
#
# PICTURES_DIR=DIR compares with DIR instead of docs/pictures (to see a failure).
set -eu
cd "$(dirname "$0")/.."
fail() { echo "test-pictures: $*" >&2; exit 1; }
start=$(date +%s)
committed=${PICTURES_DIR:-docs/pictures}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool=build/snaplayout

# --- 1. the pictures -------------------------------------------------------------------------
QUIET=1 scripts/make-pictures.sh "$tmp/pictures"
python3 - "$committed" "$tmp/pictures" "${PICTURES_PNG_TOLERANCE:-0.01}" <<'EOF'
import os, struct, sys, zlib

committed, fresh, tolerance = sys.argv[1], sys.argv[2], float(sys.argv[3])
REGENERATE = "run `make pictures` to regenerate docs/pictures/, look at the result and commit it"

def read_png(path):
    """Decodes an 8-bit, non-interlaced PNG into (width, height, channels, rows of bytes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, chunks, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or interlace != 0 or channels is None:
        raise ValueError("unsupported PNG (depth %d, colour type %d)" % (depth, color))
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = unfilter(raw[start], raw[start + 1:start + 1 + stride], previous, channels)
        rows.append(row)
        previous = row
    return width, height, channels, rows

def add_lanes(a, b, n):
    """Bytewise a + b mod 256 over n bytes at once (SWAR on Python integers)."""
    low, high = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")
    return ((a & low) + (b & low)) ^ ((a ^ b) & high)

def unfilter(kind, line, previous, bpp):
    n = len(line)
    if kind == 0:
        return bytes(line)
    if kind == 2:  # Up
        total = add_lanes(int.from_bytes(line, "big"), int.from_bytes(previous, "big"), n)
        return total.to_bytes(n, "big")
    if kind == 1:  # Sub: a prefix sum per channel, by doubling
        total, shift = int.from_bytes(line, "big"), bpp
        while shift < n:
            total = add_lanes(total, (total >> (8 * shift)), n)
            shift *= 2
        return total.to_bytes(n, "big")
    out = bytearray(line)
    if kind == 3:  # Average
        for i in range(n):
            out[i] = (out[i] + (((out[i - bpp] if i >= bpp else 0) + previous[i]) >> 1)) & 255
        return bytes(out)
    for i in range(n):  # Paeth
        up = previous[i]
        if i >= bpp:
            left, corner = out[i - bpp], previous[i - bpp]
        else:
            left = corner = 0
        pa, pb, pc = abs(up - corner), abs(left - corner), abs(left + up - 2 * corner)
        out[i] = (out[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    return bytes(out)

def to_rgba(row, channels):
    """An RGBA row (pictures are compared in one format when their PNGs differ in it)."""
    if channels == 4:
        return row
    out = bytearray()
    for i in range(0, len(row), channels):
        px = row[i:i + channels]
        colour = px[:3] if channels >= 3 else bytes((px[0],)) * 3
        out += bytes(colour) + bytes((px[3] if channels == 4 else px[1] if channels == 2 else 255,))
    return bytes(out)

def compare_png(old, new):
    """None when alike, else what differs."""
    if open(old, "rb").read() == open(new, "rb").read():
        return None
    w1, h1, c1, rows1 = read_png(old)
    w2, h2, c2, rows2 = read_png(new)
    if (w1, h1) != (w2, h2):
        return "size %dx%d, now %dx%d" % (w1, h1, w2, h2)
    if c1 != c2:
        rows1, rows2, c1 = [to_rgba(r, c1) for r in rows1], [to_rgba(r, c2) for r in rows2], 4
    differing, first = 0, None
    for y, (a, b) in enumerate(zip(rows1, rows2)):
        if a == b:
            continue
        pixels = {i // c1 for i, (p, q) in enumerate(zip(a, b)) if abs(p - q) > 16}
        differing += len(pixels)
        if pixels and first is None:
            first = (min(pixels), y)
    if differing > tolerance * w1 * h1:
        return "%d of %d pixels differ (first at %d,%d; tolerance %g%%)" % (
            differing, w1 * h1, first[0], first[1], 100 * tolerance)
    print("test-pictures: %s: %d pixels differ, within the tolerance" %
          (os.path.basename(new), differing))
    return None

def first_difference(old, new):
    a, b = open(old, "rb").read().split(b"\n"), open(new, "rb").read().split(b"\n")
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            column = next((j for j, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
            return "line %d, column %d: ...%s... was ...%s..." % (
                i + 1, column + 1, y[max(0, column - 30):column + 30].decode("utf-8", "replace"),
                x[max(0, column - 30):column + 30].decode("utf-8", "replace"))
    return "length %d lines, now %d" % (len(a), len(b))

names = sorted(n for n in os.listdir(fresh) if n.endswith((".svg", ".png")))
kept = sorted(n for n in os.listdir(committed) if n.endswith((".svg", ".png")))
problems = []
for name in sorted(set(kept) - set(names)):
    problems.append("%s/%s is no picture of scripts/make-pictures.sh (left over)" %
                    (committed, name))
for name in names:
    old, new = os.path.join(committed, name), os.path.join(fresh, name)
    if not os.path.exists(old):
        problems.append("%s is missing" % old)
    elif name.endswith(".svg"):
        if open(old, "rb").read() != open(new, "rb").read():
            problems.append("%s changed (first difference at %s)" % (old, first_difference(old, new)))
    else:
        try:
            why = compare_png(old, new)
        except (ValueError, zlib.error, TypeError) as error:
            why = "cannot be decoded: %s" % error
        if why:
            problems.append("%s changed: %s" % (old, why))
for problem in problems:
    print("test-pictures: " + problem, file=sys.stderr)
if problems:
    print("test-pictures: %d of %d pictures differ; %s" % (len(problems), len(names), REGENERATE),
          file=sys.stderr)
    sys.exit(1)
print("test-pictures: %d pictures match %s" % (len(names), committed))
EOF

# --- 2. the subcommand -----------------------------------------------------------------------
# Well-formed SVG, every category drawn, the centred card at full scale and its neighbour at 0.9.
"$tool" render --content > "$tmp/appstore.svg"
python3 - "$tmp/appstore.svg" "$tmp/pictures" <<'EOF' || fail "the SVG is wrong"
import os, sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
for path in [sys.argv[1]] + [os.path.join(sys.argv[2], n) for n in os.listdir(sys.argv[2])
                             if n.endswith(".svg")]:
    root = ET.parse(path).getroot()
    assert root.tag == NS + "svg", (path, root.tag)
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0, path
root = ET.parse(sys.argv[1]).getroot()
rects = [r for r in root.iter(NS + "rect")]
classes = {r.get("class") for r in rects}
assert {"cell", "boundary", "badge", "decoration", "viewport"} <= classes, classes
texts = [t.text for t in root.iter(NS + "text")]
for label in ("0.0", "1.8", "2.19", "title", "header", "footer"):
    assert label in texts, label
# The carousel: card 0.0 centred (no transform), card 0.1 scaled to 0.9 about its centre.
scaled = [g for g in root.iter(NS + "g") if (g.get("transform") or "").startswith("matrix(0.9 0 0 0.9 ")]
assert scaled, "no card drawn at scale 0.9"
missing = ["%d.%d" % (s, i) for s, n in ((1, 9), (2, 20)) for i in range(n)
           if "%d.%d" % (s, i) not in texts]
assert not missing, missing
EOF
# The same state gives the same bytes.
"$tool" render --content | cmp -s - "$tmp/appstore.svg" || fail "two renders differ"
# Viewport-only draws fewer elements than the whole content.
"$tool" render --margin 0 | grep -c '<rect class="cell"' > "$tmp/n.txt"
[ "$(cat "$tmp/n.txt")" -lt 35 ] || fail "the viewport drew every cell"
# A motion is resolved and sampled: the caption says where and when.
"$tool" render --motion 0=touch+40:1500@0.1 > "$tmp/motion.svg"
grep -q "drawn at t = 0.1 s: offset 121.95" "$tmp/motion.svg" || fail "the motion's caption"
"$tool" render --motion 0=4.67:1500@50% | grep -q "(50% of the motion)" || fail "T%"
# PNG: a PNG file, and none at all when the converter cannot run.
"$tool" render -o "$tmp/viewport.png"
[ "$(head -c 8 "$tmp/viewport.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] ||
  fail "-o x.png wrote no PNG"
if SNAPLAYOUT_RSVG_CONVERT=/nonexistent/rsvg-convert "$tool" render --format png \
    -o "$tmp/none.png" 2> "$tmp/err.txt"; then fail "a missing converter was ignored"; fi
grep -q "librsvg2-bin" "$tmp/err.txt" || fail "no hint about rsvg-convert: $(cat "$tmp/err.txt")"
[ ! -e "$tmp/none.png" ] || fail "a failed conversion left a file"

# Exit statuses: 2 for bad command lines, 1 for what the library refuses (with the path).
status() { set +e; "$@" > /dev/null 2> "$tmp/err.txt"; echo $?; set -e; }
for args in "--size nonsense" "--motion 0=abc" "--motion 0=1:2" "--motion 0=1:2@x%" \
    "--motion x=1:2@3" "--format gif" "--margin -1" "--rect 0,0,0,10" "--zoom 0" "--scroll" \
    "--bogus" "--scroll nan" "a.json b.json"; do
  # shellcheck disable=SC2086
  [ "$(status "$tool" render $args)" -eq 2 ] || fail "render $args: expected exit status 2"
  grep -q "^usage: snaplayout render" "$tmp/err.txt" || fail "render $args: no usage"
done
printf '{"sections": [{"itemCount": -1}]}' > "$tmp/bad.json"
[ "$(status "$tool" render "$tmp/bad.json")" -eq 1 ] || fail "a bad config: expected 1"
grep -q "/sections/0/itemCount" "$tmp/err.txt" || fail "no JSON Pointer: $(cat "$tmp/err.txt")"
[ "$(status "$tool" render --motion 1=0:500@0)" -eq 1 ] || fail "a non-orthogonal --motion"
grep -q "cannot read the scroll container of --motion" "$tmp/err.txt" ||
  fail "the --motion error: $(cat "$tmp/err.txt")"
[ "$(status "$tool" render --offset 1=5)" -eq 1 ] || fail "a non-orthogonal --offset"
[ "$(status "$tool" render -o /nonexistent/dir/x.svg)" -eq 1 ] || fail "an unwritable -o"

echo "test-pictures: the pictures and the render subcommand behave ($(($(date +%s) - start)) s)"
