#!/bin/sh
# Prints the make targets of the given makefiles with one line each (`make help`), from the
# `## text` comment that ends a target's rule line:
#
#   demo: examples ## build the library and the tools, print the built-in App Store layout
#
# In a rule that goes on over several lines, the comment ends its last line. A rule written in a
# template ($(1) in mk/cross.mk's cross_rules) is listed once, $(1) shown as TARGET. With
# --names, the targets only, one a line (scripts/test-help.sh).
set -eu
names=0
if [ "${1:-}" = "--names" ]; then names=1; shift; fi
[ $# -gt 0 ] || { echo "usage: scripts/make-help.sh [--names] MAKEFILE..." >&2; exit 2; }
awk -v names="$names" '
  FNR == 1 { file = FILENAME; continued = 0; inrule = 0 }
  # A rule starts on a line that is no recipe, comment or continuation, with a colon that is no
  # assignment (:= ::=) and no = before it.
  !continued && /^[^\t#][^=]*:([^=]|$)/ {
    target = $0; sub(/:.*/, "", target); gsub(/\$\(1\)/, "TARGET", target); inrule = 1
  }
  inrule && / ## / {
    text = $0; sub(/.* ## /, "", text)
    if (names) { n = split(target, t, " "); for (i = 1; i <= n; i++) print t[i] }
    else {
      if (file != shown) { printf "%s%s\n", (shown == "" ? "" : "\n"), file; shown = file }
      printf "  %-20s %s\n", target, text
    }
  }
  { continued = /\\$/; if (!continued) inrule = 0 }
' "$@"
