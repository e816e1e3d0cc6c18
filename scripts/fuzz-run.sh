#!/bin/sh
# Runs the libFuzzer targets that mk/fuzz.mk builds (docs/FUZZING.md).
#
#   scripts/fuzz-run.sh --replay TARGET...           replay regressions and seed corpora
#   scripts/fuzz-run.sh --seconds N TARGET...         fuzz each TARGET for N seconds
#
# --replay runs, for each TARGET, every file of fuzz/regressions/TARGET/ and the seed corpus
# fuzz/corpus/TARGET/ once: through the instrumented fuzzer (ASan, UBSan, leaks) and through
# FUZZ_DIR/replay/fuzz_TARGET, the same harness linked to the shipped library without libFuzzer.
# --seconds fuzzes each TARGET in turn, from the seeds and the working corpus FUZZ_DIR/corpus/TARGET
# (libFuzzer reads both and writes new inputs to the working one only, so the seeds in the
# repository stay as they are); a crash, leak, timeout or out-of-memory input is written to
# FUZZ_DIR/artifacts/TARGET/. Every target runs; the exit status is 1 if any failed, and each
# failure prints its report, its reproducer and the commands to replay and minimise it.
#
# Environment: FUZZ_DIR (build/fuzz), FUZZ_TIMEOUT (seconds per input, 10), FUZZ_RSS_MB (2048),
# FUZZ_FLAGS (more libFuzzer flags), SAN_SYMBOLIZER and SAN_DEMANGLE (the toolchain's
# llvm-symbolizer and swift-demangle, for readable reports; without them, reports as written).
# ASAN_OPTIONS and UBSAN_OPTIONS are added after the options here, so theirs win.
set -eu
cd "$(dirname "$0")/.."

fail() { echo "fuzz-run: $*" >&2; exit 2; }
usage="usage: $0 --replay TARGET... | --seconds N TARGET..."
[ $# -ge 2 ] || fail "$usage"
mode=$1
shift
case $mode in
  --replay) seconds=0 ;;
  --seconds)
    seconds=$1
    shift
    case $seconds in '' | *[!0-9]*) fail "--seconds takes a whole number, not '$seconds'" ;; esac
    [ $# -ge 1 ] || fail "$usage"
    ;;
  *) fail "$usage" ;;
esac

dir=${FUZZ_DIR:-build/fuzz}
timeout=${FUZZ_TIMEOUT:-10}
rss=${FUZZ_RSS_MB:-2048}
extra=${FUZZ_FLAGS:-}

tool() { if [ -n "$1" ] && [ -x "$1" ]; then echo "$1"; else command -v "$2" || true; fi; }
symbolizer=$(tool "${SAN_SYMBOLIZER:-}" llvm-symbolizer)
demangle=$(tool "${SAN_DEMANGLE:-}" swift-demangle)
# A Swift trap is SIGILL, which libFuzzer catches as a deadly signal and reports with its stack.
# Leaks are checked after every input by libFuzzer itself (-detect_leaks=1, its default).
ASAN_OPTIONS="symbolize=1:abort_on_error=0:detect_leaks=1\
${symbolizer:+:external_symbolizer_path=$symbolizer}${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:symbolize=1\
${symbolizer:+:external_symbolizer_path=$symbolizer}${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS UBSAN_OPTIONS

# Per target: the longest input worth mutating and the dictionary. Configurations reach a few
# KB (the largest seed is 5 KB); an operation sequence needs at most 200 operations.
max_len() { case $1 in config) echo 8192 ;; *) echo 4096 ;; esac; }
dict() { if [ -f "fuzz/$1.dict" ]; then echo "-dict=fuzz/$1.dict"; fi; }

# Swift's mangled names in a report become Swift (swift-demangle --simplified).
readable() { if [ -n "$demangle" ]; then "$demangle" --simplified; else cat; fi; }

now() { date +%s; }
failed=""
mkdir -p "$dir/logs"

