#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (docs/FUZZING.md): fuzz/corpus/config/ and
fuzz/corpus/api/. Python 3, standard library only; the output is the same on every run.

    python3 fuzz/gen-seeds.py

config/: the configurations of a selection of Tests/Fixtures/*.json (their "config", written
compactly, or their raw "configText"), examples-c/appstore.json, and a few of Tests/Hostile/*.in
as they are. The selection covers every part of the format once or twice, not every fixture: the
fuzzer finds the rest from there, and a small corpus keeps each replay quick.

api/: inputs of fuzz/fuzz_api.c: a first byte choosing its seed layout (0 ... 5) or, from 0xF0,
a configuration carried in the input (2-byte little-endian length, then the text), then
operations, each a byte (taken modulo the number of operations in fuzz_api.c) followed by
argument bytes. Arguments are drawn from a fixed pseudo-random sequence that favours small bytes,
which fuzz_api.c reads as valid indices and ordinary numbers.
"""
import json
import os
import random
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")

FIXTURES = [
    "apple-adaptive-sections-compact", "apple-conference-news-feed", "apple-grid",
    "apple-item-badge-supplementary", "apple-nested-groups", "apple-orthogonal-scroll-behavior",
    "apple-pinned-section-header-footer", "apple-section-decoration",
    "boundary-extending-items-stack", "display-scale-3-floor", "edge-spacing-flexible-distribution",
    "environment-content-insets", "flow-horizontal-card-carousel",
    "flow-item-sizes-justified-last-line-leading", "flow-right-to-left",
    "flow-section-inset-header-footer", "group-fit-loop-cyclic-subitems",
    "group-repeating-subitem-keeps-size", "inter-item-spacing-flexible-fractional-resolve",
    "item-content-insets-exceed-slot", "error-group-cannot-fit", "error-malformed-json",
    "error-nan-dimension", "error-unknown-key", "section-variants-wide",
]
HOSTILE = [
    "utf8-bom", "syntax-nul-in-value", "nonfinite-section-entry", "utf8-key-surrogate-high",
    "count-items-max-flow", "count-items-max-orthogonal-groupPagingCentered", "nesting-arrays-256",
    "truncated-in-comment-after-number", "key-duplicate-last-valid",
    "extreme-lenient-comments-commas-quotes", "extreme-estimated-denormal",
    "extreme-unsolvable-item-wider", "number-flow-itemSize-max",
    "structure-variants-wide-and-empty-last",
]
# Files of Tests/Fixtures beyond this size are left out: -max_len is 8 KiB, and big seeds slow
# every mutation.
MAX_SEED = 6000

# The number of operations in fuzz/fuzz_api.c's OPERATIONS table, and indices of a few.
OPERATION_COUNT = 33
OP = {"size": 0, "scroll": 1, "rect": 5, "resolve": 8, "motion": 9, "report": 15,
      "items": 19, "sections": 20, "handler": 21, "json": 23, "navigate": 27, "jump": 29,
      "input": 30, "loop": 31}


def reset(directory):
    path = os.path.join(CORPUS, directory)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def write(directory, name, data):
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def config_corpus():
    out = reset("config")
    for name in FIXTURES:
        with open(os.path.join(ROOT, "Tests", "Fixtures", name + ".json"), encoding="utf-8") as f:
            fixture = json.load(f)
        if "configText" in fixture:
            text = fixture["configText"].encode("utf-8")
        else:
            text = json.dumps(fixture["config"], separators=(",", ":")).encode("utf-8")
        if len(text) <= MAX_SEED:
            write(out, "fixture-" + name + ".json", text)
    with open(os.path.join(ROOT, "examples-c", "appstore.json"), "rb") as f:
        appstore = json.loads(f.read())
    write(out, "appstore.json", json.dumps(appstore, separators=(",", ":")).encode("utf-8"))
    for name in HOSTILE:
        path = os.path.join(ROOT, "Tests", "Hostile", name + ".in")
        if os.path.exists(path) and os.path.getsize(path) <= MAX_SEED:
            shutil.copyfile(path, os.path.join(out, "hostile-" + name + ".in"))


def argument_bytes(rng, count):
    # Mostly below 100: valid sections, items near the start, ordinary numbers.
    return bytes(rng.randrange(100) if rng.random() < 0.75 else rng.randrange(256)
                 for _ in range(count))


def operations(rng, count, favour=None):
    data = bytearray()
    for _ in range(count):
        if favour is not None and rng.random() < 0.5:
            op = OP[rng.choice(favour)]
        else:
            op = rng.randrange(OPERATION_COUNT)
        data.append(op)
        data += argument_bytes(rng, 12)
    return bytes(data)


def api_corpus():
    out = reset("api")
    rng = random.Random(20240601)
    plans = [
        ("mixed", None),
        ("scrolling", ["scroll", "resolve", "motion", "rect"]),
        ("self-sizing", ["report", "rect", "scroll"]),
        ("data-changes", ["items", "sections", "report", "rect"]),
        ("handlers-json", ["handler", "rect", "json", "size"]),
        ("navigation", ["navigate", "jump", "input", "motion", "rect", "sections", "loop"]),
    ]
    for seed in range(6):
        for plan, favour in plans:
            write(out, "seed%d-%s" % (seed, plan), bytes([seed]) + operations(rng, 40, favour))
    # A configuration carried in the input: the flow carousel fixture.
    with open(os.path.join(ROOT, "Tests", "Fixtures", "flow-right-to-left.json"),
              encoding="utf-8") as f:
        text = json.dumps(json.load(f)["config"], separators=(",", ":")).encode("utf-8")
    write(out, "inline-config-flow-rtl",
          bytes([0xF0]) + len(text).to_bytes(2, "little") + text + operations(rng, 40))


if __name__ == "__main__":
    config_corpus()
    api_corpus()
