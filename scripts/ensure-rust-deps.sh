#!/bin/sh
# Installs what the Rust binding (bindings/rust, mk/rust.mk) needs on a fresh Debian/Ubuntu
# machine: Debian's cargo and rustc (/usr/bin/cargo, /usr/bin/rustc). The binding uses no
# crate from crates.io, so nothing else is fetched. A rustup toolchain elsewhere on PATH does
# not count: `make test-rust` calls /usr/bin/cargo.
# Does nothing when both are already there.
set -eu

need=""
[ -x /usr/bin/cargo ] || need="$need cargo"
[ -x /usr/bin/rustc ] || need="$need rustc"
[ -z "$need" ] && exit 0

# shellcheck disable=SC2086
"$(dirname "$0")/apt-install.sh" --no-recommends $need
[ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] || {
  echo "ensure-rust-deps: /usr/bin/cargo or /usr/bin/rustc is still missing" >&2
  exit 1
}
