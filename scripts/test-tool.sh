#!/bin/sh
# Checks the snaplayout tool end to end (`make test-tool`; docs/TOOL.md):
#
#  1. help: `--help` names every command of the tool's dispatch table, says that --json is a
#     switch and which commands take it too; `help COMMAND` is `COMMAND --help`; a mistyped
#     command gets a hint.
#  2. the manual page (examples-c/snaplayout.1): groff and man read it without a warning; it
#     documents every option of every command's help, every command, the exit statuses, and
#     has an example of each command.
#  3. the JSON Pointer locator's unit tests (Tests/tool/test_json_locate.c).
#  4. check: valid files, exact lines for known errors, --size, stdin, many files, unreadable
#     files, bad command lines; the whole hostile corpus (Tests/Hostile) in both output formats,
#     compared with EXPECTED (Tests/tool/compare_expected.py) and every place verified against
#     json-c (Tests/tool/check_locations.c).
#  5. resolve: the card carousel against the numbers examples-c/carousel.c prints (worked out
#     by hand in scripts/test-examples.sh); text and JSON against the library called through
#     ctypes (Tests/tool/resolve_reference.py); bad arguments.
#  6. the default command with loops: the table lists what --json lists, row for row, its copy
#     column included (Tests/tool/compare_table_json.py), with and without --rect, on a looping
#     carousel, a looping main scroll holding one, the same right to left, loops beside
#     containers that do not loop, a looping flow layout; the copies of the looping carousel of
#     docs/pictures/configs/loop.json; no copy column without a loop.
#
# The comparisons are also run once on something broken on purpose, so a check that cannot
# fail fails the test. Takes 3 to 6 seconds.
#
#   scripts/test-tool.sh        (SNAPLAYOUT=path/to/snaplayout to test another build)
set -eu
cd "$(dirname "$0")/.."
tool=${SNAPLAYOUT:-build/snaplayout}
case $tool in /*) ;; *) tool=$(pwd)/$tool ;; esac
tests=build/tool-tests
library=build/libsnaplayout.so.0
fail() { echo "test-tool: $*" >&2; exit 1; }
say() { echo "test-tool: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

# run COMMAND...: runs it with its output in $tmp/out.txt and $tmp/err.txt; sets $code.
run() {
  code=0
  "$@" > "$tmp/out.txt" 2> "$tmp/err.txt" || code=$?
}
# expect CODE WHAT COMMAND...: COMMAND exits with CODE.
expect() {
  want=$1 what=$2
  shift 2
  run "$@"
  [ "$code" -eq "$want" ] ||
    fail "$what: exit status $code, expected $want ($(head -c 300 "$tmp/err.txt"))"
}
# expect_failure WHAT COMMAND...: COMMAND (a check, on something broken on purpose) must fail.
expect_failure() {
  what=$1
  shift
  if ("$@") > /dev/null 2>&1; then fail "a check missed $what"; fi
}
# same FILE TEXT WHAT: FILE holds exactly TEXT.
same() {
  printf '%s\n' "$2" | cmp -s - "$1" ||
    fail "$3: printed '$(cat "$1")', expected '$2'"
}

# --- 1. help --------------------------------------------------------------------------------

# The commands as examples-c/snaplayout.c dispatches them, so that a new one cannot be left out.
commands=$(sed -n 's/^ *{"\([a-z][a-z-]*\)", cmd_[a-z_]*_main, .*/\1/p' examples-c/snaplayout.c)
[ -n "$commands" ] || fail "no commands in examples-c/snaplayout.c's table"
expect 0 "--help" "$tool" --help
cp "$tmp/out.txt" "$tmp/help.txt"
for command in $commands help; do
  sed -n '/^commands:/,/^$/p' "$tmp/help.txt" | grep -Eq "^  $command( |\$)" ||
    fail "--help does not list the command $command"
done
grep -A3 -- "--json" "$tmp/help.txt" | grep -q "a switch, it takes no value" ||
  fail "--help does not say that --json takes no value"
