"""Writing the corpus: every case's file and the manifest Tests/Hostile/EXPECTED
(scripts/gen-hostile-corpus.py).
"""

import os
import sys

from .caselist import cases
from .texts import CORPUS, CORPUS_LIMIT, FILE_LIMIT, MANIFEST


def quote(text):
    """A manifest token: bare when it is plain, else quoted with \\xHH escapes."""
    data = text.encode("utf-8")
    if data and all(0x21 <= b < 0x7f and b not in b'"\\#' for b in data):
        return text
    out = []
    for b in data:
        if b in b'"\\':
            out.append("\\" + chr(b))
        elif 0x20 <= b < 0x7f:
            out.append(chr(b))
        else:
            out.append(f"\\x{b:02x}")
    return '"' + "".join(out) + '"'


def quoted(text):
    """A manifest token that is always quoted (messages)."""
    token = quote(text)
    return token if token.startswith('"') else '"' + token + '"'


HEADER_TEXT = """\
# Expected answers of sl_layout_create for every file in Tests/Hostile (format: README.md).
# Written by scripts/gen-hostile-corpus.py; edit that script, then run it.
#
# NAME  STATUS  WHERE  MESSAGE  [OPTION...]  [# note]
"""


def main():
    if not os.path.isdir(CORPUS):
        sys.exit(f"run from the repository root ({CORPUS} not found)")
    total = 0
    names = set()
    lines = [HEADER_TEXT]
    last_category = None
    for category_name, name, data, status, where, message, options, note in cases:
        assert len(data) <= FILE_LIMIT, (name, len(data))
        total += len(data)
        names.add(name)
        with open(os.path.join(CORPUS, name), "wb") as file:
            file.write(data)
        if category_name != last_category:
            lines.append(f"\n# --- {category_name}\n")
            last_category = category_name
        where = "-" if where == "" else where
        plain = where == "-" or status == "SL_EPARSE"
        fields = [name, status, where if plain else quote(where),
                  "-" if message == "-" else quoted(message), *options]
        line = " ".join(fields)
        if note:
            line += "  # " + note
        lines.append(line + "\n")
    assert total <= CORPUS_LIMIT, total
    for stale in os.listdir(CORPUS):
        if stale.endswith(".in") and stale not in names:
            os.remove(os.path.join(CORPUS, stale))
    with open(MANIFEST, "w", encoding="utf-8") as file:
        file.write("".join(lines))
    counts = {}
    for c in cases:
        counts[c[0]] = counts.get(c[0], 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(f"{len(cases)} cases ({summary}); {total} bytes")


if __name__ == "__main__":
    main()
