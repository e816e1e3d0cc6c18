#!/bin/sh
# Installs what `make test-tool` needs on a fresh Debian/Ubuntu machine besides the build's own
# (json-c's headers, scripts/ensure-deps.sh): groff (groff-base) to check the manual page,
# man (man-db) to render it, python3 for the comparison with the hostile corpus's EXPECTED.
# Does nothing when everything is already there.
#
#   scripts/ensure-tool-deps.sh
set -eu

need=""
command -v groff >/dev/null 2>&1 || need="$need groff-base"
command -v man >/dev/null 2>&1 || need="$need man-db"
command -v python3 >/dev/null 2>&1 || need="$need python3"
# shellcheck disable=SC2086
exec "$(dirname "$0")/apt-install.sh" --no-recommends $need