expect 0 "help" "$tool" help
cmp -s "$tmp/out.txt" "$tmp/help.txt" || fail "'snaplayout help' is not --help"
for command in $commands; do
  expect 0 "help $command" "$tool" help "$command"
  cp "$tmp/out.txt" "$tmp/help-$command.txt"
  head -n 1 "$tmp/out.txt" | grep -q "^usage: snaplayout $command " || fail "help $command: usage"
  expect 0 "$command --help" "$tool" "$command" --help
  cmp -s "$tmp/out.txt" "$tmp/help-$command.txt" ||
    fail "help $command differs from $command --help"
  # A command that takes --json is named where --help says what --json means.
  if grep -Eq '^  +--json' "$tmp/help-$command.txt"; then
    grep -A4 -- "--json" "$tmp/help.txt" | grep -qw "$command" ||
      fail "--help does not say that $command takes --json"
  fi
done
expect 2 "help of an unknown command" "$tool" help frobnicate
grep -q "render, check or resolve" "$tmp/err.txt" || fail "help frobnicate: $(cat "$tmp/err.txt")"
expect 1 "a mistyped command" "$tool" chek
grep -q "the commands are render, check, resolve and help" "$tmp/err.txt" ||
  fail "no hint for a mistyped command: $(cat "$tmp/err.txt")"
say "help: every command listed, help COMMAND = COMMAND --help"

# --- 2. the manual page ---------------------------------------------------------------------

man_page=examples-c/snaplayout.1
# check_manual FILE: groff and man read it without a warning; every option of every help is in
# it (as roff writes dashes, \-), every command has a section and an example.
check_manual() {
  warnings=$(groff -man -ww -z "$1" 2>&1) && [ -z "$warnings" ] || return 1
  warnings=$(MANWIDTH=80 man --warnings -l "$1" 2>&1 > "$tmp/man.txt") && [ -z "$warnings" ] ||
    return 1
  for section in "DEFAULT COMMAND" "RENDER COMMAND" "CHECK COMMAND" "RESOLVE COMMAND" \
    "HELP COMMAND" "EXIT STATUS" "EXAMPLES"; do
    grep -qx "$section" "$tmp/man.txt" || return 1
  done
  sed -n '/^EXAMPLES$/,/^SEE ALSO$/p' "$tmp/man.txt" > "$tmp/examples.txt"
  for example in "snaplayout --" "snaplayout render " "snaplayout check " "snaplayout resolve " \
    "snaplayout help "; do
    grep -qF -- "$example" "$tmp/examples.txt" || return 1
  done
  for help in "$tmp/help.txt" "$tmp"/help-*.txt; do
    for option in $(grep -E '^  +-' "$help" | grep -oE '(^|[ ,])--?[a-z][a-z-]*' | tr -d ' ,'); do
      grep -qF -- "$(echo "$option" | sed 's/-/\\-/g')" "$1" || return 1
    done
  done
  for status in 0 1 2; do
    sed -n '/^EXIT STATUS$/,/^ENVIRONMENT$/p' "$tmp/man.txt" | grep -qE "^       $status( |\$)" ||
      return 1
  done
}
check_manual "$man_page" ||
  fail "the manual page: a warning, or an option, section or example missing"
sed 's/\\-\\-samples/--samples/g' "$man_page" > "$tmp/broken.1"
expect_failure "an option missing from the manual page" check_manual "$tmp/broken.1"
{ cat "$man_page"; echo ".XX unknown macro"; } > "$tmp/broken.1"
expect_failure "a groff warning" check_manual "$tmp/broken.1"
say "manual page: no warnings; every option, command, exit status and an example of each"

# --- 3. the JSON Pointer locator -------------------------------------------------------------

"$tests/test_json_locate" || fail "the locator's unit tests"

# --- 4. check -------------------------------------------------------------------------------

