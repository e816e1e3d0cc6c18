"""The build backend (build_support/): `pip install` gives a package with the library inside.

The real `pip install --no-build-isolation` (offline, with this interpreter's setuptools) of a
copy of the checkout, imported from where pip put it with no $SNAPLAYOUT_LIBRARY; the wheel's
name, tags and files; the backend's refusals, called as a frontend calls it (its hooks, in a
child process run in the project directory). The library is supplied (the backend's
$SNAPLAYOUT_WHEEL_LIBRARY), so nothing is compiled here; `make test-wheels` builds wheels with
make and from an sdist.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Dict, Optional

import pytest

from conftest import PACKAGE_ROOT, REPO_ROOT, library_file
from snaplayout import _elf

CHECK = """
import pathlib, sys
import snaplayout
package = pathlib.Path(snaplayout.__file__).parent
assert package.parent == pathlib.Path(sys.argv[1]), package
assert (package / "py.typed").exists()
config = {"sections": [{"itemCount": 100, "group": {"group": "horizontal",
    "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 130}},
    "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                               "heightDimension": {"fractionalHeight": 1}}}, "count": 3}}]}
with snaplayout.Layout(config, container_size=(390, 844)) as layout:
    print(snaplayout.__version__, snaplayout.library_path(), layout.item_frame(0, 42))
"""


SCHEMA = "schema/snaplayout-config.schema.json"


def setuptools_major() -> int:
    try:
        import setuptools
    except ImportError:
        return 0
    return int(setuptools.__version__.split(".")[0])


def copy_checkout(tmp_path: Path) -> Path:
    """bindings/python with what the backend reads around it (so nothing is written in the
    source tree); returns the copy of bindings/python."""
    repo = tmp_path / "repo"
    project = repo / "bindings" / "python"
    shutil.copytree(
        PACKAGE_ROOT,
        project,
        ignore=shutil.ignore_patterns(
            "__pycache__", "build", "*.egg-info", ".pytest_cache", ".hypothesis", "tests"
        ),
    )
    for name in ("Makefile", "LICENSE"):
        shutil.copy(REPO_ROOT / name, repo / name)
    shutil.copytree(REPO_ROOT / "include", repo / "include")
    (repo / "schema").mkdir()
    schema = REPO_ROOT / SCHEMA
    if schema.is_file():
        shutil.copy(schema, repo / SCHEMA)
    else:  # before the schema exists, a stand-in: the backend copies whatever file is there
        (repo / SCHEMA).write_text('{"title": "a stand-in for the configuration\'s schema"}\n')
    return project


def build_env(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SNAPLAYOUT_LIBRARY")}
    env.pop("SNAPLAYOUT_WHEEL_LIBRARY", None)
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    env.update(extra)
    return env


def pip(*args: str, env: Dict[str, str]) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [sys.executable, "-m", "pip", *args], env=env, capture_output=True, text=True, timeout=600
    )
    if result.returncode != 0 and "No module named pip" in result.stderr:
        pytest.skip("pip is not available")
    return result


def test_pip_wheel_and_install_without_network(tmp_path: Path) -> None:
    # `--no-build-isolation` builds with this interpreter's setuptools, which must be >= 61.
    major = setuptools_major()
    if major == 0:
        pytest.skip("setuptools is not installed: --no-build-isolation cannot build")
    project = copy_checkout(tmp_path)
    env = build_env(SNAPLAYOUT_WHEEL_LIBRARY=str(library_file()))
    offline = ["--no-build-isolation", "--no-deps", "--no-index"]
    built = pip("wheel", *offline, "--wheel-dir", str(tmp_path / "wheels"), str(project), env=env)
    if major < 61:  # refused with a clear message rather than an empty package
        assert built.returncode != 0 and "needs setuptools >= 61" in built.stderr
        return
    assert built.returncode == 0, built.stdout + built.stderr

    # A platform wheel named after the library's machine, with the library and the license.
    machine = _elf.running_machine()
    wheel = tmp_path / "wheels" / f"snaplayout-0.2.0-py3-none-linux_{machine}.whl"
    assert [p.name for p in (tmp_path / "wheels").iterdir()] == [wheel.name]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert archive.read("snaplayout/libsnaplayout.so.0") == library_file().read_bytes()
        assert archive.getinfo("snaplayout/libsnaplayout.so.0").external_attr >> 16 & 0o777 == 0o755
        schema = (project.parents[1] / SCHEMA).read_bytes()
        assert archive.read("snaplayout/config.schema.json") == schema
        info = "snaplayout-0.2.0.dist-info"
        assert archive.read(f"{info}/licenses/LICENSE") == (REPO_ROOT / "LICENSE").read_bytes()
        metadata = archive.read(f"{info}/METADATA").decode()
        tags = archive.read(f"{info}/WHEEL").decode()
        record = archive.read(f"{info}/RECORD").decode()
    assert "snaplayout/py.typed" in names and "snaplayout/_elf.py" in names
    assert len(names) == len(set(names))
    headers = metadata.split("\n\n", 1)[0].splitlines()
    assert "License: MIT" in headers and "License-File: LICENSE" in headers
    assert 'Requires-Dist: pytest; extra == "test"' in headers
    assert f"Tag: py3-none-linux_{machine}" in tags and "Root-Is-Purelib: false" in tags
    assert sorted(line.split(",")[0] for line in record.splitlines()) == sorted(names)

    target = tmp_path / "site"
    installed = pip("install", *offline, "--target", str(target), str(wheel), env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    libs = library_file().parent.parent / "snaplayout.libs"
    if libs.is_dir():  # an installed wheel's copy: its json-c comes along (its RPATH)
        shutil.copytree(libs, target / "snaplayout.libs")
    check_env = build_env(PYTHONPATH=str(target))
    check_env.pop("LD_LIBRARY_PATH", None)
    imported = subprocess.run(
        [sys.executable, "-c", CHECK, str(target)],
        env=check_env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert imported.returncode == 0, imported.stderr
    version, path, frame = imported.stdout.strip().split(" ", 2)
    assert version == "0.2.0" and path == str(target / "snaplayout" / "libsnaplayout.so.0")
    assert frame == "Rect(x=0.0, y=1820.0, width=130.0, height=130.0)"


def call_backend(project: Path, hook: str, env: Dict[str, str], settings: Optional[str] = None):
    """Runs a hook of the backend in the project directory, as pip does; returns the result."""
    code = (
        "import sys, snaplayout_build\n"
        f"print(snaplayout_build.{hook}(sys.argv[1], {settings or 'None'}))\n"
    )
    if setuptools_major() < 61:
        pytest.skip("the backend needs setuptools >= 61")
    env = dict(env, PYTHONPATH=str(project / "build_support"))
    return subprocess.run(
        [sys.executable, "-c", code, str(project.parent / "out")],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_swift_toolchain_and_no_library_is_a_clear_error(tmp_path: Path) -> None:
    project = copy_checkout(tmp_path)
    result = call_backend(project, "build_wheel", build_env(SWIFTC="no-such-swiftc"))
    assert result.returncode != 0
    assert "BuildError: building the snaplayout wheel compiles libsnaplayout.so.0" in result.stderr
    assert "no-such-swiftc is not on PATH" in result.stderr
    assert "SNAPLAYOUT_WHEEL_LIBRARY=/path/to/libsnaplayout.so.0" in result.stderr


def test_a_library_supplied_is_checked(tmp_path: Path) -> None:
    project = copy_checkout(tmp_path)
    missing = tmp_path / "missing.so"
    result = call_backend(project, "build_wheel", build_env(SNAPLAYOUT_WHEEL_LIBRARY=str(missing)))
    assert result.returncode != 0
    given = "the library given ($SNAPLAYOUT_WHEEL_LIBRARY)"
    assert f"{given}: {missing} is not a file" in result.stderr

    # A relative path is taken from where the frontend was started ($PWD), not the project.
    relative = build_env(SNAPLAYOUT_WHEEL_LIBRARY="lib/missing.so", PWD=str(tmp_path))
    result = call_backend(project, "build_wheel", relative)
    assert f"{given}: {tmp_path / 'lib' / 'missing.so'} is not a file" in result.stderr

    text = tmp_path / "text.so"
    text.write_text("not a library")
    settings = f"{{'library': {str(text)!r}}}"
    result = call_backend(project, "build_wheel", build_env(), settings)
    assert result.returncode != 0
    assert (
        f"the library given (--config-settings library=): {text} is not an ELF shared library"
    ) in result.stderr


def test_the_wheel_is_tagged_with_the_library_machine(tmp_path: Path) -> None:
    # make wheels packs the aarch64 build on an x86_64 machine: the tag is the library's.
    project = copy_checkout(tmp_path)
    other, number = ("x86_64", 62) if _elf.running_machine() == "aarch64" else ("aarch64", 183)
    data = bytearray(library_file().read_bytes())
    data[18:20] = number.to_bytes(2, "little")
    foreign = tmp_path / "libsnaplayout.so.0"
    foreign.write_bytes(bytes(data))
    result = call_backend(project, "build_wheel", build_env(SNAPLAYOUT_WHEEL_LIBRARY=str(foreign)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == f"snaplayout-0.2.0-py3-none-linux_{other}.whl"


def test_the_versions_of_package_and_header_must_agree(tmp_path: Path) -> None:
    project = copy_checkout(tmp_path)
    header = project.parents[1] / "include" / "snaplayout.h"
    text = header.read_text()
    header.write_text(text.replace('SL_VERSION_STRING "0.2.0"', 'SL_VERSION_STRING "0.3.0"'))
    env = build_env(SNAPLAYOUT_WHEEL_LIBRARY=str(library_file()))
    for hook in ("build_wheel", "build_sdist"):
        result = call_backend(project, hook, env)
        assert result.returncode != 0
        assert (
            "bindings/python/pyproject.toml says version 0.2.0, include/snaplayout.h says 0.3.0"
        ) in result.stderr


def test_version_spellings() -> None:
    # The header's "0.2.0-rc1" is PEP 440's "0.2.0rc1", the version setuptools reports.
    path = PACKAGE_ROOT / "build_support" / "snaplayout_build" / "library.py"
    spec = importlib.util.spec_from_file_location("_snaplayout_build_library", path)
    assert spec is not None and spec.loader is not None
    library = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(library)
    assert library._normalized("0.2.0-rc1") == library._normalized("0.2.0rc1") == "0.2.0rc1"
    assert library._normalized("1.0.0") == "1.0.0" != library._normalized("1.0.1")
    assert library._normalized("0.2.0-rc1") != library._normalized("0.2.0")


def test_without_the_sources_around_it(tmp_path: Path) -> None:
    project = tmp_path / "python"
    shutil.copytree(PACKAGE_ROOT, project, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    env = build_env(SNAPLAYOUT_WHEEL_LIBRARY=str(library_file()))
    result = call_backend(project, "build_wheel", env)
    assert result.returncode != 0
    assert "cannot find SnapLayout's sources (Makefile, include/snaplayout.h)" in result.stderr
