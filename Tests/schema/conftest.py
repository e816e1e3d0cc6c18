"""Shared setup of the schema tests: paths, the validator, the library as the oracle, a report.

Run by `make test-schema` (mk/schema.mk) with SNAPLAYOUT_LIBRARY set to the built library; the
Python package is imported from bindings/python/src and the hypothesis strategies from
bindings/python/tests.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
SCHEMA_FILE = REPO_ROOT / "schema" / "snaplayout-config.schema.json"
STRATEGIES_FILE = REPO_ROOT / "bindings" / "python" / "tests" / "strategies.py"
sys.path.insert(0, str(REPO_ROOT / "bindings" / "python" / "src"))

if not os.environ.get("SNAPLAYOUT_LIBRARY"):
    built = REPO_ROOT / "build" / "libsnaplayout.so.0"
    if built.exists():
        os.environ["SNAPLAYOUT_LIBRARY"] = str(built)

import jsonschema  # noqa: E402

from snaplayout import Layout, SnapLayoutError  # noqa: E402

# The Python package's hypothesis profile (bindings/python/tests/hypothesis_profile.py).
sys.path.insert(0, str(STRATEGIES_FILE.parent))
import hypothesis_profile  # noqa: E402

hypothesis_profile.load("snaplayout-schema")


# The hostile corpus nests groups 100 deep and arrays 255 deep; jsonschema validates them
# recursively, a few dozen frames a level (older versions more).
sys.setrecursionlimit(max(sys.getrecursionlimit(), 50_000))


def load_strategies() -> Any:
    """bindings/python/tests/strategies.py (hypothesis), imported from its file: that folder's
    other modules (its conftest, its tests) share names with these."""
    spec = importlib.util.spec_from_file_location("snaplayout_strategies", STRATEGIES_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_schema() -> Dict[str, Any]:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


VALIDATOR = jsonschema.Draft202012Validator(load_schema())


def schema_errors(instance: Any) -> List[str]:
    """What the schema says about `instance`, one line per error ([] when it validates)."""
    return [
        f"{error.json_path}: {error.message[:300]}"
        for error in sorted(VALIDATOR.iter_errors(instance), key=lambda e: list(e.path))
    ]


@dataclass
class Refusal:
    status: str
    message: str
    path: str


def library_verdict(text: bytes) -> Optional[Refusal]:
    """None when sl_layout_create accepts `text` (solving it, when it names a container)."""
    try:
        Layout.from_json(text).close()
    except SnapLayoutError as error:
        return Refusal(error.status, error.message, error.path or "")
    return None


#: Lines the tests add to the end of pytest's report (the shares, the exceptions).
REPORT: List[str] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if REPORT:
        terminalreporter.section("JSON Schema report")
        for line in REPORT:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def report() -> List[str]:
    return REPORT
