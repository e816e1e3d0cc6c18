"""Compares `snaplayout check` on the hostile corpus with Tests/Hostile/EXPECTED.

    python3 compare_expected.py EXPECTED RECORDS.jsonl REPORT.txt

RECORDS.jsonl is what `snaplayout check --json` printed for every Tests/Hostile/*.in file,
REPORT.txt what `snaplayout check` printed for the same files (in the same order). For each case
of EXPECTED (format: Tests/Hostile/README.md):

- SL_OK without solve-error: no record, and the line "FILE: ok";
- SL_OK with solve-error=POINTER: one SL_ECONFIG record at POINTER, container 390x844 (the
  default size: the case has no container of its own);
- SL_EPARSE L:C: one SL_EPARSE record with the library's line and column L:C, pointer "";
- SL_ECONFIG: one record with that pointer (a prefix with path-prefix), the message containing
  MESSAGE, and a line and column (check_locations verifies that they point at the value).

Every text line must be what the JSON record says, in the documented format
"FILE:LINE:COLUMN: POINTER: MESSAGE[ (container WxH)]", with the pointer left out when empty
and control characters written as \\n, \\t, \\r or \\xHH. Exits 1 with the differences.
"""

import json
import os
import sys


def tokens(line):
    """The tokens of a manifest line: bare words and quoted strings (as bytes)."""
    out, i, n = [], 0, len(line)
    while i < n:
        c = line[i : i + 1]
        if c in (b" ", b"\t"):
            i += 1
        elif c == b"#":
            break
        elif c == b'"':
            i += 1
            value = bytearray()
            while line[i : i + 1] != b'"':
                if line[i : i + 1] == b"\\":
                    e = line[i + 1 : i + 2]
                    if e == b"x":
                        value.append(int(line[i + 2 : i + 4], 16))
                        i += 4
                        continue
                    value += {b"\\": b"\\", b'"': b'"', b"n": b"\n", b"r": b"\r", b"t": b"\t"}[e]
                    i += 2
                else:
                    value += line[i : i + 1]
                    i += 1
            out.append(bytes(value))
            i += 1
        else:
            j = i
            while j < n and line[j : j + 1] not in (b" ", b"\t"):
                j += 1
            out.append(line[i:j])
            i = j
    return out


def expected_cases(path):
    cases = {}
    with open(path, "rb") as manifest:
        for raw in manifest:
            words = tokens(raw.rstrip(b"\n"))
            if not words:
                continue
            name, status, where, message, *options = words
            cases[name.decode()] = (status.decode(), where, message, options)
    return cases


def line_text(text):
    """The tool's one-line form of a string (tool_print_line_text)."""
    named = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
    return "".join(
        named.get(ch, "\\x%02x" % ord(ch)) if ord(ch) < 0x20 or ord(ch) == 0x7F else ch
        for ch in text)


def number(value):
    return str(int(value)) if float(value).is_integer() else repr(value)


def text_line(record):
    place = ":%d:%d" % (record["line"], record["column"]) if "line" in record else ""
    pointer = line_text(record["pointer"]) + ": " if record["pointer"] else ""
    container = ""
    if "container" in record:
        size = record["container"]
        container = " (container %sx%s)" % (number(size["width"]), number(size["height"]))
    return "%s%s: %s%s%s" % (
        line_text(record["file"]), place, pointer, line_text(record["message"]), container)


def main(manifest, records_path, report_path):
    cases = expected_cases(manifest)
    records = {}
    order = []
    with open(records_path, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            name = os.path.basename(record["file"])
            records.setdefault(name, []).append(record)
            order.append(record)
    with open(report_path, encoding="utf-8") as stream:
        report = stream.read().splitlines()
    problems = []
    ok_lines = {os.path.basename(line[: -len(": ok")]) for line in report if line.endswith(": ok")}
    error_lines = [line for line in report if not line.endswith(": ok")]
    wanted = [text_line(record) for record in order]
    if error_lines != wanted:
        for got, want in zip(error_lines, wanted):
            if got != want:
                problems.append("text line %r, expected %r" % (got, want))
                break
        if len(error_lines) != len(wanted):
            problems.append("%d error lines, %d records" % (len(error_lines), len(wanted)))
    for name, (status, where, message, options) in sorted(cases.items()):
        got = records.get(name, [])
        solve = [o[len(b"solve-error="):] for o in options if o.startswith(b"solve-error=")]
        if status == "SL_OK" and not solve:
            if got or name not in ok_lines:
                problems.append("%s: expected ok, got %r" % (name, got))
            continue
        if len(got) != 1:
            problems.append("%s: %d records, expected 1" % (name, len(got)))
            continue
        record = got[0]
        pointer = record["pointer"].encode()
        if solve:
            if record["status"] != "SL_ECONFIG" or pointer != solve[0] or \
                    record.get("container") != {"width": 390, "height": 844}:
                problems.append("%s: %r, expected a solve error at %r" % (name, record, solve[0]))
            continue
        if record["status"] != status:
            problems.append("%s: status %s, expected %s" % (name, record["status"], status))
        if message != b"-" and message not in record["message"].encode():
            problems.append("%s: message %r lacks %r" % (name, record["message"], message))
        if status == "SL_EPARSE" and where != b"-":
            line, column = (int(x) for x in where.split(b":"))
            if (record.get("line"), record.get("column"), pointer) != (line, column, b""):
                problems.append("%s: %r, expected %d:%d" % (name, record, line, column))
        elif status == "SL_ECONFIG":
            path = b"" if where == b"-" else where
            same = pointer.startswith(path) if b"path-prefix" in options else pointer == path
            if not same or "line" not in record or "column" not in record:
                problems.append(
                    "%s: %r, expected the pointer %r with a place" % (name, record, path))
    unknown = set(records) - set(cases)
    if unknown:
        problems.append("records of files EXPECTED does not list: %s" % sorted(unknown))
    if problems:
        for problem in problems[:20]:
            print("compare_expected: " + problem, file=sys.stderr)
        print("compare_expected: %d problems" % len(problems), file=sys.stderr)
        return 1
    counts = {}
    for status, _, _, options in cases.values():
        counts[status] = counts.get(status, 0) + 1
    print("compare_expected: %d cases as EXPECTED says (%s)" % (
        len(cases), ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
