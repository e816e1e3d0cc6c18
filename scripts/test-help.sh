#!/bin/sh
# Checks that `make help` cannot go stale (`make test-help`, mk/help.mk): every target of
# `make test` (TEST_TARGETS, from the environment), every .PHONY target of the makefiles and every
# target README.md and CONTRIBUTING.md tell to run (`make TARGET`, or a `test-…` name in
# backquotes) has a `## text` line that scripts/make-help.sh prints. A name the help shows with
# TARGET (a template's rule) stands for any one word there.
#
#   TEST_TARGETS="..." scripts/test-help.sh MAKEFILE...
set -eu
cd "$(dirname "$0")/.."
fail() { echo "test-help: $*" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: TEST_TARGETS=... scripts/test-help.sh MAKEFILE..." >&2; exit 2; }
[ -n "${TEST_TARGETS:-}" ] || fail "TEST_TARGETS is empty"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

scripts/make-help.sh --names "$@" | sort -u > "$tmp/helped"
[ -s "$tmp/helped" ] || fail "scripts/make-help.sh printed no target"

# The .PHONY lines, continuations included; $(1) as make-help.sh shows it.
awk '/^\.PHONY:/ { on = 1; sub(/^\.PHONY:/, "") }
     on { line = $0; on = /\\$/; sub(/\\$/, "", line); gsub(/\$\(1\)/, "TARGET", line); print line }' \
  "$@" | tr -s ' \t' '\n\n' | sed '/^$/d' > "$tmp/phony"

# What the two documents tell to run: `make [VAR=value ...] TARGET` in backquotes or at the start
# of a line of a code block, and `test-…` / `update-…` names in backquotes.
docs=""
for doc in README.md CONTRIBUTING.md; do [ ! -f "$doc" ] || docs="$docs $doc"; done
{
  grep -ohE '(`|^)make( [A-Z_]+=[^ `]*)* [a-z][a-z0-9-]*' $docs | sed 's/.* //'
  grep -ohE '`(test|update)-[a-z0-9-]+`' $docs | tr -d '`'
} > "$tmp/documented"

missing=0
check() { # check NAME WHERE
  grep -qxF "$1" "$tmp/helped" && return 0
  # A template's name: TARGET stands for one word.
  sed -n 's/TARGET/[a-z0-9_]*/p' "$tmp/helped" | while read -r pattern; do
    printf '%s\n' "$1" | grep -qx "$pattern" && echo yes && break
  done | grep -q yes && return 0
  echo "test-help: $1 ($2) has no help line: end its rule with ## and what it does" >&2
  missing=$((missing + 1))
}
for name in $TEST_TARGETS; do check "$name" "in TEST_TARGETS"; done
for name in $(sort -u "$tmp/phony"); do check "$name" ".PHONY"; done
for name in $(sort -u "$tmp/documented"); do check "$name" "named in $(echo $docs)"; done
[ "$missing" -eq 0 ] || fail "$missing targets without a help line"
echo "test-help: $(wc -l < "$tmp/helped") targets with a help line; TEST_TARGETS, .PHONY and" \
  "the targets $(echo $docs | sed 's/ / and /') name all have one"