# Valid configurations: the built-in one and every fixture's that is valid, with the fixture's
# container (Tests/Fixtures/README.md).
mkdir "$tmp/valid"
python3 - "$tmp/valid" Tests/Fixtures/*.json <<'EOF'
import json, os, sys
for path in sys.argv[2:]:
    with open(path) as f:
        fixture = json.load(f)
    if "config" not in fixture or "expectError" in fixture:
        continue
    config = fixture["config"]
    if "container" in fixture:
        config.setdefault("environment", {}).setdefault("container", fixture["container"])
    with open(os.path.join(sys.argv[1], os.path.basename(path)), "w") as f:
        json.dump(config, f, indent=2)
EOF
cp examples-c/appstore.json "$tmp/valid/"
n=$(ls "$tmp/valid" | wc -l)
expect 0 "check of valid files" "$tool" check "$tmp"/valid/*.json
[ "$(grep -c ': ok$' "$tmp/out.txt")" -eq "$n" ] && [ "$(wc -l < "$tmp/out.txt")" -eq "$n" ] ||
  fail "check of $n valid files printed: $(head -n 3 "$tmp/out.txt")"
expect 0 "check --quiet" "$tool" check -q "$tmp"/valid/*.json
[ ! -s "$tmp/out.txt" ] || fail "check --quiet printed: $(head -n 1 "$tmp/out.txt")"
expect 0 "check --json of valid files" "$tool" check --json "$tmp"/valid/*.json
[ ! -s "$tmp/out.txt" ] || fail "check --json printed for valid files"
run "$tool" check - < examples-c/appstore.json
same "$tmp/out.txt" "<stdin>: ok" "check -"

# Known errors, line for line: the manual page's example, a syntax error, a missing key, a key
# with a newline in it.
mkdir "$tmp/layouts"
cat > "$tmp/layouts/feed.json" <<'EOF'
{
  "sections": [
    {
      "itemcount": 20,
      "group": {"group": "vertical",
                "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                               "heightDimension": {"absolute": 80}},
                "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                             "heightDimension": {"fractionalHeight": 1}}}]}
    }
  ]
}
EOF
(cd "$tmp" && "$tool" check layouts/feed.json) > "$tmp/out.txt" && fail "feed.json passed"
same "$tmp/out.txt" \
  "layouts/feed.json:4:7: /sections/0/itemcount: unknown key 'itemcount'; did you mean 'itemCount'?" \
  "check of the manual page's example"
sed 's/"itemcount"/"itemCount"/' "$tmp/layouts/feed.json" > "$tmp/layouts/fixed.json"
expect 0 "the fixed example" "$tool" check "$tmp/layouts/fixed.json"
sed 's/"itemcount": 20,//' "$tmp/layouts/feed.json" > "$tmp/missing.json"
expect 1 "a missing key" "$tool" check "$tmp/missing.json"
same "$tmp/out.txt" "$tmp/missing.json:3:5: /sections/0: missing required key 'itemCount'" \
  "check of a missing key (the object that lacks it)"
printf '{"sections": [\n  {"itemCount": 1,,}]}' > "$tmp/syntax.json"
expect 1 "a syntax error" "$tool" check "$tmp/syntax.json"
grep -Eq "^$tmp/syntax.json:2:19: malformed JSON at line 2, column 19: " "$tmp/out.txt" ||
  fail "check of a syntax error printed: $(cat "$tmp/out.txt")"
printf '{"sections": [], "a\nb": 1}' > "$tmp/newline.json"
expect 1 "a key with a newline" "$tool" check "$tmp/newline.json"
same "$tmp/out.txt" "$tmp/newline.json:1:18: /a\\nb: unknown key 'a\\nb'" "a key with a newline"

# Container sizes: the default, each --size, or the configuration's own.
item='{"layoutSize": {"widthDimension": {"absolute": 500}, "heightDimension": {"absolute": 50}}}'
wide="{\"sections\": [{\"itemCount\": 3, \"group\": {\"group\": \"horizontal\",
  \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1}, \"heightDimension\": {\"absolute\": 50}},
  \"subitems\": [$item]}}]}"
printf '%s\n' "$wide" > "$tmp/wide.json"
expect 1 "a group too narrow at 390x844" "$tool" check "$tmp/wide.json"
grep -q "^$tmp/wide.json:3:16: /sections/0/group/subitems/0: .* (container 390x844)\$" \
  "$tmp/out.txt" || fail "the solve error: $(cat "$tmp/out.txt")"
expect 0 "--size 600x800" "$tool" check --size 600x800 "$tmp/wide.json"
expect 1 "two sizes" "$tool" check --size 600x800 --size 300.5x800 "$tmp/wide.json"
[ "$(wc -l < "$tmp/out.txt")" -eq 1 ] && grep -q "(container 300.5x800)\$" "$tmp/out.txt" ||
  fail "two sizes printed: $(cat "$tmp/out.txt")"
printf '%s\n' "$wide" | sed 's/^{/{"environment": {"container": {"width": 600, "height": 800}},/' \
  > "$tmp/own.json"
expect 0 "a configuration's own container wins over --size" "$tool" check --size 300x800 \
  "$tmp/own.json"

# Files that cannot be read: 2, and the others are checked all the same.
expect 2 "a missing file" "$tool" check "$tmp/none.json" "$tmp/layouts/fixed.json" \
  "$tmp/syntax.json" "$tmp/layouts"
grep -qx "snaplayout: $tmp/none.json: cannot read: No such file or directory" "$tmp/err.txt" ||
  fail "the missing file: $(cat "$tmp/err.txt")"
grep -qx "snaplayout: $tmp/layouts: cannot read: Is a directory" "$tmp/err.txt" ||
  fail "the directory: $(cat "$tmp/err.txt")"
grep -qx "$tmp/layouts/fixed.json: ok" "$tmp/out.txt" && grep -q "^$tmp/syntax.json:2:19: " \
  "$tmp/out.txt" || fail "the readable files were not all checked: $(cat "$tmp/out.txt")"
cp "$tmp/layouts/fixed.json" "$tmp/-dash.json"
(cd "$tmp" && "$tool" check -- -dash.json) > "$tmp/out.txt" || fail "check -- -dash.json"
same "$tmp/out.txt" "-dash.json: ok" "check -- -dash.json"

# Bad command lines: 2, with the usage.
for args in "" "--size" "--size 0x5" "--size nanx5" "--size 5" "--bogus" "-q"; do
  # shellcheck disable=SC2086  # the arguments are words
  expect 2 "check $args" "$tool" check $args
  grep -q "^usage: snaplayout check" "$tmp/err.txt" || fail "check $args: no usage"
done

# The hostile corpus, every file at once, in both formats.
set -- Tests/Hostile/*.in
corpus=$#
run "$tool" check --json "$@"
[ "$code" -eq 1 ] || fail "check --json of the hostile corpus: exit status $code"
cp "$tmp/out.txt" "$tmp/records.jsonl"
run "$tool" check "$@"
[ "$code" -eq 1 ] || fail "check of the hostile corpus: exit status $code"
cp "$tmp/out.txt" "$tmp/report.txt"
python3 Tests/tool/compare_expected.py Tests/Hostile/EXPECTED "$tmp/records.jsonl" \
  "$tmp/report.txt" || fail "check differs from Tests/Hostile/EXPECTED"
"$tests/check_locations" < "$tmp/records.jsonl" || fail "check printed a wrong place"
# The comparisons catch a wrong column, a wrong syntax position, a wrong text line.
grep -m1 '"SL_ECONFIG"' "$tmp/records.jsonl" | sed 's/"column": \([0-9]*\)/"column": 1\1/' \
  > "$tmp/broken.jsonl"
expect_failure "a wrong column" "$tests/check_locations" < "$tmp/broken.jsonl"
sed '0,/ SL_EPARSE 1:1 /s// SL_EPARSE 1:2 /' Tests/Hostile/EXPECTED > "$tmp/EXPECTED"
! cmp -s "$tmp/EXPECTED" Tests/Hostile/EXPECTED || fail "the broken EXPECTED is not broken"
expect_failure "a syntax error at another place" python3 Tests/tool/compare_expected.py \
  "$tmp/EXPECTED" "$tmp/records.jsonl" "$tmp/report.txt"
sed '1s/: /:: /' "$tmp/report.txt" > "$tmp/broken.txt"
expect_failure "a wrong text line" python3 Tests/tool/compare_expected.py \
  Tests/Hostile/EXPECTED "$tmp/records.jsonl" "$tmp/broken.txt"
say "check: valid, invalid, unreadable files and stdin; $corpus hostile files as EXPECTED says"

# --- 5. resolve -----------------------------------------------------------------------------

# The card carousel of examples-c/carousel.c (rule "standard", fast deceleration): card k
# rests at k * 327 - 34.
cat > "$tmp/carousel.json" <<'EOF'
{"version": 1,
 "configuration": {"scrollDirection": "horizontal",
   "scrolling": {"contentInset": {"leading": 34, "trailing": 34},
     "snapUnit": "item", "maxPagesPerGesture": 1,
     "velocityThresholds": {"fling": 200, "free": 2000},
     "algorithm": "standard", "decelerationRate": "fast"}},
 "environment": {"displayScale": 3},
 "sections": [{"itemCount": 10, "interGroupSpacing": 7,
   "group": {"group": "horizontal",
     "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
     "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                  "heightDimension": {"fractionalHeight": 1}}}]},
   "visibleItemEffects": {"scale": {"center": 1, "edge": 0.9}}}]}
EOF
# resolve_line LABEL EXPECTED ARGS...: the line of resolve's text output that starts with LABEL.
# (POSIX sh has no local variables: these names are its own.)
resolve_line() {
  line_label=$1 line_want=$2
  shift 2
  expect 0 "resolve $*" "$tool" resolve "$@" "$tmp/carousel.json"
  line_got=$(sed -n "s/^$line_label: //p" "$tmp/out.txt")
  [ "$line_got" = "$line_want" ] ||
    fail "resolve $*: '$line_label: $line_got', expected '$line_want'"
}
# motion_is KIND SECONDS: the last resolve's motion, its duration as carousel.c prints it (%.3f).
motion_is() {
  [ "$(sed -n 's/^motion: \([a-z]*\), \(.*\) s$/\1 \2/p' "$tmp/out.txt" |
       awk '{ printf "%s %.3f", $1, $2 }')" = "$1 $2" ] ||
    fail "the motion is '$(grep '^motion' "$tmp/out.txt")', expected $1 of $2 s"
}
resolve_line container "main scroll, rests on items, 10 rest positions, offsets -34 ... 2907"
# 1. A slow 54-pt drag goes back to card 0, with a spring.
resolve_line target -34 --release touch+54 --velocity 50
motion_is spring 0.712
# 2. A gentle fling from card 0 goes to card 1, never behind the release, which is 34 of the
# 327 points from card 0 to card 1.
resolve_line target 293 --release touch+34 --velocity 600
motion_is spring 0.860
grep -qx "rest position: 1, measured from 0 (+1)" "$tmp/out.txt" ||
  fail "gesture 2: the rest position"
grep -qx "item: 1 of section 0" "$tmp/out.txt" || fail "gesture 2: the item"
[ "$(sed -n 's/^progress at release: //p' "$tmp/out.txt")" = "$(python3 -c 'print(34 / 327)')" ] ||
  fail "gesture 2: the progress at release is not 34 / 327"
# 4. A hard fling from card 2 moves one page at most: card 3.
resolve_line target 947 --touch 620 --release touch+40 --velocity 8000
grep -qx "rest position: 3, measured from 2 (+1)" "$tmp/out.txt" ||
  fail "gesture 4: the rest position"
# Measured from a rest position the finger caught in flight: --reference.
resolve_line "rest position" "9, measured from 8 (--reference) (+1)" --touch 2580 \
  --release touch+30 --velocity 1200 --reference 8

# JSON and text against the library's own numbers, on several containers and releases.
# reference CONFIG CONTAINER TOUCH RELEASE VELOCITY SAMPLES: the tool's JSON against
# resolve_reference.py, and its text output's target against the JSON's.
reference() {
  touch_args=""
  [ "$3" = - ] || touch_args="--touch $3"
  # shellcheck disable=SC2086  # the touch arguments are words
  expect 0 "resolve --scroll $2 $touch_args --release $4 --velocity $5 --samples $6 $1" \
    "$tool" resolve --json --scroll "$2" $touch_args --release "$4" --velocity "$5" \
    --samples "$6" "$1"
  cp "$tmp/out.txt" "$tmp/resolve.json"
  python3 Tests/tool/resolve_reference.py "$library" "$1" "$2" "$3" "$4" "$5" "$6" \
    < "$tmp/resolve.json" || fail "resolve --json differs from the library (args above)"
  # shellcheck disable=SC2086
  run "$tool" resolve --scroll "$2" $touch_args --release "$4" --velocity "$5" "$1"
  json_target=$(python3 -c 'import json, sys; print(repr(json.load(sys.stdin)["target"]))' \
    < "$tmp/resolve.json" | sed 's/\.0$//')
  [ "$(sed -n 's/^target: //p' "$tmp/out.txt")" = "$json_target" ] ||
    fail "resolve: the text's target is not the JSON's ($json_target)"
}
reference examples-c/appstore.json 0 - touch+40 1500 7
reference examples-c/appstore.json 0 - touch-25 -300 3
reference examples-c/appstore.json main - touch+120 2500 5
reference examples-c/appstore.json main 400 380 -30 1
reference "$tmp/carousel.json" main - touch+54 50 11
reference "$tmp/carousel.json" main 2907 touch+28 1500 4
reference "$tmp/carousel.json" main -34 -100 0 2
sed 's/"duration": \([0-9]\)/"duration": 1\1/' "$tmp/resolve.json" > "$tmp/broken.json"
expect_failure "a wrong duration" python3 Tests/tool/resolve_reference.py "$library" \
  "$tmp/carousel.json" main -34 -100 0 2 < "$tmp/broken.json"

# Bad arguments: 2 with a message naming the option; refusals of the library: 1, naming it.
for args in "--scroll -1:--scroll" "--scroll x:--scroll" "--velocity nan:--velocity" \
  "--touch 1e200:--touch" "--release touch*2:--release" "--release 1e101:--release" \
  "--samples 0:--samples" "--samples 2.5:--samples" "--reference -1:--reference" \
  "--bogus:--bogus" "--velocity:--velocity" "--size 3x:--size" "--offset x=1:--offset" \
  "--touch 1e100 --release touch+1e100:--release"; do
  # shellcheck disable=SC2086
  expect 2 "resolve ${args%:*}" "$tool" resolve ${args%:*}
  grep -qe "${args#*:}" "$tmp/err.txt" || fail "resolve ${args%:*}: '$(head -n 1 "$tmp/err.txt")'"
done
for args in "--scroll 1:--scroll 1: section 1 does not scroll orthogonally" \
  "--scroll 7:--scroll 7: scroll container 7 does not exist" \
  "--scroll 0 --reference 99:--reference: reference_snap 99 is not a rest position"; do
  # shellcheck disable=SC2086
  expect 1 "resolve ${args%%:*}" "$tool" resolve ${args%%:*}
  grep -qF "snaplayout: resolve: ${args#*:}" "$tmp/err.txt" ||
    fail "resolve ${args%%:*}: '$(head -n 1 "$tmp/err.txt")'"
done
say "resolve: the carousel's cards, the library's numbers in JSON and text, bad arguments"

# --- 6. the default command with loops -----------------------------------------------------

# A looping main scroll (title, pinned header, background) holding a looping centred carousel
# whose cards have badges and scale; the same turned horizontal and right to left; a looping
# carousel beside one that does not loop and one too short to (which keeps its bounds); a
# looping flow layout.
cat > "$tmp/nested.json" <<'EOF'
{"version": 1, "environment": {"container": {"width": 390, "height": 600}},
 "configuration": {"scrolling": {"loop": true}, "interSectionSpacing": 10,
   "boundarySupplementaryItems": [{"elementKind": "title", "alignment": "top",
     "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 30}}}]},
 "sections": [
  {"itemCount": 6, "orthogonalScrollingBehavior": "groupPagingCentered",
   "orthogonalScrollingProperties": {"loop": true}, "interGroupSpacing": 10,
   "visibleItemEffects": {"scale": {"center": 1, "edge": 0.8}},
   "group": {"group": "horizontal",
     "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
     "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                  "heightDimension": {"fractionalHeight": 1}},
       "supplementaryItems": [{"elementKind": "badge",
         "containerAnchor": {"edges": ["top", "trailing"], "offset": {"x": 5, "y": -5}},
         "layoutSize": {"widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20}}}]}]},
   "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
     "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}}}]},
  {"itemCount": 12, "interGroupSpacing": 10, "decorationItems": [{"elementKind": "background"}],
   "group": {"group": "horizontal",
     "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
     "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                  "heightDimension": {"fractionalHeight": 1}}}]},
   "boundarySupplementaryItems": [{"elementKind": "sticky", "alignment": "top",
     "pinToVisibleBounds": true,
     "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 30}}}]}]}
EOF
loop=docs/pictures/configs/loop.json
python3 - "$tmp" "$loop" <<'EOF'
import json, os, sys
tmp, carousel = sys.argv[1], sys.argv[2]
def save(name, config):
    with open(os.path.join(tmp, name), "w") as f:
        json.dump(config, f)
def size(width, height):
    return {"widthDimension": width, "heightDimension": height}
FULL = {"fractionalHeight": 1}
with open(os.path.join(tmp, "nested.json")) as f:
    rtl = json.load(f)
rtl["environment"] = {"container": {"width": 600, "height": 500}, "layoutDirection": "rightToLeft"}
rtl["configuration"]["scrollDirection"] = "horizontal"
rtl["configuration"]["boundarySupplementaryItems"][0].update(
    alignment="leading", layoutSize=size({"absolute": 30}, FULL))
cards, rows = rtl["sections"]
cards["group"].update(group="vertical", layoutSize=size({"absolute": 200}, {"absolute": 120}))
cards["boundarySupplementaryItems"][0].update(
    alignment="leading", layoutSize=size({"absolute": 40}, FULL))
rows["group"].update(group="vertical", layoutSize=size({"absolute": 100}, FULL))
rows["boundarySupplementaryItems"][0].update(
    alignment="leading", layoutSize=size({"absolute": 30}, FULL))
save("rtl.json", rtl)
with open(carousel) as f:
    mixed = json.load(f)
looping = mixed["sections"][0]
plain = json.loads(json.dumps(looping))
del plain["orthogonalScrollingProperties"]
short = dict(json.loads(json.dumps(looping)), itemCount=1)
mixed["sections"] = [looping, plain, short]
mixed["environment"]["container"]["height"] = 800
save("mixed.json", mixed)
save("flow.json", {
    "version": 1, "environment": {"container": {"width": 390, "height": 500}},
    "configuration": {"scrolling": {"loop": True}},
    "flowLayout": {"itemSize": {"width": 120, "height": 90}, "minimumLineSpacing": 8,
                   "headerReferenceSize": {"width": 390, "height": 30},
                   "sectionHeadersPinToVisibleBounds": True},
    "sections": [{"itemCount": 14},
                 {"itemCount": 9, "decorationItems": [{"elementKind": "background"}]}]})
EOF
# table_is_json ARGS...: the table and --json of the same arguments list the same elements
# (the table in $tmp/table.txt, the JSON in $tmp/out.txt).
table_is_json() {
  expect 0 "snaplayout $*" "$tool" "$@"
  cp "$tmp/out.txt" "$tmp/table.txt"
  expect 0 "snaplayout --json $*" "$tool" --json "$@"
  python3 Tests/tool/compare_table_json.py "$tmp/table.txt" "$tmp/out.txt" ||
    fail "the table of 'snaplayout $*' is not its JSON"
}
for args in "$loop" "--offset 0=-3000.5 $loop" "--rect -2000,0,4000,264 --offset 0=1e9 $loop" \
  "--offset 0=5000 $tmp/nested.json" "--offset 0=-2000.25 $tmp/nested.json" \
  "--rect -400,-800,1200,2000 $tmp/nested.json" "$tmp/rtl.json" "--offset 0=777 $tmp/rtl.json" \
  "--rect -900,0,2000,500 --offset 0=-77 $tmp/rtl.json" \
  "--offset 1=50000 --offset 0=-3000 $tmp/mixed.json" "--offset 2=400 $tmp/mixed.json" \
  "$tmp/flow.json" "--rect 0,-700,390,1400 $tmp/flow.json" examples-c/appstore.json; do
  # shellcheck disable=SC2086  # the arguments are words
  table_is_json $args
done
# Without --rect, one lap of each loop, not the 2,049 laps a query of everything reaches: the
# carousel at 5000 is in lap 2 (5000 = 2 * 1932 + 1136), card 0 of that lap at 16 - 5000 +
# 2 * 1932; the looping carousel in the looping main scroll lists its six cards and badges once
# (with the title, its header, twelve rows, their background and pinned header: 28 elements).
table_is_json --offset 0=5000 "$loop"
grep -q ", 8 elements\$" "$tmp/table.txt" || fail "the carousel: $(head -n 1 "$tmp/table.txt")"
grep -Eq "^cell +cell +0 +0 +-1120\.00 +48\.00 +312\.00 +200\.00 +1 +1\.000 +2\$" \
  "$tmp/table.txt" || fail "card 0 of lap 2 is not at -1120 in copy 2"
[ "$(grep -c '"copy": 2}' "$tmp/out.txt")" -eq 6 ] || fail "the JSON's cards of lap 2"
table_is_json "$tmp/nested.json"
grep -q ", 28 elements\$" "$tmp/table.txt" || fail "nested loops: $(head -n 1 "$tmp/table.txt")"
# A viewport at rest on card 0 shows card 5 of the lap before: copy -1, the others 0.
table_is_json --rect 0,0,390,264 "$loop"
grep -Eq "^cell +cell +0 +5 +-306\.00 .* -1\$" "$tmp/table.txt" || fail "card 5 of copy -1"
grep -q '"item": 5, "frame": {"x": -306, .*"copy": -1}' "$tmp/out.txt" ||
  fail "the JSON's card 5 of copy -1"
# No copy other than 0, no copy column: the built-in layout's table is as it was.
expect 0 "the built-in layout" "$tool"
sed -n 4p "$tmp/out.txt" | grep -q "scale\$" || fail "a copy column without a loop"
# The comparison catches a wrong copy and a copy column left out.
table_is_json --rect 0,0,390,264 "$loop"
sed 's/ -1$/ -2/' "$tmp/table.txt" > "$tmp/broken.txt"
expect_failure "a wrong copy" python3 Tests/tool/compare_table_json.py "$tmp/broken.txt" \
  "$tmp/out.txt"
sed -e 's/ *copy$//' -e 's/ *-\{0,1\}[0-9]$//' -e "s/; copy: lap of a loop's content//" \
  "$tmp/table.txt" > "$tmp/broken.txt"
expect_failure "copies left out" python3 Tests/tool/compare_table_json.py "$tmp/broken.txt" \
  "$tmp/out.txt"
say "default command: with loops the table is its JSON, one lap without --rect, copies shown"
say "all tool checks passed ($(($(date +%s) - start)) s)"
