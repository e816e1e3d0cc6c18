#!/bin/sh
# Copies the Swift toolchain's Embedded Unicode tables (libswiftUnicodeDataTables.a) for armhf or
# riscv64 with a hard-float label, after checking that the label changes nothing.
#
#   scripts/relabel-unicode-tables.sh TARGET ARCHIVE OUTPUT OBJECT...
#
# TARGET is armhf or riscv64, ARCHIVE the toolchain's archive (embedded/armv7-none-none-eabi or
# embedded/riscv64-none-none-eabi), OUTPUT the archive to write, OBJECT... the library's own
# objects (to check that everything they take from the tables is in OUTPUT).
#
# Why (docs/CROSS.md, "The Unicode tables"): the toolchain builds these archives for the soft-float
# ABI, Debian's armhf and riscv64 are hard-float, and the GNU linker refuses to mix the two. The
# two conventions differ only in how floating-point arguments and results travel (core or FP
# registers), so code whose functions take and return integers and pointers only runs the same
# under either label. The script keeps exactly the members of which that is shown:
#
#  - every global symbol a member defines, and every table function it calls, is on the list
#    below, written from the prototypes in Swift's UnicodeData.h (swiftlang/swift,
#    stdlib/public/SwiftShims/swift/shims/UnicodeData.h): integers and pointers only. A member
#    that defines anything else (_swift_stdlib_getNumericValue returns a double) is left out;
#  - anything else it calls is an integer helper of the compiler's runtime (division, unwinding);
#  - it does no floating-point arithmetic: riscv64, no F or D instruction at all; armhf, no VFP
#    or NEON instruction on a floating-point type (integer NEON is allowed and reported: the
#    armhf library then needs a CPU with NEON);
#  - its label is the soft-float one this script expects (riscv64: e_flags float ABI "soft";
#    armhf: no Tag_ABI_VFP_args).
#
# Then riscv64 members get the double-float ABI bit in e_flags (ELF header offset 48), armhf
# members lose their .ARM.attributes section (objects without one link with any other). Any
# surprise stops the build with a message. Needs the target's binutils (ar, nm, objdump, readelf,
# objcopy).
set -eu

fail() { echo "relabel-unicode-tables: $*" >&2; exit 1; }

[ $# -ge 4 ] || { echo "usage: $0 armhf|riscv64 ARCHIVE OUTPUT OBJECT..." >&2; exit 2; }
target=$1
archive=$2
output=$3
shift 3
case $target in
  armhf) gnu=arm-linux-gnueabihf ;;
  riscv64) gnu=riscv64-linux-gnu ;;
  *) fail "unknown target '$target' (armhf or riscv64; aarch64 has a single float ABI)" ;;
esac
[ -r "$archive" ] || fail "cannot read $archive"
for object in "$@"; do [ -r "$object" ] || fail "cannot read $object"; done
for tool in ar nm objdump readelf objcopy; do
  command -v "$gnu-$tool" >/dev/null 2>&1 || fail "$gnu-$tool not found (Debian: binutils-$gnu)"
done

# The tables' functions and data whose C declarations hold no floating-point type.
integer_only() {
  case $1 in
    # (scalar: uint32, levels: intptr, keys, ranks, sizes: pointers) -> intptr
    _swift_stdlib_getMphIdx) ;;
    # (scalar: uint32, bit arrays, ranks: pointers) -> intptr
    _swift_stdlib_getScalarBitArrayIdx) ;;
    # (scalar: uint32) -> uint16
    _swift_stdlib_getNormData | _swift_stdlib_getAge) ;;
    # (scalar: uint32) -> uint32
    _swift_stdlib_getDecompositionEntry) ;;
    # (x: uint32, y: uint32) -> uint32
    _swift_stdlib_getComposition) ;;
    # (scalar: uint32) -> uint8 or bool
    _swift_stdlib_getGraphemeBreakProperty | _swift_stdlib_isInCB_Consonant) ;;
    _swift_stdlib_isExtendedPictographic | _swift_stdlib_getWordBreakProperty) ;;
    _swift_stdlib_getNumericType | _swift_stdlib_getGeneralCategory | _swift_stdlib_getScript) ;;
    # (scalar: uint32) -> uint64
    _swift_stdlib_getBinaryProperties) ;;
    # (scalar: uint32) -> pointer
    _swift_stdlib_getNameAlias) ;;
    # (scalar: uint32, mapping: uint8) -> int32
    _swift_stdlib_getMapping) ;;
    # (scalar: uint32, mapping: uint8, length: pointer) -> pointer
    _swift_stdlib_getSpecialMapping) ;;
    # (scalar: uint32, buffer: pointer, capacity: intptr) -> intptr
    _swift_stdlib_getScalarName) ;;
    # (scalar: uint32, count: pointer) -> pointer
    _swift_stdlib_getScriptExtensions) ;;
    # (scalar: uint32, buffer: pointer) -> void
    _swift_stdlib_getCaseMapping) ;;
    # data: a table of bytes
    _swift_stdlib_nfd_decompositions) ;;
    *) return 1 ;;
  esac
}

# What a member may call besides the tables: integer helpers, the same under both labels.
integer_helper() {
  case $target:$1 in
    armhf:__aeabi_uidiv | armhf:__aeabi_uidivmod | armhf:__aeabi_idiv | armhf:__aeabi_idivmod) ;;
    armhf:__aeabi_uldivmod | armhf:__aeabi_ldivmod | armhf:__aeabi_unwind_cpp_pr[012]) ;;
    *:memcpy | *:memmove | *:memset | *:memcmp) ;;
    *) return 1 ;;
  esac
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/relabel-unicode-tables.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

