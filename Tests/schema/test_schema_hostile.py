"""The hostile corpus (Tests/Hostile) through the schema: shared refusals, no false ones.

For each input the library's answer (sl_layout_create) is compared with the schema's verdict on
the document json-c reads from it (jsonc.py):

- every input the library accepts validates (FALSE_REFUSALS lists exceptions with reasons:
  none today);
- of the inputs it refuses for an unknown key, a wrong type or an out-of-range value, the
  schema refuses every one whose rule JSON Schema can express (refusals.INEXPRESSIBLE lists the
  others); the share is reported and must stay at or above FLOOR;
- refusals for a structure rule are shared too; refusals that only solving makes are not.
Texts json-c cannot read (SL_EPARSE) are no JSON value for a schema to judge.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, List, Optional

import jsonc
import refusals
from conftest import REPO_ROOT, Refusal, library_verdict, schema_errors

CORPUS = REPO_ROOT / "Tests" / "Hostile"
#: The share of in-scope refusals (unknown key, wrong type, out of range) the schema must
#: share; the rest are INEXPRESSIBLE cases (README of this test: docs/CONFIG.md).
FLOOR = 0.93
#: Inputs the library accepts that the schema may refuse, with the reason.
FALSE_REFUSALS: Dict[str, str] = {}


@dataclass
class Case:
    name: str
    refusal: Optional[Refusal]
    schema: List[str]  # the schema's errors ([]: valid); [] too when not JSON
    category: str  # "accepted", "syntax" or refusals.category(...)


def manual_cases() -> set:
    """Cases Tests/Hostile/EXPECTED runs only on request (minutes each)."""
    names = set()
    for line in (CORPUS / "EXPECTED").read_text(encoding="utf-8").splitlines():
        words = line.split("#")[0].split()
        if "manual" in words[2:] and words:
            names.add(words[0])
    return names


@lru_cache(maxsize=None)
def cases() -> List[Case]:
    skipped = manual_cases()
    result = []
    for path in sorted(CORPUS.glob("*.in")):
        if path.name in skipped:
            continue
        text = path.read_bytes()
        refusal = library_verdict(text)
        if refusal is not None and refusal.status == "SL_EPARSE":
            result.append(Case(path.name, refusal, [], "syntax"))
            continue
        errors = schema_errors(jsonc.loads(text))
        kind = "accepted" if refusal is None else refusals.category(refusal.message)
        result.append(Case(path.name, refusal, errors, kind))
    return result


def test_the_corpus_is_there() -> None:
    assert len(cases()) > 700


def test_accepted_inputs_validate() -> None:
    wrong = [
        f"{case.name}: {case.schema[0]}"
        for case in cases()
        if case.category == "accepted" and case.schema and case.name not in FALSE_REFUSALS
    ]
    assert wrong == [], "the library accepts these, the schema refuses them:\n" + "\n".join(wrong)
    stale = [n for n in FALSE_REFUSALS if not any(c.name == n and c.schema for c in cases())]
    assert stale == [], f"FALSE_REFUSALS lists inputs the schema now accepts: {stale}"


def test_refusals_are_shared() -> None:
    wrong = []
    for case in cases():
        if case.refusal is None or case.category == "syntax":
            continue
        problem = refusals.disagreement(case.refusal.message, bool(case.schema))
        if problem:
            wrong.append(f"{case.name} ({case.refusal.path}): {problem}")
    assert wrong == [], "\n".join(wrong)


def test_share_of_refusals(report: List[str]) -> None:
    by_category: Counter = Counter()
    shared: Counter = Counter()
    exceptions: Dict[str, List[str]] = defaultdict(list)
    for case in cases():
        by_category[case.category] += 1
        if case.schema and case.category not in ("accepted", "syntax"):
            shared[case.category] += 1
        elif case.category in refusals.IN_SCOPE:
            exceptions[refusals.inexpressible(case.refusal.message) or "?"].append(case.name)
    in_scope = sum(by_category[c] for c in refusals.IN_SCOPE)
    refused = sum(shared[c] for c in refusals.IN_SCOPE)
    share = refused / in_scope
    report.append(
        f"hostile corpus: {len(cases())} inputs; {by_category['syntax']} not JSON for json-c; "
        f"{by_category['accepted']} accepted by the library, "
        f"{by_category['accepted'] - len(FALSE_REFUSALS)} of them valid"
    )
    report.append(
        f"  unknown key, wrong type, out of range: the schema refuses {refused} of {in_scope} "
        f"({100 * share:.1f} %; floor {100 * FLOOR:.0f} %) — "
        + ", ".join(
            f"{c} {shared[c]}/{by_category[c]}" for c in refusals.IN_SCOPE
        )
    )
    for rule, names in sorted(exceptions.items()):
        report.append(f"    not refused, {rule} ({len(names)}): {' '.join(names)}")
    for kind in ("structure", "cross-field", "nesting", "solve"):
        report.append(f"  {kind}: the schema refuses {shared[kind]} of {by_category[kind]}")
    assert "?" not in exceptions
    assert share >= FLOOR
