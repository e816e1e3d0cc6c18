"""Finding the library: $SNAPLAYOUT_LIBRARY, next to the package, the SONAME; version checks.

Each case runs in a child interpreter: a process loads the library once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict

import pytest

from conftest import SRC, library_file, subprocess_env

PROBE = (
    "import snaplayout\n"
    "from snaplayout import lowlevel\n"
    "try:\n"
    "    print('loaded', snaplayout.library_path(), snaplayout.library_version())\n"
    "except snaplayout.LibraryError as error:\n"
    "    print(type(error).__name__)\n"
    "    print(error)\n"
)


def run_probe(env: Dict[str, str], cwd: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, cwd=cwd, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def clean_env(**extra: str) -> Dict[str, str]:
    """No $SNAPLAYOUT_LIBRARY and no LD_LIBRARY_PATH unless given."""
    env = subprocess_env()
    env.pop("SNAPLAYOUT_LIBRARY", None)
    env.pop("LD_LIBRARY_PATH", None)
    env.update(extra)
    return env


def test_environment_variable_first(tmp_path: Path) -> None:
    out = run_probe(clean_env(SNAPLAYOUT_LIBRARY=str(library_file())), tmp_path)
    assert out.split() == ["loaded", str(library_file()), "0.1.0"]


def test_environment_variable_that_is_wrong_is_an_error(tmp_path: Path) -> None:
    # An explicit override is never silently replaced by another copy of the library.
    missing = tmp_path / "nowhere" / "libsnaplayout.so.0"
    out = run_probe(
        clean_env(SNAPLAYOUT_LIBRARY=str(missing), LD_LIBRARY_PATH=str(library_file().parent)),
        tmp_path,
    )
    assert out.startswith("LibraryNotFoundError")
    assert f"$SNAPLAYOUT_LIBRARY: {missing} (no such file)" in out
    assert "make lib" in out


def test_nothing_found_lists_every_place_tried(tmp_path: Path) -> None:
    out = run_probe(clean_env(), tmp_path)
    if out.startswith("loaded"):
        pytest.skip("libsnaplayout.so.0 is installed system-wide")
    assert out.startswith("LibraryNotFoundError")
    assert f"next to the package: {SRC / 'snaplayout' / 'libsnaplayout.so.0'} (no such file)" in out
    assert "the system loader (SONAME): libsnaplayout.so.0 (" in out


def test_soname_through_the_system_loader(tmp_path: Path) -> None:
    out = run_probe(clean_env(LD_LIBRARY_PATH=str(library_file().parent)), tmp_path)
    assert out.split() == ["loaded", "libsnaplayout.so.0", "0.1.0"]


def test_next_to_the_package(tmp_path: Path) -> None:
    package = tmp_path / "site" / "snaplayout"
    shutil.copytree(SRC / "snaplayout", package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(library_file(), package / "libsnaplayout.so.0")
    env = clean_env(LD_LIBRARY_PATH=str(library_file().parent))  # the SONAME would work too
    env["PYTHONPATH"] = str(tmp_path / "site")
    out = run_probe(env, tmp_path)
    assert out.split() == ["loaded", str(package / "libsnaplayout.so.0"), "0.1.0"]


def compile_library(tmp_path: Path, name: str, source: str) -> Path:
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    c_file = tmp_path / f"{name}.c"
    c_file.write_text(source)
    library = tmp_path / f"{name}.so"
    result = subprocess.run(
        [compiler, "-shared", "-fPIC", str(c_file), "-o", str(library)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.skip(f"cannot build a shared library: {result.stderr[:300]}")
    return library


def test_another_major_version_is_refused(tmp_path: Path) -> None:
    fake = compile_library(tmp_path, "major1", "int sl_version_number(void) { return 1002003; }\n")
    out = run_probe(clean_env(SNAPLAYOUT_LIBRARY=str(fake)), tmp_path)
    assert out.startswith("LibraryVersionError")
    assert "SnapLayout 1.2.3" in out and "needs major version 0" in out


def test_a_library_lacking_functions_is_refused(tmp_path: Path) -> None:
    fake = compile_library(tmp_path, "partial", "int sl_version_number(void) { return 1000; }\n")
    out = run_probe(clean_env(SNAPLAYOUT_LIBRARY=str(fake)), tmp_path)
    assert out.startswith("LibraryVersionError") and "lacks a function" in out


def test_another_library_is_refused(tmp_path: Path) -> None:
    other = compile_library(tmp_path, "other", "int something_else(void) { return 0; }\n")
    out = run_probe(clean_env(SNAPLAYOUT_LIBRARY=str(other)), tmp_path)
    assert out.startswith("LibraryVersionError") and "not a SnapLayout library" in out


def test_loading_twice() -> None:
    from snaplayout import LibraryError, lowlevel

    lib = lowlevel.library()
    assert lowlevel.load() is lib and lowlevel.load(lowlevel.library_path()) is lib
    with pytest.raises(LibraryError, match="already loaded"):
        lowlevel.load("/elsewhere/libsnaplayout.so.0")
    assert lowlevel.sl_version_number() == lowlevel.SL_VERSION_NUMBER  # module attributes
    with pytest.raises(AttributeError):
        lowlevel.sl_no_such_function
    assert "sl_layout_create" in dir(lowlevel)