archive_path=$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")
"$gnu-ar" t "$archive_path" >"$tmp/members"
duplicate=$(sort "$tmp/members" | uniq -d | head -n 1)
[ -z "$duplicate" ] || fail "$archive holds two members named $duplicate"
mkdir "$tmp/x"
(cd "$tmp/x" && "$gnu-ar" x "$archive_path")

# symbols OPTION FILE: the global symbols nm lists with OPTION (--defined-only or -u), one a line.
symbols() {
  "$gnu-nm" -g -P "$1" "$2" | awk '{ print $1 }' | LC_ALL=C sort -u
}

# bytes OFFSET COUNT FILE: COUNT bytes of FILE from OFFSET, in decimal, separated by spaces.
bytes() {
  od -An -tu1 -j"$1" -N"$2" "$3" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'
}

# le32 B0 B1 B2 B3: the little-endian 32-bit number of four bytes.
le32() {
  echo $(($1 + 256 * $2 + 65536 * $3 + 16777216 * $4))
}

# The members' instructions, one mnemonic a line.
mnemonics() {
  "$gnu-objdump" -d "$1" | awk -F '\t' 'NF >= 3 { split($3, word, " "); print word[1] }'
}

kept=""
left_out=""
notes=""
: >"$tmp/kept-symbols"
: >"$tmp/all-symbols"
while read -r member; do
  file=$tmp/x/$member
  symbols --defined-only "$file" | sed "s|\$| $member|" >>"$tmp/all-symbols"
  reason=""
  for symbol in $(symbols --defined-only "$file"); do
    if ! integer_only "$symbol"; then
      reason="it defines $symbol, whose prototype is not on this script's integer-only list"
      break
    fi
  done
  if [ -n "$reason" ]; then
    left_out="$left_out $member ($reason)"
    continue
  fi

  for symbol in $(symbols -u "$file"); do
    integer_only "$symbol" || integer_helper "$symbol" ||
      fail "$member calls $symbol, neither a table function on the integer-only list nor an" \
        "integer helper: check its prototype before adding it to $0"
  done

  case $target in
    riscv64)
      [ "$(bytes 0 6 "$file")" = "127 69 76 70 2 1" ] && [ "$(bytes 18 2 "$file")" = "243 0" ] ||
        fail "$member is not a little-endian ELF64 RISC-V object"
      # shellcheck disable=SC2046
      flags=$(le32 $(bytes 48 4 "$file"))
      # e_flags bits 1-2: the float ABI (0 soft, 2 single, 4 double); bit 3: RVE.
      [ $((flags & 14)) -eq 0 ] ||
        fail "$member has e_flags $flags, not the soft-float ABI this script relabels"
      fp=$(mnemonics "$file" | grep '^f' | grep -v '^fence' | sort -u | tr '\n' ' ')
      [ -z "$fp" ] || fail "$member holds floating-point instructions: $fp"
      printf "\\$(printf %03o $(((flags | 4) & 255)))" |
        dd of="$file" bs=1 seek=48 count=1 conv=notrunc 2>/dev/null
      "$gnu-readelf" -h "$file" | grep -q 'Flags:.*double-float ABI' ||
        fail "$member: the double-float label did not take"
      ;;
    armhf)
      "$gnu-readelf" -A "$file" >"$tmp/attributes"
      grep -q 'Tag_CPU_arch:' "$tmp/attributes" ||
        fail "$member has no build attributes: not the toolchain's soft-float object"
      if grep -q Tag_ABI_VFP_args "$tmp/attributes"; then
        fail "$member already states its float calling convention (Tag_ABI_VFP_args)"
      fi
      fp=$(mnemonics "$file" | grep -E '^v.*\.f(16|32|64)|^vcvt|^vsqrt|^vdiv' | sort -u |
        tr '\n' ' ')
      [ -z "$fp" ] || fail "$member does floating-point arithmetic: $fp"
      # VFP's own data moves apart, a v instruction is NEON (Advanced SIMD).
      neon=$(mnemonics "$file" | grep '^v' |
        grep -Ev '^v(ldr|str|mov|mov\.32|push|pop|ldm[a-z]*|stm[a-z]*|mrs|msr)$' | sort -u |
        tr '\n' ' ')
      [ -z "$neon" ] || notes="$notes $member uses NEON (${neon% });"
      "$gnu-objcopy" --remove-section=.ARM.attributes "$file"
      [ -z "$("$gnu-readelf" -A "$file")" ] || fail "$member: .ARM.attributes is still there"
      ;;
  esac
  kept="$kept $member"
  symbols --defined-only "$file" >>"$tmp/kept-symbols"
done <"$tmp/members"
[ -n "$kept" ] || fail "no member of $archive passed the checks"

# Whatever the library takes from the tables must be in the copy.
for object in "$@"; do
  for symbol in $(symbols -u "$object"); do
    member=$(awk -v name="$symbol" '$1 == name { print $2; exit }' "$tmp/all-symbols")
    [ -n "$member" ] || continue
    grep -qx "$symbol" "$tmp/kept-symbols" ||
      fail "$object needs $symbol from $member, which is left out:${left_out}"
  done
done

mkdir -p "$(dirname "$output")"
output_path=$(cd "$(dirname "$output")" && pwd)/$(basename "$output")
rm -f "$output_path"
# shellcheck disable=SC2086
(cd "$tmp/x" && "$gnu-ar" rcs "$output_path" $kept)
echo "relabel-unicode-tables: $target: hard-float copies of$kept in" \
  "$output${left_out:+; left out$left_out}${notes:+;$notes}"
