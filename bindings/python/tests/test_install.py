"""`pip install` really installs the package: built offline, imported from where pip put it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PACKAGE_ROOT, library_file

CHECK = """
import pathlib, sys
import snaplayout
package = pathlib.Path(snaplayout.__file__).parent
assert package.parent == pathlib.Path(sys.argv[1]), package
assert (package / "py.typed").exists()
assert not (package / "libsnaplayout.so.0").exists()
config = {"sections": [{"itemCount": 100, "group": {"group": "horizontal",
    "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 130}},
    "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                               "heightDimension": {"fractionalHeight": 1}}}, "count": 3}}]}
with snaplayout.Layout(config, container_size=(390, 844)) as layout:
    print(snaplayout.__version__, snaplayout.library_path(), layout.item_frame(0, 42))
"""


def setuptools_major() -> int:
    try:
        import setuptools
    except ImportError:
        return 0
    return int(setuptools.__version__.split(".")[0])


def test_pip_install_without_network_and_import(tmp_path: Path) -> None:
    # `--no-build-isolation` builds with this interpreter's setuptools, which must be >= 61.
    major = setuptools_major()
    if major == 0:
        pytest.skip("setuptools is not installed: --no-build-isolation cannot build")
    # Build from a copy so that nothing is written into the source tree.
    source = tmp_path / "source"
    shutil.copytree(
        PACKAGE_ROOT,
        source,
        ignore=shutil.ignore_patterns(
            "__pycache__", "build", "*.egg-info", ".pytest_cache", ".hypothesis", "tests"
        ),
    )
    target = tmp_path / "site"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-build-isolation",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
            str(source),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode != 0 and "No module named pip" in result.stderr:
        pytest.skip("pip is not available")
    if major < 61:  # refused with a clear message rather than an empty package
        assert result.returncode != 0 and "needs setuptools >= 61" in result.stderr
        return
    assert result.returncode == 0, result.stdout + result.stderr
    env["PYTHONPATH"] = str(target)
    env["SNAPLAYOUT_LIBRARY"] = str(library_file())
    imported = subprocess.run(
        [sys.executable, "-c", CHECK, str(target)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert imported.returncode == 0, imported.stderr
    version, path, frame = imported.stdout.strip().split(" ", 2)
    assert version == "0.1.0" and path == str(library_file())
    assert frame == "Rect(x=0.0, y=1820.0, width=130.0, height=130.0)"
