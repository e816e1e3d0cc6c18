#!/bin/sh
# Installs what the SDL example (examples-c/sdl_carousel.c, mk/sdl.mk) needs on a fresh
# Debian/Ubuntu machine: SDL2's headers and pkg-config file (libsdl2-dev) and pkg-config.
# With --test, also python3 (the screenshot checks of scripts/test-sdl.sh; valgrind, which it
# uses when present, comes with scripts/ensure-deps.sh --test).
# Does nothing when everything is already there.
set -eu

need=""
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
if ! pkg-config --exists sdl2 2>/dev/null; then need="$need libsdl2-dev"; fi
if [ "${1:-}" = "--test" ]; then
  command -v python3 >/dev/null 2>&1 || need="$need python3"
fi
[ -z "$need" ] && exit 0

# shellcheck disable=SC2086
"$(dirname "$0")/apt-install.sh" --no-recommends $need
pkg-config --exists sdl2 || { echo "ensure-sdl-deps: SDL2 is still missing" >&2; exit 1; }
