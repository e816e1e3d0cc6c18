#!/bin/sh
# Installs what rendering the pictures to PNG needs on a fresh Debian/Ubuntu machine:
# rsvg-convert (librsvg2-bin) and the DejaVu fonts the SVGs name, so that the PNGs are drawn
# with the same glyphs everywhere. Does nothing when everything is already there.
set -eu

need=""
command -v rsvg-convert >/dev/null 2>&1 || need="$need librsvg2-bin"
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need="$need fonts-dejavu-core"
command -v python3 >/dev/null 2>&1 || need="$need python3"
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" --no-recommends $need
