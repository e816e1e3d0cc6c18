#!/usr/bin/env python3
"""Writes the hostile-input corpus: Tests/Hostile/*.in and the manifest Tests/Hostile/EXPECTED.

Every case is one file holding the exact bytes a host passes to sl_layout_create, and one
manifest line saying what the library must answer (format: Tests/Hostile/README.md). The
expectations are derived here from the documentation (docs/CONFIG.md, docs/C-API.md, the header)
and from json-c's grammar, never copied from the library's output: each syntax error's position
is computed from the bytes, each path from the document. Where a run disagreed, the case was
re-derived and either corrected (the notes say why) or kept, with a known-bug marker, as the
behaviour the library should have.

Run from the repository root:  python3 scripts/gen-hostile-corpus.py
It rewrites the corpus, removes *.in files it no longer makes, and needs only the standard
library. Tests/c/test_hostile.c runs the corpus (make build/tests/test_hostile).
The cases are in scripts/hostile/, one module a category (this file runs them in order).
"""


import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# The categories, in the manifest's order: importing one adds its cases.
from hostile import toplevel, syntax, truncated, types, nonfinite, numbers  # noqa: E402,F401
from hostile import counts, nesting, strings, utf8, keys, structure, extreme  # noqa: E402,F401
from hostile.writing import main  # noqa: E402


if __name__ == "__main__":
    main()
