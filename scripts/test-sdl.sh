#!/bin/sh
# Checks the SDL example (examples-c/sdl_carousel.c) headless: scripted sessions on a virtual
# 60 Hz clock, their screenshots read back and compared with where the cards and headers must
# be (examples-c/sdl/screenshots.py), the same pixels through a real SDL window (the offscreen
# video driver), the script's own failures, and valgrind. No display is needed or used.
#
#   scripts/test-sdl.sh [--keep DIR]    (--keep: leave the screenshots in DIR)
set -eu
cd "$(dirname "$0")/.."
fail() { echo "test-sdl: $*" >&2; exit 1; }
demo=build/sdl_carousel
[ -x "$demo" ] || fail "$demo is missing: run 'make test-sdl'"
if [ "${1:-}" = "--keep" ] && [ -n "${2:-}" ]; then
  tmp=$2
  mkdir -p "$tmp"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
mkdir -p "$tmp/headless" "$tmp/again" "$tmp/window"

# Headless means headless: no display, and a video driver that does not exist (any attempt to
# open SDL's video would fail).
headless() {
  env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=no-such-driver "$demo" "$@"
}

# 1. The App Store session; its expect-* lines are checked by the program itself.
headless --script examples-c/sdl/appstore.script --output-dir "$tmp/headless" \
  > "$tmp/session.txt" || fail "the App Store session failed (exit $?)"
# Its closing `print`: both containers at rest, the page at the top, the carousel on card 3.
for state in "main offset 0.00 \[0.00, 1260.00\] at rest" \
  "section 0 offset 959.83 \[-35.33, 1623.33\] rest 3 item 3 at rest"; do
  grep -Eqx "t=[0-9.]+ $state" "$tmp/session.txt" ||
    fail "unexpected final state: $(cat "$tmp/session.txt")"
done

# 2. Its screenshots, against frames from build/snaplayout and hand-worked targets.
python3 examples-c/sdl/screenshots.py check "$tmp/headless" build/snaplayout

