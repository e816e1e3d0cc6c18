"""snaplayout.config_schema(): the packaged schema, else the source checkout's; a fresh dict."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import snaplayout
from conftest import REPO_ROOT, SRC, grid_config

SCHEMA_FILE = REPO_ROOT / "schema" / "snaplayout-config.schema.json"

PROBE = (
    "import snaplayout\n"
    "try:\n"
    "    print(snaplayout.config_schema()['title'])\n"
    "except FileNotFoundError as error:\n"
    "    print('FileNotFoundError:', error)\n"
)


def run_probe(package_parent: Path) -> str:
    """config_schema() in a child interpreter importing the package from `package_parent`."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={"PYTHONPATH": str(package_parent), "PATH": "/usr/bin:/bin"},
        cwd=package_parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def copy_package(destination: Path) -> Path:
    """A copy of the package's sources under `destination`, as an installation would have."""
    package = destination / "snaplayout"
    shutil.copytree(SRC / "snaplayout", package, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def test_from_the_source_checkout() -> None:
    schema = snaplayout.config_schema()
    assert schema == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:snaplayout:config-schema:1"
    assert "sections" in schema["required"]


def test_each_call_returns_a_new_dict() -> None:
    first = snaplayout.config_schema()
    first["$defs"].clear()
    first["title"] = "changed"
    second = snaplayout.config_schema()
    assert second["title"] != "changed" and second["$defs"]


def test_the_packaged_copy_comes_first(tmp_path: Path) -> None:
    # An installed package (a wheel) carries the schema as snaplayout/config.schema.json.
    package = copy_package(tmp_path / "site-packages")
    (package / "config.schema.json").write_text(json.dumps({"title": "the packaged copy"}))
    assert run_probe(package.parent) == "the packaged copy"


def test_neither_copy_is_a_clear_error(tmp_path: Path) -> None:
    package = copy_package(tmp_path / "site-packages")
    out = run_probe(package.parent)
    assert out.startswith("FileNotFoundError: the configuration's JSON Schema was not found")
    assert "snaplayout/config.schema.json (not in this installation)" in out


def test_a_layout_validates_against_it() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(snaplayout.config_schema())
    assert list(validator.iter_errors(grid_config())) == []
    wrong = grid_config()
    wrong["sections"][0]["itemcount"] = 3
    messages = [error.message for error in validator.iter_errors(wrong)]
    assert any("itemcount" in message for message in messages), messages