replay() {
  target=$1
  fuzzer=$dir/fuzz_$target
  replayer=$dir/replay/fuzz_$target
  log=$dir/logs/replay-$target.log
  if [ ! -x "$fuzzer" ] || [ ! -x "$replayer" ]; then
    fail "$fuzzer or $replayer is not built (make fuzzers)"
  fi
  regressions=$(find "fuzz/regressions/$target" -type f ! -name '.*' 2>/dev/null | sort)
  # Anything a replay writes (a crash, a slow unit) goes with the artifacts, not into the tree.
  limits="-timeout=$timeout -rss_limit_mb=$rss -artifact_prefix=$dir/artifacts/$target/replay-"
  mkdir -p "$dir/artifacts/$target"
  start=$(now)
  status=0
  # Files given one by one run once each; a directory with -runs=0 runs its files once.
  # shellcheck disable=SC2086
  { [ -z "$regressions" ] || "$fuzzer" $limits $regressions; } >"$log" 2>&1 || status=$?
  if [ $status -eq 0 ]; then
    # shellcheck disable=SC2086
    "$fuzzer" -runs=0 $limits "fuzz/corpus/$target" >>"$log" 2>&1 || status=$?
  fi
  if [ $status -eq 0 ]; then
    "$replayer" ${regressions:+"fuzz/regressions/$target"} "fuzz/corpus/$target" \
      >>"$log" 2>&1 || status=$?
  fi
  count=$(echo "$regressions" | grep -c . || true)
  if [ $status -eq 0 ]; then
    echo "== fuzz replay $target: $count regressions and the seed corpus, instrumented and" \
      "shipped library: ok ($(($(now) - start)) s)"
  else
    readable <"$log" | tail -n 80
    echo "== fuzz replay $target: FAILED (exit $status); log: $log"
    failed="$failed $target"
  fi
}

run() {
  target=$1
  fuzzer=$dir/fuzz_$target
  [ -x "$fuzzer" ] || fail "$fuzzer is not built (make fuzzers)"
  # libFuzzer's -max_total_time=0 means no limit: 0 seconds is no fuzzing at all here.
  if [ "$seconds" -eq 0 ]; then
    echo "== fuzz $target: 0 s, skipped"
    return
  fi
  corpus=$dir/corpus/$target
  artifacts=$dir/artifacts/$target
  log=$dir/logs/fuzz-$target.log
  mkdir -p "$corpus" "$artifacts"
  marker=$dir/logs/.start-$target
  : >"$marker"
  start=$(now)
  status=0
  # shellcheck disable=SC2046,SC2086
  "$fuzzer" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" \
    -max_len="$(max_len "$target")" $(dict "$target") -artifact_prefix="$artifacts/" \
    -print_final_stats=1 $extra "$corpus" "fuzz/corpus/$target" >"$log" 2>&1 || status=$?
  # The last status line: "#N DONE cov: C ft: F corp: K/S lim: L exec/s: E rss: R".
  summary=$(grep -E '^#[0-9]+' "$log" | tail -n 1 |
    sed 's/^#\([0-9]*\)[[:space:]]*[A-Z]*[[:space:]]*/\1 runs, /')
  if [ $status -eq 0 ]; then
    echo "== fuzz $target: $(($(now) - start)) s, $summary"
    return
  fi
  readable <"$log" | grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD)' | tail -n 80
  echo "== fuzz $target: FAILED (exit $status) after $(($(now) - start)) s, $summary; log: $log"
  found=$(find "$artifacts" -type f -newer "$marker" | sort)
  for artifact in $found; do
    echo "   reproducer: $artifact"
    echo "   replay:     $fuzzer $artifact"
    echo "               FUZZ_TRACE=1 $dir/replay/fuzz_$target $artifact   # shipped library"
    echo "   minimise:   $fuzzer -minimize_crash=1 -runs=100000 \\"
    echo "                 -exact_artifact_path=$artifacts/min $artifact"
    echo "   then:       cp $artifacts/min fuzz/regressions/$target/<what-it-is>"
    echo "               (docs/FUZZING.md, \"When it finds something\")"
  done
  failed="$failed $target"
}

for target in "$@"; do
  [ -f "fuzz/fuzz_$target.c" ] || fail "no fuzz target '$target' (fuzz/fuzz_$target.c)"
  if [ "$mode" = --replay ]; then replay "$target"; else run "$target"; fi
done
rm -f "$dir"/logs/.start-*
if [ -n "$failed" ]; then
  echo "fuzz-run: failed:$failed" >&2
  exit 1
fi
