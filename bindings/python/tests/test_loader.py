"""Finding the library: $SNAPLAYOUT_LIBRARY, next to the package, the SONAME; version checks;
libraries of another architecture.

Each case runs in a child interpreter: a process loads the library once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, Optional, Tuple

import pytest

from conftest import INSTALLED_IN, REPO_ROOT, library_file, package_dir, subprocess_env
from snaplayout import _elf

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
    assert out.split() == ["loaded", str(library_file()), "0.2.0"]


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


def copy_package(tmp_path: Path, library: Optional[Path] = None) -> Path:
    """The package's Python files in tmp_path/site/snaplayout, with a library next to them or not.

    The child is given tmp_path/site as PYTHONPATH, so it imports this copy.
    """
    package = tmp_path / "site" / "snaplayout"
    shutil.copytree(
        package_dir(), package, ignore=shutil.ignore_patterns("__pycache__", "*.so*", "*.json")
    )
    if library is not None:
        shutil.copy(library, package / "libsnaplayout.so.0")
    return package


def site_env(tmp_path: Path, **extra: str) -> Dict[str, str]:
    env = clean_env(**extra)
    env["PYTHONPATH"] = str(tmp_path / "site")
    return env


def test_nothing_found_lists_every_place_tried(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    out = run_probe(site_env(tmp_path), tmp_path)
    if out.startswith("loaded"):
        pytest.skip("libsnaplayout.so.0 is installed system-wide")
    assert out.startswith("LibraryNotFoundError")
    assert f"next to the package: {package / 'libsnaplayout.so.0'} (no such file)" in out
    assert "the system loader (SONAME): libsnaplayout.so.0 (" in out
    assert "Install a snaplayout wheel" in out


def test_soname_through_the_system_loader(tmp_path: Path) -> None:
    copy_package(tmp_path)
    out = run_probe(site_env(tmp_path, LD_LIBRARY_PATH=str(library_file().parent)), tmp_path)
    assert out.split() == ["loaded", "libsnaplayout.so.0", "0.2.0"]


def test_next_to_the_package(tmp_path: Path) -> None:
    if INSTALLED_IN:  # the installed copy needs its json-c beside the package (its RPATH)
        pytest.skip("the installed package's own copy is tested by test_installed_package")
    package = copy_package(tmp_path, library_file())
    env = site_env(tmp_path, LD_LIBRARY_PATH=str(library_file().parent))  # the SONAME would work
    out = run_probe(env, tmp_path)
    assert out.split() == ["loaded", str(package / "libsnaplayout.so.0"), "0.2.0"]


@pytest.mark.skipif(not INSTALLED_IN, reason="tests an installed wheel (make test-wheels)")
def test_installed_package() -> None:
    # The package is the installed one, not src/, and the library its own copy, with the json-c
    # the wheel carries (auditwheel's snaplayout.libs/), not the system's.
    import snaplayout

    installed = Path(INSTALLED_IN).resolve()
    assert package_dir() == installed / "snaplayout", package_dir()
    assert not package_dir().is_relative_to(REPO_ROOT)
    assert "SNAPLAYOUT_LIBRARY" not in os.environ
    assert snaplayout.library_path() == str(installed / "snaplayout" / "libsnaplayout.so.0")
    assert snaplayout.library_version() == snaplayout.__version__
    mapped = {Path(line.split()[-1]) for line in open("/proc/self/maps") if "/" in line}
    json_c = sorted(path for path in mapped if path.name.startswith("libjson-c"))
    assert json_c and all(path.parent == installed / "snaplayout.libs" for path in json_c), json_c


def foreign_copy(tmp_path: Path) -> Tuple[Path, str]:
    """A copy of the library whose ELF header names another machine (aarch64, or x86_64 on an
    aarch64 host): the loader refuses it as it refuses a real library of that machine."""
    here = _elf.running_machine()
    other, number = ("x86_64", 62) if here == "aarch64" else ("aarch64", 183)
    data = bytearray(library_file().read_bytes())
    data[18:20] = number.to_bytes(2, "little")
    copy = tmp_path / "foreign" / "libsnaplayout.so.0"
    copy.parent.mkdir()
    copy.write_bytes(bytes(data))
    return copy, other


def test_another_architecture_is_named(tmp_path: Path) -> None:
    foreign, other = foreign_copy(tmp_path)
    here = _elf.running_machine()
    out = run_probe(clean_env(SNAPLAYOUT_LIBRARY=str(foreign)), tmp_path)
    assert out.startswith("LibraryNotFoundError")
    assert (
        f"$SNAPLAYOUT_LIBRARY: {foreign} is {_elf.with_article(other)} library, "
        f"this Python runs on {here}"
    ) in out


def test_another_architecture_next_to_the_package_stops_the_search(tmp_path: Path) -> None:
    # A wheel for another machine, installed anyway: its library is named, and the system's copy
    # (found here through LD_LIBRARY_PATH) is not loaded in its place.
    foreign, other = foreign_copy(tmp_path)
    package = copy_package(tmp_path, foreign)
    out = run_probe(site_env(tmp_path, LD_LIBRARY_PATH=str(library_file().parent)), tmp_path)
    assert out.startswith("LibraryNotFoundError"), out
    assert (
        f"{package / 'libsnaplayout.so.0'} is {_elf.with_article(other)} library, this Python "
        f"runs on {_elf.running_machine()}"
    ) in out
    assert "installed from a wheel for another machine" in out
    assert "the system loader" not in out


def test_elf_machine(tmp_path: Path) -> None:
    assert _elf.machine(library_file()) == _elf.running_machine()

    def header(elf_class: int, byte_order: int, machine: int) -> bytes:
        order = "little" if byte_order == 1 else "big"
        return (
            b"\x7fELF"
            + bytes([elf_class, byte_order, 1])
            + bytes(11)
            + (machine.to_bytes(2, order))
        )

    cases = {
        "x86_64": header(2, 1, 62),
        "aarch64": header(2, 1, 183),
        "armv7l": header(1, 1, 40),
        "i686": header(1, 1, 3),
        "riscv64": header(2, 1, 243),
        "ppc64le": header(2, 1, 21),
        "ppc64": header(2, 2, 21),
        "s390x": header(2, 2, 22),
        "ELF machine 258 (64-bit)": header(2, 1, 258),
        None: b"\x7fELF\x02\x01",  # truncated
    }
    for expected, data in cases.items():
        path = tmp_path / "elf"
        path.write_bytes(data)
        assert _elf.machine(path) == expected, (expected, data)
    (tmp_path / "text").write_text("#!/bin/sh\n" * 4)
    assert _elf.machine(tmp_path / "text") is None
    assert _elf.machine(tmp_path / "missing") is None
    assert header(3, 1, 62) and _elf.machine(tmp_path / "elf") is None  # still the truncated one
    (tmp_path / "bad-class").write_bytes(header(3, 1, 62))
    assert _elf.machine(tmp_path / "bad-class") is None
    assert [_elf.with_article(n) for n in ("aarch64", "x86_64", "riscv64", "i686", "ppc64le")] == [
        "an aarch64",
        "an x86_64",
        "a riscv64",
        "an i686",
        "a ppc64le",
    ]


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
