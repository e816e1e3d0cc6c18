#!/bin/sh
# Checks that a library needs no glibc newer than a given version (2.17 by default: RHEL 7,
# Ubuntu 14.04, Yocto and Buildroot boards of the last decade). The Embedded Swift standard
# library would need arc4random_buf from glibc 2.36; support.c provides its own.
#
#   scripts/check-glibc.sh LIBRARY [OBJDUMP] [MAX_VERSION]
set -eu
library=$1
objdump=${2:-objdump}
max=${3:-2.17}
[ -r "$library" ] || { echo "check-glibc: cannot read $library" >&2; exit 2; }
needed=$("$objdump" -T "$library" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -u -V |
  tail -n 1)
highest=$(printf '%s\n%s\n' "$needed" "$max" | sort -V | tail -n 1)
if [ "$highest" != "$max" ]; then
  echo "check-glibc: $library needs GLIBC_$needed, newer than $max:" >&2
  "$objdump" -T "$library" | grep -F "GLIBC_$needed" >&2
  exit 1
fi
echo "check-glibc: $(basename "$library") needs GLIBC_$needed (at most $max)"
