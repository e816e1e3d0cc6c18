#!/usr/bin/env python3
"""Runs Tests/c/model_readers.c (built with ThreadSanitizer) and sorts TSan's reports
(docs/TESTING-MODEL.md, "Threads").

    tsan_readers.py PROGRAM [--threads N] CASE.json...

A report that known.TSAN_KNOWN lists (issue 16, defect 2: the measured-sizes cache written by
read-only functions) is counted, not fatal, until its fix lands; then the run fails with "known
bug fixed, remove it from the list". Any other report, or an answer that differs between
threads, fails the run. TSAN_OPTIONS from the environment are appended, so they win.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import known  # noqa: E402


def tool(given: str, name: str):
    if given and os.access(given, os.X_OK):
        return given
    return shutil.which(name)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    program, arguments = sys.argv[1], sys.argv[2:]
    logs = tempfile.mkdtemp(prefix="model-tsan.")
    options = f"log_path={logs}/tsan:halt_on_error=0:exitcode=66:history_size=4"
    symbolizer = tool(os.environ.get("SAN_SYMBOLIZER", ""), "llvm-symbolizer")
    if symbolizer:
        options += f":external_symbolizer_path={symbolizer}"
    if os.environ.get("TSAN_OPTIONS"):
        options += ":" + os.environ["TSAN_OPTIONS"]
    env = dict(os.environ, TSAN_OPTIONS=options)
    start = time.monotonic()
    result = subprocess.run([program] + arguments, env=env, capture_output=True, text=True)
    print(result.stdout, end="")
    print(result.stderr, end="", file=sys.stderr)
    demangle = tool(os.environ.get("SAN_DEMANGLE", ""), "swift-demangle")
    reports = []
    for name in sorted(os.listdir(logs)):
        with open(os.path.join(logs, name), errors="replace") as file:
            text = file.read()
        if demangle:
            text = (
                subprocess.run(
                    [demangle, "--simplified"], input=text, capture_output=True, text=True
                ).stdout
                or text
            )
        reports += [
            "WARNING: ThreadSanitizer:" + part
            for part in text.split("WARNING: ThreadSanitizer:")[1:]
        ]
    shutil.rmtree(logs, ignore_errors=True)
    failed = result.returncode not in (0, 66)
    seen = {}
    for report in reports:
        entry = next((k for k in known.TSAN_KNOWN if k.matches(report)), None)
        if entry is None:
            print("tsan_readers: an unknown ThreadSanitizer report:\n" + report, file=sys.stderr)
            failed = True
        else:
            seen[entry.name] = seen.get(entry.name, 0) + 1
    for entry in known.TSAN_KNOWN:
        if entry.name in seen:
            print(
                f"tsan_readers: known failure (defect {entry.defect}): {entry.name}: "
                f"{seen[entry.name]} reports"
            )
            first = next(r for r in reports if entry.matches(r))
            print("\n".join(first.splitlines()[:14]))
        else:
            print(
                f"tsan_readers: known bug fixed, remove it from the list: defect {entry.defect} "
                f"'{entry.name}' ({entry.what}) was not reported",
                file=sys.stderr,
            )
            failed = True
    print(f"tsan_readers: {len(reports)} reports, {time.monotonic() - start:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
