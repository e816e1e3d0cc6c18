#!/usr/bin/env python3
"""Bytes of a library's code and data by area (docs/PERFORMANCE.md, "Size"): reads `nm -S` lines
whose names were demangled (`swift-demangle --simplified`) on stdin, and attributes each symbol
to the area whose sources define the type or function it belongs to: the engine
(Sources/SnapLayoutCore), the configuration reader (Sources/SnapLayoutConfig), the exports
(Sources/SnapLayout and the sl_* entry points), the Swift standard library, the Unicode tables,
and C (support.o and the rest). Prints `area<TAB>bytes` lines, largest first."""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final|static|"
    r"mutating|indirect)\s+)*(?:struct|enum|class|protocol|extension|func|let|var)\s+"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
PREFIX = re.compile(
    r"^(?:(?:implicit )?closure #\d+ (?:\([^)]*\) )?in |partial apply for |specialized |"
    r"generic specialization <[^>]*> of |merged |outlined (?:copy|destroy|retain|release|"
    r"consume|init with take|assign with (?:copy|take)) of |reabstraction thunk helper .* from |"
    r"protocol witness for |static |lazy protocol witness table (?:accessor|cache variable) "
    r"for type |type metadata (?:accessor|for) |value witness table for |variable initialization "
    r"expression of |one-time initialization (?:token|function) for |default argument \d+ of |"
    r"function signature specialization <[^>]*> of |property wrapper backing initializer of )"
)


def names(directory: str) -> set:
    found = set()
    for path in (ROOT / directory).glob("**/*.swift"):
        found.update(DECL.findall(path.read_text(encoding="utf-8")))
    return found


AREAS = [
    ("exports (SnapLayout)", names("Sources/SnapLayout")),
    ("configuration (SnapLayoutConfig)", names("Sources/SnapLayoutConfig")),
    ("engine (SnapLayoutCore)", names("Sources/SnapLayoutCore")),
]


STDLIB = re.compile(r"^_|^(?:Array|ContiguousArray|Dictionary|Set|String|Substring|Character|"
                    r"Unicode|Hasher|Int\d*|UInt\d*|Double|Float\d*|Bool|Optional|Range|"
                    r"ClosedRange|Slice|Sequence|Collection|Swift|Result|Never|Unmanaged|"
                    r"Unsafe\w*|Stride\w*|Zip\w*|Enumerated\w*|Lazy\w*|Repeated|"
                    r"FixedWidthInteger|BinaryInteger|Numeric)$")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def area(name: str) -> str:
    if name.startswith("sl_"):
        return "exports (SnapLayout)"
    if re.search(r"swift_stdlib|normData|nfc_|nfd_|_swift_stdlib", name):
        return "Unicode tables"
    # The first name the project's sources define owns the symbol (a closure, specialization or
    # outlined copy names its owner after its own words); else the standard library's.
    tokens = TOKEN.findall(name)
    for token in tokens:
        for label, defined in AREAS:
            if token in defined:
                return label
    if any(STDLIB.match(token) for token in tokens):
        return "Swift standard library"
    return "C and other"


totals: dict = {}
for line in sys.stdin:
    parts = line.rstrip("\n").split(" ", 3)
    if len(parts) < 4:
        continue
    try:
        size = int(parts[1], 16)
    except ValueError:
        continue
    label = area(parts[3])
    totals[label] = totals.get(label, 0) + size
for label, size in sorted(totals.items(), key=lambda item: -item[1]):
    print(f"{label}\t{size}")
