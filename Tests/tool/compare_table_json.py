"""Checks that the default command's table lists what its JSON lists, copy included.

    python3 compare_table_json.py TABLE JSON

TABLE is `snaplayout [options] CONFIG`'s output, JSON `snaplayout --json [options] CONFIG`'s,
with the same options. Row for row and in order: category, kind, section, item, the frame to
the table's two decimals, z index, scale to three (the JSON's "scale", 1 when left out) and
copy (the JSON's "copy", 0 when left out). The table has a copy column, and its legend says so,
exactly when some element's copy is not 0; the header line counts the rows. Kinds must be single
words of at most 12 bytes (the table's column). Exits 1 with the first difference.
"""

import json
import sys

COLUMNS = ["category", "kind", "section", "item", "x", "y", "width", "height", "z", "scale"]


def number(value, decimals):
    """As printf's %.Nf writes it, -0.00 as 0.00 (the JSON writes -0 as 0)."""
    text = f"{value:.{decimals}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def fail(message):
    print(f"compare_table_json: {message}", file=sys.stderr)
    sys.exit(1)


def json_rows(document):
    rows = []
    for e in document["elements"]:
        frame = e["frame"]
        rows.append(
            [e["category"], e["kind"], str(e["section"]), str(e["item"])]
            + [number(frame[k], 2) for k in ("x", "y", "width", "height")]
            + [str(e["zIndex"]), number(e.get("scale", 1), 3), str(e.get("copy", 0))]
        )
    return rows


def table_rows(lines):
    if len(lines) < 4 or lines[2] != "":
        fail("the table has no header, legend and blank line")
    header, legend, columns = lines[0], lines[1], lines[3].split()
    copies = columns == COLUMNS + ["copy"]
    if not copies and columns != COLUMNS:
        fail(f"unexpected columns: {columns}")
    if copies != legend.endswith("; copy: lap of a loop's content"):
        fail(f"the legend and the columns disagree about copies: {legend!r}, {columns}")
    rows = [line.split() for line in lines[4:]]
    for row in rows:
        if len(row) != len(columns):
            fail(f"a row of {len(row)} columns: {row}")
        row[4:8] = [number(float(v), 2) for v in row[4:8]]
        row[9] = number(float(row[9]), 3)
        if not copies:
            row.append("0")
    if not header.endswith(f", {len(rows)} elements"):
        fail(f"the header does not count {len(rows)} rows: {header!r}")
    return rows, copies


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        table, copies = table_rows(f.read().splitlines())
    with open(sys.argv[2], encoding="utf-8") as f:
        expected = json_rows(json.load(f))
    if len(table) != len(expected):
        fail(f"the table has {len(table)} elements, the JSON {len(expected)}")
    for index, (got, want) in enumerate(zip(table, expected)):
        if got != want:
            fail(f"element {index}: the table has {got}, the JSON {want}")
    if copies != any(row[-1] != "0" for row in expected):
        fail("a copy column without a copy other than 0, or copies without the column")


if __name__ == "__main__":
    main()
