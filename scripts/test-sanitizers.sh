#!/bin/sh
# Runs C programs built with a sanitizer (mk/sanitizers.mk builds them; docs/SANITIZERS.md).
#
#   scripts/test-sanitizers.sh asan|tsan DIR [--examples] PROGRAM...
#
# Every PROGRAM runs with the sanitizer's options below; it fails when it exits non-zero or when a
# sanitizer wrote a report. Reports go to files (log_path), printed here: a report in a child
# that a test forks, or in an example whose stderr and failure test-examples.sh expects, would not
# always show in an exit status or on the terminal. --examples also runs scripts/test-examples.sh
# on DIR/minimal, DIR/carousel and DIR/snaplayout: the script runs build/<example> from the
# directory above its own, so it is started through a link in DIR/examples-check/scripts, with
# DIR/examples-check/build holding links to the sanitized examples. Every program runs; the last
# line counts them ("N passed, N failed") and the exit status is 1 if any failed.
#
# Environment: SL_TEST_QUICK and SL_TEST_TIME_SCALE reach the tests as they are (test_support.h).
# ASAN_OPTIONS, UBSAN_OPTIONS and TSAN_OPTIONS are added after the options here, so theirs win.
# SAN_SYMBOLIZER is the llvm-symbolizer for the reports, SAN_DEMANGLE the swift-demangle that
# turns the Swift frames' names into Swift (defaults: the ones on PATH; without it, as they are).
set -eu
cd "$(dirname "$0")/.."

fail() { echo "test-sanitizers: $*" >&2; exit 1; }
[ $# -ge 2 ] || fail "usage: $0 asan|tsan DIR [--examples] PROGRAM..."
kind=$1
dir=$2
shift 2
examples=no
if [ "${1:-}" = --examples ]; then
  examples=yes
  shift
fi

log=$(mktemp -d "${TMPDIR:-/tmp}/test-sanitizers.XXXXXX")
trap 'rm -rf "$log"' EXIT
trap 'exit 2' HUP INT TERM
reports=$log/reports
mkdir "$reports"

# An absent tool is no tool: the reports are printed as the runtime wrote them.
tool() { if [ -n "$1" ] && [ -x "$1" ]; then echo "$1"; else command -v "$2" || true; fi; }
symbolizer=$(tool "${SAN_SYMBOLIZER:-}" llvm-symbolizer)
demangle=$(tool "${SAN_DEMANGLE:-}" swift-demangle)
case $kind in
  asan)
    # A Swift trap (SIGILL) stays a crash, not a report: the tests judge crashes themselves, and
    # test_hostile runs its known-bug cases, traps among them, in children it expects to die.
    # ASAN_OPTIONS=handle_sigill=1 prints a trap's stack.
    ASAN_OPTIONS="log_path=$reports/asan:halt_on_error=1:detect_leaks=1:\
detect_stack_use_after_return=1:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    UBSAN_OPTIONS="log_path=$reports/ubsan:halt_on_error=1:print_stacktrace=1\
${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
    ASAN_SYMBOLIZER_PATH=${symbolizer:-}
    export ASAN_OPTIONS UBSAN_OPTIONS ASAN_SYMBOLIZER_PATH
    ;;
  tsan)
    TSAN_OPTIONS="log_path=$reports/tsan:halt_on_error=1:exitcode=66:second_deadlock_stack=1:\
history_size=4${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    [ -z "$symbolizer" ] || TSAN_OPTIONS="$TSAN_OPTIONS:external_symbolizer_path=$symbolizer"
    export TSAN_OPTIONS
    ;;
  *) fail "unknown sanitizer '$kind' (asan or tsan)" ;;
esac

now() { date +%s%N; }
seconds() { echo "$1 $2" | awk '{ printf "%.1f", ($2 - $1) / 1e9 }'; }

passed=0
failed=0
# run LABEL COMMAND...: runs COMMAND, prints its output, time and reports, and counts it.
run() {
  label=$1
  shift
  start=$(now)
  status=0
  "$@" >"$log/output" 2>&1 || status=$?
  cat "$log/output"
  echo "== $kind $label: exit $status, $(seconds "$start" "$(now)") s"
  found=$(find "$reports" -type f)
  for report in $found; do
    echo "-- $kind report (pid ${report##*.}):" >&2
    if [ -n "$demangle" ]; then "$demangle" --simplified <"$report" >&2; else cat "$report" >&2; fi
    rm -f "$report"
  done
  if [ -n "$found" ]; then
    echo "test-sanitizers: FAILED $label: $kind reported an error (above)" >&2
    failed=$((failed + 1))
  elif [ "$status" -ne 0 ]; then
    echo "test-sanitizers: FAILED $label under $kind (exit $status)" >&2
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}

total_start=$(now)
for program in "$@"; do
  run "$program" "$program"
done

if [ "$examples" = yes ]; then
  root=$dir/examples-check
  mkdir -p "$root/scripts" "$root/build"
  ln -sfn "$(pwd)/scripts/test-examples.sh" "$root/scripts/test-examples.sh"
  # It checks that README.md shows the tool's legend.
  ln -sfn "$(pwd)/README.md" "$root/README.md"
  for example in minimal carousel snaplayout; do
    [ -x "$dir/$example" ] || fail "no $dir/$example"
    ln -sfn "$(cd "$dir" && pwd)/$example" "$root/build/$example"
  done
  run "examples (scripts/test-examples.sh on $dir)" "$root/scripts/test-examples.sh"
fi
echo "test-sanitizers: $kind, $(seconds "$total_start" "$(now)") s"
echo "test-sanitizers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
