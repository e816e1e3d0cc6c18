#!/bin/sh
# Installs what the GTK 4 host (hosts/gtk, mk/gtk.mk) needs on a fresh Debian/Ubuntu machine:
# GTK 4's headers and pkg-config file (libgtk-4-dev) and pkg-config. With --test, also what
# scripts/test-gtk.sh runs it with: Xvfb (xvfb), xdotool (real input
# through the X server) and a font (fonts-dejavu-core), so the labels of its pictures are drawn
# alike everywhere.
# Does nothing when everything is already there.
set -eu

need=""
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
if ! pkg-config --exists gtk4 2>/dev/null; then need="$need libgtk-4-dev"; fi
if [ "${1:-}" = "--test" ]; then
  command -v Xvfb >/dev/null 2>&1 || need="$need xvfb"
  command -v xdotool >/dev/null 2>&1 || need="$need xdotool"
  [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need="$need fonts-dejavu-core"
fi
[ -z "$need" ] && exit 0

# shellcheck disable=SC2086
"$(dirname "$0")/apt-install.sh" --no-recommends $need
pkg-config --exists gtk4 || { echo "ensure-gtk-deps: GTK 4 is still missing" >&2; exit 1; }
