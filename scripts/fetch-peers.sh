#!/bin/sh
# Builds the benchmark's peer engines from what the machine's package registries provide
# (issue 19; docs/PERFORMANCE.md, "Peers"): Yoga, the flexbox engine of React Native, from the
# sources that the PyPI package poga 0.1.19 (Python bindings of Yoga, MIT) ships in its source
# distribution, checked by its SHA-256. Clay is in no registry this machine reaches (PyPI's
# "pyclay" is an unrelated web framework; Debian has no package), so it is not built.
#
#   scripts/fetch-peers.sh DIR   leaves DIR/yoga/*.h and DIR/libyoga.a (nothing if present)
set -eu

dir=${1:?usage: scripts/fetch-peers.sh DIR}
[ -f "$dir/libyoga.a" ] && exit 0

version=0.1.19
sha256=93a28fcf60a43fe53170c0b79763f81c906c8336691ad8f406db699696d78f7c
archive="$dir/poga-$version.tar.gz"
mkdir -p "$dir"
if [ ! -f "$archive" ]; then
  command -v pip3 >/dev/null 2>&1 || "$(dirname "$0")/apt-install.sh" python3-pip
  # The source distribution only: the wheels are the Python module, without Yoga's sources.
  pip3 download --quiet --no-deps --no-binary :all: --dest "$dir" "poga==$version"
fi
echo "$sha256  $archive" | sha256sum -c --quiet -

rm -rf "$dir/src" "$dir/yoga" "$dir/obj"
mkdir -p "$dir/src" "$dir/obj"
tar -xzf "$archive" -C "$dir/src"
cp -R "$dir/src/poga-$version/src/poga/deps/yoga" "$dir/yoga"
cp "$dir/src/poga-$version/LICENSE" "$dir/yoga/LICENSE.poga"

cxx=${CXX:-c++}
command -v "$cxx" >/dev/null 2>&1 || "$(dirname "$0")/apt-install.sh" g++
# Yoga's own release flags: optimised, assertions off; the layout unrounded (the benchmark sets
# the point scale factor to 0), as SnapLayout's frames are.
find "$dir/yoga" -name '*.cpp' | sort | while read -r source; do
  object="$dir/obj/$(echo "${source#"$dir/yoga/"}" | tr / _).o"
  "$cxx" -std=c++14 -O2 -DNDEBUG -I"$dir" -c "$source" -o "$object"
done
ar rcs "$dir/libyoga.a" "$dir"/obj/*.o
echo "Yoga from poga $version: $dir/libyoga.a"
