#!/bin/sh
# Checks the GTK 4 host (hosts/gtk: the SlLayoutView widget and its demo) headless, under Xvfb:
# `sl-gtk-demo --test` drives the widget on a manual 60 Hz clock (drags, flings, a re-grab,
# keys, the wheel, a touchpad, the widget's own controllers through their signals, resizes
# (a card at rest kept, a fling carried),
# right to left, a looping carousel) and checks the children's bounds, the containers' rest
# positions and pixels of pictures rendered from the widget (GtkWidgetPaintable -> GSK render
# nodes -> cairo). This script checks its closing states, that two runs draw the same pixels,
# the committed pictures and its failures; then a session of real X input (xdotool), and the
# session again under AddressSanitizer and UBSan.
# GSK_RENDERER=cairo and GDK_BACKEND=x11 for determinism; any GLib warning is fatal.
#
#   scripts/test-gtk.sh [--keep DIR]        (--keep: leave the pictures in DIR)
#   scripts/test-gtk.sh --pictures DIR      (write DIR/gtk-appstore.png, gtk-rtl.png, gtk-loop.png)
set -eu
cd "$(dirname "$0")/.."
fail() { echo "test-gtk: $*" >&2; exit 1; }
demo=build/sl-gtk-demo
[ -x "$demo" ] || fail "$demo is missing: run 'make test-gtk'"
for tool in Xvfb xdotool; do
  command -v $tool > /dev/null 2>&1 || fail "$tool is missing: run scripts/ensure-gtk-deps.sh --test"
done
pictures=""
keep=""
case "${1:-}" in
  --keep) tmp=$2; keep=1; mkdir -p "$tmp" ;;
  --pictures) pictures=$2; mkdir -p "$pictures"; tmp=$(mktemp -d) ;;
  "") tmp=$(mktemp -d) ;;
  *) fail "unknown option $1" ;;
esac
mkdir -p "$tmp/run" "$tmp/again"

# One X server for the whole run. Xvfb picks a free display itself and writes its number
# (-displayfd), so runs beside other X servers (other tests, other users) cannot collide.
xvfb=""
cleanup() {
  [ -z "$xvfb" ] || kill "$xvfb" 2> /dev/null || true
  [ -n "$keep" ] || rm -rf "$tmp"
}
trap cleanup EXIT
Xvfb -displayfd 3 -screen 0 1024x1024x24 -nolisten tcp 3> "$tmp/display" 2> "$tmp/xvfb.txt" &
xvfb=$!
for _ in $(seq 100); do
  [ -s "$tmp/display" ] && break
  sleep 0.1
done
[ -s "$tmp/display" ] || fail "Xvfb did not start: $(cat "$tmp/xvfb.txt")"
DISPLAY=:$(cat "$tmp/display")
export DISPLAY

# GTK on X11 and cairo, no session bus, no accessibility bus; any GLib warning is fatal.
run() {
  env -u WAYLAND_DISPLAY GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
    G_DEBUG=fatal-warnings NO_AT_BRIDGE=1 timeout 100 "$demo" "$@"
}
run_asan() {
  env -u WAYLAND_DISPLAY GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
    G_DEBUG=fatal-warnings NO_AT_BRIDGE=1 ASAN_OPTIONS=detect_leaks=0 \
    UBSAN_OPTIONS=print_stacktrace=1 timeout 100 build/sl-gtk-demo-asan "$@"
}

# 1. The session; it exits 1 naming each failed check.
run --test "$tmp/run" > "$tmp/session.txt" 2> "$tmp/err.txt" ||
  fail "the scripted session failed: $(cat "$tmp/err.txt")"

