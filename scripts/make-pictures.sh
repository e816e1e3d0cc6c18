#!/bin/sh
# Draws every picture of docs/pictures/ with `snaplayout render`: an SVG and a PNG of each.
#
#   scripts/make-pictures.sh            regenerate docs/pictures/ (make pictures)
#   scripts/make-pictures.sh DIR        draw them into DIR instead (scripts/test-pictures.sh)
#   scripts/make-pictures.sh --list     print each picture's command line
#
# The list below is the only place a picture is defined: NAME, then the arguments of
# `build/snaplayout render`. docs/PICTURES.md shows them all.
set -eu
cd "$(dirname "$0")/.."

SNAPLAYOUT=${SNAPLAYOUT:-build/snaplayout}
CONFIGS=docs/pictures/configs
# The same fling on each behavior's carousel, drawn when it has come to rest.
FLING="--motion 0=touch+60:1500@100%"

pictures() {
  # The built-in App Store layout: the whole content, the viewport at the top.
  emit appstore --content --margin 120,24 \
    --title "App Store layout: the whole content and the viewport"
  # Its banner carousel (groupPagingCentered) 0.1 s into a fling from card 0 to card 1.
  emit appstore-carousel-motion --rect 0,0,390,280 --margin 150,12 \
    --motion 0=touch+40:1500@0.1 --title "App Store banner carousel, mid-fling"
  # One carousel of SNAPPING.md's worked examples per orthogonalScrollingBehavior.
  emit behavior-none --content --margin 180,12 \
    --title "orthogonalScrollingBehavior: none" "$CONFIGS/none.json"
  for behavior in continuous continuousGroupLeadingBoundary paging groupPaging \
      groupPagingCentered; do
    # shellcheck disable=SC2086
    emit "behavior-$behavior" --margin 180,12 $FLING \
      --title "orthogonalScrollingBehavior: $behavior" "$CONFIGS/$behavior.json"
  done
  # Sections that adapt to the container: Apple's AdaptiveSections with variants, two widths.
  for width in 390 1024; do
    emit "variants-$width" --size "${width}x560" --content --margin 120,12 \
      --title "section variants: $width pt wide" "$CONFIGS/variants.json"
  done
  # Pages of what fits: 100-pt cards 10 apart, groupsPerPage "fit", at two widths.
  for width in 390 500; do
    # shellcheck disable=SC2086
    emit "pages-fit-$width" --size "${width}x264" --margin 180,12 $FLING \
      --title "groupsPerPage: fit, $width pt wide" "$CONFIGS/pages-fit.json"
  done
  # A carousel that loops: groupPaging's carousel with "loop": true, flung back from card 0
  # (the fling above, the other way): across the seam to the last card's copy of the lap before.
  emit loop-seam --margin 180,12 --motion 0=touch-60:-1500@100% \
    --title "loop: true, a fling back across the seam" "$CONFIGS/loop.json"
}

mode=draw
out=docs/pictures
case "${1:-}" in
  --list) mode=list ;;
  -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
  "") ;;
  *) out=$1 ;;
esac

# emit NAME ARGS...: lists or draws one picture (NAME.svg and NAME.png).
emit() {
  name=$1
  shift
  if [ "$mode" = list ]; then
    printf '%s:' "$name"
    printf " '%s'" "$@"
    printf '\n'
    return
  fi
  "$SNAPLAYOUT" render "$@" -o "$out/$name.svg"
  "$SNAPLAYOUT" render "$@" --format png --zoom 2 -o "$out/$name.png"
  [ -n "${QUIET:-}" ] || echo "  $out/$name.svg, .png"
}

[ "$mode" = list ] || mkdir -p "$out"
pictures