# 3. The virtual clock makes runs reproducible, bit for bit.
headless --script examples-c/sdl/appstore.script --output-dir "$tmp/again" > /dev/null
for shot in "$tmp"/headless/*.bmp; do
  cmp -s "$shot" "$tmp/again/$(basename "$shot")" || fail "$(basename "$shot") differs between runs"
done

# 4. The windowed code path (window, renderer, present, events) on SDL's offscreen driver draws
#    the same pixels, frames in flight included.
headless --script examples-c/sdl/smoke.script --output-dir "$tmp/headless" > /dev/null
env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software \
  "$demo" --show --script examples-c/sdl/smoke.script --output-dir "$tmp/window" > /dev/null ||
  fail "the smoke session in an offscreen window failed"
for shot in smoke-1-flight smoke-2-regrab smoke-3-vertical; do
  cmp -s "$tmp/headless/$shot.bmp" "$tmp/window/$shot.bmp" ||
    fail "$shot.bmp: the window and the headless renderer drew different pixels"
done

# 4b. Pages of what fits (groupsPerPage "fit"), moved by a fling, keys and the wheel.
headless --script examples-c/sdl/pages.script docs/pictures/configs/pages-fit.json > /dev/null ||
  fail "the pages-of-what-fits session failed (exit $?)"

# 4c. Section variants chosen anew when the window is resized, both ways.
headless --script examples-c/sdl/variants.script docs/pictures/configs/variants.json > /dev/null ||
  fail "the section-variants session failed (exit $?)"

# 4d. A looping carousel: drags, flings, re-grabs, keys and the wheel across the seam both ways,
#     re-based into the canonical lap at rest; its closing `print` shows it on card 5 there.
headless --script examples-c/sdl/loop.script docs/pictures/configs/loop.json \
  > "$tmp/loop.txt" || fail "the looping session failed (exit $?)"
state="section 0 offset 1610.00 \[0.00, 1932.00\] loop 1932.00 rest 5 item 5 at rest"
grep -Eqx "t=[0-9.]+ $state" "$tmp/loop.txt" ||
  fail "unexpected final state of the loop: $(cat "$tmp/loop.txt")"

# 4e. Window resizes (docs/SNAPPING.md, "Through layout changes"): a carousel at rest on card 3
#     stays on card 3 at every width, and a fling, a key and a wheel notch resized in flight land
#     on the card they were heading to; the closing `print`s show where.
headless --script examples-c/sdl/resize.script > "$tmp/resize.txt" ||
  fail "the resize-at-rest session failed (exit $?)"
for state in "main offset 1104.00 \[0.00, 1104.00\] at rest" \
  "section 0 offset 959.83 \[-35.33, 1623.33\] rest 3 item 3 at rest"; do
  grep -Eqx "t=[0-9.]+ $state" "$tmp/resize.txt" ||
    fail "unexpected final state after resizes at rest: $(cat "$tmp/resize.txt")"
done
headless --script examples-c/sdl/resize-fling.script > "$tmp/resize-fling.txt" ||
  fail "the resize-in-flight session failed (exit $?)"
state="section 0 offset 628.17 \[-35.33, 1623.33\] rest 2 item 2 at rest"
grep -Eqx "t=[0-9.]+ $state" "$tmp/resize-fling.txt" ||
  fail "unexpected final state after resizes in flight: $(cat "$tmp/resize-fling.txt")"

# 5. Scripts fail loudly: a wrong expectation exits 1 naming its line, a bad line exits 2.
printf 'drag 300 160 240 160 50\nsettle\nexpect-centred 0 2\n' > "$tmp/wrong.script"
set +e
headless --script "$tmp/wrong.script" > /dev/null 2> "$tmp/err.txt"
status=$?
set -e
[ $status -eq 1 ] || fail "a failed expectation exited with $status, not 1"
grep -q "wrong.script:3: expectation failed: section 0: item 2 rests at 628.17" "$tmp/err.txt" ||
  fail "unexpected message: $(cat "$tmp/err.txt")"
# A copy of a card that is not on screen: the message lists those that are, as item/copy.
printf 'expect-centred 0 0\nexpect-visible 0 5 0\n' > "$tmp/copy.script"
set +e
headless --script "$tmp/copy.script" docs/pictures/configs/loop.json > /dev/null 2> "$tmp/err.txt"
status=$?
set -e
[ $status -eq 1 ] || fail "a copy not on screen exited with $status, not 1"
message="copy.script:2: expectation failed: section 0: item 5 copy 0 is not on screen"
grep -qF "$message (cells: 5/-1 0/0 1/0)" "$tmp/err.txt" ||
  fail "unexpected message: $(cat "$tmp/err.txt")"
for bad in "jump 1 2" "drag 1 2 3" "wait soon" "up" "expect-centred 7 0" "key f1" "resize 0 100" \
  "expect-variant 9 0" "expect-moving 7" "expect-visible 0 1" "expect-visible 9 0 0" \
  "expect-visible 0 1.5 0"; do
  printf '%s\n' "$bad" > "$tmp/bad.script"
  set +e
  headless --script "$tmp/bad.script" > /dev/null 2>&1
  status=$?
  set -e
  [ $status -eq 2 ] || fail "script line '$bad' exited with $status, not 2"
done
set +e
headless --no-such-option > /dev/null 2>&1
[ $? -eq 2 ] || fail "a bad option must exit with 2"
headless --script examples-c/sdl/smoke.script "$tmp/missing.json" > /dev/null 2>&1
[ $? -eq 1 ] || fail "a missing configuration must exit with 1"
set -e

# 6. Memory: the smoke session under valgrind (the headless path starts no SDL subsystem).
if command -v valgrind > /dev/null 2>&1; then
  env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=no-such-driver valgrind --quiet \
    --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    "$demo" --script examples-c/sdl/smoke.script --output-dir "$tmp/again" > /dev/null ||
    fail "valgrind found errors in the smoke session"
fi
echo "test-sdl: the SDL example behaves"