# 2. Its closing states: the carousel centred on the cards the gestures lead to.
for state in "appstore fling: main 0.00 section0 296.50 rest 1" \
  "appstore regrab: main 0.00 section0 959.83 rest 3" \
  "appstore keys: main 0.00 section0 1623.33 rest 5" \
  "appstore touchpad: main 0.00 section0 959.83 rest 3" \
  "controllers signals: main 1260.00 section0 628.17 rest 2" \
  "resize wide: main 0.00 section0 1458.00 rest 3" \
  "resize back: main 0.00 section0 959.83 rest 3" \
  "resize fling: main 0.00 section0 1962.00 rest 4" \
  "rtl rtl: main 0.00 section0 628.17 rest 2" \
  "loop loop: main 0.00 section0 1610.00 rest 5"; do
  grep -qxF "$state" "$tmp/session.txt" || fail "no '$state' in: $(cat "$tmp/session.txt")"
done
for shot in gtk-01-launch gtk-02-fling gtk-03-scrolled gtk-appstore gtk-rtl gtk-loop; do
  [ -s "$tmp/run/$shot.png" ] || fail "$shot.png was not written"
done

# 3. The manual clock makes runs reproducible, pixel for pixel.
run --test "$tmp/again" > /dev/null 2>&1 || fail "the second run failed"
for shot in "$tmp"/run/*.png; do
  cmp -s "$shot" "$tmp/again/$(basename "$shot")" || fail "$(basename "$shot") differs between runs"
done

# 4. The committed pictures (docs/pictures/gtk, `make gtk-pictures`) are what the session draws,
#    within a tolerance for font smoothing; and the comparison does see a different picture.
for shot in gtk-appstore gtk-rtl gtk-loop; do
  "$demo" --compare "docs/pictures/gtk/$shot.png" "$tmp/run/$shot.png" ||
    fail "docs/pictures/gtk/$shot.png is out of date: run 'make gtk-pictures', look and commit"
done
if "$demo" --compare docs/pictures/gtk/gtk-appstore.png "$tmp/run/gtk-01-launch.png" 2> /dev/null; then
  fail "--compare took two different pictures for the same"
fi

# 5. Real input: xdotool sends pointer, button, key and wheel events through the X server to the
#    demo's window (hosts/gtk/live-session.sh), which GTK's controllers and frame clock handle
#    on the real clock: a drag to card 1, Right to 2, the wheel to 3, a notch down the page.
env -u WAYLAND_DISPLAY GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 \
  timeout 60 hosts/gtk/live-session.sh "$demo" "$tmp/live.txt" 2> "$tmp/err.txt" ||
  fail "the session of real input failed: $(cat "$tmp/err.txt")"
grep -qxF "live: main 89.31 section0 959.83 rest 3" "$tmp/live.txt" ||
  fail "unexpected state after real input: $(cat "$tmp/live.txt") $(cat "$tmp/err.txt")"

# 6. Memory: the session again, built with AddressSanitizer and UBSan (GTK's own allocations
#    that live until exit are not leaks of the widget's: leak checking stays off).
if [ -x build/sl-gtk-demo-asan ]; then
  run_asan --test "$tmp/asan" > /dev/null 2> "$tmp/err.txt" ||
    fail "the session under AddressSanitizer failed: $(cat "$tmp/err.txt")"
fi

# 7. Failures are loud: a bad option exits 2, a configuration that cannot be read 1.
set +e
"$demo" --no-such-option > /dev/null 2>&1
[ $? -eq 2 ] || fail "a bad option must exit with 2"
run --test "$tmp/again" --loop-config "$tmp/missing.json" > /dev/null 2> "$tmp/err.txt"
status=$?
set -e
[ $status -eq 1 ] || fail "a missing configuration exited with $status, not 1"
grep -q "missing.json" "$tmp/err.txt" || fail "unexpected message: $(cat "$tmp/err.txt")"

if [ -n "$pictures" ]; then
  for shot in gtk-appstore gtk-rtl gtk-loop; do cp "$tmp/run/$shot.png" "$pictures/"; done
  echo "test-gtk: wrote $pictures/gtk-appstore.png, gtk-rtl.png and gtk-loop.png"
fi
echo "test-gtk: the GTK 4 widget behaves"
