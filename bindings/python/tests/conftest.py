"""Shared setup: import the package from src/, find the library, common configurations."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # bindings/python
REPO_ROOT = PACKAGE_ROOT.parents[1]
SRC = PACKAGE_ROOT / "src"
HEADER = REPO_ROOT / "include" / "snaplayout.h"
APPSTORE_JSON = REPO_ROOT / "examples-c" / "appstore.json"
FIXTURES = REPO_ROOT / "Tests" / "Fixtures"

# `make test-wheels` runs this suite against an installed wheel: SNAPLAYOUT_TEST_INSTALLED names
# the directory the package must be imported from (a venv's site-packages), and the library is
# the package's own copy. Otherwise the package is imported from src/.
INSTALLED_IN = os.environ.get("SNAPLAYOUT_TEST_INSTALLED", "")

if INSTALLED_IN:
    if os.environ.get("SNAPLAYOUT_LIBRARY"):
        raise RuntimeError(
            "SNAPLAYOUT_TEST_INSTALLED tests the installed package with its own library: "
            "unset SNAPLAYOUT_LIBRARY"
        )
else:
    sys.path.insert(0, str(SRC))
    # `make test-python` sets SNAPLAYOUT_LIBRARY; a bare `pytest` in a checkout uses build/.
    if not os.environ.get("SNAPLAYOUT_LIBRARY"):
        built = REPO_ROOT / "build" / "libsnaplayout.so.0"
        if built.exists():
            os.environ["SNAPLAYOUT_LIBRARY"] = str(built)

import hypothesis_profile  # noqa: E402  (this folder is on sys.path: pytest's rootdir import)

hypothesis_profile.load("snaplayout")


def subprocess_env(**extra: str) -> Dict[str, str]:
    """The environment for a child Python that imports the package the tests import."""
    env = dict(os.environ)
    if not INSTALLED_IN:
        env["PYTHONPATH"] = os.pathsep.join([str(SRC)] + [p for p in [env.get("PYTHONPATH")] if p])
    env.update(extra)
    return env


def package_dir() -> Path:
    """The directory of the snaplayout package under test (src/snaplayout or the installed one)."""
    import snaplayout

    return Path(snaplayout.__file__).resolve().parent


def library_file() -> Path:
    """The library under test: $SNAPLAYOUT_LIBRARY, or the installed package's own copy."""
    if INSTALLED_IN:
        return package_dir() / "libsnaplayout.so.0"
    return Path(os.environ["SNAPLAYOUT_LIBRARY"]).resolve()


# Configurations with numbers worked out by hand.


def size(width: Dict[str, Any], height: Dict[str, Any]) -> Dict[str, Any]:
    return {"widthDimension": width, "heightDimension": height}


def fw(value: float) -> Dict[str, float]:
    return {"fractionalWidth": value}


def fh(value: float) -> Dict[str, float]:
    return {"fractionalHeight": value}


def absolute(value: float) -> Dict[str, float]:
    return {"absolute": value}


def estimated(value: float) -> Dict[str, float]:
    return {"estimated": value}


def grid_config(item_count: int = 100, row_height: float = 130, columns: int = 3) -> Dict[str, Any]:
    """examples-c/minimal.c: a 3-column grid of 130-pt rows (item 42 at 0, 1820 in 390 pt)."""
    return {
        "sections": [
            {
                "itemCount": item_count,
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(fw(1), absolute(row_height)),
                    "subitem": {"layoutSize": size(fw(1), fh(1))},
                    "count": columns,
                },
            }
        ]
    }


def carousel_config(behavior: str = "groupPaging", count: int = 6) -> Dict[str, Any]:
    """docs/SNAPPING.md's worked example: 6 groups 0.8 x 200 in 390 pt, 10 apart, 16-pt insets.

    Group width 312, stride 322, content 16 + 6 * 312 + 5 * 10 + 16 = 1954, bounds [0, 1564].
    """
    return {
        "environment": {"container": {"width": 390, "height": 844}},
        "sections": [
            {
                "itemCount": count,
                "orthogonalScrollingBehavior": behavior,
                "interGroupSpacing": 10,
                "contentInsets": {"leading": 16, "trailing": 16},
                "group": {
                    "group": "horizontal",
                    "layoutSize": size(fw(0.8), absolute(200)),
                    "subitems": [{"layoutSize": size(fw(1), fh(1))}],
                },
            }
        ],
    }


def list_config(item_count: int = 2000) -> Dict[str, Any]:
    """Tests/c/test_self_sizing.c: rows estimated at 44 pt, 8 apart, 10-pt insets, 390 x 844."""
    return {
        "environment": {"container": {"width": 390, "height": 844}},
        "sections": [
            {
                "itemCount": item_count,
                "interGroupSpacing": 8,
                "contentInsets": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10},
                "group": {
                    "group": "vertical",
                    "layoutSize": size(fw(1), estimated(44)),
                    "subitems": [{"layoutSize": size(fw(1), estimated(44))}],
                },
            }
        ],
    }


@pytest.fixture
def grid():  # type: ignore[no-untyped-def]
    from snaplayout import Layout

    with Layout(grid_config(), container_size=(390, 844)) as layout:
        yield layout


@pytest.fixture
def appstore_config() -> Dict[str, Any]:
    if not APPSTORE_JSON.exists():
        pytest.skip("examples-c/appstore.json is not in this checkout")
    return json.loads(APPSTORE_JSON.read_text())


@pytest.fixture
def appstore(appstore_config):  # type: ignore[no-untyped-def]
    from snaplayout import Layout

    with Layout(appstore_config) as layout:
        yield layout
