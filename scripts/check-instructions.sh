#!/bin/sh
# Counts the instructions of build/bench-workload (bench/workload.c) phase by phase with
# valgrind's callgrind and compares them with bench/instructions.baseline.
#
#   scripts/check-instructions.sh            check: fails when a phase costs more than the
#                                            baseline by over the tolerance
#   scripts/check-instructions.sh --update   write the counts of this run as the new baseline
#
# Environment: WORKLOAD (the program, default build/bench-workload), BASELINE (default
# bench/instructions.baseline), TOLERANCE (percent, default 2), VALGRIND (default valgrind).
# The workload finds the library by its rpath (build/); LD_LIBRARY_PATH=DIR checks another build.
#
# The checked count is the instructions executed in the library's own code, per phase. Whole-
# process counts repeat exactly from run to run except create's (json-c seeds its string hash
# at random: <= 0.25%), and the size of the environment moves a few phases by <= 0.05% (stack
# alignment); edits elsewhere in the library move a phase by up to ~1% (code layout, inlining),
# hence the 2% default (docs/PERFORMANCE.md, "Instruction counts").
# A phase that got cheaper by more than the tolerance passes with a note to update the baseline.
set -eu

cd "$(dirname "$0")/.."
WORKLOAD=${WORKLOAD:-build/bench-workload}
BASELINE=${BASELINE:-bench/instructions.baseline}
TOLERANCE=${TOLERANCE:-2}
VALGRIND=${VALGRIND:-valgrind}

update=0
case "${1:-}" in
  --update) update=1 ;;
  "") ;;
  *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

[ -x "$WORKLOAD" ] || { echo "check-instructions: $WORKLOAD is not built (make build/bench-workload)" >&2; exit 2; }
command -v "$VALGRIND" >/dev/null 2>&1 || { echo "check-instructions: valgrind is not installed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# One dump per phase (CALLGRIND_DUMP_STATS_AT in the workload), collected only inside phases.
# Uncompressed names: every dump names each object in full (compressed ids carry over from one
# dump to the next).
if ! "$VALGRIND" --tool=callgrind --collect-atstart=no --compress-strings=no \
     --callgrind-out-file="$work/out" \
     "$WORKLOAD" >"$work/log" 2>&1; then
  cat "$work/log" >&2
  echo "check-instructions: the workload failed under valgrind" >&2
  exit 1
fi
: >"$work/now"
# Per phase: the instructions executed in libsnaplayout itself (self cost of its object: the
# checked figure) and in the whole process (json-c, libc: shown, not checked). The library's
# own count depends only on its code; libc's depends on the CPU (glibc picks memcpy, strlen ...
# by CPU features) and its version, so a CI machine of another kind would drift.
for dump in "$work"/out.*; do
  [ -e "$dump" ] || break
  awk '/^desc: Trigger: Client Request: /{phase=$NF}
       /^summary: /{total=$2}
       # Cost lines belong to the current object (ob=), except the line after calls=, which is
       # a callee'"'"'s inclusive cost.
       /^ob=/ { current = substr($0, 4); next }
       /^calls=/ { skip = 1; next }
       /^[0-9+*-]/ { if (skip) { skip = 0; next } if (current ~ /libsnaplayout/) own += $2; next }
       END{if (phase != "") print phase, own + 0, total}' "$dump" >>"$work/now"
done
[ -s "$work/now" ] || { echo "check-instructions: callgrind wrote no phase counts" >&2; exit 1; }

if [ "$update" = 1 ]; then
  # Which library the counts are of: this tree's build (its commit, and whether Sources/ had
  # uncommitted changes) or another one given through LD_LIBRARY_PATH.
  library=$(LD_TRACE_LOADED_OBJECTS=1 "$WORKLOAD" | awk '/libsnaplayout/{print $3}')
  if [ "$(readlink -f "$library")" = "$(readlink -f build/libsnaplayout.so.0)" ]; then
    library="build/libsnaplayout.so.0 at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
    git diff --quiet HEAD -- Sources 2>/dev/null || library="$library with uncommitted Sources/ changes"
  fi
  {
    echo "# Instructions per phase of build/bench-workload (bench/workload.c), counted by callgrind."
    echo "# Written by \`make update-instructions\` on $(date -u +%Y-%m-%d); checked by"
    echo "# \`make test-instructions\` (scripts/check-instructions.sh). Library: $library."
    echo "# phase library-instructions total-instructions (only the first is checked)"
    cat "$work/now"
  } >"$BASELINE"
  echo "check-instructions: wrote $BASELINE"
  cat "$work/now"
  exit 0
fi

[ -f "$BASELINE" ] || { echo "check-instructions: no $BASELINE (make update-instructions)" >&2; exit 1; }

# The table; exit status 1 when a phase grew beyond the tolerance or a phase is missing.
awk -v tolerance="$TOLERANCE" -v baseline_file="$BASELINE" '
  FNR == NR { if ($0 !~ /^#/ && NF == 3) { base[$1] = $2; basetotal[$1] = $3; order[++n] = $1 } next }
  { now[$1] = $2; nowtotal[$1] = $3; if (!($1 in base)) extra[++m] = $1 }
  END {
    limit = 1 + tolerance / 100; floor = 1 - tolerance / 100
    printf "| %-20s | %12s | %12s | %7s | %-9s | %13s |\n", "phase", "baseline", "now", "ratio", "verdict", "process ratio"
    printf "|%s|%s|%s|%s|%s|%s|\n", "----------------------", "-------------:", "-------------:", "--------:", "-----------", "--------------:"
    failed = 0; improved = 0
    for (i = 1; i <= n; i++) {
      p = order[i]
      if (!(p in now)) { printf "| %-20s | %12d | %12s | %7s | %-9s | %13s |\n", p, base[p], "-", "-", "MISSING", "-"; failed = 1; continue }
      r = now[p] / base[p]
      verdict = "ok"
      if (r > limit) { verdict = "SLOWER"; failed = 1 }
      else if (r < floor) { verdict = "faster"; improved = 1 }
      printf "| %-20s | %12d | %12d | %7.4f | %-9s | %13.4f |\n", p, base[p], now[p], r, verdict, nowtotal[p] / basetotal[p]
    }
    for (i = 1; i <= m; i++) {
      printf "| %-20s | %12s | %12d | %7s | %-9s | %13s |\n", extra[i], "-", now[extra[i]], "-", "NEW", "-"
      improved = 1
    }
    print "\nbaseline, now, ratio: instructions executed in libsnaplayout itself (checked); process"
    print "ratio: all instructions of the phase, json-c and libc included (shown, not checked: libc'"'"'s"
    print "string and memory functions are chosen by CPU features)."
    printf "\ntolerance +-%s%% (baseline %s)\n", tolerance, baseline_file
    if (improved) print "note: a phase is new or cheaper than the baseline by more than the tolerance; if that is intended, run `make update-instructions` and commit the baseline."
    if (failed) print "FAIL: a phase costs more instructions than the baseline allows (or is missing). If the cost is intended, run `make update-instructions` and commit the baseline with the change."
    exit failed
  }' "$BASELINE" "$work/now"
