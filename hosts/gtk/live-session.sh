#!/bin/sh
# A session of real X input (run by scripts/test-gtk.sh on its Xvfb, $DISPLAY): xdotool moves
# the pointer, presses the button, keys and wheel buttons, and the X server delivers them to the
# demo's window as a person's would, through GTK's own controllers and frame clock. Each step
# lands on the same rest position however fast the machine is: the drag covers more than half
# a card (a gesture moves at most one), and keys and wheel notches count from where any motion
# in flight is going. Q then prints the state once everything is at rest.
#
#   hosts/gtk/live-session.sh DEMO OUTPUT
set -eu
demo=$1
output=$2
"$demo" --report > "$output" &
pid=$!
window=$(xdotool search --sync --name "SnapLayout in GTK 4" | head -n 1)
xdotool windowfocus --sync "$window" 2> /dev/null || true
sleep 0.3
# The banner carousel is at y 52 ... 272; drag it 200 points to the left: card 1.
xdotool mousemove --window "$window" 300 160 mousedown 1
for x in 290 280 260 240 220 200 180 160 140 120 100; do
  xdotool mousemove --window "$window" $x 160
  sleep 0.02
done
xdotool mouseup 1
sleep 0.3
# Right (the carousel under the pointer): card 2; the wheel to the right (button 7): card 3.
xdotool key Right
sleep 0.3
xdotool click 7
sleep 0.3
# A notch down (button 5) over the page: the main scroll moves viewport^(2/3) points.
xdotool mousemove --window "$window" 195 600 click 5
sleep 0.3
xdotool key q
wait $pid
