"""The schema is valid draft 2020-12, and every configuration in the repository validates.

The library is the oracle: every text it accepts must validate. A text it refuses (an error
fixture) must be refused by the schema too when the schema can express the rule
(refusals.disagreement). configurations.py finds the texts.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import List

import jsonschema
import pytest

import configurations
import jsonc
import refusals
from conftest import SCHEMA_FILE, library_verdict, load_schema, schema_errors

CANDIDATES = configurations.everything()
OUTCOMES: Counter = Counter()


def test_the_schema_is_valid_draft_2020_12() -> None:
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:snaplayout:config-schema:1"
    jsonschema.Draft202012Validator.check_schema(schema)  # against the draft's metaschema
    # The committed file is plain JSON, as editors read it (no comments, no NaN).
    json.loads(SCHEMA_FILE.read_text(encoding="utf-8"), parse_constant=_refuse_constant)


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} in the schema")


def test_every_key_of_config_md_is_in_the_schema() -> None:
    """Each key in the first column of docs/CONFIG.md's key tables is a property somewhere."""
    text = (SCHEMA_FILE.parent.parent / "docs" / "CONFIG.md").read_text(encoding="utf-8")
    documented = set()
    header = ""
    for line in text.splitlines():
        if not line.startswith("|"):
            header = ""
            continue
        first = line.split("|")[1].strip()
        header = header or first  # a table's first row names its columns
        if header == "key" and first.startswith("`"):
            documented.update(k for k in first.split("`")[1::2] if k.isidentifier())
    properties = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("properties"), dict):
                properties.update(node["properties"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(load_schema())
    assert len(documented) > 60
    assert sorted(documented - properties) == []


def test_candidates_were_found() -> None:
    origins = Counter(c.origin.split("/")[0].split(":")[0] for c in CANDIDATES)
    # Fixtures, example files, doc blocks and the Python and C examples are all there.
    assert origins["Tests"] >= 100 and origins["docs"] >= 6 and origins["examples-c"] >= 2
    assert any(c.origin.startswith("README.md") and c.text.startswith(b"{") for c in CANDIDATES)
    assert any(c.origin.startswith("bindings/python/README.md") for c in CANDIDATES)
    assert any(c.fragment_key for c in CANDIDATES)


@pytest.mark.parametrize("candidate", CANDIDATES, ids=[c.origin for c in CANDIDATES])
def test_configuration(candidate: configurations.Candidate) -> None:
    assert candidate.text, "a Python dict with a \"sections\" key that is not a literal"
    if candidate.fragment_key is not None:
        check_fragment(candidate)
        return
    if candidate.origin.endswith("(printf format)"):
        OUTCOMES["printf formats, not checked"] += 1
        return
    refusal = library_verdict(candidate.text)
    if refusal is None:
        errors = schema_errors(jsonc.loads(candidate.text))
        assert errors == [], "the library accepts it, the schema refuses it:\n" + "\n".join(errors)
        OUTCOMES["accepted by the library, valid"] += 1
        return
    if refusal.status == "SL_EPARSE":
        OUTCOMES["not JSON (json-c), not judged"] += 1
        return
    # A refused text, be it an error fixture, a documented mistake or JSON that is not a
    # configuration: the schema refuses it too when it can express why.
    instance = jsonc.loads(candidate.text)
    errors = schema_errors(instance)
    problem = refusals.disagreement(refusal.message, bool(errors))
    assert problem is None, problem
    verdict = " and the schema" if errors else ", accepted by the schema"
    OUTCOMES["refused by the library" + verdict] += 1


def check_fragment(candidate: configurations.Candidate) -> None:
    members = jsonc.loads(b"{" + candidate.text + b"}")
    key = candidate.fragment_key
    for document in configurations.embeddings(key, members[key]):
        if library_verdict(json.dumps(document).encode()) is None:
            errors = schema_errors(document)
            assert errors == [], f"the library accepts {key!r} here, the schema refuses it:\n" + \
                "\n".join(errors)
            OUTCOMES["fragments placed in a configuration, valid"] += 1
            return
    pytest.fail(f"no place of a configuration takes {key!r} as the document shows it")


def test_report(report: List[str]) -> None:
    """Last in this file: what the texts above came to."""
    report.append(f"repository: {len(CANDIDATES)} texts: " + "; ".join(
        f"{count} {outcome}" for outcome, count in sorted(OUTCOMES.items())))
