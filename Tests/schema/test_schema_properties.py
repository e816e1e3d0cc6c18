"""Properties: random valid configurations validate; one random change, same verdict.

The configurations come from bindings/python/tests/strategies.py (compositional layouts within
and beyond the fitting rules, flow layouts, scrolling settings). The second property changes one
thing in such a configuration — a number replaced by one at or just past one of the decoder's
bounds; any value replaced by such a number, a string, another type or a piece of the document;
a key added where it may or may not belong; a key removed — and asks the library and the schema:
the library accepts ⇒ the schema accepts; the library refuses ⇒ the schema refuses too, unless
refusals.py says why it cannot (refusals.disagreement).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Iterator, List, Tuple

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import jsonc  # noqa: E402
import refusals  # noqa: E402
from conftest import library_verdict, load_schema, load_strategies, schema_errors  # noqa: E402

strategies = load_strategies()

CONFIGS = st.one_of(
    strategies.compositional_configs(),
    strategies.compositional_configs(fitting=True),
    strategies.compositional_configs(huge=True),
    strategies.flow_configs(),
)


def verdicts(config: Any) -> Tuple[Any, List[str], bytes]:
    """The library's refusal (None: accepted) and the schema's errors, on the same text."""
    text = json.dumps(config).encode()
    return library_verdict(text), schema_errors(jsonc.loads(text)), text


@settings(max_examples=150)
@given(CONFIGS)
def test_valid_configurations_validate(config: Any) -> None:
    refusal, errors, text = verdicts(config)
    assert refusal is None, f"the strategy made a configuration the library refuses: {refusal}"
    assert errors == [], f"{text!r}\n" + "\n".join(errors)


@settings(max_examples=60)
@given(strategies.nonstandard_loops())
def test_a_loop_with_another_algorithm_is_refused_by_both(case: Any) -> None:
    # A loop takes the standard algorithm only (docs/SNAPPING.md, "Algorithms"): the library
    # refuses it at the loop's path, and the schema's if/then on the scrolling settings too.
    config, path = case
    refusal, errors, text = verdicts(config)
    assert refusal is not None and refusal.path == path, (refusal, text)
    assert refusals.category(refusal.message) == "structure", refusal
    assert errors, f"the schema accepts a loop with another algorithm: {text!r}"


# Values at the decoder's bounds (ConfigLimits.swift and the ranges of ConfigDecoder*.swift),
# just past them, of every JSON type, and strings the configuration knows.
BOUNDS = [
    0, -0.0, 5e-324, 1e-9, 9.9e-10, 1e-6, 9.9e-7, 0.001, 0.0009, 0.01, 0.0099, 0.5, 1, 1.5,
    1.0000001, 2, 3.0, 16, 16.000001, 60, 60.0001, 100, 100.00001, 1e6, 1000000.1, 1e7, 1e7 + 1,
    1e12, 1.0000001e12, -1, -1e12, -1.0000001e12, 1 - 1e-6, 1 - 1e-9, 0.9999999999, 10000, 10001,
    1000000, 1000001, 2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**63 - 1, 2**63, -(2**63), 1e300,
    float("inf"), float("-inf"), 100001, 67108865,
]
STRINGS = [
    "", "x", "horizontal", "vertical", "none", "page", "item", "group", "start", "center", "end",
    "fast", "normal", "top", "leading", "bottomTrailing", "round", "automatic", "groupPaging",
    "leftToRight", "trimSnaps", "uikitWillEndDragging", "a" * 256, "a" * 257, "\u00e9" * 129,
    "a\u0000b", "1",
]
OTHERS = [True, False, None, [], {}, [1], ["top"], {"x": 1}, {"fixed": 1}, {"absolute": 10}]


def nodes(value: Any, path: Tuple = ()) -> Iterator[Tuple[Tuple, Any]]:
    """(path, node) of every value in a document, the root first."""
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from nodes(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from nodes(child, path + (index,))


def at(document: Any, path: Tuple) -> Any:
    for token in path:
        document = document[token]
    return document


def schema_keys() -> List[str]:
    keys = {"$schema", "bogus"}
    for _, node in nodes(load_schema()):
        if isinstance(node, dict) and isinstance(node.get("properties"), dict):
            keys.update(node["properties"])
    return sorted(keys)


KEYS = schema_keys()


@st.composite
def changed(draw: st.DrawFn) -> Any:
    config = draw(CONFIGS)
    places = list(nodes(config))
    value = draw(
        st.one_of(
            st.sampled_from(BOUNDS),
            st.sampled_from(STRINGS),
            st.sampled_from(OTHERS),
            st.sampled_from([node for _, node in places]).map(copy.deepcopy),
        )
    )
    change = draw(st.sampled_from(("replace", "bound", "add", "remove")))
    numbers = [
        p for p, node in places if isinstance(node, (int, float)) and not isinstance(node, bool)
    ]
    if change == "bound" and numbers:  # a number at or just past one of the bounds
        path = draw(st.sampled_from(numbers))
        at(config, path[:-1])[path[-1]] = draw(st.sampled_from(BOUNDS))
    elif change in ("replace", "bound"):
        path = draw(st.sampled_from([p for p, _ in places if p]))
        at(config, path[:-1])[path[-1]] = value
    else:
        objects = [p for p, node in places if isinstance(node, dict) and (node or change == "add")]
        parent = at(config, draw(st.sampled_from(objects)))
        if change == "add":
            parent[draw(st.sampled_from(KEYS))] = value
        else:
            del parent[draw(st.sampled_from(sorted(parent)))]
    return config


@settings(max_examples=600)
@given(changed())
def test_one_change_same_verdict(config: Any) -> None:
    refusal, errors, text = verdicts(config)
    if refusal is None:
        assert errors == [], f"the library accepts it, the schema refuses it: {text!r}\n" + (
            "\n".join(errors)
        )
    elif refusal.status != "SL_EPARSE":
        problem = refusals.disagreement(refusal.message, bool(errors))
        assert problem is None, f"{problem}\nat {refusal.path} in {text!r}"
